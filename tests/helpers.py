"""What several test modules share: the checkout, the bundled sample's records, a JSON Lines writer, and the
rule for a tool a test needs (missing in CI: the test fails; elsewhere it skips)."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NoReturn

import psutil
import pytest

from kg.layout import SAMPLE_INPUT

ROOT = Path(__file__).resolve().parents[1]
SEED = [json.loads(line) for line in SAMPLE_INPUT.read_text(encoding="utf-8").splitlines()]
# Hand-made abstracts that report results: scores on two datasets in two metrics (one where less is better),
# changes over a baseline, and a value written in LaTeX.
RESULT_PAPERS = [
    {
        "id": "r1",
        "title": "FooNet",
        "abstract": "We propose FooNet, a convolutional network for image classification. FooNet achieves 84.1% top-1 "
        "accuracy on ImageNet and outperforms ResNet-50 by 2.3 points in accuracy on CIFAR-10.",
    },
    {
        "id": "r2",
        "title": "BarNet",
        "abstract": "We introduce BarNet, a vision transformer for image classification. BarNet achieves 86.5% top-1 "
        "accuracy on ImageNet.",
    },
    {
        "id": "r3",
        "title": "QuxDiff",
        "abstract": "We propose QuxDiff, a diffusion model for image generation. QuxDiff achieves an FID of 2.1 on "
        "CIFAR-10, and our method is 3$\\times$ faster than DDPM.",
    },
    {
        "id": "r4",
        "title": "ZedDiff",
        "abstract": "We propose ZedDiff, a diffusion model for image generation. ZedDiff achieves an FID of 3.4 on "
        "CIFAR-10.",
    },
]


def seed_authors() -> tuple[set[str], set[tuple[str, str]]]:
    """The bundled sample's authors, one per name set apart from case and spacing, and each (author, paper id)."""
    pairs = {(" ".join(name.split()).casefold(), r["id"]) for r in SEED for name in r["authors"] if name.strip()}
    return {author for author, _ in pairs}, pairs


def jsonl(path: Path, records: list[dict | str]) -> Path:
    """Write `records` one a line (a str is written as it is: a broken line, say) and return the path."""
    path.write_text("".join(r if isinstance(r, str) else json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def ends_within(process: psutil.Process, seconds: float) -> bool:
    """Whether the process is gone, or a zombie nobody has reaped yet (no init reaps in some containers),
    within `seconds`: a process the kernel ends with its parent dies a moment after it."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def unavailable(message: str) -> NoReturn:
    """A tool or data set a test needs is missing: CI must have it (fail), a developer may not (skip)."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def endpoint_that_counts_calls() -> Iterator[tuple[str, list]]:
    """The URL of a local listener posing as a SPARQL endpoint, and the connections it got (waited for up to 3 s
    after the block): what a query with SERVICE would call."""
    calls: list = []
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(3)

        def accept() -> None:
            try:
                calls.append(listener.accept())
            except OSError:
                pass

        waiter = threading.Thread(target=accept)
        waiter.start()
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/sparql", calls
        waiter.join()
