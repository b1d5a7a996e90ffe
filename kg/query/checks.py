"""What a query must pass before Oxigraph sees it, in `kg query` and `kg serve` alike: no SERVICE clause (a call
to another host, which may never answer) and no nesting deep enough to overflow Oxigraph's recursive parser.

Both read the query as SPARQL's tokens (strings, IRIs, variables, prefixed names, words, brackets), after its
\\u escapes are decoded as a SPARQL parser does first: a word inside a string, an IRI or a comment is no keyword.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from ..errors import QueryError

CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
SERVICE_REFUSED = "SERVICE is not allowed: no query calls another host"
# Oxigraph's parser and evaluator recurse once a level of nesting, up to ~4 KB of stack a level (a `{`);
# a main thread has 8 MB, of which this leaves three quarters unused.
MAX_QUERY_DEPTH = 500
# SPARQL's tokens as far as nesting and keywords go. A string or an IRI is an operand and nothing inside it counts; a
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


def codepoint(escape: re.Match[str]) -> str:
    """The character a \\u or \\U escape stands for; an escape past Unicode's last stays as it is."""
    value = int(escape.group(1) or escape.group(2), 16)
    return chr(value) if value <= sys.maxunicode else escape.group()


def decode_codepoints(query: str) -> str:
    """`query` with its \\u and \\U escapes decoded, as a SPARQL parser does first, once, over the whole text."""
    return CODEPOINT.sub(codepoint, query)


def calls_service(query: str) -> bool:
    """Whether `query` holds a SERVICE clause: the keyword as a token of its own, once \\u escapes are decoded.
    The word in a string, an IRI (a `sd:` prefix), a prefixed name, a variable or a comment is no clause."""
    return any(token.group().upper() == "SERVICE" for token in TOKEN.finditer(decode_codepoints(query)))


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


def refuse_unsafe(query: str) -> None:
    """Raise QueryError for a query no reader of a build runs: SERVICE (a call to another host, which may
    never answer) or one nested deep enough to overflow Oxigraph's recursive parser."""
    if calls_service(query):
        raise QueryError(SERVICE_REFUSED)
    if reason := too_deep(query):
        raise QueryError(reason)
