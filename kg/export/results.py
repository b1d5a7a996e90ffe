"""`results.jsonl`: one reported result a line — a number in a metric for a method, on a dataset or task —
with its entities by IRI and name and its offsets into the abstract exactly as read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import networkx as nx

from ..graph import results_of
from ..records import Mention
from .options import ExportOptions

FIELDS = (
    "paper_id", "method", "method_name", "target", "target_name", "target_type", "baseline", "baseline_name",
    "metric", "measure", "value", "unit", "relative", "text", "start", "end", "sentence",
)  # fmt: skip


def write_results(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for row in results_of(graph)[0]:
            out.write(json.dumps({"iri": row["iri"], **{k: row[k] for k in FIELDS}}, ensure_ascii=False) + "\n")
