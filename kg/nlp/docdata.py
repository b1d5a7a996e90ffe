"""What spaCy found in one abstract, as plain data, and the `Mention`, `Relation` and `Result` records it
becomes.

The data depends on what spaCy reads of a paper alone (`Reading`: its clean text and the name its title gives;
no paper id, no raw offsets), so it can be cached by that and shipped between processes or machines; turning it
into records needs no spaCy.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, NamedTuple

from ..clean import CleanText, is_markup_fragment, math_starts
from ..corpus import Paper
from ..records import LISTED, NOT_LISTED, OVERLAPS_LISTED, Mention, Relation, Result
from ..settings import LABELS, PROPOSES, RELATION_SOURCES, RELATIONS, RESULT_UNITS, USES
from .title_names import title_name

# {"spans": [[start_char, end_char, text, label, proposed, sentence index, long_form, listed], ...],
#  "relations": [[head span index, relation, tail span index, sentence index, source], ...] (TITLE_INDEX: the title's name),
#  "results": [[value start_char, value end_char, value, unit, metric start_char, metric end_char, relative,
#               method, target and baseline span indices (-1: none; a method's, the paper's own, unnamed in the
#               abstract), sentence index], ...],
#  "sentences": [[start_char, end_char, text], ...]}: each sentence a span, relation or result is in, once
DocData = dict[str, list[list[Any]]]
KEYS = ("spans", "relations", "results", "sentences")
TITLE_INDEX = -1  # a relation's end that is the name the paper's title gives, not a span (kg.nlp.relations.TitleName)


class Reading(NamedTuple):
    """What spaCy reads of a paper: its clean abstract, and the name its title gives before a colon ("" if none:
    kg.nlp.title_names), which is what "our method" of the abstract stands for where the abstract names it."""

    text: str
    title_name: str = ""


def reading(paper: Paper, text: CleanText) -> Reading:
    """What spaCy reads of `paper`, whose abstract is `text` once clean."""
    return Reading(text.text, title_name(paper.title))


class Records(NamedTuple):
    """What the papers' parses say: their mentions, relations and results, each list in paper order."""

    mentions: list[Mention]
    relations: list[Relation]
    results: list[Result]


BRACKETS = {")": "(", "]": "[", "}": "{"}
EDGE_PUNCTUATION = " -–,;:/\\"
# A "$" the markup left unmatched at a span's end or start, with the emphasis beside it ("LEVIS-α$*" of
# "**LEVIS-$\alpha$*"); a name's own "*" stays ("A*").
STRAY_MATH_END = re.compile(r"[*_`]*\$[$*_`]*$")
STRAY_MATH_START = re.compile(r"[$*_`]*\$[*_`]*")


def balanced(text: str, start: int, end: int) -> tuple[int, int] | None:
    """text[start:end] without a bracket left unmatched: after the last closing bracket opened before it
    ("1)grid-based discretization" -> "grid-based discretization") and before the first it never closes
    ("deep neural networks(DNNs" -> "deep neural networks"), and without a stray "$" at its ends; None if no
    letter is left. The tokenizer keeps "networks(DNNs" one token, so the span rules cannot see the bracket."""
    if stray := STRAY_MATH_END.search(text, start, end):
        end = stray.start()
    if stray := STRAY_MATH_START.match(text, start, end):
        start = stray.end()
    opened: list[int] = []
    for i in range(start, end):
        ch = text[i]
        if ch in "([{":
            opened.append(i)
        elif ch in BRACKETS:
            if opened and text[opened[-1]] == BRACKETS[ch]:
                opened.pop()
            else:
                start, opened = i + 1, []
    if opened:
        end = opened[0]
    while start < end and text[start] in EDGE_PUNCTUATION:
        start += 1
    while end > start and text[end - 1] in EDGE_PUNCTUATION:
        end -= 1
    return (start, end) if any(c.isalpha() for c in text[start:end]) else None


def paper_records(paper: Paper, text: CleanText, data: DocData) -> Records:
    """The mentions and relations of one paper, offsets mapped back to the abstract as read. The mentions
    of a sentence share its text (one string, not one each: a large corpus has half a million mentions)."""
    sentences = data["sentences"]
    mentions: list[Mention | None] = []  # None: a span that is a piece of LaTeX, left out with its relations
    math = math_starts(paper.abstract)
    for start_char, end_char, name, label, proposed, sentence, long_form, listed in data["spans"]:
        if is_markup_fragment(paper.abstract, *text.to_raw(start_char, end_char), math):
            mentions.append(None)
            continue
        span = balanced(text.text, start_char, end_char)
        if span is None:
            mentions.append(None)
            continue
        if span != (start_char, end_char):
            start_char, end_char = span
            name = text.text[start_char:end_char]
        start, end = text.to_raw_with_markup(start_char, end_char)
        mentions.append(
            Mention(
                paper=paper.id,
                start=start,
                end=end,
                text=paper.abstract[start:end],
                name=name,
                label=label,
                role=PROPOSES if proposed else USES,
                sentence=sentences[sentence][2],
                long_form="" if long_form == name else long_form,
                listed=listed,
            )
        )
    titled = title_name_mention(paper)
    relations = []
    for head, relation, tail, sentence, source in data["relations"]:
        head_mention, tail_mention = (titled if i == TITLE_INDEX else mentions[i] for i in (head, tail))
        if head_mention is None or tail_mention is None:
            continue
        start_char, end_char, sentence_text = sentences[sentence]
        relations.append(
            Relation(
                paper.id,
                head_mention,
                relation,
                tail_mention,
                sentence_text,
                *text.to_raw(start_char, end_char),
                source,
            )
        )
    results = []
    for (
        start_char,
        end_char,
        value,
        unit,
        metric_start,
        metric_end,
        relative,
        method,
        target,
        baseline,
        sentence,
    ) in data["results"]:
        target_mention, baseline_mention = (mentions[i] if i >= 0 else None for i in (target, baseline))
        method_mention = mentions[method] if method >= 0 else titled  # unnamed in the abstract: the title's name
        if method >= 0 and method_mention is None:
            continue  # its method was a piece of LaTeX
        start, end = text.to_raw_with_markup(start_char, end_char)  # "3$\\times$", not "3$\\times"
        sentence_start, sentence_end, sentence_text = sentences[sentence]
        results.append(
            Result(
                paper.id,
                value,
                unit,
                text.text[metric_start:metric_end],
                relative,
                method_mention,
                target_mention,
                baseline_mention,
                paper.abstract[start:end],
                start,
                end,
                sentence_text,
                *text.to_raw(sentence_start, sentence_end),
            )
        )
    return Records([m for m in mentions if m is not None], relations, results)


def title_name_mention(paper: Paper, label: str = "METHOD", long_form: str = "") -> Mention | None:
    """The name the paper's title gives before its colon (kg.nlp.title_names), as a mention in the title that the
    paper proposes; None where the title gives none."""
    name = title_name(paper.title)
    if not name:
        return None
    start = paper.title.index(name)
    return Mention(
        paper.id, start, start + len(name), name, name, label, PROPOSES, paper.title, long_form, in_title=True
    )


def fits(data: object, text: str) -> bool:
    """Whether `data` is a parse of `text` as `DocData` describes it: every field of the type it should be,
    every offset inside the text, and every span's and sentence's text the text at its offsets. A cached
    parse that is not (a damaged or hand-edited cache) must not become records."""
    if not isinstance(data, dict) or any(not isinstance(data.get(k), list) for k in KEYS):
        return False
    sentences, spans = data["sentences"], data["spans"]

    def within(start: object, end: object) -> bool:
        return type(start) is int and type(end) is int and 0 <= start <= end <= len(text)

    def at(start: object, end: object, quote: object) -> bool:
        return within(start, end) and text[start:end] == quote  # type: ignore[index]  # ints, by within

    def index(value: object, items: list) -> bool:
        return type(value) is int and 0 <= value < len(items)

    return (
        all(isinstance(s, list) and len(s) == 3 and at(*s) for s in sentences)
        and all(
            isinstance(s, list)
            and len(s) == 8
            and at(*s[:3])
            and s[3] in LABELS
            and type(s[4]) is bool
            and index(s[5], sentences)
            and isinstance(s[6], str)
            and s[7] in (NOT_LISTED, OVERLAPS_LISTED, LISTED)
            for s in spans
        )
        and all(
            isinstance(r, list)
            and len(r) == 5
            and (r[0] == TITLE_INDEX or index(r[0], spans))
            and isinstance(r[1], str)
            and r[1] in RELATIONS
            and (r[2] == TITLE_INDEX or index(r[2], spans))
            and index(r[3], sentences)
            and r[4] in RELATION_SOURCES
            for r in data["relations"]
        )
        and all(
            isinstance(r, list)
            and len(r) == 11
            and within(r[0], r[1])
            and type(r[2]) is float
            and r[3] in RESULT_UNITS
            and within(r[4], r[5])
            and type(r[6]) is bool
            and all(i == -1 or index(i, spans) for i in r[7:10])
            and index(r[10], sentences)
            for r in data["results"]
        )
    )


def merge(records: Iterable[Records]) -> Records:
    """Every paper's records, one list per kind, in paper order."""
    merged = Records([], [], [])
    for paper in records:
        merged.mentions.extend(paper.mentions)
        merged.relations.extend(paper.relations)
        merged.results.extend(paper.results)
    return merged
