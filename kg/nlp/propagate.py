"""Label propagation inside one abstract: a short form takes its long form's label and vice versa,
a labelled name (OTTER) labels its other occurrences, and names listed with labelled names take their label
("on WebShop, ALFWorld and HotpotQA" where the recognizer found two of the three).

Also records, for each short form defined in the doc, its long form's clean text (`doc._.long_forms`), which
entity resolution uses to merge "GNN" with "graph neural network" only where a paper says so.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Callable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from ..settings import SPAN_KEY
from .labels import head_label, in_url, strong_head_label
from .lexicon import DASHES, HARDWARE, LIST_SEPARATORS, METRIC_NAMES
from .model_names import named_label
from .short_forms import short_form_key
from .spans import covered, is_name, is_name_text, named_part, overlaps_any
from .tokens import TokenTable

MAX_NAME_TOKENS = 4
MAX_LISTED_WORDS = 3  # words of one listed name: "Arena-Hard v0.1", "DeepMind Control Suite"
LIST_JOINS = [[","], ["and"], ["or"], [",", "and"], [",", "or"]]
NOT_IN_A_NAME = {"(", ")", "[", "]", '"', "'", "``", "''", ":", ";", ".", "/", "'s", *DASHES} - {"-"}
SIZE = re.compile(r"^\d+(?:\.\d+)?[A-Za-z]{0,2}$")  # "9B", "256p", "4K": a size, not a name


@Language.factory(
    "kg_propagate",
    default_config={"abbreviations": True, "names": True, "lists": True},
    requires=["doc.spans", "doc._.abbreviations"],
    assigns=["doc.spans", "doc._.long_forms"],
)
def make_label_propagator(nlp: Language, name: str, abbreviations: bool, names: bool, lists: bool) -> "LabelPropagator":
    return LabelPropagator(nlp.make_doc, abbreviations, names, lists)


class LabelPropagator:
    """Switches: `abbreviations` (long ↔ short form labels), `names` (a labelled name labels its repeats),
    `lists` (a labelled name labels the names listed with it)."""

    def __init__(
        self, make_doc: Callable[[str], Doc], abbreviations: bool = True, names: bool = True, lists: bool = True
    ) -> None:
        self.make_doc = make_doc
        self.abbreviations = abbreviations
        self.names = names
        self.lists = lists
        if not Doc.has_extension("long_forms"):
            Doc.set_extension("long_forms", default={})

    def __call__(self, doc: Doc) -> Doc:
        spans = list(doc.spans[SPAN_KEY])
        at = {t: span for span in spans for t in range(span.start, span.end)}  # kg_terms leaves one span a token
        replaced: set[Span] = set()  # pieces of a long form, which its definition replaces
        long_forms: dict[str, str] = {}
        definitions: list[Span] = []
        names: dict[str, str] = {}
        decided: dict[str, str] = {}  # long forms whose head word says what their name is
        for (ls, le), (ss, se) in doc._.abbreviations if self.abbreviations else []:
            long, short = doc[ls:le], doc[ss:se]
            cover = at.get(long.end - 1)
            after = doc[se + 1] if se + 1 < len(doc) and doc[se].text == ")" else None  # "(VLA) models"
            # the head word says what the name is: "Massive Multilingual Multimodal Benchmark (MMMB)"; for a name
            # of hyphenated words the noun after it: "Vision-Language-Action (VLA) models" (but "video-to-audio
            # (VTA) methods" are methods for a task)
            modifier = (
                len(long.text.split()) == 1
                and "-" in long.text
                and "-to-" not in long.text.lower()
                and after is not None
                and after.dep_ != "compound"
            )
            if strong := strong_head_label(long, named=True) or (
                strong_head_label(doc[se + 1 : se + 2]) if modifier else None
            ):
                decided[long.text.lower()] = strong
            label = (
                decided.get(long.text.lower())
                or (cover.label_ if cover is not None else None)
                or (short_cover.label_ if (short_cover := at.get(short.end - 1)) is not None else None)
                or head_label(long.root)
                or (head_label(after) if after is not None and after.pos_ == "NOUN" else None)
            )
            if label is None:
                continue
            pieces = list(dict.fromkeys(at[t] for t in range(long.start, long.end) if t in at))
            # "Denoising Diffusion" + "Probabilistic Model" (DDPM), "Mixture" + "Experts (MoE) framework", and
            # "the Flexible Job-Shop Scheduling Problem (FJSP)" found without "Flexible": one name
            whole = all(long.start <= s.start and (s.end <= long.end or s.end >= short.end) for s in pieces)
            part = (
                len(pieces) == 1
                and long.start <= pieces[0].start
                and pieces[0].end <= long.end
                and len(pieces[0]) < len(long)
                and not long[0].is_stop
            )
            plain = not any(t.is_punct and t.text != "-" or t.text.count("(") != t.text.count(")") for t in long)
            if (len(pieces) > 1 and whole or part) and plain:
                replaced.update(pieces)
                for piece in pieces:
                    for t in range(piece.start, piece.end):
                        del at[t]
            key = short_form_key(short.text)
            # SF stands for the long form its initials start, whatever span holds it: not for "robust" of "robust
            # reinforcement learning (RL) methods", nor for the kind word of "X (SF) techniques"
            long_forms.setdefault(key, long.text)
            definitions += [
                Span(doc, long.start, long.end, label=label),
                Span(doc, short.start, short.end, label=label),
            ]
            for variant in (key, key + "s"):
                names.setdefault(variant, label)
        doc._.long_forms = long_forms
        spans = [s for s in spans if s not in replaced]
        # Spans already found stay as they are ("convolutional neural networks (CNNs)" is one
        # mention); definitions and repeated names only fill the gaps.
        taken = covered(spans)
        spans += [d for d in filter_spans(definitions) if not overlaps_any(d, taken)]
        for span in spans if self.names else []:
            if len(span) <= MAX_NAME_TOKENS and any(is_name(t) for t in span):
                names.setdefault(span.text, span.label_)
        if names:
            matcher = PhraseMatcher(doc.vocab)
            for text in names:
                matcher.add(text, [self.make_doc(text)])
            repeated = [
                Span(doc, start, end, label=names[doc.vocab.strings[match_id]]) for match_id, start, end in matcher(doc)
            ]
            taken = covered(spans)
            spans += [r for r in filter_spans(repeated) if not overlaps_any(r, taken) and not in_url(r)]
        spans = filter_spans(spans)
        if self.lists:
            spans = filter_spans(spans + list_mates(doc, spans))
        doc.spans[SPAN_KEY] = one_label_per_name(spans, long_forms, decided) if self.names else spans
        return doc


Word = tuple[int, int]  # token offsets of a written word


def name_words(tokens: TokenTable, start: int, end: int) -> list[Word | str]:
    """Tokens `start` to `end` as written words (runs of tokens without a space) and list separators (as
    lower-case text), a word cut before a separator and around brackets, quotes and stops ("WebShop," is
    "WebShop" and ",", "v0.1." is "v0.1" and ".")."""
    units: list[Word | str] = []
    first = start
    for i in range(start, end):
        lower = tokens.lowers[i]
        cut = lower in LIST_SEPARATORS or tokens.texts[i] in NOT_IN_A_NAME
        if cut and first < i:
            units.append((first, i))
        if cut:
            units.append(lower if lower in LIST_SEPARATORS else (i, i + 1))
            first = i + 1
        elif tokens.spaced[i] or i == end - 1:
            units.append((first, i + 1))
            first = i + 1
    return units


def is_listed_name(tokens: TokenTable, word: Word, sentence_start: int, after_a_name: bool) -> bool:
    """A word written as only a name is: a capital not at the sentence's start, a capital inside it or a digit
    beside letters ("ALFWorld", "Reflexion", "v0.1"), or a number after such a word ("AlpacaEval 2.0"); no
    brackets, quotes or stops."""
    texts = tokens.texts[word[0] : word[1]]
    if any(text in NOT_IN_A_NAME for text in texts):
        return False
    if after_a_name and all(tokens.numbers[word[0] : word[1]]):
        return True
    return texts[0][:1].isupper() and word[0] > sentence_start or any(is_name_text(text) for text in texts)


def listed_names(sentence: Span, tokens: TokenTable | None = None) -> list[list[Span]]:
    """Each list of names in the sentence ("A, B, and C", "A and B", "A, B or C"): names of up to three words
    joined by a comma, "and", "or" or a comma and either, the last by "and" or "or"."""
    doc = sentence.doc
    tokens = tokens or TokenTable.of(doc)
    # each unit as a run of name words (a list), a separator (str) or another word (None)
    runs: list[list[Word] | str | None] = []
    for unit in name_words(tokens, sentence.start, sentence.end):
        if isinstance(unit, str):
            runs.append(unit)
        elif not is_listed_name(tokens, unit, sentence.start, bool(runs) and isinstance(runs[-1], list)):
            runs.append(None)
        elif runs and isinstance(last_run := runs[-1], list):
            last_run.append(unit)
        else:
            runs.append([unit])

    def item(at: int) -> Word | None:
        run = runs[at] if at < len(runs) else None
        if isinstance(run, list) and len(run) <= MAX_LISTED_WORDS:
            return run[0][0], run[-1][1]
        return None

    lists = []
    i = 0
    while i < len(runs):
        if (first := item(i)) is None:
            i += 1
            continue
        items, joins = [first], []
        while True:
            j = i + 1
            while j < len(runs) and isinstance(runs[j], str):
                j += 1
            join = runs[i + 1 : j]
            if join not in LIST_JOINS or (listed := item(j)) is None:
                break
            items.append(listed)
            joins.append(join[-1])
            i = j
        last = max((n for n, word in enumerate(joins) if word != ","), default=None)
        if last is not None:
            lists.append([doc[start:end] for start, end in items[: last + 2]])
        i += 1
    return lists


def is_new_mate(listed: Span, items: list[Span], labelled: int) -> bool:
    """Whether an unlabelled name of a list takes the list's label: in a list of three or more names two of
    which are labelled, or written with a capital inside it or a digit ("Qwen2", "Arena-Hard"); not a size
    ("9B"), one character ("M") or hardware ("A100 GPUs")."""
    if len(listed.text) < 2 or SIZE.match(listed.text) or listed[-1].lower_ in HARDWARE:
        return False
    return len(items) > 2 and labelled > 1 or any(is_name_text(t.text) for t in listed)


def list_mates(doc: Doc, spans: list[Span]) -> list[Span]:
    """Spans for the unlabelled names of each list whose labelled names all have one label. Left alone: a
    list a span runs out of ("Japan, China, US and UK markets" lists markets), a list in a defined long form
    ("Forget and Grow (FoG)"), before a bracket ("Cohen-Addad, Lattanzi, and Parotsidis (ICML 2024)") or of
    metrics ("DICE, MPA, mIoU, and FwIoU")."""
    at = {t: span for span in spans for t in range(span.start, span.end)}
    defined = {t for (start, end), _ in doc._.abbreviations for t in range(start, end)}  # long forms
    mates = []
    tokens = TokenTable.of(doc)
    for sentence in doc.sents:
        for items in listed_names(sentence, tokens):
            end = items[-1].end
            if (
                end < len(doc)
                and doc[end].text in {"(", "["}
                or any(t in defined for i in items for t in (i.start, i.end - 1))
                or any(i.text in METRIC_NAMES for i in items)
            ):
                continue
            item_of = {t: n for n, listed in enumerate(items) for t in range(listed.start, listed.end)}
            found = {at[t] for t in item_of if t in at}
            if any(item_of.get(s.start, -1) != item_of.get(s.end - 1, -2) for s in found):
                continue  # a span runs out of its name
            if len(labels := {named_label(s.label_, [s.text]) for s in found}) == 1:  # "MT-Bench" counts as a dataset
                (label,) = labels
                labelled = len({item_of[s.start] for s in found})
                mates += [
                    Span(doc, listed.start, listed.end, label=label)
                    for listed in items
                    if not any(t in at for t in range(listed.start, listed.end))
                    and is_new_mate(listed, items, labelled)
                ]
    return mates


def one_label_per_name(
    spans: list[Span], long_forms: dict[str, str], decided: dict[str, str] | None = None
) -> list[Span]:
    """Give every mention of one name in one abstract the same label: the one `decided` for it, else the
    most frequent among its mentions (a short form counts with its long form, and with "long form (SF) kind"),
    ties to the first."""

    def group(span: Span) -> str:
        return long_forms.get(short_form_key(span.text), named_part(span).text).lower()

    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for span in spans:
        votes[group(span)][span.label_] += 1
    labels = {g: max(c, key=lambda label: c[label]) for g, c in votes.items()}  # first seen wins ties
    labels.update((g, label) for g, label in (decided or {}).items() if g in labels)
    return [s if s.label_ == labels[group(s)] else Span(s.doc, s.start, s.end, label=labels[group(s)]) for s in spans]
