"""The whole build: read → extract → resolve → graph → exports."""

from __future__ import annotations

import errno
import gc
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping

import networkx as nx

from ..clean import clean
from ..confidence import resolve_confident
from ..corpus import Corpus, Paper, read_corpus
from ..errors import InputError, KGError, OutputError
from ..export.options import ExportOptions
from ..export.rdf import FORMATS
from ..export.writers import writers
from ..graph import build_graph, check_base_iri
from ..layout import DEFAULT_OUT, MANIFEST_FILE, SAMPLE_INPUT
from ..nlp.docdata import Records
from ..records import Mention
from ..resolve import resolve_results
from ..settings import (
    DEFAULT_BASE_IRI,
    DEFAULT_HTML_MAX_NODES,
    DEFAULT_HTML_MIN_PAPERS,
    DEFAULT_MIN_CONFIDENCE,
    MAX_PIECE_CHARS,
    PAPER,
    RELATIONS,
)
from .manifest import BuildCounts, fingerprint, up_to_date, write_manifest
from .parallel import MIN_PARALLEL, Extraction, default_workers, extract_corpus
from .staging import finish_moves, staged
from .writing import unwritten, write_exports

Made = tuple[list[Mention], nx.MultiDiGraph]


@dataclass
class BuildResult:
    """What a build made. One that was up to date wrote nothing and made no graph; its `mentions` and
    `graph` are made (from the parse cache) when first asked for, so that `kg build` returns at once."""

    out: Path
    corpus: Corpus
    counts: BuildCounts
    seconds: float
    make: Callable[[], Made] = field(repr=False)
    timings: dict[str, float] = field(default_factory=dict)
    split: list[str] = field(default_factory=list)  # ids of papers whose text spaCy read in pieces
    parsed: int = 0  # abstracts spaCy read in this build; the others came from the cache
    up_to_date: bool = False  # `out` already held this build's exports, intact: none was written
    warnings: list[str] = field(default_factory=list)  # what the build did besides, printed as `kg: warning:` lines

    @cached_property
    def made(self) -> Made:
        return self.make()

    @property
    def mentions(self) -> list[Mention]:
        return self.made[0]

    @property
    def graph(self) -> nx.MultiDiGraph:
        return self.made[1]

    def summary(self) -> str:
        c = self.counts
        line = (
            f"{len(self.corpus.papers)} papers, {c.mentions} mentions, {c.entities} entities, "
            f"{c.edges} edges ({c.relations} between entities) -> {self.out} in {self.seconds:.1f}s"
            + (" (up to date)" if self.up_to_date else "")
        )
        if self.corpus.skipped:
            line += "; skipped " + self.corpus.skip_summary()
        if len(self.corpus.files) > 1 or self.corpus.passed_over:
            files = len(self.corpus.files)
            line += f"; read {files} file{'s' * (files != 1)} ({', '.join(p.name for p in self.corpus.files)})"
            line += f", passed over {len(self.corpus.passed_over)}" if self.corpus.passed_over else ""
        if self.split:
            line += f"; split {len(self.split)} (text over {MAX_PIECE_CHARS} characters, read in pieces)"
        return line


def check_out(out: Path) -> None:
    """Fail before any work if `out` cannot be a folder: it, or the first of its parents that exists, is a file,
    or it cannot be looked at (a parent without search permission, a name too long) or written."""
    try:
        existing = next(p for p in (out, *out.parents) if p.exists())
        is_dir = existing.is_dir()
    except OSError as exc:
        raise OutputError(f"cannot use this folder ({exc.strerror or exc})", out) from None
    if not is_dir:
        raise OutputError(
            "--out names a file, not a folder" if existing == out else f"--out is inside {existing}, a file", out
        )
    if not os.access(existing, os.W_OK | os.X_OK):  # found now, not after the parse
        raise OutputError(f"cannot write here ({os.strerror(errno.EACCES)})", existing)


def split_texts(papers: list[Paper]) -> list[str]:
    """The ids of the papers whose clean text is over MAX_PIECE_CHARS: spaCy reads it in pieces."""
    return [p.id for p in papers if len(p.abstract) > MAX_PIECE_CHARS and len(clean(p.abstract).text) > MAX_PIECE_CHARS]


def counts_of(graph: nx.MultiDiGraph, mentions: list[Mention]) -> BuildCounts:
    return BuildCounts(
        mentions=len(mentions),
        entities=sum(1 for _, d in graph.nodes(data=True) if d["type"] != PAPER),
        edges=graph.number_of_edges(),
        relations=sum(1 for *_, d in graph.edges(data=True) if d["relation"] in RELATIONS),
    )


def make_graph(
    papers: list[Paper],
    out: Path,
    base_iri: str,
    cache: bool,
    workers: int | None,
    dask: str | None,
    progress: bool,
    min_confidence: float,
    lap: Callable[[str], None] = lambda stage: None,
) -> tuple[Made, Extraction]:
    """Extract, resolve, keep the links of at least `min_confidence` and graph; and the extraction's own
    figures (how many abstracts spaCy read, the cache's warnings) without its records: the mentions before
    resolution, which the build would otherwise hold while it writes the exports."""
    if cache:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot create a folder here ({exc.strerror})", out) from None
    extraction = extract_corpus(papers, out if cache else None, workers or default_workers(), dask, progress)
    mentions, relations, results = extraction.records
    lap("extract")
    with cycles_left_alone():
        resolution, relations = resolve_confident(mentions, relations, papers, min_confidence)
        results = resolve_results(results, resolution)
        lap("resolve")
        graph = build_graph(papers, resolution, base_iri, relations, results)
        lap("graph")
    return (resolution.mentions, graph), replace(extraction, records=Records([], [], []))


@contextmanager
def cycles_left_alone() -> Iterator[None]:
    """Python's cycle collector paused: resolution makes millions of records, none in a cycle, and each of the
    collector's passes reads all of them (a fifth of the time resolving the 31.7k abstracts took). Not while
    parsing: the workers fork from this process and would inherit the pause."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build(
    inputs: Iterable[Path] = (),
    out: Path = DEFAULT_OUT,
    base_iri: str = DEFAULT_BASE_IRI,
    *,
    fields: Mapping[str, str] | None = None,
    html_min_papers: int = DEFAULT_HTML_MIN_PAPERS,
    html_max_nodes: int = DEFAULT_HTML_MAX_NODES,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    strict: bool = False,
    evidence: bool = True,
    rdf_formats: Iterable[str] = (),
    workers: int | None = None,
    cache: bool = True,
    dask: str | None = None,
    progress: bool = False,
) -> BuildResult:
    """Build the knowledge graph of `inputs` (default: the bundled ICML 2025 sample) into `out`; `fields`
    names the keys that hold a paper's fields in plain JSON and CSV records ({"abstract": "paper_abstract"}).

    `html_min_papers` and `html_max_nodes` bound what graph.html draws of a large graph. A paper links to an
    entity only with a confidence of at least `min_confidence` (kg.confidence; 0 keeps every link). Records that
    cannot be papers are skipped and counted, or with `strict` stop the build at the first. Without
    `evidence` the RDF leaves out the annotations (a third of its size). `rdf_formats` (nt, jsonld,
    trig, xml) are written beside graph.ttl. The exports replace those in `out` all at once, and only
    if every one of them was written.

    spaCy runs in `workers` processes (default: one per core), or as Dask tasks on the scheduler at
    `dask` ("local": a cluster started for this build). With `cache`, parses are kept in `out` (see
    kg.builder.cache) and only new or changed abstracts are parsed. `progress` shows a bar on stderr.

    With `cache`, a build whose papers, options and code are those of the build already in `out`, whose
    exports are intact (see kg.builder.manifest), writes nothing: its result says `up_to_date`.
    """
    started = time.perf_counter()
    timings: dict[str, float] = {}
    last = started

    def lap(stage: str) -> None:
        nonlocal last
        now = time.perf_counter()
        timings[stage], last = now - last, now

    out = Path(out)
    check_out(out)
    check_base_iri(base_iri)
    warnings = []
    if finished := finish_moves(out):
        warnings.append(f"finished replacing the exports of a build that was stopped: {', '.join(finished)}")
    rdf_formats = tuple(rdf_formats)
    if unknown := [f for f in rdf_formats if f not in FORMATS]:
        raise KGError(f"unknown RDF format {unknown[0]!r}; use {', '.join(FORMATS)}")
    if not 0.0 <= min_confidence <= 1.0:
        raise KGError(f"min_confidence must be between 0 and 1, not {min_confidence}")
    corpus = read_corpus(list(inputs) or [SAMPLE_INPUT], fields)
    warnings += [f"{path}: passed over: {reason}" for path, reason in corpus.passed_over]
    if strict and corpus.skipped:
        raise InputError(f"{corpus.skipped[0].reason} (--strict)", corpus.skipped[0].source)
    if not corpus.papers:
        skipped = f"; skipped {corpus.skip_summary()}{corpus.no_abstract_hint()}" if corpus.skipped else ""
        raise InputError("no paper to build" + skipped)
    lap("read")
    split = split_texts(corpus.papers)
    options = ExportOptions(evidence, rdf_formats, html_min_papers, html_max_nodes)
    exports = writers(options)
    build_id = fingerprint(corpus.papers, base_iri, options, min_confidence)
    if cache and (counts := up_to_date(out, build_id, exports)):
        lap("up to date")
        return BuildResult(
            out,
            corpus,
            counts,
            time.perf_counter() - started,
            lambda: make_graph(corpus.papers, out, base_iri, cache, workers, dask, progress, min_confidence)[0],
            timings,
            split,
            up_to_date=True,
            warnings=warnings,
        )
    lap("check")
    (mentions, graph), extraction = make_graph(
        corpus.papers, out, base_iri, cache, workers, dask, progress, min_confidence, lap
    )
    warnings += extraction.warnings
    counts = counts_of(graph, mentions)
    # not after Dask, whose client leaves a thread in this process: a fork copies no thread, whatever it holds
    processes = (workers or default_workers()) if len(corpus.papers) >= MIN_PARALLEL and not dask else 1
    with staged(out) as staging:
        timings.update(write_exports(exports, graph, staging, mentions, options, out, processes))
        lap("exports")
        with unwritten(MANIFEST_FILE, out):
            write_manifest(staging, build_id, counts, exports)
        lap("manifest")
    return BuildResult(
        out,
        corpus,
        counts,
        time.perf_counter() - started,
        lambda: (mentions, graph),
        timings,
        split,
        extraction.parsed,
        warnings=warnings,
    )
