"""Every benchmark script still imports what it names from the package (they run outside the tests)."""

import importlib.util

import pytest

from tests.helpers import ROOT

SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_a_benchmark_imports(script):
    spec = importlib.util.spec_from_file_location(f"benchmark_{script.stem}", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # its main() runs only as a script
    assert callable(getattr(module, "main", None))
