"""Small frozen records that cross stage boundaries (read → extract → resolve → graph): papers, their
mentions, relations and results, and the entities they resolve to.

Slotted: a build of 31,700 abstracts holds half a million mentions, twice while resolving (a slotted
record is 112 bytes, against 352 with an attribute dict)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    """One paper as read: `abstract` is the text spaCy reads (an abstract, or a whole text), exactly as read."""

    id: str
    abstract: str
    title: str = ""
    authors: tuple[str, ...] = ()
    url: str = ""
    venue: str = ""
    year: int | None = None
    doi: str = ""  # bare and lowercased: "10.1145/3292500.3330701"
    arxiv: str = ""  # without prefix or version: "2403.01234"


# A mention's `listed`: what the list recognizer (kg.nlp.listed) found there.
NOT_LISTED, OVERLAPS_LISTED, LISTED = 0, 1, 2  # nothing; a span overlapping the mention's; the mention's very span


@dataclass(frozen=True, slots=True)
class Mention:
    """One extracted span in one paper, with offsets into the abstract exactly as read (into the title, for a
    mention `in_title`: kg.titles)."""

    paper: str
    start: int
    end: int
    text: str  # abstract[start:end], markup included
    name: str  # the same span as clean text: what entity keys are made from
    label: str  # METHOD | TASK | DATASET
    role: str  # proposes | uses
    sentence: str  # the clean sentence it occurs in: the evidence
    long_form: str = ""  # for a short form defined in this abstract ("GNN"), its long form's clean text
    listed: int = NOT_LISTED  # what the list recognizer found here
    entity: str = ""  # the key of the entity it resolves to (set by resolve)
    confidence: float = 1.0  # of the paper's link to that entity (set by kg.confidence)
    in_title: bool = False  # found in the paper's title, not its abstract
    inside: bool = False  # the name of another entity inside a mention of the abstract (kg.inner_names)

    def resolved(self, entity: str, label: str, role: str) -> Mention:
        """This mention as resolve returns it: its entity's key, the entity's label, the paper's role for it.
        (dataclasses.replace takes 2.7 s for the 453,000 mentions of 31,700 abstracts; this, 1.0 s.)"""
        return Mention(
            self.paper,
            self.start,
            self.end,
            self.text,
            self.name,
            label,
            role,
            self.sentence,
            self.long_form,
            self.listed,
            entity,
            in_title=self.in_title,
            inside=self.inside,
        )

    def judged(self, role: str, confidence: float) -> Mention:
        """This mention with the paper's role for its entity and its link's confidence (kg.confidence)."""
        return Mention(
            self.paper,
            self.start,
            self.end,
            self.text,
            self.name,
            self.label,
            role,
            self.sentence,
            self.long_form,
            self.listed,
            self.entity,
            confidence,
            self.in_title,
            self.inside,
        )


@dataclass(frozen=True, slots=True)
class Relation:
    """An entity-entity relation one sentence of one paper states ("X outperforms Y")."""

    paper: str
    head: Mention
    relation: str  # usedFor | evaluatedOn | comparedWith | isA (settings.RELATIONS)
    tail: Mention
    sentence: str  # the clean sentence: the evidence
    start: int  # the sentence's offsets into the abstract exactly as read
    end: int
    source: str  # what found it (settings.RELATION_SOURCES), whose precision is its confidence


@dataclass(frozen=True, slots=True)
class Result:
    """A number one sentence of one paper reports for a method, in a metric ("84.1% top-1 accuracy on
    ImageNet", "improves BLEU by 2.3 over X"). Its mentions are the method's, the dataset's or task's it is
    measured on and the baseline's it is a change over, each None where the sentence names none (a method of
    None: the paper's own, which it does not name)."""

    paper: str
    value: float
    unit: str  # "%", "×", "points" or ""
    metric: str  # as written, in clean text ("top-1 accuracy")
    relative: bool  # a change ("improves BLEU by 2.3", "3x faster"), not a score ("84.1% accuracy")
    method: Mention | None
    target: Mention | None  # a DATASET or TASK
    baseline: Mention | None
    text: str  # the value as written in the abstract ("84.1%")
    start: int  # the value's offsets into the abstract exactly as read
    end: int
    sentence: str  # the clean sentence: the evidence
    sentence_start: int  # its offsets into the abstract exactly as read
    sentence_end: int


def result_phrase(value: float, unit: str, metric: str, on: str = "", over: str = "") -> str:
    """A result as the page and `kg explain` write it: "84.1% top-1 accuracy on ImageNet", "2.3 points accuracy
    on CIFAR-10 over ResNet-50"."""
    phrase = f"{value:g}{' ' + unit if unit == 'points' else unit} {metric}"
    return phrase + (f" on {on}" if on else "") + (f" over {over}" if over else "")


@dataclass(frozen=True, slots=True)
class Entity:
    """One real-world method, task or dataset, merged across papers."""

    key: str
    label: str
    name: str
    aliases: tuple[str, ...]
    papers: tuple[str, ...]
    slug: str
    # What its type rests on: its mentions across the build (before links are kept by confidence), and how many
    # of them their own sentence gave that type (none where its name decided: "MT-Bench" is a benchmark).
    mention_count: int = 0
    type_evidence: int = 0
