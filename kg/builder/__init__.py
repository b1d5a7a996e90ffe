"""The stages of a build, run in order: read, parse (in parallel, cached), resolve, graph, export; staged
and recorded in a manifest."""
