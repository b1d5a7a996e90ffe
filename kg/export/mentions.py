"""`mentions.jsonl`: one extracted mention a line, offsets into its field (the abstract, or the title) exactly as
read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import networkx as nx

from ..graph import mention_entity_iris
from ..records import Mention
from .options import ExportOptions


def write_mentions(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    iris = mention_entity_iris(graph)
    with open(path, "w", encoding="utf-8") as out:
        for m in mentions:
            row = {
                "paper": m.paper,
                "start": m.start,
                "end": m.end,
                "field": "title" if m.in_title else "abstract",
                "text": m.text,
                "label": m.label,
                "entity": iris[m.entity],
                "role": m.role,
                "confidence": m.confidence,
                "sentence": m.sentence,
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
