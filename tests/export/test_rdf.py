import json
import math
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import DCTERMS, RDF, RDFS, SKOS, BNode, Graph, Namespace, URIRef

import kg
from kg.graph import paper_iri
from kg.settings import DEFAULT_BASE_IRI, DEFAULT_MIN_CONFIDENCE, TITLE
from tests.helpers import jsonl

KG = Namespace("https://w3id.org/paperkg/ontology#")
CLASS_OF_LABEL = {"METHOD": KG.Method, "TASK": KG.Task, "DATASET": KG.Dataset}


def load(build):
    rdf = Graph()
    rdf.parse(build.out / "graph.ttl", format="turtle")
    return rdf


def test_every_paper_with_mentions(sample_build):
    rdf = load(sample_build)
    papers = set(rdf.subjects(RDF.type, KG.Paper))
    assert len(papers) == 19
    assert all(any(rdf.objects(p, KG.mentions)) for p in papers)


def test_mentions_point_at_entities_of_their_class(sample_build):
    rdf = load(sample_build)
    texts = {
        (str(rdf.value(p, URIRef("http://purl.org/dc/terms/identifier"))), field): str(
            rdf.value(p, URIRef(f"http://purl.org/dc/terms/{field}"))
        )
        for p in rdf.subjects(RDF.type, KG.Paper)
        for field in ("abstract", "title")
    }
    lines = (sample_build.out / "mentions.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines
    for line in lines:
        m = json.loads(line)
        assert texts[m["paper"], m["field"]][m["start"] : m["end"]] == m["text"]
        assert (URIRef(m["entity"]), RDF.type, CLASS_OF_LABEL[m["label"]]) in rdf
        assert m["role"] in {"proposes", "uses"} and m["sentence"]


def test_entities_have_one_preferred_label_and_alignments(sample_build):
    rdf = load(sample_build)
    aligned = {
        KG.Method: "http://www.w3.org/ns/mls#Algorithm",
        KG.Task: "http://www.w3.org/ns/mls#Task",
        KG.Dataset: "http://www.w3.org/ns/mls#Dataset",
    }
    for cls, other in aligned.items():
        for entity in rdf.subjects(RDF.type, cls):
            assert len(list(rdf.objects(entity, SKOS.prefLabel))) == 1
            assert (entity, RDF.type, URIRef(other)) in rdf
            assert rdf.value(entity, KG.paperCount).toPython() >= 1


def test_broader_entities_and_the_papers_counted_with_them(sample_build):
    """skos:broader links entities of one class, without cycles; kg:paperCountWithNarrower counts the papers
    that mention the entity or anything below it, read back from kg:mentions."""
    rdf = load(sample_build)
    broader = set(rdf.subject_objects(SKOS.broader))
    assert broader
    for narrower, wider in broader:
        assert set(rdf.objects(narrower, RDF.type)) & set(rdf.objects(wider, RDF.type)) & set(CLASS_OF_LABEL.values())
    below: dict = {}
    for narrower, wider in broader:
        below.setdefault(wider, set()).add(narrower)

    def under(entity, path=()):
        assert entity not in path, "a skos:broader cycle"
        return {entity}.union(*(under(n, (*path, entity)) for n in below.get(entity, ())))

    for entity in set(rdf.subjects(KG.paperCount, None)) - set(rdf.subjects(RDF.type, RDF.Statement)):
        papers = {p for e in under(entity) for p in rdf.subjects(KG.mentions, e)}
        assert rdf.value(entity, KG.paperCountWithNarrower).toPython() == len(papers)


def test_oxigraph_reads_the_same_graph(sample_build):
    store = ox.Store()
    store.load(path=str(sample_build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    assert len(store) == len(load(sample_build))
    [row] = store.query(
        "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper }"
    )
    assert int(row["n"].value) == 19


OA = Namespace("http://www.w3.org/ns/oa#")
PROV = Namespace("http://www.w3.org/ns/prov#")
OWL = Namespace("http://www.w3.org/2002/07/owl#")
SCHEMA = Namespace("https://schema.org/")
CONTRACT = [
    "Paper",
    "Method",
    "Task",
    "Dataset",
    "mentions",
    "proposes",
    "usesMethod",
    "addressesTask",
    "usesDataset",
    "paperCount",
    "confidence",
    "venue",
    "year",
]
RELATION_PROPERTIES = {
    "usedFor": (KG.Method, KG.Task),
    "evaluatedOn": (KG.Method, KG.Dataset),
    "comparedWith": (KG.Method, KG.Method),
    "isA": (KG.Method, KG.Method),
}


def test_every_mention_has_an_annotation_with_its_offsets_and_text(sample_build):
    rdf = load(sample_build)
    found = set()
    for annotation in rdf.subjects(RDF.type, OA.Annotation):
        body, target = rdf.value(annotation, OA.hasBody), rdf.value(annotation, OA.hasTarget)
        if (body, RDF.type, RDF.Statement) in rdf or (body, RDF.type, KG.Result) in rdf:
            continue  # a relation's or a result's evidence
        selectors = {rdf.value(s, RDF.type): s for s in rdf.objects(target, OA.hasSelector)}
        position, quote = selectors[OA.TextPositionSelector], selectors[OA.TextQuoteSelector]
        source = rdf.value(target, OA.hasSource)
        if str(source).endswith("#title"):  # a title is part of its paper
            source = rdf.value(source, URIRef("http://purl.org/dc/terms/isPartOf"))
        paper = str(rdf.value(source, URIRef("http://purl.org/dc/terms/identifier")))
        found.add(
            (
                paper,
                rdf.value(position, OA.start).toPython(),
                rdf.value(position, OA.end).toPython(),
                str(rdf.value(quote, OA.exact)),
                str(body),
                float(rdf.value(annotation, KG.confidence).toPython()),
            )
        )
        assert str(annotation).startswith(f"https://w3id.org/paperkg/resource/annotation/{paper}/")
    mentions = [json.loads(line) for line in (sample_build.out / "mentions.jsonl").open(encoding="utf-8")]
    assert found == {(m["paper"], m["start"], m["end"], m["text"], m["entity"], m["confidence"]) for m in mentions}


def test_every_paper_link_is_a_statement_with_the_confidence_of_its_mentions(sample_build):
    """Each kg:mentions link is reified once, with the confidence mentions.jsonl gives its mentions; no link
    is below the build's minimum."""
    rdf = load(sample_build)
    links = {
        (rdf.value(s, RDF.subject), rdf.value(s, RDF.object)): float(rdf.value(s, KG.confidence).toPython())
        for s in rdf.subjects(RDF.predicate, KG.mentions)
    }
    assert set(links) == set(rdf.subject_objects(KG.mentions))
    mentions = [json.loads(line) for line in (sample_build.out / "mentions.jsonl").open(encoding="utf-8")]
    base = sample_build.graph.graph["base_iri"]
    by_link = {(URIRef(paper_iri(base, m["paper"])), URIRef(m["entity"])): m["confidence"] for m in mentions}
    assert links == by_link
    assert min(links.values()) >= DEFAULT_MIN_CONFIDENCE and max(links.values()) <= 1.0


def test_relations_have_support_provenance_and_evidence(sample_build):
    rdf = load(sample_build)
    statements = {s for s in rdf.subjects(RDF.type, RDF.Statement) if rdf.value(s, RDF.predicate) != KG.mentions}
    edges = [(s, t, d) for s, t, d in sample_build.graph.edges(data=True) if d["relation"] in RELATION_PROPERTIES]
    assert edges and len(statements) == len(edges)
    for head, tail, data in edges:
        assert (URIRef(head), KG[data["relation"]], URIRef(tail)) in rdf
        [statement] = [
            s
            for s in statements
            if rdf.value(s, RDF.subject) == URIRef(head)
            and rdf.value(s, RDF.object) == URIRef(tail)
            and rdf.value(s, RDF.predicate) == KG[data["relation"]]
        ]  # one statement per relation: a pair may have two ("OTTER, a VLA architecture" and "outperforms VLA models")
        assert rdf.value(statement, KG.paperCount).toPython() == data["papers"] == len(data["paper_ids"])
        assert {
            str(rdf.value(p, URIRef("http://purl.org/dc/terms/identifier")))
            for p in rdf.objects(statement, PROV.wasDerivedFrom)
        } == set(data["paper_ids"])
        sentences = {
            str(rdf.value(s, OA.exact))
            for a in rdf.subjects(OA.hasBody, statement)
            for s in rdf.objects(rdf.value(a, OA.hasTarget), OA.hasSelector)
            if rdf.value(s, OA.exact)
        }
        papers = sample_build.graph.nodes
        base = sample_build.graph.graph["base_iri"]
        assert sentences == {
            papers[paper_iri(base, r.paper)]["title" if r.source == TITLE else "abstract"][r.start : r.end]
            for r in data["evidence"]
        }
        # its confidence: one right paper makes it right, each as sure as its surest sentence's annotation (in
        # its abstract or its title, part of it)
        by_paper: dict[URIRef, float] = {}
        for a in rdf.subjects(OA.hasBody, statement):
            source = rdf.value(rdf.value(a, OA.hasTarget), OA.hasSource)
            paper = rdf.value(source, DCTERMS.isPartOf) or source
            by_paper[paper] = max(by_paper.get(paper, 0.0), float(rdf.value(a, KG.confidence).toPython()))
        stated = float(rdf.value(statement, KG.confidence).toPython())
        wrong = math.prod(1 - c for c in by_paper.values())
        assert 0 < wrong < 1 and stated == pytest.approx(1 - wrong, abs=2e-3) and stated == data["confidence"]
        domain, range_ = RELATION_PROPERTIES[data["relation"]]
        assert (URIRef(head), RDF.type, domain) in rdf and (URIRef(tail), RDF.type, range_) in rdf


def test_the_ontology_describes_every_term_and_keeps_the_contract(sample_build):
    shipped = (sample_build.out / "ontology.ttl").read_bytes()
    assert shipped == (Path(kg.__file__).parent / "data" / "ontology.ttl").read_bytes()
    ontology = Graph().parse(data=shipped, format="turtle")
    store = ox.Store()
    store.load(shipped, format=ox.RdfFormat.TURTLE)
    assert len(store) == len(ontology) and not any(isinstance(t, BNode) for triple in ontology for t in triple)
    used = {p for p in load(sample_build).predicates() if str(p).startswith(str(KG))}
    used |= {o for o in load(sample_build).objects(None, RDF.type) if str(o).startswith(str(KG))}
    declared = {s for s in ontology.subjects() if str(s).startswith(str(KG))}
    assert used <= declared and {KG[t] for t in CONTRACT} | {KG[r] for r in RELATION_PROPERTIES} <= declared
    for term in declared:
        assert ontology.value(term, RDFS.label) and ontology.value(term, RDFS.comment), term
        if (term, RDF.type, OWL.ObjectProperty) in ontology or (term, RDF.type, OWL.DatatypeProperty) in ontology:
            assert ontology.value(term, RDFS.range) and (
                ontology.value(term, RDFS.domain) or ontology.value(term, SCHEMA.domainIncludes)
            ), term
    for name, (domain, range_) in RELATION_PROPERTIES.items():
        assert (KG[name], RDFS.domain, domain) in ontology and (KG[name], RDFS.range, range_) in ontology
    assert (KG.comparedWith, RDF.type, OWL.SymmetricProperty) in ontology
    assert set(ontology) <= set(load(sample_build))  # graph.ttl holds the ontology too


def test_other_rdf_formats_and_no_evidence(tmp_path):
    kg.build([], tmp_path, rdf_formats=["nt", "jsonld", "trig", "xml"], evidence=False)
    turtle = Graph().parse(tmp_path / "graph.ttl", format="turtle")
    assert not set(turtle.subjects(RDF.type, OA.Annotation)) and set(turtle.subjects(RDF.type, RDF.Statement))
    triples = {str(q.triple) for q in ox.parse(path=str(tmp_path / "graph.ttl"))}
    assert len(triples) == len(turtle)
    for name in ("graph.nt", "graph.jsonld", "graph.trig", "graph.rdf"):
        assert {str(q.triple) for q in ox.parse(path=str(tmp_path / name))} == triples, name


def test_an_entitys_mention_count_and_type_evidence(tmp_path):
    """kg:mentionCount counts every mention the extractor found (a build at `--min-confidence 0` writes them
    all to mentions.jsonl, beside the names inside another mention that kg.inner_names adds); kg:typeEvidence
    those of them labelled with the entity's type (kg.resolve's tests check the vote itself)."""
    build = kg.build([], tmp_path / "every", min_confidence=0.0, workers=1)
    rows = [json.loads(line) for line in (build.out / "mentions.jsonl").read_text(encoding="utf-8").splitlines()]
    spans: dict[str, list[tuple[int, int]]] = {}
    for r in rows:
        if r["field"] == "abstract":
            spans.setdefault(r["paper"], []).append((r["start"], r["end"]))

    def inside(r: dict) -> bool:
        return r["field"] == "abstract" and any(
            s <= r["start"] and r["end"] <= e and e - s > r["end"] - r["start"] for s, e in spans[r["paper"]]
        )

    counts: dict[str, int] = {}
    for r in rows:
        if not inside(r):
            counts[r["entity"]] = counts.get(r["entity"], 0) + 1
    rdf = load(build)
    assert set(rdf.subjects(KG.mentionCount, None)) == {URIRef(e) for e in counts}
    for entity, count in counts.items():
        total, typed = rdf.value(URIRef(entity), KG.mentionCount), rdf.value(URIRef(entity), KG.typeEvidence)
        assert total.toPython() == count >= typed.toPython() >= 0
    assert sum(c > 1 for c in counts.values()) > 10
    assert sum(rdf.value(URIRef(e), KG.typeEvidence).toPython() for e in counts) > 0.9 * sum(counts.values())


def test_a_relation_of_the_name_only_the_title_gives_has_its_abstract_sentence_as_evidence(tmp_path):
    abstract = (
        "We propose a simple regularization method for fine-tuning. Our method outperforms SAM on ImageNet. "
        "Sharpness-aware minimization (SAM) is widely used."
    )
    papers = jsonl(
        tmp_path / "p.jsonl", [{"id": "p1", "title": "FDA-X: Feature Distribution Alignment", "abstract": abstract}]
    )
    rdf = load(kg.build([papers], tmp_path / "out", min_confidence=0.0, workers=1))
    [(statement, annotation)] = [
        (s, a) for s in rdf.subjects(RDF.predicate, KG.evaluatedOn) for a in rdf.subjects(OA.hasBody, s)
    ]
    assert str(rdf.value(rdf.value(statement, RDF.subject), SKOS.prefLabel)) == "FDA-X"
    assert str(annotation).endswith("/p1/evaluatedOn/title-0-5/" + "-".join(map(str, span(abstract, "ImageNet"))))
    target = rdf.value(annotation, OA.hasTarget)
    quoted = {str(rdf.value(s, OA.exact)) for s in rdf.objects(target, OA.hasSelector) if rdf.value(s, OA.exact)}
    assert quoted == {"Our method outperforms SAM on ImageNet."}
    assert rdf.value(target, OA.hasSource) == URIRef(paper_iri(DEFAULT_BASE_IRI, "p1"))  # the abstract


def span(text: str, piece: str) -> tuple[int, int]:
    return text.index(piece), text.index(piece) + len(piece)
