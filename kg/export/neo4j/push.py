"""`kg neo4j push`: a build's Neo4j CSVs into a running Neo4j (or Bolt-compatible) server.

It reads the CSVs `kg build` wrote, typed by their admin-import headers, so it needs neither spaCy nor
a rebuild. It creates a uniqueness constraint on `id` per label, then MERGEs nodes and relationships
in batches (`UNWIND $rows`), so pushing the same build twice adds nothing.
"""

from __future__ import annotations

import csv
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator
from urllib.parse import urlsplit

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ClientError, DriverError, Neo4jError, ServiceUnavailable

from ...errors import InputError, ServerError
from ...layout import NEO4J_AUTHORS, NEO4J_DIR, NEO4J_ENTITIES, NEO4J_PAPERS, NEO4J_RELATIONSHIPS, NEO4J_RESULTS
from ...settings import NEO4J_RELATIONSHIP_TYPES
from .files import ARRAY_DELIMITER, BATCH_ROWS, LABELS, constraint

BOLT_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
REL_TYPES = frozenset(NEO4J_RELATIONSHIP_TYPES.values())
CASTS: dict[str, Callable[[str], object]] = {
    "int": int,
    "long": int,
    "float": float,
    "double": float,
    "boolean": lambda v: v.lower() == "true",
}
SPECIAL = ("ID", "LABEL", "START_ID", "END_ID", "TYPE")  # admin-import columns that are not plain properties

Row = dict[str, object]


@dataclass
class Export:
    """A build's Neo4j rows: nodes by label, relationships by (start label, type, end label)."""

    nodes: dict[str, list[Row]] = field(default_factory=lambda: defaultdict(list))
    relationships: dict[tuple[str, str, str], list[Row]] = field(default_factory=lambda: defaultdict(list))


@dataclass
class PushResult:
    nodes: dict[str, int]
    relationships: dict[str, int]
    warnings: list[str]
    seconds: float

    def summary(self, uri: str) -> str:
        def counts(by: dict[str, int]) -> str:
            return f"{sum(by.values())} ({', '.join(f'{n} {k}' for k, n in by.items())})"

        nodes, relationships = counts(self.nodes), counts(self.relationships)
        return f"merged {nodes} nodes and {relationships} relationships into {uri} in {self.seconds:.1f}s"


def convert(kind: str, value: str) -> object:
    """A CSV field as neo4j-admin types it by its header suffix (`int`, `string[]`, ...)."""
    if kind.endswith("[]"):
        return [convert(kind[:-2], v) for v in value.split(ARRAY_DELIMITER)]
    return CASTS.get(kind, str)(value)


def read_typed_csv(path: Path) -> Iterator[tuple[int, dict[str, str], Row]]:
    """(line, admin-import columns by kind, typed properties) per row; empty fields are absent, as in neo4j-admin."""
    try:
        # the csv module refuses fields over 128 KiB by default; none is longer than its file
        csv.field_size_limit(max(csv.field_size_limit(), path.stat().st_size))
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            header = [column.partition(":") for column in next(reader, [])]
            for row in reader:
                keys, props = {}, {}
                for (name, _, kind), value in zip(header, row):
                    if kind in SPECIAL:
                        keys[kind] = value
                    elif value:
                        try:
                            props[name] = convert(kind, value)
                        except ValueError:
                            raise InputError(f"{name!r} is not a {kind}: {value!r}", path, reader.line_num) from None
                yield reader.line_num, keys, props
    except FileNotFoundError:
        raise InputError("no Neo4j export here: run `kg build` first", path) from None


def read_export(graph: Path) -> Export:
    """The nodes and relationships in `graph`/neo4j, checked so that labels and types are safe to splice into Cypher."""
    folder, export, label_of = Path(graph) / NEO4J_DIR, Export(), {}
    for name in (NEO4J_PAPERS, NEO4J_ENTITIES, NEO4J_RESULTS, NEO4J_AUTHORS):
        for line, keys, props in read_typed_csv(folder / name):
            node, label = keys.get("ID", ""), keys.get("LABEL")
            if not node or label not in LABELS:
                raise InputError(f"a node needs an id and one of the labels {', '.join(LABELS)}", folder / name, line)
            label_of[node] = label
            export.nodes[label].append({"id": node, "props": {**props, "id": node}})
    for line, keys, props in read_typed_csv(folder / NEO4J_RELATIONSHIPS):
        start, end, type_ = keys.get("START_ID"), keys.get("END_ID"), keys.get("TYPE")
        if start not in label_of or end not in label_of or type_ not in REL_TYPES:
            raise InputError(
                "a relationship needs known start and end ids and a known type", folder / NEO4J_RELATIONSHIPS, line
            )
        export.relationships[(label_of[start], type_, label_of[end])].append(
            {"start": start, "end": end, "props": props}
        )
    return export


@contextmanager
def server_errors(uri: str, user: str) -> Iterator[None]:
    """The driver's errors that a user can cause, as one-line ServerErrors (never with the password)."""
    try:
        yield
    except AuthError:
        raise ServerError(f"{uri}: authentication failed for user {user!r}") from None
    except ServiceUnavailable as exc:
        raise ServerError(f"cannot connect to {uri}: {' '.join(str(exc).split())}") from None
    except Neo4jError as exc:
        raise ServerError(f"{uri}: {exc.message or exc.code}") from None
    except DriverError as exc:
        raise ServerError(f"{uri}: {' '.join(str(exc).split())}") from None


def push(
    graph: Path, uri: str, user: str, password: str, database: str | None = None, batch_size: int = BATCH_ROWS
) -> PushResult:
    """MERGE the build in `graph` into the server at `uri` (a Bolt URI); `database` None means the server's default."""
    started = time.perf_counter()
    if urlsplit(uri).scheme not in BOLT_SCHEMES or not urlsplit(uri).hostname:
        raise ServerError(f"--uri must look like bolt://HOST:PORT or neo4j://HOST:PORT, not {uri!r}")
    export = read_export(graph)
    warnings: list[str] = []
    with server_errors(uri, user), GraphDatabase.driver(uri, auth=(user, password)) as driver:

        def run(query: str, rows: list[Row] | None = None) -> None:
            driver.execute_query(query, {"rows": rows or []}, database_=database)

        driver.verify_connectivity()  # fails at once where a query would be retried for 30 s
        run("RETURN 1")  # an unknown database fails here, not as a constraint warning
        for label in LABELS:
            try:
                run(constraint(label))
            except ClientError as exc:
                warnings.append(
                    f"the server refused a uniqueness constraint ({exc.message}); "
                    "MERGE still keeps a second push from duplicating nodes"
                )
                break
        for label, rows in export.nodes.items():
            for i in range(0, len(rows), batch_size):
                run(
                    f"UNWIND $rows AS row MERGE (n:{label} {{id: row.id}}) SET n += row.props", rows[i : i + batch_size]
                )
        for (start, type_, end), rows in export.relationships.items():
            query = (
                f"UNWIND $rows AS row MATCH (a:{start} {{id: row.start}}) MATCH (b:{end} {{id: row.end}}) "
                f"MERGE (a)-[r:{type_}]->(b) SET r += row.props"
            )
            for i in range(0, len(rows), batch_size):
                run(query, rows[i : i + batch_size])
    nodes = {label: len(export.nodes[label]) for label in LABELS if label in export.nodes}
    relationships: Counter[str] = Counter()
    for (_, type_, _), rows in export.relationships.items():
        relationships[type_] += len(rows)
    return PushResult(nodes, dict(relationships), warnings, time.perf_counter() - started)
