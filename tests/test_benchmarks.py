"""Every benchmark script still imports what it names from the package (they run outside the tests)."""

import importlib.util
import json
import os
import re
import subprocess
import sys

import pytest

from kg.layout import ANNOTATIONS, SAMPLE_INPUT
from tests.helpers import ROOT

SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_a_benchmark_imports(script):
    spec = importlib.util.spec_from_file_location(f"benchmark_{script.stem}", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # its main() runs only as a script
    assert callable(getattr(module, "main", None))


def test_the_other_papers_are_apart_from_what_is_trained_and_tuned_on(shared):
    """`benchmarks/paperlevel_other.json` names papers (no abstract text) of neither the annotations the
    product is trained on nor the shared dev set."""
    other = json.loads((ROOT / "benchmarks" / "paperlevel_other.json").read_text(encoding="utf-8"))["papers"]
    trained = json.loads((ROOT / ANNOTATIONS).read_text(encoding="utf-8"))["papers"]
    dev = json.loads((shared / "data" / "paperlevel" / "dev.json").read_text(encoding="utf-8"))["papers"]
    ids = [p["id"] for p in other]
    assert len(ids) == len(set(ids)) == 640
    assert not set(ids) & ({p["id"] for p in trained} | {p["id"] for p in dev})
    for paper in other:
        assert set(paper) == {"id", "file", "method", "task", "dataset", "opt", "proposes"}
        assert (shared / "data" / "papers" / paper["file"]).is_file()
        assert all(
            len(f) < 200 for kind in ("method", "task", "dataset", "opt") for forms in paper[kind] for f in forms
        )


def test_the_build_benchmark_leaves_no_temporary_build(tmp_path):
    """Without --out the benchmark builds into a temporary folder, which goes when it ends (each run of the
    ICML 2025 benchmark had left 240 MB behind)."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_build.py"), str(SAMPLE_INPUT), "--no-model-pass"],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "cold build" in run.stdout and not list(tmp_path.iterdir())
    # The memory of the build's processes: their shares of it (PSS), at most the pages they hold (RSS).
    pss, rss = map(float, re.search(r"peak memory (\S+) GB \(PSS summed; RSS summed (\S+) GB\)", run.stdout).groups())
    assert 0 < pss <= rss
