"""BibTeX (`.bib`): each entry with an `abstract` field is a paper, its citation key the id.

Parsed by bibtexparser (v2), which resolves `@string` macros and records an entry it cannot parse as a
failed block (counted as a skip; the entries after it are still read). Title, authors and venue are
decoded from LaTeX (`G{\\"u}nnemann` -> Günnemann) by pylatexenc; the abstract stays as written, since
offsets point into it and the cleaning step reads its LaTeX.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import bibtexparser
from bibtexparser.middlewares.names import parse_single_name_into_parts, split_multiple_persons_names
from bibtexparser.model import Block, DuplicateBlockKeyBlock, Entry
from pylatexenc.latex2text import LatexNodes2Text

from ..records import Paper
from . import fields
from .fields import Skipped
from .files import read_text_file
from .formats import Record
from .sources import FieldMap

BROKEN_ENTRY = "broken BibTeX entry"
LATEX = LatexNodes2Text()
# bibtexparser logs each failed block as a warning; paperkg counts them as skips instead
logging.getLogger("bibtexparser").setLevel(logging.ERROR)


def plain_text(value: str) -> str:
    """A field's LaTeX as text, on one line: "{BERT}: Pre-training of\\n Deep" -> "BERT: Pre-training of Deep"."""
    return fields.one_line(LATEX.latex_to_text(value) if "\\" in value or "{" in value or "$" in value else value, "")


def person(name: str) -> str:
    """A name written "Last, First" or "First Last" as "First Last" (von and Jr. parts in their places)."""
    try:
        return plain_text(parse_single_name_into_parts(name).merge_first_name_first)
    except ValueError:  # bibtexparser's InvalidNameError: a name its splitter cannot read
        return plain_text(name)


def entry_paper(key: str, entry: dict[str, str]) -> Paper:
    abstract = fields.abstract(entry.get("abstract"))
    archive = entry.get("archiveprefix") or entry.get("eprinttype") or ""
    return fields.paper(
        key.strip(),
        abstract,
        plain_text(entry.get("title", "")),
        tuple(n for n in map(person, split_multiple_persons_names(entry.get("author", ""))) if n),
        entry.get("url", "").strip(),
        plain_text(entry.get("booktitle") or entry.get("journal") or ""),
        fields.year(entry.get("year")),
        fields.doi(entry.get("doi")),
        fields.arxiv(entry.get("eprint")) if archive.lower() == "arxiv" else "",
    )


def read_bibtex(path: Path, names: FieldMap) -> Iterator[Record]:
    library = bibtexparser.parse_string(read_text_file(path))
    blocks: list[Block] = [*library.entries, *library.failed_blocks]
    for block in sorted(blocks, key=lambda b: b.start_line or 0):
        where = f"{path}:{(block.start_line or 0) + 1}"
        if isinstance(block, DuplicateBlockKeyBlock):
            yield where, "duplicate id"
            continue
        if not isinstance(block, Entry):
            yield where, BROKEN_ENTRY
            continue
        try:
            yield where, entry_paper(block.key, {f.key.lower(): str(f.value) for f in block.fields})
        except Skipped as skipped:
            yield where, str(skipped)
