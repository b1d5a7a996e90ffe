"""Small frozen records that cross stage boundaries (extract → resolve → graph)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mention:
    """One extracted span in one paper, with offsets into the abstract exactly as read."""

    paper: str
    start: int
    end: int
    text: str  # abstract[start:end], markup included
    name: str  # the same span as clean text: what entity keys are made from
    label: str  # METHOD | TASK | DATASET
    role: str  # proposes | uses
    sentence: str  # the clean sentence it occurs in: the evidence
    long_form: str = ""  # for a short form defined in this abstract ("GNN"), its long form's clean text
    entity: str = ""  # the key of the entity it resolves to (set by resolve)


@dataclass(frozen=True)
class Relation:
    """An entity-entity relation one sentence of one paper states ("X outperforms Y")."""

    paper: str
    head: Mention
    relation: str  # usedFor | evaluatedOn | comparedWith | isA (settings.RELATIONS)
    tail: Mention
    sentence: str  # the clean sentence: the evidence
    start: int  # the sentence's offsets into the abstract exactly as read
    end: int


@dataclass(frozen=True)
class Entity:
    """One real-world method, task or dataset, merged across papers."""

    key: str
    label: str
    name: str
    aliases: tuple[str, ...]
    papers: tuple[str, ...]
    slug: str
