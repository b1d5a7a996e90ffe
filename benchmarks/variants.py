"""Count what keeps one topic in several nodes of a build: near-duplicate groups of entities, and papers that
list one thing twice.

    python benchmarks/variants.py BUILD_DIR [--examples N]

Reads the build's graph.graphml. A near-duplicate group is two or more entities whose names are equal after
lower-casing, dropping every character but letters and digits and a final "s"; acronyms of up to five capitals
are set aside (two entities named "PD" are an acronym defined two ways, not two spellings). A paper lists one
thing twice when it links two entities whose names are equal that way; it lists a name with its kind when one
entity's name less a trailing kind word ("VLA models", "pruning methods") is the other's name or alias ("VLA"
of "Vision-Language-Action", "pruning").
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from pathlib import Path

import networkx as nx

from kg.settings import NODE_TYPES  # the entities' types: not papers, nor authors

ACRONYM = re.compile(r"^[A-Z]{2,5}s?$")
KIND_WORDS = {"model", "models", "method", "methods", "framework", "frameworks", "approach", "approaches",
              "algorithm", "algorithms", "technique", "techniques", "dataset", "datasets", "benchmark", "benchmarks",
              "task", "tasks", "architecture", "architectures", "network", "networks"}  # fmt: skip


def folded(name: str) -> str:
    """The name as the near-duplicate count compares it."""
    if ACRONYM.match(name):
        return name.rstrip("s")
    text = re.sub(r"[^a-z0-9]", "", name.lower())
    return text[:-1] if text.endswith("s") else text


def without_kind(name: str) -> str:
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1].lower() in KIND_WORDS else name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("--examples", type=int, default=10)
    args = parser.parse_args()
    graph = nx.read_graphml(args.build / "graph.graphml")
    entities = {n: d for n, d in graph.nodes(data=True) if d["type"] in NODE_TYPES.values()}
    groups: dict[str, list[str]] = defaultdict(list)
    for data in entities.values():
        if not ACRONYM.match(data["name"]):  # "PD" for two things is an acronym clash, not a spelling
            groups[folded(data["name"])].append(data["name"])
    near = sorted((names for names in groups.values() if len(names) > 1), key=lambda n: (-len(n), n))
    twice, with_kind = [], []
    for paper, data in graph.nodes(data=True):
        if data["type"] != "Paper":
            continue
        linked = sorted({target for _, target in graph.out_edges(paper) if target in entities})
        names = {e: entities[e]["name"] for e in linked}
        forms = {e: {folded(f) for f in [names[e], *entities[e].get("aliases", "").split("; ")] if f} for e in linked}
        pairs = [(names[a], names[b]) for i, a in enumerate(linked) for b in linked[i + 1 :]]
        alike = [(a, b) for a, b in pairs if folded(a) == folded(b) and not ACRONYM.match(a)]
        kinds = [
            (names[a], names[b])
            for i, a in enumerate(linked)
            for b in linked[i + 1 :]
            if folded(without_kind(names[a])) in forms[b] or folded(without_kind(names[b])) in forms[a]
        ]
        if alike:
            twice.append((data.get("paper_id", paper), alike))
        if kinds:
            with_kind.append((data.get("paper_id", paper), kinds))
    print(
        f"entities {len(entities)}; near-duplicate groups {len(near)}; papers listing one thing twice {len(twice)};"
        f" papers listing a name with its kind {len(with_kind)}"
    )
    for names in near[: args.examples]:
        print("  group:", " / ".join(names))
    for label, found in (("twice", twice), ("with its kind", with_kind)):
        for paper, pairs in found[: args.examples]:
            print(f"  {label} in {paper}:", "; ".join(f"{a} = {b}" for a, b in pairs))


if __name__ == "__main__":
    main()
