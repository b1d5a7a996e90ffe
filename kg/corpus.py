"""Reading papers: one reader per input format, all yielding `Paper` records.

Fatal problems with a whole input (missing path, unreadable file, wrong shape) raise `InputError`;
problems with one record inside good input (broken line, no abstract, duplicate id) are counted
as skips so that the rest of the corpus still builds.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from .errors import InputError

SUFFIXES = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".csv": "csv", ".txt": "text"}
HEADER_MAX_WORDS = 12


@dataclass(frozen=True)
class Paper:
    id: str
    abstract: str
    title: str = ""
    authors: tuple[str, ...] = ()
    url: str = ""
    venue: str = ""
    year: int | None = None


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


def text_id(abstract: str) -> str:
    """A stable id for a paper that has none: derived from its abstract text."""
    return "txt-" + hashlib.sha1(abstract.strip().encode("utf-8")).hexdigest()[:12]


def _str(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _year(value: Any) -> int | None:
    try:
        return int(str(value).strip()[:4])
    except (TypeError, ValueError):
        return None


def _authors(value: Any) -> tuple[str, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(_str(a) for a in value if _str(a))
    return tuple(a.strip() for a in _str(value).split(";") if a.strip())


def paper_from_record(record: Any, where: str) -> Paper | Skip:
    """A `Paper` from one JSON/CSV record, or a `Skip` saying why it cannot be one."""
    if not isinstance(record, dict):
        return Skip(where, "record is not an object")
    abstract = record.get("abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        return Skip(where, "no abstract")
    pid = _str(record.get("id")) or text_id(abstract)
    return Paper(
        id=pid,
        abstract=abstract,
        title=_str(record.get("title")),
        authors=_authors(record.get("authors")),
        url=_str(record.get("url")),
        venue=_str(record.get("venue")),
        year=_year(record.get("year")),
    )


def _read_text_file(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", path) from None
    if not data.strip():
        raise InputError("file is empty", path)
    if b"\x00" in data:
        raise InputError("binary file, expected text (UTF-8)", path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", path) from None


def read_jsonl(path: Path) -> Iterator[Paper | Skip]:
    text = _read_text_file(path)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            yield Skip(where, "broken JSON line")
            continue
        yield paper_from_record(record, where)


def read_json(path: Path) -> Iterator[Paper | Skip]:
    text = _read_text_file(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON (line {exc.lineno}: {exc.msg})", path) from None
    if isinstance(data, dict) and isinstance(data.get("papers"), list):
        data = data["papers"]
    elif isinstance(data, dict) and "abstract" in data:
        data = [data]
    if not isinstance(data, list):
        raise InputError("expected a JSON array of paper objects", path)
    for index, record in enumerate(data):
        yield paper_from_record(record, f"{path}[{index}]")


def read_csv(path: Path) -> Iterator[Paper | Skip]:
    text = _read_text_file(path)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    if "abstract" not in fields:
        raise InputError("CSV has no 'abstract' column in its header row", path)
    reader.fieldnames = fields
    for record in reader:
        yield paper_from_record(record, f"{path}:{reader.line_num}")


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


def read_text(path: Path) -> Iterator[Paper | Skip]:
    """Plain text: an optional header line, then one abstract per paragraph."""
    paragraphs = split_paragraphs(_read_text_file(path))
    if paragraphs and is_header(paragraphs[0]):
        paragraphs = paragraphs[1:]
    for abstract in paragraphs:
        yield Paper(id=text_id(abstract), abstract=abstract)


READERS = {"jsonl": read_jsonl, "json": read_json, "csv": read_csv, "text": read_text}


def input_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders into their supported files (sorted); check that every path exists."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)
            if not found:
                raise InputError(f"folder has no {', '.join(sorted(SUFFIXES))} files", path)
            files.extend(found)
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                raise InputError(f"unsupported file type (use {', '.join(sorted(SUFFIXES))})", path)
            files.append(path)
        else:
            raise InputError("no such file or folder", path)
    return files


def read_corpus(paths: Iterable[Path]) -> Corpus:
    """Read every input; later records with an id already seen are skipped as duplicates."""
    corpus = Corpus()
    seen: set[str] = set()
    for path in input_files(paths):
        for item in READERS[SUFFIXES[path.suffix.lower()]](path):
            if isinstance(item, Skip):
                corpus.skipped.append(item)
            elif item.id in seen:
                corpus.skipped.append(Skip(f"{path}:{item.id}", "duplicate id"))
            else:
                seen.add(item.id)
                corpus.papers.append(item)
    return corpus
