"""Entities no researcher would list, counted in a build: number phrases, names with an unmatched bracket,
brace, dollar or backslash, and datasets named like a model; then the 25 entities in the most papers.

    python benchmarks/entity_checks.py BUILD_DIR

Reads graph.graphml. A number phrase begins with a quantity and a lower-case word ("15 models", "50%
pruning"); a model's name begins with a model family's (kg.nlp.lexicon.MODEL_FAMILIES: "Gemma-2-2B").
"""

from __future__ import annotations

import argparse
from pathlib import Path

import networkx as nx

from kg.layout import GRAPHML_FILE
from kg.nlp.model_names import is_model_name
from kg.resolve import QUANTITY
from kg.settings import NODE_TYPES

PAIRS = ("()", "[]", "{}")


def has_unmatched_markup(name: str) -> bool:
    return any(name.count(a) != name.count(b) for a, b in PAIRS) or name.count("$") % 2 == 1 or "\\" in name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", type=Path, help="a build's output folder")
    args = parser.parse_args()
    graph = nx.read_graphml(args.build / GRAPHML_FILE)
    entities = [d for _, d in graph.nodes(data=True) if d["type"] in NODE_TYPES.values()]  # not papers nor authors
    checks = {
        "number phrases": [d["name"] for d in entities if QUANTITY.match(d["name"])],
        "unmatched markup": [d["name"] for d in entities if has_unmatched_markup(d["name"])],
        "datasets named like a model": [
            d["name"] for d in entities if d["type"] == "Dataset" and is_model_name(d["name"])
        ],
    }
    print(f"entities {len(entities):,}")
    for check, names in checks.items():
        shown = "; ".join(sorted(names)[:12]) + (" ..." if len(names) > 12 else "")
        print(f"{check}: {len(names)}" + (f"  ({shown})" if names else ""))
    top = sorted(entities, key=lambda d: (-int(d["papers"]), d["name"]))[:25]
    print("top 25: " + ", ".join(f"{d['name']} {d['papers']}" for d in top))


if __name__ == "__main__":
    main()
