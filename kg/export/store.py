"""The build's Oxigraph store (`store/`, RocksDB), loaded from graph.ttl: opening it takes milliseconds
where parsing graph.ttl takes seconds on a large build (docs/results.md). `kg query`, `kg serve` and
`kg.load` open it read-only (kg.query)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Sequence

import networkx as nx
import pyoxigraph as ox

from ..layout import GRAPH_FILE
from ..records import Mention
from .options import ExportOptions


def load_store(ttl: Path, folder: Path) -> None:
    """Load `ttl` into a new store in `folder`, and close it (the build then moves the folder)."""
    store = ox.Store(str(folder))
    store.bulk_load(path=str(ttl), format=ox.RdfFormat.TURTLE)
    store.flush()
    del store  # the last reference: RocksDB closes here


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def run_loader(parent: str, ttl: str, folder: str) -> None:
    """The loader child's entry point: end with the build, however it ends, then load."""
    end_with_parent(int(parent))
    load_store(Path(ttl), Path(folder))


def end_with_parent(parent: int) -> None:
    """Have the kernel kill this process when its parent ends (Linux; strictly, when the parent's thread that
    started it ends, and that thread waits for it), so that a build stopped while it was starting the loader,
    before it could record it, or killed outright, leaves no loader running; and end now if the parent has
    ended already."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


class StoreLoad:
    """`load_store` in a child process, so that the build's own process never holds the loader's memory (about
    45 s and 1.9 GB at 31.7k abstracts), and, writing one export after another, writes the others meanwhile."""

    def __init__(self, ttl: Path, folder: Path) -> None:
        package_parent = str(Path(__file__).resolve().parents[2])  # kg importable however this process found it
        code = f"import sys; sys.path.append({package_parent!r}); from kg.export.store import run_loader; run_loader(*sys.argv[1:])"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(os.getpid()), str(ttl), str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )

    def wait(self) -> None:
        """Return once the store is written; raise OSError with the child's last line if it was not."""
        _, errors = self.process.communicate()
        if self.process.returncode:
            lines = errors.strip().splitlines() or [f"the store loader exited with {self.process.returncode}"]
            raise OSError(lines[-1])

    def stop(self) -> None:
        """End the child if it still runs (another export failed: its folder is about to go)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def write_store(
    graph: nx.MultiDiGraph, folder: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> StoreLoad:
    """Start loading the graph.ttl written beside `folder` into a store there; the build waits for it last."""
    return StoreLoad(folder.parent / GRAPH_FILE, folder)
