"""The knowledge graph: a NetworkX MultiDiGraph whose node and edge attributes every export reads.

Nodes are keyed by IRI. Paper nodes carry the bibliographic fields; entity nodes carry type, name,
aliases and paper count. Each paper → entity edge has `relation` (proposes, usesMethod,
addressesTask, usesDataset; every such edge also means the paper mentions the entity), the number
of mentions, and the first mention's evidence. Each entity → entity edge has `relation` (usedFor,
evaluatedOn, comparedWith, isA), `papers` (the support: how many papers state it), `paper_ids`,
`mentions` (how many sentences), the first sentence, and every `Relation` behind it as `evidence`. An
entity → broader entity edge (kg.hierarchy) has only `relation`, `broader`, and so does a bare short form's
edge to each entity it may stand for, `mayStandFor`; each entity node carries
`papers_with_narrower`, the papers that link it or an entity narrower than it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence
from urllib.parse import quote

import networkx as nx
import pyoxigraph as ox

from .corpus import Paper
from .errors import KGError
from .hierarchy import papers_with_narrower
from .records import Entity, Mention, Relation
from .resolve import Resolution
from .settings import BROADER, DEFAULT_BASE_IRI, MAY_STAND_FOR, NODE_TYPES, PAPER, PROPOSES, USES_RELATION


def paper_iri(base: str, paper_id: str) -> str:
    """`paper/{id}`, percent-encoded; a final "." too, which Turtle writers escape (`paper:x\\.`) and rdflib
    cannot read back."""
    local = quote(paper_id, safe="")
    return f"{base}paper/{local[:-1]}%2E" if local.endswith(".") else f"{base}paper/{local}"


def check_base_iri(base: str) -> None:
    """Refuse, before any work, a base IRI that would make invalid IRIs or clash with the annotations' own
    fragments (`...#target`)."""
    if "#" in base:
        raise KGError(f"--base-iri {base!r} holds a '#': annotation IRIs add their own fragment; end it with '/'")
    try:
        ox.NamedNode(paper_iri(base, "id"))
    except ValueError as exc:
        raise KGError(f"--base-iri {base!r} is not an absolute IRI ({exc})") from None


def entity_iri(base: str, entity: Entity) -> str:
    """`entity/{slug}`: without the type, which a corpus decides by its mentions' majority, so that the same
    entity has the same IRI in builds of different corpora."""
    return f"{base}entity/{entity.slug}"


def relation_of(label: str, role: str) -> str:
    return "proposes" if role == PROPOSES else USES_RELATION[label]


def build_graph(
    papers: list[Paper], resolution: Resolution, base_iri: str = DEFAULT_BASE_IRI, relations: Sequence[Relation] = ()
) -> nx.MultiDiGraph:
    """Papers and entities as nodes, paper → entity edges with role and evidence, and entity → entity
    edges for `relations` (resolved: see `resolve_relations`) with support and evidence."""
    graph = nx.MultiDiGraph(base_iri=base_iri)
    paper_iris = {paper.id: paper_iri(base_iri, paper.id) for paper in papers}  # quoted once a paper, not once an edge
    for paper in papers:
        graph.add_node(
            paper_iris[paper.id],
            type=PAPER,
            name=paper.title or paper.id,
            paper_id=paper.id,
            title=paper.title,
            abstract=paper.abstract,
            url=paper.url,
            venue=paper.venue,
            year=paper.year,
            authors=list(paper.authors),
        )
    iris = {key: entity_iri(base_iri, e) for key, e in resolution.entities.items()}
    topic_papers = papers_with_narrower(resolution.entities, resolution.broader)
    for key, entity in resolution.entities.items():
        graph.add_node(
            iris[key],
            type=NODE_TYPES[entity.label],
            name=entity.name,
            key=entity.key,
            aliases=list(entity.aliases),
            papers=len(entity.papers),
            papers_with_narrower=topic_papers[key],
            mention_count=entity.mention_count,
            type_evidence=entity.type_evidence,
        )
    by_pair: dict[tuple[str, str], list[Mention]] = defaultdict(list)
    for m in resolution.mentions:
        by_pair[(m.paper, m.entity)].append(m)
    for (paper_id, key), mentions in by_pair.items():
        first = min(mentions, key=lambda m: m.start)
        relation = relation_of(first.label, first.role)
        graph.add_edge(
            paper_iris[paper_id],
            iris[key],
            key=relation,
            relation=relation,
            mentions=len(mentions),
            confidence=first.confidence,
            sentence=first.sentence,
            start=first.start,
            end=first.end,
        )
    by_edge: dict[tuple[str, str, str], list[Relation]] = defaultdict(list)
    for r in relations:
        by_edge[(r.head.entity, r.relation, r.tail.entity)].append(r)
    for (head, relation, tail), evidence in by_edge.items():
        paper_ids = sorted({r.paper for r in evidence})
        graph.add_edge(
            iris[head],
            iris[tail],
            key=relation,
            relation=relation,
            papers=len(paper_ids),
            paper_ids=paper_ids,
            mentions=len(evidence),
            sentence=evidence[0].sentence,
            evidence=evidence,
        )
    for narrower, broader in resolution.broader.items():
        graph.add_edge(iris[narrower], iris[broader], key=BROADER, relation=BROADER)
    for short_form, meanings in resolution.may_stand_for.items():
        for meaning in meanings:
            graph.add_edge(iris[short_form], iris[meaning], key=MAY_STAND_FOR, relation=MAY_STAND_FOR)
    return graph


def mention_entity_iris(graph: nx.MultiDiGraph) -> dict[str, str]:
    """Entity key -> IRI, read back from the graph (for exports that start from mentions)."""
    return {data["key"]: node for node, data in graph.nodes(data=True) if data["type"] != PAPER}
