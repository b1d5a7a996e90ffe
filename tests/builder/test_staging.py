"""The move of new exports into a build folder is all or nothing: a failed move is rolled back, a build killed
during the moves is finished by the next one, and no signal stops it half-way."""

import os
import signal
import subprocess
import sys
import textwrap

import psutil
import pytest

from kg.builder.staging import STAGING_PREFIX, finish_moves, held_signals, staged
from kg.errors import OutputError
from tests.commands import assert_one_line_error, build, snapshot, snapshot_of
from tests.helpers import ROOT, SEED, ends_within, jsonl

OLD = {"graph.ttl": "old", "neo4j/papers.csv": "old", "store/CURRENT": "old", ".paperkg-build.json": "old"}
NEW = {
    "graph.ttl": "new",
    "graph.html": "new",
    "neo4j/papers.csv": "new",
    "neo4j/entities.csv": "new",
    "store/CURRENT": "new",
    ".paperkg-build.json": "new",
}
MINE = {"notes.txt": "mine"}
# The start of a child's code: its os.rename kills it (SIGKILL) at the Nth call, N in $KILL_AT_RENAME.
KILL_AT_RENAME = textwrap.dedent(
    """
    import os, signal, sys
    real_rename, renames = os.rename, []
    def rename(*args, **kwargs):
        renames.append(args)
        if len(renames) == int(os.environ["KILL_AT_RENAME"]):
            os.kill(os.getpid(), signal.SIGKILL)
        return real_rename(*args, **kwargs)
    os.rename = rename
    """
)
# Writes the files `sys.argv[2]` into the folder `sys.argv[1]` through `staged`.
STAGED = textwrap.dedent(
    """
    from pathlib import Path
    from kg.builder.staging import staged
    with staged(Path(sys.argv[1])) as staging:
        for name, text in eval(sys.argv[2]).items():
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_text(text)
    """
)
# `python build_graph.py ARGS`.
BUILD = textwrap.dedent(
    """
    sys.argv = ["build_graph.py", *sys.argv[1:]]
    exec(open("build_graph.py").read())
    """
)


def killed_at(rename, code, *args):
    """Run `code` with `args` in a child killed at its `rename`th rename."""
    return subprocess.run(
        [sys.executable, "-c", KILL_AT_RENAME + code, *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "KILL_AT_RENAME": str(rename)},
    )


def write(folder, files):
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)


def build_folder(tmp_path, name="out"):
    out = tmp_path / name
    write(out, {**OLD, **MINE})
    return out


def leftovers(out):
    return [p.name for p in out.iterdir() if p.name.startswith(STAGING_PREFIX)]


def test_a_move_that_fails_at_any_rename_puts_back_what_it_moved(tmp_path, monkeypatch):
    real, failing = os.rename, 0
    while True:
        failing += 1
        out = build_folder(tmp_path, f"out{failing}")
        calls = []

        def rename(*args, failing=failing, calls=calls, **kwargs):
            calls.append(args)
            if len(calls) == failing:
                raise PermissionError(1, "Operation not permitted", str(args[0]))
            return real(*args, **kwargs)

        monkeypatch.setattr(os, "rename", rename)
        try:
            with staged(out) as staging:
                write(staging, NEW)
        except OutputError as exc:
            assert "Operation not permitted); no export was replaced" in str(exc)
        else:
            break  # past the last rename
        finally:
            monkeypatch.setattr(os, "rename", real)
        assert snapshot(out) == snapshot_of({**OLD, **MINE}), failing
        assert not leftovers(out)
    assert failing > len(NEW)  # every export moved aside and in, one by one


def test_a_move_that_cannot_be_put_back_is_finished_by_the_next_build(tmp_path, monkeypatch):
    out, real, calls = build_folder(tmp_path), os.rename, []

    def rename(*args, **kwargs):
        calls.append(args)
        if len(calls) in (5, 6):  # a move half-way, then the first move back
            raise PermissionError(1, "Operation not permitted", str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(OutputError, match="nor put the old ones back .* the next build finishes the move"):
        with staged(out) as staging:
            write(staging, NEW)
    monkeypatch.setattr(os, "rename", real)
    assert leftovers(out) and finish_moves(out)
    assert snapshot(out) == snapshot_of({**NEW, **MINE})


def test_a_build_killed_at_any_rename_is_finished_by_the_next(tmp_path):
    renames = 0
    while True:
        renames += 1
        out = build_folder(tmp_path, f"out{renames}")
        killed = killed_at(renames, STAGED, out, repr(NEW))
        if killed.returncode == 0:
            break  # past the last rename: the moves were done
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        [staging] = leftovers(out)
        moved = finish_moves(out)
        assert snapshot(out) == snapshot_of({**NEW, **MINE}), renames
        assert moved and not leftovers(out)
    assert renames > len(NEW)


def test_a_staging_folder_of_a_build_stopped_before_its_moves_is_deleted(tmp_path):
    out = build_folder(tmp_path)
    write(out / f"{STAGING_PREFIX}abc", {"graph.ttl": "half-written"})
    assert finish_moves(out) == []
    assert snapshot(out) == snapshot_of({**OLD, **MINE})


def test_a_live_build_keeps_its_staging_folder(tmp_path):
    out = build_folder(tmp_path)
    with staged(out) as staging:
        write(staging, NEW)
        assert finish_moves(out) == [] and staging.is_dir()  # another build into `out` starting now
    assert snapshot(out) == snapshot_of({**NEW, **MINE})


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_waits_until_the_moves_are_done(sig):
    got = []
    previous = signal.signal(sig, lambda number, _: got.append(number))
    try:
        with held_signals():
            os.kill(os.getpid(), sig)
            assert got == []
        assert got == [sig]
    finally:
        signal.signal(sig, previous)


def test_a_real_build_killed_during_its_moves_is_finished_by_the_next(tmp_path):
    old, new = jsonl(tmp_path / "old.jsonl", SEED[:2]), jsonl(tmp_path / "new.jsonl", SEED[2:4])
    out = tmp_path / "out"
    assert build(old, "--out", out).returncode == 0
    for kill_at in (1, 6, 11):  # the first export aside; neo4j/ or store/ half-way; the manifest
        killed = killed_at(kill_at, BUILD, new, "--out", out, "-q")
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        assert leftovers(out)
        query = subprocess.run(
            [sys.executable, "-m", "kg.cli", "query", "SELECT * WHERE { ?s ?p ?o } LIMIT 1", "--graph", str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert_one_line_error(query, f"{out}: a build was stopped while it replaced these exports; build again")
        again = build(new, "--out", out)
        assert again.returncode == 0, again.stderr
        assert "kg: warning: finished replacing the exports of a build that was stopped" in again.stderr
        assert "(up to date)" in again.stdout  # every file is the one the killed build's manifest lists
        assert not leftovers(out)
        assert SEED[2]["id"] in (out / "graph.ttl").read_text() and SEED[0]["id"] not in (out / "graph.ttl").read_text()
        assert build(old, "--out", out).returncode == 0  # back to the old exports for the next kill


def store_loader(process):
    """The build's child process that loads the store, if it runs now."""
    try:
        return next((c for c in process.children() if "run_loader" in " ".join(c.cmdline())), None)
    except psutil.NoSuchProcess:
        return None


def test_sigterm_during_the_exports_cleans_up_and_says_so(tmp_path):
    """SIGTERM while the store loader runs: the build stops in one line, with its staging folder and its
    child process gone, and the previous exports as they were."""
    papers = [{**paper, "id": f"{paper['id']}-{copy}"} for copy in range(10) for paper in SEED]
    corpus, out = jsonl(tmp_path / "in.jsonl", papers), tmp_path / "out"
    assert build(corpus, "--out", out).returncode == 0  # fills the parse cache: the next build only exports
    before = snapshot(out)
    command = [sys.executable, "build_graph.py", str(corpus), "--out", str(out), "--min-confidence", "0.5"]
    process = psutil.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    loader = None
    while loader is None and process.poll() is None:
        loader = store_loader(process)
    assert loader is not None, "the build ended before its store loader was seen"
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM
    assert stderr.strip().splitlines()[-1] == "kg: stopped by SIGTERM" and "Traceback" not in stderr
    assert ends_within(loader, 10)  # killed with its build (by the build, or by the kernel as the build ends)
    assert not leftovers(out)
    assert snapshot(out) == before


def test_an_export_failing_in_a_forked_writer_is_one_line_and_replaces_nothing(tmp_path):
    """114 papers: the exports are written side by side in processes forked from the build; the first past a
    file size limit stops the build in one line, and the exports of the build before stay as they were."""
    papers = [{**paper, "id": f"{paper['id']}-{copy}"} for copy in range(6) for paper in SEED]
    corpus, out = jsonl(tmp_path / "in.jsonl", papers), tmp_path / "out"
    assert build(corpus, "--out", out).returncode == 0  # fills the parse cache: the next build only exports
    before = snapshot(out)
    result = build(corpus, "--out", out, "--min-confidence", "0.5", "--workers", "2", limit_file_size=100_000)
    assert_one_line_error(result, "cannot write", "File too large", "no export was replaced")
    assert not leftovers(out)
    assert snapshot(out) == before
