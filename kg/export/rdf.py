"""RDF export (Turtle, and N-Triples, JSON-LD, TriG, RDF/XML on request) in the paperkg vocabulary.

Papers are `kg:Paper`/`schema:ScholarlyArticle`; entities `kg:Method`/`kg:Task`/`kg:Dataset`
aligned to ML Schema and schema.org, with one `skos:prefLabel`, every other surface form as
`skos:altLabel`, `kg:paperCount`, `kg:paperCountWithNarrower`, `skos:broader` to its broader entity and, for a
bare short form that papers define differently, `kg:mayStandFor` each of those entities. A paper → entity edge becomes `kg:mentions` plus its role
property; an entity → entity edge its relation (`kg:usedFor` ...) plus an `rdf:Statement` that
carries its support, its confidence and the papers it was derived from. Evidence is W3C Web Annotation: one
`oa:Annotation` per mention (body: the entity) and per relation sentence (body: the statement),
targeting the abstract by offsets and quote. A reported result is an `mls:ModelEvaluation` (and `kg:Result`)
of its value in its metric, an `mls:EvaluationMeasure`, which its paper `kg:reports`, with its method, dataset
or task and baseline, and an annotation of its sentence. The ontology (kg/data/ontology.ttl) is included.

Triples are written by Oxigraph in graph order, with IRIs made from paper ids and offsets, so the
same build gives the same bytes (rdflib took 110 s to write 400,000 triples as Turtle; Oxigraph 1 s).
"""

from __future__ import annotations

import shutil
from decimal import Decimal
from functools import lru_cache
from itertools import groupby
from operator import attrgetter
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence
from urllib.parse import quote

import networkx as nx
import pyoxigraph as ox

from ..confidence import relation_confidence
from ..graph import (
    PAPER_IDENTIFIERS,
    authors_of,
    identifier_page,
    mention_entity_iris,
    paper_authors,
    paper_iri,
    result_links,
    results_of,
)
from ..layout import ONTOLOGY_FILE, RDF_FILES
from ..records import Mention
from ..settings import BROADER, KG_NS, MAY_STAND_FOR, MLS_NS, PAPER, RELATIONS, REPORTS, SCHEMA_NS, TITLE
from .options import ExportOptions
from .xml import NOT_XML


def namespace(base: str) -> Callable[[str], ox.NamedNode]:
    """IRIs in `base`, each made once: every mention's annotation names fourteen of them."""
    return lru_cache(maxsize=None)(lambda local: ox.NamedNode(base + local))


PREFIXES = {
    "kg": KG_NS,
    "schema": SCHEMA_NS,
    "mls": MLS_NS,
    "dcterms": "http://purl.org/dc/terms/",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "oa": "http://www.w3.org/ns/oa#",
    "prov": "http://www.w3.org/ns/prov#",
}
KG, SCHEMA, MLS, RDF, RDFS, XSD, DCTERMS, SKOS, OA, PROV = (
    namespace(PREFIXES[p]) for p in ("kg", "schema", "mls", "rdf", "rdfs", "xsd", "dcterms", "skos", "oa", "prov")
)
CLASSES = {
    "Paper": (KG("Paper"), SCHEMA("ScholarlyArticle")),
    "Method": (KG("Method"), MLS("Algorithm")),
    "Task": (KG("Task"), MLS("Task")),
    "Dataset": (KG("Dataset"), MLS("Dataset"), SCHEMA("Dataset")),
}
# `--rdf-format` name -> Oxigraph format; graph.ttl is always written (file names: kg.layout.RDF_FILES).
FORMATS = {
    "ttl": ox.RdfFormat.TURTLE,
    "nt": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
    "trig": ox.RdfFormat.TRIG,
    "xml": ox.RdfFormat.RDF_XML,
}
LINKS = {BROADER: SKOS("broader"), MAY_STAND_FOR: KG(MAY_STAND_FOR)}  # entity → entity edges without a statement
FORMAT_OF_FILE = {RDF_FILES[name]: rdf_format for name, rdf_format in FORMATS.items()}

Triple = ox.Triple


def integer(value: int, datatype: str = "integer") -> ox.Literal:
    return ox.Literal(str(value), datatype=XSD(datatype))


def boolean(value: bool) -> ox.Literal:
    return ox.Literal("true" if value else "false", datatype=XSD("boolean"))


def confidence(value: float) -> ox.Literal:
    return ox.Literal(f"{value:.3f}", datatype=XSD("decimal"))


def statement_iri(base: str, head: str, relation: str, tail: str) -> str:
    """The reified edge: `relation/entity/otter/isA/entity/vla-architecture`, or a paper's link to an entity,
    `relation/paper/ID/mentions/entity/otter`."""
    return f"{base}relation/{head.removeprefix(base)}/{relation}/{tail.removeprefix(base)}"


def annotation_iri(base: str, paper: str, *parts: object) -> str:
    """An annotation named by its paper and offsets: the same evidence gets the same IRI in every build."""
    return f"{base}annotation/{quote(paper, safe='')}/" + "/".join(map(str, parts))


TITLE_PART = "title"


def title_iri(paper: str) -> str:
    """The paper's title as the source of the annotations of its words."""
    return f"{paper}#{TITLE_PART}"


def annotation(
    iri: str, motivation: str, body: ox.NamedNode, source: str, start: int, end: int, exact: str
) -> Iterator[Triple]:
    """An oa:Annotation whose target selects abstract[start:end] of the paper `source`, by position and quote."""
    ann, target, position, quoted = (ox.NamedNode(iri + suffix) for suffix in ("", "#target", "#position", "#quote"))
    yield Triple(ann, RDF("type"), OA("Annotation"))
    yield Triple(ann, OA("motivatedBy"), OA(motivation))
    yield Triple(ann, OA("hasBody"), body)
    yield Triple(ann, OA("hasTarget"), target)
    yield Triple(target, RDF("type"), OA("SpecificResource"))
    yield Triple(target, OA("hasSource"), ox.NamedNode(source))
    yield Triple(target, OA("hasSelector"), position)
    yield Triple(target, OA("hasSelector"), quoted)
    yield Triple(position, RDF("type"), OA("TextPositionSelector"))
    yield Triple(position, OA("start"), integer(start, "nonNegativeInteger"))
    yield Triple(position, OA("end"), integer(end, "nonNegativeInteger"))
    yield Triple(quoted, RDF("type"), OA("TextQuoteSelector"))
    yield Triple(quoted, OA("exact"), ox.Literal(exact))


def node_triples(base: str, node: str, data: dict) -> Iterator[Triple]:
    subject = ox.NamedNode(node)
    for cls in CLASSES[data["type"]]:
        yield Triple(subject, RDF("type"), cls)
    if data["type"] == PAPER:
        yield Triple(subject, DCTERMS("identifier"), ox.Literal(data["paper_id"]))
        if data["title"]:
            yield Triple(subject, DCTERMS("title"), ox.Literal(data["title"]))
        yield Triple(subject, RDFS("label"), ox.Literal(data["name"]))
        yield Triple(subject, DCTERMS("abstract"), ox.Literal(data["abstract"]))
        if data["url"]:
            yield Triple(subject, SCHEMA("url"), ox.Literal(data["url"], datatype=XSD("anyURI")))
        if data["venue"]:
            yield Triple(subject, KG("venue"), ox.Literal(data["venue"]))
        if data["year"] is not None:
            yield Triple(subject, KG("year"), integer(data["year"]))
        for author in paper_authors(base, data["authors"]):
            yield Triple(subject, SCHEMA("author"), ox.NamedNode(author))
        for name in (n for n in PAPER_IDENTIFIERS if n in data):
            yield Triple(subject, SCHEMA("sameAs"), ox.NamedNode(identifier_page(name, data[name])))
    else:
        yield Triple(subject, SKOS("prefLabel"), ox.Literal(data["name"]))
        yield Triple(subject, RDFS("label"), ox.Literal(data["name"]))
        for alias in data["aliases"]:
            yield Triple(subject, SKOS("altLabel"), ox.Literal(alias))
        yield Triple(subject, KG("paperCount"), integer(data["papers"]))
        yield Triple(subject, KG("paperCountWithNarrower"), integer(data["papers_with_narrower"]))
        yield Triple(subject, KG("mentionCount"), integer(data["mention_count"]))
        yield Triple(subject, KG("typeEvidence"), integer(data["type_evidence"]))


def title_part(paper: str, told: set[str]) -> Iterator[Triple]:
    """`{paper}#title dcterms:isPartOf {paper}`, the source of what a title says, unless `told` has the paper."""
    if paper not in told:
        told.add(paper)
        yield Triple(ox.NamedNode(title_iri(paper)), DCTERMS("isPartOf"), ox.NamedNode(paper))


def relation_triples(
    graph: nx.MultiDiGraph, head: str, tail: str, data: dict, evidence: bool, told: set[str]
) -> Iterator[Triple]:
    """The relation, its statement (support, confidence, provenance) and, with `evidence`, one annotation per
    sentence, with what that sentence alone makes of the relation's confidence."""
    base, relation = graph.graph["base_iri"], data["relation"]
    yield Triple(ox.NamedNode(head), KG(relation), ox.NamedNode(tail))
    statement = ox.NamedNode(statement_iri(base, head, relation, tail))
    yield Triple(statement, RDF("type"), RDF("Statement"))
    yield Triple(statement, RDF("subject"), ox.NamedNode(head))
    yield Triple(statement, RDF("predicate"), KG(relation))
    yield Triple(statement, RDF("object"), ox.NamedNode(tail))
    yield Triple(statement, KG("paperCount"), integer(data["papers"]))
    yield Triple(statement, KG("confidence"), confidence(data["confidence"]))
    for paper in data["paper_ids"]:
        yield Triple(statement, PROV("wasDerivedFrom"), ox.NamedNode(paper_iri(base, paper)))
    if evidence:
        for r in data["evidence"]:
            paper = paper_iri(base, r.paper)
            stated_in_title = r.source == TITLE  # kg.titles.title_relations; else an abstract's sentence, which may
            # say it of the name its title gives ("our method": kg.nlp.relations), an end in the title
            ends = tuple(
                f"{TITLE_PART}-" * (m.in_title and not stated_in_title) + f"{m.start}-{m.end}" for m in (r.head, r.tail)
            )
            if stated_in_title:
                source, text = title_iri(paper), graph.nodes[paper]["title"]
                iri = annotation_iri(base, r.paper, TITLE_PART, relation, *ends)
                yield from title_part(paper, told)
            else:
                source, text = paper, graph.nodes[paper]["abstract"]
                iri = annotation_iri(base, r.paper, relation, *ends)
            yield from annotation(iri, "describing", statement, source, r.start, r.end, text[r.start : r.end])
            yield Triple(ox.NamedNode(iri), KG("confidence"), confidence(relation_confidence([r])))


def link_triples(base: str, paper: str, entity: str, data: dict) -> Iterator[Triple]:
    """The paper's link to the entity, its role, and the link as a statement with its confidence."""
    subject, target = ox.NamedNode(paper), ox.NamedNode(entity)
    yield Triple(subject, KG("mentions"), target)
    yield Triple(subject, KG(data["relation"]), target)
    statement = ox.NamedNode(statement_iri(base, paper, "mentions", entity))
    yield Triple(statement, RDF("type"), RDF("Statement"))
    yield Triple(statement, RDF("subject"), subject)
    yield Triple(statement, RDF("predicate"), KG("mentions"))
    yield Triple(statement, RDF("object"), target)
    yield Triple(statement, KG("confidence"), confidence(data["confidence"]))


def mention_triples(graph: nx.MultiDiGraph, mentions: Iterable[Mention], told: set[str]) -> Iterator[Triple]:
    """One annotation per mention, its body the entity: the offsets, text and confidence of mentions.jsonl. The
    source of a mention in a title is the paper's title, `{paper}#title`, part of the paper (`title_part`)."""
    base, iris = graph.graph["base_iri"], mention_entity_iris(graph)
    for paper, of_paper in groupby(
        mentions, key=attrgetter("paper")
    ):  # the paper's IRIs quoted once, not once a mention
        source, prefix = paper_iri(base, paper), annotation_iri(base, paper, "")
        title = title_iri(source)
        for m in of_paper:
            if m.in_title:
                iri, of = f"{prefix}{TITLE_PART}/{m.start}-{m.end}", title
                yield from title_part(source, told)
            else:
                iri, of = f"{prefix}{m.start}-{m.end}", source
            yield from annotation(iri, "identifying", ox.NamedNode(iris[m.entity]), of, m.start, m.end, m.text)
            yield Triple(ox.NamedNode(iri), KG("confidence"), confidence(m.confidence))


def result_triples(graph: nx.MultiDiGraph, evidence: bool) -> Iterator[Triple]:
    """Each result an `mls:ModelEvaluation` of its value (`mls:hasValue`) in its metric (`mls:specifiedBy`,
    an `mls:EvaluationMeasure`), linked from its paper and to its method, dataset or task and baseline; with
    `evidence`, one annotation of its sentence."""
    results, measures = results_of(graph)
    for measure in measures.values():
        metric = ox.NamedNode(measure["iri"])
        yield Triple(metric, RDF("type"), MLS("EvaluationMeasure"))
        yield Triple(metric, RDFS("label"), ox.Literal(measure["name"]))
        yield Triple(
            metric, KG("lowerIsBetter"), ox.Literal(str(measure["lower_is_better"]).lower(), datatype=XSD("boolean"))
        )
    for row in results:
        result = ox.NamedNode(row["iri"])
        yield Triple(ox.NamedNode(row["paper"]), KG(REPORTS), result)
        yield Triple(result, RDF("type"), KG("Result"))
        yield Triple(result, RDF("type"), MLS("ModelEvaluation"))
        yield Triple(
            result, MLS("hasValue"), ox.Literal(format(Decimal(repr(row["value"])), "f"), datatype=XSD("decimal"))
        )
        yield Triple(result, MLS("specifiedBy"), ox.NamedNode(measures[row["measure"]]["iri"]))
        yield Triple(result, KG("metricText"), ox.Literal(row["metric"]))
        yield Triple(result, KG("valueText"), ox.Literal(row["text"]))
        if row["unit"]:
            yield Triple(result, KG("unit"), ox.Literal(row["unit"]))
        yield Triple(result, KG("isRelative"), boolean(row["relative"]))
        for link, entity in result_links(row):
            yield Triple(result, KG(link), ox.NamedNode(entity))
        yield Triple(result, PROV("wasDerivedFrom"), ox.NamedNode(row["paper"]))
        if evidence:
            source = row["paper"]
            abstract = graph.nodes[source]["abstract"]
            start, end = row["sentence_start"], row["sentence_end"]
            iri = annotation_iri(graph.graph["base_iri"], row["paper_id"], "result", f"{row['start']}-{row['end']}")
            yield from annotation(iri, "describing", result, source, start, end, abstract[start:end])


def ontology_triples() -> Iterator[Triple]:
    for quad in ox.parse(path=str(ONTOLOGY_FILE), format=ox.RdfFormat.TURTLE):
        yield quad.triple


def rdf_triples(graph: nx.MultiDiGraph, mentions: Iterable[Mention] | None = None) -> Iterator[Triple]:
    """The ontology, then each node with its outgoing edges, then the authors, the results, the mention annotations
    (if `mentions`)."""
    yield from ontology_triples()
    base = graph.graph["base_iri"]
    told: set[str] = set()  # the papers whose title is said to be part of them
    for node, data in graph.nodes(data=True):
        yield from node_triples(base, node, data)
        for _, target, edge in graph.out_edges(node, data=True):
            if edge["relation"] in LINKS:
                yield Triple(ox.NamedNode(node), LINKS[edge["relation"]], ox.NamedNode(target))
            elif edge["relation"] in RELATIONS:
                yield from relation_triples(graph, node, target, edge, mentions is not None, told)
            else:
                yield from link_triples(base, node, target, edge)
    names, _ = authors_of(graph)
    for author, name in names.items():
        yield Triple(ox.NamedNode(author), RDF("type"), SCHEMA("Person"))
        yield Triple(ox.NamedNode(author), SCHEMA("name"), ox.Literal(name))
    yield from result_triples(graph, evidence=mentions is not None)
    if mentions is not None:
        yield from mention_triples(graph, mentions, told)


def prefixes(graph: nx.MultiDiGraph) -> dict[str, str]:
    """Vocabulary prefixes, and one per kind of resource (`paper:`, `entity:`) whose local names are clean."""
    base = graph.graph["base_iri"]
    kinds = {kind: f"{base}{kind}/" for kind in ("paper", "entity", "author", "metric")}
    return {**PREFIXES, **kinds}


def write_rdf(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    """Write the graph in the format its file name says (graph.ttl, graph.nt, ...); with `options.evidence`,
    with an annotation for every one of `mentions`."""
    evidence = mentions if options.evidence else None
    rdf_format = FORMAT_OF_FILE[path.name]
    triples = rdf_triples(graph, evidence)
    if rdf_format == ox.RdfFormat.RDF_XML:
        triples = map(xml_safe, triples)
    ox.serialize(triples, str(path), rdf_format, prefixes=prefixes(graph))


def xml_safe(triple: Triple) -> Triple:
    """The triple with each character that XML 1.0 cannot carry (a form feed, NUL) in a literal replaced by
    U+FFFD: RDF/XML has no escape for them, and one character for one keeps every offset into the text."""
    literal = triple.object
    if not isinstance(literal, ox.Literal) or literal.value.isprintable():
        return triple
    value = NOT_XML.sub("\ufffd", literal.value)
    if value == literal.value:
        return triple
    kind = {"language": literal.language} if literal.language else {"datatype": literal.datatype}
    return Triple(triple.subject, triple.predicate, ox.Literal(value, **kind))


def write_ontology(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    """The kg: vocabulary as shipped, beside the graph that uses it."""
    shutil.copyfile(ONTOLOGY_FILE, path)
