"""Short forms and their long forms, and which words' case carries meaning, on plain strings (no spaCy: entity
resolution and the titles read them too).

Schwartz & Hearst (2003), "A simple algorithm for identifying abbreviation definitions in biomedical text",
with a stricter first pass by initials.
"""

from __future__ import annotations

import re

from .lexicon import SKIPPABLE_WORDS

MAX_SHORT_CHARS = 10
DIGIT_WORDS = {"2": "to", "4": "for"}  # digits short forms write for a word: "Seq2Seq", "L2O"
DIGIT_AFTER_LETTER = re.compile(r"([A-Za-z])([24])(?![0-9])")
DIGIT_BETWEEN_LETTERS = re.compile(r"([A-Za-z])([24])(?=[A-Za-z])")
WORD_BREAK = re.compile(r"[\s-]+")


def is_acronym(word: str) -> bool:
    """A word whose case carries meaning: GNN, ImageNet, CIFAR-10, GL-LowPopArt, LLaMA, T5."""
    for part in word.split("-"):
        upper = sum(map(str.isupper, part))  # map, not a generator: called for every word of every name
        if upper >= 2 or (upper and any(map(str.isdigit, part))):
            return True
    return False


def short_form_key(short: str) -> str:
    """The short form without a plural s: "GNNs" -> "GNN"."""
    if len(short) > 2 and short.endswith("s") and short[-2].isupper():
        return short[:-1]
    return short


def is_short_form(text: str) -> bool:
    """A plausible abbreviation: short, starts alphanumeric, has a capital letter, few words."""
    return (
        2 <= len(text) <= MAX_SHORT_CHARS
        and text[0].isalnum()
        and any(c.isupper() for c in text)
        and len(text.split()) <= 2
    )


WORD = re.compile(r"[^\s-]+")


def initials_start(short: str, candidate: str) -> int | None:
    """Where the long form starts if every letter of `short` begins one of the last words
    ("Proximal Policy Optimization" for PPO), else None. "of", "for", ... may be skipped or count, but never
    start the long form: "Abstraction and Reasoning Corpus" for ARC, "out-of-distribution" for OOD."""
    letters = [c.lower() for c in short if c.isalnum()]
    if not letters:
        return None
    # For each letter, where the long form starts if the letters up to it end at the words read so far (a word
    # at a time from the first: each letter and word once, where trying every way to skip "of of of ..." from
    # the end took seconds for one short form).
    starts: list[int | None] = [None] * len(letters)
    for word in WORD.finditer(candidate):
        text = word.group().lower()
        skippable = text in SKIPPABLE_WORDS or after_a_hyphen(candidate, word.start())
        before = starts
        starts = []
        for letter, initial in enumerate(letters):
            found = None
            if text[0] == initial:
                found = (None if skippable else word.start()) if letter == 0 else before[letter - 1]
            starts.append(before[letter] if found is None and skippable else found)
    return starts[-1]


def after_a_hyphen(candidate: str, start: int) -> bool:
    """Is the word at `start` a part after a hyphen, which may give no letter ("Sample-specific Score-aware Noise
    Injection" for SSNI), in a compound that starts with no skippable word ("impressive capabilities for
    in-context learning" is no long form of ICL)?"""
    if candidate[start - 1 : start] != "-":
        return False
    first = WORD.match(candidate, candidate.rfind(" ", 0, start) + 1)
    return first is not None and first.group().lower() not in SKIPPABLE_WORDS


def find_long_form(short: str, candidate: str) -> int | None:
    """Where in `candidate` (text before the parenthesis) the long form of `short` starts.

    First by initials (each letter starts a word); else Schwartz & Hearst (2003): match the short
    form's characters right to left, the first one at the start of a word. A short form with a digit for a
    word or a letter is also tried as read (`digit_readings`).
    """
    short = short_form_key(short)
    sounded, repeated = digit_readings(short)
    for reading in (r for r in (short, sounded, repeated) if r):
        strict = initials_start(reading, candidate)
        if strict is not None:
            word = candidate.rfind(" ", 0, strict + 1) + 1
            return word if len(candidate[word:].split()) <= min(len(reading) + 5, 2 * len(reading)) else None
    start = letters_start(short, candidate)
    if start is None and sounded and (start := letters_start(sounded, candidate)) is not None:
        words = set(WORD_BREAK.split(candidate[start:].lower()))  # the digit's word itself: "sequence-to-sequence"
        return start if all(DIGIT_WORDS[digit] in words for _, digit in DIGIT_BETWEEN_LETTERS.findall(short)) else None
    return start


def digit_readings(short: str) -> tuple[str | None, str | None]:
    """A short form with a 2 or a 4 after a letter, read as the letters its long form starts with: the digit
    between letters as the word it sounds like ("L2O", learning to optimize; "Seq2Seq"), and, by initials only,
    the digit as that many of the letter before ("MQF2", multivariate quantile function forecaster). None
    where there is no such reading, or for one letter and a digit ("L2", "C4": a norm, a corpus)."""
    if sum(c.isalpha() for c in short) < 2:
        return None, None
    sounded = DIGIT_BETWEEN_LETTERS.sub(lambda m: m[1] + DIGIT_WORDS[m[2]][0], short)
    repeated = DIGIT_AFTER_LETTER.sub(lambda m: m[1] * int(m[2]), short)
    return (sounded if sounded != short else None), (repeated if repeated != short else None)


def letters_start(short: str, candidate: str) -> int | None:
    """Schwartz & Hearst: where the long form starts if the short form's characters, right to left, are found
    in `candidate` in order, the first at the start of a word."""
    s, c = len(short) - 1, len(candidate) - 1
    while s >= 0:
        ch = short[s].lower()
        if not ch.isalnum():
            s -= 1
            continue
        while c >= 0 and (candidate[c].lower() != ch or (s == 0 and c > 0 and candidate[c - 1].isalnum())):
            c -= 1
        if c < 0:
            return None
        c -= 1
        s -= 1
    start = candidate.rfind(" ", 0, c + 1) + 1  # the whole word whose letter matched first
    long_form = candidate[start:]
    if len(long_form) <= len(short) or short.lower() in long_form.lower().split():
        return None
    if len(long_form.split()) > min(len(short) + 5, 2 * len(short)):
        return None
    return start
