"""Record layouts: a JSON object or CSV row as each scholarly source lays a paper out, to a `Paper`.

The layout is told by the record's own keys, so that a file may mix sources: OpenAlex works carry an
`abstract_inverted_index` (or an `https://openalex.org/` id), Semantic Scholar records a `paperId`, the arXiv
metadata snapshot `authors_parsed` (or `versions` with `categories`), OpenReview notes a `content` object
(API v2 wraps each value as `{"value": ...}`). Anything else is the plain layout, whose keys are matched
case-insensitively and may be renamed with a `FieldMap` (`--field abstract=paper_abstract`).
"""

from __future__ import annotations

import email.utils
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from typing import Any

from ..records import Paper
from . import fields
from .fields import PAPER_FIELDS, Skipped

# A paper field -> the key that holds it in the user's records (`--field`); unnamed fields keep their names.
FieldMap = Mapping[str, str]
OPENALEX = "https://openalex.org/"
ARXIV_ABS = "https://arxiv.org/abs/"
OPENREVIEW_FORUM = "https://openreview.net/forum?id="
ARXIV_AUTHORS = re.compile(r"\s*,\s*|\s+and\s+")  # "A. Author, B. Author and C. Author"


def plain(record: dict, names: FieldMap) -> Paper:
    """The layout paperkg documents: `id`, `title`, `abstract`, `authors`, `url`, `venue`, `year`, `doi`, `arxiv`."""
    if any(not key.islower() for key in record):  # "Abstract", "TITLE": the exact lowercase key wins
        record = {**{key.lower(): value for key, value in record.items()}, **record}
    value = {name: record.get(names.get(name, name).lower()) for name in PAPER_FIELDS}
    abstract = fields.abstract(value["abstract"])
    return fields.paper(
        fields.identifier(value["id"]),
        abstract,
        fields.text(value["title"], "title"),
        fields.authors(value["authors"]),
        fields.text(value["url"], "url"),
        fields.text(value["venue"], "venue"),
        fields.year(value["year"]),
        fields.doi(value["doi"]),
        fields.arxiv(value["arxiv"]),
    )


def arxiv(record: dict) -> Paper:
    """A record of the arXiv metadata snapshot (Kaggle's `arxiv-metadata-oai-snapshot.json`): the year is the
    first version's, the authors from `authors_parsed` ([last, first, suffix]) where it is given."""
    abstract = fields.abstract(record.get("abstract"))
    id = fields.identifier(record.get("id"))
    parsed = record.get("authors_parsed")
    if parsed is None:
        names = ARXIV_AUTHORS.split(fields.text(record.get("authors"), "authors"))
    elif isinstance(parsed, list) and all(isinstance(p, list) and all(isinstance(n, str) for n in p) for p in parsed):
        names = [" ".join(n for n in (p[1:2] + p[:1] + p[2:]) if n.strip()) for p in parsed]
    else:
        raise Skipped("authors_parsed is not a list of name parts")
    return fields.paper(
        id,
        abstract,
        fields.one_line(record.get("title"), "title"),
        fields.names(names),
        ARXIV_ABS + id if id else "",
        "arXiv",
        first_version_year(record) or fields.year(record.get("update_date")),
        fields.doi(record.get("doi")),
        fields.arxiv(id),
    )


def first_version_year(record: dict) -> int | None:
    """The year of `versions[0].created`, an RFC 2822 date ("Mon, 2 Apr 2007 19:18:42 GMT")."""
    versions = record.get("versions")
    first = versions[0] if isinstance(versions, list) and versions else None
    created = first.get("created") if isinstance(first, dict) else None
    if not isinstance(created, str):
        return None
    try:
        return email.utils.parsedate_to_datetime(created).year
    except (TypeError, ValueError):
        raise Skipped("versions[0].created is not a date") from None


def openalex(record: dict) -> Paper:
    """An OpenAlex work: the abstract rebuilt from `abstract_inverted_index` (each word at its positions,
    joined by single spaces), the venue its primary location's source."""
    abstract = fields.abstract(inverted_abstract(record.get("abstract_inverted_index")))
    location = record.get("primary_location") or {}
    source = location.get("source") if isinstance(location, dict) else None
    authorships = record.get("authorships") or []
    if not isinstance(authorships, list) or not all(isinstance(a, dict) for a in authorships):
        raise Skipped("authorships are not a list of objects")
    return fields.paper(
        fields.identifier(record.get("id")).removeprefix(OPENALEX),
        abstract,
        fields.one_line(record.get("display_name") or record.get("title"), "title"),
        fields.names([_name(a.get("author")) for a in authorships]),
        fields.text(location.get("landing_page_url") if isinstance(location, dict) else None, "url"),
        fields.one_line(source.get("display_name") if isinstance(source, dict) else None, "venue"),
        fields.year(record.get("publication_year")),
        fields.doi(record.get("doi")),
    )


def _name(author: Any) -> Any:
    return author.get("display_name") if isinstance(author, dict) else author


def inverted_abstract(index: Any) -> str:
    """`{"We": [0], "propose": [1], "X.": [2]}` -> "We propose X." (a position no word holds is passed
    over; positions are sorted, not used as list indexes, so that a stray 10**9 costs nothing)."""
    if index is None:
        return ""
    if not isinstance(index, dict) or not all(
        isinstance(places, list) and all(isinstance(p, int) and not isinstance(p, bool) for p in places)
        for places in index.values()
    ):
        raise Skipped("abstract_inverted_index is not a word index")
    return " ".join(word for _, word in sorted((p, word) for word, places in index.items() for p in places))


def semantic_scholar(record: dict) -> Paper:
    """A Semantic Scholar Graph API paper: DOI and arXiv id from `externalIds`."""
    abstract = fields.abstract(record.get("abstract"))
    external = record.get("externalIds") or {}
    if not isinstance(external, dict):
        raise Skipped("externalIds is not an object")
    publication_venue = record.get("publicationVenue")
    venue = record.get("venue") or (publication_venue.get("name") if isinstance(publication_venue, dict) else None)
    return fields.paper(
        fields.identifier(record.get("paperId")),
        abstract,
        fields.one_line(record.get("title"), "title"),
        fields.names(record.get("authors")),
        fields.text(record.get("url"), "url"),
        fields.one_line(venue, "venue"),
        fields.year(record.get("year")),
        fields.doi(external.get("DOI")),
        fields.arxiv(external.get("ArXiv")),
    )


def openreview(record: dict) -> Paper:
    """An OpenReview note, API v1 (`content.title` a string) or v2 (`content.title.value`): the year of its
    publication date (`pdate`, else `cdate`, in milliseconds), the url its forum's."""
    content = record["content"]

    def value(key: str) -> Any:
        held = content.get(key)
        return held.get("value") if isinstance(held, dict) else held

    abstract = fields.abstract(value("abstract"))
    forum = fields.identifier(record.get("forum") or record.get("id"))
    return fields.paper(
        fields.identifier(record.get("id")),
        abstract,
        fields.one_line(value("title"), "title"),
        fields.names(value("authors")),
        OPENREVIEW_FORUM + forum if forum else "",
        fields.one_line(value("venue"), "venue"),
        epoch_year(record.get("pdate") if record.get("pdate") is not None else record.get("cdate")),
        fields.doi(value("doi")),
    )


def epoch_year(milliseconds: Any) -> int | None:
    """The UTC year of a time in milliseconds since 1970, as OpenReview stores its dates."""
    if milliseconds is None:
        return None
    if not isinstance(milliseconds, (int, float)) or isinstance(milliseconds, bool):
        raise Skipped("a date is not a time in milliseconds")
    try:
        return datetime.fromtimestamp(milliseconds / 1000, tz=timezone.utc).year
    except (OverflowError, OSError, ValueError):
        raise Skipped("a date is not a time in milliseconds") from None


# Each source's layout and how to tell a record in it, in the order they are tried.
LAYOUTS: tuple[tuple[str, Callable[[dict], bool], Callable[[dict], Paper]], ...] = (
    ("OpenAlex", lambda r: "abstract_inverted_index" in r or str(r.get("id")).startswith(OPENALEX), openalex),
    ("Semantic Scholar", lambda r: "paperId" in r, semantic_scholar),
    ("arXiv", lambda r: "authors_parsed" in r or ("versions" in r and "categories" in r), arxiv),
    ("OpenReview", lambda r: isinstance(r.get("content"), dict), openreview),
)


def paper_from_record(record: Any, names: FieldMap | None = None) -> Paper | str:
    """A `Paper` from one JSON object or CSV row in any layout above, or the reason it cannot be one."""
    if not isinstance(record, dict):
        return "record is not an object"
    try:
        for _, is_layout, read in LAYOUTS:
            if is_layout(record):
                return read(record)
        return plain(record, names or {})
    except Skipped as skipped:
        return str(skipped)
