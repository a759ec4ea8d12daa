"""Atomic file output: every file cardsim writes appears whole or not at all.

A writer gets a temporary file in the target's directory, named
``.cardsim-tmp-<pid>-<name>``; only when the writer finishes is it renamed over the
target (``os.replace``, atomic on one file system).  An error, Ctrl-C (SIGINT) or
SIGTERM (through :func:`handle_sigterm`) removes the temporary file and leaves the
previous target, if any, untouched.  What a SIGKILL or the out-of-memory killer
leaves behind keeps its recognisable name; :func:`sweep` (run by every
:func:`atomic_path` into that directory) removes such files once their process is
gone or they are older than :data:`STALE_AFTER_S`.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with atomic_path(folder / "x.txt") as tmp:
...     _ = tmp.write_text("whole")
>>> (folder / "x.txt").read_text(), sorted(p.name for p in folder.iterdir())
('whole', ['x.txt'])
"""
from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from pathlib import Path
from typing import Iterator

from .errors import CardsimError

PREFIX = ".cardsim-tmp-"
_TEMP_NAME = re.compile(r"\.cardsim-tmp-(\d+)-.+")
#: a temporary file this old is swept even if a process with its pid is running
STALE_AFTER_S = 24 * 3600
#: test-only switch: ``CARDSIM_TEST_PAUSE_WRITE=<marker file>`` makes :func:`pause_point`
#: create the marker and sleep, so that a test can interrupt a writer mid-file;
#: ``CARDSIM_TEST_PAUSE_STAGE`` picks where: ``write`` (after the first chunk, the default)
#: or ``finish`` (while the file is being completed, before the rename)
PAUSE_ENV = "CARDSIM_TEST_PAUSE_WRITE"
PAUSE_STAGE_ENV = "CARDSIM_TEST_PAUSE_STAGE"


class Interrupted(BaseException):
    """SIGTERM, raised like KeyboardInterrupt so that clean-up (``finally``) runs."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(signum)
        self.signum = signum


def temp_path(target: Path) -> Path:
    """The temporary name of ``target`` for this process: same directory, recognisable."""
    return target.with_name(f"{PREFIX}{os.getpid()}-{target.name}")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's live process (or a pid we cannot ask about): leave its file
    return True


def sweep(directory: Path, *, now: float | None = None) -> list[Path]:
    """Remove cardsim temporary files in ``directory`` left by dead processes (or stale ones).

    Returns what was removed; files that cannot be removed are left quietly.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.fullmatch(entry.name)
        if match is None:
            continue
        pid = int(match.group(1))
        try:
            if pid == os.getpid():
                continue
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_S
            if old or not _alive(pid):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def check_writable(target: Path) -> None:
    """Refuse a target that cannot be written, before any work: one line that says why."""
    text = str(target)
    if not text or text in (".", ""):
        raise CardsimError("cannot write '': give a file name")
    if target.name in ("", ".", ".."):
        raise CardsimError(f"cannot write {text!r}: give a file name, not a directory")
    if target.is_dir():
        raise CardsimError(f"cannot write {text!r}: it is a directory")
    parent = target.parent
    if not parent.is_dir():
        raise CardsimError(f"cannot write {text!r}: no directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CardsimError(f"cannot write {text!r}: directory {str(parent)!r} is not writable")
    if target.exists() and (not os.access(target, os.W_OK) or not target.stat().st_mode & 0o222):
        raise CardsimError(f"cannot write {text!r}: the file is read-only")


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it over ``target`` on success.

    On any exception (KeyboardInterrupt and :class:`Interrupted` included) the
    temporary file is removed, the target is left as it was, and the exception
    goes on.  An ``OSError`` becomes a one-line :class:`CardsimError`.
    """
    target = Path(target)
    check_writable(target)
    sweep(target.parent)
    tmp = temp_path(target)
    kept = "the previous file is untouched" if target.exists() else "nothing was written"
    try:
        yield tmp
        if not tmp.exists():
            raise CardsimError(f"cannot write {str(target)!r}: no output was produced; {kept}")
        if target.exists():
            with contextlib.suppress(OSError):
                import shutil  # here, not at start-up (it loads the compression modules)

                shutil.copymode(target, tmp)  # a replaced file keeps its permissions
        os.replace(tmp, target)
    except OSError as exc:
        _discard(tmp)
        raise CardsimError(f"cannot write {str(target)!r}: {exc.strerror or exc}; {kept}") from None
    except BaseException:
        _discard(tmp)
        raise


def _discard(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        tmp.unlink()


def write_text(target: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``target`` atomically (reports, JSON)."""
    target = Path(target)
    with atomic_path(target) as tmp:
        with tmp.open("w", encoding="utf-8") as fh:
            fh.write(text)
            pause_point()
    return target


def pause_point(stage: str = "write") -> None:
    """Test hook: with ``CARDSIM_TEST_PAUSE_WRITE=<marker>`` set, create the marker once and wait.

    Writers call it after part of a file is written (``stage`` "write") and while
    completing it ("finish"), so that tests can send a signal while the file is
    incomplete.  Does nothing when the variable is unset.
    """
    marker = os.environ.get(PAUSE_ENV)
    if not marker or getattr(pause_point, "done", False):
        return
    if stage != (os.environ.get(PAUSE_STAGE_ENV) or "write"):
        return
    pause_point.done = True  # type: ignore[attr-defined]
    Path(marker).write_text(str(os.getpid()))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(0.05)


@contextlib.contextmanager
def handle_sigterm() -> Iterator[None]:
    """Within the block SIGTERM raises :class:`Interrupted` (so clean-up runs); restored after."""
    def on_term(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
