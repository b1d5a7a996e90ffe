"""GraphML, GEXF, Neo4j CSVs and the RDF describe the same graph."""

import csv

import igraph
import networkx as nx
import pyoxigraph as ox

COUNT_NODES = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
SELECT (COUNT(DISTINCT ?n) AS ?c) WHERE { VALUES ?t { kg:Paper kg:Method kg:Task kg:Dataset } ?n a ?t }"""
COUNT_MENTIONS = "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT (COUNT(*) AS ?c) WHERE { ?p kg:mentions ?e }"
COUNT_RELATIONS = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
SELECT (COUNT(*) AS ?c) WHERE { VALUES ?r { kg:usedFor kg:evaluatedOn kg:comparedWith kg:isA } ?a ?r ?b }"""
COUNT_BROADER = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
SELECT (COUNT(*) AS ?c) WHERE { ?a <http://www.w3.org/2004/02/skos/core#broader>|kg:mayStandFor ?b }"""
COUNT_AUTHORS = "SELECT (COUNT(DISTINCT ?a) AS ?c) WHERE { ?p <https://schema.org/author> ?a }"
COUNT_AUTHORED = "SELECT (COUNT(*) AS ?c) WHERE { ?p <https://schema.org/author> ?a }"
ROLE_TYPES = {"PROPOSES", "USES_METHOD", "ADDRESSES_TASK", "USES_DATASET"}  # a paper's one link to an entity
ENTITY_TYPES = {"USED_FOR", "EVALUATED_ON", "COMPARED_WITH", "IS_A", "BROADER", "MAY_STAND_FOR"}
RESULT_TYPES = {"REPORTS", "OF_METHOD", "ON_DATASET", "ON_TASK", "OVER_BASELINE"}


def rdf_count(build, query):
    store = ox.Store()
    store.load(path=str(build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    return int(next(iter(store.query(query)))["c"].value)


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_node_and_edge_counts_agree(sample_build):
    out = sample_build.out
    nodes, mentions = rdf_count(sample_build, COUNT_NODES), rdf_count(sample_build, COUNT_MENTIONS)
    relations, broader = rdf_count(sample_build, COUNT_RELATIONS), rdf_count(sample_build, COUNT_BROADER)
    graphml = nx.read_graphml(out / "graph.graphml")
    gexf = nx.read_gexf(out / "graph.gexf")
    ig = igraph.Graph.Read_GraphML(str(out / "graph.graphml"))
    neo_nodes = [rows(out / "neo4j" / name) for name in ("papers.csv", "entities.csv", "authors.csv")]
    neo_edges = [
        r for r in rows(out / "neo4j" / "relationships.csv") if r[":TYPE"] in {*ROLE_TYPES, *ENTITY_TYPES, "AUTHORED"}
    ]
    people, authored = rdf_count(sample_build, COUNT_AUTHORS), rdf_count(sample_build, COUNT_AUTHORED)
    assert (
        nodes + people == graphml.number_of_nodes() == gexf.number_of_nodes() == ig.vcount() == sum(map(len, neo_nodes))
    )
    assert relations > 0 and broader > 0 and people > 0
    assert (
        mentions + relations + broader + authored
        == graphml.number_of_edges()
        == gexf.number_of_edges()
        == ig.ecount()
        == len(neo_edges)
    )


def test_gephi_attributes(sample_build):
    graphml = nx.read_graphml(sample_build.out / "graph.graphml")
    types = {d["type"] for _, d in graphml.nodes(data=True)}
    assert types == {"Paper", "Method", "Task", "Dataset", "Author"}
    gexf = nx.read_gexf(sample_build.out / "graph.gexf")
    assert all("viz" in d and "color" in d["viz"] for _, d in gexf.nodes(data=True))
    # paper → entity links and entity → entity relations (a pair may have two: "isA" and "comparedWith")
    links = {
        (s, t, d["relation"]): d["confidence"] for s, t, d in sample_build.graph.edges(data=True) if "confidence" in d
    }
    assert {r for *_, r in links} >= {"proposes", "usedFor"}
    for read in (graphml, gexf):  # typed as a double: read back as the float written
        found = {(s, t, d["relation"]): d["confidence"] for s, t, d in read.edges(data=True) if "confidence" in d}
        assert found == links and all(isinstance(c, float) for c in found.values())


def test_neo4j_headers_and_references(sample_build):
    folder = sample_build.out / "neo4j"
    files = ("papers.csv", "entities.csv", "results.csv", "authors.csv", "relationships.csv")
    papers, entities, results, authors, rels = (rows(folder / f) for f in files)
    assert {"id:ID", ":LABEL", "name", "year:int", "authors:string[]"} <= set(papers[0])
    assert {"id:ID", ":LABEL", "name", "aliases:string[]", "papers:int"} <= set(entities[0])
    assert {"id:ID", ":LABEL", "value:float", "relative:boolean"} <= set(results[0])
    assert {":START_ID", ":END_ID", ":TYPE"} <= set(rels[0])
    assert {"id:ID", ":LABEL", "name", "papers:int"} <= set(authors[0]) and {r[":LABEL"] for r in authors} == {"Author"}
    ids = {r["id:ID"] for r in papers + entities + results + authors}
    assert all(r[":START_ID"] in ids and r[":END_ID"] in ids for r in rels)
    assert {r[":LABEL"] for r in entities} <= {"Method", "Task", "Dataset"} and {r[":LABEL"] for r in results} == {
        "Result"
    }
    assert {r[":TYPE"] for r in rels} <= {
        *ROLE_TYPES,
        *ENTITY_TYPES,
        *RESULT_TYPES,
        "AUTHORED",
    }
    wrote = [r for r in rels if r[":TYPE"] == "AUTHORED"]
    paper_ids, author_ids = {r["id:ID"] for r in papers}, {r["id:ID"] for r in authors}
    assert wrote and all(r[":START_ID"] in author_ids and r[":END_ID"] in paper_ids for r in wrote)
    result_ids = {r["id:ID"] for r in results}
    assert {r[":END_ID"] for r in rels if r[":TYPE"] == "REPORTS"} == result_ids
    between = [r for r in rels if r[":TYPE"] in ENTITY_TYPES]
    entity_ids = {r["id:ID"] for r in entities}
    assert between and all(r[":START_ID"] in entity_ids and r[":END_ID"] in entity_ids for r in between)
    assert all(int(r["papers:int"]) >= 1 for r in between if r[":TYPE"] not in {"BROADER", "MAY_STAND_FOR"})
    counts = {r["id:ID"]: (int(r["papers:int"]), int(r["papers_with_narrower:int"])) for r in entities}
    assert all(papers <= whole for papers, whole in counts.values())
    assert all(counts[r[":START_ID"]][1] <= counts[r[":END_ID"]][1] for r in between if r[":TYPE"] == "BROADER")
    assert "neo4j-admin database import full" in (folder / "README.md").read_text()
    evidence = {r["id:ID"]: (int(r["mention_count:int"]), int(r["type_evidence:int"])) for r in entities}
    graphml = nx.read_graphml(sample_build.out / "graph.graphml")
    assert evidence == {
        n: (d["mention_count"], d["type_evidence"]) for n, d in graphml.nodes(data=True) if n in evidence
    }
