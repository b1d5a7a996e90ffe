"""All-or-nothing exports: write into a staging folder, then move every export in, or none.

The staging folder lives inside the output folder, so each move is a rename on one file system
(even when the output folder is a mount point) and a leftover is hidden there, not next to it.
Only the exports are replaced; anything else in the output folder (a `.gitignore`, notes) stays.

The moves are a small transaction. Once every export is written, a journal naming them goes into the
staging folder: from then on the new exports are complete and the move only ever goes forward. Each
export's old version is renamed aside (into the staging folder) before the new one is renamed in, so a
move that fails (a file that cannot be replaced) is rolled back, and a build killed during the moves
(`kill -9`, a power cut) is finished by the next build, which finds the journal (`finish_moves`).
A staging folder without a journal is what a build stopped earlier left, and is deleted. A live build
holds a lock on its staging folder, so that another build into the same folder leaves it alone.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import OutputError
from ..layout import MANIFEST_FILE

STAGING_PREFIX = ".paperkg-staging-"
JOURNAL = ".moves.json"  # in a staging folder: the exports to move in, written once all are complete
ASIDE = ".replaced"  # in a staging folder: the exports moved out of the way
LOCK = ".lock"  # in a staging folder: held (flock) while its build runs
HELD_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP until the block ends: none of them can stop it half-way."""
    if threading.current_thread() is not threading.main_thread():
        yield  # Python runs handlers in the main thread only, so nothing interrupts this one
        return
    held: list[signal.Signals] = []
    previous = {sig: signal.signal(sig, lambda number, _: held.append(signal.Signals(number))) for sig in HELD_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for sig in held:
            signal.raise_signal(sig)


def move_one(staging: Path, out: Path, name: str) -> None:
    """Rename the export `name` from `staging` into `out`, its old version (if any) first aside."""
    target = out / name
    if os.path.lexists(target):
        target.rename(staging / ASIDE / name)
    (staging / name).rename(target)


def move_back(staging: Path, out: Path, name: str) -> None:
    """Undo `move_one`, as far as it got."""
    if not os.path.lexists(staging / name) and os.path.lexists(out / name):
        (out / name).rename(staging / name)
    if os.path.lexists(staging / ASIDE / name):
        (staging / ASIDE / name).rename(out / name)


def move_in(staging: Path, out: Path) -> None:
    """Move every export in `staging` into `out`, the manifest last; if one cannot be moved, move back
    those that were and raise OSError: `out` is then as it was."""
    names = sorted(p.name for p in staging.iterdir() if p.name not in (LOCK, MANIFEST_FILE))
    names += [MANIFEST_FILE] if (staging / MANIFEST_FILE).exists() else []
    (staging / ASIDE).mkdir()
    write_journal(staging, names)
    done: list[str] = []
    try:
        for name in names:
            done.append(name)
            move_one(staging, out, name)
    except OSError as failed:
        try:
            for name in reversed(done):
                move_back(staging, out, name)
        except OSError as exc:
            raise OutputError(
                f"cannot replace the exports ({failed.strerror or failed}) nor put the old ones back "
                f"({exc.strerror or exc}); the next build finishes the move",
                out,
            ) from None  # the journal stays
        (staging / JOURNAL).unlink()
        raise
    (staging / JOURNAL).unlink()


def write_journal(staging: Path, names: list[str]) -> None:
    """The commit point: on disk (fsync) before the first rename."""
    path = staging / JOURNAL
    with open(path, "w", encoding="utf-8") as file:
        json.dump(names, file)
        file.flush()
        os.fsync(file.fileno())


def staging_folders(out: Path) -> list[Path]:
    """The staging folders in `out`: of builds running now, or of builds stopped outright."""
    try:
        return sorted(p for p in out.iterdir() if p.name.startswith(STAGING_PREFIX) and p.is_dir())
    except OSError:
        return []  # no folder yet, or one a later step reports on


def moves_pending(out: Path) -> bool:
    """Whether a build stopped outright during its moves left `out` half replaced: a journal no live build
    holds. Readers of a build refuse it until the next build finishes the moves."""
    for staging in staging_folders(out):
        if (staging / JOURNAL).exists():
            with locked(staging, wait=False) as free:
                if free:
                    return True
    return False


def finish_moves(out: Path) -> list[str]:
    """Finish or clear what builds stopped outright left in `out`: the moves of one killed after its
    journal, a staging folder of one killed before. Returns the names of the exports moved in."""
    finished: list[str] = []
    for staging in staging_folders(out):
        with locked(staging, wait=False) as mine:
            if not mine:
                continue  # a build running now
            try:
                names = json.loads((staging / JOURNAL).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                names = []  # stopped before its exports were complete: nothing to move
            try:
                for name in names:
                    if os.path.lexists(staging / name):
                        if os.path.lexists(staging / ASIDE / name):
                            (staging / name).rename(out / name)  # its old version is already aside
                        else:
                            move_one(staging, out, name)
                        finished.append(name)
            except OSError as exc:
                raise OutputError(
                    f"cannot finish replacing the exports of a stopped build ({exc.strerror or exc}): "
                    f"{staging.name} holds the new ones",
                    out,
                ) from None
        shutil.rmtree(staging, ignore_errors=True)
    return finished


@contextmanager
def locked(staging: Path, wait: bool = True) -> Iterator[bool]:
    """Hold the lock of a staging folder for the block; with `wait=False`, yield False if a live build
    holds it. The lock goes with the process, however it ends."""
    try:
        handle = open(staging / LOCK, "a")
    except OSError:
        yield False
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A fresh folder to write exports into; they replace those in `out` only if the block completes.

    A build that raises or is interrupted before then leaves `out` exactly as it was.
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
    except OSError as exc:
        raise OutputError(f"cannot create a folder here ({exc.strerror})", out) from None
    try:
        with locked(staging):
            yield staging
            with held_signals():
                move_in(staging, out)
    except OSError as exc:
        what = Path(exc.filename).name if exc.filename else "the exports"
        raise OutputError(f"cannot replace {what} ({exc.strerror or exc}); no export was replaced", out) from None
    finally:
        if not (staging / JOURNAL).exists():  # else the moves are half done: the next build finishes them
            shutil.rmtree(staging, ignore_errors=True)
