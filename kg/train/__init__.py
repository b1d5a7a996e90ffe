"""`kg train`: the recipe that rebuilds the shipped recognizer, and its teacher. Outside kg.nlp, so that
editing them leaves the pipeline fingerprint (and every parse cache) as it is."""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def work_folder(work: Path | None, prefix: str) -> Iterator[Path]:
    """Where a training run writes its data and checkpoints: `work`, kept to look at, else a temporary folder
    removed when the run ends or fails (it holds hundreds of megabytes)."""
    if work is not None:
        work.mkdir(parents=True, exist_ok=True)
        yield work
        return
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        yield Path(folder)
