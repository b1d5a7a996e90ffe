"""`kg serve`: a read-only SPARQL 1.1 Protocol endpoint over a build, on the standard library.

Oxigraph's own server would run SERVICE calls to any host, and has neither a query timeout nor a
cap on a result's size; this one runs each query in a worker process over the build's store opened
read-only (or graph.ttl in memory), so:

- the data cannot change: no code here calls an update, the store is opened read-only, and updates
  (`update=`, `application/sparql-update`, anything sent to /update) are refused with 403;
- a query that runs past the timeout is stopped by killing its worker (503), which is then replaced;
- a result larger than the cap is refused (413) rather than cut short;
- a query that holds the word SERVICE is refused (403): Oxigraph would send it to the host it names;
- it listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import multiprocessing
import queue
import re
import signal
import socket
import sys
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyoxigraph as ox

from ..errors import KGError, ServerError
from .run import open_store

QUERY_PATH = "/sparql"
UPDATE_PATH = "/update"
WORKERS = 2
START_SECONDS = 120  # a worker opening a large graph.ttl (no store) takes this long at most
MAX_REQUEST_BYTES = 1_000_000
READ_ONLY = "this endpoint is read-only: SPARQL updates are refused"
# Media types by result kind, the first the default (SPARQL 1.1 Protocol, section 2.1.5).
SOLUTION_TYPES = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/ld+json": ox.RdfFormat.JSON_LD,
}
CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
VARIABLE = re.compile(r"[?$]\w+")


@dataclass(frozen=True)
class Response:
    status: int
    content_type: str
    body: bytes


def text_response(status: int, message: str) -> Response:
    return Response(status, "text/plain; charset=utf-8", (message + "\n").encode())


def calls_service(query: str) -> bool:
    """Whether `query` may hold a SERVICE clause: the word anywhere outside a variable name, once
    \\u escapes are decoded as a SPARQL parser decodes them. Cautious: a string holding the word is refused too."""
    previous = None
    while previous != query:
        previous, query = query, CODEPOINT.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), query)
    return re.search("service", VARIABLE.sub(" ", query), re.IGNORECASE) is not None


def negotiate(accept: str, offered: dict) -> str:
    """The offered media type the Accept header likes best (the first offered if it names none)."""
    ranked = []
    for i, part in enumerate(accept.split(",")):
        kind, *params = (p.strip() for p in part.split(";"))
        q = next((float(p[2:]) for p in params if p.startswith("q=") and p[2:].replace(".", "", 1).isdigit()), 1.0)
        ranked.append((-q, i, kind.lower()))
    for _, _, kind in sorted(ranked):
        if kind in offered:
            return kind
        if kind in ("*/*", "application/*", "text/*"):
            return next(t for t in offered if kind == "*/*" or t.startswith(kind[:-1]))
    return next(iter(offered))


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


def answer(store: ox.Store, query: str, accept: str, max_bytes: int) -> Response:
    """Evaluate and serialize one query (in a worker); errors become 4xx/5xx responses."""
    try:
        result = store.query(query)
    except SyntaxError as exc:
        return text_response(400, f"invalid SPARQL query: {exc}")
    except Exception as exc:  # anything else Oxigraph refuses: the worker must live on
        return text_response(500, f"the query failed: {exc}")
    buffer = CappedBuffer(max_bytes)
    types = GRAPH_TYPES if isinstance(result, ox.QueryTriples) else SOLUTION_TYPES
    kind = negotiate(accept, types)
    try:
        # GRAPH_TYPES for triples, SOLUTION_TYPES for the others; the buffer is written as a binary file is
        result.serialize(buffer, types[kind])  # type: ignore[arg-type]
    except Exception as exc:  # evaluation errors surface while the result is written
        if buffer.exceeded:
            return text_response(413, f"the result is larger than {max_bytes} bytes: add a LIMIT")
        return text_response(500, f"the query failed: {exc}")
    return Response(200, f"{kind}; charset=utf-8", b"".join(buffer.parts))


def work(conn: Connection, graph_dir: str, max_bytes: int) -> None:
    """A worker process: open the build, say so, then answer (query, accept) jobs until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group; the server stops us
    try:
        store = open_store(Path(graph_dir))
    except KGError as exc:
        conn.send(str(exc))
        return
    conn.send("ready")
    while True:
        try:
            query, accept = conn.recv()
        except EOFError:
            return
        conn.send(answer(store, query, accept, max_bytes))


@dataclass
class Worker:
    process: BaseProcess
    conn: Connection


class Workers:
    """Worker processes over one build; a query that runs past `timeout` seconds kills its worker."""

    def __init__(self, graph_dir: Path, timeout: float, max_bytes: int, count: int = WORKERS) -> None:
        self.graph_dir, self.timeout, self.max_bytes = graph_dir, timeout, max_bytes
        self.context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.all: list[Worker] = []
        self.idle: queue.Queue[Worker] = queue.Queue()
        self.closed = False
        for _ in range(count):
            self.idle.put(self.start())

    def start(self) -> Worker:
        conn, child = self.context.Pipe()
        process = self.context.Process(target=work, args=(child, str(self.graph_dir), self.max_bytes), daemon=True)
        process.start()
        child.close()
        worker = Worker(process, conn)
        self.all.append(worker)
        message = conn.recv() if conn.poll(START_SECONDS) else f"no worker started in {START_SECONDS}s"
        if message != "ready":
            self.close()
            raise ServerError(message)
        return worker

    def run(self, query: str, accept: str) -> Response:
        try:
            worker = self.idle.get(timeout=self.timeout)
        except queue.Empty:
            return text_response(503, f"every worker is busy; try again in {self.timeout:g}s")
        try:
            worker.conn.send((query, accept))
            if worker.conn.poll(self.timeout):
                response = worker.conn.recv()
                self.idle.put(worker)
                return response
        except (EOFError, OSError):
            pass
        self.stop(worker)
        if self.closed:
            return text_response(503, "the server is stopping")
        self.idle.put(self.start())
        return text_response(503, f"the query ran past the {self.timeout:g} s timeout and was stopped")

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


class Handler(BaseHTTPRequestHandler):
    """SPARQL 1.1 Protocol queries by GET or POST at /sparql; updates refused."""

    server_version = "paperkg"
    server: "Endpoint"

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        self.handle_params(url.path, parse_qs(url.query))

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_REQUEST_BYTES:
            return self.send(text_response(413, f"a request may hold at most {MAX_REQUEST_BYTES} bytes"))
        body = self.rfile.read(length).decode("utf-8", errors="replace")
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if url.path == QUERY_PATH and content_type == "application/sparql-query":
            return self.run(body)
        if url.path == QUERY_PATH and content_type == "application/sparql-update":
            return self.send(text_response(403, READ_ONLY))
        if url.path == QUERY_PATH and content_type != "application/x-www-form-urlencoded":
            return self.send(text_response(415, "send a query as application/sparql-query or a form"))
        self.handle_params(url.path, parse_qs(body))

    def handle_params(self, path: str, params: dict[str, list[str]]) -> None:
        if path == UPDATE_PATH or (path == QUERY_PATH and "update" in params):
            return self.send(text_response(403, READ_ONLY))
        if path != QUERY_PATH:
            return self.send(text_response(404, f"the SPARQL endpoint is {QUERY_PATH}"))
        if len(params.get("query", [])) != 1:
            return self.send(text_response(400, "give one query: ?query=..."))
        self.run(params["query"][0])

    def run(self, query: str) -> None:
        if calls_service(query):
            return self.send(
                text_response(403, "SERVICE is not allowed here (the word may not occur outside a variable name)")
            )
        self.send(self.server.workers.run(query, self.headers.get("Accept") or ""))

    def send(self, response: Response) -> None:
        self.send_response(response.status)
        self.send_header("Content-Type", response.content_type)
        self.send_header("Content-Length", str(len(response.body)))
        self.end_headers()
        self.wfile.write(response.body)


class Endpoint(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], workers: Workers) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, Handler)
        self.workers = workers


def query_url(host: str, port: int) -> str:
    return f"http://{f'[{host}]' if ':' in host else host}:{port}{QUERY_PATH}"


def serve(graph_dir: Path, host: str, port: int, timeout: float, max_bytes: int) -> None:
    """Serve `graph_dir` until Ctrl-C (SIGINT) or SIGTERM; the first line printed is the query URL."""
    workers = Workers(Path(graph_dir), timeout, max_bytes)
    try:
        server = Endpoint((host, port), workers)
    except OSError as exc:
        workers.close()
        raise ServerError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    # SIGINT too: a shell starting us in the background (`kg serve … &`) hands us SIGINT ignored.
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.default_int_handler)
    print(query_url(host, server.server_address[1]), flush=True)
    print(f"read-only SPARQL endpoint over {graph_dir}; Ctrl-C stops it", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        workers.close()
