"""Span geometry and token shape: where a mention starts and ends ("a novel VLA architecture" -> "VLA
architecture"), and which tokens look like names. Pure helpers over spaCy spans, tested on tiny docs."""

from __future__ import annotations

import re
from typing import Collection, Iterable

from spacy.tokens import Span, Token

from .lexicon import DANGLING_PRONOUNS, DASHES, GENERIC_MODIFIERS, KIND_LABELS, NAME_PREPOSITIONS
from .short_forms import short_form_key

TRIM_POS = {"DET", "PRON", "NUM", "ADV", "CCONJ", "PUNCT", "PART", "ADP", "SCONJ", "AUX", "SYM"}


def words(span: Span) -> list[Span]:
    """The span cut at whitespace: "zero-shot generalization" is two words, not four tokens."""
    out, start = [], span.start
    for token in span:
        if token.whitespace_ or token.i == span.end - 1:
            out.append(span.doc[start : token.i + 1])
            start = token.i + 1
    return out


def is_filler(word: Span) -> bool:
    """A word that says nothing about which entity is meant: "a", "novel", "our", "proposed"."""
    if word.text.lower() in GENERIC_MODIFIERS:
        return True
    if len(word) == 1 and word[0].tag_ in {"VBN", "VBD"}:  # "developed techniques", "learned features"
        return True
    return all(t.pos_ in TRIM_POS for t in word)


def trim(span: Span) -> Span | None:
    """Drop filler words at the start and punctuation at the end: "a novel VLA architecture" -> "VLA architecture"."""
    kept = words(span)
    while kept and is_filler(kept[0]):
        kept.pop(0)
    if not kept:
        return None
    start, end = kept[0].start, kept[-1].end
    while end > start and span.doc[end - 1].pos_ in {"PUNCT", "CCONJ", "DET", "ADP", "PART"}:
        end -= 1
    return span.doc[start:end] if end > start else None


def named_part(span: Span) -> Span:
    """What a span "X (SF) kind" names: X, as kg.resolve keys it ("text-to-speech (TTS) methods" are methods
    for a task, and the mention is the task's); any other span itself."""
    opening = next((t.i for t in span if t.text == "("), None)
    if opening is None or opening == span.start or span.end < 2 or span.doc[span.end - 2].text != ")":
        return span
    return Span(span.doc, span.start, opening, label=span.label_)


NAME_WORD = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+-]*$")


def name_after_kind(span: Span) -> Span:
    """The name a phrase ends with after a kind word, alone and of the label the kind word says ("a unified
    model UniIF", "the pioneering method LoRA", "a neuromorphic dataset N-Omniglot"); any other span itself.
    Left whole: a plural after the kind word ("diffusion model APIs") and a phrase with a name before it."""
    written = words(span)
    if len(written) < 2 or len(written[-2]) != 1:
        return span
    name, kind = written[-1], written[-2][0]
    label = KIND_LABELS.get(kind.lemma_.lower())
    if (
        label is None
        or not NAME_WORD.match(name.text)
        or not is_name_text(name.text)
        or short_form_key(name.text) != name.text  # a plural ("LLMs", "APIs"): a class, not one thing
        or any(is_name_text(word.text) for word in written[:-1])
    ):
        return span
    return Span(span.doc, name.start, name.end, label=label)


def is_capitalised_name(span: Span) -> bool:
    """Words that all start with a capital: "Latent Preference Coding"."""
    words = span.text.split()
    return len(words) > 1 and all(w[:1].isupper() for w in words)


def is_name(token: Token) -> bool:
    """A token spelled as only a name is, or the letters the tokenizer split off the end of one: the "K" of
    "GSM8K" and "ImageNet-1K", which it reads as a unit after a number."""
    if is_name_text(token.text):
        return True
    before = piece_before(token)
    return before is not None and token.is_alpha and is_name_text(before.text)


def piece_before(token: Token) -> Token | None:
    """The token before, where the tokenizer split one word between them ("GSM8" before the "K" of "GSM8K")."""
    doc, i = token.doc, token.i
    return (
        doc[i - 1]
        if i and not doc[i - 1].whitespace_ and doc[i - 1].text[-1].isalnum() and token.text.isalnum()
        else None
    )


def is_name_text(text: str) -> bool:
    """Spelled as only a name is: a capital after the first character, or a digit beside letters."""
    return any(map(str.isupper, text[1:])) or any(map(str.isdigit, text)) and any(map(str.isalpha, text))


ENUMERATOR = re.compile(r"^([ivx]+|[a-h]|[0-9])$")

EDGE_PUNCT = {"(", ")", "[", "]", "-", ",", ":", ";", "/", "'", '"'}

OPENING, CLOSING = {"(", "["}, {")", "]"}

# Edge punctuation and the conjunctions of "gating and", as lower-case words: spaCy tags the "n" of "n-gram"
# CCONJ, and "OR-Bench" is a name.
EDGE_WORDS = EDGE_PUNCT | {"and", "or"}

DANGLING_POS = {"ADP", "DET"}  # "inference of"


def is_dash(token: Token) -> bool:
    """A dash between phrases ("constraints - non-negative firing", "RL -- policy", "membership—i.e."), not
    one that joins words ("Runge–Kutta", "Lomb--Scargle", "teacher–student")."""
    doc = token.doc
    spaced = token.i > 0 and bool(doc[token.i - 1].whitespace_) and bool(token.whitespace_)
    return token.text == "—" or token.text in DASHES and spaced


def tidy(span: Span) -> Span | None:
    """Without punctuation, a conjunction or a preposition at its edges or a bracket left open:
    "machine learning (" -> "machine learning", "graph) neural network" -> "neural network",
    "2] dataset" -> "dataset", "inference of" -> "inference", "fine-tuning them" -> "fine-tuning", and up to a
    dash: "Model Editing - PENME" -> "Model Editing"."""
    start, end = span.start, span.end
    doc = span.doc
    end = next((t.i for t in span[1:] if is_dash(t)), end)  # "RL -- policy evaluation" -> "RL"
    while True:
        if (
            end - start > 3
            and doc[start].text == "("
            and doc[start + 2].text == ")"
            and ENUMERATOR.match(doc[start + 1].text)
        ):
            start += 3  # "(ii) high quality translation"
        while start < end and doc[start].text in EDGE_WORDS:
            start += 1
        while end > start and (
            doc[end - 1].text in EDGE_WORDS
            or doc[end - 1].pos_ in DANGLING_POS
            or end - start > 1
            and doc[end - 1].text in DANGLING_PRONOUNS
            and doc[end - 2].whitespace_
        ):
            end -= 1
        depth, cut = 0, None
        for token in doc[start:end]:
            depth += token.text in OPENING
            depth -= token.text in CLOSING
            if depth < 0:  # a ")" opened before the span: keep what follows it
                start, cut = token.i + 1, True
                break
        else:
            if depth > 0:  # an "(" never closed: keep what precedes the last one
                end, cut = max(t.i for t in doc[start:end] if t.text in OPENING), True
        if not cut:
            return Span(doc, start, end, label=span.label_) if end > start else None


def whole_words(span: Span) -> Span:
    """The span widened to whole words where the tokenizer split one: "GSM8K" is read as "GSM8" + "K",
    and a name is not cut there (hyphens, quotes and other punctuation still end a span: "GNN-based",
    'auxiliary "drafter" model')."""
    doc, start, end = span.doc, span.start, span.end
    while end < len(doc) and piece_before(doc[end]) is not None:
        end += 1
    while (
        start > 0 and not doc[start - 1].whitespace_ and doc[start].text[0].isalnum() and doc[start - 1].text.isalnum()
    ):
        start -= 1
    while (
        start > 1
        and doc[start - 1].text == "-"
        and not doc[start - 2].whitespace_
        and not doc[start - 1].whitespace_
        and is_name(doc[start])
        and doc[start - 2].text[:1].isupper()
        and doc[start - 2].text.isalnum()
    ):
        start -= 2  # a name's capitalised prefix: "Ex-VAD", "R-AdaZO"
    return span if (start, end) == (span.start, span.end) else Span(doc, start, end, label=span.label_)


def through_title_case(span: Span) -> Span:
    """A capitalised name the span stops inside at a preposition, widened to its capitalised words: "Tree of"
    of "Tree of Thoughts" -> "Tree of Thoughts" (the recognizer often ends a name at its "of")."""
    doc, end = span.doc, span.end
    if not (span[-1].lower_ in NAME_PREPOSITIONS and span[0].is_title and end < len(doc) and doc[end].is_title):
        return span
    while end < len(doc) and doc[end].is_title and not doc[end].is_sent_start:
        end += 1
    return Span(doc, span.start, end, label=span.label_)


def cut_at_verb(span: Span) -> Span | None:
    """The span up to its first verb: "SDP generalizes" -> "SDP" (hyphenated words stay whole)."""
    for token in span[1:]:
        hyphenated = token.i > 0 and token.doc[token.i - 1].text == "-" or token.text == "-"
        if token.pos_ in {"VERB", "AUX"} and not hyphenated and token.tag_ not in {"VBN", "VBG"}:
            return Span(span.doc, span.start, token.i, label=span.label_)
    return span


def covered(spans: Iterable[Span]) -> set[int]:
    """The tokens the spans cover: a span's overlap with them costs its length, where comparing it with each
    span costs their number (thousands, in an abstract of names)."""
    return {i for span in spans for i in range(span.start, span.end)}


def overlaps_any(span: Span, taken: Collection[int]) -> bool:
    """Does the span have a token in `taken` (token indices, as `covered` gives them)?"""
    return any(i in taken for i in range(span.start, span.end))


APPOSED_WORDS = {"DET", "ADJ", "ADV", "NUM"}  # between the comma after a name and the phrase set beside it


def named_by_apposition(span: Span, by_token: dict[int, Span]) -> Span:
    """The name a phrase of the same label is set beside ("F-16, the first multimodal LLM for ...": F-16), or
    the span itself: its root is an apposition of the name, or a comma and words like "the first" come between
    them (the parser does not always say apposition; "LoRA, DoRA" is a list)."""
    doc, root = span.doc, span.root
    name = by_token.get(root.head.i) if root.dep_ == "appos" else None
    if name is None:
        i = span.start - 1
        while i > span.sent.start and doc[i].pos_ in APPOSED_WORDS:
            i -= 1
        set_beside = i > span.sent.start and doc[i].text == "," and doc[i + 1].pos_ == "DET"  # not a list
        name = by_token.get(i - 1) if set_beside else None
    return name if name is not None and name is not span and name.label_ == span.label_ else span
