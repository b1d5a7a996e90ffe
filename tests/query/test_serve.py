"""`kg serve` as users run it: a subprocess on a free loopback port, spoken to over HTTP."""

from __future__ import annotations

import functools
import http.client
import http.server
import json
import os
import re
import signal
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import rdflib
from rdflib.compare import isomorphic

from kg import build
from kg.query.checks import calls_service
from kg.query.protocol import GRAPH_TYPES, SOLUTION_TYPES, negotiate
from kg.query.serve import allowed_host, loopback
from kg.query.workers import MB, WORKERS
from tests.helpers import SEED, endpoint_that_counts_calls, jsonl
from tests.query.serving import MAX_BYTES, TIMEOUT, Server, alive, children, free_port, workers

PAPERS = "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT ?p WHERE { ?p a kg:Paper }"
ASK = "ASK { ?s ?p ?o }"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
INSERT = "INSERT DATA { <https://example.org/x> <https://example.org/p> <https://example.org/y> }"
INSERTED = "ASK { <https://example.org/x> ?p ?o }"
SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
# Every pair of triples, sorted: on the sample a worker's memory grows by ~250 MB a second (4 GB in 16 s).
GREEDY = "SELECT ?a ?c ?d ?f WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?c ?f LIMIT 1"
NESTED = "ASK { FILTER(" + "(" * 5000 + "true" + ")" * 5000 + ") }"


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


SD = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")
FORMATS = rdflib.Namespace("http://www.w3.org/ns/formats/")
CONSTRUCT = "CONSTRUCT { ?p a <https://example.org/Paper> } WHERE { ?p a <https://w3id.org/paperkg/ontology#Paper> }"


def target(server: Server, **params: str) -> str:
    """The endpoint's path with `params` as its query string."""
    path = urllib.parse.urlsplit(server.url).path
    return f"{path}?{urllib.parse.urlencode(params)}" if params else path


def test_the_word_service_in_a_string_a_prefix_or_a_comment_is_no_clause(server):
    query = """PREFIX sd: <http://www.w3.org/ns/sparql-service-description#>
    PREFIX dcterms: <http://purl.org/dc/terms/>
    PREFIX kg: <https://w3id.org/paperkg/ontology#>
    SELECT ?service WHERE {  # which papers do not say "web service"?
      ?service a kg:Paper ; dcterms:title ?title FILTER(!CONTAINS(LCASE(?title), "web service"))
      OPTIONAL { ?service a sd:Service }
    }"""
    assert len(server.rows(query)) == 19
    status, body = server.query("SELECT * WHERE { service <http://127.0.0.1:9/> { ?s ?p ?o } }")
    assert status == 403 and "SERVICE" in body


def test_get_without_a_query_describes_the_service(server):
    status, headers, body = server.http("GET", target(server), headers={"Accept": "text/turtle"})
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")
    graph = rdflib.Graph().parse(data=body, format="turtle")
    [service] = graph.subjects(rdflib.RDF.type, SD.Service)
    assert graph.value(service, SD.endpoint) == rdflib.URIRef(server.url)
    assert (service, SD.supportedLanguage, SD.SPARQL11Query) in graph
    assert {FORMATS.SPARQL_Results_JSON, FORMATS.SPARQL_Results_XML, FORMATS.Turtle} <= set(
        graph.objects(service, SD.resultFormat)
    )
    assert graph.value(graph.value(service, SD.defaultDataset), SD.defaultGraph) is not None
    status, _, body = server.http("GET", target(server), headers={"Accept": "application/rdf+xml"})
    assert status == 200 and isomorphic(rdflib.Graph().parse(data=body, format="xml"), graph)
    assert server.http("GET", target(server), headers={"Accept": "image/png"})[0] == 406


def test_a_result_format_it_cannot_write_is_refused_with_406(server):
    for accept in ("image/png", "application/sparql-results+json;q=0, image/png"):
        status, body = server.query(PAPERS, accept=accept)
        assert status == 406 and "application/sparql-results+json" in body
    status, body = server.query(CONSTRUCT, accept="application/sparql-results+json")
    assert status == 406 and "text/turtle" in body
    status, headers, body = server.http("GET", target(server, query=PAPERS), headers={"Accept": "application/json"})
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert len(json.loads(body)["results"]["bindings"]) == 19


def test_one_connection_carries_many_requests(server):
    """HTTP/1.1 keep-alive: a client's second request goes over the connection of its first."""
    url = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    sockets = []
    try:
        for method, query in (("GET", ASK), ("POST", "not SPARQL"), ("GET", PAPERS)):
            if method == "GET":
                connection.request(method, target(server, query=query))
            else:
                connection.request(method, target(server), query.encode(), {"Content-Type": "application/sparql-query"})
            response = connection.getresponse()
            response.read()
            assert response.version == 11 and response.status == (400 if query == "not SPARQL" else 200)
            sockets.append(connection.sock)
    finally:
        connection.close()
    assert sockets[0] is not None and all(s is sockets[0] for s in sockets)


def test_head_says_what_get_would_send(server):
    _, get_headers, get_body = server.http("GET", target(server, query=PAPERS))
    status, headers, body = server.http("HEAD", target(server, query=PAPERS))
    assert status == 200 and body == b"" and int(headers["Content-Length"]) == len(get_body) > 0
    assert headers["Content-Type"] == get_headers["Content-Type"]


def test_web_pages_of_any_origin_may_query_a_loopback_endpoint(server):
    status, headers, _ = server.http("GET", target(server, query=ASK), headers={"Origin": "https://example.org"})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
    preflight = {
        "Origin": "https://example.org",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    status, headers, _ = server.http("OPTIONS", target(server), headers=preflight)
    assert status == 204 and headers["Access-Control-Allow-Origin"] == "*" and "Content-Length" not in headers
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert "content-type" in headers["Access-Control-Allow-Headers"].lower()


def test_a_page_on_another_origin_reads_results_in_chromium(server, browser, tmp_path):
    """A page served from another port POSTs a query as application/sparql-query, which a browser sends only
    after a CORS preflight, and reads the rows."""
    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>elsewhere</title>")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    elsewhere = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    page = browser.new_page()
    try:
        page.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/")
        rows = page.evaluate(
            """async ([url, query]) => {
                const response = await fetch(url, {method: "POST", body: query, headers: {
                    "Content-Type": "application/sparql-query", "Accept": "application/sparql-results+json"}});
                return (await response.json()).results.bindings.length;
            }""",
            [server.url, PAPERS],
        )
        assert rows == 19
    finally:
        page.close()
        elsewhere.shutdown()


def test_the_origin_web_pages_may_query_from_is_an_option(sample_build, tmp_path):
    server = Server(sample_build.out, tmp_path, "--port", "0", "--cors-origin", "https://example.org")
    try:
        _, headers, _ = server.http("GET", target(server, query=ASK), headers={"Origin": "https://example.org"})
        assert headers["Access-Control-Allow-Origin"] == "https://example.org" and headers["Vary"] == "Origin"
    finally:
        assert server.stop() == 0
    server = Server(sample_build.out, tmp_path, "--port", "0", "--cors-origin", "")
    try:
        _, headers, _ = server.http("GET", target(server, query=ASK), headers={"Origin": "https://example.org"})
        assert "Access-Control-Allow-Origin" not in headers
    finally:
        assert server.stop() == 0


@pytest.mark.parametrize(
    "host, expected",
    [
        ("127.0.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("127.8.0.1", True),
        ("0.0.0.0", False),
        ("192.168.1.20", False),
        ("myhost.lan", False),
    ],
)
def test_loopback_addresses(host, expected):
    assert loopback(host) is expected


def test_a_dataset_in_the_request_is_refused_with_a_reason(server):
    for param in ("default-graph-uri", "named-graph-uri"):
        status, _, body = server.http("GET", target(server, query=ASK, **{param: "https://example.org/g"}))
        assert status == 400 and b"default graph" in body


def test_a_rebuild_into_the_served_folder_is_served_without_a_restart(tmp_path):
    out = tmp_path / "build"
    build([jsonl(tmp_path / "two.jsonl", SEED[:2])], out)
    server = Server(out, tmp_path, "--port", "0")
    try:
        assert len(server.rows(PAPERS)) == 2
        before = workers(server.process.pid)
        build([jsonl(tmp_path / "five.jsonl", SEED[:5])], out)
        assert len(server.rows(PAPERS)) == 5
        assert len(server.rows(PAPERS)) == 5  # from the other new worker too
        assert not before & workers(server.process.pid)
        assert "serving the new build" in server.log_text()
    finally:
        assert server.stop() == 0
