"""Span tidying on tiny hand-tagged docs (no model needed: only words, spaces and parts of speech)."""

import pytest
import spacy
from spacy.tokens import Doc, Span

from kg.nlp.terms import tidy

NLP = spacy.blank("en")


def tidied(words: list[str], pos: list[str]) -> str | None:
    doc = Doc(NLP.vocab, words=words, pos=pos)
    span = tidy(Span(doc, 0, len(doc), label="METHOD"))
    return None if span is None else span.text


@pytest.mark.parametrize(
    "words, pos, expected",
    [
        (["inference", "of"], ["NOUN", "ADP"], "inference"),
        (["gating", "and"], ["NOUN", "CCONJ"], "gating"),
        (["and", "UCF", "datasets"], ["CCONJ", "PROPN", "NOUN"], "UCF datasets"),
        (["2", "]", "dataset"], ["NUM", "PUNCT", "NOUN"], "dataset"),
        (["ILSVRC", "[", "28"], ["PROPN", "PUNCT", "NUM"], "ILSVRC"),
        (["machine", "learning", "("], ["NOUN", "NOUN", "PUNCT"], "machine learning"),
        (["n", "-", "gram", "models"], ["CCONJ", "PUNCT", "NOUN", "NOUN"], "n - gram models"),  # spaCy's tag for "n"
        (["OR", "-", "Bench"], ["CCONJ", "PUNCT", "PROPN"], "OR - Bench"),
    ],
)
def test_tidy(words, pos, expected):
    assert tidied(words, pos) == expected
