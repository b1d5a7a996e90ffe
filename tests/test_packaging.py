"""The wheel `pip` builds from a copy of the checkout holds every file of the package and the query library
(queries/ as kg/queries), so that a plain `pip install .` has what the commands read."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

from tests.helpers import ROOT


def tracked(*paths: str) -> list[str]:
    result = subprocess.run(["git", "ls-files", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return result.stdout.split()


def test_the_wheel_holds_the_package_and_the_query_library(tmp_path):
    source = tmp_path / "source"  # setuptools writes build/ beside pyproject.toml: not into the checkout
    for name in tracked("pyproject.toml", "README.md", "LICENSE", "kg", "queries"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--wheel-dir",
            str(tmp_path / "wheel"),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    [wheel] = (tmp_path / "wheel").glob("paperkg-*.whl")
    names = {n for n in zipfile.ZipFile(wheel).namelist() if not n.startswith("paperkg-")}
    expected = {n for n in tracked("kg") if not n.endswith(".gitignore")} | {
        f"kg/queries/{name.removeprefix('queries/')}" for name in tracked("queries")
    }
    assert expected and names == expected, (sorted(expected - names), sorted(names - expected))
