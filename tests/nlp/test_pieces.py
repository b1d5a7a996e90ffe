"""A long text read in pieces: the cuts on tiny strings, and the real pipeline over a text of several pieces."""

from kg.corpus import Paper
from kg.nlp import parse as parse_module
from kg.nlp.docdata import Reading
from kg.nlp.parse import extract, parse
from kg.nlp.pieces import joined, piece_bounds, piece_starts
from tests.helpers import SEED


def test_a_text_within_the_limit_is_one_piece():
    assert piece_starts("short text", 100) == [0]


def test_pieces_end_at_a_paragraph_break_else_a_sentence_else_a_space():
    text = "Aaaa aaaa. Bbbb bbbb.\n\nCccc cccc. Dddd dddd. Eeee"
    [_, cut] = piece_starts(text, 30)
    assert text[cut:].startswith("Cccc")
    text = "Aaaa aaaa aaaa aaaa. Bbbb bbbb bbbb cccc dddd"
    [_, cut] = piece_starts(text, 30)
    assert text[cut:].startswith("Bbbb")
    text = "aaaa bbbb cccc dddd eeee ffff gggg hhhh"
    [_, cut] = piece_starts(text, 30)
    assert text[:cut] == "aaaa bbbb cccc dddd eeee ffff "  # ends after a space, within 30
    assert piece_starts("x" * 70, 30) == [0, 30, 60]  # no space at all: cut at the limit


def test_pieces_tile_the_text_each_within_the_limit():
    text = " ".join(f"Sentence number {n} says something." for n in range(400))
    starts = piece_starts(text, 500)
    bounds = piece_bounds(starts, len(text))
    assert "".join(text[a:b] for a, b in bounds) == text
    assert all(0 < b - a <= 500 for a, b in bounds) and len(bounds) > 20


def test_joined_parses_shift_offsets_indexes_and_share_long_forms():
    first = {
        "spans": [
            [0, 21, "graph neural network", "METHOD", True, 0, "", 2],
            [23, 26, "GNN", "METHOD", True, 0, "graph neural network", 0],
        ],
        "relations": [],
        "results": [],
        "sentences": [[0, 30, "graph neural network (GNN) x."]],
    }
    second = {
        "spans": [[4, 7, "GNN", "METHOD", False, 0, "", 1], [20, 25, "MNIST", "DATASET", False, 0, "", 2]],
        "relations": [[0, "evaluatedOn", 1, 0, "cue"]],
        "results": [[10, 14, 98.0, "%", 15, 23, False, 0, 1, -1, 0]],
        "sentences": [[0, 26, "The GNN gets 98% accuracy on MNIST."]],
    }
    whole = joined([first, second], [0, 100])
    assert [s[:2] for s in whole["spans"]] == [[0, 21], [23, 26], [104, 107], [120, 125]]
    assert whole["spans"][2][5] == 1 and whole["spans"][2][6] == "graph neural network"
    assert [s[7] for s in whole["spans"]] == [2, 0, 1, 2]
    assert whole["relations"] == [[2, "evaluatedOn", 3, 1, "cue"]]
    assert whole["results"] == [[110, 114, 98.0, "%", 115, 123, False, 2, 3, -1, 1]]
    assert whole["sentences"][1][:2] == [100, 126]


def long_text():
    """The sample's abstracts as paragraphs, "graph neural network (GNN)" defined in the first only."""
    paragraphs = ["We propose a graph neural network (GNN) for molecule property prediction."]
    paragraphs += [paper["abstract"] for paper in SEED] * 2
    paragraphs.append("Finally, the GNN outperforms the transformer baseline on QM9.")
    return "\n\n".join(paragraphs)


def test_a_long_text_is_read_whole_in_pieces(nlp, monkeypatch):
    monkeypatch.setattr(parse_module, "MAX_PIECE_CHARS", 5_000)
    text = long_text()
    assert len(piece_starts(text, 5_000)) > 5
    [data] = parse([Reading(text)], nlp)
    paper = Paper("long", text)
    mentions = extract([paper], nlp).mentions
    assert all(m.text == text[m.start : m.end] for m in mentions)
    assert max(m.start for m in mentions) > len(text) - 100  # the last paragraph was read
    last = [m for m in mentions if m.text == "GNN" and m.start > len(text) - 100]
    assert last and last[0].long_form == "graph neural network"  # defined in the first piece
    assert len(data["sentences"]) >= len({s[2] for s in data["sentences"]})


def test_pieces_find_what_the_whole_text_finds(nlp, monkeypatch):
    text = long_text()
    whole = {(m.start, m.end, m.label) for m in extract([Paper("long", text)], nlp).mentions}
    monkeypatch.setattr(parse_module, "MAX_PIECE_CHARS", 5_000)
    pieces = {(m.start, m.end, m.label) for m in extract([Paper("long", text)], nlp).mentions}
    assert len(whole & pieces) >= 0.95 * len(whole | pieces)
