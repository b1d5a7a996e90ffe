"""The pipeline's work on an abstract grows with its length, however the abstract is written: an abstract four
times as long costs about four times the work, counted as function calls (the same on any machine), where a
rule reading its sentence for each name in it made it sixteen (or 64) times."""

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from kg.nlp.fast import SUFFIX_REACH, TailSuffixSearch

# An abstract of each kind: its opening, then a piece repeated (one sentence of capitalised words; a list of
# names after "on" in a sentence that evaluates, or after "such as"; quotes; brackets; defined short forms; a
# list of coordinated names, of novel things, of names in apposition; one word with hundreds of "for" phrases).
PIECES = {
    "capitalised words": ("", "ABCDEFGHIJ "),
    "a list of names after a cue": ("We evaluate on ", "ABC-1 and "),
    "examples of a noun": ("We use models such as ", "ABC-1 , "),
    "quotes": ("", '"Game of 24" and '),
    "brackets": ("Brackets ", "("),
    "short forms": ("", "Graph Network (GN) and "),
    "coordinated names": ("We use ", "Abc, "),
    "novel things": ("We propose ", "a novel ABC and "),
    "names in apposition": ("We propose ", "ABC, a novel model, "),
    "phrases of one word": ("A method ", "for task "),
}
BASE = 256  # tokens or so of the shorter abstract: four times as far as a rule reads from a name (MAX_LIST_TOKENS)


def abstract(opening: str, piece: str, repeats: int) -> str:
    return opening + piece * repeats + "in experiments."


def calls(function, *args) -> int:
    """How many Python and built-in function calls `function(*args)` makes."""
    count = 0

    def counter(frame, event, arg):
        nonlocal count
        count += event in ("call", "c_call")

    sys.setprofile(counter)
    try:
        function(*args)
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("opening, piece", PIECES.values(), ids=PIECES.keys())
def test_four_times_the_abstract_is_about_four_times_the_work(nlp, opening, piece):
    repeats = max(1, BASE // len(nlp.tokenizer(piece)))
    nlp(abstract(opening, piece, repeats))  # the first doc of a kind fills the lemmatizer's and tokenizer's caches
    short, long = calls(nlp, abstract(opening, piece, repeats)), calls(nlp, abstract(opening, piece, 4 * repeats))
    assert long / short < 6  # linear: 4 and a little; a scan per name of the sentence: 16


class SearchedCharacters:
    """A regular expression that adds up the characters each search may read: from its start to the end."""

    def __init__(self, pattern) -> None:
        self.pattern = pattern
        self.read = 0

    def search(self, string: str, pos: int = 0):
        self.read += len(string) - pos
        return self.pattern.search(string, pos)


@contextmanager
def counted_suffix_search(tokenizer) -> Iterator[SearchedCharacters]:
    """The tokenizer with its suffix search counted (and its cache of tokenized strings emptied)."""
    installed = tokenizer.suffix_search
    counter = SearchedCharacters(installed.pattern)
    tokenizer.suffix_search = TailSuffixSearch(counter)
    try:
        yield counter
    finally:
        tokenizer.suffix_search = installed


def test_a_long_run_of_brackets_is_read_a_bounded_way_from_its_end(nlp):
    """The tokenizer strips a string's affixes one at a time and looks for a suffix each time: a search
    of the whole string each time read 10,000 brackets 5,000 times over."""
    assert isinstance(nlp.tokenizer.suffix_search, TailSuffixSearch)
    read = {}
    for length in (2000, 8000):
        with counted_suffix_search(nlp.tokenizer) as counter:
            assert [t.text for t in nlp.tokenizer("(" * length)] == ["("] * length
        read[length] = counter.read
    assert read[8000] / read[2000] < 5  # whole strings: 16
    assert read[8000] < 8000 * SUFFIX_REACH
