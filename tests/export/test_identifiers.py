"""A paper's DOI and arXiv id, where its source names them, in every export, read back by their readers."""

import csv

import networkx as nx
import pyoxigraph as ox
import pytest

from kg.builder.stages import build
from tests.corpus import samples

SAME_AS = """PREFIX schema: <https://schema.org/>
PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?id ?page WHERE { ?paper dcterms:identifier ?id ; schema:sameAs ?page } ORDER BY ?id ?page"""


@pytest.fixture(scope="module")
def arxiv_build(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arxiv")
    (folder / "arxiv.jsonl").write_text(samples.SAMPLE_ARXIV, encoding="utf-8")
    return build([folder / "arxiv.jsonl"], folder / "out", workers=1, cache=False)


def expected_pages():
    pages = []
    for record in samples.EQUIVALENT_ARXIV:
        pages.append((record["id"], f"https://arxiv.org/abs/{record['arxiv']}"))
        if record["doi"]:
            pages.append((record["id"], f"https://doi.org/{record['doi']}"))
    return sorted(pages)


def test_rdf_links_each_paper_to_its_doi_and_arxiv_pages(arxiv_build):
    store = ox.Store()
    store.load(path=str(arxiv_build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    found = sorted((row["id"].value, row["page"].value) for row in store.query(SAME_AS))
    assert found == expected_pages()


def test_graphml_gexf_and_neo4j_carry_the_identifiers(arxiv_build):
    expected = {r["id"]: (r["doi"], r["arxiv"]) for r in samples.EQUIVALENT_ARXIV}
    for graph in (nx.read_graphml(arxiv_build.out / "graph.graphml"), nx.read_gexf(arxiv_build.out / "graph.gexf")):
        papers = {d["paper_id"]: (d.get("doi", ""), d["arxiv"]) for _, d in graph.nodes(data=True) if "paper_id" in d}
        assert papers == expected
    with open(arxiv_build.out / "neo4j" / "papers.csv", newline="", encoding="utf-8") as f:
        rows = {row["paper_id"]: (row["doi"], row["arxiv"]) for row in csv.DictReader(f)}
    assert rows == expected
    assert "n.`doi` = row.`doi`" in (arxiv_build.out / "neo4j" / "import.cypher").read_text()


def test_a_build_without_identifiers_declares_none(sample_build):
    assert 'attr.name="doi"' not in (sample_build.out / "graph.graphml").read_text()
    with open(sample_build.out / "neo4j" / "papers.csv", newline="", encoding="utf-8") as f:
        assert "doi" not in next(csv.reader(f))
