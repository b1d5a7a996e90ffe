"""The query library: the `.rq` files of `queries/`, shipped inside the package (`kg/queries` once installed),
by name ("top-entities"), each with the question its first line asks and the parameters its header declares.

A library query names what it takes in its opening comment, one line a parameter (`# Parameter dataset: a
dataset's name ...`); `--param dataset=ImageNet` then binds the query's `?given_dataset`, a variable apart from
the columns it shows, so that a parameter can be matched loosely (any case, an alias) and left out (every
dataset) while the columns keep the graph's own names.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..layout import query_library

PARAMETER_LINE = re.compile(r"#\s*Parameter\s+(\w+)\s*:\s*(.*)")
GIVEN = "given_"  # a parameter NAME is the query's ?given_NAME


def library() -> dict[str, Path]:
    """Name -> file of every library query, in name order."""
    folder = query_library()
    return {path.stem: path for path in sorted(folder.glob("*.rq"))} if folder.is_dir() else {}


def question(query: str) -> str:
    """The question a library query answers: its first line, a comment."""
    return query.partition("\n")[0].removeprefix("#").strip()


def parameters(query: str) -> dict[str, str]:
    """Name -> description of each parameter the query's opening comment declares."""
    declared = {}
    for line in query.splitlines():
        if not line.startswith("#"):
            break
        if match := PARAMETER_LINE.fullmatch(line.strip()):
            declared[match[1]] = match[2]
    return declared


def describe(queries: dict[str, Path]) -> str:
    """`kg query --list`: each query's name and question, then a line for each of its parameters."""
    width = max(map(len, queries), default=0)
    lines = []
    for name, path in queries.items():
        text = path.read_text(encoding="utf-8")
        lines.append(f"{name:<{width}}  {question(text)}")
        lines += [f"{'':<{width}}    --param {param}=...: {about}" for param, about in parameters(text).items()]
    return "\n".join(lines)
