"""Entity resolution: one entity per real-world method, task or dataset across all papers.

A mention's key folds case (except in acronyms), plurals, hyphens, UK/US spelling and leading hype
words. A short form defined in its own abstract ("Graph Neural Networks (GNNs)") takes its long
form's key; an undefined short form elsewhere joins that long form only when every abstract that
defines the short form agrees on it, so "SDP" stays apart when papers define it differently.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace

from .records import Entity, Mention
from .settings import LABEL_PRIORITY, PROPOSES, USES

LEADING_FILLERS = {
    "a", "an", "the", "our", "their", "its", "this", "these", "those", "novel", "new", "proposed",
    "existing", "standard", "so-called", "state-of-the-art",
}
# Prefixes written joined or hyphenated ("multi-modal" = "multimodal").
JOINED_PREFIXES = {
    "multi", "pre", "non", "co", "re", "semi", "sub", "inter", "intra", "meta", "post", "un", "anti",
    "bi", "tri", "hyper", "over", "under", "auto", "mini", "micro", "macro", "mid", "uni",
}
UK_US = {
    "modelling": "modeling", "modelled": "modeled", "labelled": "labeled", "labelling": "labeling",
    "travelling": "traveling", "behaviour": "behavior", "behaviours": "behaviors", "colour": "color",
    "neighbour": "neighbor", "neighbours": "neighbors", "neighbourhood": "neighborhood",
    "favour": "favor", "centre": "center", "analyse": "analyze", "analysed": "analyzed",
    "generalisation": "generalization", "catalogue": "catalog", "programme": "program",
}
ISE_EXCEPTIONS = {
    "supervised", "supervise", "advise", "advised", "revise", "revised", "comprise", "comprised",
    "devise", "devised", "compromise", "surprise", "exercise", "promise", "premise", "raise",
    "noise", "denoise", "denoised", "precise", "concise", "wise", "otherwise", "pairwise",
    "expertise", "enterprise", "rise", "arise", "improvise", "televised", "franchise", "merchandise",
    "unsupervised", "self-supervised", "semi-supervised", "weakly-supervised", "disguise", "paradise",
}
SINGULAR_EXCEPTIONS = {
    "analysis", "basis", "axis", "thesis", "hypothesis", "synthesis", "diagnosis", "lens", "bias",
    "gaussian", "corpus", "status", "bus", "virus", "focus", "consensus", "radius", "process",
    "class", "less", "loss", "mass", "pass", "glass", "cross", "series", "species", "news",
    "physics", "mathematics", "statistics", "dynamics", "robotics", "graphics", "linguistics",
    "kinematics", "mechanics", "economics", "genomics", "semantics", "ethics", "logistics",
    "analytics", "metrics", "is", "was", "has", "this", "its", "yes", "ous", "data", "atlas",
}
IRREGULAR_PLURALS = {"analyses": "analysis", "hypotheses": "hypothesis", "syntheses": "synthesis", "indices": "index", "matrices": "matrix", "vertices": "vertex", "criteria": "criterion", "phenomena": "phenomenon"}


def is_acronym(word: str) -> bool:
    """A word whose case carries meaning: GNN, ImageNet, CIFAR-10, GL-LowPopArt, LLaMA, T5."""
    for part in word.split("-"):
        upper = sum(c.isupper() for c in part)
        if upper >= 2 or (upper and any(c.isdigit() for c in part)):
            return True
    return False


def us_spelling(word: str) -> str:
    if word in UK_US:
        return UK_US[word]
    if word in ISE_EXCEPTIONS or len(word) < 7:
        return word
    for uk, us in (("isation", "ization"), ("isations", "izations"), ("ised", "ized"), ("ising", "izing"), ("iser", "izer"), ("isers", "izers"), ("ise", "ize")):
        if word.endswith(uk):
            return word[: -len(uk)] + us
    return word


def singular(word: str) -> str:
    """English plural to singular for the head word of a term (rules, no dictionary)."""
    if is_acronym(word):
        return word[:-1] if len(word) > 2 and word.endswith("s") and word[-2].isupper() else word
    if word.lower() in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word.lower()]
    if word.lower() in SINGULAR_EXCEPTIONS or len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    return word[:-1]


def normalize_word(word: str) -> str:
    if is_acronym(word):
        return word
    word = word.lower()
    parts = word.split("-")
    out = parts[0]
    for part in parts[1:]:
        out += ("" if out.split(" ")[-1] in JOINED_PREFIXES else " ") + part
    return " ".join(us_spelling(w) for w in out.split(" ") if w)


def entity_key(name: str) -> str:
    """A mention's name folded to the key entities merge on.

    >>> entity_key("a novel Multi-Modal Graph Neural Networks")
    'multimodal graph neural network'
    """
    words = [w.strip(".,;:'\"`()[]{}") for w in name.replace("\u2010", "-").replace("\u2011", "-").split()]
    words = [w for w in words if w]
    while len(words) > 1 and words[0].lower() in LEADING_FILLERS:
        words.pop(0)
    if not words:
        return ""
    words[-1] = singular(words[-1]) if "-" not in words[-1] else "-".join([*words[-1].split("-")[:-1], singular(words[-1].split("-")[-1])])
    return " ".join(normalize_word(w) for w in words).strip()


def slugify(key: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-") or "entity"


def preference(name: str, count: int) -> tuple:
    """Sort key for an entity's preferred name: a long form over an acronym, then the most
    frequent, then not capitalised only because it began a sentence, then the shortest."""
    words = name.split()
    acronym = len(words) == 1 and is_acronym(name)
    capitalised = name[:1].isupper() and not is_acronym(words[0])
    return (acronym, -count, capitalised, len(name), name)


@dataclass
class Resolution:
    entities: dict[str, Entity]  # by key
    mentions: list[Mention]  # with entity key, unified label and role


def resolve(mentions: list[Mention]) -> Resolution:
    """Merge mentions into entities; each returned mention names its entity by key."""
    keys = [entity_key(m.long_form or m.name) for m in mentions]
    definitions: dict[str, set[str]] = defaultdict(set)
    for m, key in zip(mentions, keys):
        if m.long_form:
            definitions[entity_key(m.name)].add(key)
    keys = [
        next(iter(definitions[key])) if not m.long_form and len(definitions.get(key, ())) == 1 else key
        for m, key in zip(mentions, keys)
    ]
    labels: dict[str, Counter[str]] = defaultdict(Counter)
    names: dict[str, Counter[str]] = defaultdict(Counter)
    papers: dict[str, set[str]] = defaultdict(set)
    proposed: set[tuple[str, str]] = set()
    for m, key in zip(mentions, keys):
        labels[key][m.label] += 1
        names[key][m.name] += 1
        papers[key].add(m.paper)
        if m.role == PROPOSES:
            proposed.add((m.paper, key))
    entities: dict[str, Entity] = {}
    slugs: set[str] = set()
    for key in sorted(labels):
        if not key:
            continue
        label = min(labels[key], key=lambda lab: (-labels[key][lab], LABEL_PRIORITY[lab]))
        surface = names[key]
        name = min(surface, key=lambda n: preference(n, surface[n]))
        slug = base = slugify(key)
        n = 2
        while slug in slugs:
            slug, n = f"{base}-{n}", n + 1
        slugs.add(slug)
        entities[key] = Entity(
            key=key,
            label=label,
            name=name,
            aliases=tuple(sorted(a for a in surface if a != name)),
            papers=tuple(sorted(papers[key])),
            slug=slug,
        )
    resolved = [
        replace(m, entity=key, label=entities[key].label, role=PROPOSES if (m.paper, key) in proposed else USES)
        for m, key in zip(mentions, keys)
        if key in entities
    ]
    return Resolution(entities=entities, mentions=resolved)
