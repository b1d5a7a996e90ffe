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


def read_dygiepp(path: Path, label_map: dict[str, str] = DEFAULT_LABEL_MAP) -> list[GoldDoc]:
    """Documents of a dygiepp/PURE JSONL file; entity types outside `label_map` are ignored."""
    docs = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read gold file ({exc})", path) from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            tokens = [t for sentence in record["sentences"] for t in sentence]
            text, offsets = detokenize(tokens)
            spans = frozenset(
                (offsets[s][0], offsets[e][1], label_map[label])
                for sentence in record["ner"]
                for s, e, label, *_ in sentence
                if label in label_map
            )
        except (json.JSONDecodeError, KeyError, TypeError, IndexError, ValueError) as exc:
            raise InputError(f"not a dygiepp document ({type(exc).__name__}: {exc})", path, number) from None
        docs.append(GoldDoc(str(record.get("doc_key") or record.get("doc_id") or number), text, spans))
    return docs
