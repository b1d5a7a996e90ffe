"""Builds at scale give the same bytes however they run: worker processes, Dask tasks, or the parse cache."""

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from dataclasses import replace
from pathlib import Path

import pyoxigraph as ox
import pytest

from kg import build
from kg.builder.cache import Cache
from kg.layout import CACHE_FILE, GRAPH_FILE, MANIFEST_FILE, STORE_DIR
from tests.helpers import ROOT, SEED, jsonl


def exports(folder: Path) -> dict[str, bytes]:
    """Every export's bytes, but not the cache nor the Oxigraph store (RocksDB writes ids and times), nor
    the manifest, which lists the store's files."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name not in (CACHE_FILE, MANIFEST_FILE) and p.relative_to(folder).parts[0] != STORE_DIR
    }


@pytest.fixture(scope="module")
def one_process(tmp_path_factory) -> dict[str, bytes]:
    """The sample built in this process alone, without the cache."""
    out = tmp_path_factory.mktemp("one")
    assert build([], out, workers=1, cache=False).parsed == len(SEED)
    return exports(out)


def test_worker_processes_give_the_same_bytes(one_process, tmp_path, monkeypatch):
    """Seven chunks of three abstracts over two forked workers: their doc._ data comes back as plain data; and
    the exports written side by side by two forked processes, the store loaded from their graph.ttl."""
    for module in ("parallel", "stages"):  # the sample alone is too small to be worth two processes
        monkeypatch.setattr(f"kg.builder.{module}.MIN_PARALLEL", 0)
    result = build([], tmp_path, workers=2, cache=False)
    assert result.parsed == len(SEED)
    assert exports(tmp_path) == one_process
    store = ox.Store.read_only(str(tmp_path / STORE_DIR))
    assert len(store) == sum(1 for _ in ox.parse(path=str(tmp_path / GRAPH_FILE), format=ox.RdfFormat.TURTLE))


def test_dask_tasks_give_the_same_bytes(one_process, tmp_path):
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        result = build([], tmp_path, workers=2, cache=False, dask=cluster.scheduler_address)
    assert result.parsed == len(SEED)
    assert exports(tmp_path) == one_process


def test_a_rebuild_parses_only_what_changed(one_process, tmp_path):
    papers = jsonl(tmp_path / "papers.jsonl", SEED)
    out = tmp_path / "out"
    assert build([papers], out, workers=1).parsed == len(SEED)
    assert exports(out) == one_process
    # Unchanged: nothing parsed, spaCy not even imported (a fresh process), the same bytes.
    again = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, kg; r = kg.build([sys.argv[1]], sys.argv[2]); print(r.parsed, 'spacy' in sys.modules)",
            papers,
            out,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.stdout.split() == ["0", "False"], again.stderr
    assert exports(out) == one_process
    # One abstract changed, one paper added: those two are parsed, and what they say is in the graph.
    changed = [dict(p) for p in SEED]
    changed[3]["abstract"] += " We propose ZorbNet, a novel graph neural network."
    changed.append({"id": "new", "title": "New", "abstract": "We evaluate QuuxFormer on the ImageNet benchmark."})
    result = build([jsonl(papers, changed)], out, workers=1)
    assert result.parsed == 2
    assert {"ZorbNet", "QuuxFormer"} <= {m.text for m in result.mentions}
    # --no-cache parses everything again.
    assert build([papers], out, workers=1, cache=False).parsed == len(changed)


def test_the_cache_is_emptied_when_the_pipeline_changes(tmp_path):
    cache = Cache(tmp_path / CACHE_FILE, "model A")
    cache.put([("k", {"spans": [], "relations": []})])
    cache.close()
    assert dict(Cache(tmp_path / CACHE_FILE, "model A").each(["k"])) == {"k": {"spans": [], "relations": []}}
    assert dict(Cache(tmp_path / CACHE_FILE, "model B").each(["k"])) == {}
    (tmp_path / CACHE_FILE).write_bytes(b"not a database, e.g. a torn copy" * 100)
    assert dict(Cache(tmp_path / CACHE_FILE, "model A").each(["k"])) == {}


def test_papers_with_one_clean_text_share_one_parse(tmp_path):
    """A text is parsed once for every paper that has it, and each paper's mentions point into its own abstract:
    here one copy, and one whose Markdown emphasis (gone from the clean text) shifts every offset after it."""
    emphasised = SEED[1]["abstract"].replace(" the ", " *the* ", 1)
    assert emphasised != SEED[1]["abstract"]
    papers = SEED[:3] + [dict(SEED[0], id="copy"), dict(SEED[1], id="emphasis", abstract=emphasised)]
    result = build([jsonl(tmp_path / "papers.jsonl", papers)], tmp_path / "out", workers=1, cache=False)
    assert result.parsed == 3
    of = {p["id"]: [m for m in result.mentions if m.paper == p["id"]] for p in papers}
    assert of["copy"] and [replace(m, paper="copy") for m in of[SEED[0]["id"]]] == of["copy"]
    assert [(m.name, m.label, m.entity) for m in of["emphasis"]] == [
        (m.name, m.label, m.entity) for m in of[SEED[1]["id"]]
    ]
    assert all(emphasised[m.start : m.end] == m.text for m in of["emphasis"])
    assert [m.start for m in of["emphasis"]] != [m.start for m in of[SEED[1]["id"]]]


def run_on_terminal(*args: str) -> tuple[int, str]:
    """`kg build ARGS` with stderr on a pseudo-terminal: what a user sees there."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))  # a 120-column terminal
    proc = subprocess.Popen(
        [sys.executable, "-m", "kg.cli", "build", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=follower
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the process is done
            break
        if not chunk:
            break
        seen += chunk
    proc.communicate(timeout=120)
    os.close(leader)
    return proc.returncode, seen.decode(errors="replace")


def test_progress_bar_on_a_terminal_and_quiet(tmp_path):
    """Forty distinct abstracts in one process take a few seconds: the bar shows rate and ETA; --quiet hides it."""
    papers = jsonl(
        tmp_path / "papers.jsonl",
        [{"id": f"p{i}", "abstract": f"{SEED[i % len(SEED)]['abstract']} Run {i}."} for i in range(40)],
    )
    status, seen = run_on_terminal(str(papers), "--out", str(tmp_path / "out"), "--workers", "1", "--no-cache")
    assert status == 0
    assert "parsing" in seen and "40/40" in seen and "abstract/s" in seen
    status, seen = run_on_terminal(
        str(papers), "--out", str(tmp_path / "out"), "--workers", "1", "--no-cache", "--quiet"
    )
    assert (status, seen) == (0, "")
