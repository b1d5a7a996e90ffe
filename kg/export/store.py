"""The build's Oxigraph store (`store/`, RocksDB), loaded from graph.ttl: opening it takes milliseconds
where parsing graph.ttl takes seconds on a large build (docs/results.md). `kg query`, `kg serve` and
`kg.load` open it read-only (kg.query)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Iterator, Sequence

import networkx as nx
import pyoxigraph as ox

from ..layout import GRAPH_FILE
from ..records import Mention
from .options import ExportOptions

# graph.ttl is loaded this much at a time: Oxigraph's bulk loader holds what it is given, up to a million triples,
# while it sorts them (at 31.7k abstracts, a loader of the whole file took 1.8 GB, one of 16 MB pieces 0.4 GB)
PIECE_BYTES = 16 << 20
STATEMENT_END = b" .\n"


def load_store(ttl: Path, folder: Path, piece_bytes: int = PIECE_BYTES) -> None:
    """Load `ttl` into a new store in `folder`, `piece_bytes` at a time, and close it (the build then moves the
    folder)."""
    store = ox.Store(str(folder))
    for piece in turtle_pieces(ttl, piece_bytes):
        store.bulk_load(piece, format=ox.RdfFormat.TURTLE)
    store.flush()
    del store  # the last reference: RocksDB closes here


def turtle_pieces(ttl: Path, size: int) -> Iterator[bytes]:
    """The Turtle file `ttl` as documents of whole statements, each about `size` bytes and led by the file's
    prefixes. Oxigraph's serializer, which wrote it, starts with the prefixes, ends each statement with " ." and
    a line break, and escapes line breaks in literals, so that a line that ends with " ." ends a statement."""
    with ttl.open("rb") as file:
        prefixes = b""
        while (line := file.readline()).startswith(b"@prefix"):
            prefixes += line
        rest = line
        while block := file.read(size):
            rest += block
            end = rest.rfind(STATEMENT_END) + len(STATEMENT_END)
            if end >= len(STATEMENT_END):
                yield prefixes + rest[:end]
                rest = rest[end:]
        if rest.strip():
            yield prefixes + rest


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
    50 s and 0.4 GB at 31.7k abstracts), and, writing one export after another, writes the others meanwhile."""

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
