"""Readers of files of records (JSON Lines, JSON, CSV) and of plain text: each yields, per record, where it
is and the record (an object for `sources` to lay out), its `Paper`, or the reason it is skipped."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..records import Paper
from .fields import text_id
from .files import parse_json, read_text_file
from .sources import LAYOUTS, FieldMap

# What a reader yields: where the record is, and the record, its Paper or the reason it is skipped.
Record = tuple[str, dict[str, Any] | Paper | str]
# The key of a JSON object that holds the papers: paperkg's own, an OpenAlex API page, a Semantic Scholar one.
WRAPPERS = ("papers", "results", "data")
# The csv module's errors, in words that say what is wrong with the file.
CSV_ERRORS = {"unexpected end of data": "a quoted field opened in this record is never closed"}
EXTRA_CSV_FIELDS = "more fields than the header row"
HEADER_MAX_WORDS = 12


def _record(value: Any) -> dict[str, Any] | str:
    return value if isinstance(value, dict) else "record is not an object"


def read_jsonl(path: Path, names: FieldMap) -> Iterator[Record]:
    # "\n" only: str.splitlines() would also split inside a record at U+2028 or U+0085, which JSON allows
    for number, line in enumerate(read_text_file(path).split("\n"), start=1):
        if not line.strip():
            continue
        try:
            value = parse_json(line)
        except ValueError:
            yield f"{path}:{number}", "broken JSON line"
            continue
        yield f"{path}:{number}", _record(value)


def read_json(path: Path, names: FieldMap) -> Iterator[Record]:
    """A JSON array of records, an object holding one under a `WRAPPERS` key, or one record."""
    try:
        data = parse_json(read_text_file(path))
    except ValueError as exc:
        raise InputError(f"invalid JSON ({exc})", path) from None
    if isinstance(data, dict):
        wrapped = [data[key] for key in WRAPPERS if isinstance(data.get(key), list)]
        data = wrapped[0] if wrapped else [data] if is_record(data, names) else data
    if not isinstance(data, list):
        keys = " or ".join(f'"{key}"' for key in WRAPPERS)
        raise InputError(f"expected a JSON array of paper objects, or an object with one under {keys}", path)
    for index, value in enumerate(data):
        yield f"{path}[{index}]", _record(value)


def is_record(data: dict[str, Any], names: FieldMap) -> bool:
    """Whether one JSON object is itself a paper: it has an abstract, in any layout."""
    abstract = names.get("abstract", "abstract")
    return any(key.lower() == abstract.lower() for key in data) or any(is_layout(data) for _, is_layout, _ in LAYOUTS)


def _csv_rows(text: str, path: Path) -> Iterator[tuple[int, list[str]]]:
    """Each row that is not blank, with the line it starts on. The reader is strict: a lax one reads an
    unclosed quote as one field that runs to the end of the file, and the records after it are lost."""
    # the csv module refuses fields over 128 KiB by default; a long abstract is still an abstract
    csv.field_size_limit(max(csv.field_size_limit(), len(text)))
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            where = f" on line {reader.line_num}" if reader.line_num > start else ""
            raise InputError(f"malformed CSV ({CSV_ERRORS.get(str(exc), f'{exc}{where}')})", path, start) from None
        if row:
            yield start, row


def read_csv(path: Path, names: FieldMap) -> Iterator[Record]:
    rows = _csv_rows(read_text_file(path), path)
    header = [f.strip().lower() for f in next(rows, (0, []))[1]]
    abstract = names.get("abstract", "abstract").lower()
    if abstract not in header:
        raise InputError(f"CSV has no '{abstract}' column in its header row", path)
    for line, row in rows:
        # an unquoted comma splits a field in two, and what follows it would land in the wrong column
        extra = any(cell.strip() for cell in row[len(header) :])
        yield f"{path}:{line}", EXTRA_CSV_FIELDS if extra else dict(zip(header, row))


def split_paragraphs(text: str) -> list[str]:
    """Paragraphs separated by blank lines, stripped, empty ones dropped."""
    paragraphs, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append("\n".join(current).strip())
            current = []
    if current:
        paragraphs.append("\n".join(current).strip())
    return paragraphs


def is_header(paragraph: str) -> bool:
    """The seed's optional first line: one short line that is not a sentence."""
    return "\n" not in paragraph and len(paragraph.split()) <= HEADER_MAX_WORDS and not paragraph.endswith(".")


def read_text(path: Path, names: FieldMap) -> Iterator[Record]:
    """Plain text: an optional header line, then one abstract per paragraph."""
    return text_records(path, read_text_file(path))


def text_records(path: Path, text: str) -> Iterator[Record]:
    paragraphs = split_paragraphs(text)
    first = 2 if paragraphs and is_header(paragraphs[0]) else 1
    for number, abstract in enumerate(paragraphs[first - 1 :], start=first):
        yield f"{path}, paragraph {number}", Paper(id=text_id(abstract), abstract=abstract)
