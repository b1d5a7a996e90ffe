"""A rebuild that cannot change the exports is skipped; anything that could change them builds in full,
and that full build is what a cold build of the same input and options writes."""

import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest

from kg import build
from kg.builder.stages import build as build_function
from kg.layout import CACHE_FILE, MANIFEST_FILE, STORE_DIR
from tests.helpers import ROOT, SEED, jsonl

# every option that changes a byte of the exports, a value other than the default, and the export that shows it
OUTPUT_OPTIONS = {
    "base_iri": "https://example.org/kg/",
    "evidence": False,
    "rdf_formats": ["nt"],
    "html_min_papers": 2,
    "html_max_nodes": 40,
    "min_confidence": 0.7,
}


def files(folder: Path) -> dict[str, str]:
    """Every file under `folder`, hidden ones included -> SHA-256."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def outputs(folder: Path) -> tuple[dict[str, str], list[str], dict]:
    """What two builds of the same input and options must agree on: every export's bytes (but the store's,
    which RocksDB stamps: its triples instead), and the manifest but its store entries (and its digest)."""
    exports = {
        name: digest
        for name, digest in files(folder).items()
        if name not in (CACHE_FILE, MANIFEST_FILE) and not name.startswith(f"{STORE_DIR}/")
    }
    store = ox.Store.read_only(str(folder / STORE_DIR))
    triples = sorted(map(str, store))
    del store
    manifest = json.loads((folder / MANIFEST_FILE).read_text(encoding="utf-8"))
    manifest["files"] = {k: v for k, v in manifest["files"].items() if not k.startswith(f"{STORE_DIR}/")}
    del manifest["digest"]  # of the store's entries too
    return exports, triples, manifest


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The sample as JSONL, built once (its parse cache then serves every copy of the folder)."""
    folder = tmp_path_factory.mktemp("built")
    result = build([jsonl(folder / "papers.jsonl", SEED)], folder / "out", workers=1)
    assert not result.up_to_date and result.parsed == len(SEED)
    return folder / "out"


@pytest.fixture
def out(built, tmp_path) -> Path:
    """A copy of that build to change and rebuild."""
    return shutil.copytree(built, tmp_path / "out")


@pytest.fixture(scope="module")
def reference(built) -> tuple:
    return outputs(built)


def test_an_unchanged_rebuild_writes_nothing_and_prints_the_same_counts(out, tmp_path):
    cold = build([jsonl(tmp_path / "cold.jsonl", SEED)], tmp_path / "cold", workers=1, cache=False)
    before = files(out)
    again = build([jsonl(tmp_path / "copy.jsonl", SEED)], out, workers=1)  # the same papers, from another file
    assert again.up_to_date and again.parsed == 0 and again.timings.keys() == {"read", "up to date"}
    assert files(out) == before  # every file, the cache and the store's included
    assert again.summary().split(" -> ")[0] == cold.summary().split(" -> ")[0]
    assert again.summary().endswith("(up to date)")
    # the graph and mentions are still there for who asks: made from the cache, the same as the build's
    assert again.mentions == cold.mentions
    assert sorted(again.graph.nodes(data=True)) == sorted(cold.graph.nodes(data=True))
    assert sorted(again.graph.edges(keys=True, data=True), key=lambda e: e[:3]) == sorted(
        cold.graph.edges(keys=True, data=True), key=lambda e: e[:3]
    )
    assert files(out) == before


def test_the_command_says_up_to_date_and_no_cache_rebuilds(out, reference):
    command = [sys.executable, "build_graph.py", str(jsonl(out.parent / "papers.jsonl", SEED)), "--out", str(out)]
    before = files(out)
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert run.stdout.startswith("19 papers, ") and run.stdout.rstrip().endswith("(up to date)")
    assert files(out) == before
    run = subprocess.run(
        [*command, "--no-cache", "--workers", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert "up to date" not in run.stdout
    assert files(out)[MANIFEST_FILE] != before[MANIFEST_FILE]  # a new store, so a new manifest
    assert outputs(out) == reference


def test_one_changed_abstract_builds_in_full_as_a_cold_build_does(out, tmp_path):
    changed = [dict(p) for p in SEED]
    changed[3]["abstract"] += " We propose ZorbNet, a novel graph neural network."
    papers = jsonl(tmp_path / "changed.jsonl", changed)
    result = build([papers], out, workers=1)
    assert not result.up_to_date and result.parsed == 1
    assert "ZorbNet" in {m.text for m in result.mentions}
    build([papers], tmp_path / "cold", workers=1, cache=False)
    assert outputs(out) == outputs(tmp_path / "cold")


@pytest.mark.parametrize("option", OUTPUT_OPTIONS)
def test_a_changed_option_builds_in_full_as_a_cold_build_does(option, out, tmp_path):
    papers = jsonl(tmp_path / "papers.jsonl", SEED)
    result = build([papers], out, workers=1, **{option: OUTPUT_OPTIONS[option]})
    assert not result.up_to_date and result.parsed == 0
    build([papers], tmp_path / "cold", workers=1, cache=False, **{option: OUTPUT_OPTIONS[option]})
    assert outputs(out) == outputs(tmp_path / "cold")
    assert build([papers], out, workers=1, **{option: OUTPUT_OPTIONS[option]}).up_to_date


def test_every_build_option_is_known_to_change_the_exports_or_not():
    """A new option of `build` must be in the manifest's fingerprint if it can change a byte (and then here)."""
    assert set(inspect.signature(build_function).parameters) == {
        *OUTPUT_OPTIONS,
        "inputs",
        "fields",  # what it changes is the papers read, which the fingerprint hashes
        "out",
        "strict",
        "workers",
        "cache",
        "dask",
        "progress",
    }


def append(path: Path) -> None:
    path.write_bytes(path.read_bytes() + b"\n")


def same_size(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))


def largest(folder: Path) -> Path:
    return max((p for p in folder.iterdir() if p.is_file()), key=lambda p: p.stat().st_size)


DAMAGE = {
    "graph.html deleted": lambda out: (out / "graph.html").unlink(),
    "graph.ttl longer": lambda out: append(out / "graph.ttl"),
    "graph.gexf, one bit, same size": lambda out: same_size(out / "graph.gexf"),
    "neo4j/ without papers.csv": lambda out: (out / "neo4j" / "papers.csv").unlink(),
    "neo4j/ with one more file": lambda out: (out / "neo4j" / "notes.txt").write_text("mine"),
    "store/ deleted": lambda out: shutil.rmtree(out / STORE_DIR),
    "store/ largest file, one bit": lambda out: same_size(largest(out / STORE_DIR)),
    "mentions.jsonl is a folder": lambda out: ((out / "mentions.jsonl").unlink(), (out / "mentions.jsonl").mkdir()),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_export_builds_in_full(damage, out, reference):
    DAMAGE[damage](out)
    result = build([jsonl(out.parent / "papers.jsonl", SEED)], out, workers=1)
    assert not result.up_to_date and result.parsed == 0
    assert outputs(out) == reference


MANIFESTS = {
    "missing": None,
    "empty": "",
    "not JSON": '{"format": 1, "fingerprint": ',
    "not UTF-8": b"\xff\xfe{}",
    "a list": "[1, 2]",
    "a number": "7",
    "no counts": lambda m: m.pop("counts"),
    "a count that is text": lambda m: m["counts"].update(mentions="306"),
    "a count that is true": lambda m: m["counts"].update(edges=True),
    "an extra count": lambda m: m["counts"].update(papers=19),
    "files as a list": lambda m: m.update(files=list(m["files"])),
    "a file's entry as a list": lambda m: m["files"].update({"graph.ttl": [1, "0" * 64]}),
    "a file left out": lambda m: m["files"].pop("graph.html"),
    "a file's size changed": lambda m: m["files"]["graph.ttl"].update(size=1),
    "a count changed": lambda m: m["counts"].update(mentions=999_999),
    "no digest": lambda m: m.pop("digest"),
    "another format": lambda m: m.update(format=1),
    "another fingerprint": lambda m: m.update(fingerprint="0" * 64),
    "deeply nested": "[" * 100_000 + "]" * 100_000,
    "a FIFO": "a FIFO",
}


@pytest.mark.parametrize("manifest", MANIFESTS)
def test_a_missing_corrupt_or_edited_manifest_means_a_full_build(manifest, out, reference):
    change = MANIFESTS[manifest]
    path = out / MANIFEST_FILE
    if change is None:
        path.unlink()
    elif change == "a FIFO":
        path.unlink()
        os.mkfifo(path)  # reading it would wait for a writer forever
    elif isinstance(change, (str, bytes)):
        path.write_bytes(change.encode() if isinstance(change, str) else change)
    else:
        edited = json.loads(path.read_text(encoding="utf-8"))
        change(edited)
        path.write_text(json.dumps(edited), encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "build_graph.py",
            str(jsonl(out.parent / "papers.jsonl", SEED)),
            "--out",
            str(out),
            "--workers",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert run.stdout.startswith("19 papers, ") and "up to date" not in run.stdout
    assert outputs(out) == reference
