"""paperkg: ML paper abstracts in, a knowledge graph of methods, tasks and datasets out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .builder import BuildResult


def build(*args: Any, **kwargs: Any) -> "BuildResult":
    """Build the graph of input files into an output folder; see `kg.builder.build`."""
    from .builder import build as _build  # keeps `import kg` (and `kg query`) free of spaCy

    return _build(*args, **kwargs)
