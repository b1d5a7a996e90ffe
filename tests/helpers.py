"""What several test modules share: the checkout, the bundled sample's records, a JSON Lines writer, and the
rule for a tool a test needs (missing in CI: the test fails; elsewhere it skips)."""

from __future__ import annotations

import json
import os
import socket
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NoReturn

import pytest

from kg.layout import SAMPLE_INPUT

ROOT = Path(__file__).resolve().parents[1]
SEED = [json.loads(line) for line in SAMPLE_INPUT.read_text(encoding="utf-8").splitlines()]


def jsonl(path: Path, records: list[dict | str]) -> Path:
    """Write `records` one a line (a str is written as it is: a broken line, say) and return the path."""
    path.write_text("".join(r if isinstance(r, str) else json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


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
