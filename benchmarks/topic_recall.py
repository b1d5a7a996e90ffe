"""How whole a topic's node is: of the papers whose abstract names a topic, how many the graph links to it.

    python benchmarks/topic_recall.py BUILD_DIR [--topic NAME ...] [--misses N]

Reads the build's graph.graphml, and its abstracts from the store. A paper names a topic when its abstract contains the topic's words, in any
case, with spaces or hyphens between them or none, and an optional plural "s". The topic's node is the entity
whose name or alias spells the topic (kg.resolve.variant_key) that most papers link (a Method and a Task may share a name). A paper is
linked to it when it links the node or an entity from which `broader` edges lead to the node. Prints one line a
topic (linked, named, recall) and the median; `--misses` prints that many unlinked papers a topic with the
entities they link whose names contain the topic's last word.
"""

from __future__ import annotations

import argparse
import re
import statistics
from collections import defaultdict
from pathlib import Path

import networkx as nx
import pyoxigraph as ox

from kg.resolve import entity_key, variant_key
from kg.settings import NODE_TYPES  # the entities' types: not papers, nor authors

ABSTRACTS = "SELECT ?p ?a WHERE { ?p <http://purl.org/dc/terms/abstract> ?a }"

TOPICS = (
    "differential privacy", "federated learning", "knowledge distillation", "optimal transport",
    "mixture of experts", "contrastive learning", "reinforcement learning", "diffusion models",
    "graph neural networks", "large language models", "in-context learning", "chain-of-thought",
    "continual learning", "domain adaptation", "meta-learning", "active learning", "causal inference",
    "time series forecasting", "anomaly detection", "semi-supervised learning", "self-supervised learning",
    "imitation learning", "offline reinforcement learning", "bayesian optimization", "gaussian processes",
    "variational inference", "adversarial robustness", "out-of-distribution detection", "model merging",
    "quantization", "pruning", "transformers", "vision transformers", "multi-armed bandits",
    "neural architecture search", "representation learning", "transfer learning", "data augmentation",
    "uncertainty quantification", "molecular generation", "protein design", "program synthesis",
    "instruction tuning", "preference optimization", "sparse autoencoders", "state space models",
    "normalizing flows", "graph transformers", "speculative decoding", "retrieval-augmented generation",
)  # fmt: skip


def pattern(topic: str) -> re.Pattern[str]:
    words = re.split(r"[\s-]+", topic.lower())
    words[-1] = words[-1].removesuffix("s")
    return re.compile(r"\b" + r"[\s-]?".join(map(re.escape, words)) + r"s?\b", re.IGNORECASE)


def folded(name: str) -> str:
    """A name as the build tells its spellings apart (`kg.resolve.variant_key` of its key)."""
    return variant_key(entity_key(name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("--topic", action="append", help="a topic to measure (default: a list of 50)")
    parser.add_argument("--misses", type=int, default=0)
    args = parser.parse_args()
    graph = nx.read_graphml(args.build / "graph.graphml")
    papers = {n: d for n, d in graph.nodes(data=True) if d["type"] == "Paper"}
    store = ox.Store.read_only(str(args.build / "store"))
    abstracts = {row["p"].value: row["a"].value for row in store.query(ABSTRACTS)}
    entities = {n: d for n, d in graph.nodes(data=True) if d["type"] in NODE_TYPES.values()}
    by_name: dict[str, list[str]] = defaultdict(list)
    for node, data in entities.items():
        for name in {data["name"], *filter(None, data.get("aliases", "").split("; "))}:
            by_name[folded(name)].append(node)
    broader = nx.DiGraph((u, v) for u, v, d in graph.edges(data=True) if d.get("relation") == "broader")
    recalls = []
    for topic in args.topic or TOPICS:
        found = pattern(topic)
        named = {p for p, d in papers.items() if found.search(d.get("title", "") + " " + abstracts[p])}
        nodes = by_name.get(folded(topic), [])
        if not named:
            continue
        if not nodes:
            print(f"{topic:35} no node; named in {len(named)}")
            recalls.append(0.0)
            continue
        node = max(nodes, key=lambda n: graph.in_degree(n))
        narrower = {node} | (nx.ancestors(broader, node) if node in broader else set())
        linked = {p for p in named if any(t in narrower for t in graph.successors(p))}
        recalls.append(len(linked) / len(named))
        print(f"{topic:35} {len(linked):4} / {len(named):4}  {recalls[-1]:.2f}  ({len(narrower) - 1} narrower)")
        head = re.split(r"[\s-]+", topic.lower())[-1].removesuffix("s")
        for paper in sorted(named - linked)[: args.misses]:
            near = [entities[t]["name"] for t in graph.successors(paper) if t in entities]
            print("    miss", paper.rsplit("/", 1)[-1], [n for n in near if head in n.lower()])
    print(f"median {statistics.median(recalls):.2f} over {len(recalls)} topics; below 0.6: "
          f"{sum(r < 0.6 for r in recalls)}")  # fmt: skip


if __name__ == "__main__":
    main()
