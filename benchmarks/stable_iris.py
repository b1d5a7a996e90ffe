"""Do two builds of different corpora give one entity one IRI? The share of entities of both that do.

    python benchmarks/stable_iris.py BUILD_A BUILD_B [--examples N]

Reads each build's graph.graphml. An entity of A and one of B are the same when their names spell one name
(kg.resolve.variant_key of the name's key: case, spaces, hyphens and a final "s" aside); prints how many such
names the builds share, how many have the same IRI in both, and `--examples` of those that do not.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

import networkx as nx

from kg.resolve import entity_key, variant_key


def iris_by_name(build: Path) -> dict[str, set[str]]:
    graph = nx.read_graphml(build / "graph.graphml")
    found: dict[str, set[str]] = defaultdict(set)
    for node, data in graph.nodes(data=True):
        if data["type"] != "Paper":
            found[variant_key(entity_key(data["name"]))].add(node)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("--examples", type=int, default=10)
    args = parser.parse_args()
    a, b = iris_by_name(args.a), iris_by_name(args.b)
    shared = sorted(set(a) & set(b))
    differ = [name for name in shared if a[name] != b[name]]
    print(f"names in both {len(shared)}; same IRIs {len(shared) - len(differ)} ({1 - len(differ) / len(shared):.1%})")
    for name in differ[: args.examples]:
        print(f"  {name}: {sorted(a[name])} / {sorted(b[name])}")


if __name__ == "__main__":
    main()
