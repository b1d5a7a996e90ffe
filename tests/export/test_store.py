"""The store's loader (kg.export.store): graph.ttl loaded in pieces of whole statements, read back with pyoxigraph."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import pyoxigraph as ox

from kg.export.store import load_store, turtle_pieces

EX = "https://example.org/"
TRIPLES = [
    ox.Triple(ox.NamedNode(f"{EX}paper/{i}"), ox.NamedNode(f"{EX}says"), ox.Literal(text))
    for i, text in enumerate(
        [
            "A sentence that ends .\nAnother line that ends with a full stop after a space .",
            'Quotes " and a semicolon ; and a line break\r\n .',
            "plain",
        ]
        * 20
    )
] + [
    ox.Triple(ox.NamedNode(f"{EX}paper/{i}"), ox.NamedNode(f"{EX}cites"), ox.NamedNode(f"{EX}paper/0"))
    for i in range(60)
]


def triples(quads: Iterable[ox.Quad]) -> set[ox.Triple]:
    return {ox.Triple(q.subject, q.predicate, q.object) for q in quads}


def turtle(tmp_path: Path) -> Path:
    """The triples as Oxigraph's serializer writes graph.ttl: prefixes first, one subject's statements together."""
    path = tmp_path / "graph.ttl"
    ox.serialize(TRIPLES, str(path), ox.RdfFormat.TURTLE, prefixes={"ex": EX})
    return path


def test_pieces_are_whole_statements_that_parse_alone_and_make_the_file(tmp_path):
    path = turtle(tmp_path)
    pieces = list(turtle_pieces(path, 100))
    assert len(pieces) > 10
    assert all(piece.startswith(b"@prefix ex: ") for piece in pieces)
    parsed = [triples(ox.parse(piece, ox.RdfFormat.TURTLE)) for piece in pieces]  # one cut inside a statement fails
    assert set().union(*parsed) == triples(ox.parse(path=str(path), format=ox.RdfFormat.TURTLE)) == set(TRIPLES)
    assert sum(map(len, parsed)) == len(TRIPLES)  # no statement in two pieces


def test_one_piece_when_the_file_is_smaller_than_a_piece(tmp_path):
    path = turtle(tmp_path)
    assert list(turtle_pieces(path, 1 << 20)) == [path.read_bytes()]


def test_the_store_loaded_in_pieces_holds_every_triple_once(tmp_path):
    folder = tmp_path / "store"
    load_store(turtle(tmp_path), folder, piece_bytes=100)
    store = ox.Store.read_only(str(folder))
    assert triples(store) == set(TRIPLES)
    assert len(store) == len(TRIPLES)
