"""Label propagation inside one abstract: a short form takes its long form's label and vice versa,
and a labelled name (OTTER) labels its other occurrences.

Also records, for each short form defined in the doc, its long form's clean text (`doc._.long_forms`), which
entity resolution uses to merge "GNN" with "graph neural network" only where a paper says so.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from ..settings import SPAN_KEY
from .labels import head_label, strong_head_label
from .short_forms import short_form_key
from .spans import covered, is_name, named_part, overlaps_any

MAX_NAME_TOKENS = 4


@Language.factory(
    "kg_propagate",
    default_config={"abbreviations": True, "names": True},
    requires=["doc.spans", "doc._.abbreviations"],
    assigns=["doc.spans", "doc._.long_forms"],
)
def make_label_propagator(nlp: Language, name: str, abbreviations: bool, names: bool) -> "LabelPropagator":
    return LabelPropagator(nlp.make_doc, abbreviations, names)


class LabelPropagator:
    """Switches: `abbreviations` (long ↔ short form labels), `names` (a labelled name labels its repeats)."""

    def __init__(self, make_doc: Callable[[str], Doc], abbreviations: bool = True, names: bool = True) -> None:
        self.make_doc = make_doc
        self.abbreviations = abbreviations
        self.names = names
        if not Doc.has_extension("long_forms"):
            Doc.set_extension("long_forms", default={})

    def __call__(self, doc: Doc) -> Doc:
        spans = list(doc.spans[SPAN_KEY])
        at = {t: span for span in spans for t in range(span.start, span.end)}  # kg_terms leaves one span a token
        replaced: set[Span] = set()  # pieces of a long form, which its definition replaces
        long_forms: dict[str, str] = {}
        definitions: list[Span] = []
        names: dict[str, str] = {}
        decided: dict[str, str] = {}  # long forms whose head word says what their name is
        for (ls, le), (ss, se) in doc._.abbreviations if self.abbreviations else []:
            long, short = doc[ls:le], doc[ss:se]
            cover = at.get(long.end - 1)
            after = doc[se + 1] if se + 1 < len(doc) and doc[se].text == ")" else None  # "(VLA) models"
            # the head word says what the name is: "Massive Multilingual Multimodal Benchmark (MMMB)"; for a name
            # of hyphenated words the noun after it: "Vision-Language-Action (VLA) models" (but "video-to-audio
            # (VTA) methods" are methods for a task)
            modifier = (
                len(long.text.split()) == 1
                and "-" in long.text
                and "-to-" not in long.text.lower()
                and after is not None
                and after.dep_ != "compound"
            )
            if strong := strong_head_label(long, named=True) or (
                strong_head_label(doc[se + 1 : se + 2]) if modifier else None
            ):
                decided[long.text.lower()] = strong
            label = (
                decided.get(long.text.lower())
                or (cover.label_ if cover is not None else None)
                or (short_cover.label_ if (short_cover := at.get(short.end - 1)) is not None else None)
                or head_label(long.root)
                or (head_label(after) if after is not None and after.pos_ == "NOUN" else None)
            )
            if label is None:
                continue
            pieces = list(dict.fromkeys(at[t] for t in range(long.start, long.end) if t in at))
            # "Denoising Diffusion" + "Probabilistic Model" (DDPM), "Mixture" + "Experts (MoE) framework", and
            # "the Flexible Job-Shop Scheduling Problem (FJSP)" found without "Flexible": one name
            whole = all(long.start <= s.start and (s.end <= long.end or s.end >= short.end) for s in pieces)
            part = (
                len(pieces) == 1
                and long.start <= pieces[0].start
                and pieces[0].end <= long.end
                and len(pieces[0]) < len(long)
                and not long[0].is_stop
            )
            plain = not any(t.is_punct and t.text != "-" or t.text.count("(") != t.text.count(")") for t in long)
            if (len(pieces) > 1 and whole or part) and plain:
                replaced.update(pieces)
                for piece in pieces:
                    for t in range(piece.start, piece.end):
                        del at[t]
            key = short_form_key(short.text)
            # SF stands for the long form its initials start, whatever span holds it: not for "robust" of "robust
            # reinforcement learning (RL) methods", nor for the kind word of "X (SF) techniques"
            long_forms.setdefault(key, long.text)
            definitions += [
                Span(doc, long.start, long.end, label=label),
                Span(doc, short.start, short.end, label=label),
            ]
            for variant in (key, key + "s"):
                names.setdefault(variant, label)
        doc._.long_forms = long_forms
        spans = [s for s in spans if s not in replaced]
        # Spans already found stay as they are ("convolutional neural networks (CNNs)" is one
        # mention); definitions and repeated names only fill the gaps.
        taken = covered(spans)
        spans += [d for d in filter_spans(definitions) if not overlaps_any(d, taken)]
        for span in spans if self.names else []:
            if len(span) <= MAX_NAME_TOKENS and any(is_name(t) for t in span):
                names.setdefault(span.text, span.label_)
        if names:
            matcher = PhraseMatcher(doc.vocab)
            for text in names:
                matcher.add(text, [self.make_doc(text)])
            repeated = [
                Span(doc, start, end, label=names[doc.vocab.strings[match_id]]) for match_id, start, end in matcher(doc)
            ]
            taken = covered(spans)
            spans += [r for r in filter_spans(repeated) if not overlaps_any(r, taken)]
        spans = filter_spans(spans)
        doc.spans[SPAN_KEY] = one_label_per_name(spans, long_forms, decided) if self.names else spans
        return doc


def one_label_per_name(
    spans: list[Span], long_forms: dict[str, str], decided: dict[str, str] | None = None
) -> list[Span]:
    """Give every mention of one name in one abstract the same label: the one `decided` for it, else the
    most frequent among its mentions (a short form counts with its long form, and with "long form (SF) kind"),
    ties to the first."""

    def group(span: Span) -> str:
        return long_forms.get(short_form_key(span.text), named_part(span).text).lower()

    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for span in spans:
        votes[group(span)][span.label_] += 1
    labels = {g: max(c, key=lambda label: c[label]) for g, c in votes.items()}  # first seen wins ties
    labels.update((g, label) for g, label in (decided or {}).items() if g in labels)
    return [s if s.label_ == labels[group(s)] else Span(s.doc, s.start, s.end, label=labels[group(s)]) for s in spans]
