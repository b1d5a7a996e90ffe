"""Results in every export that carries them: results.jsonl, the RDF (read back by Oxigraph and rdflib) and the
Neo4j files, on a build of hand-made abstracts whose results are written out here by hand."""

from __future__ import annotations

import csv
import json

import pyoxigraph as ox
import pytest
import rdflib

from tests.helpers import RESULT_PAPERS

# (paper, value as written, value, unit, metric, change?, method, dataset, baseline): what the abstracts say
STATED = {
    ("r1", "84.1%", 84.1, "%", "top-1 accuracy", False, "FooNet", "ImageNet", None),
    ("r1", "2.3 points", 2.3, "points", "accuracy", True, "FooNet", "CIFAR-10", "ResNet-50"),
    ("r2", "86.5%", 86.5, "%", "top-1 accuracy", False, "BarNet", "ImageNet", None),
    ("r3", "2.1", 2.1, "", "FID", False, "QuxDiff", "CIFAR-10", None),
    ("r3", "3$\\times$", 3.0, "×", "faster", True, "QuxDiff", None, "DDPM"),
    ("r4", "3.4", 3.4, "", "FID", False, "ZedDiff", "CIFAR-10", None),
}
ABSTRACTS = {p["id"]: p["abstract"] for p in RESULT_PAPERS}
KG = "https://w3id.org/paperkg/ontology#"


@pytest.fixture(scope="module")
def results(results_build):
    with open(results_build.out / "results.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_results_jsonl_holds_what_the_abstracts_state(results):
    found = {
        (
            r["paper_id"],
            r["text"],
            r["value"],
            r["unit"],
            r["metric"],
            r["relative"],
            r["method_name"],
            r["target_name"],
            r["baseline_name"],
        )
        for r in results
    }
    assert found == STATED and len(results) == len(STATED)


def test_each_result_points_into_its_abstract_as_read(results):
    for r in results:
        abstract = ABSTRACTS[r["paper_id"]]
        assert abstract[r["start"] : r["end"]] == r["text"]
        assert r["sentence"].startswith(r["method_name"])  # each sentence here opens with its method
    fid = {r["measure"] for r in results if r["metric"] == "FID"}
    assert len(fid) == 1 and {r["target_type"] for r in results if r["target"]} == {"Dataset"}


def test_the_rdf_has_each_result_as_an_ml_schema_model_evaluation(results_build, results):
    store = ox.Store()
    store.load(path=str(results_build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    query = f"""PREFIX kg: <{KG}> PREFIX mls: <http://www.w3.org/ns/mls#>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
        PREFIX dcterms: <http://purl.org/dc/terms/>
        SELECT ?paper ?value ?metric ?lower ?relative ?method ?dataset ?baseline WHERE {{
          ?p kg:reports ?r ; dcterms:identifier ?paper .
          ?r a mls:ModelEvaluation ; mls:hasValue ?value ; kg:isRelative ?relative ; mls:specifiedBy ?m .
          ?m a mls:EvaluationMeasure ; rdfs:label ?metric ; kg:lowerIsBetter ?lower .
          ?r kg:ofMethod/skos:prefLabel ?method .
          OPTIONAL {{ ?r kg:onDataset/skos:prefLabel ?dataset }}
          OPTIONAL {{ ?r kg:overBaseline/skos:prefLabel ?baseline }}
        }}"""
    rows = {
        (row["paper"].value, float(row["value"].value), *(row[v].value for v in ("metric", "lower", "relative")))
        + tuple(None if row[v] is None else row[v].value for v in ("method", "dataset", "baseline"))
        for row in store.query(query)
    }
    lower = {"FID": "true", "top-1 accuracy": "false", "accuracy": "false", "faster": "false"}
    expected = {
        (paper, value, metric, lower[metric], str(change).lower(), method, dataset, baseline)
        for paper, _, value, _, metric, change, method, dataset, baseline in STATED
    }
    assert rows == expected  # each metric is written one way here: its measure is named so
    graph = rdflib.Graph().parse(results_build.out / "graph.ttl")
    ontology = rdflib.Graph().parse(results_build.out / "ontology.ttl")
    used = {p for p in graph.predicates() if str(p).startswith(KG)} | {
        c for c in graph.objects() if str(c).startswith(KG)
    }
    assert used <= set(ontology.subjects())  # every kg: term the results use is defined


def test_the_neo4j_files_hold_each_result_and_its_links(results_build, results):
    folder = results_build.out / "neo4j"
    with open(folder / "results.csv", newline="", encoding="utf-8") as f:
        nodes = list(csv.DictReader(f))
    with open(folder / "relationships.csv", newline="", encoding="utf-8") as f:
        links = list(csv.DictReader(f))
    assert {(n["paper_id"], n["text"], float(n["value:float"]), n["relative:boolean"]) for n in nodes} == {
        (paper, text, value, str(change).lower()) for paper, text, value, _, _, change, *_ in STATED
    }
    by_type = {
        t: {(row[":START_ID"], row[":END_ID"]) for row in links if row[":TYPE"] == t} for t in ("REPORTS", "OF_METHOD")
    }
    ids = {n["id:ID"] for n in nodes}
    assert {end for _, end in by_type["REPORTS"]} == ids and {start for start, _ in by_type["OF_METHOD"]} == ids
    assert sum(row[":TYPE"] == "ON_DATASET" for row in links) == sum(1 for *_, d, _ in STATED if d)
    assert sum(row[":TYPE"] == "OVER_BASELINE" for row in links) == sum(1 for *_, b in STATED if b)
