"""Time one build per abstract for abstracts made to be slow, beside a normal one.

    python benchmarks/adversarial_parse.py [--seed FILE] [--repeats N ...] [--only NAME ...]

Each input is one paper in a file of its own, built with `kg.build` in this process (one worker, no cache,
after a first build that loads the model); the line gives the seconds of the build's extract stage (spaCy
and the records) and of the whole build. The inputs: the first abstract of --seed, one sentence of
capitalised words ('ABCDEFGHIJ ' * n for each n of --repeats), 10,000 opening brackets, 1,536 names listed
after "on" (15,384 characters) and 19,990 quotes (under the 20,000-character cap); the last two and the
brackets after a word or two (an abstract without words is skipped).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from kg import build
from kg.layout import SAMPLE_INPUT


def inputs(seed: Path, repeats: list[int]) -> dict[str, str]:
    """Name -> abstract, the normal one first."""
    normal = json.loads(seed.read_text(encoding="utf-8").splitlines()[0])["abstract"]
    made = {"normal abstract": normal}
    made.update({f"'ABCDEFGHIJ ' * {n}": "ABCDEFGHIJ " * n for n in repeats})
    made["'(' * 10000"] = "Brackets: " + "(" * 10000  # a word, or the paper is skipped
    made["'on ' + 'ABC-1 and ' * 1536"] = "We evaluate on " + "ABC-1 and " * 1536 + "ImageNet."
    made["'\"' * 19990"] = "Quotes: " + '"' * 19990
    return made


def timed(abstract: str, folder: Path) -> tuple[float, float]:
    """Seconds of the extract stage and of the whole build of one paper with this abstract."""
    source = folder / "paper.jsonl"
    source.write_text(json.dumps({"id": "p", "title": "t", "abstract": abstract}) + "\n", encoding="utf-8")
    started = time.perf_counter()
    result = build([source], folder / "out", workers=1, cache=False)
    return result.timings["extract"], time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--seed",
        type=Path,
        default=SAMPLE_INPUT,
        help="a JSONL file whose first abstract is the normal one (default: the sample)",
    )
    parser.add_argument("--repeats", type=int, nargs="+", default=[300, 600, 1200, 1800], help="values of n")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only the inputs whose name contains one of these")
    args = parser.parse_args()
    made = inputs(args.seed, args.repeats)
    with tempfile.TemporaryDirectory(prefix="paperkg-adversarial-") as tmp:
        folder = Path(tmp)
        timed(made["normal abstract"], folder)  # loads the model
        for name, abstract in made.items():
            if args.only and not any(part in name for part in args.only):
                continue
            extract, total = timed(abstract, folder)
            print(f"{name:<28} {len(abstract):>6} chars  extract {extract:7.2f} s  build {total:7.2f} s", flush=True)


if __name__ == "__main__":
    main()
