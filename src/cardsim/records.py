"""Per-hand records of a simulated batch: a numpy structured array, summaries, files."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

from . import atomic
from .errors import CardsimError
from .summaries import CATEGORICAL_FIELDS, Summary, Tally, generic_summary  # noqa: F401 (re-exported)


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


class Summarizer:
    """The figures of :meth:`HandRecords.summary`, accumulated chunk by chunk.

    ``add(chunk)`` takes records in order; ``summary()`` gives exactly what one
    ``HandRecords`` of all of them gives (exact integer tallies, see cardsim.summaries).
    """

    def __init__(self, game: str, seed: int, policy: list[str], summarize: Callable[[np.ndarray], dict[str, Any]] | None,
                 unit: str = "hand") -> None:
        self.game, self.seed, self.policy, self.unit = game, seed, policy, unit
        self._summarize = summarize
        self._generic = Tally()
        self._tally = Tally()
        self._kept: list[np.ndarray] = []  # only for a summarize function that cannot be fed in chunks
        self.count = 0

    def add(self, chunk: np.ndarray) -> None:
        if not len(chunk):
            return
        generic_summary.add(self._generic, chunk)
        if isinstance(self._summarize, Summary):
            self._summarize.add(self._tally, chunk)
        elif self._summarize is not None:
            self._kept.append(chunk.copy())
        self.count += len(chunk)

    def summary(self) -> dict[str, Any]:
        out = {"game": self.game, "seed": self.seed, "policy": self.policy}
        out.update(generic_summary.finish(self._generic) if self.count else {"hands": 0})
        if self.unit != "hand":  # the count is of games or tournaments; "hands" is their own field
            out = {(f"{self.unit}s" if k == "hands" else k): v for k, v in out.items()}
        if self._summarize is not None and self.count:
            if isinstance(self._summarize, Summary):
                out.update(self._summarize.finish(self._tally))
            else:
                out.update(self._summarize(np.concatenate(self._kept)))
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

    def __init__(self, array: np.ndarray, *, game: str, rules: Mapping[str, Any], seed: int, policy: list[str],
                 summarize: Callable[[np.ndarray], dict[str, Any]] | None = None, unit: str = "hand",
                 hand_scores: np.ndarray | None = None, deals: np.ndarray | None = None,
                 histories: Any = None) -> None:
        self.array = array
        #: with ``histories=True``: every hand's actions (a cardsim.batch_histories.Histories)
        self.histories = histories
        #: hands with ``deals=True``: each hand's deal (cardsim.batch_deals.deals_dtype)
        self.deals = deals
        #: games with ``hand_scores=True``: one row per hand (cardsim.whole_game.hand_scores_dtype)
        self.hand_scores = hand_scores
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
        summarizer = Summarizer(self.game, self.seed, self.policy, self._summarize, self.unit)
        summarizer.add(self.array)
        return summarizer.summary()

    def to_pandas(self) -> pd.DataFrame:
        """A DataFrame with one row per hand, per-seat fields as ``name_0 .. name_N``."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise CardsimError("to_pandas() needs pandas: pip install 'cardsim[pandas]'") from exc
        return pd.DataFrame(flat_columns(self.array))

    def save(self, path: str | Path) -> Path:
        """Write the records to ``.csv``, ``.npz`` or ``.parquet`` (needs pyarrow), atomically:
        the file appears only when complete (see :mod:`cardsim.atomic`)."""
        with RecordWriter(path, self.array.dtype, self._meta()) as writer:
            writer.write(self.array)
        return writer.path

    def _meta(self) -> dict[str, Any]:
        return record_meta(self.game, self.seed, self.policy, self.rules)


def record_meta(game: str, seed: int, policy: list[str], rules: Mapping[str, Any]) -> dict[str, Any]:
    """What a records file says about its batch (npz ``meta``, parquet ``cardsim`` metadata)."""
    return {"game": game, "seed": seed, "policy": policy, "rules": dict(rules)}


def check_suffix(path: str | Path) -> str:
    """The known suffix of a records file (``.csv``, ``.npz``, ``.parquet``), or CardsimError."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in OUT_SUFFIXES:
        raise CardsimError(f"cannot write {path.name!r}: the file must end in .csv, .npz or .parquet")
    if suffix == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        raise CardsimError("writing .parquet needs pyarrow: pip install 'cardsim[parquet]'")
    return suffix


OUT_SUFFIXES = (".csv", ".npz", ".parquet")


class RecordWriter:
    """Records written chunk by chunk to ``.csv`` (rows appended), ``.parquet`` (one row
    group a chunk) or ``.npz`` (chunks spooled to a side file, zipped at the end).

    Used as a context manager: the file appears at ``path`` only when the block ends
    without an exception; otherwise nothing is left and a previous file is untouched.
    Memory does not depend on how many records are written.
    """

    def __init__(self, path: str | Path, dtype: np.dtype, meta: dict[str, Any]) -> None:
        self.path = Path(path)
        self.suffix = check_suffix(self.path)
        atomic.check_writable(self.path)
        self.dtype = np.dtype(dtype)
        self.meta = meta
        self.count = 0
        self._atomic: Any = None
        self._fh: Any = None
        self._csv: Any = None
        self._parquet: Any = None
        self._spool: Path | None = None

    def __enter__(self) -> "RecordWriter":
        self._atomic = atomic.atomic_path(self.path)
        self.tmp = self._atomic.__enter__()
        try:
            self._open()
        except BaseException as exc:
            self._close_handles()
            self._exit_atomic(exc)
            raise
        return self

    def _open(self) -> None:
        if self.suffix == ".csv":
            import csv  # (here, not at the top: most commands write no records)
            self._fh = self.tmp.open("w", newline="")
            self._csv = csv.writer(self._fh)
            self._csv.writerow(flat_columns(np.zeros(0, self.dtype)))
        elif self.suffix == ".npz":
            self._spool = self.tmp.with_name(self.tmp.name + ".spool")
            self._fh = self._spool.open("wb")
        else:
            pa, pq = _pyarrow()
            schema = pa.table(flat_columns(np.zeros(0, self.dtype))).schema
            schema = schema.with_metadata({"cardsim": json.dumps(self.meta)})
            self._schema = schema
            self._parquet = pq.ParquetWriter(self.tmp, schema)

    def write(self, chunk: np.ndarray) -> None:
        """Append records (an array of this writer's dtype)."""
        if chunk.dtype != self.dtype:
            raise CardsimError(f"records of dtype {chunk.dtype} cannot go in a file of {self.dtype}")
        if self.suffix == ".csv":
            columns = flat_columns(chunk)
            self._csv.writerows(zip(*(col.astype(int).tolist() for col in columns.values())))
        elif self.suffix == ".npz":
            self._fh.write(np.ascontiguousarray(chunk).tobytes())
        else:
            pa, _ = _pyarrow()
            self._parquet.write_table(pa.table(flat_columns(chunk), schema=self._schema))
        self.count += len(chunk)
        atomic.pause_point()

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        try:
            if exc is None:
                self._finish()
        except BaseException as error:
            self._close_handles()
            self._exit_atomic(error)
            raise
        self._close_handles()
        self._exit_atomic(exc)

    def _finish(self) -> None:
        if self.suffix == ".csv":
            self._fh.flush()
            atomic.pause_point("finish")
            self._fh.close()
        elif self.suffix == ".parquet":
            atomic.pause_point("finish")
            self._parquet.close()
        else:
            self._fh.close()
            self._zip_npz()

    def _zip_npz(self) -> None:
        """``records`` and ``meta`` as ``np.savez_compressed`` writes them, the records from the spool."""
        header = {"descr": np.lib.format.dtype_to_descr(self.dtype), "fortran_order": False,
                  "shape": (self.count,)}
        import shutil
        import zipfile
        assert self._spool is not None  # (a .npz is spooled)
        with zipfile.ZipFile(self.tmp, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
            with zf.open("records.npy", "w", force_zip64=True) as out, self._spool.open("rb") as spool:
                np.lib.format.write_array_header_2_0(out, header) if _needs_v2(header) else \
                    np.lib.format.write_array_header_1_0(out, header)
                shutil.copyfileobj(spool, out, 1 << 20)
                atomic.pause_point("finish")  # a zip without its directory yet
            with zf.open("meta.npy", "w") as out:
                np.lib.format.write_array(out, np.asarray(json.dumps(self.meta)), allow_pickle=False)

    def _close_handles(self) -> None:
        for handle in (self._fh, self._parquet):
            if handle is not None:
                try:
                    handle.close()
                except Exception:
                    pass
        if self._spool is not None:
            try:
                self._spool.unlink()
            except OSError:
                pass

    def _exit_atomic(self, exc: BaseException | None) -> None:
        atomic_ctx, self._atomic = self._atomic, None
        if atomic_ctx is None:
            return
        if exc is None:
            atomic_ctx.__exit__(None, None, None)
        else:
            try:
                atomic_ctx.__exit__(type(exc), exc, exc.__traceback__)
            except BaseException as raised:
                if raised is not exc:
                    raise


def _needs_v2(header: dict[str, Any]) -> bool:
    import io

    buffer = io.BytesIO()
    try:
        np.lib.format.write_array_header_1_0(buffer, header)
    except ValueError:
        return True
    return False


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise CardsimError("writing .parquet needs pyarrow: pip install 'cardsim[parquet]'") from exc
    return pa, pq
