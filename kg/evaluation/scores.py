"""`kg eval`: score the product's own mentions against gold spans (see kg.evaluation.gold).

The gold text is run through the normal extraction, and mentions are compared as character spans:
exact (same start, end and label) and overlap (a span of the same label shares a character).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import InputError
from .gold import DEFAULT_LABEL_MAP, GoldDoc, Span


@dataclass
class LabelCounts:
    tp: int = 0
    predicted: int = 0
    gold: int = 0
    overlap_tp_predicted: int = 0  # predictions that overlap a gold span of their label
    overlap_tp_gold: int = 0  # gold spans overlapped by a prediction of their label

    def add(self, other: "LabelCounts") -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Scores:
    by_label: dict[str, LabelCounts] = field(default_factory=dict)

    def micro(self) -> LabelCounts:
        total = LabelCounts()
        for counts in self.by_label.values():
            total.add(counts)
        return total


def prf(tp_p: int, predicted: int, tp_g: int, gold: int) -> tuple[float, float, float]:
    p = tp_p / predicted if predicted else 0.0
    r = tp_g / gold if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def score_doc(gold: Iterable[Span], predicted: Iterable[Span]) -> dict[str, LabelCounts]:
    gold, predicted = set(gold), set(predicted)
    out: dict[str, LabelCounts] = {}
    for label in sorted({s[2] for s in gold | predicted}):
        g = [s for s in gold if s[2] == label]
        p = [s for s in predicted if s[2] == label]

        def overlaps(a: Span, spans: list[Span]) -> bool:
            return any(a[0] < b[1] and b[0] < a[1] for b in spans)

        out[label] = LabelCounts(
            tp=len(set(g) & set(p)),
            predicted=len(p),
            gold=len(g),
            overlap_tp_predicted=sum(overlaps(a, g) for a in p),
            overlap_tp_gold=sum(overlaps(a, p) for a in g),
        )
    return out


def evaluate(
    docs: list[GoldDoc], nlp: Any = None, min_confidence: float | None = None
) -> Scores:  # nlp: a spaCy Language, imported lazily
    """Run the product's extraction over the gold documents and score it: the extractor's mentions, or with
    `min_confidence` the mentions a build of the documents keeps (resolved, and of links that confident)."""
    from ..confidence import resolve_confident
    from ..corpus import Paper
    from ..nlp.parse import extract

    papers = [Paper(doc.id, doc.text) for doc in docs]
    mentions, relations, _ = extract(papers, nlp)
    if min_confidence is not None:
        mentions = resolve_confident(mentions, relations, papers, min_confidence)[0].mentions
    predicted: dict[str, set[Span]] = {doc.id: set() for doc in docs}
    for m in mentions:
        predicted[m.paper].add((m.start, m.end, m.label))
    scores = Scores()
    for doc in docs:
        for label, counts in score_doc(doc.spans, predicted[doc.id]).items():
            scores.by_label.setdefault(label, LabelCounts()).add(counts)
    return scores


def format_scores(scores: Scores) -> str:
    lines = [f"{'label':<8} {'gold':>6} {'pred':>6}   {'P':>6} {'R':>6} {'F1':>6}   {'P~':>6} {'R~':>6} {'F1~':>6}"]
    rows = sorted(scores.by_label.items()) + [("micro", scores.micro())]
    for label, c in rows:
        exact = prf(c.tp, c.predicted, c.tp, c.gold)
        overlap = prf(c.overlap_tp_predicted, c.predicted, c.overlap_tp_gold, c.gold)
        lines.append(
            f"{label:<8} {c.gold:>6} {c.predicted:>6}   "
            + " ".join(f"{v:>6.3f}" for v in exact)
            + "   "
            + " ".join(f"{v:>6.3f}" for v in overlap)
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
