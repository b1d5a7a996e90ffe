"""The query page `kg serve` answers at `/`, read as HTML and used in headless Chromium: it needs nothing from
elsewhere, offers the whole query library, shows each kind of answer as the endpoint gives it, shows errors and
refusals in the server's own words, and shows data as text, never as markup."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from html.parser import HTMLParser

import pyoxigraph as ox
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers import ROOT

LIBRARY = sorted((ROOT / "queries").glob("*.rq"))
KG = "PREFIX kg: <https://w3id.org/paperkg/ontology#>\n"
PAPER_TYPES = KG + "CONSTRUCT { ?paper a kg:Paper } WHERE { ?paper a kg:Paper }"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
INSERT = "PREFIX ex: <https://example.org/>\nINSERT DATA { ex:x ex:p ex:y }"
INSERTED = "ASK { <https://example.org/x> ?p ?o }"
ACCEPT = "application/sparql-results+json, text/turtle;q=0.9"
MARKUP = "<img src=x onerror=alert(1)>"
# Attributes that make a browser fetch or navigate; a value with a scheme (other than data:) or // leaves the server.
URL_ATTRIBUTES = {"src", "href", "action", "formaction", "data", "poster", "srcset", "background", "ping"}
OFFSITE = re.compile(r"\s*(//|(?!data:)[a-z][a-z0-9+.-]*:)", re.IGNORECASE)
# The page's table, as {column: text of its cell} a row.
TABLE_ROWS = """() => {
  const vars = [...document.querySelectorAll("#results th[data-var]")].map((th) => th.dataset.var);
  return [...document.querySelectorAll("#results tbody tr")].map((tr) =>
    Object.fromEntries([...tr.querySelectorAll("td:not(.row-number)")].map((td, i) => [vars[i], td.textContent])));
}"""


class PageParts(HTMLParser):
    """What a test reads from the page's HTML: URL attributes, styles, the picker's options, the query texts."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.styles: list[str] = []
        self.options: list[tuple[str, str]] = []
        self.texts_json = ""
        self.scripts_with_src: list[str] = []
        self.open: tuple[str, dict] | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {name: value or "" for name, value in attrs}
        self.urls += [value for name, value in named.items() if name in URL_ATTRIBUTES]
        self.urls += re.findall(r"url\(([^)]*)\)", named.get("style", ""))
        self.open = (tag, named)

    def handle_data(self, data: str) -> None:
        if self.open is None:
            return
        tag, attrs = self.open
        if tag == "style":
            self.styles.append(data)
        elif tag == "option":
            self.options.append((attrs["value"], data))
        elif tag == "script" and attrs.get("id") == "library-texts":
            self.texts_json = data

    def handle_endtag(self, tag: str) -> None:
        self.open = None


def root_url(server) -> str:
    return server.url.rpartition("/")[0] + "/"


def post(server, field: str, text: str) -> tuple[int, str]:
    """`text` sent as the page sends it: a form, asking for JSON results or Turtle."""
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept": ACCEPT}
    return server.request(server.url, urllib.parse.urlencode({field: text}).encode(), headers)


def solutions(server, query: str) -> dict:
    status, body = post(server, "query", query)
    assert status == 200, body
    return json.loads(body)


class QueryPage:
    """The page opened from the server's root, with every request it made and every script error it raised;
    a request to any other origin is seen here and never sent."""

    def __init__(self, browser: Browser, server) -> None:
        self.origin = root_url(server).rstrip("/")
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page: Page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.route(re.compile(rf"^(?!{re.escape(self.origin)}/)"), lambda route: route.abort())
        self.page.goto(self.origin + "/")

    def run(self, query: str | None = None, keys: str | None = None) -> str:
        """Run `query` (else what the textarea holds) by the Run button, or by `keys` in the textarea; the
        page's state once the answer is shown ("done" or "error")."""
        if query is not None:
            self.page.fill("#query", query)
        if keys:
            self.page.press("#query", keys)
        else:
            self.page.click("#run")
        self.page.wait_for_function("document.body.dataset.state !== 'running'")
        return self.page.get_attribute("body", "data-state") or ""

    def rows(self) -> list[dict[str, str]]:
        return self.page.evaluate(TABLE_ROWS)

    def header(self) -> list[str]:
        return self.page.locator("#results th[data-var]").all_inner_texts()

    def offsite(self) -> list[str]:
        return [url for url in self.requests if not url.startswith(self.origin + "/")]


@pytest.fixture
def opened(browser, server):
    page = QueryPage(browser, server)
    yield page
    assert page.errors == []
    page.page.close()


def cell_texts(answer: dict) -> list[dict[str, str]]:
    """What the page's cells should read for literal results: each value as it is."""
    return [{v: b[v]["value"] if v in b else "" for v in answer["head"]["vars"]} for b in answer["results"]["bindings"]]


def test_the_page_is_self_contained_and_lists_the_library(server):
    with urllib.request.urlopen(root_url(server), timeout=60) as response:
        assert response.status == 200
        assert response.headers.get_content_type() == "text/html"
        html = response.read().decode("utf-8")
    parts = PageParts(html)
    assert "<title>paperkg SPARQL endpoint</title>" in html
    assert parts.urls and [url for url in parts.urls if OFFSITE.match(url)] == []  # the icon is a data: URL
    assert parts.styles and not re.search(r"@import|url\(", "".join(parts.styles))
    assert not re.search(r"<script[^>]*\ssrc=", html) and not re.search(r"<link[^>]*stylesheet", html)
    assert [value for value, _ in parts.options] == [path.stem for path in LIBRARY] and len(LIBRARY) > 10
    for (_, text), path in zip(parts.options, LIBRARY):
        first_line = path.read_text(encoding="utf-8").splitlines()[0]
        assert text == f"{path.stem} — {first_line.lstrip('# ')}"
    # The query texts hold IRIs in <...>: every < is escaped, so no text can end the <script> that holds them.
    assert "<" not in parts.texts_json
    assert json.loads(parts.texts_json) == {path.stem: path.read_text(encoding="utf-8") for path in LIBRARY}


def test_a_library_query_runs_to_the_same_table_as_the_endpoint_gives(opened, server):
    assert opened.page.input_value("#query") == LIBRARY[0].read_text(encoding="utf-8")
    assert opened.run() == "done"  # the default query runs at once
    assert opened.rows() == cell_texts(solutions(server, LIBRARY[0].read_text(encoding="utf-8")))

    text = (ROOT / "queries" / "top-entities.rq").read_text(encoding="utf-8")
    opened.page.select_option("#library", "top-entities")
    assert opened.page.input_value("#query") == text
    assert opened.run() == "done"
    answer = solutions(server, text)
    count = len(answer["results"]["bindings"])
    assert count > 1 and opened.page.locator("#results tbody tr").count() == count
    assert opened.header() == answer["head"]["vars"] == ["type", "name", "papers"]
    assert opened.rows() == cell_texts(answer)
    assert re.fullmatch(rf"{count} rows in \d+ ms", opened.page.inner_text("#status"))
    assert opened.requests[0] == opened.origin + "/"
    assert opened.requests.count(server.url) == 2
    assert opened.offsite() == []


def test_errors_and_refusals_show_the_servers_message(opened, server):
    assert opened.run("SELECT ?x WHERE {") == "error"
    status, message = post(server, "query", "SELECT ?x WHERE {")
    error = opened.page.locator("#error")
    assert status == 400 and message.startswith("invalid SPARQL query")
    assert error.is_visible() and error.inner_text() == f"400 Bad Request: {message.strip()}"
    assert opened.page.locator("#results").inner_text() == ""

    before = solutions(server, COUNT)
    assert opened.run(INSERT) == "error"
    status, refusal = post(server, "update", INSERT)
    assert status == 403 and "read-only" in refusal
    assert error.inner_text() == f"403 Forbidden: {refusal.strip()}"
    assert solutions(server, COUNT) == before and solutions(server, INSERTED)["boolean"] is False

    assert opened.run("SELECT * WHERE { SERVICE <http://example.invalid/sparql> { ?s ?p ?o } }") == "error"
    assert error.inner_text().startswith("403 Forbidden: SERVICE")
    assert opened.offsite() == []


def test_no_answer_from_the_endpoint_is_said(opened, server):
    opened.page.route(server.url, lambda route: route.abort())
    assert opened.run(COUNT) == "error"
    expect(opened.page.locator("#error")).to_contain_text("No answer from /sparql")


def test_construct_shows_turtle_and_ask_true_or_false(opened, server):
    assert opened.run(PAPER_TYPES, keys="Control+Enter") == "done"
    shown = ox.parse(opened.page.locator("#results pre").inner_text(), format=ox.RdfFormat.TURTLE)
    status, turtle = post(server, "query", PAPER_TYPES)
    assert status == 200
    expected = set(ox.parse(turtle, format=ox.RdfFormat.TURTLE))
    assert len(expected) == 19 and set(shown) == expected
    assert opened.page.inner_text("#status").endswith(" ms") and "text/turtle" in opened.page.inner_text("#status")

    for ask, answer in ((KG + "ASK { ?p a kg:Paper }", "true"), (KG + "ASK { kg:Paper a kg:Paper }", "false")):
        assert opened.run(ask, keys="Meta+Enter") == "done"
        assert opened.page.locator("#results .boolean").inner_text() == answer
        assert solutions(server, ask)["boolean"] is (answer == "true")


def test_values_are_shown_as_text_and_iris_as_links(opened, server):
    query = f'SELECT ?x ?script WHERE {{ BIND("{MARKUP}" AS ?x) BIND(IRI("javascript:alert(2)") AS ?script) }}'
    assert opened.run(query) == "done"
    assert opened.rows() == [{"x": MARKUP, "script": "javascript:alert(2)"}]
    assert opened.page.locator("#results img, #results a, #results script").count() == 0
    assert opened.dialogs == []

    query = KG + "SELECT ?paper ?type WHERE { ?paper a ?type FILTER(?type = kg:Paper) } LIMIT 1"
    [binding] = solutions(server, query)["results"]["bindings"]
    assert opened.run(query) == "done"
    paper, kind = opened.page.locator("#results tbody a").all()
    assert paper.get_attribute("href") == binding["paper"]["value"] == paper.inner_text()
    assert kind.get_attribute("href") == binding["type"]["value"] and kind.inner_text() == "kg:Paper"


def test_a_parameter_is_explained_and_binding_it_as_told_works(opened, server, sample_build):
    path = ROOT / "queries" / "dataset-papers.rq"
    text = path.read_text(encoding="utf-8")
    [description] = re.findall(r"^# Parameter dataset: (.+)$", text, re.MULTILINE)
    opened.page.select_option("#library", "dataset-papers")
    visible = opened.page.locator(".parameters:visible")
    expect(visible).to_have_count(1)
    help_text = visible.inner_text()
    assert "dataset" in help_text and description in help_text and "?given_dataset" in help_text
    opened.page.select_option("#library", "most-used-datasets")  # it declares no parameter
    expect(opened.page.locator(".parameters:visible")).to_have_count(0)

    every = solutions(server, text)["results"]["bindings"]
    dataset = every[0]["dataset"]["value"]
    lines = text.splitlines(keepends=True)
    [line] = map(int, re.findall(r"line (\d+)", help_text))
    lines.insert(line - 1, f'VALUES ?given_dataset {{ "{dataset.lower()}" }}\n')  # as the help says
    assert opened.run("".join(lines)) == "done"
    shown = [{k: v for k, v in row.items() if k != "given_dataset"} for row in opened.rows()]
    cli = subprocess.run(
        [sys.executable, "-m", "kg.cli", "query", "dataset-papers", "--graph", str(sample_build.out)]
        + ["--param", f"dataset={dataset.lower()}", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    bound = [{k: v or "" for k, v in row.items()} for row in json.loads(cli.stdout)]
    assert shown == bound and 0 < len(bound) < len(every)
