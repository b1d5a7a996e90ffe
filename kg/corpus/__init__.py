"""Reading papers: one reader per input format, all yielding `Paper` records or counted skips.

Fatal problems with an input named on the command line (missing path, unreadable file, wrong shape) raise
`InputError`; a file of a folder that has such a problem, or that is a notes file rather than a corpus, is
passed over and named in `Corpus.passed_over`. Problems with one record inside good input (broken line, no
abstract, a field of the wrong type, duplicate id, no words once markup is gone) are counted as skips so that
the rest of the corpus still builds. Each reader yields (where, record), `where` naming the file and line,
item or paragraph; a record is laid out as its source lays papers out (`sources`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..clean import has_words
from ..errors import InputError, KGError
from ..layout import BUILD_FILES
from ..records import Paper
from .bibtex import read_bibtex
from .fields import NO_ABSTRACT, PAPER_FIELDS, text_id
from .files import read_text_file
from .formats import Record, is_header, read_csv, read_json, read_jsonl, read_text, split_paragraphs, text_records
from .sources import FieldMap, paper_from_record
from .tei import read_tei

__all__ = ["NO_WORDS", "Corpus", "Paper", "Skip", "field_map", "input_files", "is_header", "read_corpus"]
__all__ += ["split_paragraphs", "text_id"]

READERS: dict[str, Callable[[Path, FieldMap], Iterator[Record]]] = {
    ".jsonl": read_jsonl,
    ".ndjson": read_jsonl,
    ".json": read_json,
    ".csv": read_csv,
    ".txt": read_text,
    ".bib": read_bibtex,
    ".xml": read_tei,  # `.tei.xml` as GROBID names its output; any XML whose root is TEI
}
NO_WORDS = "no words once markup is removed"
# A record with a longer field (as Turtle writes it) is skipped: Oxigraph reads no RDF term over 16 MiB.
MAX_FIELD_BYTES = 8 * 2**20
CONTROL = re.compile("[\x00-\x1f\x7f]")  # written as \uXXXX
TOO_LARGE = f"a field over {MAX_FIELD_BYTES // 2**20} MiB"
# A line a notes file or README has and a file of abstracts has not: a rule ("====", "----") or a heading.
NOTES_LINE = re.compile(r"^\s*(?:([=\-_*~#])\1{2,}|#{1,6} \S.*)\s*$", re.MULTILINE)
NOTES = "notes, not abstracts (it has heading or rule lines)"
KEYS_SHOWN = 12


@dataclass(frozen=True)
class Skip:
    """A record left out of the build, and why."""

    source: str
    reason: str


@dataclass
class Corpus:
    papers: list[Paper] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)  # the files read
    passed_over: list[tuple[Path, str]] = field(default_factory=list)  # files of a folder not read, and why
    keys_without_abstract: Counter[str] = field(default_factory=Counter)  # keys of records skipped for no abstract

    def skip_counts(self) -> Counter[str]:
        return Counter(s.reason for s in self.skipped)

    def skip_summary(self) -> str:
        """How many records were skipped, by reason: "2 (broken JSON line), 1 (no abstract)"."""
        return ", ".join(f"{n} ({reason})" for reason, n in sorted(self.skip_counts().items()))

    def no_abstract_hint(self) -> str:
        """When no record had an abstract: the keys the records had, and how to name the abstract's."""
        if self.papers or set(self.skip_counts()) != {NO_ABSTRACT} or not self.keys_without_abstract:
            return ""
        keys = [key for key, _ in self.keys_without_abstract.most_common(KEYS_SHOWN)]
        return f"; the records' keys are {', '.join(keys)}: name the abstract's with --field abstract=KEY"


def field_map(pairs: Iterable[str]) -> dict[str, str]:
    """`--field` values ("abstract=paper_abstract,title=name", or one pair each) -> {paper field: key}."""
    names: dict[str, str] = {}
    for pair in (p for value in pairs for p in value.split(",") if p.strip()):
        name, _, key = (part.strip() for part in pair.partition("="))
        if name.lower() not in PAPER_FIELDS or not key:
            raise KGError(f"--field {pair.strip()!r}: use FIELD=KEY, FIELD one of {', '.join(PAPER_FIELDS)}")
        names[name.lower()] = key
    return names


def reader_of(path: Path) -> Callable[[Path, FieldMap], Iterator[Record]] | None:
    return READERS.get(path.suffix.lower())


def _files_in(path: Path) -> list[Path]:
    """A path given as input -> the files it means: itself, or a folder's files of a known format in name
    order (not the files a build writes there)."""
    if path.is_dir():
        found = sorted(p for p in path.iterdir() if p.is_file() and reader_of(p) and p.name not in BUILD_FILES)
        if not found:
            raise InputError(f"folder has no {', '.join(sorted(READERS))} files", path)
        return found
    if path.is_file():
        if not reader_of(path):
            raise InputError(f"unsupported file type (use {', '.join(sorted(READERS))})", path)
        return [path]
    if path.exists():
        raise InputError("not a regular file or folder", path)
    raise InputError("no such file or folder", path)


def input_files(paths: Iterable[Path]) -> list[tuple[Path, bool]]:
    """Expand folders into their files, each with whether it came from a folder; check that every path
    exists and can be looked at."""
    files: list[tuple[Path, bool]] = []
    for path in map(Path, paths):
        try:
            files.extend((file, file != path) for file in _files_in(path))
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


def records_of(path: Path, in_folder: bool, names: FieldMap) -> list[Record]:
    """Every record of one file. Read whole before any is kept, so that a folder's file found broken
    half-way is passed over entirely."""
    read = reader_of(path)
    assert read is not None  # input_files keeps only the files a reader reads
    if in_folder and read is read_text:  # a folder's text file may be notes: looked at, then read, once
        if NOTES_LINE.search(text := read_text_file(path)):
            raise InputError(NOTES, path)
        return list(text_records(path, text))
    return list(read(path, names))


def read_corpus(paths: Iterable[Path], names: FieldMap | None = None) -> Corpus:
    """Read every input, skipping abstracts with no words and later records with an id already seen;
    `names` renames the plain layout's keys (see `field_map`)."""
    if unknown := sorted(set(names or {}) - set(PAPER_FIELDS)):
        raise KGError(f"unknown paper field {unknown[0]!r} (use {', '.join(PAPER_FIELDS)})")
    corpus = Corpus()
    seen: set[str] = set()
    for path, in_folder in input_files(paths):
        try:
            records = records_of(path, in_folder, names or {})
        except InputError as error:
            if not in_folder:
                raise
            corpus.passed_over.append((path, error.reason))
            continue
        corpus.files.append(path)
        for where, record in records:
            item = paper_from_record(record, names) if isinstance(record, dict) else record
            if isinstance(item, Paper) and too_large(item):
                item = TOO_LARGE
            elif isinstance(item, Paper) and not has_words(item.abstract):
                item = NO_WORDS
            elif isinstance(item, Paper) and item.id in seen:
                item = "duplicate id"
            if isinstance(item, str):
                corpus.skipped.append(Skip(where, item))
                if item == NO_ABSTRACT and isinstance(record, dict):
                    corpus.keys_without_abstract.update(record.keys())
            else:
                seen.add(item.id)
                corpus.papers.append(item)
    if not corpus.files:
        passed = "; ".join(f"{path.name}: {reason}" for path, reason in corpus.passed_over)
        raise InputError(f"no file could be read as a corpus ({passed})")
    return corpus
