"""Paper-level quality on abstracts nothing was trained or tuned on: the 640 of `paperlevel_other.json`.

    python benchmarks/other_papers.py OUT_DIR [--shared DIR] [--min-confidence X]

They are drawn at random from `../shared/data/papers` (2020–2025 AISTATS, ICLR, ICML, NeurIPS), leaving out the
papers of `training/paperlevel.json` and of the shared dev set, and annotated to ANNOTATION.md the same way.
Writes their records, as published, to OUT_DIR/papers.jsonl, builds them into OUT_DIR/build with
`build_graph.py`, and prints what `paper_score.py` (from the shared folder) prints for that build.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLD = HERE / "paperlevel_other.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument(
        "--shared", type=Path, default=Path(os.environ.get("PAPERKG_SHARED", HERE.parent.parent / "shared"))
    )
    parser.add_argument("--min-confidence", type=float)
    args = parser.parse_args()
    wanted: dict[str, set[str]] = defaultdict(set)
    for paper in json.loads(GOLD.read_text(encoding="utf-8"))["papers"]:
        wanted[paper["file"]].add(paper["id"])
    args.out.mkdir(parents=True, exist_ok=True)
    papers = args.out / "papers.jsonl"
    with papers.open("w", encoding="utf-8") as out:
        for name, ids in sorted(wanted.items()):
            for line in (args.shared / "data" / "papers" / name).read_text(encoding="utf-8").splitlines():
                if json.loads(line)["id"] in ids:
                    out.write(line + "\n")
    build = [sys.executable, str(HERE.parent / "build_graph.py"), str(papers), "--out", str(args.out / "build")]
    if args.min_confidence is not None:
        build += ["--min-confidence", str(args.min_confidence)]
    subprocess.run(build, check=True)
    score = [sys.executable, str(args.shared / "tools" / "paper_score.py"), str(args.out / "build"), str(GOLD)]
    subprocess.run(score, check=True)


if __name__ == "__main__":
    main()
