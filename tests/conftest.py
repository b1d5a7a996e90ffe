"""Shared fixtures: the real spaCy pipeline, one build of the bundled sample, ../shared, Debian's Chromium; and
the markers a test gets from the fixtures it uses (so that `-m "not browser"` and the like pick a fast subset)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.helpers import ROOT, unavailable

# fixture -> the marker of every test that uses it
FIXTURE_MARKERS = {"shared": "needs_shared", "browser": "browser", "bolt": "bolt"}
CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture, marker in FIXTURE_MARKERS.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)


def shared_dir() -> Path:
    return Path(os.environ.get("PAPERKG_SHARED", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def shared() -> Path:
    """../shared (or $PAPERKG_SHARED): absent, its tests skip, but in CI they fail."""
    path = shared_dir()
    if not (path / "data").is_dir():
        unavailable(f"{path} not found (set PAPERKG_SHARED)")
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


@pytest.fixture(scope="session")
def results_build(tmp_path_factory):
    """A build of the hand-made abstracts that report results (tests.helpers.RESULT_PAPERS)."""
    from kg import build
    from tests.helpers import RESULT_PAPERS, jsonl

    folder = tmp_path_factory.mktemp("results")
    return build([jsonl(folder / "papers.jsonl", RESULT_PAPERS)], folder / "build")


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, driven by Playwright; missing it fails CI and skips elsewhere."""
    if not CHROMIUM.exists():
        unavailable(f"{CHROMIUM} not found (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield chromium
        chromium.close()
