"""Span tidying on tiny hand-tagged docs (no model needed: only words, spaces and parts of speech), and a phrase
set beside a name with the real pipeline."""

import pytest
import spacy
from spacy.tokens import Doc, Span

from kg.nlp.spans import is_name, name_after_kind, named_by_apposition, tidy
from kg.settings import SPAN_KEY

NLP = spacy.blank("en")


def tidied(words: list[str], pos: list[str]) -> str | None:
    """A hyphen or en dash joins the words beside it, as in text ("n-gram", "Runge–Kutta"); every other token
    is followed by a space."""
    joining = {"-", "–"}
    spaces = [not (w in joining or i + 1 < len(words) and words[i + 1] in joining) for i, w in enumerate(words)]
    doc = Doc(NLP.vocab, words=words, pos=pos, spaces=spaces)
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
        (["n", "-", "gram", "models"], ["CCONJ", "PUNCT", "NOUN", "NOUN"], "n-gram models"),  # spaCy's tag for "n"
        (["OR", "-", "Bench"], ["CCONJ", "PUNCT", "PROPN"], "OR-Bench"),
        (["RL", "--", "policy", "evaluation"], ["PROPN", "PUNCT", "NOUN", "NOUN"], "RL"),  # a dash between phrases
        (["Runge", "–", "Kutta", "methods"], ["PROPN", "PUNCT", "PROPN", "NOUN"], "Runge–Kutta methods"),
        (["fine", "-", "tuning", "them"], ["NOUN", "PUNCT", "NOUN", "PRON"], "fine-tuning"),  # a trailing pronoun
        (
            ["Gemma", "-", "2", "-", "9b", "-", "it"],
            ["PROPN", "PUNCT", "NUM", "PUNCT", "NOUN", "PUNCT", "PRON"],
            "Gemma-2-9b-it",
        ),
    ],
)
def test_tidy(words, pos, expected):
    assert tidied(words, pos) == expected


def test_the_letters_split_off_a_name_are_part_of_it():
    """The tokenizer reads the "K" of "GSM8K" as a unit after a number; after a number alone it is one
    ("32K tokens"), and a word after a space is no part of the name before it."""
    names = Doc(
        NLP.vocab, words=["GSM8", "K", ",", "32", "K", "tokens", "GPT-4", "outputs"], spaces=[0, 1, 1, 0, 1, 1, 1, 0]
    )
    assert [t.text for t in names if is_name(t)] == ["GSM8", "K", "GPT-4"]


def test_a_phrase_set_beside_a_name_stands_for_it(nlp):
    doc = nlp("We present F-16, the first multimodal LLM for video understanding, and LoRA, DoRA and QLoRA.")
    spans = {s.text: s for s in doc.spans[SPAN_KEY]}
    by_token = {t: s for s in spans.values() for t in range(s.start, s.end)}
    assert named_by_apposition(spans["multimodal LLM"], by_token).text == "F-16"
    assert named_by_apposition(spans["DoRA"], by_token).text == "DoRA"  # a list, not an apposition


@pytest.mark.parametrize(
    "text, lemmas, expected",
    [
        ("unified model UniIF", ["unified", "model", "UniIF"], ("UniIF", "METHOD")),
        ("pioneering method LoRA", ["pioneer", "method", "LoRA"], ("LoRA", "METHOD")),
        (
            "neuromorphic dataset N-Omniglot",
            ["neuromorphic", "dataset", "N", "-", "Omniglot"],
            ("N-Omniglot", "DATASET"),
        ),
        ("models NextCoder", ["model", "NextCoder"], ("NextCoder", "METHOD")),
        ("diffusion model APIs", ["diffusion", "model", "API"], None),  # a plural: a class of things
        ("SOTA diffusion model EDM", ["SOTA", "diffusion", "model", "EDM"], None),  # a name before it
        ("image model benchmark", ["image", "model", "benchmark"], None),  # no name after the kind word
        ("UniIF", ["UniIF"], None),
    ],
)
def test_a_name_after_a_kind_word_is_the_mention(text, lemmas, expected):
    words = text.replace("-", " - ").split()
    spaces = [i + 1 < len(words) and "-" not in (w, words[i + 1]) for i, w in enumerate(words)]
    doc = Doc(NLP.vocab, words=words, spaces=spaces, lemmas=lemmas)
    span = Span(doc, 0, len(doc), label="TASK")
    found = name_after_kind(span)
    assert (found.text, found.label_) == expected if expected else found == span


def test_a_model_named_after_its_kind_is_found_alone(nlp):
    doc = nlp("We propose a unified model UniIF for the inverse folding of all molecules.")
    assert [(s.text, s.label_) for s in doc.spans[SPAN_KEY]] == [("UniIF", "METHOD")]
