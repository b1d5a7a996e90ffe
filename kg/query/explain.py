"""`kg explain PAPER`: what one paper of a build proposes, uses, addresses and evaluates on, each with its
confidence and the sentence of its first mention, then the relations and the results the paper states, each
with its sentence. Read from the build's store by SPARQL, the paper's id bound as the value of `?id`, which
each query selects (no query text is made from it)."""

from __future__ import annotations

import re
from pathlib import Path

import pyoxigraph as ox

from ..errors import QueryError
from ..records import result_phrase
from .run import open_store, run_query

PREFIXES = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX mls: <http://www.w3.org/ns/mls#>
PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
"""
PAPER = PREFIXES + (
    "SELECT ?id ?title ?abstract "
    "WHERE { ?paper dcterms:identifier ?id ; dcterms:abstract ?abstract . OPTIONAL { ?paper dcterms:title ?title } }"
)
# Every annotation whose target is in the paper: a mention's (its body the entity), a relation's or a result's
# sentence (its body the statement, the result). No pattern on a constant object (`oa:motivatedBy
# oa:identifying`): Oxigraph would start from it and read every annotation of the build (1.5 s on ICML 2025).
EVIDENCE = (
    PREFIXES
    + """SELECT ?id ?body ?start ?quote WHERE {
  ?paper dcterms:identifier ?id . ?target oa:hasSource ?paper . ?annotation oa:hasTarget ?target ; oa:hasBody ?body .
  ?target oa:hasSelector ?position , ?text . ?position oa:start ?start . ?text oa:exact ?quote }"""
)
# What only the paper's title states (kg.titles): the entities it names where its abstract does not, the relations
# it states; annotated on `{paper}#title`.
TITLE_EVIDENCE = (
    PREFIXES
    + """SELECT ?id ?body WHERE {
  ?paper dcterms:identifier ?id . ?title dcterms:isPartOf ?paper . ?target oa:hasSource ?title .
  ?annotation oa:hasTarget ?target ; oa:hasBody ?body }"""
)
LINKS = (
    PREFIXES
    + """SELECT ?id ?role ?e ?entity ?confidence WHERE {
  ?paper dcterms:identifier ?id ; ?property ?e .
  VALUES ?property { kg:proposes kg:usesMethod kg:addressesTask kg:usesDataset }
  ?e skos:prefLabel ?entity .
  ?link rdf:subject ?paper ; rdf:object ?e ; rdf:predicate kg:mentions ; kg:confidence ?confidence .
  BIND(STRAFTER(STR(?property), "#") AS ?role)
} ORDER BY ?role DESC(?confidence) ?entity"""
)
RELATIONS = (
    PREFIXES
    + """SELECT ?id ?s ?head ?relation ?tail WHERE {
  ?paper dcterms:identifier ?id . ?s prov:wasDerivedFrom ?paper ; rdf:predicate ?p .
  ?s rdf:subject/skos:prefLabel ?head ; rdf:object/skos:prefLabel ?tail .
  BIND(STRAFTER(STR(?p), "#") AS ?relation)
} ORDER BY ?relation ?head ?tail"""
)
RESULTS = (
    PREFIXES
    + """SELECT ?id ?r ?value ?unit ?metric ?relative ?method ?on ?baseline WHERE {
  ?paper dcterms:identifier ?id ; kg:reports ?r .
  ?r mls:hasValue ?value ; kg:metricText ?metric ; kg:isRelative ?relative .
  OPTIONAL { ?r kg:unit ?unit }
  OPTIONAL { ?r kg:ofMethod/skos:prefLabel ?method }
  OPTIONAL { ?r kg:onDataset|kg:onTask ?o . ?o skos:prefLabel ?on }
  OPTIONAL { ?r kg:overBaseline/skos:prefLabel ?baseline }
}"""
)
ROLES = {
    "proposes": "proposes",
    "usesMethod": "uses method",
    "addressesTask": "addresses task",
    "usesDataset": "uses dataset",
}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentence_at(text: str, offset: int) -> str:
    """The sentence of `text` around `offset`, split where a full stop, "!" or "?" meets a space."""
    starts = [0, *(m.end() for m in SENTENCE_END.finditer(text))]
    start = max(s for s in starts if s <= offset)
    end = next((s for s in starts if s > offset), len(text))
    return " ".join(text[start:end].split())


def value_offset(result: dict[str, str]) -> int:
    """Where a result's value starts in the abstract: its IRI ends in the value's offsets, `…/{start}-{end}`."""
    return int(result["r"].rpartition("/")[2].partition("-")[0])


def explain(paper_id: str, graph_dir: Path, store: ox.Store | None = None) -> str:
    """The paper's links, relations and results as text, one item a line with its evidence below it."""
    store = store or open_store(graph_dir)

    def rows(query: str) -> list[dict[str, str]]:
        result = run_query(query, graph_dir, store, bindings={"id": paper_id})
        return [dict(zip(result.columns, row)) for row in result.rows]

    found = rows(PAPER)
    if not found:
        raise QueryError(f"no paper {paper_id!r} in {graph_dir}")
    abstract = found[0]["abstract"]
    first: dict[str, int] = {}  # by IRI: an entity's first mention, a statement's or a result's first sentence
    quote: dict[str, str] = {}
    for r in rows(EVIDENCE):
        if int(r["start"]) < first.get(r["body"], len(abstract) + 1):
            first[r["body"]], quote[r["body"]] = int(r["start"]), r["quote"]

    def evidence(text: str) -> list[str]:
        return [f"    “{text}”"] if text else []

    in_title = {r["body"] for r in rows(TITLE_EVIDENCE)}  # an entity's or a relation's: only the title names it
    title_evidence = f"    title: “{found[0]['title']}”"
    lines = [f"{paper_id}  {found[0]['title']}".rstrip()]
    links = rows(LINKS)
    for role, label in ROLES.items():
        of_role = [r for r in links if r["role"] == role]
        lines += [f"{label}:"] if of_role else []
        for r in of_role:
            lines.append(f"  {r['entity']} (confidence {float(r['confidence']):.2f})")
            if r["e"] in first:
                lines += evidence(sentence_at(abstract, first[r["e"]]))
            elif r["e"] in in_title:
                lines.append(title_evidence)
    relations = rows(RELATIONS)
    lines += ["relations:"] if relations else []
    for r in relations:
        lines.append(f"  {r['head']} {r['relation']} {r['tail']}")
        if r["s"] in quote:
            lines += evidence(quote[r["s"]])
        elif r["s"] in in_title:
            lines.append(title_evidence)
    results = sorted(rows(RESULTS), key=value_offset)
    lines += ["results:"] if results else []
    for r in results:
        kind = "change" if r["relative"] == "true" else "score"
        stated = result_phrase(
            float(r["value"]),
            r["unit"],
            f"{r['metric']} ({kind})" + (f" for {r['method']}" if r["method"] else ""),
            r["on"],
            r["baseline"],
        )
        lines += [f"  {stated}", *evidence(quote.get(r["r"], ""))]
    return "\n".join(lines)
