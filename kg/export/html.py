"""`graph.html`: an interactive pyvis page that works offline.

pyvis builds the nodes, edges and options; the page is rendered from paperkg's own template with
the vis-network JavaScript and CSS that pyvis ships (vis-network 9.1.2) inlined, because pyvis's
template loads Bootstrap and other assets from CDNs even in its "in_line" mode.
"""

from __future__ import annotations

import html
from pathlib import Path

import networkx as nx
import pyvis
from jinja2 import Environment, FileSystemLoader, select_autoescape
from pyvis.network import Network

from ..settings import NODE_STYLE, PAPER, RELATION_COLORS

VIS_DIR = Path(pyvis.__file__).parent / "lib" / "vis-9.1.2"
TEMPLATES = Path(__file__).parent / "templates"
OPTIONS = {
    "physics": {
        "solver": "forceAtlas2Based",
        "forceAtlas2Based": {"gravitationalConstant": -60, "springLength": 90},
        "stabilization": {"iterations": 400, "fit": True},
    },
    "interaction": {"hover": True, "tooltipDelay": 120, "navigationButtons": False},
    "edges": {"arrows": {"to": {"enabled": True, "scaleFactor": 0.4}}, "smooth": False, "width": 1},
    "nodes": {"font": {"size": 14}},
}


def node_tooltip(data: dict, evidence: str) -> str:
    """HTML for a node's hover box; every value from the corpus is escaped."""
    e = html.escape
    if data["type"] == PAPER:
        lines = [f"<b>{e(data['name'])}</b>", "Paper" + (f" · {e(data['venue'])}" if data["venue"] else "")]
        if data["authors"]:
            lines.append(e(", ".join(data["authors"][:6]) + (" …" if len(data["authors"]) > 6 else "")))
        if data["url"]:
            lines.append(f"<a href=\"{e(data['url'])}\" target=\"_blank\" rel=\"noopener\">{e(data['url'])}</a>")
    else:
        lines = [f"<b>{e(data['name'])}</b>", f"{data['type']} · {data['papers']} paper{'s' if data['papers'] != 1 else ''}"]
        if data["aliases"]:
            lines.append("Also: " + e(", ".join(data["aliases"][:8])))
        if evidence:
            lines.append(f"<i>“{e(evidence)}”</i>")
    return "<br>".join(lines)


def to_pyvis(graph: nx.MultiDiGraph) -> Network:
    net = Network(directed=True, height="100%", width="100%")
    evidence: dict[str, str] = {}
    for _, target, data in graph.edges(data=True):
        evidence.setdefault(target, data["sentence"])
    for node, data in sorted(graph.nodes(data=True)):
        style = NODE_STYLE[data["type"]]
        size = 12 if data["type"] == PAPER else 8 + 6 * data["papers"] ** 0.5
        label = data["name"] if len(data["name"]) <= 40 else data["name"][:38] + "…"
        net.add_node(
            node, label=label, shape=style["shape"], color=style["color"], size=size,
            title=node_tooltip(data, evidence.get(node, "")), kind=data["type"],
            search=" | ".join([data["name"], *data.get("aliases", [])]).lower(), url=data.get("url", ""),
        )
    for source, target, data in sorted(graph.edges(data=True), key=lambda e: (e[0], e[1], e[2]["relation"])):
        net.add_edge(source, target, color=RELATION_COLORS[data["relation"]], title=data["relation"], relation=data["relation"])
    return net


def render_html(graph: nx.MultiDiGraph, title: str = "paperkg") -> str:
    net = to_pyvis(graph)
    nodes, edges, *_ = net.get_network_data()
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))
    counts = {t: sum(1 for _, d in graph.nodes(data=True) if d["type"] == t) for t in NODE_STYLE}
    return env.get_template("graph.html").render(
        title=title,
        vis_js=(VIS_DIR / "vis-network.min.js").read_text(encoding="utf-8"),
        vis_css=(VIS_DIR / "vis-network.css").read_text(encoding="utf-8"),
        nodes=nodes,
        edges=edges,
        options=OPTIONS,
        styles=NODE_STYLE,
        counts=counts,
        relation_colors=RELATION_COLORS,
    )


def write_html(graph: nx.MultiDiGraph, path: Path, title: str = "paperkg") -> None:
    path.write_text(render_html(graph, title), encoding="utf-8")


