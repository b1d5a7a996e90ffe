"""Load the English model, add paperkg's trained NER and rule components; leave out what is unused."""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, cast

import spacy
from spacy.language import Language
from spacy.pipeline import EntityRecognizer
from spacy.util import compile_infix_regex, compile_suffix_regex

from ..errors import ModelError
from ..layout import LISTED_MODEL_DIR, NER_MODEL_DIR
from . import abbreviations, listed, propagate, relation_classifier, relations, results, roles, terms  # noqa: F401  (the factories)
from .fast import speed_up
from .fingerprint import base_model_name

RULE_COMPONENTS = (
    "kg_abbreviations",
    "kg_terms",
    "kg_propagate",
    "kg_roles",
    "kg_relations",
    "kg_relation_classifier",
    "kg_results",
)
UNUSED = ("ner",)  # the English model's own NER (people, places, ...) is replaced by ours
PROPAGATE_SWITCHES = ("abbreviations", "names", "lists")
# A full stop after a word that ends in a capital ends a sentence ("we propose U-DiT. Codes are ...", "on
# ImageNet-1K.", "medical Q&A."); spaCy keeps it on the word, as after initials ("J.", "U.S.", which stay).
# (The NER's training text is tokenized without this: 7 of its 320k tokens would differ.)
NAME_FULL_STOPS = [r"(?<=[^\s.][A-Z])\."]
# Sentences run together without a space after a bracket, a per cent sign, a digit or a capital ("(RKHS).We
# prove", "95%.We", "GPT-4.We", "an LLM.Our"; 186 of 31.7k abstracts): spaCy splits "respectively.For" only,
# and keeps "RKHS).We" one token, which hides the name and the sentence's end. The bracket and the sign are
# tokens of their own, as they are before a space.
RUN_ON_SENTENCES = [r"[)\]%](?=\.[A-Z][a-z])", r"(?<=[)\]%0-9A-Z])\.(?=[A-Z][a-z])"]


def load_parser() -> Language:
    """The English model without its NER, splitting a name's full stop off and sentences run together apart: the
    tokens, tags, lemmas, parse and sentences every component reads (and `kg train-relations` learns from)."""
    nlp: Language = importlib.import_module(base_model_name()).load(exclude=list(UNUSED))
    suffixes = [*(nlp.Defaults.suffixes or ()), *NAME_FULL_STOPS]
    infixes = [*(nlp.Defaults.infixes or ()), *RUN_ON_SENTENCES]
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search  # type: ignore[union-attr]  # a Tokenizer
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer  # type: ignore[union-attr]
    return nlp


@lru_cache(maxsize=4)
def _load(use_model: bool, switches: tuple[tuple[str, Any], ...]) -> Language:
    nlp = load_parser()
    if use_model:
        add_recognizers(nlp)
    configs = {
        "kg_terms": {k: v for k, v in switches if k not in PROPAGATE_SWITCHES},
        "kg_propagate": {k: v for k, v in switches if k in PROPAGATE_SWITCHES},
    }
    for name in RULE_COMPONENTS:
        nlp.add_pipe(name, config=configs.get(name, {}))
    speed_up(nlp)  # the same annotations and relations, a sixth less time (kg.nlp.fast)
    return nlp


def add_recognizers(nlp: Language) -> None:
    """`kg_ner`, the trained recognizer, and `kg_listed` after it."""
    if not (NER_MODEL_DIR / "config.cfg").is_file():
        raise ModelError(f"the trained NER is missing from {NER_MODEL_DIR}: reinstall paperkg or run `kg train`")
    trained = spacy.load(NER_MODEL_DIR)
    if not (LISTED_MODEL_DIR / "config.cfg").is_file():
        raise ModelError(
            f"the list recognizer is missing from {LISTED_MODEL_DIR}: reinstall paperkg or run `kg train-listed`"
        )
    if trained.vocab.vectors.shape[0]:  # the NER reads static vectors: the English model has none to lose
        nlp.vocab.vectors = trained.vocab.vectors
    nlp.add_pipe("ner", name="kg_ner", source=trained)
    add_list_recognizer(nlp)


def add_list_recognizer(nlp: Language) -> None:
    """`kg_listed` after `kg_ner`, running the list recognizer on `kg_ner`'s token vectors when its frozen copy
    of them is the same (a recognizer retrained by `kg train` needs `kg train-listed` for that)."""
    nlp.add_pipe("ner", name=listed.LISTED_NER, source=spacy.load(LISTED_MODEL_DIR))  # the same vectors
    recognizer = cast(EntityRecognizer, nlp.remove_pipe(listed.LISTED_NER)[1])
    cast(listed.ListedFinder, nlp.add_pipe("kg_listed")).recognizer = recognizer
    main = cast(EntityRecognizer, nlp.get_pipe("kg_ner")).model.get_ref("tok2vec")
    if listed.token_vectors(recognizer).to_bytes() == main.layers[0].to_bytes():
        main.replace_node(main.layers[0], listed.sharing(main.layers[0]))


def load_pipeline(**switches: bool) -> Language:
    """The English model (tagger, parser, lemmatizer), the trained NER and the rule components, with
    faster stand-ins for the attribute ruler's and the relation finder's matching and for the lemmatizer
    (kg.nlp.fast: the same results).

    Keyword arguments switch parts of `kg_terms` and `kg_propagate` on or off, for measuring.
    """
    return _load(switches.get("use_model", True), tuple(sorted(switches.items())))
