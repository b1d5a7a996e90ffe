"""The spaCy side of paperkg: the only package that imports spaCy."""
