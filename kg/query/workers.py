"""The worker processes `kg serve` runs its queries in, each over the build opened read-only: a query that runs
past the timeout is stopped by killing its worker, one that needs more than a worker's memory cap (RLIMIT_AS)
stops it; either way the worker is replaced. A build that replaces the served exports gets new workers at
the next query, while the old ones finish what they run (their files stay open, so they answer from the
build they opened).
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import resource
import signal
import sys
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path

import pyoxigraph as ox

from ..builder.staging import moves_pending
from ..errors import KGError, ServerError
from ..layout import GRAPH_FILE, MANIFEST_FILE, STORE_DIR
from .protocol import (
    GRAPH_ALIASES,
    GRAPH_TYPES,
    SOLUTION_ALIASES,
    SOLUTION_TYPES,
    Response,
    negotiate,
    not_acceptable,
    text_response,
)
from .run import one_line, open_store

WORKERS = 2
START_SECONDS = 120  # a worker opening a large graph.ttl (no store) takes this long at most
MB = 1_000_000
# An idle worker over the sample maps 500 to 900 MB (threads' stacks and malloc arenas); RLIMIT_AS counts them.
MIN_DEFAULT_MEMORY = 2_000 * MB
Stamp = tuple[tuple[int, int] | None, ...]


class CappedBuffer:
    """A write-only buffer that refuses to grow past `limit` bytes."""

    def __init__(self, limit: int) -> None:
        self.parts: list[bytes] = []
        self.size, self.limit, self.exceeded = 0, limit, False

    def write(self, data: bytes) -> int:
        self.size += len(data)
        if self.size > self.limit:
            self.exceeded = True
            raise OSError("result too large")
        self.parts.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass


def out_of_memory(max_memory: int) -> Response:
    return text_response(503, f"the query needed more than the {max_memory // MB} MB a worker may use and was stopped")


def answer(store: ox.Store, query: str, accept: str, max_bytes: int, max_memory: int) -> Response:
    """Evaluate and serialize one query (in a worker) in the format `accept` asks for; errors become 4xx/5xx
    responses. Oxigraph evaluates as the result is written, so a 406 costs no evaluation."""
    try:
        result = store.query(query)
    except SyntaxError as exc:
        return text_response(400, f"invalid SPARQL query: {exc}")
    except MemoryError:
        return out_of_memory(max_memory)
    except Exception as exc:  # anything else Oxigraph refuses: the worker must live on
        return text_response(500, f"the query failed: {exc}")
    graph = isinstance(result, ox.QueryTriples)
    types, aliases = (GRAPH_TYPES, GRAPH_ALIASES) if graph else (SOLUTION_TYPES, SOLUTION_ALIASES)
    kind = negotiate(accept, types, aliases)
    if kind is None:
        return not_acceptable(accept, types)
    buffer = CappedBuffer(max_bytes)
    try:
        # GRAPH_TYPES for triples, SOLUTION_TYPES for the others; the buffer is written as a binary file is
        result.serialize(buffer, types[aliases.get(kind, kind)])  # type: ignore[arg-type]
    except MemoryError:
        return out_of_memory(max_memory)
    except Exception as exc:  # evaluation errors surface while the result is written
        if buffer.exceeded:
            return text_response(413, f"the result is larger than {max_bytes} bytes: add a LIMIT")
        return text_response(500, f"the query failed: {exc}")
    return Response(200, f"{kind}; charset=utf-8", b"".join(buffer.parts))


def work(conn: Connection, graph_dir: str, max_bytes: int, max_memory: int) -> None:
    """A worker process: cap its memory, open the build, say so, then answer (query, accept) jobs until the
    pipe closes. Past the cap an allocation fails: Python raises MemoryError, Oxigraph aborts the process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group; the server stops us
    # What Oxigraph or RocksDB print as they abort (out of memory) is not for the server's log: it reports that.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stderr.fileno())
    resource.setrlimit(resource.RLIMIT_AS, (max_memory, max_memory))
    try:
        store = open_store(Path(graph_dir))
    except KGError as exc:
        conn.send(str(exc))
        return
    except Exception as exc:  # MemoryError under a small cap, say: the server says it on one line
        conn.send(f"{graph_dir}: a worker cannot open the build ({type(exc).__name__}: {one_line(exc)})")
        return
    conn.send("ready")
    while True:
        try:
            query, accept = conn.recv()
        except EOFError:
            return
        try:
            response = answer(store, query, accept, max_bytes, max_memory)
        except Exception as exc:  # a defect here must not cost the worker
            response = text_response(500, f"the query failed: {exc}")
        conn.send(response)


def build_stamp(graph_dir: Path) -> Stamp:
    """What a build that replaces the exports changes: the inode and modification time of its manifest, its
    store and graph.ttl (each moved in whole, never written in place)."""
    stamp: list[tuple[int, int] | None] = []
    for name in (MANIFEST_FILE, STORE_DIR, GRAPH_FILE):
        try:
            status = os.stat(graph_dir / name)
        except OSError:
            stamp.append(None)
        else:
            stamp.append((status.st_ino, status.st_mtime_ns))
    return tuple(stamp)


@dataclass
class Worker:
    process: BaseProcess
    conn: Connection
    stamp: Stamp  # of the build it opened


def default_max_memory() -> int:
    """A quarter of the machine's memory, in bytes (the two workers may use half of it together), but no less
    than MIN_DEFAULT_MEMORY: what a worker maps but has not touched counts too."""
    return max(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 4, MIN_DEFAULT_MEMORY)


class Workers:
    """Worker processes over one build folder; a query that runs past `timeout` seconds kills its worker, one
    that needs more than `max_memory` bytes stops it; either way it is replaced."""

    def __init__(self, graph_dir: Path, timeout: float, max_bytes: int, max_memory: int, count: int = WORKERS) -> None:
        self.graph_dir, self.timeout, self.max_bytes, self.max_memory = graph_dir, timeout, max_bytes, max_memory
        self.count = count
        self.context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.all: list[Worker] = []
        self.idle: queue.Queue[Worker] = queue.Queue()
        self.closed = False
        self.reloading = threading.Lock()
        self.stamp: Stamp = build_stamp(graph_dir)
        self.unservable: Stamp | None = None  # a build whose workers could not start
        try:
            for _ in range(count):
                self.idle.put(self.start(self.stamp))
        except ServerError:
            self.close()
            raise

    def start(self, stamp: Stamp) -> Worker:
        """A new worker over the build whose stamp is `stamp`, once it has opened it."""
        conn, child = self.context.Pipe()
        args = (child, str(self.graph_dir), self.max_bytes, self.max_memory)
        process = self.context.Process(target=work, args=args, daemon=True)
        process.start()
        child.close()
        worker = Worker(process, conn, stamp)
        self.all.append(worker)
        try:
            message = conn.recv() if conn.poll(START_SECONDS) else f"no worker started in {START_SECONDS}s"
        except EOFError:
            process.join()
            message = f"{self.graph_dir}: a worker stopped as it opened the build ({self.why(process.exitcode)})"
        if message != "ready":
            self.stop(worker)
            raise ServerError(message)
        return worker

    def reload(self) -> None:
        """Start new workers when a build has replaced the served one, and stop the idle old ones (the busy
        ones stop when their query ends). A build half moved in waits; one that cannot be opened is said
        once, and the old workers go on."""
        stamp = build_stamp(self.graph_dir)
        if stamp in (self.stamp, self.unservable) or moves_pending(self.graph_dir):
            return
        with self.reloading:
            if stamp == self.stamp:  # another request reloaded it meanwhile
                return
            try:
                fresh = [self.start(stamp) for _ in range(self.count)]
            except ServerError as exc:
                self.unservable = stamp
                print(f"kg serve: the new build is not served, the one before is: {exc}", file=sys.stderr, flush=True)
                return
            self.stamp = stamp
            while True:
                try:
                    self.stop(self.idle.get_nowait())
                except queue.Empty:
                    break
            for worker in fresh:
                self.idle.put(worker)
        print(f"kg serve: serving the new build in {self.graph_dir}", file=sys.stderr, flush=True)

    def why(self, exitcode: int | None) -> str:
        """What a worker's exit status says: Oxigraph aborts (SIGABRT) when an allocation fails."""
        if exitcode == -signal.SIGABRT:
            return f"out of the {self.max_memory // MB} MB it may use: see --max-memory"
        if exitcode is not None and exitcode < 0:
            return f"killed by {signal.Signals(-exitcode).name}"
        return f"exit status {exitcode}"

    def release(self, worker: Worker) -> None:
        """A worker done with its query: idle again, or stopped if a newer build is served."""
        if worker.stamp == self.stamp:
            self.idle.put(worker)
        else:
            self.stop(worker)

    def run(self, query: str, accept: str) -> Response:
        self.reload()
        try:
            worker = self.idle.get(timeout=self.timeout)
        except queue.Empty:
            return text_response(503, f"every worker is busy; try again in {self.timeout:g}s")
        if not worker.process.is_alive():  # stopped while idle (the kernel's OOM killer, say): replace it first
            self.stop(worker)
            try:
                worker = self.start(self.stamp)
            except ServerError as exc:
                return text_response(503, str(exc))
        timed_out = False
        try:
            worker.conn.send((query, accept))
            if worker.conn.poll(self.timeout):
                response = worker.conn.recv()
                self.release(worker)
                return response
            timed_out = True
        except (EOFError, OSError):  # the worker stopped while it ran the query
            pass
        self.stop(worker)
        if self.closed:
            return text_response(503, "the server is stopping")
        if worker.stamp == self.stamp:
            try:
                self.idle.put(self.start(self.stamp))
            except ServerError as exc:
                return text_response(503, str(exc))
        if timed_out:
            return text_response(503, f"the query ran past the {self.timeout:g} s timeout and was stopped")
        if worker.process.exitcode == -signal.SIGABRT:
            return out_of_memory(self.max_memory)
        return text_response(500, f"the worker running the query stopped ({self.why(worker.process.exitcode)})")

    def stop(self, worker: Worker) -> None:
        worker.process.kill()
        worker.process.join()
        worker.conn.close()
        if worker in self.all:
            self.all.remove(worker)

    def close(self) -> None:
        self.closed = True
        for worker in list(self.all):
            self.stop(worker)
