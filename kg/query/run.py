"""`kg query`: SPARQL over a build's Oxigraph store, opened read-only (no spaCy here: it starts fast).

A folder without a store (a build copied without it, say) is read from graph.ttl. The checks a query passes
before Oxigraph sees it (no SERVICE, no nesting deep enough to overflow its parser) are here too: `kg serve`
makes them as well.
"""

from __future__ import annotations

import csv
import io
import json
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import pyoxigraph as ox

from ..builder.staging import moves_pending
from ..errors import QueryError
from ..layout import GRAPH_FILE, STORE_DIR
from .checks import refuse_unsafe
from .library import GIVEN, library, parameters

Term = ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple  # what a variable can be bound to
CELL_WIDTH = 80
VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
BOM = "\ufeff"


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
    try:
        has_store, has_graph = store_dir.is_dir(), path.is_file()
    except OSError as exc:  # a folder we may not search, a name too long: not the same as no graph
        raise QueryError(f"{graph_dir}: cannot read the build folder ({exc.strerror})") from None
    if moves_pending(Path(graph_dir)):
        raise QueryError(
            f"{graph_dir}: a build was stopped while it replaced these exports; "
            f"build again to finish (kg build ... --out {graph_dir})"
        )
    if has_store:
        try:
            return ox.Store.read_only(str(store_dir))
        except OSError as exc:
            raise QueryError(f"{store_dir}: cannot open the store ({one_line(exc)})") from None
        except RuntimeError as exc:  # RocksDB's "Corruption: ..."
            raise QueryError(
                f"{store_dir}: the store is damaged ({one_line(exc)}); rebuild it: kg build --out {graph_dir}"
            ) from None
    if not has_graph:
        raise QueryError(f"{path}: no graph here; run `kg build --out {graph_dir}` first")
    store = ox.Store()
    try:
        store.load(path=str(path), format=ox.RdfFormat.TURTLE)
    except SyntaxError as exc:
        raise QueryError(f"{path}: not valid Turtle ({one_line(exc)})") from None
    except OSError as exc:
        raise QueryError(f"{path}: cannot read the graph ({one_line(exc)})") from None
    return store


def names_a_file(query: str) -> bool:
    """Whether `query` is a path to a file rather than query text (which may be no possible path at all)."""
    if query.strip().endswith(".rq"):
        return True
    try:
        return len(query) < 4096 and "\n" not in query and Path(query).is_file()
    except (OSError, ValueError):  # a name over 255 bytes, a NUL: text
        return False


def read_query(query: str) -> str:
    """`query` is the name of a library query ("top-entities"), a path to a .rq file or the query text itself;
    a file is UTF-8, with or without a BOM."""
    if names_a_file(query):
        path = Path(query.strip())
    elif (named := library().get(query.strip())) is not None:
        path = named
    else:
        return query.removeprefix(BOM)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise QueryError(f"{path}: cannot read query ({exc.strerror})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise QueryError(f"{path}: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def term_text(term: object) -> str:
    """A cell's text: an IRI, a literal's lexical form, a blank node's id; a triple term in N-Triples."""
    if term is None:
        return ""
    value = getattr(term, "value", None)  # not getattr(term, "value", str(term)): that formats every cell twice
    return str(term) if value is None else value


def parse_bindings(bindings: list[str]) -> dict[str, str]:
    """`NAME=VALUE` pairs (`--param topic="differential privacy"`) as a dict."""
    parsed = {}
    for binding in bindings:
        name, equals, value = binding.partition("=")
        name = name.strip().removeprefix("?")
        if not equals or not VARIABLE.fullmatch(name):
            raise QueryError(f"--param {binding!r}: expected NAME=VALUE, as in --param topic='differential privacy'")
        parsed[name] = value
    return parsed


def term(value: str) -> Term:
    """A bound value: `<...>` is an IRI, anything else a plain string."""
    if value.startswith("<") and value.endswith(">"):
        try:
            return ox.NamedNode(value[1:-1])
        except ValueError as exc:
            raise QueryError(f"--param {value}: not an IRI ({exc})") from None
    return ox.Literal(value)


def substitution(bindings: Mapping[str, str], declared: Mapping[str, str]) -> dict[ox.Variable, Term]:
    """The values to bind: a parameter the query declares is its ?given_NAME, and a query that declares
    parameters takes no other; in any other query NAME is the selected ?NAME (SPARQL SEP-0007)."""
    if not declared:
        return {ox.Variable(name): term(value) for name, value in bindings.items()}
    for name in bindings:
        if name not in declared:
            raise QueryError(f"--param {name}: not a parameter of this query; it takes {', '.join(declared)}")
    return {ox.Variable(GIVEN + name): term(value) for name, value in bindings.items()}


def run_query(
    query: str, graph_dir: Path, store: ox.Store | None = None, bindings: Mapping[str, str] | None = None
) -> QueryResult:
    """Run `query` with `bindings` (parameter name -> value) bound as values, never pasted into its text; the
    columns of declared parameters (their values are what was given) are left out of the result."""
    text = read_query(query)
    refuse_unsafe(text)
    store = store or open_store(graph_dir)
    declared = parameters(text)
    substitutions = substitution(bindings or {}, declared)
    try:
        result = store.query(text, substitutions=substitutions or None)
    except SyntaxError as exc:
        raise QueryError(f"invalid SPARQL: {exc}") from None
    except RuntimeError as exc:  # a bound variable the query does not select
        raise QueryError(f"--param: {one_line(exc)}") from None
    if isinstance(result, ox.QueryBoolean):
        return QueryResult(["result"], [["true" if bool(result) else "false"]])
    if isinstance(result, ox.QuerySolutions):
        hidden = {GIVEN + name for name in declared}
        shown = [i for i, v in enumerate(result.variables) if v.value not in hidden]
        columns = [result.variables[i].value for i in shown]
        return QueryResult(columns, [[term_text(solution[i]) for i in shown] for solution in result])
    return QueryResult(
        ["subject", "predicate", "object"],
        [[term_text(t.subject), term_text(t.predicate), term_text(t.object)] for t in result],
    )


def format_table(result: QueryResult) -> str:
    """Columns padded to their widest cell; a cell over CELL_WIDTH characters wraps onto the row's next lines,
    whole, so that a sentence or a title reads in full."""

    def wrapped(cell: str) -> list[str]:
        cell = " ".join(cell.split())
        return [cell] if len(cell) <= CELL_WIDTH else textwrap.wrap(cell, CELL_WIDTH, break_on_hyphens=False)

    rows = [[wrapped(c) for c in row] for row in result.rows]
    widths = [max([len(c)] + [len(part) for r in rows for part in r[i]]) for i, c in enumerate(result.columns)]
    line = " | ".join(f"{{:<{w}}}" for w in widths).format  # one call a line, not an ljust a cell: 41,000 rows add up
    lines = [line(*result.columns).rstrip(), "-+-".join("-" * w for w in widths)]
    for row in rows:
        height = max(map(len, row), default=1)
        if height == 1:
            lines.append(line(*(parts[0] if parts else "" for parts in row)).rstrip())
        else:
            lines += [line(*(parts[k] if k < len(parts) else "" for parts in row)).rstrip() for k in range(height)]
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
