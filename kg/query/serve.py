"""`kg serve`: a read-only SPARQL 1.1 Protocol endpoint over a build, on the standard library.

Oxigraph's own server would run SERVICE calls to any host, and has neither a query timeout nor a
cap on a result's size; this one runs each query in a worker process over the build's store opened
read-only (or graph.ttl in memory; `kg.query.workers`), so:

- the data cannot change: no code here calls an update, the store is opened read-only, and updates
  (`update=`, `application/sparql-update`, anything sent to /update) are refused with 403;
- a query that runs past the timeout is stopped by killing its worker (503), which is then replaced;
- a worker's memory is capped (RLIMIT_AS): a query that needs more stops it (503), and it is replaced;
- a result larger than the cap is refused (413) rather than cut short, and so is a request (413);
- a query with a SERVICE clause is refused (403): Oxigraph would send it to the host it names;
- a query nested deep enough to overflow Oxigraph's recursive parser is refused before it is parsed (400);
- it listens on 127.0.0.1 unless told otherwise, and answers only requests whose Host is a loopback name,
  an IP address or the name it listens on (403): a page whose name is rebound to 127.0.0.1 gets nothing.

Around that, what a SPARQL client or a web page expects of an endpoint: HTTP/1.1 with keep-alive; CORS
headers (any origin by default when it listens on loopback) and answers to OPTIONS and HEAD; a service
description at GET /sparql without a query; 406 for a result format it cannot write; a query page at `/`;
a rebuild into the served folder served from the next query on.
"""

from __future__ import annotations

import ipaddress
import re
import signal
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyoxigraph as ox

from ..errors import ServerError
from .checks import SERVICE_REFUSED, calls_service, too_deep
from .page import query_page
from .protocol import (
    FORMATS,
    GRAPH_ALIASES,
    GRAPH_TYPES,
    SD,
    Response,
    negotiate,
    not_acceptable,
    service_description,
    text_response,
)
from .run import BOM
from .workers import MB, WORKERS, Workers

PAGE_PATH = "/"
QUERY_PATH = "/sparql"
UPDATE_PATH = "/update"
MAX_REQUEST_BYTES = 1_000_000
SOCKET_SECONDS = 60  # a client that sends or reads nothing for this long is dropped
LOOPBACK_NAMES = ("localhost",)  # and every name under .localhost (RFC 6761)
CONTENT_LENGTH = re.compile(r"[0-9]+")
READ_ONLY = "this endpoint is read-only: SPARQL updates are refused"
ONE_GRAPH = "this endpoint serves one graph, the default graph: leave out default-graph-uri and named-graph-uri"
ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS"
PREFLIGHT_SECONDS = 86_400  # how long a browser may keep a CORS preflight's answer


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


class Handler(BaseHTTPRequestHandler):
    """SPARQL 1.1 Protocol queries by GET or POST at /sparql, the query page at /; updates refused."""

    server_version = "paperkg"
    protocol_version = "HTTP/1.1"  # keep-alive: every response says its length
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

    def do_HEAD(self) -> None:
        """A GET's status and headers, without its body (`send` leaves it out)."""
        self.do_GET()

    def do_OPTIONS(self) -> None:
        """What a browser asks before a cross-origin POST (a CORS preflight), and what any client may ask."""
        if refusal := self.refused_host():
            return self.send(refusal)
        self.send(Response(204, "", b""))

    def do_POST(self) -> None:
        if refusal := self.refused_host():
            return self.send(refusal, close=True)
        url = urlsplit(self.path)
        if "Transfer-Encoding" in self.headers:  # a chunked body, unread, would be taken for the next request
            return self.send(text_response(411, "send the request's Content-Length"), close=True)
        length = self.headers.get("Content-Length", "0").strip()
        if not CONTENT_LENGTH.fullmatch(length):  # not int(): it takes "-1", which reads to the end of the stream
            return self.send(text_response(400, f"Content-Length {length!r} is not a number of bytes"), close=True)
        if int(length) > MAX_REQUEST_BYTES:
            return self.send(text_response(413, f"a request may hold at most {MAX_REQUEST_BYTES} bytes"), close=True)
        body = self.rfile.read(int(length)).decode("utf-8", errors="replace")
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if url.path == QUERY_PATH and content_type == "application/sparql-query":
            return self.handle_query(body, parse_qs(url.query))
        if url.path == QUERY_PATH and content_type == "application/sparql-update":
            return self.send(text_response(403, READ_ONLY))
        if url.path == QUERY_PATH and content_type != "application/x-www-form-urlencoded":
            return self.send(text_response(415, "send a query as application/sparql-query or a form"))
        self.handle_params(url.path, parse_qs(body), form=True)

    def handle_params(self, path: str, params: dict[str, list[str]], form: bool = False) -> None:
        if path == UPDATE_PATH or (path == QUERY_PATH and "update" in params):
            return self.send(text_response(403, READ_ONLY))
        if path == PAGE_PATH and not form:
            return self.send(Response(200, "text/html; charset=utf-8", query_page(QUERY_PATH)))
        if path != QUERY_PATH:
            return self.send(text_response(404, f"the SPARQL endpoint is {QUERY_PATH}, its query page {PAGE_PATH}"))
        if not params and not form:
            return self.describe()
        if len(params.get("query", [])) != 1:
            return self.send(text_response(400, "give one query: ?query=..."))
        self.handle_query(params["query"][0], params)

    def describe(self) -> None:
        """The service description (SPARQL 1.1 Service Description), in the RDF format the client accepts."""
        accept = self.headers.get("Accept") or ""
        kind = negotiate(accept, GRAPH_TYPES, GRAPH_ALIASES)
        if kind is None:
            return self.send(not_acceptable(accept, GRAPH_TYPES))
        endpoint = f"http://{self.headers.get('Host') or self.server.host}{QUERY_PATH}"
        body = ox.serialize(  # bytes, with no output given
            service_description(endpoint),
            format=GRAPH_TYPES[GRAPH_ALIASES.get(kind, kind)],
            prefixes={"sd": SD, "format": FORMATS},
        )
        self.send(Response(200, f"{kind}; charset=utf-8", body or b""))

    def handle_query(self, query: str, params: dict[str, list[str]]) -> None:
        if "default-graph-uri" in params or "named-graph-uri" in params:
            return self.send(text_response(400, ONE_GRAPH))
        query = query.removeprefix(BOM)
        if calls_service(query):
            return self.send(text_response(403, SERVICE_REFUSED))
        if reason := too_deep(query):
            return self.send(text_response(400, reason))
        self.send(self.server.workers.run(query, self.headers.get("Accept") or ""))

    def send(self, response: Response, close: bool = False) -> None:
        """Send `response`; `close` ends the connection after it (a body left unread cannot be skipped)."""
        self.send_response(response.status)
        if response.content_type:
            self.send_header("Content-Type", response.content_type)
        if response.status != 204:  # RFC 9110, section 8.6: a 204 has no Content-Length
            self.send_header("Content-Length", str(len(response.body)))
        if self.server.cors_origin:
            self.send_header("Access-Control-Allow-Origin", self.server.cors_origin)
            if self.command == "OPTIONS":
                self.send_header("Access-Control-Allow-Methods", ALLOWED_METHODS)
                self.send_header("Access-Control-Allow-Headers", "Accept, Content-Type")
                self.send_header("Access-Control-Max-Age", str(PREFLIGHT_SECONDS))
            if self.server.cors_origin != "*":
                self.send_header("Vary", "Origin")
        if self.command == "OPTIONS":
            self.send_header("Allow", ALLOWED_METHODS)
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(response.body)


class Endpoint(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], workers: Workers, cors_origin: str) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, Handler)
        self.workers, self.cors_origin = workers, cors_origin
        self.host = address[0]

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """A request that failed past answering (a client gone, silent too long): one line, not a traceback."""
        exc = sys.exc_info()[1]
        print(f"kg serve: {client_address[0]}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)


def query_url(host: str, port: int) -> str:
    return f"http://{f'[{host}]' if ':' in host else host}:{port}{QUERY_PATH}"


def loopback(host: str) -> bool:
    """Whether `host` is a loopback address or localhost: only this machine's programs reach it."""
    try:
        return host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(
    graph_dir: Path,
    host: str,
    port: int,
    timeout: float,
    max_bytes: int,
    max_memory: int,
    cors_origin: str | None = None,
) -> None:
    """Serve `graph_dir` until Ctrl-C (SIGINT) or SIGTERM, each worker in `max_memory` bytes, to web pages of
    `cors_origin` too (none if empty; by default any origin on a loopback address, none on another); the first
    line on stdout is the query URL (after the line on stderr that says what is served)."""
    if cors_origin is None:
        cors_origin = "*" if loopback(host) else ""
    workers = Workers(Path(graph_dir), timeout, max_bytes, max_memory)
    try:
        server = Endpoint((host, port), workers, cors_origin)
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
