import json

import pyoxigraph as ox
from rdflib import RDF, SKOS, Graph, Namespace, URIRef

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
    abstracts = {str(rdf.value(p, URIRef("http://purl.org/dc/terms/identifier"))): str(rdf.value(p, URIRef("http://purl.org/dc/terms/abstract")))
                 for p in rdf.subjects(RDF.type, KG.Paper)}
    lines = (sample_build.out / "mentions.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines
    for line in lines:
        m = json.loads(line)
        assert abstracts[m["paper"]][m["start"] : m["end"]] == m["text"]
        assert (URIRef(m["entity"]), RDF.type, CLASS_OF_LABEL[m["label"]]) in rdf
        assert m["role"] in {"proposes", "uses"} and m["sentence"]


def test_entities_have_one_preferred_label_and_alignments(sample_build):
    rdf = load(sample_build)
    aligned = {KG.Method: "http://www.w3.org/ns/mls#Algorithm", KG.Task: "http://www.w3.org/ns/mls#Task", KG.Dataset: "http://www.w3.org/ns/mls#Dataset"}
    for cls, other in aligned.items():
        for entity in rdf.subjects(RDF.type, cls):
            assert len(list(rdf.objects(entity, SKOS.prefLabel))) == 1
            assert (entity, RDF.type, URIRef(other)) in rdf
            assert rdf.value(entity, KG.paperCount).toPython() >= 1


def test_oxigraph_reads_the_same_graph(sample_build):
    store = ox.Store()
    store.load(path=str(sample_build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    assert len(store) == len(load(sample_build))
    [row] = store.query("PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT (COUNT(?p) AS ?n) WHERE { ?p a kg:Paper }")
    assert int(row["n"].value) == 19
