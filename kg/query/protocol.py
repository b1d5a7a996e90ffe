"""What the SPARQL 1.1 Protocol and HTTP fix for `kg serve`: the media types a result can be sent in, the
choice among them by a request's Accept header, and the service description a client reads at the endpoint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pyoxigraph as ox

Q_VALUE = re.compile(r"0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?")  # RFC 9110, section 12.4.2
# Media types by result kind, the first the default (SPARQL 1.1 Protocol, section 2.1.5).
SOLUTION_TYPES = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/ld+json": ox.RdfFormat.JSON_LD,
}
# Other names clients ask for them by (SPARQLWrapper's Accept headers, a browser's application/xml), each
# answered under the name asked for.
SOLUTION_ALIASES = {
    "application/json": "application/sparql-results+json",
    "application/xml": "application/sparql-results+xml",
    "text/xml": "application/sparql-results+xml",
}
GRAPH_ALIASES = {
    "application/turtle": "text/turtle",
    "application/x-turtle": "text/turtle",
    "application/x-json+ld": "application/ld+json",
}
SD = "http://www.w3.org/ns/sparql-service-description#"
FORMATS = "http://www.w3.org/ns/formats/"
RESULT_FORMATS = ("SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV", "SPARQL_Results_TSV")
RDF_FORMATS = ("Turtle", "N-Triples", "RDF_XML", "JSON-LD")


@dataclass(frozen=True)
class Response:
    status: int
    content_type: str
    body: bytes


def text_response(status: int, message: str) -> Response:
    return Response(status, "text/plain; charset=utf-8", (message + "\n").encode())


def quality(params: list[str]) -> float:
    """A media range's q parameter; 1 if it has none or one that is not a q-value."""
    value = next((p[2:] for p in params if p.lower().startswith("q=")), "1")
    return float(value) if Q_VALUE.fullmatch(value) else 1.0


def negotiate(accept: str, offered: dict, aliases: dict[str, str] | None = None) -> str | None:
    """The media type, of those `offered` or their `aliases`, that the Accept header likes best: the first
    offered when there is no header, None when it accepts none of them (a 406)."""
    if not accept.strip():
        return next(iter(offered))
    names = {**{kind: kind for kind in offered}, **(aliases or {})}
    ranked = []
    for i, part in enumerate(accept.split(",")):
        kind, *params = (p.strip() for p in part.split(";"))
        if (q := quality(params)) > 0:
            ranked.append((-q, i, kind.lower()))
    for _, _, kind in sorted(ranked):
        if kind in names:
            return kind
        if kind in ("*/*", "application/*", "text/*"):
            matching = (t for t in offered if kind == "*/*" or t.startswith(kind[:-1]))
            if found := next(matching, None):
                return found
    return None


def not_acceptable(accept: str, offered: dict) -> Response:
    return text_response(406, f"cannot answer in {accept.strip()!r}; ask for one of {', '.join(offered)}")


def service_description(endpoint: str) -> list[ox.Triple]:
    """The endpoint in the SPARQL 1.1 Service Description vocabulary: what it answers, in which formats, over
    which data (one default graph; no named graphs, no SERVICE, no update)."""
    service, dataset, graph = ox.BlankNode(), ox.BlankNode(), ox.BlankNode()
    rdf_type = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")

    def sd(name: str) -> ox.NamedNode:
        return ox.NamedNode(SD + name)

    return [
        ox.Triple(service, rdf_type, sd("Service")),
        ox.Triple(service, sd("endpoint"), ox.NamedNode(endpoint)),
        ox.Triple(service, sd("supportedLanguage"), sd("SPARQL11Query")),
        *(
            ox.Triple(service, sd("resultFormat"), ox.NamedNode(FORMATS + name))
            for name in RESULT_FORMATS + RDF_FORMATS
        ),
        ox.Triple(service, sd("defaultDataset"), dataset),
        ox.Triple(dataset, rdf_type, sd("Dataset")),
        ox.Triple(dataset, sd("defaultGraph"), graph),
        ox.Triple(graph, rdf_type, sd("Graph")),
    ]
