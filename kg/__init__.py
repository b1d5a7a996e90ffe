"""paperkg: ML paper abstracts in, a knowledge graph of methods, tasks and datasets out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from os import PathLike

    from .builder.stages import BuildResult
    from .query.load import Build


def build(*args: Any, **kwargs: Any) -> "BuildResult":
    """Build the graph of input files into an output folder; see `kg.builder.stages.build`."""
    from .builder.stages import build as _build  # keeps `import kg` (and `kg query`) free of spaCy

    return _build(*args, **kwargs)


def load(build_dir: "str | PathLike[str]") -> "Build":
    """A finished build folder with its triples as a read-only rdflib Graph (`.rdf`), read from the
    build's Oxigraph store in a fraction of a second; see `kg.query.load.load`."""
    from .query.load import load as _load  # rdflib and Oxigraph only: `import kg` stays light, spaCy is never imported

    return _load(build_dir)
