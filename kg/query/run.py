"""`kg query`: SPARQL over a build's Oxigraph store, opened read-only (no spaCy here: it starts fast).

A folder without a store (a build copied without it, say) is read from graph.ttl.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import pyoxigraph as ox

from ..errors import QueryError
from ..layout import GRAPH_FILE, STORE_DIR

CELL_WIDTH = 80
VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass
class QueryResult:
    columns: list[str]
    rows: list[list[str]]


def one_line(exc: BaseException) -> str:
    """An Oxigraph error on one line (RocksDB's can span several)."""
    return " ".join(str(exc).split())


def open_store(graph_dir: Path) -> ox.Store:
    """The build's store, read-only; else graph.ttl loaded into memory."""
    store_dir, path = Path(graph_dir) / STORE_DIR, Path(graph_dir) / GRAPH_FILE
    if store_dir.is_dir():
        try:
            return ox.Store.read_only(str(store_dir))
        except OSError as exc:
            raise QueryError(f"{store_dir}: cannot open the store ({one_line(exc)})") from None
    if not path.is_file():
        raise QueryError(f"{path}: no graph here; run `kg build --out {graph_dir}` first")
    store = ox.Store()
    try:
        store.load(path=str(path), format=ox.RdfFormat.TURTLE)
    except SyntaxError as exc:
        raise QueryError(f"{path}: not valid Turtle ({one_line(exc)})") from None
    except OSError as exc:
        raise QueryError(f"{path}: cannot read the graph ({one_line(exc)})") from None
    return store


def read_query(query: str) -> str:
    """`query` is a path to a .rq file or the query text itself."""
    if query.strip().endswith(".rq") or (len(query) < 4096 and "\n" not in query and Path(query).is_file()):
        path = Path(query.strip())
        try:
            return path.read_text(encoding="utf-8")
        except OSError as exc:
            raise QueryError(f"{path}: cannot read query ({exc.strerror})") from None
    return query


def term_text(term: object) -> str:
    """A cell's text: an IRI, a literal's lexical form, a blank node's id; a triple term in N-Triples."""
    if term is None:
        return ""
    value = getattr(term, "value", None)  # not getattr(term, "value", str(term)): that formats every cell twice
    return str(term) if value is None else value


def parse_bindings(bindings: list[str]) -> dict[str, str]:
    """`NAME=VALUE` pairs (`--bind topic="differential privacy"`) as a dict."""
    parsed = {}
    for binding in bindings:
        name, equals, value = binding.partition("=")
        name = name.strip().removeprefix("?")
        if not equals or not VARIABLE.fullmatch(name):
            raise QueryError(f"--bind {binding!r}: expected NAME=VALUE, as in --bind topic='differential privacy'")
        parsed[name] = value
    return parsed


def term(value: str) -> ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple:
    """A bound value: `<...>` is an IRI, anything else a plain string."""
    if value.startswith("<") and value.endswith(">"):
        try:
            return ox.NamedNode(value[1:-1])
        except ValueError as exc:
            raise QueryError(f"--bind {value}: not an IRI ({exc})") from None
    return ox.Literal(value)


def run_query(
    query: str, graph_dir: Path, store: ox.Store | None = None, bindings: Mapping[str, str] | None = None
) -> QueryResult:
    """Run `query`, with each of `bindings` (variable name -> value) substituted for its variable, which the
    query must select (SPARQL SEP-0007, as Oxigraph does it)."""
    text = read_query(query)
    store = store or open_store(graph_dir)
    substitutions = {ox.Variable(name): term(value) for name, value in (bindings or {}).items()}
    try:
        result = store.query(text, substitutions=substitutions or None)
    except SyntaxError as exc:
        raise QueryError(f"invalid SPARQL: {exc}") from None
    except RuntimeError as exc:  # a bound variable the query does not select
        raise QueryError(f"--bind: {one_line(exc)}") from None
    if isinstance(result, ox.QueryBoolean):
        return QueryResult(["result"], [["true" if bool(result) else "false"]])
    if isinstance(result, ox.QuerySolutions):
        columns = [v.value for v in result.variables]
        return QueryResult(columns, [[term_text(term) for term in solution] for solution in result])
    return QueryResult(
        ["subject", "predicate", "object"],
        [[term_text(t.subject), term_text(t.predicate), term_text(t.object)] for t in result],
    )


def format_table(result: QueryResult) -> str:
    def cut(cell: str) -> str:
        cell = " ".join(cell.split())
        return cell if len(cell) <= CELL_WIDTH else cell[: CELL_WIDTH - 1] + "…"

    rows = [[cut(c) for c in row] for row in result.rows]
    widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(result.columns)]
    line = " | ".join(f"{{:<{w}}}" for w in widths).format  # one call a row, not an ljust a cell: 41,000 rows add up
    lines = [line(*result.columns).rstrip(), "-+-".join("-" * w for w in widths)]
    lines += [line(*row).rstrip() for row in rows]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines)


def format_csv(result: QueryResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(result.columns)
    writer.writerows(result.rows)
    return out.getvalue().rstrip("\n")


def format_json(result: QueryResult) -> str:
    return json.dumps([dict(zip(result.columns, row)) for row in result.rows], ensure_ascii=False, indent=2)


FORMATTERS = {"table": format_table, "csv": format_csv, "json": format_json}
