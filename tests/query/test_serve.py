"""`kg serve` as users run it: a subprocess on a free loopback port, spoken to over HTTP."""

from __future__ import annotations

import json
import os
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

from kg.query.serve import calls_service

PAPERS = "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT ?p WHERE { ?p a kg:Paper }"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
INSERT = "INSERT DATA { <https://example.org/x> <https://example.org/p> <https://example.org/y> }"
INSERTED = "ASK { <https://example.org/x> ?p ?o }"
SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
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
    calls = []
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(3)
        target = f"http://127.0.0.1:{listener.getsockname()[1]}/sparql"

        def accept():
            try:
                calls.append(listener.accept())
            except OSError:
                pass

        waiter = threading.Thread(target=accept)
        waiter.start()
        for query in (
            f"SELECT * WHERE {{ SERVICE <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ \\u0053ERVICE <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ sErViCe SILENT <{target}> {{ ?s ?p ?o }} }}",
        ):
            assert server.query(query)[0] == 403
        waiter.join()
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
