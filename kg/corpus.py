"""Reading papers: one reader per input format, all yielding `Paper` records or skip reasons.

Fatal problems with a whole input (missing path, unreadable file, wrong shape) raise `InputError`;
problems with one record inside good input (broken line, no abstract, a field of the wrong type, duplicate
id, no words once markup is gone) are counted as skips so that the rest of the corpus still builds. Each
reader yields (where, Paper or skip reason), `where` naming the file and line, item or paragraph.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from .clean import has_words
from .errors import InputError
from .layout import BUILD_FILES

SUFFIXES = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".csv": "csv", ".txt": "text"}
# Byte-order marks of text that is not UTF-8; UTF-32's come first, as UTF-32-LE's begins with UTF-16-LE's.
FOREIGN_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)
# The csv module's errors, in words that say what is wrong with the file.
CSV_ERRORS = {"unexpected end of data": "a quoted field opened in this record is never closed"}
HEADER_MAX_WORDS = 12
NO_WORDS = "no words once markup is removed"
# A record with a longer field (as Turtle writes it) is skipped: Oxigraph reads no RDF term over 16 MiB.
MAX_FIELD_BYTES = 8 * 2**20
CONTROL = re.compile("[\x00-\x1f\x7f]")  # written as \uXXXX
TOO_LARGE = f"a field over {MAX_FIELD_BYTES // 2**20} MiB"
EXTRA_CSV_FIELDS = "more fields than the header row"
# A year: an integer of four digits, or a text (a date) that starts with one.
YEAR_RANGE = range(1000, 10000)
YEAR_TEXT = re.compile(r"[1-9][0-9]{3}(?![0-9])")


@dataclass(frozen=True)
class Paper:
    id: str
    abstract: str
    title: str = ""
    authors: tuple[str, ...] = ()
    url: str = ""
    venue: str = ""
    year: int | None = None


# What a reader yields: where the record is, and its Paper or the reason it is skipped.
Record = tuple[str, Paper | str]


@dataclass(frozen=True)
class Skip:
    """A record left out of the build, and why."""

    source: str
    reason: str


@dataclass
class Corpus:
    papers: list[Paper] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)

    def skip_counts(self) -> Counter[str]:
        return Counter(s.reason for s in self.skipped)

    def skip_summary(self) -> str:
        """How many records were skipped, by reason: "2 (broken JSON line), 1 (no abstract)"."""
        return ", ".join(f"{n} ({reason})" for reason, n in sorted(self.skip_counts().items()))


def text_id(abstract: str) -> str:
    """A stable id for a paper that has none: derived from its abstract text."""
    return "txt-" + hashlib.sha1(abstract.strip().encode("utf-8")).hexdigest()[:12]


class WrongField(ValueError):
    """A field of a record that holds something other than what the field means: the record's skip reason."""


def _text(value: Any, name: str) -> str:
    """A text field: a string, stripped; missing or null is empty."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise WrongField(f"{name} is not a string")
    return value.strip()


def _id(value: Any) -> str:
    """An id is a string or an integer (JSON exports often number their records)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if value is not None and not isinstance(value, str):
        raise WrongField("id is not a string or an integer")
    return _text(value, "id")


def _year(value: Any) -> int | None:
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
    raise WrongField("year is not a four-digit year")


def _author(value: Any) -> str:
    """An author is a name, or an object with a name (`{"name": "Ann A", "affiliation": ...}`); null is none."""
    if value is None:
        return ""
    name = value.get("name") if isinstance(value, dict) else value
    if not isinstance(name, str):
        raise WrongField("an author is not a name")
    return name.strip()


def _authors(value: Any) -> tuple[str, ...]:
    """A list of authors, or one string with `;` between names."""
    if value is not None and not isinstance(value, (list, str)):
        raise WrongField("authors are not a list or a string")
    names = value if isinstance(value, list) else _text(value, "authors").split(";")
    return tuple(name for name in map(_author, names) if name)


def paper_from_record(record: Any) -> Paper | str:
    """A `Paper` from one JSON/CSV record, or the reason it cannot be one."""
    if not isinstance(record, dict):
        return "record is not an object"
    abstract = record.get("abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        return "no abstract"
    try:
        paper = Paper(
            id=_id(record.get("id")) or text_id(abstract),
            abstract=abstract,
            title=_text(record.get("title"), "title"),
            authors=_authors(record.get("authors")),
            url=_text(record.get("url"), "url"),
            venue=_text(record.get("venue"), "venue"),
            year=_year(record.get("year")),
        )
        # JSON's "\ud800" escapes decode to lone surrogates, which no UTF-8 export can write
        "".join([paper.id, paper.abstract, paper.title, paper.url, paper.venue, *paper.authors]).encode("utf-8")
    except WrongField as wrong:
        return str(wrong)
    except UnicodeEncodeError:
        return "invalid Unicode (lone surrogate)"
    return paper


def _read_text_file(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", path) from None
    if not data.strip():
        raise InputError("file is empty", path)
    for bom, encoding in FOREIGN_BOMS:
        if data.startswith(bom):
            raise InputError(f"{encoding} text, expected UTF-8", path)
    if b"\x00" in data:
        raise InputError("binary file, expected text (UTF-8)", path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", path) from None


def _json(text: str) -> Any:
    """`json.loads`, with nesting too deep for Python's parser reported as invalid JSON (ValueError)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def read_jsonl(path: Path) -> Iterator[Record]:
    # "\n" only: str.splitlines() would also split inside a record at U+2028 or U+0085, which JSON allows
    for number, line in enumerate(_read_text_file(path).split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = _json(line)
        except ValueError:
            yield f"{path}:{number}", "broken JSON line"
            continue
        yield f"{path}:{number}", paper_from_record(record)


def read_json(path: Path) -> Iterator[Record]:
    try:
        data = _json(_read_text_file(path))
    except ValueError as exc:
        raise InputError(f"invalid JSON ({exc})", path) from None
    if isinstance(data, dict) and isinstance(data.get("papers"), list):
        data = data["papers"]
    elif isinstance(data, dict) and "abstract" in data:
        data = [data]
    if not isinstance(data, list):
        raise InputError("expected a JSON array of paper objects", path)
    for index, record in enumerate(data):
        yield f"{path}[{index}]", paper_from_record(record)


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


def read_csv(path: Path) -> Iterator[Record]:
    rows = _csv_rows(_read_text_file(path), path)
    fields = [f.strip().lower() for f in next(rows, (0, []))[1]]
    if "abstract" not in fields:
        raise InputError("CSV has no 'abstract' column in its header row", path)
    for line, row in rows:
        # an unquoted comma splits a field in two, and what follows it would land in the wrong column
        extra = any(cell.strip() for cell in row[len(fields) :])
        yield f"{path}:{line}", EXTRA_CSV_FIELDS if extra else paper_from_record(dict(zip(fields, row)))


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


def read_text(path: Path) -> Iterator[Record]:
    """Plain text: an optional header line, then one abstract per paragraph."""
    paragraphs = split_paragraphs(_read_text_file(path))
    first = 2 if paragraphs and is_header(paragraphs[0]) else 1
    for number, abstract in enumerate(paragraphs[first - 1 :], start=first):
        yield f"{path}, paragraph {number}", Paper(id=text_id(abstract), abstract=abstract)


READERS = {"jsonl": read_jsonl, "json": read_json, "csv": read_csv, "text": read_text}


def _files_in(path: Path) -> list[Path]:
    """A path given as input -> the files it means: itself, or a folder's supported files in name order
    (not the files a build writes there)."""
    if path.is_dir():
        found = sorted(
            p for p in path.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES and p.name not in BUILD_FILES
        )
        if not found:
            raise InputError(f"folder has no {', '.join(sorted(SUFFIXES))} files", path)
        return found
    if path.is_file():
        if path.suffix.lower() not in SUFFIXES:
            raise InputError(f"unsupported file type (use {', '.join(sorted(SUFFIXES))})", path)
        return [path]
    if path.exists():
        raise InputError("not a regular file or folder", path)
    raise InputError("no such file or folder", path)


def input_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders into their supported files; check that every path exists and can be looked at."""
    files: list[Path] = []
    for path in map(Path, paths):
        try:
            files.extend(_files_in(path))
        except OSError as exc:  # a folder on the way without search permission, a name too long
            raise InputError(f"cannot read ({exc.strerror or exc})", exc.filename or path) from None
    return files


def too_large(paper: Paper) -> bool:
    """Whether a field is over MAX_FIELD_BYTES as Turtle writes it: in UTF-8, with a control character as
    `\\uXXXX` (six bytes). Counted only for a field that might be: at most six bytes a character."""
    fields = (paper.id, paper.abstract, paper.title, paper.url, paper.venue, *paper.authors)
    return any(len(f) * 6 > MAX_FIELD_BYTES and turtle_bytes(f) > MAX_FIELD_BYTES for f in fields)


def turtle_bytes(text: str) -> int:
    return len(text.encode("utf-8")) + 5 * len(CONTROL.findall(text))


def read_corpus(paths: Iterable[Path]) -> Corpus:
    """Read every input, skipping abstracts with no words and later records with an id already seen."""
    corpus = Corpus()
    seen: set[str] = set()
    for path in input_files(paths):
        for where, item in READERS[SUFFIXES[path.suffix.lower()]](path):
            if isinstance(item, Paper) and too_large(item):
                item = TOO_LARGE
            elif isinstance(item, Paper) and not has_words(item.abstract):
                item = NO_WORDS
            elif isinstance(item, Paper) and item.id in seen:
                item = "duplicate id"
            if isinstance(item, str):
                corpus.skipped.append(Skip(where, item))
            else:
                seen.add(item.id)
                corpus.papers.append(item)
    return corpus
