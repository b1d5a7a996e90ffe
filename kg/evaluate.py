"""`kg eval`: score the product's own mentions against gold spans (dygiepp/PURE JSON).

Gold documents are token lists with document-level, inclusive-end entity offsets. They are
detokenized into plain text, run through the normal extraction, and compared as character spans:
exact (same start, end and label) and overlap (a span of the same label shares a character).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .errors import InputError

DEFAULT_LABEL_MAP = {"Method": "METHOD", "Task": "TASK", "Dataset": "DATASET", "Material": "DATASET"}
PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"'}
NO_SPACE_BEFORE = {",", ".", ";", ":", "!", "?", ")", "]", "}", "%", "'s", "n't", "'re", "'ve", "'ll", "'d", "'m", "-", "/"}
NO_SPACE_AFTER = {"(", "[", "{", "-", "/"}

Span = tuple[int, int, str]


@dataclass(frozen=True)
class GoldDoc:
    id: str
    text: str
    spans: frozenset[Span]


@dataclass
class Counts:
    tp: int = 0
    predicted: int = 0
    gold: int = 0
    overlap_tp_predicted: int = 0  # predictions that overlap a gold span of their label
    overlap_tp_gold: int = 0  # gold spans overlapped by a prediction of their label

    def add(self, other: "Counts") -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Scores:
    by_label: dict[str, Counts] = field(default_factory=dict)

    def micro(self) -> Counts:
        total = Counts()
        for counts in self.by_label.values():
            total.add(counts)
        return total


def prf(tp_p: int, predicted: int, tp_g: int, gold: int) -> tuple[float, float, float]:
    p = tp_p / predicted if predicted else 0.0
    r = tp_g / gold if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


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


def score_doc(gold: Iterable[Span], predicted: Iterable[Span]) -> dict[str, Counts]:
    gold, predicted = set(gold), set(predicted)
    out: dict[str, Counts] = {}
    for label in sorted({s[2] for s in gold | predicted}):
        g = [s for s in gold if s[2] == label]
        p = [s for s in predicted if s[2] == label]

        def overlaps(a: Span, spans: list[Span]) -> bool:
            return any(a[0] < b[1] and b[0] < a[1] for b in spans)

        out[label] = Counts(
            tp=len(set(g) & set(p)),
            predicted=len(p),
            gold=len(g),
            overlap_tp_predicted=sum(overlaps(a, g) for a in p),
            overlap_tp_gold=sum(overlaps(a, p) for a in g),
        )
    return out


def evaluate(docs: list[GoldDoc], nlp=None) -> Scores:  # noqa: ANN001 (spaCy Language, imported lazily)
    """Run the product's extraction over the gold documents and score it."""
    from .corpus import Paper
    from .nlp.extract import extract_mentions

    mentions = extract_mentions([Paper(doc.id, doc.text) for doc in docs], nlp)
    predicted: dict[str, set[Span]] = {doc.id: set() for doc in docs}
    for m in mentions:
        predicted[m.paper].add((m.start, m.end, m.label))
    scores = Scores()
    for doc in docs:
        for label, counts in score_doc(doc.spans, predicted[doc.id]).items():
            scores.by_label.setdefault(label, Counts()).add(counts)
    return scores


def format_scores(scores: Scores) -> str:
    lines = [f"{'label':<8} {'gold':>6} {'pred':>6}   {'P':>6} {'R':>6} {'F1':>6}   {'P~':>6} {'R~':>6} {'F1~':>6}"]
    rows = sorted(scores.by_label.items()) + [("micro", scores.micro())]
    for label, c in rows:
        exact = prf(c.tp, c.predicted, c.tp, c.gold)
        overlap = prf(c.overlap_tp_predicted, c.predicted, c.overlap_tp_gold, c.gold)
        lines.append(
            f"{label:<8} {c.gold:>6} {c.predicted:>6}   "
            + " ".join(f"{v:>6.3f}" for v in exact) + "   " + " ".join(f"{v:>6.3f}" for v in overlap)
        )
    lines.append("exact: same start, end and label; ~ overlap: shares a character with a span of the same label")
    return "\n".join(lines)


def parse_label_map(items: Iterable[str]) -> dict[str, str]:
    """["Material=DATASET", ...] on top of the default map; "Material=" drops a type."""
    mapping = dict(DEFAULT_LABEL_MAP)
    for item in items:
        source, sep, target = item.partition("=")
        if not sep or (target and target not in {"METHOD", "TASK", "DATASET"}):
            raise InputError(f"--label-map {item!r}: use SOURCE=METHOD|TASK|DATASET (or SOURCE= to ignore it)")
        if target:
            mapping[source] = target
        else:
            mapping.pop(source, None)
    return mapping


