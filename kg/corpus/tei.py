"""GROBID TEI XML (`.tei.xml`, or any `.xml` whose root is a TEI document): one paper per file, its text the
abstract and the body's sections, the route from a PDF to a structured full text.

The text is built, not read verbatim, so it is what offsets point into: the abstract's paragraphs, then
each body section's heading and paragraphs, each paragraph's text with whitespace runs as one space,
paragraphs joined by a blank line. Formulas, figures, notes and the back matter (acknowledgements,
references) are left out. A file that is not well-formed XML, or not TEI, is an `InputError`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError
from ..records import Paper
from . import fields
from .fields import Skipped
from .files import read_text_file
from .formats import Record
from .sources import FieldMap

NAMESPACES = {"tei": "http://www.tei-c.org/ns/1.0"}
TEI = "{http://www.tei-c.org/ns/1.0}"
SUFFIX = ".tei.xml"
FILE_DESC = "tei:teiHeader/tei:fileDesc/"


def _all(element: ET.Element | None, path: str) -> list[ET.Element]:
    return [] if element is None else element.findall(path, NAMESPACES)


def _first(element: ET.Element | None, path: str) -> ET.Element | None:
    return None if element is None else element.find(path, NAMESPACES)


def content(element: ET.Element | None) -> str:
    """All the text inside an element, on one line."""
    return "" if element is None else fields.one_line("".join(element.itertext()), "")


def full_text(root: ET.Element) -> str:
    paragraphs = [content(p) for p in _all(root, ".//tei:profileDesc/tei:abstract//tei:p")]
    for div in _all(root, "tei:text/tei:body//tei:div"):
        paragraphs += [content(child) for child in div if child.tag in (f"{TEI}head", f"{TEI}p")]
    return "\n\n".join(p for p in paragraphs if p)


def person(name: ET.Element) -> str:
    parts = _all(name, "tei:forename") + _all(name, "tei:surname")
    return " ".join(filter(None, map(content, parts)))


def tei_paper(id: str, root: ET.Element) -> Paper:
    source = _first(root, FILE_DESC + "tei:sourceDesc/tei:biblStruct")
    title = _first(root, FILE_DESC + "tei:titleStmt/tei:title[@type='main']")
    date = _first(root, FILE_DESC + "tei:publicationStmt/tei:date[@when]")
    date = date if date is not None else _first(source, ".//tei:monogr/tei:imprint/tei:date[@type='published']")
    return fields.paper(
        id,
        fields.abstract(full_text(root)),
        content(title if title is not None else _first(root, FILE_DESC + "tei:titleStmt/tei:title")),
        tuple(filter(None, map(person, _all(source, "tei:analytic/tei:author/tei:persName")))),
        "",
        content(_first(source, "tei:monogr/tei:title")),
        fields.year(None if date is None else date.get("when")),
        fields.doi(content(_first(source, ".//tei:idno[@type='DOI']"))),
        fields.arxiv(content(_first(source, ".//tei:idno[@type='arXiv']"))),
    )


def read_tei(path: Path, names: FieldMap) -> Iterator[Record]:
    id = path.name[: -len(SUFFIX)] if path.name.lower().endswith(SUFFIX) else path.stem
    try:
        root = ET.fromstring(read_text_file(path))
    except ET.ParseError as exc:
        raise InputError(f"not well-formed XML ({exc})", path) from None
    if root.tag != f"{TEI}TEI":
        raise InputError(f"XML whose root is {root.tag.rpartition('}')[2]!r}, not a TEI document", path)
    try:
        yield str(path), tei_paper(id, root)
    except Skipped as skipped:
        yield str(path), str(skipped)
