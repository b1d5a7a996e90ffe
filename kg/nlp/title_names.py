"""The name a title gives before its colon ("BUSTLE" of "BUSTLE: Bottom-Up Program Synthesis Through
Learning-Guided Exploration"): what the paper introduces. spaCy reads it with the abstract, whose "our method"
stands for it where the abstract names it (kg.nlp.relations); kg.titles makes it a mention of its own where the
abstract does not. Pure string helpers."""

from __future__ import annotations

import re

from .lexicon import TITLE_PHRASE_WORDS
from .short_forms import is_acronym

TITLE_HEAD = re.compile(r"\s*([^:]{1,60}?)\s*:\s")  # "BUSTLE: Bottom-Up Program Synthesis ..."
MAX_HEAD_NAME_WORDS = 3
HEAD_NAME = re.compile(r"[\w\s+.&'-]+")  # no markup ("$\\alpha$-Net")


def title_head(title: str) -> str:
    """What a title names before its colon ("BUSTLE" of "BUSTLE: Bottom-Up Program Synthesis Through
    Learning-Guided Exploration"): most often what the paper introduces."""
    match = TITLE_HEAD.match(title)
    return match.group(1) if match else ""


def title_name(title: str) -> str:
    """The name a title gives before its colon, which the paper introduces ("BUSTLE"), or "" where what comes
    before the colon is no name ("Beyond CVaR: ...")."""
    head = title_head(title)
    return head if is_head_name(head) else ""


def is_head_name(head: str) -> bool:
    """A title's head spelled as a name ("BUSTLE", "JAWS-X", "Ordered SGD"), not a phrase in Title Case ("Shifting
    the Paradigm", "Continuum-Armed Bandits", "Beyond CVaR", "Thinking LLMs"): a few words, one of them a word
    whose case carries meaning, none a function word, the first no verb in -ing."""
    words = head.split()
    if not (0 < len(words) <= MAX_HEAD_NAME_WORDS and HEAD_NAME.fullmatch(head) and any(map(is_acronym, words))):
        return False
    return len(words) == 1 or not (
        any(w.islower() or w.lower() in TITLE_PHRASE_WORDS for w in words) or is_verb_in_ing(words[0])
    )


def is_verb_in_ing(word: str) -> bool:
    """ "Thinking", "Accelerating" (a title's words are capitalised; "WILTing" is a name)."""
    return word.endswith("ing") and not is_acronym(word)
