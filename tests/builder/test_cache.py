"""The parse cache never stops a build: a damaged or foreign file is started again, one that cannot be used
means building without it, an entry that is no parse of its text is parsed again, each with a warning."""

import json
import shutil
import sqlite3

import pytest

from kg import build
from kg.layout import CACHE_FILE, MENTIONS_FILE
from tests.commands import build as reliability_build
from tests.helpers import SEED, jsonl

PAPERS = SEED[:4]


@pytest.fixture(scope="module")
def clean_build(tmp_path_factory):
    """The papers built once: its cache holds a good parse of each, its mentions are what every build must give."""
    folder = tmp_path_factory.mktemp("clean")
    result = build([jsonl(folder / "in.jsonl", PAPERS)], folder / "out", workers=1)
    assert result.parsed == len(PAPERS) and not result.warnings
    return folder / "out"


def rows(data):
    """Every entry of a cache replaced: `data` is the new JSON text of an entry, or a function of the old one."""

    def damage(path):
        db = sqlite3.connect(path)
        with db:
            for key, old in db.execute("SELECT key, data FROM docs").fetchall():
                new = data(json.loads(old)) if callable(data) else data
                db.execute("UPDATE docs SET data = ? WHERE key = ?", (new, key))
        db.close()

    return damage


def shifted(entry):
    for span in entry["spans"]:
        span[0] += 1
        span[1] += 1
    return json.dumps(entry)


def result_of_no_span(entry):
    entry["results"].append([0, 1, 1.0, "%", 0, 1, False, len(entry["spans"]), -1, -1, 0])
    return json.dumps(entry)


def foreign(path):
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE docs (id INTEGER, body BLOB, extra TEXT)")
    db.close()


def another_table(path):
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE customers (name TEXT)")
    db.close()


def folder_in_place(path):
    path.unlink()
    (path / "inside").mkdir(parents=True)


DAMAGES = {
    "not a database": (lambda path: path.write_bytes(b"a torn copy " * 400), "was not a paperkg cache", True),
    "a foreign schema": (foreign, "was not a paperkg cache (table docs has other columns)", True),
    "another program's table": (another_table, "was not a paperkg cache (it holds another table, customers)", True),
    "entries that are {}": (rows("{}"), "4 entries that are no parse of their text", True),
    "entries that are null": (rows("null"), "4 entries that are no parse of their text", True),
    "entries that are not JSON": (rows('{"spans": [['), "4 entries that are not JSON", True),
    "entries of shifted offsets": (rows(shifted), "4 entries that are no parse of their text", True),
    "entries with a result of no span": (rows(result_of_no_span), "4 entries that are no parse of their text", True),
    "a folder in its place": (folder_in_place, "is not a file; building without it", False),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_cache_is_a_warning_and_the_build_is_right(damage, clean_build, tmp_path):
    make, warning, kept = DAMAGES[damage]
    out = shutil.copytree(clean_build, tmp_path / "out")
    make(out / CACHE_FILE)
    result = build([jsonl(tmp_path / "in.jsonl", PAPERS)], out, workers=1, min_confidence=0.5)
    [said] = result.warnings
    assert said.startswith(f"the parse cache {out / CACHE_FILE} ") and warning in said
    assert result.parsed == len(PAPERS)
    again = build([jsonl(tmp_path / "in.jsonl", PAPERS)], out, workers=1)  # the first build's options
    assert (out / MENTIONS_FILE).read_bytes() == (clean_build / MENTIONS_FILE).read_bytes()
    assert again.parsed == (0 if kept else len(PAPERS))  # a cache started again holds the parses now


def test_a_cache_that_cannot_be_written_means_building_without_it(clean_build, tmp_path):
    """A disk full for the cache alone: it holds 3 MB, every write past 2 MB fails (the exports stay under),
    and the papers are new, so every parse has to be written. The build goes on, in one warning line."""
    out = shutil.copytree(clean_build, tmp_path / "out")
    padded = sqlite3.connect(out / CACHE_FILE)
    with padded:
        padded.execute("INSERT INTO docs VALUES ('padding', ?)", ("x" * 3_000_000,))
    padded.close()
    corpus = jsonl(
        tmp_path / "in.jsonl", [{**p, "id": p["id"] + "-new", "abstract": p["abstract"] + " New."} for p in PAPERS]
    )
    run = reliability_build(corpus, "--out", out, "--workers", "1", limit_file_size=2_000_000)
    assert run.returncode == 0, run.stderr
    [line] = run.stderr.strip().splitlines()
    assert (
        line.startswith("kg: warning: the parse cache ") and "cannot be written (" in line
    )  # SQLite says "disk I/O error"
    assert run.stdout.startswith(f"{len(PAPERS)} papers, ")


def test_an_abstract_is_parsed_once_a_title_name(tmp_path):
    """A parse depends on the name a title gives before its colon ("our method" stands for it), so the same
    abstract under another such name is parsed again; under the same name, or under no name, it is not."""
    paper = {k: v for k, v in PAPERS[0].items() if k != "id"}
    titled = [
        {**paper, "id": "a", "title": "FooNet: One Title"},
        {**paper, "id": "b", "title": "FooNet: Another Title"},
        {**paper, "id": "c", "title": "BarNet: One Title"},
        {**paper, "id": "d", "title": "A Title With No Name"},
        {**paper, "id": "e", "title": "Another Title With No Name"},
    ]
    result = build([jsonl(tmp_path / "in.jsonl", titled)], tmp_path / "out", workers=1)
    assert result.parsed == 3
