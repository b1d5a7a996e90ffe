import codecs
import json

import pytest

from kg.corpus import NO_WORDS, Paper, field_map, is_header, read_corpus, split_paragraphs, text_id
from kg.errors import InputError, KGError
from kg.export.options import ExportOptions
from kg.export.rdf import FORMATS
from kg.export.writers import writers
from kg.layout import BUILD_FILES, CACHE_FILE, MANIFEST_FILE, NEO4J_DIR, STORE_DIR

RECORD = {
    "id": "p1",
    "title": "T",
    "abstract": "We propose X.",
    "authors": ["A B", "C D"],
    "url": "u",
    "venue": "V",
    "year": 2025,
}


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_jsonl_reads_every_field(tmp_path):
    corpus = read_corpus([write(tmp_path / "a.jsonl", json.dumps(RECORD) + "\n")])
    assert corpus.papers == [Paper("p1", "We propose X.", "T", ("A B", "C D"), "u", "V", 2025)]


def test_jsonl_bad_records_are_counted_skips(tmp_path):
    lines = [
        json.dumps(RECORD),
        "{broken",
        json.dumps({"id": "p2", "abstract": ""}),
        json.dumps(RECORD),
        "[1]",
        json.dumps({"id": "p3", "abstract": "$x^2$"}),
        '{"id": "p4", "abstract": "\\ud800 lone"}',
    ]
    path = write(tmp_path / "a.jsonl", "\n".join(lines))
    corpus = read_corpus([path])
    assert [p.id for p in corpus.papers] == ["p1"]
    assert corpus.skip_counts() == {
        "broken JSON line": 1,
        "no abstract": 1,
        "duplicate id": 1,
        "record is not an object": 1,
        NO_WORDS: 1,
        "invalid Unicode (lone surrogate)": 1,
    }
    assert [s.source for s in corpus.skipped] == [f"{path}:{n}" for n in range(2, 8)]
    assert corpus.skip_summary().startswith("1 (broken JSON line), 1 (duplicate id)")


def test_skips_name_the_record_in_every_format(tmp_path):
    array = write(tmp_path / "a.json", json.dumps([RECORD, {"id": "x"}]))
    table = write(tmp_path / "b.csv", "id,abstract\np9,Fine text.\np1,Duplicate text.\n")
    text = write(tmp_path / "c.txt", "Header line\n\nOne abstract.\n\nOne abstract.\n")
    skipped = read_corpus([array, table, text]).skipped
    assert [(s.source, s.reason) for s in skipped] == [
        (f"{array}[1]", "no abstract"),
        (f"{table}:3", "duplicate id"),
        (f"{text}, paragraph 3", "duplicate id"),
    ]


def test_a_record_without_words_does_not_claim_its_id(tmp_path):
    lines = [json.dumps({"id": "p1", "abstract": "$\\alpha$"}), json.dumps(RECORD)]
    assert read_corpus([write(tmp_path / "a.jsonl", "\n".join(lines))]).papers[0].abstract == "We propose X."


def test_jsonl_splits_records_at_newlines_only(tmp_path):
    abstract = "Line\u2028separator and next\x85line and \x0cfeed stay inside the record."
    corpus = read_corpus(
        [write(tmp_path / "a.jsonl", json.dumps({"id": "p1", "abstract": abstract}, ensure_ascii=False) + "\r\n")]
    )
    assert [p.abstract for p in corpus.papers] == [abstract] and not corpus.skipped


def test_csv_reads_an_abstract_longer_than_the_csv_field_limit(tmp_path):
    abstract = "word " * 60_000  # 300,000 characters; the csv module stops at 131,072 by default
    corpus = read_corpus([write(tmp_path / "a.csv", f'id,abstract\np1,"{abstract}"\n')])
    assert corpus.papers[0].abstract == abstract


def test_json_array_and_csv(tmp_path):
    array = write(tmp_path / "a.json", json.dumps([RECORD, {**RECORD, "id": "p2"}]))
    table = write(tmp_path / "b.csv", 'id,title,abstract,authors,year\np3,T3,"Text, with comma.",A B; C D,2024\n')
    corpus = read_corpus([array, table])
    assert [p.id for p in corpus.papers] == ["p1", "p2", "p3"]
    assert corpus.papers[2].abstract == "Text, with comma." and corpus.papers[2].authors == ("A B", "C D")
    assert corpus.papers[2].year == 2024


def test_plain_text_header_and_paragraphs(tmp_path):
    text = "ICML 2025 papers\n\nFirst abstract.\nStill first.\n\n\nSecond abstract here.\n"
    corpus = read_corpus([write(tmp_path / "a.txt", text)])
    assert [p.abstract for p in corpus.papers] == ["First abstract.\nStill first.", "Second abstract here."]
    assert corpus.papers[0].id == text_id("First abstract.\nStill first.")


def test_text_ids_are_stable_and_distinct():
    assert text_id("abc") == text_id("abc") != text_id("abd")


def test_split_and_header_helpers():
    assert split_paragraphs("a\n\n b \n\n\n") == ["a", "b"]
    assert is_header("ICML 2025 论文列表") and not is_header("We propose a method.")


def test_folder_means_every_supported_file(tmp_path):
    write(tmp_path / "a.jsonl", json.dumps(RECORD))
    write(tmp_path / "b.txt", "Another abstract.")
    write(tmp_path / "notes.md", "ignored")
    assert len(read_corpus([tmp_path]).papers) == 2


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("empty.jsonl", b"", "file is empty"),
        ("bin.jsonl", b"\x00\x01\x02", "binary file"),
        ("latin.txt", "caf\u00e9".encode("latin-1"), "not UTF-8"),
        ("obj.json", b'{"x": 1}', "expected a JSON array"),
        ("bad.json", b"[1, ", "invalid JSON"),
        ("deep.json", b"[" * 100_000, "invalid JSON"),
        ("utf16.jsonl", '{"abstract": "x"}'.encode("utf-16"), "UTF-16 text"),
        ("utf32.jsonl", '{"abstract": "x"}'.encode("utf-32"), "UTF-32 text"),
        ("utf32be.jsonl", codecs.BOM_UTF32_BE + '{"abstract": "x"}'.encode("utf-32-be"), "UTF-32 text"),
        ("noabs.csv", b"id,title\n1,x\n", "no 'abstract' column"),
        ("a.pdf", b"%PDF", "unsupported file type"),
    ],
)
def test_fatal_inputs_raise_input_error_naming_the_file(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError, match=message) as info:
        read_corpus([path])
    assert name in str(info.value)


def test_missing_path(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_corpus([tmp_path / "nope.jsonl"])


def test_a_name_too_long_for_the_file_system_is_an_input_error_naming_it(tmp_path):
    path = tmp_path / ("a" * 300 + ".jsonl")
    with pytest.raises(InputError, match="cannot read \\(File name too long\\)") as info:
        read_corpus([path])
    assert str(info.value).startswith(f"{path}: ")


def test_csv_with_an_unclosed_quote_names_the_line_it_opens_on(tmp_path):
    lines = ["id,title,abstract", *(f"p{n},Title {n},We propose method {n}." for n in range(1, 9))]
    lines[2] = 'p2,"Unclosed title,We propose method 2.'
    path = write(tmp_path / "a.csv", "\n".join(lines) + "\n")
    with pytest.raises(InputError) as info:
        read_corpus([path])
    assert str(info.value) == f"{path}:3: malformed CSV (a quoted field opened in this record is never closed)"


def test_csv_quote_closed_in_a_later_record_names_both_lines(tmp_path):
    text = 'id,title,abstract\np1,"Unclosed,We propose A.\np2,T,"We propose B, a method."\n'
    path = write(tmp_path / "a.csv", text)
    with pytest.raises(InputError) as info:
        read_corpus([path])
    assert str(info.value) == f"{path}:2: malformed CSV (',' expected after '\"' on line 3)"


def test_csv_rows_longer_than_the_header_are_skipped_and_multiline_records_named_by_their_first_line(tmp_path):
    text = 'id,abstract\n\np1,We propose X, a method.\np2,"Two\nlines.",\np3,Fine.\n'
    corpus = read_corpus([write(tmp_path / "a.csv", text)])
    assert [(p.id, p.abstract) for p in corpus.papers] == [("p2", "Two\nlines."), ("p3", "Fine.")]
    assert [(s.source, s.reason) for s in corpus.skipped] == [
        (f"{tmp_path / 'a.csv'}:3", "more fields than the header row")
    ]


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"authors": [{"name": "Ann A", "affiliation": "X"}, " Bo B ", None]}, {"authors": ("Ann A", "Bo B")}),
        ({"authors": "Ann A; Bo B"}, {"authors": ("Ann A", "Bo B")}),
        ({"id": 7}, {"id": "7"}),
        ({"year": "2025-07-13"}, {"year": 2025}),
        ({"year": 2025.0}, {"year": 2025}),
        ({"year": ""}, {"year": None}),
        ({"year": None, "title": None}, {"year": None, "title": ""}),
    ],
)
def test_fields_are_read_as_meant(tmp_path, fields, expected):
    [paper] = read_corpus([write(tmp_path / "a.jsonl", json.dumps({**RECORD, **fields}))]).papers
    assert {name: getattr(paper, name) for name in expected} == expected


@pytest.mark.parametrize(
    "fields, reason",
    [
        ({"authors": [{"affiliation": "X"}]}, "an author is not a name"),
        ({"authors": [["Ann A"]]}, "an author is not a name"),
        ({"authors": {"name": "Ann A"}}, "authors are not a list or a string"),
        ({"title": {"en": "x"}}, "title is not a string"),
        ({"venue": 3}, "venue is not a string"),
        ({"url": ["u"]}, "url is not a string"),
        ({"id": [1, 2]}, "id is not a string or an integer"),
        ({"id": True}, "id is not a string or an integer"),
        ({"year": "1_999"}, "year is not a four-digit year"),
        ({"year": 1e30}, "year is not a four-digit year"),
        ({"year": 199}, "year is not a four-digit year"),
        ({"year": "20251"}, "year is not a four-digit year"),
        ({"year": True}, "year is not a four-digit year"),
    ],
)
def test_wrong_typed_fields_are_counted_skips(tmp_path, fields, reason):
    corpus = read_corpus([write(tmp_path / "a.jsonl", json.dumps({**RECORD, **fields}))])
    assert not corpus.papers and corpus.skip_counts() == {reason: 1}


def test_a_folder_read_leaves_out_the_files_a_build_writes(tmp_path):
    write(tmp_path / "papers.jsonl", json.dumps(RECORD))
    for name in BUILD_FILES:
        write(tmp_path / name, json.dumps({**RECORD, "id": name}))
    assert [p.id for p in read_corpus([tmp_path]).papers] == ["p1"]
    # given by name, such a file is read
    assert [p.id for p in read_corpus([tmp_path / "mentions.jsonl"]).papers] == ["mentions.jsonl"]


def test_build_files_hold_every_file_a_build_writes():
    every_export = writers(ExportOptions(rdf_formats=tuple(FORMATS)))
    assert set(every_export) - {STORE_DIR, NEO4J_DIR} | {MANIFEST_FILE, CACHE_FILE} <= BUILD_FILES


def test_seed_text_and_jsonl_have_the_same_abstracts(shared):
    seed = shared / "data" / "seed"
    text = read_corpus([seed / "icml2025_seed.txt"]).papers
    jsonl = read_corpus([seed / "icml2025_seed.jsonl"]).papers
    assert len(text) == len(jsonl) == 19
    assert [p.abstract for p in text] == [p.abstract for p in jsonl]


def test_keys_are_matched_in_any_case_the_exact_lowercase_key_first(tmp_path):
    record = {"ID": "p1", "Title": "T", "Abstract": "We propose X.", "abstract": "We propose Y.", "YEAR": 2024}
    corpus = read_corpus([write(tmp_path / "a.jsonl", json.dumps(record))])
    assert [(p.id, p.title, p.abstract, p.year) for p in corpus.papers] == [("p1", "T", "We propose Y.", 2024)]


def test_field_names_rename_the_keys_of_json_and_csv_records(tmp_path):
    names = field_map(["abstract=paper_abstract,title=name", "year=Published"])
    assert names == {"abstract": "paper_abstract", "title": "name", "year": "Published"}
    jsonl = write(
        tmp_path / "a.jsonl", json.dumps({"id": "p1", "name": "T", "paper_abstract": "We do X.", "published": 2023})
    )
    table = write(tmp_path / "b.csv", "id,Name,Paper_Abstract\np2,U,We do Y.\n")
    corpus = read_corpus([jsonl, table], names)
    assert [(p.id, p.title, p.abstract, p.year) for p in corpus.papers] == [
        ("p1", "T", "We do X.", 2023),
        ("p2", "U", "We do Y.", None),
    ]
    with pytest.raises(InputError, match="no 'paper_abstract' column"):
        read_corpus([write(tmp_path / "c.csv", "id,abstract\np3,We do Z.\n")], names)


@pytest.mark.parametrize("value", ["summary", "abstract=", "=x", "abstract:x"])
def test_a_field_name_that_is_no_field_is_an_error(value):
    with pytest.raises(KGError, match="--field"):
        field_map([value])


def test_when_no_record_has_an_abstract_the_hint_names_the_keys_found(tmp_path):
    lines = [json.dumps({"id": n, "name": "T", "paper_abstract": "We do X."}) for n in range(3)]
    corpus = read_corpus([write(tmp_path / "a.jsonl", "\n".join(lines))])
    assert corpus.skip_counts() == {"no abstract": 3}
    assert corpus.no_abstract_hint() == (
        "; the records' keys are id, name, paper_abstract: name the abstract's with --field abstract=KEY"
    )
    corpus = read_corpus([write(tmp_path / "b.jsonl", "\n".join([*lines, json.dumps(RECORD)]))])
    assert corpus.no_abstract_hint() == ""  # some record had one: the skips are records without


def test_identifiers_of_plain_records_are_normalised(tmp_path):
    record = {**RECORD, "doi": "https://doi.org/10.1000/ABC", "arxiv": "arXiv:2403.01234v2"}
    paper = read_corpus([write(tmp_path / "a.jsonl", json.dumps(record))]).papers[0]
    assert (paper.doi, paper.arxiv) == ("10.1000/abc", "2403.01234")


@pytest.mark.parametrize("key", ["papers", "results", "data"])
def test_a_json_object_may_hold_the_papers_under_a_known_key(tmp_path, key):
    path = write(tmp_path / "a.json", json.dumps({"meta": {"count": 1}, key: [RECORD]}))
    assert [p.id for p in read_corpus([path]).papers] == ["p1"]


def test_a_folder_passes_over_notes_and_files_it_cannot_read_and_says_so(tmp_path):
    write(tmp_path / "a.jsonl", json.dumps(RECORD))
    write(tmp_path / "SOURCE.txt", "Paper corpus\n============\nEvery file is JSON Lines.\n\nLicence: MIT.\n")
    write(tmp_path / "README.txt", "# Papers\n\nThe files here are abstracts.\n")
    write(tmp_path / "broken.json", "[1, ")
    write(tmp_path / "table.csv", "id,summary\n1,x\n")
    write(tmp_path / "b.txt", "Another abstract, with a dash - and a line\n---- not a rule but words.")
    corpus = read_corpus([tmp_path])
    assert [p.name for p in corpus.files] == ["a.jsonl", "b.txt"]
    assert [(p.name, reason.split(" (")[0]) for p, reason in corpus.passed_over] == [
        ("README.txt", "notes, not abstracts"),
        ("SOURCE.txt", "notes, not abstracts"),
        ("broken.json", "invalid JSON"),
        ("table.csv", "CSV has no 'abstract' column in its header row"),
    ]
    assert len(corpus.papers) == 2
    named = read_corpus([tmp_path / "SOURCE.txt"])  # named, a text file is read as abstracts
    assert len(named.papers) == 2 and not named.passed_over


def test_a_folder_of_nothing_readable_is_an_error_naming_each_file(tmp_path):
    write(tmp_path / "broken.json", "[1, ")
    write(tmp_path / "NOTES.txt", "Notes\n=====\n")
    with pytest.raises(InputError, match=r"no file could be read as a corpus \(NOTES.txt: notes.*broken.json: invalid"):
        read_corpus([tmp_path])
