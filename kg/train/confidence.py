"""`kg train-confidence`: the weights of kg.confidence, fitted on paper-level gold.

The gold, annotated to ANNOTATION.md (for each paper, the methods, tasks and datasets a researcher would
list), is two sets, each built as a corpus of its own: `data/paperlevel/dev.json` under the shared folder
(abstracts in `dev.jsonl`), and the papers of `training/paperlevel.json` that the list recognizer was not
trained on (kg.train.listed), so that its findings weigh as much as they do on papers it never saw. Every link
a build makes for a gold paper is labelled by the gold's own scorer (`tools/paper_score.py`): 1 where the
entity matches an item of its type, 0 where it matches nothing, left out where it matches an optional item or
an item of another type. The fit is an L2-regularised logistic regression (Newton's method: a few thousand
links, a few dozen features and a weight for each head word with HEAD_MIN_LINKS links). Ten folds by paper give
each link an out-of-fold confidence: the threshold that maximises paper-level F1 on them becomes the default
where it beats the current one by MIN_F1_GAIN, and the same confidences show the calibration (the figures of
the shared dev set's papers alone are reported apart). The weights shipped are then fitted on every paper. A
second regression, on the same features, is fitted on the gold's `proposes` lists: whether the paper proposes
the entity (its threshold chosen the same way).
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np

from ..builder.parallel import extract_corpus
from ..confidence import HEAD, all_links, each_link_features, resolve_papers, shipped_model
from ..corpus import Paper, read_corpus
from ..errors import KGError
from ..evaluation.scores import prf
from ..layout import ANNOTATIONS
from ..resolve import resolve_relations
from ..settings import DEFAULT_MIN_CONFIDENCE, NODE_TYPES
from .listed import for_confidence, read_annotations

FOLDS = 10
L2 = 1.0
HEAD_MIN_LINKS = 5  # a head word gets a weight of its own when the gold has this many links with it
THRESHOLDS = [round(0.05 * i, 2) for i in range(1, 16)]
# What another threshold must gain in held-out F1 to become the default: near its top the F1 curve is flat
# (0.695 at 0.35, 0.4 and 0.45 on 6483df9), and a refit should not move what a build keeps on noise.
MIN_F1_GAIN = 0.005


@dataclass
class Link:
    paper: str
    type: str  # method | task | dataset
    features: dict[str, float]
    items: list[int]  # the gold items of its type it matches
    label: int | None  # 1 listed, 0 not, None neutral
    proposes: list[int]  # the gold's proposed items it matches


def paper_scorer(shared: Path) -> ModuleType:
    path = shared / "tools" / "paper_score.py"
    if not path.is_file():
        raise KGError(f"{path} not found: pass --shared or set PAPERKG_SHARED")
    spec = importlib.util.spec_from_file_location("paper_score", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def gold_sets(shared: Path, annotations: Path = ANNOTATIONS) -> list[tuple[list[Paper], list[dict]]]:
    """The papers and gold of the shared dev set, and of the annotated papers kept for the link confidence."""
    dev = shared / "data" / "paperlevel"
    kept = [a for a in read_annotations(annotations, shared) if for_confidence(a.paper.id)]
    return [
        (read_corpus([dev / "dev.jsonl"]).papers, json.loads((dev / "dev.json").read_text(encoding="utf-8"))["papers"]),
        ([a.paper for a in kept], [a.gold for a in kept]),
    ]


def gold_links(
    shared: Path, annotations: Path = ANNOTATIONS, workers: int = 1
) -> tuple[list[Link], list[dict], set[str]]:
    """Every link the builds of the gold sets make for their papers, labelled; the gold papers; the ids of
    the shared dev set's."""
    scorer = paper_scorer(shared)
    links: list[Link] = []
    golds: list[dict] = []
    sets = gold_sets(shared, annotations)
    for papers, gold in sets:
        links += set_links(scorer, papers, gold, workers)
        golds += gold
    return links, golds, {g["id"] for g in sets[0][1]}


def set_links(scorer: ModuleType, papers: list[Paper], gold: list[dict], workers: int) -> list[Link]:
    """Every link a build of `papers` makes, labelled by the gold."""
    extraction = extract_corpus(papers, None, workers)
    mentions, relations, _ = extraction.records
    resolution = resolve_papers(mentions, papers)
    stated = resolve_relations(relations, resolution)
    resolution = all_links(resolution, papers)
    features = dict(each_link_features(resolution, papers, stated))
    by_id = {g["id"]: g for g in gold}
    links = []
    for (paper, key), f in sorted(features.items()):
        entity, g = resolution.entities[key], by_id[paper]
        kind = NODE_TYPES[entity.label].lower()
        labels = {entity.name, *entity.aliases}
        items = [i for i, forms in enumerate(g.get(kind, [])) if scorer.match(labels, forms)]
        others = [forms for t in scorer.TYPES if t != kind for forms in g.get(t, [])] + g.get("opt", [])
        neutral = not items and any(scorer.match(labels, forms) for forms in others)
        proposes = [i for i, name in enumerate(g.get("proposes", [])) if scorer.match(labels, [name])]
        links.append(Link(paper, kind, f, items, None if neutral else int(bool(items)), proposes))
    return links


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 50) -> np.ndarray:
    """Logistic regression weights by Newton's method; the bias (column 0) is not regularised."""
    w = np.zeros(x.shape[1])
    penalty = l2 * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty @ w
        hessian = (x.T * (p * (1 - p))) @ x + penalty + 1e-9 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def paper_level(links: list[Link], gold: list[dict], confidence: list[float], threshold: float) -> dict[str, float]:
    """P, R, F1 as paper_score.py counts them, for the links kept at `threshold`."""
    tp = fp = 0
    matched: dict[tuple[str, str], set[int]] = {}
    for link, c in zip(links, confidence):
        if c < threshold:
            continue
        seen = matched.setdefault((link.paper, link.type), set())
        new = [i for i in link.items if i not in seen]
        if new:
            seen.add(new[0])
            tp += 1
        elif link.label == 0:
            fp += 1
    return rounded_prf(tp, fp, sum(len(g.get(t, [])) for g in gold for t in ("method", "task", "dataset")))


def rounded_prf(tp: int, fp: int, wanted: int) -> dict[str, float]:
    p, r, f1 = prf(tp, tp + fp, tp, wanted)
    return {"p": round(p, 3), "r": round(r, 3), "f1": round(f1, 3)}


def out_of_fold(x: np.ndarray, y: np.ndarray, papers: list[str]) -> np.ndarray:
    """Each row's probability from a model fitted on the other folds (FOLDS, by paper); rows with y < 0 are
    not fitted on."""
    fold = {paper: i % FOLDS for i, paper in enumerate(sorted(set(papers)))}
    held_out = np.zeros(len(papers))
    for k in range(FOLDS):
        test = np.array([fold[paper] == k for paper in papers])
        w = fit(x[~test & (y >= 0)], y[~test & (y >= 0)])
        held_out[test] = 1.0 / (1.0 + np.exp(-x[test] @ w))
    return held_out


def proposes_level(links: list[Link], gold: list[dict], chosen: np.ndarray) -> dict[str, float]:
    """P, R, F1 of what the chosen links say the papers propose, as paper_score.py counts `proposes`."""
    fp = 0
    found: dict[str, set[int]] = {}
    for link, on in zip(links, chosen):
        if on:
            if link.proposes:
                found.setdefault(link.paper, set()).update(link.proposes)
            else:
                fp += 1
    tp = sum(len(items) for items in found.values())
    return rounded_prf(tp, fp, sum(len(g.get("proposes", [])) for g in gold))


def stable_threshold(scores: dict[float, dict[str, float]], current: float) -> float:
    """The threshold with the best F1 in `scores` where it beats the `current` one's by MIN_F1_GAIN, else the
    current one."""
    best = max(THRESHOLDS, key=lambda t: (scores[t]["f1"], -t))
    return best if scores[best]["f1"] >= scores[current]["f1"] + MIN_F1_GAIN else current


def fit_proposes(links: list[Link], gold: list[dict], x: np.ndarray, kept: np.ndarray) -> dict:
    """Weights saying that a paper proposes an entity, and the threshold with the best held-out `proposes` F1
    among the links kept (`kept`: by their held-out confidence), where it beats the shipped one by MIN_F1_GAIN
    (near its top the curve is flat: 0.622 at 0.30, 0.626 at 0.35 on 260c34e, where 0.35 drops contributions a
    paper names, "we propose F2STrans, a ..."); the roles component's own reading is one of the features."""
    y = np.array([float(bool(link.proposes)) for link in links])
    held_out = out_of_fold(x, y, [link.paper for link in links])
    scores = {t: proposes_level(links, gold, kept & (held_out >= t)) for t in THRESHOLDS}
    threshold = stable_threshold(scores, shipped_model().proposes_threshold)
    roles = np.array([link.features["proposed"] > 0 for link in links])
    return {
        "weights": fit(x, y),
        "threshold": threshold,
        "held_out": {"roles component": proposes_level(links, gold, kept & roles), "kept": scores[threshold]},
    }


def fit_confidence(shared: Path, annotations: Path = ANNOTATIONS, workers: int = 1) -> dict:
    """The model file's content: feature weights, the default threshold and the out-of-fold figures."""
    links, gold, dev = gold_links(shared, annotations, workers)
    heads = Counter(name for link in links for name in link.features if name.startswith(HEAD))
    names = [n for n in links[0].features if not n.startswith(HEAD)]
    names += sorted(head for head, count in heads.items() if count >= HEAD_MIN_LINKS)
    x = np.array([[link.features.get(n, 0.0) for n in names] for link in links])
    y = np.array([-1 if link.label is None else link.label for link in links], dtype=float)
    papers = sorted({link.paper for link in links})
    held_out = out_of_fold(x, y, [link.paper for link in links])
    confidence = [float(c) for c in held_out]
    scores = {t: paper_level(links, gold, confidence, t) for t in [0.0, *THRESHOLDS]}
    threshold = stable_threshold(scores, DEFAULT_MIN_CONFIDENCE)
    calibration = []
    for low in np.arange(0.0, 1.0, 0.1):
        in_bin = (held_out >= low) & (held_out < low + 0.1) & (y >= 0)
        if in_bin.any():
            calibration.append(
                {
                    "from": round(float(low), 1),
                    "links": int(in_bin.sum()),
                    "confidence": round(float(held_out[in_bin].mean()), 3),
                    "listed": round(float(y[in_bin].mean()), 3),
                }
            )
    labelled = y >= 0
    w = fit(x[labelled], y[labelled])
    proposes = fit_proposes(links, gold, x, held_out >= threshold)
    on_dev = [i for i, link in enumerate(links) if link.paper in dev]
    dev_kept = paper_level(
        [links[i] for i in on_dev], [g for g in gold if g["id"] in dev], [confidence[i] for i in on_dev], threshold
    )
    return {
        "weights": {n: round(float(v), 4) for n, v in zip(names, w)},
        "threshold": threshold,
        "proposes": {**proposes, "weights": {n: round(float(v), 4) for n, v in zip(names, proposes["weights"])}},
        "fitted_on": {
            "gold": ["data/paperlevel/dev.json", f"{ANNOTATIONS} (the papers kept from the list recognizer)"],
            "papers": len(papers),
            "links": int(labelled.sum()),
            "listed": int(y[labelled].sum()),
            "neutral": int((~labelled).sum()),
        },
        "held_out": {
            "all links": scores[0.0],
            "kept": scores[threshold],
            "dev kept": dev_kept,
            "calibration": calibration,
        },
    }
