"""The whole build: read → extract → resolve → graph → exports."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import networkx as nx

from .corpus import Corpus, read_corpus
from .errors import InputError
from .export.gephi import write_gexf, write_graphml
from .export.html import write_html
from .export.mentions import write_mentions
from .export.neo4j import write_neo4j
from .export.rdf import write_rdf
from .graph import build_graph
from .records import Mention
from .resolve import resolve
from .settings import DEFAULT_BASE_IRI, DEFAULT_OUT, SAMPLE_INPUT

# Output name -> writer(graph, mentions, path).
EXPORTS: dict[str, Callable[[nx.MultiDiGraph, list[Mention], Path], None]] = {
    "graph.ttl": lambda g, m, p: write_rdf(g, p),
    "mentions.jsonl": lambda g, m, p: write_mentions(m, g, p),
    "graph.html": lambda g, m, p: write_html(g, p),
    "graph.graphml": lambda g, m, p: write_graphml(g, p),
    "graph.gexf": lambda g, m, p: write_gexf(g, p),
    "neo4j": lambda g, m, p: write_neo4j(g, p),
}


@dataclass
class BuildResult:
    out: Path
    corpus: Corpus
    mentions: list[Mention]
    graph: nx.MultiDiGraph
    seconds: float
    timings: dict[str, float] = field(default_factory=dict)

    def summary(self) -> str:
        g = self.graph
        entities = sum(1 for _, d in g.nodes(data=True) if d["type"] != "Paper")
        skipped = self.corpus.skip_counts()
        line = (
            f"{len(self.corpus.papers)} papers, {len(self.mentions)} mentions, {entities} entities, "
            f"{g.number_of_edges()} edges -> {self.out} in {self.seconds:.1f}s"
        )
        if skipped:
            line += "; skipped " + ", ".join(f"{n} ({reason})" for reason, n in sorted(skipped.items()))
        return line


def build(inputs: Iterable[Path] = (), out: Path = DEFAULT_OUT, base_iri: str = DEFAULT_BASE_IRI) -> BuildResult:
    """Build the knowledge graph of `inputs` (default: the bundled ICML 2025 sample) into `out`."""
    from .nlp.extract import extract_mentions  # spaCy loads only when a build needs it

    started = time.perf_counter()
    timings: dict[str, float] = {}

    def lap(stage: str) -> None:
        timings[stage] = time.perf_counter() - started - sum(timings.values())

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise InputError("--out names a file, not a folder", out)
    corpus = read_corpus(list(inputs) or [SAMPLE_INPUT])
    if not corpus.papers:
        raise InputError("no paper with an abstract in the input")
    lap("read")
    mentions = extract_mentions(corpus.papers)
    lap("extract")
    resolution = resolve(mentions)
    lap("resolve")
    graph = build_graph(corpus.papers, resolution, base_iri)
    lap("graph")
    out.mkdir(parents=True, exist_ok=True)
    for name, write in EXPORTS.items():
        write(graph, resolution.mentions, out / name)
        lap(name)
    return BuildResult(out, corpus, resolution.mentions, graph, time.perf_counter() - started, timings)
