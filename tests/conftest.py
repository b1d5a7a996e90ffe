"""Shared fixtures: the real spaCy pipeline, one build of the bundled sample, and ../shared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    return Path(os.environ.get("PAPERKG_SHARED", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def shared() -> Path:
    """../shared (or $PAPERKG_SHARED); tests that need it skip only where it is absent."""
    path = shared_dir()
    if not (path / "data").is_dir():
        pytest.skip(f"{path} not found (set PAPERKG_SHARED)")
    return path


@pytest.fixture(scope="session")
def nlp():
    from kg.nlp.pipeline import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory):
    """The bundled ICML 2025 sample, built once for all export tests."""
    from kg import build

    return build([], tmp_path_factory.mktemp("sample"))
