"""Per-hand records of a simulated batch: a numpy structured array, summaries, files."""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from .errors import CardsimError


def flat_columns(array: np.ndarray) -> dict[str, np.ndarray]:
    """One 1-D column per scalar field; a per-seat field ``x`` becomes ``x_0, x_1, ...``."""
    columns: dict[str, np.ndarray] = {}
    for name in array.dtype.names or ():
        values = array[name]
        if values.ndim == 1:
            columns[name] = values
        else:
            for i in range(values.shape[1]):
                columns[f"{name}_{i}"] = values[:, i]
    return columns


#: Fields that name a seat or a suit: their mean means nothing, so summaries count them instead.
CATEGORICAL_FIELDS = ("dealer", "bidder", "maker", "trump", "lone_defender", "round", "exchanged", "last_trick",
                      "leader", "kind", "prize", "winner", "first_dealer")


def generic_summary(array: np.ndarray) -> dict[str, Any]:
    """Means of every numeric field (rates for flags), per seat where the field is per seat."""
    out: dict[str, Any] = {"hands": int(len(array))}
    if not len(array):
        return out
    for name in array.dtype.names or ():
        if name in CATEGORICAL_FIELDS:
            continue
        values = array[name]
        if values.dtype == np.bool_:
            out[f"{name}_rate"] = round(float(values.mean()), 6)
        elif values.ndim == 2:
            out[f"mean_{name}"] = [round(float(v), 4) for v in values.mean(axis=0)]
        else:
            out[f"mean_{name}"] = round(float(values.mean()), 4)
    return out


class HandRecords:
    """One record per hand of a batch, as a numpy structured array.

    ``records.array`` is the array itself (fields are documented by
    ``Game.record_fields``); indexing a ``HandRecords`` indexes the array.

    >>> from cardsim import Game
    >>> records = Game("two-hand-pinochle").simulate(200, seed=4, threads=1)
    >>> len(records), records.unit, records["score"].shape
    (200, 'hand', (200, 2))
    >>> summary = records.summary()
    >>> summary["hands"], summary["mean_score"] == [round(float(v), 4) for v in records["score"].mean(axis=0)]
    (200, True)
    >>> sorted(flat_columns(records.array))[:4]
    ['dealer', 'exchanged', 'last_trick', 'meld_0']
    """

    def __init__(self, array: np.ndarray, *, game: str, rules: Mapping, seed: int, policy: list[str],
                 summarize: Callable[[np.ndarray], dict] | None = None, unit: str = "hand") -> None:
        self.array = array
        self.unit = unit  # what one record is: a hand, or a whole game / tournament
        self.game = game
        self.rules = rules
        self.seed = seed
        self.policy = policy
        self._summarize = summarize

    def __len__(self) -> int:
        return len(self.array)

    def __getitem__(self, key: Any) -> Any:
        return self.array[key]

    @property
    def dtype(self) -> np.dtype:
        return self.array.dtype

    def summary(self) -> dict[str, Any]:
        """Aggregate figures of the batch (JSON-ready)."""
        out = {"game": self.game, "seed": self.seed, "policy": self.policy}
        out.update(generic_summary(self.array))
        if self.unit != "hand":  # the count is of games or tournaments; "hands" is their own field
            out = {(f"{self.unit}s" if k == "hands" else k): v for k, v in out.items()}
        if self._summarize is not None and len(self.array):
            out.update(self._summarize(self.array))
        return out

    def to_pandas(self):  # -> pandas.DataFrame
        """A DataFrame with one row per hand, per-seat fields as ``name_0 .. name_N``."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise CardsimError("to_pandas() needs pandas: pip install 'cardsim[pandas]'") from exc
        return pd.DataFrame(flat_columns(self.array))

    def save(self, path: str | Path) -> Path:
        """Write the records to ``.csv``, ``.npz`` or ``.parquet`` (needs pyarrow)."""
        path = Path(path)
        suffix = path.suffix.lower()
        try:
            if suffix == ".csv":
                self._save_csv(path)
            elif suffix == ".npz":
                np.savez_compressed(path, records=self.array, meta=json.dumps(self._meta()))
            elif suffix == ".parquet":
                self._save_parquet(path)
            else:
                raise CardsimError(f"cannot write {path.name!r}: the file must end in .csv, .npz or .parquet")
        except OSError as exc:
            raise CardsimError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from exc
        return path

    def _meta(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "policy": self.policy, "rules": dict(self.rules)}

    def _save_csv(self, path: Path) -> None:
        columns = flat_columns(self.array)
        with path.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(columns)
            writer.writerows(zip(*(col.astype(int).tolist() for col in columns.values())))

    def _save_parquet(self, path: Path) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError as exc:
            raise CardsimError("writing .parquet needs pyarrow: pip install 'cardsim[parquet]'") from exc
        table = pa.table(flat_columns(self.array))
        table = table.replace_schema_metadata({"cardsim": json.dumps(self._meta())})
        pq.write_table(table, path)
