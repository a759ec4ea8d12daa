"""One runner for every batch command: chunks of work run here, or on a Dask cluster.

A batch is cut into chunks, each a pure function of its arguments (chunk ``i`` of a
batch keyed by ``seed`` holds units ``start .. start + count``, each dealt from its own
stream ``(seed, index)``), so a chunk gives the same result wherever it runs.
:class:`Runner` hands the chunks out and gives the results back **in chunk order**:

* plainly (``Runner()``): each chunk runs in this process, the core using ``threads``;
* ``Runner(workers=N)``: a ``distributed.LocalCluster`` of ``N`` single-threaded worker
  processes on this machine, started here and shut down at the end;
* ``Runner(scheduler="tcp://host:8786")``: an existing Dask cluster (``dask scheduler`` and
  ``dask worker`` started by hand on several machines, docs/compare.md).

Results are reduced by the caller in chunk order, so the output is byte-identical
whatever the number of workers.  ``dask[distributed]`` is an optional extra:
``pip install 'cardsim[cluster]'``.
"""
from __future__ import annotations

import contextlib
import contextvars
import os
from collections import deque
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from .errors import CardsimError

#: how long to wait for a scheduler (and LocalCluster workers) before giving up
CONNECT_TIMEOUT_S = 5
#: chunks in flight per worker: enough to keep every worker busy, few enough that memory stays flat
IN_FLIGHT_PER_WORKER = 3


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise CardsimError("--scheduler and --workers need dask's distributed package: "
                           "pip install 'cardsim[cluster]'") from None
    return distributed


def check_cluster_options(scheduler: str | None, workers: int | None) -> None:
    """Refuse contradictory or malformed cluster options (one line), before any work."""
    if scheduler is not None and workers is not None:
        raise CardsimError("give --scheduler or --workers, not both: --workers starts a cluster on this machine")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, (int, np.integer))
                                or not 1 <= workers <= 1024):
        raise CardsimError(f"workers must be a whole number from 1 to 1024, got {workers!r}")
    if scheduler is not None:
        if not isinstance(scheduler, str) or "://" not in scheduler or not scheduler.split("://", 1)[1].strip():
            raise CardsimError(f"scheduler must be an address like tcp://HOST:8786, got {scheduler!r}")


class Runner:
    """Runs chunk functions locally or on Dask; a context manager (it owns any cluster it starts).

    ``map(fn, tasks)`` calls ``fn(*args, threads=...)`` for each tuple of ``args`` in
    ``tasks`` and yields the results in order.  Locally ``threads`` is this runner's
    thread count; on a cluster each task runs single-threaded on one worker (the
    workers are the parallelism).
    """

    def __init__(self, *, scheduler: str | None = None, workers: int | None = None,
                 threads: int | None = None) -> None:
        check_cluster_options(scheduler, workers)
        self.scheduler, self.workers = scheduler, workers
        self.threads = int(threads) if threads is not None else (os.cpu_count() or 1)
        self.client: Any = None
        self.cluster: Any = None

    @property
    def distributed(self) -> bool:
        return self.scheduler is not None or self.workers is not None

    def __enter__(self) -> "Runner":
        if not self.distributed:
            return self
        dist = _distributed()
        try:
            if self.workers is not None:
                self.cluster = dist.LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                                 dashboard_address=":0", silence_logs=50)
                self.client = dist.Client(self.cluster, timeout=f"{CONNECT_TIMEOUT_S}s")
            else:
                self.client = dist.Client(self.scheduler, timeout=f"{CONNECT_TIMEOUT_S}s")
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            where = self.scheduler if self.scheduler is not None else f"a LocalCluster of {self.workers} workers"
            detail = " ".join(str(exc).split()) or type(exc).__name__
            raise CardsimError(f"cannot reach the Dask scheduler at {where}: {detail}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for thing in (self.client, self.cluster):
            if thing is not None:
                try:
                    thing.close()
                except Exception:  # pragma: no cover - shutting down a broken cluster
                    pass
        self.client = self.cluster = None

    def worker_count(self) -> int:
        if self.client is None:
            return 1
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def map(self, fn: Callable[..., Any], tasks: Iterable[Sequence[Any]]) -> Iterator[Any]:
        """``fn(*args, threads=...)`` for each ``args``, results in the order of ``tasks``."""
        if self.client is None:
            for args in tasks:
                yield fn(*args, threads=self.threads)
            return
        window = IN_FLIGHT_PER_WORKER * self.worker_count()
        pending: deque[Any] = deque()
        todo = iter(tasks)
        try:
            for args in todo:
                pending.append(self.client.submit(fn, *args, threads=1, pure=False))
                if len(pending) >= window:
                    yield self._result(pending.popleft())
            while pending:
                yield self._result(pending.popleft())
        finally:
            for future in pending:
                future.cancel()

    def _result(self, future: Any) -> Any:
        try:
            return future.result()
        except CardsimError:
            raise
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            detail = " ".join(str(exc).split()) or type(exc).__name__
            raise CardsimError(f"the Dask cluster could not run a chunk: {type(exc).__name__}: {detail} "
                               f"(every machine, the scheduler's included, needs the same cardsim)") from None


def chunk_ranges(n: int, step: int, first: int = 0) -> Iterator[tuple[int, int]]:
    """``(start, count)`` of the chunks of ``n`` units of ``step`` each, from chunk ``first``."""
    for start in range(first * step, n, step):
        yield start, min(step, n - start)


# -- the records of a range of units ------------------------------------------------------
def records_range(the_game: Any, start: int, count: int, *, policies: list[str], seed: int, threads: int,
                  unit: str = "hand") -> np.ndarray:
    """Records of units ``start .. start + count`` of the batch keyed by ``seed``, the same
    values as those records of one ``Game.simulate`` batch (unit ``i`` is keyed by ``(seed, i)``)."""
    dtype, _, _ = the_game._unit(unit)
    out = np.zeros(count, dtype=dtype)
    chunk_fn, core_step = the_game._chunk(unit, policies)  # PIMC and oracle seats too
    for offset in range(0, count, core_step):
        chunk_fn(the_game.rules, seed, start + offset, out[offset:offset + core_step], policies, threads)
    if the_game._engine.view_dtype is not None:
        out = out.view(the_game.unit_dtype(unit))
    return out


_GAMES: dict[tuple[str, str], Any] = {}


def game_for(game: str, rules: dict[str, Any]) -> Any:
    """``Game(game, **rules)``, made once per process (workers reuse it across chunks)."""
    from .game import Game

    key = (game, repr(sorted(rules.items())))
    if key not in _GAMES:
        if len(_GAMES) > 64:
            _GAMES.clear()
        _GAMES[key] = Game(game, **rules)
    return _GAMES[key]


def simulate_range(game: str, rules: dict[str, Any], unit: str, seed: int, start: int, count: int,
                   policies: list[str], *, threads: int) -> np.ndarray:
    """:func:`records_range` as a chunk that runs anywhere (the rules as a plain dict)."""
    return records_range(game_for(game, rules), start, count, policies=policies, seed=seed, threads=threads,
                         unit=unit)


# -- a runner for code that samples in chunks (bid odds) -------------------------------------
_ACTIVE: contextvars.ContextVar[Runner | None] = contextvars.ContextVar("cardsim_runner", default=None)


def active_runner() -> Runner | None:
    """The runner set by :func:`using` (``cardsim bid --workers``), or None: run here."""
    return _ACTIVE.get()


@contextlib.contextmanager
def using(scheduler: str | None = None, workers: int | None = None) -> Iterator[Runner | None]:
    """Within this block, chunked sampling (bid odds) runs on the cluster these options name
    (nothing changes when both are None)."""
    if scheduler is None and workers is None:
        yield None
        return
    with Runner(scheduler=scheduler, workers=workers) as runner:
        token = _ACTIVE.set(runner)
        try:
            yield runner
        finally:
            _ACTIVE.reset(token)


def call_chunk(run: Callable[[int, int], Any], start: int, count: int, *, threads: int) -> Any:
    """``run(start, count)``: a closure's chunk as a runner task (its thread count is its own)."""
    return run(start, count)


def call_trials(trials: Callable[[np.ndarray], Any], ids: np.ndarray, *, threads: int) -> Any:
    """``trials(ids)``: a conditioned bid-odds run's trials as a runner task (cardsim.odds_conditions)."""
    return trials(ids)


def cluster_chunks(the_game: Any, n: int, *, policies: list[str], seed: int, unit: str, step: int,
                   scheduler: str | None, workers: int | None,
                   progress: Callable[[int, int], None] | None = None) -> Iterator[np.ndarray]:
    """The records of ``Game.simulate(n, ...)`` in chunks of ``step``, made on a Dask cluster
    (``Game.simulate(..., scheduler=... / workers=...)``); the cluster lives as long as the iterator."""
    with Runner(scheduler=scheduler, workers=workers) as runner:
        tasks = ((the_game.name, the_game.rules.to_dict(), unit, seed, start, count, policies)
                 for start, count in chunk_ranges(n, step))
        done = 0
        for records in runner.map(simulate_range, tasks):
            done += len(records)
            if progress is not None:
                progress(done, n)
            yield records
