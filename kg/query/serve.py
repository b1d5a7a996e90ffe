"""`kg serve`: a read-only SPARQL 1.1 Protocol endpoint over a build, on the standard library.

Oxigraph's own server would run SERVICE calls to any host, and has neither a query timeout nor a
cap on a result's size; this one runs each query in a worker process over the build's store opened
read-only (or graph.ttl in memory), so:

- the data cannot change: no code here calls an update, the store is opened read-only, and updates
  (`update=`, `application/sparql-update`, anything sent to /update) are refused with 403;
- a query that runs past the timeout is stopped by killing its worker (503), which is then replaced;
- a worker's memory is capped (RLIMIT_AS): a query that needs more stops it (503), and it is replaced;
- a result larger than the cap is refused (413) rather than cut short, and so is a request (413);
- a query that holds the word SERVICE is refused (403): Oxigraph would send it to the host it names;
- a query nested deep enough to overflow Oxigraph's recursive parser is refused before it is parsed (400);
- it listens on 127.0.0.1 unless told otherwise, and answers only requests whose Host is a loopback name,
  an IP address or the name it listens on (403): a page whose name is rebound to 127.0.0.1 gets nothing.
"""

from __future__ import annotations

import ipaddress
import multiprocessing
import os
import queue
import re
import resource
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
from .run import BOM, SERVICE_REFUSED, calls_service, one_line, open_store, too_deep

QUERY_PATH = "/sparql"
UPDATE_PATH = "/update"
WORKERS = 2
START_SECONDS = 120  # a worker opening a large graph.ttl (no store) takes this long at most
MAX_REQUEST_BYTES = 1_000_000
MB = 1_000_000
# An idle worker over the sample maps 500 to 900 MB (threads' stacks and malloc arenas); RLIMIT_AS counts them.
MIN_DEFAULT_MEMORY = 2_000 * MB
SOCKET_SECONDS = 60  # a client that sends or reads nothing for this long is dropped
LOOPBACK_NAMES = ("localhost",)  # and every name under .localhost (RFC 6761)
CONTENT_LENGTH = re.compile(r"[0-9]+")
Q_VALUE = re.compile(r"0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?")  # RFC 9110, section 12.4.2
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


@dataclass(frozen=True)
class Response:
    status: int
    content_type: str
    body: bytes


def text_response(status: int, message: str) -> Response:
    return Response(status, "text/plain; charset=utf-8", (message + "\n").encode())


def quality(params: list[str]) -> float:
    """A media range's q parameter; 1 if it has none or one that is not a q-value."""
    value = next((p[2:] for p in params if p.lower().startswith("q=")), "1")
    return float(value) if Q_VALUE.fullmatch(value) else 1.0


def negotiate(accept: str, offered: dict) -> str:
    """The offered media type the Accept header likes best (the first offered if it names none)."""
    ranked = []
    for i, part in enumerate(accept.split(",")):
        kind, *params = (p.strip() for p in part.split(";"))
        ranked.append((-quality(params), i, kind.lower()))
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


def allowed_host(host: str, listening_on: str) -> bool:
    """Whether a request's Host (a name, maybe with a port) is one that DNS rebinding cannot make a browser
    send here: a loopback name, an IP address, or the name the server listens on."""
    name, port = host.strip().lower(), ""
    if name.startswith("[") and "]" in name:  # [::1]:7878
        name, _, port = name[1:].partition("]")
    elif name.count(":") == 1:
        name, port = name.split(":")
        port = ":" + port
    if port and not (port.startswith(":") and port[1:].isascii() and port[1:].isdigit()):
        return False  # "localhost:80@evil.example.com" is no name and port
    name = name.rstrip(".")
    if name in LOOPBACK_NAMES or name.endswith(".localhost") or name == listening_on.strip("[]").lower():
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def out_of_memory(max_memory: int) -> Response:
    return text_response(503, f"the query needed more than the {max_memory // MB} MB a worker may use and was stopped")


def answer(store: ox.Store, query: str, accept: str, max_bytes: int, max_memory: int) -> Response:
    """Evaluate and serialize one query (in a worker); errors become 4xx/5xx responses."""
    try:
        result = store.query(query)
    except SyntaxError as exc:
        return text_response(400, f"invalid SPARQL query: {exc}")
    except MemoryError:
        return out_of_memory(max_memory)
    except Exception as exc:  # anything else Oxigraph refuses: the worker must live on
        return text_response(500, f"the query failed: {exc}")
    buffer = CappedBuffer(max_bytes)
    types = GRAPH_TYPES if isinstance(result, ox.QueryTriples) else SOLUTION_TYPES
    kind = negotiate(accept, types)
    try:
        # GRAPH_TYPES for triples, SOLUTION_TYPES for the others; the buffer is written as a binary file is
        result.serialize(buffer, types[kind])  # type: ignore[arg-type]
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


@dataclass
class Worker:
    process: BaseProcess
    conn: Connection


def default_max_memory() -> int:
    """A quarter of the machine's memory, in bytes (the two workers may use half of it together), but no less
    than MIN_DEFAULT_MEMORY: what a worker maps but has not touched counts too."""
    return max(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 4, MIN_DEFAULT_MEMORY)


class Workers:
    """Worker processes over one build; a query that runs past `timeout` seconds kills its worker, one that
    needs more than `max_memory` bytes stops it; either way it is replaced."""

    def __init__(self, graph_dir: Path, timeout: float, max_bytes: int, max_memory: int, count: int = WORKERS) -> None:
        self.graph_dir, self.timeout, self.max_bytes, self.max_memory = graph_dir, timeout, max_bytes, max_memory
        self.context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.all: list[Worker] = []
        self.idle: queue.Queue[Worker] = queue.Queue()
        self.closed = False
        for _ in range(count):
            self.idle.put(self.start())

    def start(self) -> Worker:
        conn, child = self.context.Pipe()
        args = (child, str(self.graph_dir), self.max_bytes, self.max_memory)
        process = self.context.Process(target=work, args=args, daemon=True)
        process.start()
        child.close()
        worker = Worker(process, conn)
        self.all.append(worker)
        try:
            message = conn.recv() if conn.poll(START_SECONDS) else f"no worker started in {START_SECONDS}s"
        except EOFError:
            process.join()
            message = f"{self.graph_dir}: a worker stopped as it opened the build ({self.why(process.exitcode)})"
        if message != "ready":
            self.close()
            raise ServerError(message)
        return worker

    def why(self, exitcode: int | None) -> str:
        """What a worker's exit status says: Oxigraph aborts (SIGABRT) when an allocation fails."""
        if exitcode == -signal.SIGABRT:
            return f"out of the {self.max_memory // MB} MB it may use: see --max-memory"
        if exitcode is not None and exitcode < 0:
            return f"killed by {signal.Signals(-exitcode).name}"
        return f"exit status {exitcode}"

    def run(self, query: str, accept: str) -> Response:
        try:
            worker = self.idle.get(timeout=self.timeout)
        except queue.Empty:
            return text_response(503, f"every worker is busy; try again in {self.timeout:g}s")
        if not worker.process.is_alive():  # stopped while idle (the kernel's OOM killer, say): replace it first
            self.stop(worker)
            worker = self.start()
        timed_out = False
        try:
            worker.conn.send((query, accept))
            if worker.conn.poll(self.timeout):
                response = worker.conn.recv()
                self.idle.put(worker)
                return response
            timed_out = True
        except (EOFError, OSError):  # the worker stopped while it ran the query
            pass
        self.stop(worker)
        if self.closed:
            return text_response(503, "the server is stopping")
        self.idle.put(self.start())
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


class Handler(BaseHTTPRequestHandler):
    """SPARQL 1.1 Protocol queries by GET or POST at /sparql; updates refused."""

    server_version = "paperkg"
    server: "Endpoint"
    timeout = SOCKET_SECONDS

    def refused_host(self) -> Response | None:
        """403 unless the request names this server by a name DNS rebinding cannot give it (`allowed_host`);
        a request without a Host header comes from no browser."""
        hosts = self.headers.get_all("Host") or []
        if len(hosts) > 1:
            return text_response(400, "a request may have one Host header")
        if not hosts or allowed_host(hosts[0], self.server.host):
            return None
        return text_response(
            403, f"Host {hosts[0]!r} is not this server: use localhost, an IP address or {self.server.host}"
        )

    def do_GET(self) -> None:
        if refusal := self.refused_host():
            return self.send(refusal)
        url = urlsplit(self.path)
        self.handle_params(url.path, parse_qs(url.query))

    def do_POST(self) -> None:
        if refusal := self.refused_host():
            return self.send(refusal)
        url = urlsplit(self.path)
        length = self.headers.get("Content-Length", "0").strip()
        if not CONTENT_LENGTH.fullmatch(length):  # not int(): it takes "-1", which reads to the end of the stream
            return self.send(text_response(400, f"Content-Length {length!r} is not a number of bytes"))
        if int(length) > MAX_REQUEST_BYTES:
            return self.send(text_response(413, f"a request may hold at most {MAX_REQUEST_BYTES} bytes"))
        body = self.rfile.read(int(length)).decode("utf-8", errors="replace")
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
        query = query.removeprefix(BOM)
        if calls_service(query):
            return self.send(text_response(403, SERVICE_REFUSED))
        if reason := too_deep(query):
            return self.send(text_response(400, reason))
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
        self.host = address[0]

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """A request that failed past answering (a client gone, silent too long): one line, not a traceback."""
        exc = sys.exc_info()[1]
        print(f"kg serve: {client_address[0]}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)


def query_url(host: str, port: int) -> str:
    return f"http://{f'[{host}]' if ':' in host else host}:{port}{QUERY_PATH}"


def serve(graph_dir: Path, host: str, port: int, timeout: float, max_bytes: int, max_memory: int) -> None:
    """Serve `graph_dir` until Ctrl-C (SIGINT) or SIGTERM, each worker in `max_memory` bytes; the first line
    on stdout is the query URL (after the line on stderr that says what is served)."""
    workers = Workers(Path(graph_dir), timeout, max_bytes, max_memory)
    try:
        server = Endpoint((host, port), workers)
    except OSError as exc:
        workers.close()
        raise ServerError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    try:  # a Ctrl-C is a KeyboardInterrupt from here on, and always stops the server below
        # SIGINT too: a shell starting us in the background (`kg serve … &`) hands us SIGINT ignored.
        for stop in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop, signal.default_int_handler)
        print(
            f"read-only SPARQL endpoint over {graph_dir}, {WORKERS} workers of at most {max_memory // MB} MB each;"
            " Ctrl-C stops it",
            file=sys.stderr,
            flush=True,
        )
        print(query_url(host, server.server_address[1]), flush=True)
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        workers.close()
