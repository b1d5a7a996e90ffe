"""Options that cannot work are one line before any work; ids that are awkward in IRIs still make RDF every
reader parses; a --dask address that is not one is one line."""

import pyoxigraph as ox
import pytest
import rdflib

from kg import build as build_function
from tests.commands import assert_one_line_error, build, build_bound_by_permissions
from tests.helpers import SEED, jsonl

BAD_BASE_IRIS = {
    "not an iri": "is not an absolute IRI",
    "": "is not an absolute IRI (No scheme found",
    "relative/": "is not an absolute IRI",
    "http://ex.org/a b/": "is not an absolute IRI (Invalid IRI code point ' ')",
    "http://ex.org/<kg>/": "is not an absolute IRI",
    'http://ex.org/"kg"/': "is not an absolute IRI",
    "http://ex.org/a\nb/": "is not an absolute IRI (Invalid IRI code point '\\n')",
    "http://[::1/": "is not an absolute IRI",
    "http://ex.org/%zz/": "is not an absolute IRI (Invalid IRI percent encoding '%zz')",
    "http://ex.org/#": "holds a '#': annotation IRIs add their own fragment; end it with '/'",
}


@pytest.mark.parametrize("base", BAD_BASE_IRIS)
def test_a_bad_base_iri_is_one_line_before_the_input_is_read(base, tmp_path):
    """The input does not exist: the base IRI is refused before it is looked for (and long before a parse)."""
    result = build(tmp_path / "missing.jsonl", "--out", tmp_path / "out", "--base-iri", base)
    assert_one_line_error(result, f"--base-iri {base!r}", BAD_BASE_IRIS[base])


def test_an_out_folder_name_too_long_is_one_line(tmp_path):
    out = tmp_path / ("x" * 300)
    assert_one_line_error(build("--out", out), f"{out}: cannot use this folder (File name too long)")


@pytest.mark.parametrize("paper_id", ["ends with a dot.", "dot.", "a.b.", "..."])
def test_every_rdf_reader_parses_the_iri_of_any_paper_id(paper_id, tmp_path):
    paper = {**SEED[0], "id": paper_id}
    result = build_function([jsonl(tmp_path / "in.jsonl", [paper])], tmp_path / "out", workers=1, rdf_formats=["nt"])
    turtle = rdflib.Graph().parse(result.out / "graph.ttl", format="turtle")
    triples = rdflib.Graph().parse(result.out / "graph.nt", format="nt")
    assert len(turtle) == len(triples) > 0
    [iri] = {str(s) for s, _, o in turtle.triples((None, rdflib.DCTERMS.identifier, None)) if str(o) == paper_id}
    assert iri.endswith("%2E") and "paper/" in iri


@pytest.mark.parametrize("address", ["garbage://x", "tcp://", "::::"])
def test_a_dask_address_that_is_none_is_one_line(address, tmp_path):
    result = build(jsonl(tmp_path / "in.jsonl", SEED[:1]), "--out", tmp_path / "out", "--no-cache", "--dask", address)
    assert_one_line_error(result, f"--dask {address!r}")


def test_a_record_too_large_for_the_store_is_a_counted_skip_and_the_rest_builds(tmp_path):
    """Fields over 8 MiB as Turtle writes them (Oxigraph reads no term over 16 MiB): an 8.8 MB abstract, and a
    title of 3 MiB of control characters, each 6 bytes as `\\u0001`. The records are skipped before anything is
    written, and the store of the others loads."""
    huge = {"id": "huge", "abstract": 'We propose "HugeNet".\n' * 400_000}
    controls = {"id": "controls", "title": "\x01" * 3 * 2**20, "abstract": SEED[1]["abstract"]}
    result = build(jsonl(tmp_path / "in.jsonl", [SEED[0], huge, controls]), "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("skipped 2 (a field over 8 MiB)")
    assert len(ox.Store.read_only(str(tmp_path / "out" / "store"))) > 0


def test_an_out_folder_that_cannot_be_looked_at_or_written_is_one_line_before_any_work(tmp_path):
    corpus = jsonl(tmp_path / "in.jsonl", SEED[:1])
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked").chmod(0o000)  # no search: what is inside cannot be looked at
    (tmp_path / "read-only").mkdir()
    (tmp_path / "read-only").chmod(0o555)
    try:
        locked = build_bound_by_permissions(corpus, "--out", tmp_path / "locked" / "out")
        read_only = build_bound_by_permissions(corpus, "--out", tmp_path / "read-only")
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert_one_line_error(locked, f"{tmp_path / 'locked' / 'out'}: cannot use this folder (Permission denied)")
    assert_one_line_error(read_only, f"{tmp_path / 'read-only'}: cannot write here (Permission denied)")
