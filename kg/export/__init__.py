"""One module per export format, all reading the same graph (like networkx.readwrite)."""
