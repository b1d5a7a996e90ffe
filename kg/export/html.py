"""`graph.html`: an interactive pyvis page that works offline.

pyvis builds the nodes, edges and options; the page is rendered from paperkg's own template with
the vis-network JavaScript and CSS that pyvis ships (vis-network 9.1.2) inlined, because pyvis's
template loads Bootstrap and other assets from CDNs even in its "in_line" mode.

A browser draws a few thousand nodes at most before it stops being readable or quick, so a large
graph is cut to a view (`select_view`) and the page says what it left out. Every node and link is in
the page all the same, compactly (`catalog`): search finds any paper or entity and draws it with its
neighbours, and a paper's or entity's panel lists what it links to. Nodes stand where the build's
force-directed layout put them (`kg.export.positions`, as in Gephi), so the page draws at once instead
of running a simulation.
"""

from __future__ import annotations

import html
import os
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import networkx as nx
import pyvis
from jinja2 import Environment, FileSystemLoader, select_autoescape
from pyvis.network import Network

from ..graph import identifier_page, paper_authors, results_of
from ..records import Mention, result_phrase
from ..settings import (
    AUTHOR,
    AUTHOR_STYLE,
    DEFAULT_BASE_IRI,
    DEFAULT_HTML_MAX_NODES,
    DEFAULT_HTML_MIN_PAPERS,
    NODE_STYLE,
    PAPER,
    PAPER_SIZE,
    PROPOSES,
    RELATION_COLORS,
    SIZE_PER_ROOT_PAPER,
    node_size,
)
from .options import ExportOptions
from .positions import drawing

VIS_DIR = Path(pyvis.__file__).parent / "lib" / "vis-9.1.2"
TEMPLATES = Path(__file__).parent / "templates"
OTHER_RELATION_COLOR = "#7f7f7f"  # a relation settings.RELATION_COLORS does not know yet
EVIDENCE_CHARS = 300
MAX_RESULTS = 4  # a tooltip's results, the rest as "…"
MAX_LABEL = 40  # characters of a name drawn as a node's label
TITLE_VENUES = 3  # venues named in the page's title, the rest counted
OPTIONS = {
    "physics": {"enabled": False},  # the build's layout places every node (kg.export.positions)
    "layout": {"improvedLayout": False},
    "interaction": {"hover": True, "tooltipDelay": 120, "navigationButtons": False},
    "edges": {"arrows": {"to": {"enabled": True, "scaleFactor": 0.4}}, "smooth": False, "width": 1},
    "nodes": {"font": {"strokeWidth": 3, "strokeColor": "#ffffff"}},  # labels stay legible over edges
}


@dataclass(frozen=True)
class View:
    """The nodes the page draws, and a sentence that says what it left out."""

    nodes: frozenset[str]
    note: str


def select_view(
    graph: nx.MultiDiGraph, min_papers: int = DEFAULT_HTML_MIN_PAPERS, max_nodes: int = DEFAULT_HTML_MAX_NODES
) -> View:
    """Entities in ≥ t papers and papers that mention them, at most `max_nodes` in all.

    t is the least threshold ≥ `min_papers` at which everything left fits, or else at which the
    entities take at most half the page (they are what people look for); papers fill the rest.
    """
    counts = {n: d["papers"] for n, d in graph.nodes(data=True) if d["type"] != PAPER}
    papers = sorted(n for n, d in graph.nodes(data=True) if d["type"] == PAPER)
    t = max(min_papers, 1)
    while True:
        entities = {n for n, c in counts.items() if c >= t}
        links = {p: len(set(graph.successors(p)) & entities) for p in papers}
        candidates = [p for p in papers if links[p] or t == 1]  # a paper that names no entity: only in full
        if len(entities) + len(candidates) <= max_nodes or len(entities) <= max_nodes // 2:
            break
        t = min((c for c in counts.values() if c > t), default=t + 1)
    shown = pick_papers(graph, entities, candidates, links, max(max_nodes - len(entities), 0))
    nodes = frozenset(entities | set(shown))
    if len(nodes) == graph.number_of_nodes():
        return View(nodes, f"Showing all {len(nodes):,} nodes.")
    entity_part = (
        f"all {len(entities):,} entities"
        if len(entities) == len(counts)
        else f"the {len(entities):,} entities in ≥ {t} papers (of {len(counts):,})"
    )
    paper_part = (
        f"all {len(shown):,} papers"
        if len(shown) == len(papers)
        else f"the {len(shown):,} papers that mention them"
        if len(shown) == len(candidates)
        else f"{len(shown):,} of the {len(candidates):,} papers that mention them"
    )
    return View(nodes, f"Showing {len(nodes):,} of {graph.number_of_nodes():,} nodes: {entity_part} and {paper_part}.")


def pick_papers(
    graph: nx.MultiDiGraph, entities: set[str], candidates: list[str], links: dict[str, int], budget: int
) -> list[str]:
    """At most `budget` candidates: one paper for every entity first, so that none floats alone,
    then those that link the most entities, since a paper that joins two says more than a leaf."""
    if len(candidates) <= budget:
        return candidates
    first = set()
    for entity in entities:
        if its_papers := sorted(p for p in graph.predecessors(entity) if p in links):
            first.add(max(its_papers, key=links.__getitem__))
    return sorted(candidates, key=lambda p: (p not in first, -links[p]))[:budget]


def web_url(url: str | None) -> str:
    """The URL if it is http(s): a `javascript:` URL from the corpus must not become a link."""
    return url if url and url.lower().startswith(("https://", "http://")) else ""


def result_line(row: dict, method: bool) -> str:
    """A result row as a tooltip line, with its method if `method`."""
    phrase = result_phrase(
        row["value"], row["unit"], row["metric"], row["target_name"] or "", row["baseline_name"] or ""
    )
    return phrase + (f" ({row['method_name']})" if method and row["method"] else "")


def result_lines(label: str, phrases: list[str]) -> list[str]:
    shown = phrases[:MAX_RESULTS] + (["…"] if len(phrases) > MAX_RESULTS else [])
    return [f"{label}: " + html.escape("; ".join(shown))] if phrases else []


def node_tooltip(data: dict, evidence: str, shown_papers: int, results: Sequence[str] = ()) -> str:
    """HTML for a node's hover box and details, with the results its paper reports or its method has; every
    value from the corpus is escaped."""
    e = html.escape
    if data["type"] == PAPER:
        lines = [
            f"<b>{e(data['name'])}</b>",
            " · ".join(["Paper", *(e(str(data[k])) for k in ("venue", "year") if data.get(k))]),
        ]
        if data["authors"]:
            lines.append(e(", ".join(data["authors"][:6]) + (" …" if len(data["authors"]) > 6 else "")))
        if url := web_url(data.get("url")):
            lines.append(f'<a href="{e(url)}" target="_blank" rel="noopener">{e(url)}</a>')
        for name, label in (("doi", "DOI"), ("arxiv", "arXiv")):
            if name in data:
                page = identifier_page(name, data[name])
                lines.append(f'{label} <a href="{e(page)}" target="_blank" rel="noopener">{e(data[name])}</a>')
        return "<br>".join(lines + result_lines("Reports", list(results)))
    count = f"{data['papers']:,} paper{'' if data['papers'] == 1 else 's'}"
    count += f", {shown_papers:,} shown" if shown_papers < data["papers"] else ""
    lines = [f"<b>{e(data['name'])}</b>", f"{data['type']} · {count}"]
    if data.get("mention_count"):
        lines.append(f"a {data['type'].lower()} in {data['type_evidence']:,} of its {data['mention_count']:,} mentions")
    if data["aliases"]:
        lines.append("Also: " + e(", ".join(data["aliases"][:8])) + (" …" if len(data["aliases"]) > 8 else ""))
    lines += result_lines("Results", list(results))
    if evidence:
        cut = evidence if len(evidence) <= EVIDENCE_CHARS else evidence[: EVIDENCE_CHARS - 1] + "…"
        lines.append(f"<i>“{e(cut)}”</i>")
    return "<br>".join(lines)


def relation_color(relation: str) -> str:
    return RELATION_COLORS.get(relation, OTHER_RELATION_COLOR)


def label(name: str) -> str:
    return name if len(name) <= MAX_LABEL else name[: MAX_LABEL - 2] + "…"


def to_pyvis(graph: nx.MultiDiGraph, view: View, where: dict[str, tuple[float, float]]) -> Network:
    """The view as a pyvis network, at the positions `where`; the page's script reads `kind`, `papers` (1 for a
    paper), `names`, `url`. Smaller nodes come first: vis-network draws in this order and a click picks the
    last node drawn under the pointer, so that the node on top is the one clicked."""
    net = Network(directed=True, height="100%", width="100%")
    evidence: dict[str, str] = {}
    for source, target, data in sorted(graph.edges(data=True), key=lambda e: e[2]["relation"] != PROPOSES):
        if data.get("sentence") and graph.nodes[source]["type"] == PAPER:  # a sentence naming the entity itself
            evidence.setdefault(target, data["sentence"])  # "we propose X" is the best evidence there is
    results: dict[str, list[str]] = defaultdict(list)  # a paper's results, with their methods; a method's
    for row in results_of(graph)[0]:
        results[row["paper"]].append(result_line(row, method=True))
        if row["method"]:
            results[row["method"]].append(result_line(row, method=False))

    def drawn_size(node: str) -> float:
        return node_size(graph.nodes[node]["type"], graph.nodes[node].get("papers", 1))

    for node in sorted(view.nodes, key=lambda n: (drawn_size(n), n)):
        data = graph.nodes[node]
        papers = data.get("papers", 1)
        shown_papers = sum(
            1 for p in set(graph.predecessors(node)) if p in view.nodes and graph.nodes[p]["type"] == PAPER
        )
        style = NODE_STYLE[data["type"]]
        name = data["name"]
        net.add_node(
            node,
            label=label(name),
            shape=style["shape"],
            color=style["color"],
            size=drawn_size(node),
            x=round(where[node][0]),
            y=round(where[node][1]),
            font={"size": 10 if data["type"] == PAPER else round(12 + 3 * papers**0.5)},
            title=node_tooltip(data, evidence.get(node, ""), shown_papers, results.get(node, [])),
            kind=data["type"],
            papers=papers,
            names=[s.lower() for s in (name, *data.get("aliases", []))],
            url=web_url(data.get("url")),
        )
    edges = sorted(
        (s, t, d["relation"], d.get("confidence"))
        for s, t, d in graph.edges(data=True)
        if s in view.nodes and t in view.nodes
    )
    for i, (source, target, relation, confidence) in enumerate(edges):
        title = relation if confidence is None else f"{relation} · confidence {confidence:.2f}"
        net.add_edge(source, target, id=f"e{i}", color=relation_color(relation), title=title, relation=relation)
    return net


def corpus_title(graph: nx.MultiDiGraph) -> str:
    """The build's corpus by its papers' venues, most papers first ("ICML 2025"; "ICLR 2024, ICML 2024 and
    3 more venues"); "paperkg" when no paper names one."""
    venues = Counter(d["venue"] for _, d in graph.nodes(data=True) if d["type"] == PAPER and d.get("venue"))
    named = [venue for venue, _ in sorted(venues.items(), key=lambda item: (-item[1], item[0]))]
    if not named:
        return "paperkg"
    if len(named) <= TITLE_VENUES:
        return ", ".join(named[:-1]) + (" and " if len(named) > 1 else "") + named[-1]
    return f"{', '.join(named[:TITLE_VENUES])} and {len(named) - TITLE_VENUES:,} more venues"


def catalog(
    nodes: list[tuple[str, dict]],
    edges: list[tuple[str, str, dict]],
    where: dict[str, tuple[float, float]],
    base_iri: str,
) -> dict:
    """Every node and link of the build (kg.graph.with_authors: in id order, authors included), compact, for
    the page to search and to draw on demand.

    `nodes`: [id after `base`, kind (index in `kinds`), name, papers, x, y, more], where `more` is a paper's
    [year, venue, its authors' indices in its order, url], an entity's aliases, an author's nothing; `links`:
    a flat list of (source, target, relation, confidence) quadruples, the nodes by index, the relation by
    index in `relations`, the confidence in hundredths (-1 for none)."""
    ids = [node for node, _ in nodes]
    base = os.path.commonprefix(ids).rpartition("/")[0] + "/" if len(ids) > 1 and "/" in ids[0] else ""
    index = {node: i for i, node in enumerate(ids)}
    kinds = [*NODE_STYLE, AUTHOR]
    rows = []
    for node, data in nodes:
        if data["type"] == PAPER:
            authors = [index[iri] for iri in paper_authors(base_iri, data.get("authors") or []) if iri in index]
            more: list = [data.get("year") or 0, data.get("venue") or "", authors, web_url(data.get("url"))]
        else:
            more = list(data.get("aliases", []))
        x, y = where[node]
        rows.append(
            [
                node[len(base) :],
                kinds.index(data["type"]),
                data["name"],
                data.get("papers", 1),
                round(x),
                round(y),
                more,
            ]
        )
    relations = sorted({d["relation"] for *_, d in edges})
    relation_index = {relation: i for i, relation in enumerate(relations)}
    links: list[int] = []
    for source, target, data in edges:
        confidence = data.get("confidence")
        links += [index[source], index[target], relation_index[data["relation"]]]
        links.append(-1 if confidence is None else round(confidence * 100))
    return {"base": base, "kinds": kinds, "relations": relations, "nodes": rows, "links": links}


def render_html(
    graph: nx.MultiDiGraph,
    min_papers: int = DEFAULT_HTML_MIN_PAPERS,
    max_nodes: int = DEFAULT_HTML_MAX_NODES,
) -> str:
    view = select_view(graph, min_papers, max_nodes)
    nodes, edges, where = drawing(graph)  # authors: reached by search and the panels, never in the first view
    drawn, drawn_edges, *_ = to_pyvis(graph, view, where).get_network_data()
    styles = {**NODE_STYLE, AUTHOR: AUTHOR_STYLE}
    in_build = Counter(d["type"] for _, d in nodes)
    present = {d["relation"] for *_, d in edges}
    relations = [r for r in RELATION_COLORS if r in present] + sorted(present - RELATION_COLORS.keys())
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))
    return env.get_template("graph.html").render(
        title=corpus_title(graph),
        note=view.note,
        vis_js=(VIS_DIR / "vis-network.min.js").read_text(encoding="utf-8"),
        vis_css=(VIS_DIR / "vis-network.css").read_text(encoding="utf-8"),
        nodes=drawn,
        edges=drawn_edges,
        catalog=catalog(nodes, edges, where, graph.graph.get("base_iri", DEFAULT_BASE_IRI)),
        options=OPTIONS,
        styles=styles,
        sizes={"paper": PAPER_SIZE, "perRootPaper": SIZE_PER_ROOT_PAPER, "maxLabel": MAX_LABEL},
        counts={t: (sum(1 for n in drawn if n["kind"] == t), in_build[t]) for t in styles},  # drawn, in all
        max_papers=max((d.get("papers", 1) for _, d in nodes if d["type"] != PAPER), default=1),
        relation_colors={r: relation_color(r) for r in relations},
        other_relation_color=OTHER_RELATION_COLOR,
    )


def write_html(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    """Write the page; `options.html_min_papers` and `html_max_nodes` bound the view of a large graph
    (see `select_view`)."""
    path.write_text(
        render_html(graph, min_papers=options.html_min_papers, max_nodes=options.html_max_nodes), encoding="utf-8"
    )
