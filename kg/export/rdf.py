"""RDF export (Turtle and the other rdflib formats) in the paperkg vocabulary.

Papers are `kg:Paper`/`schema:ScholarlyArticle`; entities `kg:Method`/`kg:Task`/`kg:Dataset`
aligned to ML Schema and schema.org, with one `skos:prefLabel`, every other surface form as
`skos:altLabel`, and `kg:paperCount`. Each graph edge becomes `kg:mentions` plus its role property.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
from rdflib import RDF, RDFS, SKOS, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS

from ..settings import KG_NS, MLS_NS, PAPER, SCHEMA_NS

KG = Namespace(KG_NS)
SCHEMA = Namespace(SCHEMA_NS)
MLS = Namespace(MLS_NS)
CLASSES = {
    "Paper": (KG.Paper, SCHEMA.ScholarlyArticle),
    "Method": (KG.Method, MLS.Algorithm),
    "Task": (KG.Task, MLS.Task),
    "Dataset": (KG.Dataset, MLS.Dataset, SCHEMA.Dataset),
}
FORMATS = {"turtle": "ttl", "nt": "nt", "xml": "rdf", "json-ld": "jsonld", "trig": "trig"}


def to_rdf(graph: nx.MultiDiGraph) -> Graph:
    rdf = Graph()
    for prefix, ns in (("kg", KG), ("schema", SCHEMA), ("mls", MLS), ("dcterms", DCTERMS), ("skos", SKOS)):
        rdf.bind(prefix, ns)
    rdf.bind("res", Namespace(graph.graph["base_iri"]))
    for node, data in graph.nodes(data=True):
        subject = URIRef(node)
        for cls in CLASSES[data["type"]]:
            rdf.add((subject, RDF.type, cls))
        if data["type"] == PAPER:
            rdf.add((subject, DCTERMS.identifier, Literal(data["paper_id"])))
            rdf.add((subject, DCTERMS.abstract, Literal(data["abstract"])))
            rdf.add((subject, RDFS.label, Literal(data["name"])))
            if data["title"]:
                rdf.add((subject, DCTERMS.title, Literal(data["title"])))
            if data["url"]:
                rdf.add((subject, SCHEMA.url, Literal(data["url"], datatype=XSD.anyURI)))
            if data["venue"]:
                rdf.add((subject, KG.venue, Literal(data["venue"])))
            if data["year"] is not None:
                rdf.add((subject, KG.year, Literal(data["year"])))
            for author in data["authors"]:
                rdf.add((subject, SCHEMA.author, Literal(author)))
        else:
            rdf.add((subject, SKOS.prefLabel, Literal(data["name"])))
            rdf.add((subject, RDFS.label, Literal(data["name"])))
            for alias in data["aliases"]:
                rdf.add((subject, SKOS.altLabel, Literal(alias)))
            rdf.add((subject, KG.paperCount, Literal(data["papers"])))
    for source, target, data in graph.edges(data=True):
        rdf.add((URIRef(source), KG.mentions, URIRef(target)))
        rdf.add((URIRef(source), KG[data["relation"]], URIRef(target)))
    return rdf


def write_rdf(graph: nx.MultiDiGraph, path: Path, format: str = "turtle") -> None:
    to_rdf(graph).serialize(destination=str(path), format=format, encoding="utf-8")
