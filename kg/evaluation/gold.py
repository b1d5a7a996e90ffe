"""Gold entity spans for `kg eval` and `kg train`: dygiepp/PURE JSON lines (SciERC, SciER PLM).

Gold documents are token lists with document-level, inclusive-end entity offsets; they are detokenized
into plain text, and each span becomes a character span in it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError

DEFAULT_LABEL_MAP = {"Method": "METHOD", "Task": "TASK", "Dataset": "DATASET", "Material": "DATASET"}
PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"'}
NO_SPACE_BEFORE = {
    ",",
    ".",
    ";",
    ":",
    "!",
    "?",
    ")",
    "]",
    "}",
    "%",
    "'s",
    "n't",
    "'re",
    "'ve",
    "'ll",
    "'d",
    "'m",
    "-",
    "/",
}
NO_SPACE_AFTER = {"(", "[", "{", "-", "/"}

Span = tuple[int, int, str]


@dataclass(frozen=True)
class GoldDoc:
    id: str
    text: str
    spans: frozenset[Span]


def detokenize(tokens: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """Plain text from PTB-style tokens, with each token's character span in it."""
    parts: list[str] = []
    offsets: list[tuple[int, int]] = []
    length = 0
    previous = ""
    for raw in tokens:
        token = PTB.get(raw, raw).strip()
        if not token:
            offsets.append((length, length))
            continue
        if parts and previous not in NO_SPACE_AFTER and token not in NO_SPACE_BEFORE and raw != "''":
            parts.append(" ")
            length += 1
        offsets.append((length, length + len(token)))
        parts.append(token)
        length += len(token)
        previous = "(" if raw == "``" else token  # an opening quote takes no space after it
    return "".join(parts), offsets


def span_problem(start: object, end: object, label: object, first: int, last: int) -> str | None:
    """Why [start, end, label] cannot be a span of the sentence of tokens `first` to `last`, if it cannot."""
    if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool) or isinstance(end, bool):
        return "needs whole-number token offsets"
    if start > end:
        return "ends before it starts"
    if start < first or end > last:
        return f"is outside its sentence, tokens {first} to {last} (offsets count the document's tokens from 0)"
    if not isinstance(label, str):
        return "has a label that is not a string"
    return None


def sentences_of(record: dict) -> list[list[str]]:
    """The record's sentences, each a list of string tokens."""
    sentences = record.get("sentences")
    if not isinstance(sentences, list) or not all(isinstance(sentence, list) for sentence in sentences):
        raise ValueError("'sentences' must be a list of sentences, each a list of tokens")
    for number, sentence in enumerate(sentences, start=1):
        for position, token in enumerate(sentence, start=1):
            if not isinstance(token, str):
                raise ValueError(f"sentence {number}, token {position} is not a string: {token!r:.60}")
    return sentences


def spans_of(
    record: dict, sentences: list[list[str]], offsets: list[tuple[int, int]], label_map: dict[str, str]
) -> frozenset[Span]:
    """The record's entity spans as character spans; each must lie in its sentence (token offsets counted in
    the document, end inclusive), so that a negative or stray offset is an error, never another token."""
    ner = record.get("ner")
    if not isinstance(ner, list) or len(ner) != len(sentences) or not all(isinstance(s, list) for s in ner):
        raise ValueError(f"'ner' must hold a list of spans for each of the {len(sentences)} sentences")
    spans, first = set(), 0
    for number, (sentence, entities) in enumerate(zip(sentences, ner), start=1):
        last = first + len(sentence) - 1
        for entity in entities:
            if not isinstance(entity, list) or len(entity) < 3:
                raise ValueError(f"sentence {number}: a span is [start, end, label], not {entity!r:.60}")
            start, end, label = entity[:3]
            problem = span_problem(start, end, label, first, last)
            if problem:
                raise ValueError(f"sentence {number}: span {entity[:3]!r:.60} {problem}")
            if label in label_map:
                spans.add((offsets[start][0], offsets[end][1], label_map[label]))
        first = last + 1
    return frozenset(spans)


def read_dygiepp(path: Path, label_map: dict[str, str] = DEFAULT_LABEL_MAP) -> list[GoldDoc]:
    """Documents of a dygiepp/PURE JSONL file; entity types outside `label_map` are ignored. A document that
    is not consistent (a stray offset, a second document under one key) is an error naming its line."""
    docs = []
    line_of: dict[str, int] = {}
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read gold file ({exc})", path) from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError("a document is a JSON object")
            sentences = sentences_of(record)
            text, offsets = detokenize([token for sentence in sentences for token in sentence])
            spans = spans_of(record, sentences, offsets, label_map)
            key = str(record.get("doc_key") or record.get("doc_id") or number)
        except json.JSONDecodeError as exc:
            raise InputError(f"not a JSON line ({exc})", path, number) from None
        except RecursionError:
            raise InputError("not a dygiepp document (JSON nested too deeply)", path, number) from None
        except ValueError as exc:
            raise InputError(f"not a dygiepp document ({exc})", path, number) from None
        if key in line_of:
            raise InputError(
                f"the key {key!r:.60} of line {line_of[key]} again: each document needs its own doc_key", path, number
            )
        line_of[key] = number
        docs.append(GoldDoc(key, text, spans))
    return docs
