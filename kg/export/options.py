"""The options that change what the exports hold: one frozen record every writer takes, hashed whole into
the build's fingerprint (kg.builder.manifest)."""

from __future__ import annotations

from dataclasses import dataclass

from ..settings import DEFAULT_HTML_MAX_NODES, DEFAULT_HTML_MIN_PAPERS


@dataclass(frozen=True)
class ExportOptions:
    evidence: bool = True  # the RDF holds an annotation for every mention (a third of its size)
    rdf_formats: tuple[str, ...] = ()  # written beside graph.ttl: keys of kg.layout.RDF_FILES
    html_min_papers: int = DEFAULT_HTML_MIN_PAPERS  # the page draws entities in at least this many papers
    html_max_nodes: int = DEFAULT_HTML_MAX_NODES  # ... and at most this many nodes
