"""Build the paperkg knowledge graph: `python build_graph.py [INPUT ...] [--out DIR]` (= `kg build`)."""

import sys

from kg.cli import main

if __name__ == "__main__":
    main(["build", *sys.argv[1:]])
