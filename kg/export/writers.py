"""Every output a build writes, in the order it writes them, each by a writer called alike:
`write(graph, path, mentions, options)`. graph.ttl comes before the store that loads it."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, Sequence

import networkx as nx

from ..graph import with_authors
from ..layout import (
    GEXF_FILE,
    GRAPHML_FILE,
    HTML_FILE,
    MENTIONS_FILE,
    NEO4J_DIR,
    ONTOLOGY_NAME,
    RDF_FILES,
    RESULTS_FILE,
    STORE_DIR,
)
from ..records import Mention
from .gexf import write_gexf
from .graphml import write_graphml
from .html import write_html
from .mentions import write_mentions
from .neo4j.files import write_neo4j
from .options import ExportOptions
from .positions import drawing
from .rdf import write_ontology, write_rdf
from .results import write_results
from .store import StoreLoad, write_store


class Writer(Protocol):
    def __call__(
        self,
        graph: nx.MultiDiGraph,
        path: Path,
        mentions: Sequence[Mention] = (),
        options: ExportOptions = ExportOptions(),
        /,
    ) -> StoreLoad | None:
        """Write one output at `path`; a StoreLoad goes on while the next outputs are written."""


# what the writers of one build's exports share, worked out once for the graph they are given: emptied once they
# are written (kg.builder.writing), and to be emptied by a caller that changes the graph between two writers
EXPORT_CACHES = (with_authors, drawing)


def writers(options: ExportOptions = ExportOptions()) -> dict[str, Writer]:
    """Output name (a file or folder in the build) -> its writer."""
    return {
        **{RDF_FILES[name]: write_rdf for name in ("ttl", *options.rdf_formats)},
        ONTOLOGY_NAME: write_ontology,
        STORE_DIR: write_store,
        MENTIONS_FILE: write_mentions,
        RESULTS_FILE: write_results,
        HTML_FILE: write_html,
        GRAPHML_FILE: write_graphml,
        GEXF_FILE: write_gexf,
        NEO4J_DIR: write_neo4j,
    }
