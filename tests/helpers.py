"""What several test modules share: the checkout, the bundled sample's records, a JSON Lines writer, and the
rule for a tool a test needs (missing in CI: the test fails; elsewhere it skips)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import NoReturn

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
