"""A paper's title names what the paper is about: links from its words to entities, and what it names that the
abstract does not.

spaCy reads the abstract only (a title is written in Title Case, which the recognizers were not trained on),
so "Improved Representation Learning with Explicit Structure" would not link "representation learning" when
the abstract names it otherwise ("learning representations"). Here each title is matched against the names
and aliases of the build's entities (kg.name_index); a phrase that names an entity the paper's abstract does
not name becomes a mention in the title, and kg.confidence judges the link like any other ("title only" is
one of its features). Before the mentions are merged, two things a title names by its form are mentions of
their own where the abstract does not name them: the name before its colon, which the paper proposes
("BUSTLE: Bottom-Up Program Synthesis ..."), with its long form where the rest of the title spells it out
("CAPE: Encoding Relative Positions with Continuous Augmented Positional Embeddings", which is also what the
abstract's "CAPE" stands for), and a task it opens with ("Autoregressive Entity Retrieval") or names after a
preposition ("... for Node Classification"). Once the links are kept, a title states what a method
of the build is for ("Product Quantization for Image Retrieval"): usedFor relations whose evidence is the title.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import chain
from typing import Collection, Iterable, Iterator, Mapping, NamedTuple

from .corpus import Paper
from .lexicon import (
    TITLE_BY_WORDS,
    TITLE_DATA_PREPOSITIONS,
    TITLE_FOR_WORDS,
    TITLE_TASK_ENDS,
    TITLE_TASK_HEADS,
    TITLE_TASK_QUALITIES,
)
from .name_index import WORD, NameIndex, folded, name_index, named_in
from .nlp.docdata import title_name_mention
from .nlp.lexicon import DATASET_HEADS, KIND_LABELS, TITLE_PHRASE_WORDS
from .nlp.short_forms import find_long_form, initials_start, is_acronym, short_form_key
from .nlp.title_names import TITLE_HEAD, is_verb_in_ing, title_name
from .records import Entity, Mention, Relation
from .resolve import singular
from .settings import PROPOSES, TITLE, USES

MAX_TITLE_METHOD_WORDS = 5  # a title this short, with no preposition, is the name of what the paper proposes
TITLE_ARTICLES = {"a", "an", "the"}
# Up to five words in Title Case after a preposition ("for Node Classification", "to Controlled Text Generation").
TITLE_TASK = re.compile(r"\b(?:for|to|in|on|of)\s+((?:[A-Z0-9][\w'-]*\s+){0,4}[A-Z][\w-]*)")
TITLE_LEAD = re.compile(
    r"((?:[A-Z0-9][\w'-]*\s+){1,4}[A-Z][\w-]*)(?:\s+(?:for|in|on|of|under|with|via|from|at)\s|\s*$)"
)


def names_data(rest: str) -> bool:
    """Does the rest of a title say its head is data: "A Dataset for ...", "... Understanding Benchmark" (not
    "Mode-Guided Dataset Distillation")."""
    words = re.findall(r"\w+", rest.lower())
    return any(
        word in DATASET_HEADS and (i + 1 == len(words) or words[i + 1] in TITLE_DATA_PREPOSITIONS)
        for i, word in enumerate(words)
    )


def title_tasks(title: str) -> Iterator[tuple[int, int]]:
    """The offsets of the tasks a title names after a preposition, in Title Case and ending in a task's head word
    ("... for Node Classification in Graph Neural Networks", "A Distributional Approach to Controlled Text
    Generation"): the longest such phrase of two to five words from the preposition on, without the quality or
    the verb in -ing before it ("for Efficient Pathology Image Segmentation", "for Accelerating Music
    Generation") where two words are left."""
    for match in TITLE_TASK.finditer(title):
        words = list(WORD.finditer(match.group(1)))
        first = first_unclaimed(words)
        for last in range(len(words), 1, -1):
            word = words[last - 1].group().lower()
            if word in TITLE_TASK_HEADS or singular(word) in TITLE_TASK_HEADS:
                start = words[first].start() if last - first > 1 else 0
                yield match.start(1) + start, match.start(1) + words[last - 1].end()
                break


def title_lead_tasks(title: str) -> Iterator[tuple[int, int]]:
    """The offsets of the task a title opens with, and the part after its colon: two to five words in Title
    Case ending in a task's head word, then the end or a preposition ("Autoregressive Entity Retrieval",
    "Out-of-Distribution Generalization in Kernel Regression", "SyncTwin: Treatment Effect Estimation with
    Longitudinal Outcomes"; not what spells out the name before the colon: "FLAM: Frame-Wise Language-Audio
    Modeling"), without the claim before them."""
    colon = TITLE_HEAD.match(title)
    for start in (0, colon.end()) if colon else (0,):
        if (match := TITLE_LEAD.match(title, start)) is None:
            continue
        words = list(WORD.finditer(title, match.start(1), match.end(1)))
        first = first_unclaimed(words)
        last = words[-1].group().lower()
        if (
            len(words) - first > 1
            and words[first].group().lower() not in TITLE_PHRASE_WORDS  # "Improving Your Model Ranking"
            and (last in TITLE_TASK_HEADS or singular(last) in TITLE_TASK_HEADS)
            # "FLAM: Frame-Wise Language-Audio Modeling" spells out the name, no task
            and not (start and colon and find_long_form(colon.group(1), match.group(1)) is not None)
        ):
            yield words[first].start(), words[-1].end()


def is_claim(word: str) -> bool:
    """A word a title puts before the task it names: a quality claimed ("Efficient") or a verb ("Accelerating")."""
    return word.lower() in TITLE_TASK_QUALITIES or is_verb_in_ing(word)


def title_method_phrases(title: str) -> list[str]:
    """What a title (after its colon, if it has one) names as the means of the paper's work, which it most often
    proposes: the words it opens with before "for" ("Local Pan-privacy for Federated Analytics"), the words
    after "via", "using", "through" or "by" ("Image Generation using Continuous Filter Atoms"), and a title of a
    few words without a preposition ("Steerable 3D Spherical Neurons"); without an article before them, with and
    without the claims before them ("Scalable Gaussian Process" and "Gaussian Process")."""
    words = title.split(":", 1)[-1].split()
    ends = [i for i, word in enumerate(words) if word.lower() in TITLE_TASK_ENDS]
    phrases = []
    if not ends and len(words) <= MAX_TITLE_METHOD_WORDS:
        phrases.append(words)
    elif ends and ends[0] > 0 and words[ends[0]].lower() in TITLE_FOR_WORDS:
        phrases.append(words[: ends[0]])
    for i, end in enumerate(ends):
        if words[end].lower() in TITLE_BY_WORDS:
            phrases.append(words[end + 1 : ends[i + 1] if i + 1 < len(ends) else len(words)])
    found = []
    for phrase in phrases:
        while phrase and phrase[0].lower() in TITLE_ARTICLES:
            phrase = phrase[1:]
        found.append(phrase)
        while phrase and is_claim(phrase[0]):  # "Scalable Gaussian Process", and "Gaussian Process"
            phrase = phrase[1:]
        found.append(phrase)
    return list(dict.fromkeys(" ".join(phrase) for phrase in found if phrase))


def first_unclaimed(words: list[re.Match[str]]) -> int:
    """The index of a title phrase's first word after the claims before it ("Efficient Image Segmentation")."""
    return next((i for i, w in enumerate(words) if not is_claim(w.group())), len(words))


def title_name_mentions(
    papers: Iterable[Paper], mentions: Iterable[Mention], definitions: Mapping[str, TitleDefinition] | None = None
) -> list[Mention]:
    """What a title names that the paper's abstract does not, as mentions in the title: the name before its
    colon, which the paper proposes (a dataset where the rest of the title says so: "MMLU-Pro: A More Robust and
    Challenging Multi-Task Language Understanding Benchmark"; else a method) with the long form the title gives it
    (`definitions`, from `title_definitions`), that long form, and the tasks it names after a preposition or opens
    with."""
    found = []
    for paper in papers:
        if name := title_name_mention(paper):
            label = "DATASET" if names_data(paper.title[name.end :]) else "METHOD"
            defined = (definitions or {}).get(paper.id)
            long = defined.long if defined else ""
            found.append(replace(name, label=label, long_form=long))
            if defined:
                found.append(
                    Mention(
                        paper.id, defined.start, defined.end, long, long, label, PROPOSES, paper.title, in_title=True
                    )
                )
        for start, end in chain(title_tasks(paper.title), title_lead_tasks(paper.title)):
            task = paper.title[start:end]
            found.append(Mention(paper.id, start, end, task, task, "TASK", USES, paper.title, in_title=True))
    titled = {m.paper for m in found}
    named = {(m.paper, spelling) for m in mentions if m.paper in titled for spelling in spellings(m.name)}
    return [m for m in found if not named.intersection((m.paper, s) for s in title_spellings(m))]


TITLE_WORD_END = re.compile(r"[\w-]+")


def title_long_form(title: str) -> tuple[str, int, int] | None:
    """(short form, start, end) where a title's name before its colon is a short form whose long form follows,
    every letter starting one of its words ("CAPE: Encoding Relative Positions with Continuous Augmented
    Positional Embeddings"): the offsets of the long form in the title. Not for a name with more than letters,
    digits and hyphens ("TTT++: ... Test-Time Training ..." names a variant of test-time training). Initials
    only, not letters inside words (Schwartz–Hearst): in Title Case every word looks like the start of a name,
    and "RankFeat" would stand for "Rank-1 Feature"."""
    head = title_name(title)
    if not is_acronym(head) or not head.replace("-", "").isalnum():  # "TTT++" is a variant of what TTT stands for
        return None
    rest = title.index(head) + len(head)
    for word in TITLE_WORD_END.finditer(title, rest):
        start = initials_start(head, title[rest : word.end()])
        if start is not None and " " in title[rest + start : word.end()]:
            return head, rest + start, word.end()
    return None


class TitleDefinition(NamedTuple):
    """A short form a paper's title is named by, and the long form the title gives it at title[start:end]."""

    short: str  # its key (kg.nlp.short_forms.short_form_key): "GNN" of "GNNs"
    long: str
    start: int
    end: int


def title_definitions(papers: Iterable[Paper], mentions: Iterable[Mention]) -> dict[str, TitleDefinition]:
    """Paper id -> the short form its title spells out (`title_long_form`), where its abstract does not define
    that short form itself."""
    defined_in_abstract = {(m.paper, short_form_key(m.name)) for m in mentions if m.long_form}
    definitions = {}
    for paper in papers:
        if (found := title_long_form(paper.title)) is not None:
            short, start, end = found
            if (paper.id, key := short_form_key(short)) not in defined_in_abstract:
                definitions[paper.id] = TitleDefinition(key, paper.title[start:end], start, end)
    return definitions


def title_defined(mentions: Iterable[Mention], definitions: Mapping[str, TitleDefinition]) -> list[Mention]:
    """The mentions, those of a short form their paper's title spells out (`definitions`) with its long form: the
    paper's "CAPE" is its "Continuous Augmented Positional Embeddings", as "GNNs" are "Graph Neural Networks" in an
    abstract that writes "Graph Neural Networks (GNNs)"."""
    given = []
    for m in mentions:
        definition = definitions.get(m.paper)
        if definition is not None and short_form_key(m.name) == definition.short:
            m = replace(m, long_form=definition.long)
        given.append(m)
    return given


def spellings(name: str) -> set[str]:
    """How a title may spell what an abstract names: the name, and the name without a kind word after it
    ("direct preference alignment algorithms")."""
    words = name.split()
    forms = {name}
    if len(words) > 1 and singular(words[-1].lower()) in KIND_LABELS:
        forms.add(" ".join(words[:-1]))
    return {folded(form).lower() for form in forms}


def title_spellings(mention: Mention) -> set[str]:
    """How an abstract may name what a title names: its spellings, and a head by its first word where that is a
    name ("PAK-UCB Contextual Bandit", whose abstract says "the PAK-UCB algorithm"; a task is not named by its
    first word: "LLM Alignment" is not "LLMs")."""
    forms = spellings(mention.name)
    words = mention.name.split()
    if mention.role == PROPOSES and len(words) > 1 and is_acronym(words[0]):
        forms.add(folded(words[0]).lower())
    return forms


def title_mentions(papers: Iterable[Paper], index: NameIndex, linked: Collection[tuple[str, str]]) -> list[Mention]:
    """The mentions in the papers' titles of the entities of `index` that the paper does not already link
    (`linked`: (paper id, entity key) pairs), one a link."""
    mentions = []
    for paper in papers:
        seen: set[str] = set()
        for start, end, key in named_in(paper.title, index):
            if key not in seen and (paper.id, key) not in linked:
                seen.add(key)
                mentions.append(entity_mention(paper, start, end, key, index.labels[key]))
    return mentions


def entity_mention(paper: Paper, start: int, end: int, key: str, label: str) -> Mention:
    """The mention of the entity `key` at title[start:end], which the paper uses."""
    text = paper.title[start:end]
    return Mention(paper.id, start, end, text, text, label, USES, paper.title, entity=key, in_title=True)


NamedSpan = tuple[int, int, str]  # start, end, entity key (named_in)


def title_relations(papers: Iterable[Paper], entities: Mapping[str, Entity]) -> list[Relation]:
    """The usedFor relations titles state between two of `entities` (`used_for_spans`), each pair of entities once
    a paper."""
    index = name_index(entities.values())
    found = []
    for paper in papers:
        spans = list(named_in(paper.title, index))
        pairs = {
            (method[2], task[2]): (method, task)
            for method, task in used_for_spans(paper.title, spans, {key: entities[key].label for *_, key in spans})
        }
        for method, task in pairs.values():
            head, tail = (
                entity_mention(paper, start, end, key, entities[key].label) for start, end, key in (method, task)
            )
            found.append(Relation(paper.id, head, "usedFor", tail, paper.title, 0, len(paper.title), TITLE))
    return found


def used_for_spans(
    title: str, spans: list[NamedSpan], labels: Mapping[str, str]
) -> Iterator[tuple[NamedSpan, NamedSpan]]:
    """(method, task) of the entities a title names (`spans`, labelled by `labels`) where it says what the method
    is for: a method, then "for" and a task (claims between: "for Efficient Pathology Image Segmentation"); a task,
    then "via", "using", "through" or "by" and a method; the method a title names before its colon, and the first
    task after it that follows "for" ("CEGA: A Cost-Effective Approach for Graph-Based Model Extraction"), else
    the task that opens the rest ("SyncTwin: Treatment Effect Estimation with Longitudinal Outcomes")."""
    for a, b in zip(spans, spans[1:]):
        gap = title[a[1] : b[0]].split()
        if not gap or not all(is_claim(word) for word in gap[1:]) or a[2] == b[2]:
            continue
        word = gap[0].lower()
        if word in TITLE_FOR_WORDS and (labels[a[2]], labels[b[2]]) == ("METHOD", "TASK"):
            yield a, b
        elif word in TITLE_BY_WORDS and (labels[a[2]], labels[b[2]]) == ("TASK", "METHOD"):
            yield b, a
    head = title_name(title)
    named = next((s for s in spans if title[s[0] : s[1]] == head), None) if head else None
    if named is None or labels[named[2]] != "METHOD":
        return
    tasks = [span for span in spans if labels[span[2]] == "TASK" and span[0] > named[1]]
    for_task = next((span for span in tasks if follows_a_for_word(words_before(title, named, span))), None)
    opening = next((span for span in tasks if opens_the_rest(title, named, span)), None)
    if (task := for_task or opening) is not None:
        yield named, task


def words_before(title: str, earlier: NamedSpan, span: NamedSpan) -> list[str]:
    """The words of `title` from the end of `earlier` to `span`, without the claims right before `span`."""
    before = title[earlier[1] : span[0]].split()
    while before and is_claim(before[-1]):
        before.pop()
    return before


def follows_a_for_word(before: list[str]) -> bool:
    """Do the words before a task end in "for" ("… Approach for")?"""
    return bool(before) and before[-1].lower() in TITLE_FOR_WORDS


def opens_the_rest(title: str, named: NamedSpan, span: NamedSpan) -> bool:
    """Is `span` the whole task that opens what follows the colon after `named` ("SyncTwin: Treatment Effect
    Estimation with Longitudinal Outcomes"), not the front of a longer phrase ("CMoS: Rethinking Time Series
    Prediction", "DragLoRA: Online Optimization of LoRA Adapters")?"""
    after = title[span[1] :].split()[:1]
    return words_before(title, named, span) == [":"] and (not after or after[0].lower() in TITLE_TASK_ENDS)
