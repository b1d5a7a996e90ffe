"""Neo4j admin-import CSVs: `papers.csv`, `entities.csv` and `relationships.csv` in one folder.

Headers follow `neo4j-admin database import full`: `id:ID`, `:LABEL`, typed properties
(`papers:int`, `aliases:string[]` with `;` between items), `:START_ID`, `:END_ID`, `:TYPE`.
Every graph edge gives a `MENTIONS` relationship and one for its role.
"""

from __future__ import annotations

import csv
from pathlib import Path

import networkx as nx

from ..settings import NEO4J_RELATIONSHIP_TYPES, PAPER

ARRAY_DELIMITER = ";"
PAPER_HEADER = ["id:ID", ":LABEL", "name", "paper_id", "title", "url", "venue", "year:int", "authors:string[]", "abstract"]
ENTITY_HEADER = ["id:ID", ":LABEL", "name", "aliases:string[]", "papers:int"]
RELATIONSHIP_HEADER = [":START_ID", ":END_ID", ":TYPE", "mentions:int", "sentence", "start:int", "end:int"]
IMPORT_COMMAND = (
    "neo4j-admin database import full --nodes=papers.csv --nodes=entities.csv "
    "--relationships=relationships.csv --array-delimiter=';' neo4j"
)


def array(values: list[str]) -> str:
    return ARRAY_DELIMITER.join(v.replace(ARRAY_DELIMITER, ",") for v in values)


def write_neo4j(graph: nx.MultiDiGraph, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "papers.csv", "w", newline="", encoding="utf-8") as p, open(folder / "entities.csv", "w", newline="", encoding="utf-8") as e:
        papers, entities = csv.writer(p), csv.writer(e)
        papers.writerow(PAPER_HEADER)
        entities.writerow(ENTITY_HEADER)
        for node, d in graph.nodes(data=True):
            if d["type"] == PAPER:
                year = "" if d["year"] is None else d["year"]
                papers.writerow([node, PAPER, d["name"], d["paper_id"], d["title"], d["url"], d["venue"], year, array(d["authors"]), d["abstract"]])
            else:
                entities.writerow([node, d["type"], d["name"], array(d["aliases"]), d["papers"]])
    with open(folder / "relationships.csv", "w", newline="", encoding="utf-8") as r:
        rows = csv.writer(r)
        rows.writerow(RELATIONSHIP_HEADER)
        for source, target, d in graph.edges(data=True):
            for relation in ("mentions", d["relation"]):
                rows.writerow([source, target, NEO4J_RELATIONSHIP_TYPES[relation], d["mentions"], d["sentence"], d["start"], d["end"]])
    (folder / "README.md").write_text(
        "# Neo4j import\n\nWith the server stopped, from this folder:\n\n"
        f"```\n{IMPORT_COMMAND}\n```\n\n"
        "Labels: Paper, Method, Task, Dataset. Every node has `id` (its IRI) and `name`.\n"
        "Relationships: MENTIONS for every paper-entity pair, plus PROPOSES, USES_METHOD, ADDRESSES_TASK or USES_DATASET.\n",
        encoding="utf-8",
    )
