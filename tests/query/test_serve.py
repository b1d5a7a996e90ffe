"""`kg serve` as users run it: a subprocess on a free loopback port, spoken to over HTTP."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from kg.query.serve import GRAPH_TYPES, MB, SOLUTION_TYPES, WORKERS, allowed_host, calls_service, negotiate
from tests.helpers import endpoint_that_counts_calls

PAPERS = "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT ?p WHERE { ?p a kg:Paper }"
ASK = "ASK { ?s ?p ?o }"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
INSERT = "INSERT DATA { <https://example.org/x> <https://example.org/p> <https://example.org/y> }"
INSERTED = "ASK { <https://example.org/x> ?p ?o }"
SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
# Every pair of triples, sorted: on the sample a worker's memory grows by ~250 MB a second (4 GB in 16 s).
GREEDY = "SELECT ?a ?c ?d ?f WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?c ?f LIMIT 1"
NESTED = "ASK { FILTER(" + "(" * 5000 + "true" + ")" * 5000 + ") }"
TIMEOUT = 2
MAX_BYTES = 200_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> set[int]:
    """The processes `pid` started (Linux)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(c) for c in path.read_text().split()} if path.exists() else set()


def workers(pid: int) -> set[int]:
    """The query workers among the processes `pid` started (not multiprocessing's resource tracker)."""
    return {c for c in children(pid) if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class Server:
    """`kg serve` started by the test; its first line of output is the query URL."""

    def __init__(self, graph: Path, tmp: Path, *args: str) -> None:
        self.log = open(tmp / "serve.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kg.cli", "serve", "--graph", str(graph), *args],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        ready, _, _ = select.select([self.process.stdout], [], [], 120)
        self.url = self.process.stdout.readline().strip() if ready else ""
        assert self.url, (tmp / "serve.log").read_text()

    def request(self, url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, data, headers or {}), timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def query(self, query: str, accept: str = "application/sparql-results+json") -> tuple[int, str]:
        return self.request(f"{self.url}?{urllib.parse.urlencode({'query': query})}", headers={"Accept": accept})

    def rows(self, query: str) -> list[dict]:
        status, body = self.query(query)
        assert status == 200, body
        return [{k: v["value"] for k, v in b.items()} for b in json.loads(body)["results"]["bindings"]]

    def raw(self, request: bytes, seconds: float = 10) -> tuple[int, str]:
        """Send `request` as it is (what no client library sends) and read the reply to its end. The sending
        side stays open: a server that waits for more of the body never answers, and the read times out."""
        url = urllib.parse.urlsplit(self.url)
        with socket.create_connection((url.hostname, url.port), timeout=seconds) as connection:
            connection.sendall(request)
            reply = b""
            try:
                while chunk := connection.recv(65536):
                    reply += chunk
            except ConnectionResetError:  # the server closed with the body unread: a reset follows its reply
                assert reply
        head, _, body = reply.partition(b"\r\n\r\n")
        return int(head.split()[1]), body.decode()

    def log_text(self) -> str:
        """What the server has written to stderr so far."""
        return Path(self.log.name).read_text()

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=30)
        self.log.close()
        return code


@pytest.fixture(scope="module")
def server(sample_build, tmp_path_factory):
    port = free_port()
    server = Server(
        sample_build.out,
        tmp_path_factory.mktemp("serve"),
        "--port",
        str(port),
        "--timeout",
        str(TIMEOUT),
        "--max-result-bytes",
        str(MAX_BYTES),
    )
    yield server
    server.stop()


def test_prints_its_loopback_query_url_first(server):
    assert server.url.startswith("http://127.0.0.1:") and server.url.endswith("/sparql")


def test_select_returns_the_papers(server, sample_build):
    papers = {r["p"].rpartition("/")[2] for r in server.rows(PAPERS)}
    assert papers == {p.id for p in sample_build.corpus.papers} and len(papers) == 19
    status, body = server.request(
        server.url, PAPERS.encode(), {"Content-Type": "application/sparql-query", "Accept": "text/csv"}
    )
    assert status == 200 and len(body.strip().splitlines()) == 1 + 19


def test_updates_are_refused_and_change_nothing(server):
    before = server.rows(COUNT)
    form = urllib.parse.urlencode({"update": INSERT}).encode()
    form_headers = {"Content-Type": "application/x-www-form-urlencoded"}
    assert server.request(server.url, form, form_headers)[0] == 403
    assert server.request(server.url.rpartition("/")[0] + "/update", form, form_headers)[0] == 403
    assert server.request(server.url, INSERT.encode(), {"Content-Type": "application/sparql-update"})[0] == 403
    assert server.query(INSERT)[0] == 400  # not a query
    assert server.rows(COUNT) == before
    assert json.loads(server.query(INSERTED)[1])["boolean"] is False


def test_no_service_calls_to_other_hosts(server):
    with endpoint_that_counts_calls() as (target, calls):
        for query in (
            f"SELECT * WHERE {{ SERVICE <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ \\u0053ERVICE <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ sErViCe SILENT <{target}> {{ ?s ?p ?o }} }}",
        ):
            assert server.query(query)[0] == 403
    assert calls == []


def test_service_check():
    assert calls_service("SELECT * { SERVICE <http://x/> { ?s ?p ?o } }")
    assert calls_service("SELECT * { \\U00000053ERVICE <http://x/> {} }")
    assert not calls_service("SELECT ?service WHERE { ?service ?p $services }")


def test_a_slow_query_times_out_and_the_endpoint_goes_on(server):
    started = time.monotonic()
    status, body = server.query(SLOW)
    assert status == 503 and "timeout" in body
    assert time.monotonic() - started < TIMEOUT + 15
    assert len(server.rows(PAPERS)) == 19


def test_large_results_are_refused(server):
    status, body = server.query("CONSTRUCT WHERE { ?s ?p ?o }", accept="application/n-triples")
    assert status == 413 and str(MAX_BYTES) in body
    status, body = server.query("CONSTRUCT WHERE { ?s ?p ?o } LIMIT 5", accept="application/n-triples")
    assert status == 200 and len(body.strip().splitlines()) == 5


def test_sigint_stops_it_cleanly(sample_build, tmp_path):
    server = Server(sample_build.out, tmp_path, "--port", str(free_port()))
    workers = children(server.process.pid)
    assert workers and len(server.rows(PAPERS)) == 19
    assert server.stop() == 0
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(w) for w in workers)


@pytest.mark.parametrize(
    "length, status",
    [("-1", 400), ("-300000000", 400), ("abc", 400), ("1e3", 400), ("\xb2", 400), ("2000000", 413)],
)
def test_a_content_length_is_checked_before_the_body_is_read(server, length, status):
    """`int()` takes "-1", and `read(-1)` reads to the end of the stream: 300 MB sent that way took the
    server from 45 MB to over 500 MB before it answered."""
    head = f"POST /sparql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/sparql-query\r\nContent-Length: {length}"
    code, body = server.raw(head.encode("latin-1") + b"\r\n\r\nASK {}" + b" " * 100_000)
    assert code == status and ("Content-Length" in body or "at most" in body)
    assert len(server.rows(PAPERS)) == 19


HOSTS = {
    "evil.example.com": False,
    "evil.example.com:7878": False,
    "127.0.0.1.evil.example.com": False,
    "localhost.evil.example.com:7878": False,
    "": False,
    "localhost:80@evil.example.com": False,
    "localhost:evil": False,
    "localhost:\u00b2": False,
    "[::1]evil.example.com": False,
    "localhost:7878": True,
    "LOCALHOST.": True,
    "app.localhost": True,
    "127.0.0.1:7878": True,
    "[::1]:7878": True,
    "192.168.1.20": True,
    "myhost.lan:7878": True,
}


@pytest.mark.parametrize("host", HOSTS)
def test_allowed_hosts(host):
    assert allowed_host(host, "myhost.lan") is HOSTS[host]


def test_a_request_for_another_host_is_refused(server):
    """A page on evil.example.com whose name is rebound to 127.0.0.1 would be of the same origin as the
    endpoint; its requests name its own host."""
    port = urllib.parse.urlsplit(server.url).port
    for host in ("evil.example.com", f"evil.example.com:{port}"):
        status, body = server.request(f"{server.url}?{urllib.parse.urlencode({'query': PAPERS})}", None, {"Host": host})
        assert status == 403 and host in body
        status, _ = server.request(
            server.url, PAPERS.encode(), {"Host": host, "Content-Type": "application/sparql-query"}
        )
        assert status == 403
    for host in (f"localhost:{port}", f"[::1]:{port}", f"127.0.0.1:{port}"):
        assert server.request(f"{server.url}?{urllib.parse.urlencode({'query': ASK})}", None, {"Host": host})[0] == 200
    assert len(server.rows(PAPERS)) == 19


def test_negotiate_reads_q_values_it_can_and_ignores_others():
    assert negotiate("text/csv;q=0.5, application/sparql-results+xml", SOLUTION_TYPES).endswith("xml")
    assert negotiate("text/csv;q=\xb2", SOLUTION_TYPES) == "text/csv"
    assert negotiate("text/csv;q=1e9, text/tab-separated-values;q=0.9", SOLUTION_TYPES) == "text/csv"
    assert negotiate("text/*", GRAPH_TYPES) == "text/turtle"


def test_an_accept_header_that_is_no_q_value_is_answered(server):
    """`text/csv;q=²` once killed the worker, which was then reported as a timeout."""
    status, body = server.query(PAPERS, accept="text/csv;q=\xb2")
    assert status == 200 and len(body.strip().splitlines()) == 1 + 19
    assert len(server.rows(PAPERS)) == 19


def test_a_worker_that_stops_is_reported_so_not_as_a_timeout(server):
    answer = []
    asking = threading.Thread(target=lambda: answer.append(server.query(SLOW)))
    asking.start()
    time.sleep(0.5)
    for worker in workers(server.process.pid):
        os.kill(worker, signal.SIGKILL)
    asking.join()
    [(status, body)] = answer
    assert status == 500 and "SIGKILL" in body and "timeout" not in body
    for _ in range(WORKERS):  # one of them reaches the other worker, stopped while idle, which is replaced
        assert len(server.rows(PAPERS)) == 19
    assert len(workers(server.process.pid)) == WORKERS


def test_a_deeply_nested_query_is_refused_before_it_is_parsed(server):
    status, body = server.query(NESTED)
    assert status == 400 and "levels deep" in body
    assert len(server.rows(PAPERS)) == 19


def test_an_escape_past_unicode_is_a_syntax_error(server):
    assert server.query('ASK { FILTER("\\U00110000") }')[0] == 400
    assert len(server.rows(PAPERS)) == 19


def test_the_log_holds_no_traceback(server):
    assert "Traceback" not in server.log_text()


def test_a_query_that_needs_more_memory_than_the_cap_is_stopped(sample_build, tmp_path):
    """Without a cap the greedy query took a worker to 6 GB within the 30 s timeout."""
    server = Server(sample_build.out, tmp_path, "--port", "0", "--max-memory", "2000", "--timeout", "60")
    try:
        assert "at most 2000 MB each" in server.log_text()
        for worker in workers(server.process.pid):
            limits = Path(f"/proc/{worker}/limits").read_text()
            assert re.search(rf"Max address space\s+{2000 * MB}\s+{2000 * MB}\s+bytes", limits), limits
        started = time.monotonic()
        status, body = server.query(GREEDY)
        assert status == 503 and "2000 MB" in body and "timeout" not in body
        assert time.monotonic() - started < 30
        assert len(server.rows(PAPERS)) == 19
    finally:
        assert server.stop() == 0
    log = server.log_text()
    assert "Traceback" not in log and "memory allocation" not in log
