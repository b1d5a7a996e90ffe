"""Peak memory and time of a build of one long text, beside the parse of the same text.

    python benchmarks/long_text.py [--chars N ...]

Each text is the bundled sample's abstracts, as paragraphs, repeated to N characters (default 400,000 and
5,000,000), one JSON Lines record. Its build (`python build_graph.py FILE --no-cache --workers 1`) is timed,
with the peak resident memory of its largest process (ru_maxrss of the finished child); then the same text's
parse alone (`kg.nlp.parse.parse`, in a child of its own, after the model is loaded) the same way.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kg.layout import SAMPLE_INPUT

ROOT = Path(__file__).resolve().parent.parent
PARSE_ONLY = """
import sys, time
from kg.clean import clean
from kg.nlp.parse import parse
from kg.nlp.pipeline import load_pipeline
nlp = load_pipeline()
text = clean(open(sys.argv[1], encoding="utf-8").read()).text
started = time.perf_counter()
[data] = parse([text], nlp)
print(time.perf_counter() - started, len(data["spans"]))
"""


def long_text(chars: int) -> str:
    abstracts = [json.loads(line)["abstract"] for line in SAMPLE_INPUT.read_text(encoding="utf-8").splitlines()]
    text = ""
    while len(text) < chars:
        text += "\n\n".join(abstracts) + "\n\n"
    return text[:chars].rsplit(" ", 1)[0]


# Runs a command and reports its processes' peak: RUSAGE_CHILDREN holds the largest finished descendant's,
# so each measurement runs in a fresh wrapper of its own.
WRAPPER = """
import resource, subprocess, sys
run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(run.stdout)
sys.stderr.write(run.stderr + f"\\nPEAK {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")
sys.exit(run.returncode)
"""


def peak_of(command: list[str]) -> tuple[float, int, str]:
    """Seconds, peak resident memory in MB of the command's largest process, and its stdout."""
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", WRAPPER, *command], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if run.returncode:
        raise SystemExit(run.stderr)
    peak = int(run.stderr.rsplit("PEAK ", 1)[1]) // 1024
    return seconds, peak, run.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, nargs="+", default=[400_000, 5_000_000])
    args = parser.parse_args()
    for chars in args.chars:
        with tempfile.TemporaryDirectory() as folder:
            text = long_text(chars)
            record, plain = Path(folder) / "long.jsonl", Path(folder) / "long.txt"
            record.write_text(json.dumps({"id": "long", "abstract": text}) + "\n", encoding="utf-8")
            plain.write_text(text, encoding="utf-8")
            out = Path(folder) / "out"
            build = [sys.executable, "build_graph.py", str(record), "--out", str(out), "--no-cache", "--workers", "1"]
            seconds, peak, summary = peak_of(build)
            _, parse_peak, parsed = peak_of([sys.executable, "-c", PARSE_ONLY, str(plain)])
            parse_seconds, spans = parsed.split()
            print(f"{len(text):>10,} characters: build {seconds:.1f} s, peak {peak:,} MB  ({summary})")
            print(f"{'':>22}parse {float(parse_seconds):.1f} s (model loaded), peak {parse_peak:,} MB, {spans} spans")


if __name__ == "__main__":
    main()
