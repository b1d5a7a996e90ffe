"""The query library: the `.rq` files of `queries/`, shipped inside the package (`kg/queries` once installed),
by name ("top-entities"), each with the question its first line asks."""

from __future__ import annotations

from pathlib import Path

from ..layout import query_library


def library() -> dict[str, Path]:
    """Name -> file of every library query, in name order."""
    folder = query_library()
    return {path.stem: path for path in sorted(folder.glob("*.rq"))} if folder.is_dir() else {}


def question(path: Path) -> str:
    """The question a library query answers: its first line, a comment."""
    first = path.read_text(encoding="utf-8").partition("\n")[0]
    return first.removeprefix("#").strip()
