"""Each scholarly source's files, as the source publishes them (tests/corpus/samples.py), read into the
records written by hand from them; broken ones skip the bad record and keep the rest."""

import dataclasses
import json

import pytest

from kg.builder.stages import build
from kg.corpus import read_corpus
from kg.errors import InputError
from tests.corpus import samples

SAMPLES = {
    "arxiv.jsonl": (samples.SAMPLE_ARXIV, samples.EQUIVALENT_ARXIV),
    "openalex.jsonl": (samples.SAMPLE_OPENALEX, samples.EQUIVALENT_OPENALEX),
    "openalex-page.json": (samples.SAMPLE_OPENALEX_PAGE, samples.EQUIVALENT_OPENALEX),
    "s2.jsonl": (samples.SAMPLE_S2, samples.EQUIVALENT_S2),
    "s2-page.json": (samples.SAMPLE_S2_PAGE, samples.EQUIVALENT_S2),
    "openreview-v1.json": (samples.SAMPLE_OPENREVIEW_V1, samples.EQUIVALENT_OPENREVIEW_V1),
    "openreview-v2.jsonl": (samples.SAMPLE_OPENREVIEW_V2, samples.EQUIVALENT_OPENREVIEW_V2),
    "refs.bib": (samples.SAMPLE_BIBTEX, samples.EQUIVALENT_BIBTEX),
}
# each broken variant: the file's suffix, and the reason its second record is skipped (None: the file is
# an input error)
BROKEN = {
    ("arxiv", "abstract null"): (".jsonl", "no abstract"),
    ("arxiv", "abstract missing"): (".jsonl", "no abstract"),
    ("arxiv", "title a number"): (".jsonl", "title is not a string"),
    ("arxiv", "authors_parsed an object"): (".jsonl", "authors_parsed is not a list of name parts"),
    ("arxiv", "truncated line"): (".jsonl", "broken JSON line"),
    ("openalex", "abstract_inverted_index null"): (".jsonl", "no abstract"),
    ("openalex", "abstract_inverted_index missing"): (".jsonl", "no abstract"),
    ("openalex", "display_name a number"): (".jsonl", "title is not a string"),
    ("openalex", "authorships an object"): (".jsonl", "authorships are not a list of objects"),
    ("openalex", "truncated line"): (".jsonl", "broken JSON line"),
    ("s2", "abstract null"): (".jsonl", "no abstract"),
    ("s2", "title a number"): (".jsonl", "title is not a string"),
    ("s2", "authors an object"): (".jsonl", "authors are not a list or a string"),
    ("s2", "truncated line"): (".jsonl", "broken JSON line"),
    ("s2", "page data an object"): (".json", None),
    ("openreview", "v1 abstract null"): (".json", "no abstract"),
    ("openreview", "v1 content missing"): (".json", "no abstract"),
    ("openreview", "v1 truncated file"): (".json", None),
    ("openreview", "v2 abstract missing"): (".jsonl", "no abstract"),
    ("openreview", "v2 title a number"): (".jsonl", "title is not a string"),
    ("openreview", "v2 authors an object"): (".jsonl", "authors are not a list or a string"),
    ("openreview", "v2 truncated line"): (".jsonl", "broken JSON line"),
    ("bibtex", "unbalanced brace"): (".bib", "broken BibTeX entry"),
    ("bibtex", "entry without abstract"): (".bib", "no abstract"),
    ("bibtex", "duplicate key"): (".bib", "duplicate id"),
    ("tei", "not well-formed"): (".tei.xml", None),
    ("tei", "truncated"): (".tei.xml", None),
    ("tei", "root not TEI"): (".tei.xml", None),
    ("tei", "no abstract and no body"): (".tei.xml", "no abstract"),
}


def records(papers):
    return [{**dataclasses.asdict(p), "authors": list(p.authors)} for p in papers]


@pytest.mark.parametrize("name", SAMPLES)
def test_a_source_file_reads_into_the_records_written_from_it(tmp_path, name):
    text, expected = SAMPLES[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    corpus = read_corpus([path])
    assert not corpus.skipped
    assert records(corpus.papers) == expected


def test_tei_files_read_into_the_records_written_from_them(tmp_path):
    for name, text in samples.SAMPLE_TEI.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    corpus = read_corpus([tmp_path])
    assert records(corpus.papers) == samples.EQUIVALENT_TEI and not corpus.passed_over


def test_every_broken_variant_has_its_expectation():
    assert set(BROKEN) == {(source, name) for source, variants in samples.BROKEN.items() for name in variants}


def equivalent_of(source, name):
    """The records of the sample a broken variant was made from."""
    if source == "openreview":
        return samples.EQUIVALENT_OPENREVIEW_V1 if name.startswith("v1") else samples.EQUIVALENT_OPENREVIEW_V2
    return getattr(samples, f"EQUIVALENT_{source.upper()}")


@pytest.mark.parametrize("source, name", BROKEN)
def test_a_broken_record_is_skipped_and_the_others_read(tmp_path, source, name):
    suffix, reason = BROKEN[source, name]
    path = tmp_path / f"broken{suffix}"
    path.write_text(samples.BROKEN[source][name], encoding="utf-8")
    if reason is None:
        with pytest.raises(InputError) as error:
            read_corpus([path])
        assert str(error.value).startswith(f"{path}: ") and "\n" not in str(error.value)
        return
    corpus = read_corpus([path])
    assert [s.reason for s in corpus.skipped] == [reason]
    if source != "tei":  # a TEI file is one paper; the others keep their first and third records
        first, _, third = equivalent_of(source, name)
        assert records(corpus.papers) == [first, third]


def test_a_folder_of_every_source_builds_the_graph_of_the_same_records_as_json_lines(tmp_path):
    """Byte for byte in graph.ttl: what a source adds is read into a paper's fields, and nothing else."""
    files = {name: SAMPLES[name] for name in SAMPLES if "page" not in name}
    files |= {
        name: (text, [record]) for (name, text), record in zip(samples.SAMPLE_TEI.items(), samples.EQUIVALENT_TEI)
    }
    folder = tmp_path / "sources"
    folder.mkdir()
    for name, (text, _) in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    plain = tmp_path / "plain.jsonl"
    in_folder_order = [record for name in sorted(files) for record in files[name][1]]
    plain.write_text("".join(json.dumps(r) + "\n" for r in in_folder_order), encoding="utf-8")
    from_sources = build([folder], tmp_path / "a", workers=1, cache=False)
    build([plain], tmp_path / "b", workers=1, cache=False)
    assert len(from_sources.corpus.papers) == 21 and len(from_sources.corpus.files) == len(files)
    assert (tmp_path / "a" / "graph.ttl").read_bytes() == (tmp_path / "b" / "graph.ttl").read_bytes()
