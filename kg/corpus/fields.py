"""A paper's fields from a source's values: one converter per field, shared by every format and layout.

A value that cannot mean its field (a title object, a year "1_999") raises `Skipped` with the reason the
record is counted under; `paper` turns the converted fields into a `Paper` or that reason.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from ..records import Paper

NO_ABSTRACT = "no abstract"
# A year: an integer of four digits, or a text (a date) that starts with one.
YEAR_RANGE = range(1000, 10000)
YEAR_TEXT = re.compile(r"[1-9][0-9]{3}(?![0-9])")
SPACES = re.compile(r"\s+")
DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
# An arXiv id, new style (2403.01234) or old (math/0601001), as sources write it: "arXiv:2403.01234v2 [cs.LG]",
# "https://arxiv.org/abs/2403.01234".
ARXIV_ID = re.compile(r"(?:^|arxiv[:.]|/abs/)\s*([0-9]{4}\.[0-9]{4,5}|[a-z][a-z.-]*/[0-9]{7})(?:v[0-9]+)?", re.I)
PAPER_FIELDS = ("id", "title", "abstract", "authors", "url", "venue", "year", "doi", "arxiv")


class Skipped(ValueError):
    """A record that cannot be a paper; the message is the reason it is counted under."""


def text_id(abstract: str) -> str:
    """A stable id for a paper that has none: derived from its abstract text."""
    return "txt-" + hashlib.sha1(abstract.strip().encode("utf-8")).hexdigest()[:12]


def text(value: Any, name: str) -> str:
    """A text field: a string, stripped; missing or null is empty."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Skipped(f"{name} is not a string")
    return value.strip()


def one_line(value: Any, name: str) -> str:
    """A title or a name as a source may wrap it ("Deep\\n  Learning"): whitespace runs as one space."""
    return SPACES.sub(" ", text(value, name))


def identifier(value: Any) -> str:
    """An id is a string or an integer (JSON exports often number their records)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if value is not None and not isinstance(value, str):
        raise Skipped("id is not a string or an integer")
    return text(value, "id")


def year(value: Any) -> int | None:
    """A four-digit integer (2025.0 too, as pandas writes a column with gaps), or a text that starts
    with one ("2025-07-13"); missing, null or empty is no year."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in YEAR_RANGE:
        return value
    if isinstance(value, str) and (match := YEAR_TEXT.match(value.strip())):
        return int(match.group())
    raise Skipped("year is not a four-digit year")


def author(value: Any) -> str:
    """An author is a name, or an object with a name (`{"name": "Ann A", "affiliation": ...}`); null is none."""
    if value is None:
        return ""
    name = value.get("name") if isinstance(value, dict) else value
    if not isinstance(name, str):
        raise Skipped("an author is not a name")
    return name.strip()


def authors(value: Any) -> tuple[str, ...]:
    """A list of authors, or one string with `;` between names."""
    if value is not None and not isinstance(value, (list, str)):
        raise Skipped("authors are not a list or a string")
    names = value if isinstance(value, list) else text(value, "authors").split(";")
    return tuple(name for name in map(author, names) if name)


def names(value: Any) -> tuple[str, ...]:
    """Authors as a source that wraps lines writes them: each name on one line."""
    return tuple(SPACES.sub(" ", name) for name in authors(value))


def doi(value: Any) -> str:
    """A DOI as its bare name, lowercased (DOIs are case-insensitive): "https://doi.org/10.1/X" -> "10.1/x"."""
    return DOI_PREFIX.sub("", text(value, "doi")).lower()


def arxiv(value: Any) -> str:
    """An arXiv id without prefix or version: "arXiv:2403.01234v2 [cs.LG]" -> "2403.01234"; text that holds
    none is no id."""
    match = ARXIV_ID.search(text(value, "arxiv"))
    return match.group(1) if match else ""


def abstract(value: Any) -> str:
    """The abstract (or full text) as read, unstripped: offsets point into it. Checked first: a record
    without one is skipped for that, whatever else is wrong with it."""
    if not isinstance(value, str) or not value.strip():
        raise Skipped(NO_ABSTRACT)
    return value


def paper(
    id: str,
    abstract: str,
    title: str = "",
    authors: tuple[str, ...] = (),
    url: str = "",
    venue: str = "",
    year: int | None = None,
    doi: str = "",
    arxiv: str = "",
) -> Paper:
    """A `Paper` from converted fields (the abstract from `abstract`); a lone surrogate is a skip."""
    try:  # JSON's "\ud800" escapes decode to lone surrogates, which no UTF-8 export can write
        "".join([id, abstract, title, url, venue, doi, arxiv, *authors]).encode("utf-8")
    except UnicodeEncodeError:
        raise Skipped("invalid Unicode (lone surrogate)") from None
    return Paper(id or text_id(abstract), abstract, title, authors, url, venue, year, doi, arxiv)
