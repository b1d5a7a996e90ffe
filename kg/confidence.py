"""How sure the graph is of its edges.

A paper–entity link: that a researcher would list the entity for the paper, one calibrated confidence per
link, from what the abstract says of it (title, repetitions, a definition, a proposal, the
article before it), what its name looks like (a name or a generic phrase) and how the whole build uses it.

The model is a logistic regression over the features below, its weights in `kg/data/confidence.json`, fitted
by `kg train-confidence` (kg.train.confidence) on paper-level gold annotated to "what would a researcher list"
(links a researcher might or might not list are left out of the fit). A second one over the same features,
fitted on the gold's `proposes` lists, says whether the paper proposes the entity. A build keeps the links at or above
`min_confidence` (kg.settings.DEFAULT_MIN_CONFIDENCE, chosen on that gold for paper-level F1).

An entity–entity relation: that it holds, from the sentences that state it, each right as often as what
found it (a cue pattern, the paper's experiments, the classifier) was read right for that relation in a
sample read by hand, as `kg train-relations` writes into kg/data/relations.json (kg.train.relations)."""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Iterator

from .corpus import Paper
from .inner_names import inner_mentions
from .layout import CONFIDENCE_MODEL, RELATION_MODEL
from .lexicon import ADJECTIVE_ENDINGS, VAGUE_WORDS
from .name_index import folded, name_index
from .nlp.lexicon import CLASS_ARTICLES, GENERIC_MODIFIERS
from .nlp.short_forms import is_acronym
from .nlp.title_names import title_head
from .records import LISTED, NOT_LISTED, Entity, Mention, Relation
from .resolve import (
    Resolution,
    entity_key,
    is_name_word,
    key_words,
    mid_sentence_capital,
    resolve,
    resolve_relations,
    singular,
    spelled,
    variant_key,
)
from .settings import PROPOSES, USES
from .titles import (
    title_defined,
    title_definitions,
    title_mentions,
    title_method_phrases,
    title_name_mentions,
    title_relations,
)

DEFINITE_WORDS = {"the", "our", "this", "these", "its", "their", "such"}
WORD = re.compile(r"[\w$-]+")
HEAD = "head: "  # a feature per head word ("head: framework"): those the gold has often enough get a weight
# Names' keys and spellings, kept while resolving (a million entries each at 31.7k abstracts), emptied after: room
# for what the build's process makes next, beside the store's loader
NAME_CACHES = (entity_key, key_words, spelled, variant_key, is_name_word, folded)


def head_word(name: str) -> str:
    """A name's last word, lower case and singular: what kind of thing it names ("framework", "networks")."""
    words = WORD.findall(name)
    return singular(words[-1].lower()) if words else ""


def word_before(abstract: str, start: int) -> str:
    before = WORD.findall(abstract[max(0, start - 40) : start])
    return before[-1].lower() if before else ""


@dataclass(frozen=True)
class EntityEvidence:
    """How the build as a whole uses an entity: the shares of its mentions with a capital or defining a short
    form."""

    capitalised: float
    defined: float


UNSEEN = EntityEvidence(0.0, 0.0)  # an entity only a title names (kg.titles.title_name_mentions)


def entity_evidence(mentions: Iterable[Mention]) -> dict[str, EntityEvidence]:
    """Read off the abstracts: a title capitalises every word."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for m in mentions:
        if m.in_title:
            continue
        c = counts[m.entity]
        c[0] += 1
        c[1] += mid_sentence_capital(m) or any(is_name_word(w) for w in m.name.split())
        c[2] += bool(m.long_form)
    return {key: EntityEvidence(c[1] / c[0], c[2] / c[0]) for key, c in counts.items()}


@dataclass(frozen=True)
class TitleKeys:
    """A paper's title as the link features read it: its variant key and its head, folded; worked out once a
    paper."""

    variant: str
    head: str
    methods: frozenset[str]  # the variant keys of what it names as the means of the work (title_method_phrases)


def title_keys(paper: Paper) -> TitleKeys:
    return TitleKeys(
        variant_key(paper.title.lower()) if paper.title else "",
        folded(title_head(paper.title)),
        frozenset(variant_key(phrase.lower()) for phrase in title_method_phrases(paper.title)),
    )


@dataclass(frozen=True)
class NameKeys:
    """An entity's names as the link features read them: their keys a title is matched with, and the features
    of the name alone (`name_features`); worked out once an entity, not once a link."""

    variants: tuple[str, ...]
    folded: frozenset[str]
    features: dict[str, float]
    head: str  # the feature of its head word


def name_keys(entity: Entity) -> NameKeys:
    names = (entity.name, *entity.aliases)
    return NameKeys(
        tuple(dict.fromkeys(variant_key(n.lower()) for n in names)),
        frozenset(folded(n) for n in names),
        name_features(entity, any(is_acronym(n) for n in names)),
        HEAD + head_word(entity.name),
    )


def name_features(entity: Entity, acronym: bool) -> dict[str, float]:
    """The features of a link that its entity's name and type decide, whatever the paper."""
    words = entity.name.split()
    first_word = words[0].lower()
    return {
        "acronym": float(acronym),
        "log words": math.log(len(words)),
        "one lowercase word": float(len(words) == 1 and entity.name.islower()),
        "task": float(entity.label == "TASK"),
        "dataset": float(entity.label == "DATASET"),
        "vague first word": float(first_word in VAGUE_WORDS or first_word in GENERIC_MODIFIERS),
        "adjective first word": float(len(words) > 1 and first_word.endswith(ADJECTIVE_ENDINGS)),
        "coordinated": float(any(w in {"and", "or"} for w in words)),
    }


def link_features(
    entity: Entity,
    mentions: list[Mention],
    paper: Paper,
    evidence: EntityEvidence,
    related: bool,
    names: NameKeys,
    title: TitleKeys,
) -> dict[str, float]:
    """The features of one paper–entity link: `mentions` are the paper's mentions of `entity`, `related` says
    whether a relation the paper states has the entity at one end; `names` and `title` are the entity's and
    the paper's keys. A link the title alone makes (kg.titles) has none of the features of the abstract's
    mentions."""
    in_abstract = [m for m in mentions if not m.in_title]
    first = min(in_abstract, key=lambda m: m.start) if in_abstract else None
    before = word_before(paper.abstract, first.start) if first else ""
    proposed = first is not None and first.role == PROPOSES
    named = names.features
    return {
        "bias": 1.0,
        "acronym": named["acronym"],
        "capitalised": float(any(mid_sentence_capital(m) for m in in_abstract)),
        "log words": named["log words"],
        "one lowercase word": named["one lowercase word"],
        "in title": float(bool(title.variant) and any(v in title.variant for v in names.variants)),
        "title head": float(bool(title.head) and title.head in names.folded),
        "title method": float(any(v in title.methods for v in names.variants)),
        "log mentions": math.log(len(in_abstract)) if in_abstract else 0.0,
        "defined here": float(any(m.long_form for m in in_abstract)),
        "proposed": float(proposed),
        "proposed name": float(proposed and named["acronym"]),
        "task": named["task"],
        "dataset": named["dataset"],
        "vague first word": named["vague first word"],
        "adjective first word": named["adjective first word"],
        "coordinated": named["coordinated"],
        "after a/an": float(before in CLASS_ARTICLES),
        "after the/our": float(before in DEFINITE_WORDS),
        "position": first.start / max(1, len(paper.abstract)) if first else 0.0,
        "related": float(related),
        "listed": sum(m.listed == LISTED for m in in_abstract) / len(in_abstract) if in_abstract else 0.0,
        "overlaps listed": float(any(m.listed != NOT_LISTED for m in in_abstract)),
        "title only": float(first is None),
        "inside only": float(bool(in_abstract) and all(m.inside for m in in_abstract)),
        "build share capitalised": evidence.capitalised,
        "build share defined": evidence.defined,
        names.head: 1.0,
    }


@dataclass(frozen=True)
class ConfidenceModel:
    """Two logistic regressions over a link's features: that a researcher would list the entity for the paper,
    and that the paper proposes it."""

    weights: dict[str, float]
    proposes_weights: dict[str, float]
    proposes_threshold: float

    def confidence(self, features: dict[str, float]) -> float:
        """A head word the gold had too few links of weighs nothing."""
        return logistic(self.weights, features)

    def proposes(self, features: dict[str, float]) -> bool:
        return logistic(self.proposes_weights, features) >= self.proposes_threshold


def logistic(weights: dict[str, float], features: dict[str, float]) -> float:
    score = sum(weights.get(name, 0.0) * value for name, value in features.items())
    return 1.0 / (1.0 + math.exp(-score))


@lru_cache(maxsize=1)
def shipped_model() -> ConfidenceModel:
    data = json.loads(CONFIDENCE_MODEL.read_text(encoding="utf-8"))
    proposes = data["proposes"]
    return ConfidenceModel(data["weights"], proposes["weights"], proposes["threshold"])


def each_link_features(
    resolution: Resolution, papers: Iterable[Paper], relations: Iterable[Relation] = ()
) -> Iterator[tuple[tuple[str, str], dict[str, float]]]:
    """((paper id, entity key), the features of that link), for every link the resolution makes, one at a time:
    the build judges each and lets it go (391,000 links at 31.7k abstracts, each a dict of some thirty features)."""
    by_id = {p.id: p for p in papers}
    evidence = entity_evidence(resolution.mentions)
    related = {(r.paper, end.entity) for r in relations for end in (r.head, r.tail)}
    by_link: dict[tuple[str, str], list[Mention]] = defaultdict(list)
    for m in resolution.mentions:
        by_link[(m.paper, m.entity)].append(m)
    entities = resolution.entities
    names = {key: name_keys(entities[key]) for key in {key for _, key in by_link}}
    titles = {paper: title_keys(by_id[paper]) for paper in {paper for paper, _ in by_link}}
    for link, mentions in by_link.items():
        paper, key = link
        features = link_features(
            entities[key], mentions, by_id[paper], evidence.get(key, UNSEEN), link in related, names[key], titles[paper]
        )
        yield link, features


def all_links(resolution: Resolution, papers: Iterable[Paper]) -> Resolution:
    """The resolution with every link: those the abstracts make, then those the titles make to an entity of the
    build that the paper's abstract does not name (kg.titles), then those the abstracts' mentions make to an entity
    of another type they name inside them (kg.inner_names); each paper's title's mentions first."""
    papers = list(papers)
    made = {(m.paper, m.entity) for m in resolution.mentions}
    index = name_index(resolution.entities.values())
    titled = title_mentions(papers, index, made)
    inner = inner_mentions(resolution.mentions, index, made | {(m.paper, m.entity) for m in titled})
    order = {p.id: i for i, p in enumerate(papers)}
    mentions = sorted([*titled, *resolution.mentions, *inner], key=lambda m: (order[m.paper], not m.in_title))
    return replace(resolution, mentions=mentions)


def link_confidences(
    resolution: Resolution, papers: Iterable[Paper], relations: Iterable[Relation] = ()
) -> dict[tuple[str, str], float]:
    """(paper id, entity key) -> the confidence that a researcher would list the entity for the paper."""
    return judged_links(each_link_features(resolution, papers, relations))[0]


def judged_links(
    features: Iterable[tuple[tuple[str, str], dict[str, float]]],
) -> tuple[dict[tuple[str, str], float], set[tuple[str, str]]]:
    """Each link's confidence, and the links whose paper proposes the entity."""
    model = shipped_model()
    confidences, proposed = {}, set()
    for link, f in features:
        confidences[link] = round(model.confidence(f), 3)
        if model.proposes(f):
            proposed.add(link)
    return confidences, proposed


def confident(
    resolution: Resolution,
    confidences: dict[tuple[str, str], float],
    min_confidence: float,
    proposed: set[tuple[str, str]],
) -> Resolution:
    """The resolution with only the links at or above `min_confidence`, each mention carrying its link's
    confidence and, given the `proposed` links, the paper's role for it. An entity no paper keeps is no node;
    an entity whose broader one is gone links the nearest broader entity kept ("conditional diffusion policy" →
    "diffusion policy" → "policy")."""
    mentions = [
        m.judged(PROPOSES if link in proposed else USES, confidence)
        for m in resolution.mentions
        if (confidence := confidences[link := (m.paper, m.entity)]) >= min_confidence
    ]
    papers: dict[str, set[str]] = defaultdict(set)
    for m in mentions:
        papers[m.entity].add(m.paper)
    entities = {
        key: replace(entity, papers=tuple(sorted(papers[key])))
        for key, entity in resolution.entities.items()
        if key in papers
    }
    broader = {}
    for key in entities:
        wider = resolution.broader.get(key)
        while wider is not None and wider not in entities:
            wider = resolution.broader.get(wider)
        if wider is not None:
            broader[key] = wider
    may_stand_for = {
        short_form: kept_meanings
        for short_form, meanings in resolution.may_stand_for.items()
        if short_form in entities and len(kept_meanings := [k for k in meanings if k in entities]) > 1
    }
    return Resolution(
        entities=entities,
        mentions=mentions,
        broader=broader,
        may_stand_for=may_stand_for,
    )


def resolve_papers(mentions: list[Mention], papers: list[Paper]) -> Resolution:
    """Entities from the abstracts' mentions, with the long forms their titles give short forms, and from what
    the titles name that the abstracts do not."""
    definitions = title_definitions(papers, mentions)
    return resolve([*title_defined(mentions, definitions), *title_name_mentions(papers, mentions, definitions)])


def resolve_confident(
    mentions: list[Mention], relations: list[Relation], papers: list[Paper], min_confidence: float
) -> tuple[Resolution, list[Relation]]:
    """Entities from the mentions, the links of at least `min_confidence`, and the relations between entities
    kept: what a build keeps. A relation a paper states needs both its entities in the graph, not the paper's
    links to them ("X is used for Y" holds where Y is too much in passing to be listed for the paper)."""
    resolution = resolve_papers(mentions, papers)
    stated = resolve_relations(relations, resolution)
    resolution = all_links(resolution, papers)
    confidences, proposed = judged_links(each_link_features(resolution, papers, stated))
    kept = confident(resolution, confidences, min_confidence, proposed)
    stated += title_relations(papers, kept.entities)  # after the links are judged: no feature of theirs
    for cache in NAME_CACHES:
        cache.cache_clear()
    return kept, [r for r in stated if r.head.entity in kept.entities and r.tail.entity in kept.entities]


@lru_cache(maxsize=1)
def relation_precision() -> dict[str, dict[str, float]]:
    """Source -> relation -> the share of the relations it finds that are right (kg.train.relations)."""
    return json.loads(RELATION_MODEL.read_text(encoding="utf-8"))["precision"]


def relation_confidence(evidence: Iterable[Relation]) -> float:
    """How likely a relation holds, from the relations that state it: each paper is a witness as sure as
    its surest sentence (an abstract that says it twice is read the same way twice), a sentence as sure as
    what found it there is precise, and one right witness makes the relation right (noisy-or)."""
    precision = relation_precision()
    by_paper: dict[str, float] = {}
    for r in evidence:
        by_paper[r.paper] = max(by_paper.get(r.paper, 0.0), precision[r.source][r.relation])
    return round(1.0 - math.prod(1.0 - p for p in by_paper.values()), 3)
