"""SPARQL over a finished build: `kg query`, `kg serve` and `kg.load`. No spaCy here: they start fast."""
