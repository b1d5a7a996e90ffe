"""Neo4j: `papers.csv`, `entities.csv`, `results.csv`, `authors.csv` and `relationships.csv`, `import.cypher`
and a README in one folder.

Headers follow `neo4j-admin database import full`: `id:ID`, `:LABEL`, typed properties
(`papers:int`, `aliases:string[]` with `;` between items), `:START_ID`, `:END_ID`, `:TYPE`.
Every paper → entity edge gives one relationship, of its role (`PROPOSES`, `USES_METHOD`, `ADDRESSES_TASK`,
`USES_DATASET`), carrying the link's `confidence` (kg.confidence); an entity → entity edge one of its relation
(`USED_FOR` ...), with its support in `papers` and its `confidence`, or `BROADER`. A reported result is a `Result` node, which its
paper `REPORTS`, linked `OF_METHOD`, `ON_DATASET` or `ON_TASK` and `OVER_BASELINE` to its entities. An `Author` (one per name,
kg.graph.author_key) `AUTHORED` each paper with the name on its author list. `import.cypher` loads the
same files into a running server with `LOAD CSV`, its statements generated from the same headers.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Sequence

import networkx as nx

from ...graph import author_nodes, result_links, results_of
from ...layout import (
    NEO4J_AUTHORS,
    NEO4J_ENTITIES,
    NEO4J_IMPORT,
    NEO4J_PAPERS,
    NEO4J_README,
    NEO4J_RELATIONSHIPS,
    NEO4J_RESULTS,
)
from ...records import Mention
from ...settings import (
    AUTHOR,
    AUTHORED,
    ENTITY_RELATIONS,
    NEO4J_RELATIONSHIP_TYPES,
    NODE_TYPES,
    PAPER,
    REPORTS,
    RESULT,
    RESULT_LINKS,
)
from ..options import ExportOptions

ARRAY_DELIMITER = ";"
PAPER_HEADER = [
    "id:ID",
    ":LABEL",
    "name",
    "paper_id",
    "title",
    "url",
    "venue",
    "year:int",
    "authors:string[]",
    "abstract",
]
ENTITY_HEADER = [
    "id:ID",
    ":LABEL",
    "name",
    "aliases:string[]",
    "papers:int",
    "papers_with_narrower:int",
    "mention_count:int",
    "type_evidence:int",
]
RESULT_HEADER = [
    "id:ID",
    ":LABEL",
    "metric",
    "measure",
    "lower_is_better:boolean",
    "value:float",
    "unit",
    "relative:boolean",
    "text",
    "sentence",
    "start:int",
    "end:int",
    "paper_id",
]
AUTHOR_HEADER = ["id:ID", ":LABEL", "name", "papers:int"]
RELATIONSHIP_HEADER = [
    ":START_ID",
    ":END_ID",
    ":TYPE",
    "mentions:int",
    "confidence:float",
    "sentence",
    "start:int",
    "end:int",
    "papers:int",
]
LABELS = (PAPER, *NODE_TYPES.values(), RESULT, AUTHOR)
ENTITY_LABELS = tuple(NODE_TYPES.values())
RESULT_RELATIONS = frozenset(RESULT_LINKS.values())  # from a result to an entity
IMPORT_COMMAND = (
    "neo4j-admin database import full --overwrite-destination --multiline-fields=true --array-delimiter=';' "
    "--nodes=papers.csv --nodes=entities.csv --nodes=results.csv --nodes=authors.csv --relationships=relationships.csv "
    "neo4j"
)
CYPHER_COMMAND = "cypher-shell -u neo4j -p PASSWORD -d neo4j -f import.cypher"
BATCH_ROWS = 1000  # rows a transaction, in import.cypher and in `kg neo4j push`


def array(values: list[str]) -> str:
    return ARRAY_DELIMITER.join(v.replace(ARRAY_DELIMITER, ",") for v in values)


def constraint(label: str) -> str:
    """The uniqueness constraint MERGE relies on (and that makes it fast)."""
    return f"CREATE CONSTRAINT paperkg_{label.lower()}_id IF NOT EXISTS FOR (n:{label}) REQUIRE n.id IS UNIQUE"


def cypher_value(column: str) -> str:
    """A LOAD CSV row field as its typed value (empty array fields give an empty list)."""
    field = f"row.`{column}`"
    kind = column.partition(":")[2]
    if kind.endswith("[]"):
        return f"[x IN split(coalesce({field}, ''), '{ARRAY_DELIMITER}') WHERE x <> '']"
    return {"int": f"toInteger({field})", "float": f"toFloat({field})"}.get(kind, field)


def assignments(var: str, header: list[str]) -> str:
    columns = [c for c in header if not c.startswith(":") and c != "id:ID"]
    return ", ".join(f"{var}.`{c.partition(':')[0]}` = {cypher_value(c)}" for c in columns)


def match_any(var: str, column: str, labels: tuple[str, ...]) -> list[str]:
    """Cypher lines binding `var` to the node whose id is in `column`, whichever of `labels` it has."""
    if len(labels) == 1:
        return [f"MATCH ({var}:{labels[0]} {{id: row.`{column}`}})"]
    found = [f"{var}{i}" for i in range(len(labels))]
    return [
        *(f"OPTIONAL MATCH ({v}:{label} {{id: row.`{column}`}})" for v, label in zip(found, labels)),
        f"WITH row, {'a, ' if var == 'b' else ''}coalesce({', '.join(found)}) AS {var} WHERE {var} IS NOT NULL",
    ]


def load_csv(file: str, where: str, body: list[str]) -> str:
    lines = [f"LOAD CSV WITH HEADERS FROM 'file:///{file}' AS row", f"WITH row WHERE {where}", "CALL (row) {"]
    return "\n".join(lines + [f"  {line}" for line in body] + [f"}} IN TRANSACTIONS OF {BATCH_ROWS} ROWS;"])


def start_labels(relation: str) -> tuple[str, ...]:
    """The labels a relationship of this kind may start from."""
    if relation in ENTITY_RELATIONS:
        return ENTITY_LABELS
    if relation == AUTHORED:
        return (AUTHOR,)
    return (RESULT,) if relation in RESULT_RELATIONS else (PAPER,)


def end_labels(relation: str) -> tuple[str, ...]:
    """The labels a relationship of this kind may end at."""
    return {REPORTS: (RESULT,), AUTHORED: (PAPER,)}.get(relation, ENTITY_LABELS)


def paper_header(graph: nx.MultiDiGraph) -> list[str]:
    """PAPER_HEADER, and the identifiers (doi, arxiv) some paper of the graph has."""
    return PAPER_HEADER + list(graph.graph.get("identifiers", ()))


def import_cypher(papers_header: list[str] = PAPER_HEADER) -> str:
    """Statements for cypher-shell: constraints first, then MERGE nodes, then MERGE relationships."""
    statements = [
        "// Loads papers.csv, entities.csv, results.csv, authors.csv and relationships.csv from the server's import "
        "folder "
        "(Neo4j 5.23+).\n"
        f"// Run: {CYPHER_COMMAND}",
        *(constraint(label) + ";" for label in LABELS),
    ]
    for file, header, labels in (
        (NEO4J_PAPERS, papers_header, (PAPER,)),
        (NEO4J_ENTITIES, ENTITY_HEADER, ENTITY_LABELS),
        (NEO4J_RESULTS, RESULT_HEADER, (RESULT,)),
        (NEO4J_AUTHORS, AUTHOR_HEADER, (AUTHOR,)),
    ):
        for label in labels:
            merge = [f"MERGE (n:{label} {{id: row.`id:ID`}})", f"SET {assignments('n', header)}"]
            statements.append(load_csv(file, f"row.`:LABEL` = '{label}'", merge))
    for relation, type_ in NEO4J_RELATIONSHIP_TYPES.items():
        body = [
            *match_any("a", ":START_ID", start_labels(relation)),
            *match_any("b", ":END_ID", end_labels(relation)),
            f"MERGE (a)-[r:{type_}]->(b)",
            f"SET {assignments('r', RELATIONSHIP_HEADER)}",
        ]
        statements.append(load_csv(NEO4J_RELATIONSHIPS, f"row.`:TYPE` = '{type_}'", body))
    return "\n\n".join(statements) + "\n"


README = f"""# Neo4j import

Three ways to load this folder (labels Paper, Method, Task, Dataset; every node has `id`, its IRI, and `name`;
one relationship for each paper-entity pair, of its role: PROPOSES, USES_METHOD, ADDRESSES_TASK or USES_DATASET;
between entities USED_FOR, EVALUATED_ON, COMPARED_WITH and IS_A, with `papers`, the number that state it, and
BROADER from an entity to the broader entity its name's head names, MAY_STAND_FOR from an ambiguous bare
short form to each entity it may stand for; Result nodes, a number a paper REPORTS in a metric, with `value`,
`unit`, `metric`, `measure` and `relative`, OF_METHOD, ON_DATASET or ON_TASK and OVER_BASELINE to entities;
Author nodes, with `name` and `papers`, one per name however many people bear it, which AUTHORED their papers).

1. Into a new database, with the server stopped, from this folder (replaces the database `neo4j`):

   ```
   {IMPORT_COMMAND}
   ```

   Then, with the server running, create the uniqueness constraints (the first statements of `import.cypher`).

2. Into a running server (Neo4j 5.23 or later): copy the five CSV files into its import folder
   (`$NEO4J_HOME/import`, or the folder mounted at `/import` in Docker), then from this folder:

   ```
   {CYPHER_COMMAND}
   ```

   It creates the constraints, then MERGEs, so running it again adds nothing. If a text holds a backslash
   before a double quote (`\\"`), set `dbms.import.csv.legacy_quote_escaping=false` in neo4j.conf first.

3. Into a running server from any machine, over Bolt, without copying files:
   `kg neo4j push --uri bolt://HOST:7687 --user neo4j --graph BUILD_FOLDER` (password from `NEO4J_PASSWORD`).

The files hold the texts as they are: opened directly in a spreadsheet, a cell that begins with `=`, `+`, `-` or
`@` may be run as a formula. Import them into a spreadsheet with every column as text instead.
"""


def write_neo4j(
    graph: nx.MultiDiGraph, folder: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    """The folder of CSVs, import.cypher and README for neo4j-admin, cypher-shell and `kg neo4j push`."""
    folder.mkdir(parents=True, exist_ok=True)
    with (
        open(folder / NEO4J_PAPERS, "w", newline="", encoding="utf-8") as p,
        open(folder / NEO4J_ENTITIES, "w", newline="", encoding="utf-8") as e,
    ):
        papers, entities = csv.writer(p), csv.writer(e)
        header = paper_header(graph)
        identifiers = header[len(PAPER_HEADER) :]
        papers.writerow(header)
        entities.writerow(ENTITY_HEADER)
        for node, d in graph.nodes(data=True):
            if d["type"] == PAPER:
                year = "" if d["year"] is None else d["year"]
                papers.writerow(
                    [
                        node,
                        PAPER,
                        d["name"],
                        d["paper_id"],
                        d["title"],
                        d["url"],
                        d["venue"],
                        year,
                        array(d["authors"]),
                        d["abstract"],
                        *(d.get(name, "") for name in identifiers),
                    ]
                )
            else:
                entities.writerow(
                    [
                        node,
                        d["type"],
                        d["name"],
                        array(d["aliases"]),
                        d["papers"],
                        d["papers_with_narrower"],
                        d["mention_count"],
                        d["type_evidence"],
                    ]
                )
    authors, authored = author_nodes(graph)
    with open(folder / NEO4J_AUTHORS, "w", newline="", encoding="utf-8") as f:
        author_rows = csv.writer(f)
        author_rows.writerow(AUTHOR_HEADER)
        author_rows.writerows([iri, AUTHOR, d["name"], d["papers"]] for iri, d in authors)
    results, measures = results_of(graph)
    with open(folder / NEO4J_RESULTS, "w", newline="", encoding="utf-8") as f:
        result_rows = csv.writer(f)
        result_rows.writerow(RESULT_HEADER)
        for row in results:
            result_rows.writerow(
                [
                    row["iri"],
                    RESULT,
                    row["metric"],
                    row["measure"],
                    str(measures[row["measure"]]["lower_is_better"]).lower(),
                    row["value"],
                    row["unit"],
                    str(row["relative"]).lower(),
                    row["text"],
                    row["sentence"],
                    row["start"],
                    row["end"],
                    row["paper_id"],
                ]
            )
    with open(folder / NEO4J_RELATIONSHIPS, "w", newline="", encoding="utf-8") as r:
        rows = csv.writer(r)
        rows.writerow(RELATIONSHIP_HEADER)
        for source, target, d in graph.edges(data=True):
            rows.writerow(
                [
                    source,
                    target,
                    NEO4J_RELATIONSHIP_TYPES[d["relation"]],
                    d.get("mentions", ""),
                    d.get("confidence", ""),
                    d.get("sentence", ""),
                    d.get("start", ""),
                    d.get("end", ""),
                    d.get("papers", ""),
                ]
            )
        blank = [""] * (len(RELATIONSHIP_HEADER) - 3)
        for row in results:
            rows.writerow([row["paper"], row["iri"], NEO4J_RELATIONSHIP_TYPES[REPORTS], *blank])
            for link, entity in result_links(row):
                rows.writerow([row["iri"], entity, NEO4J_RELATIONSHIP_TYPES[link], *blank])
        rows.writerows([author, paper, NEO4J_RELATIONSHIP_TYPES[AUTHORED], *blank] for author, paper, _ in authored)
    (folder / NEO4J_IMPORT).write_text(import_cypher(header), encoding="utf-8")
    (folder / NEO4J_README).write_text(README, encoding="utf-8")
