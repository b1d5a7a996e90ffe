"""graph.html opened in real headless Chromium: offline, complete for the sample, searchable,
filterable, escaped, and honest about what it leaves out of a large graph."""

import random
import re
from collections import Counter
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
import pytest
from playwright.sync_api import Browser, Page, expect

from kg.cli import main
from kg.export.html import corpus_title, select_view, write_html
from kg.export.options import ExportOptions
from kg.settings import NODE_STYLE, NODE_TYPES, PAPER, RELATION_COLORS, USES_RELATION
from tests.helpers import SEED, seed_authors

COUNT_NODES = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
SELECT (COUNT(DISTINCT ?n) AS ?c) WHERE { VALUES ?t { kg:Paper kg:Method kg:Task kg:Dataset } ?n a ?t }"""
VISIBLE = "network.body.data.nodes.get({filter: (n) => !n.hidden}).length"
NOTE = re.compile(
    r"Showing ([\d,]+) of ([\d,]+) nodes: the ([\d,]+) entities in ≥ (\d+) papers \(of ([\d,]+)\)"
    r" and ([\d,]+) of the ([\d,]+) papers that mention them\."
)


class Opened:
    """A page opened from a file, with every request it made and every script error it raised."""

    def __init__(self, browser: Browser, path: Path) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page: Page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.on("console", lambda msg: self.errors.append(f"console: {msg.text}") if msg.type == "error" else None)
        self.page.route(re.compile(r"^(?!file:|data:)"), lambda route: route.abort())  # seen above, never sent
        self.page.goto(path.as_uri())
        self.page.wait_for_selector("body[data-settled=true]", timeout=60_000)

    def offsite(self) -> list[str]:
        return [url for url in self.requests if not url.startswith(("file:", "data:"))]

    def js(self, expression: str):
        return self.page.evaluate(expression)


@pytest.fixture
def sample_page(sample_build, browser):
    opened = Opened(browser, sample_build.out / "graph.html")
    yield opened
    opened.page.close()


def test_page_is_self_contained(sample_build):
    page = (sample_build.out / "graph.html").read_text(encoding="utf-8")
    assert "vis.Network" in page and "new vis.DataSet" in page
    assert not re.search(r"""<(script|link|img|iframe)[^>]+(src|href)=""", page)
    assert not re.search(r"""@import|url\(\s*["']?(https?:)?//""", page)


def test_opens_offline_without_errors(sample_page, tmp_path):
    sample_page.page.screenshot(path=tmp_path / "sample.png")
    assert sample_page.requests and sample_page.requests[0].startswith("file:")
    assert sample_page.offsite() == []
    assert sample_page.errors == []


def test_layout_settles_and_stays(sample_page):
    before = sample_page.js("network.getPositions()")
    sample_page.page.wait_for_timeout(500)
    assert sample_page.js("network.getPositions()") == before


def test_a_remote_request_or_script_error_would_be_seen(browser, tmp_path):
    page = tmp_path / "remote.html"
    page.write_text('<body data-settled="true"><img src="https://example.invalid/x.png"><script>nope()</script></body>')
    opened = Opened(browser, page)
    assert opened.offsite() == ["https://example.invalid/x.png"]
    assert any("nope is not defined" in e for e in opened.errors)
    opened.page.close()


def test_draws_every_node_of_the_sample(sample_build, sample_page):
    store = ox.Store()
    store.load(path=str(sample_build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    in_rdf = int(next(iter(store.query(COUNT_NODES)))["c"].value)
    assert sample_page.js("network.body.data.nodes.length") == in_rdf == sample_build.graph.number_of_nodes()
    assert sample_page.page.inner_text("#note") == f"Showing all {in_rdf} nodes."


def test_legend_names_types_and_relations(sample_build, sample_page):
    legend = sample_page.page.locator("#legend")
    assert legend.is_visible()
    text = legend.inner_text()
    for name in ("Paper", "Method", "Task", "Dataset"):
        assert re.search(rf"{name} \(\d+\)", text)  # all drawn
    authors = len(seed_authors()[0])
    assert f"Author (0 of {authors})" in text  # drawn when found
    for relation in {d["relation"] for *_, d in sample_build.graph.edges(data=True)}:
        assert relation in text


def test_search_finds_and_focuses_a_node_by_alias(sample_build, sample_page):
    graph = sample_build.graph
    names = [s.lower() for _, d in graph.nodes(data=True) for s in (d["name"], *d.get("aliases", []))]
    node, alias = next(
        (n, a)
        for n, d in sorted(graph.nodes(data=True))
        for a in d.get("aliases", [])
        if a.lower() not in d["name"].lower() and names.count(a.lower()) == 1
    )
    sample_page.page.fill("#search", alias)
    assert sample_page.js("network.getSelectedNodes()") == [node]
    assert graph.nodes[node]["name"][:38] in sample_page.page.inner_text("#search-result")
    assert graph.nodes[node]["name"] in sample_page.page.inner_text("#details")
    sample_page.page.fill("#search", "no such thing anywhere")
    assert sample_page.page.inner_text("#search-result") == "no paper or entity of this build"
    assert sample_page.js("network.getSelectedNodes()") == []


def test_type_and_min_papers_filters(sample_build, sample_page):
    graph = sample_build.graph
    total = graph.number_of_nodes()
    methods = sum(1 for _, d in graph.nodes(data=True) if d["type"] == "Method")
    assert sample_page.js(VISIBLE) == total
    sample_page.page.uncheck(".type-filter[value=Method]")
    assert sample_page.js(VISIBLE) == total - methods
    sample_page.page.check(".type-filter[value=Method]")
    sample_page.page.fill("#min-papers", "2")
    kept = {n for n, d in graph.nodes(data=True) if d["type"] != PAPER and d["papers"] >= 2}
    kept |= {p for p, e in graph.edges() if e in kept and graph.nodes[p]["type"] == PAPER}
    assert 0 < len(kept) < total
    assert sample_page.js(VISIBLE) == len(kept)
    in_build = total + len(seed_authors()[0])  # the authors, drawn when found
    assert sample_page.page.inner_text("#shown") == f"{len(kept)} of {total} nodes visible ({in_build} in the build)"


def point_at(opened: Opened, node: str) -> dict:
    """Centre the node and return where it is on the screen."""
    opened.js(f"network.focus({node!r}, {{scale: 1.5, animation: false}})")
    at = opened.js(f"network.canvasToDOM(network.getPosition({node!r}))")  # relative to the canvas
    box = opened.page.locator("#graph").bounding_box()
    return {"x": box["x"] + at["x"], "y": box["y"] + at["y"]}


def clearance(opened: Opened, node: str) -> float:
    """How far the node is drawn from the nearest other node, in the layout's units."""
    return opened.js(
        f"""(() => {{ const all = network.getPositions(), at = all[{node!r}];
        return Math.min(...Object.entries(all).filter(([k]) => k !== {node!r})
            .map(([, p]) => Math.hypot(p.x - at.x, p.y - at.y))); }})()"""
    )


def hover(opened: Opened, node: str, name: str) -> str:
    """Move the mouse onto the node and return the tooltip's text once it shows the node's name."""
    opened.page.mouse.move(**point_at(opened, node))
    tooltip = opened.page.locator("div.vis-tooltip")
    expect(tooltip).to_be_visible()
    expect(tooltip).to_contain_text(name)
    return tooltip.inner_text()


def test_hover_shows_details_as_html(sample_build, sample_page):
    graph = sample_build.graph
    entity = max(
        sorted(n for n, d in graph.nodes(data=True) if d["type"] != PAPER), key=lambda n: len(graph.nodes[n]["aliases"])
    )
    data = graph.nodes[entity]
    text = hover(sample_page, entity, data["name"])
    assert text.startswith(data["name"]) and f"{data['type']} · {data['papers']} paper" in text
    assert all(alias in text for alias in data["aliases"]) and "“" in text  # the evidence sentence
    assert sample_page.js("document.querySelector('div.vis-tooltip b').textContent") == data["name"]  # HTML, not text
    papers = [n for n, d in sorted(graph.nodes(data=True)) if d["type"] == PAPER and d["url"]]
    paper = max(papers, key=lambda p: clearance(sample_page, p))  # the layout may draw another node over one
    assert hover(sample_page, paper, graph.nodes[paper]["title"]).startswith(graph.nodes[paper]["title"])
    assert sample_page.js("document.querySelector('div.vis-tooltip a').href") == graph.nodes[paper]["url"]


def test_hover_shows_what_a_paper_reports_and_what_a_method_scored(results_build, browser):
    # what the hand-made abstracts state (tests.helpers.RESULT_PAPERS)
    opened = Opened(browser, results_build.out / "graph.html")
    nodes = {d.get("paper_id") or d["name"]: n for n, d in results_build.graph.nodes(data=True)}
    reports = (
        "Reports: 84.1% top-1 accuracy on ImageNet (FooNet); 2.3 points accuracy on CIFAR-10 over ResNet-50 (FooNet)"
    )
    assert reports in hover(opened, nodes["r1"], "FooNet")
    assert "Results: 3.4 FID on CIFAR-10" in hover(opened, nodes["ZedDiff"], "ZedDiff")
    assert not opened.errors
    opened.page.close()


def test_a_paper_link_says_its_role_and_confidence(sample_build, sample_page):
    links = {
        (s, t): f"{d['relation']} · confidence {d['confidence']:.2f}"
        for s, t, d in sample_build.graph.edges(data=True)
        if sample_build.graph.nodes[s]["type"] == PAPER
    }
    shown = sample_page.js("network.body.data.edges.get().map((e) => [e.from, e.to, e.title])")
    titles = {(s, t): title for s, t, title in shown if (s, t) in links}
    assert titles and titles == {link: links[link] for link in titles}


def test_click_highlights_the_neighbourhood(sample_build, sample_page):
    graph = sample_build.graph
    node = max(sorted(n for n, d in graph.nodes(data=True) if d["type"] != PAPER), key=graph.degree)
    sample_page.page.mouse.click(**point_at(sample_page, node))
    faded = sample_page.js("network.body.data.nodes.get({filter: (n) => n.opacity < 1}).map((n) => n.id)")
    assert set(faded) == set(graph) - {node, *graph.predecessors(node), *graph.successors(node)}
    assert graph.nodes[node]["name"] in sample_page.page.inner_text("#details")


def synthetic_graph(papers: int, entities: int) -> nx.MultiDiGraph:
    """A corpus-like long tail: entity j is in about 600 / (j + 1) of the papers."""
    rng = random.Random(5)
    graph = nx.MultiDiGraph(base_iri="https://example.org/")
    for i in range(papers):
        graph.add_node(
            f"p{i}",
            type=PAPER,
            name=f"Paper {i}",
            paper_id=str(i),
            title=f"Paper {i}",
            abstract="",
            url=f"https://example.org/{i}",
            venue="ICML 2025",
            year=2025,
            authors=["A. Author"],
        )
    for j in range(entities):
        label = ("METHOD", "TASK", "DATASET")[j % 3]
        linked = rng.sample(range(papers), min(papers, max(1, 600 // (j + 1))))
        graph.add_node(f"e{j}", type=NODE_TYPES[label], name=f"entity {j}", key=f"e{j}", aliases=[], papers=len(linked))
        for i in linked:
            graph.add_edge(
                f"p{i}",
                f"e{j}",
                key=USES_RELATION[label],
                relation=USES_RELATION[label],
                sentence=f"Paper {i} uses entity {j}.",
            )
    return graph


def test_large_graph_page_says_what_it_left_out(browser, tmp_path):
    graph = synthetic_graph(papers=3000, entities=4000)
    write_html(graph, tmp_path / "graph.html", options=ExportOptions(html_max_nodes=300))
    opened = Opened(browser, tmp_path / "graph.html")
    opened.page.screenshot(path=tmp_path / "large.png")
    note = opened.page.inner_text("#note")
    numbers = (int(n.replace(",", "")) for n in NOTE.match(note).groups())
    shown, total, entities, threshold, all_entities, papers, linked = numbers
    assert (total, all_entities) == (7000, 4000) and entities + papers == shown and papers < linked
    assert opened.js("network.body.data.nodes.length") == shown <= 300
    assert opened.js("network.body.data.nodes.get({filter: (n) => n.kind !== 'Paper'}).length") == entities
    assert opened.js(f"network.body.data.nodes.get().every((n) => n.kind === 'Paper' || n.papers >= {threshold})")
    # every entity drawn keeps at least one of its papers, so none floats alone
    assert opened.js("network.body.data.nodes.get().every((n) => network.getConnectedNodes(n.id).length > 0)")
    assert opened.offsite() == [] and opened.errors == []
    opened.page.close()


def test_view_bounds():
    graph = synthetic_graph(papers=200, entities=300)
    for min_papers, max_nodes in ((1, 10_000), (3, 10_000), (1, 120), (4, 50)):
        view = select_view(graph, min_papers, max_nodes)
        assert len(view.nodes) <= max_nodes
        assert all(graph.nodes[n]["type"] == PAPER or graph.nodes[n]["papers"] >= min_papers for n in view.nodes)
    assert select_view(graph).note == "Showing all 500 nodes."


def test_corpus_text_cannot_inject_markup(browser, tmp_path):
    attack = '<img src=x onerror="window.injected=1"></script><script>window.injected=1</script>'
    graph = synthetic_graph(papers=3, entities=3)
    graph.nodes["p0"].update(name=attack, title=attack, url="javascript:window.injected=1", authors=[attack])
    graph.nodes["e0"].update(name=attack, aliases=[attack])
    for *_, data in graph.edges(data=True):
        data["sentence"] = attack
    graph.add_edge("e0", "e1", key="citedBy", relation="citedBy", sentence=attack)  # not in settings
    write_html(graph, tmp_path / "graph.html")
    opened = Opened(browser, tmp_path / "graph.html")
    opened.page.fill("#search", "<img")  # the entity first (more papers), then Enter: the author, the paper
    assert opened.js("network.getSelectedNodes()") == ["e0"]
    assert attack in opened.page.inner_text("#details")
    opened.page.press("#search", "Enter")
    assert opened.js("network.getSelectedNodes()")[0].startswith("https://example.org/author/")
    assert attack in opened.page.inner_text("#details")
    opened.page.press("#search", "Enter")
    assert opened.js("network.getSelectedNodes()") == ["p0"]
    assert attack in opened.page.inner_text("#details")
    assert opened.js("window.injected") is None
    assert opened.js("document.querySelectorAll('#panel img, #panel script').length") == 0
    assert attack in opened.js("network.body.data.nodes.get('e0').title.textContent")
    assert opened.js("network.body.data.nodes.get('p0').title.querySelectorAll('a').length") == 0
    assert opened.js("network.body.data.nodes.get('p0').url") == ""
    assert "citedBy" in opened.page.inner_text("#legend") and "citedBy" not in RELATION_COLORS
    assert opened.errors == []
    opened.page.close()


def test_build_options_reach_the_page(tmp_path):
    with pytest.raises(SystemExit) as exit:
        main(["build", "--out", str(tmp_path), "--html-max-nodes", "40", "--html-min-papers", "2", "--quiet"])
    assert exit.value.code == 0
    page = (tmp_path / "graph.html").read_text(encoding="utf-8")
    assert re.search(r"Showing \d+ of \d+ nodes: the \d+ entities in ≥ 2 papers", page)


ROLE_HEADINGS = {
    "proposes": "Proposes",
    "usesMethod": "Uses",
    "addressesTask": "Addresses",
    "usesDataset": "Evaluates on",
}
SECTIONS = """[...document.querySelectorAll('#details h2')].map((h) => [h.textContent,
    [...h.nextElementSibling.querySelectorAll('li:has(button)')].map((li) => [li.querySelector('button').textContent,
                                                               li.querySelector('button').dataset.node,
                                                               ((li.querySelector('.year') || {}).textContent || '').trim()])])"""
DRAWN = "network.body.data.nodes.getIds()"
SELECTED = "network.getSelectedNodes()"


def sections(opened: Opened) -> dict[str, list[list[str]]]:
    """The details panel's lists: heading -> [name, node id, note] of each item."""
    return dict(opened.js(SECTIONS))


def dated_graph(papers: int = 60, entities: int = 40) -> nx.MultiDiGraph:
    """The synthetic corpus over three years and two venues."""
    graph = synthetic_graph(papers, entities)
    for i in range(papers):
        year = 2023 + i % 3
        graph.nodes[f"p{i}"].update(year=year, venue=f"{('ICML', 'NeurIPS')[i // 3 % 2]} {year}")
    return graph


def in_view(opened: Opened, ids: list[str]) -> bool:
    """Whether every node of `ids` is drawn inside the canvas."""
    return opened.page.evaluate(
        """(ids) => { const canvas = document.querySelector('#graph canvas').getBoundingClientRect();
        return ids.every((id) => { const at = network.canvasToDOM(network.getPosition(id));
          return at.x >= 0 && at.y >= 0 && at.x <= canvas.width && at.y <= canvas.height; }); }""",
        ids,
    )


def test_the_title_names_the_corpus(sample_page):
    venues = sorted({record["venue"] for record in SEED})
    assert venues == ["ICML 2025"]  # the bundled sample: one conference
    assert sample_page.page.title() == "ICML 2025 · paperkg"
    assert sample_page.page.inner_text("#heading") == "ICML 2025"


def test_corpus_title():
    graph = nx.MultiDiGraph()
    assert corpus_title(graph) == "paperkg"
    for i, venue in enumerate(["ICLR 2024"] * 3 + ["ICML 2024"] * 2 + ["A 1", "B 1", "C 1"]):
        graph.add_node(f"p{i}", type=PAPER, venue=venue)
        if i == 4:
            assert corpus_title(graph) == "ICLR 2024 and ICML 2024"
    assert corpus_title(graph) == "ICLR 2024, ICML 2024, A 1 and 2 more venues"


def test_search_draws_a_node_left_out_of_the_view_with_its_paper(browser, tmp_path):
    graph = synthetic_graph(papers=3000, entities=4000)
    write_html(graph, tmp_path / "graph.html", options=ExportOptions(html_max_nodes=300))
    opened = Opened(browser, tmp_path / "graph.html")
    drawn = set(opened.js(DRAWN))
    entity = max((n for n, d in graph.nodes(data=True) if d["type"] != PAPER and d["papers"] == 1), key=graph.degree)
    assert entity not in drawn
    [paper] = graph.predecessors(entity)
    opened.page.fill("#search", graph.nodes[entity]["name"])
    assert opened.js(SELECTED) == [entity]
    assert set(opened.js(DRAWN)) == drawn | {entity, paper}
    assert opened.js(f"network.getConnectedNodes({entity!r})") == [paper]
    assert "drawn now" in opened.page.inner_text("#search-result")
    assert sections(opened)["Papers (1)"] == [[graph.nodes[paper]["name"], paper, "(2025)"]]
    assert in_view(opened, [entity])
    assert opened.offsite() == [] and opened.errors == []
    opened.page.close()


def test_a_papers_panel_lists_what_it_proposes_uses_addresses_and_evaluates_on(sample_build, sample_page):
    graph = sample_build.graph
    paper = max(sorted(n for n, d in graph.nodes(data=True) if d["type"] == PAPER), key=graph.out_degree)
    sample_page.page.mouse.click(**point_at(sample_page, paper))
    assert sample_page.js(SELECTED) == [paper]
    expected = {}
    for relation, heading in ROLE_HEADINGS.items():
        targets = sorted({t for _, t, d in graph.out_edges(paper, data=True) if d["relation"] == relation})
        if targets:
            items = sorted([graph.nodes[t]["name"], t, ""] for t in targets)
            expected[f"{heading} ({len(items)})"] = items
    shown = {h: sorted(items) for h, items in sections(sample_page).items() if not h.startswith("Authors")}
    assert len(expected) >= 2 and shown == expected
    heading, [[name, entity, _], *_] = next(iter(expected.items()))
    sample_page.page.locator(f"#details button[data-node='{entity}']").first.click()
    assert sample_page.js(SELECTED) == [entity]
    assert graph.nodes[entity]["name"] in sample_page.page.inner_text("#details")


def test_an_entitys_panel_lists_its_papers_newest_first(browser, tmp_path):
    graph = dated_graph()
    write_html(graph, tmp_path / "graph.html")
    opened = Opened(browser, tmp_path / "graph.html")
    entity = "e1"
    opened.page.fill("#search", graph.nodes[entity]["name"])
    papers = sorted(graph.predecessors(entity), key=lambda p: (-graph.nodes[p]["year"], graph.nodes[p]["name"]))
    listed = sections(opened)[f"Papers ({len(papers)})"]
    assert listed == [[graph.nodes[p]["name"], p, f"({graph.nodes[p]['year']})"] for p in papers]
    opened.page.close()


def test_an_entitys_related_entities_come_surest_first_with_their_confidence(browser, tmp_path):
    graph = dated_graph()
    for head, relation, tail, confidence in [
        ("e0", "comparedWith", "e3", 0.6),
        ("e0", "isA", "e6", 0.9),
        ("e0", "usedFor", "e1", 0.75),
        ("e9", "comparedWith", "e0", 0.3),
    ]:
        graph.add_edge(head, tail, key=relation, relation=relation, papers=1, mentions=1, confidence=confidence)
    write_html(graph, tmp_path / "graph.html")
    opened = Opened(browser, tmp_path / "graph.html")
    opened.page.fill("#search", "entity 0")
    assert sections(opened)["Related (4)"] == [
        ["entity 6", "e6", "(entity 0 isA it · 0.90)"],
        ["entity 1", "e1", "(entity 0 usedFor it · 0.75)"],
        ["entity 3", "e3", "(entity 0 comparedWith it · 0.60)"],
        ["entity 9", "e9", "(it comparedWith entity 0 · 0.30)"],
    ]
    assert opened.errors == []
    opened.page.close()


def test_year_and_venue_filters_keep_their_papers_and_fit_the_view(browser, tmp_path):
    graph = dated_graph()
    write_html(graph, tmp_path / "graph.html")
    opened = Opened(browser, tmp_path / "graph.html")
    assert opened.js("[...document.querySelectorAll('#year option')].map((o) => o.value)") == [
        "",
        "2025",
        "2024",
        "2023",
    ]
    for select, value, keeps in (
        ("#year", "2024", lambda d: d["year"] == 2024),
        ("#venue", "NeurIPS 2024", lambda d: d["venue"] == "NeurIPS 2024"),
    ):
        opened.js("network.moveTo({scale: 6, animation: false})")  # zoomed in: most nodes out of view
        opened.page.select_option(select, value)
        papers = {n for n, d in graph.nodes(data=True) if d["type"] == PAPER and keeps(d)}
        entities = {e for p in papers for e in graph.successors(p)}
        visible = opened.js(VISIBLE.replace(".length", ".map((n) => n.id)"))
        assert set(visible) == papers | entities and 0 < len(papers) < 60
        assert in_view(opened, visible)
        opened.page.select_option(select, "")
    assert opened.js(VISIBLE) == graph.number_of_nodes()
    opened.page.close()


def test_expand_draws_every_neighbour_and_reset_goes_back(browser, tmp_path):
    graph = synthetic_graph(papers=3000, entities=4000)
    write_html(graph, tmp_path / "graph.html", options=ExportOptions(html_max_nodes=300))
    opened = Opened(browser, tmp_path / "graph.html")
    first = set(opened.js(DRAWN))
    entity = "e0"  # in 600 papers, few of them drawn
    assert entity in first and not set(graph.predecessors(entity)) <= first
    opened.page.mouse.click(**point_at(opened, entity))
    opened.page.click("#expand")
    assert set(graph.predecessors(entity)) <= set(opened.js(DRAWN))
    assert opened.js(SELECTED) == [entity]
    opened.page.click("#reset")
    assert set(opened.js(DRAWN)) == first and opened.js(SELECTED) == []
    assert opened.js("network.body.data.edges.length") == len(
        [1 for s, t in graph.edges() if s in first and t in first]
    )
    assert in_view(opened, sorted(first))
    opened.page.close()


def test_escape_clears_the_search_and_the_selection(sample_build, sample_page):
    node = max(
        sorted(n for n, d in sample_build.graph.nodes(data=True) if d["type"] != PAPER), key=sample_build.graph.degree
    )
    sample_page.page.fill("#search", sample_build.graph.nodes[node]["name"])
    assert sample_page.js(SELECTED) == [node]
    sample_page.page.keyboard.press("Escape")
    assert sample_page.js(SELECTED) == [] and sample_page.page.input_value("#search") == ""
    assert sample_page.page.inner_text("#details") == "" and sample_page.page.inner_text("#search-result") == ""
    assert sample_page.js("network.body.data.nodes.get({filter: (n) => n.opacity < 1}).length") == 0


def test_a_bigger_node_is_drawn_over_a_smaller_one_and_is_the_one_clicked(sample_build, sample_page):
    """A paper moved under the centre of the biggest node: the biggest shows there, over the paper, and a click
    there selects it (vis-network draws in order and a click takes the last node drawn under the pointer)."""
    graph = sample_build.graph
    big = max(
        sorted(n for n, d in graph.nodes(data=True) if d["type"] != PAPER), key=lambda n: graph.nodes[n]["papers"]
    )
    small = next(n for n, d in sorted(graph.nodes(data=True)) if d["type"] == PAPER and not graph.has_edge(n, big))
    sample_page.js(f"network.body.data.nodes.update({{id: {small!r}, ...network.getPosition({big!r})}})")
    # the labels aside while the pixel is read: a neighbour's label may lie over the centre
    labels = sample_page.js("network.body.data.nodes.get().map((n) => ({id: n.id, label: n.label}))")
    sample_page.js("network.body.data.nodes.update(network.body.data.nodes.getIds().map((id) => ({id, label: ''})))")
    at = point_at(sample_page, big)
    sample_page.page.mouse.move(**at)  # hovered, as before a click
    sample_page.page.wait_for_timeout(200)
    colour = sample_page.page.evaluate(
        """([x, y]) => { const canvas = document.querySelector('#graph canvas'), box = canvas.getBoundingClientRect();
        const ratio = canvas.width / box.width;
        return [...canvas.getContext('2d').getImageData((x - box.left) * ratio, (y - box.top) * ratio, 1, 1).data]
          .slice(0, 3); }""",
        [at["x"], at["y"]],
    )
    rgb = {
        n: [int(NODE_STYLE[graph.nodes[n]["type"]]["color"][i : i + 2], 16) for i in (1, 3, 5)] for n in (big, small)
    }
    sample_page.page.evaluate("(labels) => network.body.data.nodes.update(labels)", labels)
    distance = {n: sum((a - b) ** 2 for a, b in zip(colour, rgb[n])) for n in rgb}  # hovered, a node is lighter
    assert distance[big] < distance[small], (colour, rgb)
    sample_page.page.mouse.click(**at)
    assert sample_page.js(SELECTED) == [big]


def test_the_biggest_labels_are_legible_at_load(browser, tmp_path):
    """The first view fits the whole drawing, so it is far out; the names of the biggest nodes must still read
    at 12 px or more on screen."""
    graph = synthetic_graph(papers=3000, entities=4000)
    write_html(graph, tmp_path / "graph.html", options=ExportOptions(html_max_nodes=800))
    opened = Opened(browser, tmp_path / "graph.html")
    biggest = sorted(
        (n for n, d in graph.nodes(data=True) if d["type"] != PAPER), key=lambda n: -graph.nodes[n]["papers"]
    )
    on_screen = opened.page.evaluate(
        "(ids) => ids.map((id) => network.body.data.nodes.get(id).font.size * network.getScale())", biggest[:5]
    )
    assert min(on_screen) >= 12, on_screen
    assert in_view(opened, opened.js(DRAWN))
    opened.page.close()


def test_authors_are_found_and_listed_with_their_papers_co_authors_and_topics(sample_build, sample_page):
    graph = sample_build.graph
    paper = max(
        sorted(n for n, d in graph.nodes(data=True) if d["type"] == PAPER), key=lambda n: len(graph.nodes[n]["authors"])
    )
    names = graph.nodes[paper]["authors"]
    sample_page.page.fill("#search", graph.nodes[paper]["title"])
    assert sample_page.js(SELECTED) == [paper]
    listed = sections(sample_page)[f"Authors ({len(names)})"]
    assert [name for name, _, _ in listed] == names  # in the paper's order
    author, author_id = names[-1], listed[-1][1]
    sample_page.page.fill("#search", author)
    assert sample_page.js(SELECTED) == [author_id] and paper in sample_page.js(
        f"network.getConnectedNodes({author_id!r})"
    )
    shown = sections(sample_page)
    their_papers = [r for r in SEED if author in r["authors"]]
    assert [name for name, _, _ in shown[f"Papers ({len(their_papers)})"]] == sorted(r["title"] for r in their_papers)
    co_authors = {name for r in their_papers for name in r["authors"]} - {author}
    assert {name for name, _, _ in shown[f"Co-authors ({len(co_authors)})"]} == co_authors
    topics = {
        graph.nodes[e]["name"]
        for r in their_papers
        for e in graph.successors(next(n for n, d in graph.nodes(data=True) if d.get("paper_id") == r["id"]))
    }
    assert {name for name, _, _ in shown[f"Topics ({len(topics)})"]} <= topics
    assert len(shown[f"Topics ({len(topics)})"]) == min(20, len(topics))  # the first 20, then "… and N more"


def test_an_authors_topics_are_ranked_and_the_rest_counted(browser, tmp_path):
    graph = dated_graph()  # one author, "A. Author", on all 60 papers
    write_html(graph, tmp_path / "graph.html")
    opened = Opened(browser, tmp_path / "graph.html")
    opened.page.fill("#search", "A. Author")
    topics = Counter(e for p in graph if graph.nodes[p]["type"] == PAPER for e in graph.successors(p))
    shown = sections(opened)[f"Topics ({len(topics)})"]
    assert len(topics) > 20 and len(shown) == 20
    assert [int(note.split()[0][1:]) for _, _, note in shown] == sorted(topics.values(), reverse=True)[:20]
    assert opened.page.locator("#details li", has_text=f"… and {len(topics) - 20} more").count() == 1
    opened.page.close()
