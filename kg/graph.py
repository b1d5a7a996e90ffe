"""The knowledge graph: a NetworkX MultiDiGraph whose node and edge attributes every export reads.

Nodes are keyed by IRI. Paper nodes carry the bibliographic fields; entity nodes carry type, name,
aliases and paper count. Each paper → entity edge has `relation` (proposes, usesMethod,
addressesTask, usesDataset; every such edge also means the paper mentions the entity), the number
of mentions, and the first mention's evidence. Each entity → entity edge has `relation` (usedFor,
evaluatedOn, comparedWith, isA), `papers` (the support: how many papers state it), `paper_ids`,
`mentions` (how many sentences), `confidence` (kg.confidence.relation_confidence), the first sentence, and
every `Relation` behind it as `evidence`. An
entity → broader entity edge (kg.hierarchy) has only `relation`, `broader`, and so does a bare short form's
edge to each entity it may stand for, `mayStandFor`; each entity node carries
`papers_with_narrower`, the papers that link it or an entity narrower than it. The graph's own `results`
lists, as plain rows, the numbers its papers report in a metric for a method (kg.nlp.results), on a dataset
or task, over a baseline, each of those by IRI and name, and `measures` the metrics they are in.
"""

from __future__ import annotations

import unicodedata
from collections import Counter, defaultdict
from functools import lru_cache
from typing import Sequence
from urllib.parse import quote

import networkx as nx
import pyoxigraph as ox

from .confidence import relation_confidence
from .errors import KGError
from .hierarchy import papers_with_narrower
from .nlp.metric_names import lower_is_better, metric_key
from .records import Entity, Mention, Paper, Relation, Result
from .resolve import Resolution, slugify
from .settings import (
    AUTHOR,
    AUTHORED,
    BROADER,
    DEFAULT_BASE_IRI,
    MAY_STAND_FOR,
    NODE_TYPES,
    PAPER,
    PROPOSES,
    RESULT_LINKS,
    USES_RELATION,
)

# Identifiers a paper may carry from its source (an attribute of its node only where it has one), and the
# address of the page each names.
PAPER_IDENTIFIERS = {"doi": "https://doi.org/", "arxiv": "https://arxiv.org/abs/"}
IRI_SAFE = "/:;()._-~!$&'*+,=@"  # what an identifier keeps in its page's IRI; the rest is percent-encoded


def identifier_page(name: str, value: str) -> str:
    """The page of a paper's DOI or arXiv id: "https://doi.org/10.1000/abc"."""
    return PAPER_IDENTIFIERS[name] + quote(value, safe=IRI_SAFE)


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


def author_key(name: str) -> str:
    """What makes two author names one author: the same name once Unicode forms, case and spacing are set aside
    ("Yoshua  Bengio" and "yoshua bengio" are one; two people of one name are one too, as nothing here tells
    them apart)."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def author_iri(base: str, name: str) -> str:
    """`author/{name}`: the author key, spaces as "_", letters and digits of any script as they are (an IRI may
    hold them), any other character percent-encoded; the same in every build."""
    local = "".join(c if c.isalnum() or c in "-._~" else quote(c, safe="") for c in author_key(name).replace(" ", "_"))
    return f"{base}author/{local[:-1]}%2E" if local.endswith(".") else f"{base}author/{local}"  # as paper_iri


def paper_authors(base: str, names: Sequence[str]) -> dict[str, str]:
    """A paper's author list as author IRI -> name, each author once, empty names left out."""
    authors: dict[str, str] = {}
    for name in names:
        if author_key(name):
            authors.setdefault(author_iri(base, name), name)
    return authors


def authors_of(graph: nx.MultiDiGraph) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The graph's authors, IRI -> name (its first spelling, in paper order), and each (author IRI, paper IRI)
    authorship once: authors are no nodes of the graph itself, whose counts are of papers and entities."""
    base = graph.graph.get("base_iri", DEFAULT_BASE_IRI)
    names: dict[str, str] = {}
    authored: dict[tuple[str, str], None] = {}  # an ordered set
    for paper, d in graph.nodes(data=True):
        if d["type"] == PAPER:
            for iri, name in paper_authors(base, d["authors"]).items():
                names.setdefault(iri, name)
                authored[(iri, paper)] = None
    return names, list(authored)


def author_nodes(graph: nx.MultiDiGraph) -> tuple[list[tuple[str, dict]], list[tuple[str, str, dict]]]:
    """The graph's authors as the nodes and edges GraphML, GEXF and the page add to it (they carry the whole
    network, so that co-authors and an author's topics are a path away): (IRI, data) nodes of type Author with
    their name and number of papers, and (author, paper, data) `authored` edges. Lists, not a copy of the
    graph: on the 31.7k-abstract build a copy took 5 s."""
    names, authored = authors_of(graph)
    papers = Counter(author for author, _ in authored)
    nodes = [(iri, {"type": AUTHOR, "name": name, "papers": papers[iri]}) for iri, name in names.items()]
    return nodes, [(author, paper, {"relation": AUTHORED}) for author, paper in authored]


@lru_cache(maxsize=1)  # GraphML, GEXF and the page of one build share it (kg.export.writers.EXPORT_CACHES)
def with_authors(graph: nx.MultiDiGraph) -> tuple[list[tuple[str, dict]], list[tuple[str, str, dict]]]:
    """Every node and edge GraphML, GEXF and the page carry, the authors' included (`author_nodes`), in id
    order: the nodes by id, the edges by source, target and relation."""
    authors, authored = author_nodes(graph)
    edges = [(s, t, k, d) for s, t, k, d in graph.edges(keys=True, data=True)]
    edges += [(s, t, d["relation"], d) for s, t, d in authored]
    ordered = [(s, t, d) for s, t, _, d in sorted(edges, key=lambda e: e[:3])]
    return sorted([*graph.nodes(data=True), *authors], key=lambda n: n[0]), ordered


def result_iri(base: str, result: Result) -> str:
    """`result/{paper id}/{start}-{end}`: named by its paper and the value's offsets, the same in every build."""
    return f"{base}result/{quote(result.paper, safe='')}/{result.start}-{result.end}"


def measure_iri(base: str, key: str) -> str:
    """`metric/{slug}` of a metric's key ("top 1 accuracy": `metric/top-1-accuracy`)."""
    return f"{base}metric/{slugify(key)}"


def result_rows(
    base: str, results: Sequence[Result], entities: dict[str, Entity], iris: dict[str, str], paper_iris: dict[str, str]
) -> tuple[list[dict], dict[str, dict]]:
    """Each result as the plain row the exports write (its entities by IRI and name), and the metrics they
    are in by key: IRI, the name most results write it with, and whether less is better."""
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    rows = []
    for r in results:
        key = metric_key(r.metric)
        spellings[key][r.metric] += 1
        target = r.target
        rows.append(
            {
                "iri": result_iri(base, r),
                "paper": paper_iris[r.paper],
                "paper_id": r.paper,
                **{
                    f"{role}{part}": (iris[m.entity] if part == "" else entities[m.entity].name)
                    if m is not None
                    else None
                    for role, m in (("method", r.method), ("target", target), ("baseline", r.baseline))
                    for part in ("", "_name")
                },
                "target_type": NODE_TYPES[target.label] if target is not None else None,
                "metric": r.metric,
                "measure": key,
                "value": r.value,
                "unit": r.unit,
                "relative": r.relative,
                "text": r.text,
                "start": r.start,
                "end": r.end,
                "sentence": r.sentence,
                "sentence_start": r.sentence_start,
                "sentence_end": r.sentence_end,
            }
        )
    measures = {
        key: {
            "iri": measure_iri(base, key),
            "name": min(names, key=lambda n: (-names[n], n)),
            "lower_is_better": lower_is_better(key),
        }
        for key, names in sorted(spellings.items())
    }
    return rows, measures


def results_of(graph: nx.MultiDiGraph) -> tuple[list[dict], dict[str, dict]]:
    """The graph's result rows and their measures (none in a graph made otherwise than by `build_graph`)."""
    return graph.graph.get("results", []), graph.graph.get("measures", {})


def result_links(row: dict) -> list[tuple[str, str]]:
    """A result row's links to its entities: (kg: property local name, entity IRI)."""
    links = [("method", row["method"]), (row["target_type"], row["target"]), ("baseline", row["baseline"])]
    return [(RESULT_LINKS[role], iri) for role, iri in links if iri is not None]


def relation_of(label: str, role: str) -> str:
    return "proposes" if role == PROPOSES else USES_RELATION[label]


def build_graph(
    papers: list[Paper],
    resolution: Resolution,
    base_iri: str = DEFAULT_BASE_IRI,
    relations: Sequence[Relation] = (),
    results: Sequence[Result] = (),
) -> nx.MultiDiGraph:
    """Papers and entities as nodes, paper → entity edges with role and evidence, and entity → entity
    edges for `relations` (resolved: see `resolve_relations`) with support and evidence; `results`
    (resolved: see `resolve_results`) as the graph's `results` rows, in paper order, and their `measures`."""
    graph = nx.MultiDiGraph(base_iri=base_iri)
    # the identifiers some paper has: only they are columns and keys of the exports
    graph.graph["identifiers"] = [name for name in PAPER_IDENTIFIERS if any(getattr(p, name) for p in papers)]
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
            **{name: value for name in graph.graph["identifiers"] if (value := getattr(paper, name))},
        )
    iris = {key: entity_iri(base_iri, e) for key, e in resolution.entities.items()}
    graph.graph["results"], graph.graph["measures"] = result_rows(
        base_iri, results, resolution.entities, iris, paper_iris
    )
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
        first = min(mentions, key=lambda m: (m.in_title, m.start))  # the title only where the abstract has none
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
            confidence=relation_confidence(evidence),
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
