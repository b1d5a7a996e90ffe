"""All-or-nothing exports: write into a staging folder, then move every file in at once.

The staging folder lives inside the output folder, so each move is a rename on one file system
(even when the output folder is a mount point) and a leftover is hidden there, not next to it.
Only the exports are replaced; anything else in the output folder (a `.gitignore`, notes) stays.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import OutputError

STAGING_PREFIX = ".paperkg-staging-"


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM until the block ends: an interrupt then cannot stop it half-way."""
    if threading.current_thread() is not threading.main_thread():
        yield  # Python runs handlers in the main thread only, so nothing interrupts this one
        return
    held: list[signal.Signals] = []
    previous = {
        sig: signal.signal(sig, lambda number, _: held.append(signal.Signals(number)))
        for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for sig in held:
            signal.raise_signal(sig)


def move_in(staging: Path, out: Path) -> None:
    """Move every entry of `staging` into `out`: a file by one atomic replace, a folder (neo4j/) by
    first moving the old one aside into `staging`, which is deleted afterwards."""
    entries = sorted(staging.iterdir())
    aside = staging / ".replaced"
    aside.mkdir()
    for entry in entries:
        target = out / entry.name
        if os.path.lexists(target) and (entry.is_dir() or target.is_dir()):
            target.rename(aside / entry.name)
        os.replace(entry, target)


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
        yield staging
        with held_signals():
            move_in(staging, out)
    except OSError as exc:
        raise OutputError(f"cannot write the exports ({exc.strerror or exc})", out) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
