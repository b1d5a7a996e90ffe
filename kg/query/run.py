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
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import pyoxigraph as ox

from ..builder.staging import moves_pending
from ..errors import QueryError
from ..layout import GRAPH_FILE, STORE_DIR
from .library import GIVEN, library, parameters

Term = ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple  # what a variable can be bound to
CELL_WIDTH = 80
VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
BOM = "\ufeff"
CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
QUERY_VARIABLE = re.compile(r"[?$]\w+")
SERVICE_REFUSED = "SERVICE is not allowed: no query calls another host (the word may not occur outside a variable name)"
# Oxigraph's parser and evaluator recurse once a level of nesting, up to ~4 KB of stack a level (a `{`);
# a main thread has 8 MB, of which this leaves three quarters unused.
MAX_QUERY_DEPTH = 500
# SPARQL's tokens as far as nesting goes. A string or an IRI is an operand and nothing inside it counts; a
# string left open runs to the end of its line (the query does not parse anyway): each character is read once.
STRING = (
    r"'''(?:[^'\\]|\\.|'(?!''))*(?:''')?"
    r'|"""(?:[^"\\]|\\.|"(?!""))*(?:""")?'
    r"""|'(?:[^'\\\n\r]|\\.)*'?|"(?:[^"\\\n\r]|\\.)*"?"""
)
TOKEN = re.compile(
    r"(?P<skip>\s+|\#[^\n]*|\^\^|!=|<=|>=)"
    rf"|(?P<operand>{STRING}"
    r"""|<[^<>"{}|^`\\\x00-\x20]*>"""
    r"|[?$]\w+"
    r"|[A-Za-z_][\w.\-]*:(?:[\w.\-:%]|\\.)*|:(?:[\w.\-:%]|\\.)*"
    r"|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?"
    r"|@[A-Za-z]+(?:-[A-Za-z0-9]+)*"
    r"|[A-Za-z_]\w*)"
    r"|(?P<open>[({\[])|(?P<close>[)}\]])"
    r"|(?P<operator>\|\||&&|[!+\-*/|^])"
    r"|(?P<other>.)",
    re.S,
)
# Words that chain what follows them one level below what came before, as an operator does.
CHAINING_WORDS = frozenset({"UNION", "OPTIONAL", "MINUS", "FILTER", "BIND"})


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


def codepoint(escape: re.Match[str]) -> str:
    """The character a \\u or \\U escape stands for; an escape past Unicode's last stays as it is."""
    value = int(escape.group(1) or escape.group(2), 16)
    return chr(value) if value <= sys.maxunicode else escape.group()


def decode_codepoints(query: str) -> str:
    """`query` with its \\u and \\U escapes decoded, as a SPARQL parser does first, once, over the whole text."""
    return CODEPOINT.sub(codepoint, query)


def calls_service(query: str) -> bool:
    """Whether `query` may hold a SERVICE clause: the word anywhere outside a variable name, once \\u escapes
    are decoded. Cautious: a string holding the word is refused too."""
    return re.search("service", QUERY_VARIABLE.sub(" ", decode_codepoints(query)), re.IGNORECASE) is not None


@dataclass
class Level:
    """An open bracket of a query being read: which, whether it holds a VALUES block's rows, and the levels
    its contents have added so far."""

    bracket: str
    data: bool
    chained: int = 0


def chains(kind: str, word: str, level: Level, after_operand: bool, next_char: str) -> bool:
    """Whether a token nests what follows it one level below what came before, in Oxigraph's trees: an
    operator (not a number's sign), a group closed (`{…} {…}` join, `(1 AS ?a) (2 AS ?b)` extend), a word such
    as UNION or BIND, a triple pattern (`.`, `;`, `,` in a group), a term after a term in a list `(1 2 3)`."""
    if level.data:
        return False
    if kind == "operator":
        return not (word in "+-" and not after_operand and next_char.isdigit())
    if kind == "close":
        return True
    if kind == "operand":
        return word.upper() in CHAINING_WORDS or (level.bracket == "(" and after_operand)
    return kind == "other" and word in ".;," and level.bracket in "{["


def query_depth(query: str) -> int:
    """How deep Oxigraph will recurse into `query`, over-estimated: a level for each bracket it is inside, and
    inside a bracket one more for each token before it that `chains` (`a || b || c`, `{…} UNION {…}`, a run
    of BINDs or of triple patterns nest as deep as brackets do); the rows of a VALUES block add nothing."""
    text = decode_codepoints(query)
    levels = [Level("", data=False)]
    depth = deepest = 1
    values_follow = after_operand = False
    for token in TOKEN.finditer(text):
        kind, word = token.lastgroup or "other", token.group()
        if kind == "skip":
            continue
        if kind == "open":
            levels.append(Level(word, data=levels[-1].data or (values_follow and word == "{")))
            values_follow = values_follow and word != "{"
            depth += 1
        elif kind == "close" and len(levels) > 1:
            depth -= 1 + levels.pop().chained
        elif kind == "operand" and word.upper() == "VALUES":
            values_follow = True
        if chains(kind, word, levels[-1], after_operand, text[token.end() : token.end() + 1]):
            levels[-1].chained += 1
            depth += 1
        deepest = max(deepest, depth)
        after_operand = kind in ("operand", "close")
    return deepest


def too_deep(query: str) -> str | None:
    """Why `query` is refused before Oxigraph parses it, if it nests deep enough to overflow its stack."""
    depth = query_depth(query)
    if depth <= MAX_QUERY_DEPTH:
        return None
    return f"the query nests {depth} levels deep (brackets, operators, patterns); at most {MAX_QUERY_DEPTH} are allowed"


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


def refuse_unsafe(query: str) -> None:
    """Raise QueryError for a query no reader of a build runs: SERVICE (a call to another host, which may
    never answer) or one nested deep enough to overflow Oxigraph's recursive parser."""
    if calls_service(query):
        raise QueryError(SERVICE_REFUSED)
    if reason := too_deep(query):
        raise QueryError(reason)


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
