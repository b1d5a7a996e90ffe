"""Label propagation inside one abstract: a short form takes its long form's label and vice versa,
and a labelled name (OTTER) labels its other occurrences.

Also records, for each short form defined in the doc, its long form's clean text (`doc._.long_forms`), which
entity resolution uses to merge "GNN" with "graph neural network" only where a paper says so.
"""

from __future__ import annotations

from typing import Callable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from ..settings import SPAN_KEY
from .abbreviations import short_form_key
from .terms import head_label, is_name

MAX_NAME_TOKENS = 4


def label_of(spans: list[Span], target: Span) -> str | None:
    """The label of a span covering `target`'s last token (the head, in English noun phrases)."""
    last = target.end - 1
    return next((span.label_ for span in spans if span.start <= last < span.end), None)


def overlaps(span: Span, others: list[Span]) -> bool:
    return any(span.start < o.end and o.start < span.end for o in others)


@Language.factory("kg_propagate")
def make_label_propagator(nlp: Language, name: str) -> "LabelPropagator":
    return LabelPropagator(nlp.make_doc)


class LabelPropagator:
    def __init__(self, make_doc: Callable[[str], Doc]) -> None:
        self.make_doc = make_doc
        if not Doc.has_extension("long_forms"):
            Doc.set_extension("long_forms", default={})

    def __call__(self, doc: Doc) -> Doc:
        spans = list(doc.spans[SPAN_KEY])
        long_forms: dict[str, str] = {}
        definitions: list[Span] = []
        names: dict[str, str] = {}
        for (ls, le), (ss, se) in doc._.abbreviations:
            long, short = doc[ls:le], doc[ss:se]
            after = doc[se + 1] if se + 1 < len(doc) and doc[se].text == ")" else None  # "(VLA) models"
            label = (
                label_of(spans, long)
                or label_of(spans, short)
                or head_label(long.root)
                or (head_label(after) if after is not None and after.pos_ == "NOUN" else None)
            )
            if label is None:
                continue
            key = short_form_key(short.text)
            long_forms.setdefault(key, long.text)
            definitions += [Span(doc, long.start, long.end, label=label), Span(doc, short.start, short.end, label=label)]
            for variant in (key, key + "s"):
                names.setdefault(variant, label)
        doc._.long_forms = long_forms
        for span in spans:
            if len(span) <= MAX_NAME_TOKENS and any(is_name(t) for t in span):
                names.setdefault(span.text, span.label_)
        repeated: list[Span] = []
        if names:
            matcher = PhraseMatcher(doc.vocab)
            for text in names:
                matcher.add(text, [self.make_doc(text)])
            for match_id, start, end in matcher(doc):
                repeated.append(Span(doc, start, end, label=names[doc.vocab.strings[match_id]]))
        # A definition beats any chunk it was parsed into; otherwise the longest span wins.
        definitions = filter_spans(definitions)
        rest = [s for s in spans + repeated if not overlaps(s, definitions)]
        doc.spans[SPAN_KEY] = filter_spans(definitions + rest)
        return doc
