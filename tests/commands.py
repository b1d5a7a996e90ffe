"""The command users type, run as they run it (`python build_graph.py ...`), and what a test checks of how it
ends: one line of error, the files it left."""

from __future__ import annotations

import ctypes
import hashlib
import os
import resource
import subprocess
import sys

from tests.helpers import ROOT, unavailable


def build(*args, env=None, limit_file_size=None, preexec_fn=None):
    """`python build_graph.py ARGS`; `limit_file_size` makes every write past that many bytes fail (EFBIG);
    `preexec_fn` runs in the child before Python starts."""

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    return subprocess.run(
        [sys.executable, "build_graph.py", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
        preexec_fn=limit if limit_file_size else preexec_fn,
    )


def assert_one_line_error(result, *parts):
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("kg: error: ")
    for part in parts:
        assert str(part) in line


def snapshot(folder):
    """Every file under `folder` (hidden ones included) -> its SHA-1."""
    return {
        str(p.relative_to(folder)): hashlib.sha1(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def snapshot_of(files):
    """What `snapshot` gives for a folder holding exactly `files` (relative path -> text)."""
    return {name: hashlib.sha1(text.encode()).hexdigest() for name, text in sorted(files.items())}


PR_CAPBSET_DROP = 24  # linux/prctl.h
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 1, 2  # linux/capability.h: what lets root read any file


def build_bound_by_permissions(*args):
    """`build`, in a child that file permissions bind even when the tests run as root: root's child
    drops the capabilities that override them before it runs Python."""

    def drop_overrides():
        libc = ctypes.CDLL(None, use_errno=True)
        for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
            if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

    try:
        return build(*args, preexec_fn=drop_overrides if os.geteuid() == 0 else None)
    except subprocess.SubprocessError as exc:
        unavailable(f"cannot run a build bound by file permissions as root ({exc})")
