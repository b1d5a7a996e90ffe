"""Rule-based METHOD / TASK / DATASET spans: noun chunks labelled by their head word, and names.

Noun chunks are labelled by the lemma of their head ("graph neural network" -> METHOD,
"image classification" -> TASK, "ImageNet benchmark" -> DATASET) once determiners and hype
words are trimmed; a chunk that is only a generic head ("the model") is dropped. Names (OTTER,
CIFAR-10, GL-LowPopArt) found by a Matcher take the label their syntax gives them: the noun they
are in apposition to, "a method called X", "experiments on X".
"""

from __future__ import annotations

import re
from typing import Any

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span, Token
from spacy.util import filter_spans

from ..settings import LABELS, LISTED_KEY, SPAN_KEY
from .labels import (
    dataset_cue,
    evaluating_sentences,
    head_label,
    is_generic,
    modifies_next,
    name_label,
    names_none,
    names_studied_property,
    precedes_model_head,
    strong_head_label,
    without_dataset_head,
)
from .lexicon import GENERIC_HEADS, LIST_CUES, LIST_WORDS, MODEL_VARIANT_WORDS
from .metric_names import is_metric_name
from .model_names import is_family_word
from .spans import (
    covered,
    cut_at_verb,
    is_name,
    is_name_text,
    name_after_kind,
    named_part,
    overlaps_any,
    through_title_case,
    tidy,
    trim,
    whole_words,
)

# A name: starts with a letter, and has two capitals or a digit (OTTER, ImageNet, CIFAR-10, LLaMA-2).
NAME_TOKEN = r"^(?=[A-Za-z][A-Za-z0-9-]*$)(?=(?:.*[A-Z]){2}|.*[0-9])"

NAME_PATTERNS: list[list[dict[str, Any]]] = [
    [{"TEXT": {"REGEX": NAME_TOKEN}}],
    [
        {"TEXT": {"REGEX": NAME_TOKEN}},
        {"TEXT": "-"},
        {"TEXT": {"REGEX": r"^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$"}},
    ],  # GL-LowPopArt, ADE20K-Part-234
]


MAX_QUOTED_TOKENS = 6
QUOTES = {'"', "“", "”"}  # kg.clean writes LaTeX quotes (``Game of 24'') as '"'


def quoted_spans(doc: Doc) -> list[Span]:
    """Names in quotes ("Game of 24", "Mini-Crosswords"): up to six tokens, the first a capital or a digit,
    labelled by their syntax, a list after "on" (datasets: 'on "Game of 24", "Mini-Crosswords" and ...') or
    their head word; a quote nothing labels is left alone ("the 'Curse of Depth'")."""
    spans = []
    listed, last_end = False, -1
    for sentence in doc.sents:  # quotes pair up in a sentence: the first with the second, the third with the fourth
        quotes = [t.i for t in sentence if t.text in QUOTES]
        for opening, closing in zip(quotes[::2], quotes[1::2]):
            start, end = opening + 1, closing
            if not 0 < end - start <= MAX_QUOTED_TOKENS or not (doc[start].text[:1].isupper() or doc[start].is_digit):
                continue
            before = doc[start - 2].lower_ if start > 1 else ""
            listed = before in LIST_CUES or listed and before in LIST_WORDS and start - 1 - last_end <= 3
            last_end = end
            span = doc[start:end]
            label = name_label(span) or ("DATASET" if listed else head_label(span.root))
            if label:
                spans.append(Span(doc, start, end, label=label))
    return spans


VERSION = re.compile(r"^(?:v?\d+(?:\.\d+)*[a-z]?|\d+(?:\.\d+)?[BMK])$")  # "1.5", "3.1", "4o", "v0.2", "7B"


def is_model_part(token: Token) -> bool:
    return bool(VERSION.match(token.text)) or token.lower_ in MODEL_VARIANT_WORDS and token.text[:1].isupper()


def model_name_spans(doc: Doc) -> list[Span]:
    """Models named by a family and what follows it, written with spaces: "Gemini 1.5 Flash", "Llama 3.1 8B",
    "Claude 3.5 Sonnet", "Mistral 7B Instruct v0.2" (the recognizer finds "Sonnet", or nothing)."""
    spans = []
    i = 0
    while i < len(doc):
        token = doc[i]
        end = i + 1
        if token.text[:1].isupper() and is_family_word(token.text.split("-")[0]):  # "Llama-3", "Qwen2.5"
            while end < len(doc) and (
                is_model_part(doc[end]) or doc[end].text == "-" and end + 1 < len(doc) and is_model_part(doc[end + 1])
            ):
                end += 1
            if end - i > 1 and doc[i:end].text.count(" "):  # one token or hyphens only: the name rules' part
                spans.append(Span(doc, i, end, label="METHOD"))
        i = end
    return spans


def chunk_spans(doc: Doc) -> list[Span]:
    """Noun chunks whose head says METHOD, TASK or DATASET, trimmed and not merely generic."""
    spans = []
    for chunk in doc.noun_chunks:
        label = head_label(chunk.root)
        span = trim(chunk)
        if label is None or span is None or chunk.root not in span:
            continue
        if len(span) == 1 and span.root.lemma_.lower() in GENERIC_HEADS and not is_name(span.root):
            continue
        spans.append(Span(doc, span.start, span.end, label=label))
    return spans


@Language.factory(
    "kg_terms",
    requires=["doc.ents", "token.pos", "token.tag", "token.dep", "token.lemma"],
    assigns=["doc.spans"],
    default_config={
        "use_model": True,
        "rule_chunks": True,
        "rule_names": True,
        "dataset_cues": True,
        "generic_filter": True,
        "cut_verbs": True,
        "syntax_labels": True,
        "strong_heads": True,
        "quoted_names": True,
        "model_names": True,
        "listed_names": True,
        "studied_properties": True,
    },
)
def make_term_finder(
    nlp: Language,
    name: str,
    use_model: bool,
    rule_chunks: bool,
    rule_names: bool,
    dataset_cues: bool,
    generic_filter: bool,
    cut_verbs: bool,
    syntax_labels: bool,
    strong_heads: bool,
    quoted_names: bool,
    model_names: bool,
    listed_names: bool,
    studied_properties: bool,
) -> "TermFinder":
    return TermFinder(
        nlp,
        use_model,
        rule_chunks,
        rule_names,
        dataset_cues,
        generic_filter,
        cut_verbs,
        syntax_labels,
        strong_heads,
        quoted_names,
        model_names,
        listed_names,
        studied_properties,
    )


class TermFinder:
    """Writes labelled, non-overlapping spans to `doc.spans[SPAN_KEY]`.

    The trained NER's entities (`doc.ents`) come first; rules add what it missed (names in telling syntax,
    quoted names, models named with spaces, the list recognizer's spans, noun chunks with a telling head),
    drop generic phrases and apply dataset cues. Each step is a switch so that its effect can be measured
    (`kg eval`, benchmarks/ablate_rules.py).
    """

    def __init__(
        self,
        nlp: Language,
        use_model: bool = True,
        rule_chunks: bool = True,
        rule_names: bool = True,
        dataset_cues: bool = True,
        generic_filter: bool = True,
        cut_verbs: bool = True,
        syntax_labels: bool = True,
        strong_heads: bool = True,
        quoted_names: bool = True,
        model_names: bool = True,
        listed_names: bool = True,
        studied_properties: bool = True,
    ) -> None:
        self.use_model = use_model
        self.listed_names = listed_names
        self.studied_properties = studied_properties
        self.quoted_names = quoted_names
        self.model_names = model_names
        self.strong_heads = strong_heads
        self.cut_verbs = cut_verbs
        self.syntax_labels = syntax_labels
        self.rule_chunks = rule_chunks
        self.rule_names = rule_names
        self.dataset_cues = dataset_cues
        self.generic_filter = generic_filter
        self.matcher = Matcher(nlp.vocab)
        self.matcher.add("NAME", NAME_PATTERNS, greedy="LONGEST")

    def __call__(self, doc: Doc) -> Doc:
        spans = [e for e in doc.ents if e.label_ in LABELS] if self.use_model else []
        if self.cut_verbs:
            spans = [cut for cut in map(cut_at_verb, spans) if cut is not None]
        if self.generic_filter:
            spans = [s for s in spans if not is_generic(s)]
        if self.strong_heads:
            spans = [
                Span(doc, s.start, s.end, label=label)
                if (label := strong_head_label(named_part(s))) not in (None, s.label_)
                else s
                for s in spans
            ]
        told: dict[str, str] = {}  # name -> the label its syntax gives it somewhere in the abstract
        evaluating = evaluating_sentences(doc)
        if self.rule_names:
            taken = covered(spans)
            for _, start, end in self.matcher(doc):
                name = doc[start:end]
                certain = name_label(name)
                label = certain or ("DATASET" if dataset_cue(name, evaluating) else None)
                if label and not overlaps_any(name, taken):
                    spans.append(Span(doc, start, end, label=label))
                    taken.update(range(start, end))
                if certain:
                    told.setdefault(name.text, certain)
            if self.syntax_labels:  # "OTTER, a novel VLA architecture": OTTER is a method throughout
                for span in spans:  # the model's names too: "Llama" of "the Llama and Qwen model families"
                    if precedes_model_head(span):
                        told.setdefault(span.text, "METHOD")
                    elif span.text not in told and is_name_text(span.text) and name_label(span) == "DATASET":
                        told[span.text] = "DATASET"  # "Motion-X, a large-scale motion dataset"
                spans = [
                    Span(doc, s.start, s.end, label=told[s.text]) if told.get(s.text, s.label_) != s.label_ else s
                    for s in spans
                ]
        if self.quoted_names:  # a quoted name wins over the pieces of it found before ("Tree" of "Tree of Thoughts")
            quoted = quoted_spans(doc)
            taken = covered(quoted)
            spans = [s for s in spans if not overlaps_any(s, taken)] + quoted
        if self.model_names:  # so does a model's whole name ("Sonnet" of "Claude 3.5 Sonnet")
            models = model_name_spans(doc)
            taken = covered(models)
            spans = [s for s in spans if not overlaps_any(s, taken)] + models
        if self.studied_properties:  # "adversarial robustness", which the recognizer calls a metric
            taken = covered(spans)
            spans += [
                Span(doc, e.start, e.end, label="TASK")
                for e in doc.ents
                if e.label_ == "METRIC" and names_studied_property(e) and not overlaps_any(e, taken)
            ]
        if self.listed_names and LISTED_KEY in doc.spans:  # what a researcher would list, found nowhere else
            taken = covered(spans) | covered([e for e in doc.ents if e.label_ == "METRIC"])  # "mIoU", "BLEU"
            spans += [s for s in doc.spans[LISTED_KEY] if not overlaps_any(s, taken) and not is_metric_name(s.text)]
        if self.rule_chunks:
            taken = covered(spans)
            spans += [c for c in chunk_spans(doc) if not overlaps_any(c, taken)]
        if self.dataset_cues:
            spans = [
                Span(doc, s.start, s.end, label="DATASET")
                if s.label_ != "DATASET" and dataset_cue(s, evaluating, told.get(s.text))
                else s
                for s in spans
            ]
            spans = list(map(without_dataset_head, spans))
        if self.generic_filter:
            taken = covered(spans)
            spans = [s for s in spans if not names_none(s) and not modifies_next(s, taken)]
        spans = [through_title_case(whole_words(s)) for s in spans]
        doc.spans[SPAN_KEY] = filter_spans([name_after_kind(t) for t in map(tidy, spans) if t is not None])
        return doc
