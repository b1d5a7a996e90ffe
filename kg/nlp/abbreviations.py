"""Schwartz–Hearst abbreviation detection: "Graph Neural Networks (GNNs)" pairs long and short form.

Pairs go on `doc._.abbreviations` as ((start, end), (start, end)) token offsets of the long and short
form, one per definition (plain data, so docs pickle across processes); the pure helpers it uses, on
plain strings, are in kg.nlp.short_forms.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

from .short_forms import find_long_form, is_short_form

MAX_SHORT_TOKENS = 3


def find_abbreviations(doc: Doc) -> list[tuple[Span, Span]]:
    """Every "long form (SF)" definition in the doc, as token-aligned spans."""
    pairs = []
    for open_tok in doc:
        if open_tok.text != "(":
            continue
        close = next((t for t in doc[open_tok.i + 1 : open_tok.i + 2 + MAX_SHORT_TOKENS] if t.text == ")"), None)
        if close is None or close.i == open_tok.i + 1:
            continue
        short = doc[open_tok.i + 1 : close.i]
        if not is_short_form(short.text):
            continue
        sentence_start = open_tok.sent.start
        words_max = min(len(short.text) + 5, 2 * len(short.text))
        first = max(sentence_start, open_tok.i - 2 * words_max)
        window = doc[first : open_tok.i]
        start = find_long_form(short.text, window.text)
        if start is None:
            continue
        long = doc.char_span(window.start_char + start, window.end_char, alignment_mode="expand")
        while long is not None and len(long) > 0 and (long[0].is_punct or long[-1].is_punct):
            long = long[1:] if long[0].is_punct else long[:-1]  # "the "follow-the-leader" (FTL)": no quotes
        if long is not None and len(long) > 0:
            pairs.append((long, short))
    return pairs


@Language.factory("kg_abbreviations", requires=["token.pos"], assigns=["doc._.abbreviations"])
def make_abbreviation_detector(nlp: Language, name: str) -> "AbbreviationDetector":
    return AbbreviationDetector()


class AbbreviationDetector:
    """Sets `doc._.abbreviations` to the (long form, short form) offsets defined in the doc."""

    def __init__(self) -> None:
        if not Doc.has_extension("abbreviations"):
            Doc.set_extension("abbreviations", default=[])

    def __call__(self, doc: Doc) -> Doc:
        doc._.abbreviations = [((lf.start, lf.end), (sf.start, sf.end)) for lf, sf in find_abbreviations(doc)]
        return doc
