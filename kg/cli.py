"""The `kg` command: a thin Typer layer over importable functions."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any, List, Optional

import typer

from . import __version__
from .errors import KGError
from .layout import ANNOTATIONS, DEFAULT_OUT
from .settings import DEFAULT_BASE_IRI, DEFAULT_HTML_MAX_NODES, DEFAULT_HTML_MIN_PAPERS, DEFAULT_MIN_CONFIDENCE

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Turn ML paper abstracts into a knowledge graph of methods, tasks and datasets.",
)


def print_version(value: bool) -> None:
    if value:
        typer.echo(f"kg (paperkg) {__version__}")
        raise typer.Exit()


@app.callback()
def options(
    version: bool = typer.Option(
        False, "--version", callback=print_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """The options of `kg` itself (the app's help text is the Typer's)."""


@app.command()
def build(
    inputs: Optional[List[Path]] = typer.Argument(
        None,
        # kg.corpus reports an input it cannot read in one line; Typer's check would print a usage box (exit 2)
        readable=False,
        help="JSONL, JSON, CSV, plain-text, BibTeX or TEI XML files, or folders of them (default: the bundled "
        "ICML 2025 sample).",
    ),
    field: Optional[List[str]] = typer.Option(
        None,
        "--field",
        metavar="FIELD=KEY",
        help="Read a paper's FIELD from KEY in JSON and CSV records: abstract=paper_abstract,title=name.",
    ),
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Output folder."),
    base_iri: str = typer.Option(DEFAULT_BASE_IRI, "--base-iri", help="Base IRI of papers and entities."),
    html_min_papers: int = typer.Option(
        DEFAULT_HTML_MIN_PAPERS, "--html-min-papers", min=1, help="graph.html leaves out entities in fewer papers."
    ),
    html_max_nodes: int = typer.Option(
        DEFAULT_HTML_MAX_NODES,
        "--html-max-nodes",
        min=1,
        help="graph.html draws at most this many nodes (it says which it left out).",
    ),
    min_confidence: float = typer.Option(
        DEFAULT_MIN_CONFIDENCE,
        "--min-confidence",
        min=0.0,
        max=1.0,
        help="Link a paper to an entity only at this confidence or above (0: every link the extractor finds).",
    ),
    strict: bool = typer.Option(
        False,
        "--strict",
        help="Stop at the first record that would be skipped (broken line, no abstract, duplicate id).",
    ),
    evidence: bool = typer.Option(
        True,
        "--evidence/--no-evidence",
        help="Annotate every mention and relation in the RDF (W3C Web Annotation); leave out for huge builds.",
    ),
    rdf_format: str = typer.Option(
        "", "--rdf-format", help="More RDF files beside graph.ttl, comma-separated: nt, jsonld, trig, xml."
    ),
    workers: Optional[int] = typer.Option(
        None,
        "--workers",
        "-j",
        min=1,
        show_default=False,
        help="Processes that run spaCy (default: one per core; 1: none but this one).",
    ),
    cache: bool = typer.Option(
        True,
        "--cache/--no-cache",
        help="Reuse the parses kept in OUT/.paperkg-cache.sqlite: only new or changed abstracts are parsed.",
    ),
    dask: Optional[str] = typer.Option(
        None,
        "--dask",
        metavar="ADDRESS",
        help="Parse as Dask tasks on this scheduler (tcp://HOST:8786), or 'local' for a cluster of --workers processes.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing on success (no progress bar either)."),
) -> None:
    """Build the knowledge graph and write every export into OUT."""
    from .builder.stages import build as run_build
    from .corpus import field_map

    formats = [f.strip() for f in rdf_format.split(",") if f.strip()]
    result = run_build(
        inputs or [],
        out,
        base_iri,
        fields=field_map(field or []),
        html_min_papers=html_min_papers,
        html_max_nodes=html_max_nodes,
        min_confidence=min_confidence,
        strict=strict,
        evidence=evidence,
        rdf_formats=formats,
        workers=workers,
        cache=cache,
        dask=dask,
        progress=not quiet and sys.stderr.isatty(),
    )
    for warning in result.warnings:
        typer.echo(f"kg: warning: {warning}", err=True)
    if not quiet:
        typer.echo(result.summary())


def graph_option() -> Any:
    """`--graph DIR`, checked by the command that reads it (click's own check of it is a box of text)."""
    return typer.Option(DEFAULT_OUT, "--graph", "-g", readable=False, help="A build's output folder.")


@app.command()
def query(
    query: Optional[str] = typer.Argument(
        None, help="A library query's name (see --list), a .rq file or SPARQL query text."
    ),
    graph: Path = graph_option(),
    format: str = typer.Option("table", "--format", "-f", help="table, csv or json."),
    param: List[str] = typer.Option(
        [],
        "--param",
        "-p",
        "--bind",
        "-b",
        help="NAME=VALUE: a value (a string, or <IRI>) for the query's parameter NAME; repeatable.",
    ),
    list_queries: bool = typer.Option(False, "--list", help="List the library's queries and what each answers."),
) -> None:
    """Run a SPARQL query over a build (its store/, else its graph.ttl)."""
    from .query.library import describe, library
    from .query.run import FORMATTERS, parse_bindings, run_query

    if list_queries:
        typer.echo(describe(library()))
        return
    if query is None:
        raise KGError("give a query: a library query's name (kg query --list), a .rq file or SPARQL text")
    if format not in FORMATTERS:
        raise KGError(f"unknown --format {format!r}; use one of {', '.join(FORMATTERS)}")
    typer.echo(FORMATTERS[format](run_query(query, graph, bindings=parse_bindings(param))))


@app.command()
def explain(
    paper: str = typer.Argument(..., help="The paper's id (as in mentions.jsonl)."),
    graph: Path = graph_option(),
) -> None:
    """What a paper proposes, uses, addresses and evaluates on, with confidence and evidence; its relations and
    results."""
    from .query.explain import explain as explain_paper

    typer.echo(explain_paper(paper, graph))


@app.command()
def serve(
    graph: Path = graph_option(),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on (anything but loopback lets others query the graph)."
    ),
    port: int = typer.Option(7878, "--port", "-p", min=0, max=65535, help="Port (0: any free one)."),
    timeout: float = typer.Option(30.0, "--timeout", min=0.1, help="Seconds a query may run before it is stopped."),
    max_result_bytes: int = typer.Option(16_000_000, "--max-result-bytes", min=1, help="Larger results are refused."),
    max_memory: Optional[int] = typer.Option(
        None,
        "--max-memory",
        min=1,
        metavar="MB",
        show_default=False,
        help="Memory each of the two query workers may use, in MB; a query that needs more is stopped (default: a quarter of the machine's, at least 2000).",
    ),
    cors_origin: Optional[str] = typer.Option(
        None,
        "--cors-origin",
        metavar="ORIGIN",
        show_default=False,
        help='Web pages of this origin may read results ("*": any; "": none; default: any on a loopback address, none on another).',
    ),
) -> None:
    """Serve a build as a read-only SPARQL endpoint and its query page; prints its query URL, Ctrl-C stops it."""
    from .query.serve import serve as run_serve
    from .query.workers import MB, default_max_memory

    memory = max_memory * MB if max_memory else default_max_memory()
    run_serve(graph, host, port, timeout, max_result_bytes, memory, cors_origin)


@app.command("eval")
def evaluate(
    gold: Path = typer.Option(..., "--gold", help="Gold entity spans: a dygiepp/PURE JSONL file (SciERC, SciER PLM)."),
    format: str = typer.Option("dygiepp", "--format", help="Gold file format (dygiepp)."),
    label_map: Optional[List[str]] = typer.Option(
        None,
        "--label-map",
        help="SOURCE=METHOD|TASK|DATASET, repeatable; SOURCE= ignores a type (default maps Method, Task, Dataset, Material).",
    ),
    min_confidence: Optional[float] = typer.Option(
        None,
        "--min-confidence",
        min=0.0,
        max=1.0,
        show_default=False,
        help="Score what a build of the gold texts keeps at this confidence (resolved mentions), not the extractor's.",
    ),
) -> None:
    """Score the product's mentions against gold spans: P/R/F1 per label, exact and overlap."""
    from .evaluation.gold import read_dygiepp
    from .evaluation.scores import evaluate as run_eval
    from .evaluation.scores import format_scores, parse_label_map

    if format != "dygiepp":
        raise KGError(f"unknown --format {format!r}; use dygiepp")
    typer.echo(
        format_scores(run_eval(read_dygiepp(gold, parse_label_map(label_map or [])), min_confidence=min_confidence))
    )


def shared_option(holding: str) -> Any:
    """`--shared DIR` (or PAPERKG_SHARED), the folder of training data beside the repository."""
    return typer.Option(Path("../shared"), "--shared", envvar="PAPERKG_SHARED", help=f"Folder holding {holding}.")


@app.command()
def train(
    shared: Path = shared_option("data/scierc, data/scirex and (for the teacher) data/papers"),
    out: Path = typer.Option(None, "--out", help="Where the trained NER goes (default: the package's kg/data/ner)."),
    scirex_sections: int = typer.Option(
        2, "--scirex-sections", help="Leading SciREX sections per paper to train on (0: none, -1: all)."
    ),
    max_steps: Optional[int] = typer.Option(
        None, "--max-steps", help="Training steps (default: kg/train/ner.cfg's).", show_default=False
    ),
    with_dev: bool = typer.Option(
        True,
        "--with-dev/--without-dev",
        help="Train on SciERC dev too (the shipped recipe); without, keep the best model on it (for tuning).",
    ),
    teacher: bool = typer.Option(
        True,
        "--teacher/--no-teacher",
        help="Learn from SciREX body text and conference abstracts labelled by a fine-tuned transformer too (the shipped recipe).",
    ),
) -> None:
    """Rebuild the shipped NER component (SciERC train + dev, SciREX; settings tuned on SciERC dev)."""
    from .layout import NER_MODEL_DIR
    from .train.recipe import train as run_train

    if not (shared / "data" / "scierc").is_dir():
        raise KGError(f"{shared}/data/scierc not found: pass --shared or set PAPERKG_SHARED")
    sections = None if scirex_sections < 0 else scirex_sections
    typer.echo(
        f"trained NER written to {run_train(out or NER_MODEL_DIR, shared, scirex_sections=sections, max_steps=max_steps, with_dev=with_dev, teacher=teacher)}"
    )


def model_out_option(default: str) -> Any:
    return typer.Option(None, "--out", help=f"Where the model goes (default: the package's {default}).")


def write_model(model: dict, path: Path, compact: bool = False) -> Path:
    """A fitted model as JSON (`compact`: one line, for large weights)."""
    import json

    text = json.dumps(model, separators=(",", ":")) if compact else json.dumps(model, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def annotations_option() -> Any:
    return typer.Option(
        ANNOTATIONS,
        "--annotations",
        help="What a researcher lists for each of a set of papers (ANNOTATION.md's format, with each paper's file).",
    )


@app.command("train-listed")
def train_listed(
    shared: Path = shared_option("data/papers (the annotated abstracts)"),
    out: Path = model_out_option("kg/data/listed"),
    annotations: Path = annotations_option(),
) -> None:
    """Rebuild the list recognizer (kg.nlp.listed) from paper-level annotations; print its figures on the
    annotated papers kept out of its training."""
    import json

    from .layout import LISTED_MODEL_DIR
    from .train.listed import train_listed as train

    scores = train(out or LISTED_MODEL_DIR, shared, annotations)
    typer.echo(f"held out: {json.dumps(scores)} -> {out or LISTED_MODEL_DIR}")


@app.command("train-types")
def train_types(
    out: Path = model_out_option("kg/data/term_types.json"),
    annotations: Path = annotations_option(),
) -> None:
    """Refit the type researchers give a term (kg.term_types) from paper-level annotations; run before
    train-confidence."""
    from collections import Counter

    from .layout import TERM_TYPES
    from .train.term_types import fit_term_types

    model = fit_term_types(annotations)
    path = write_model(model, out or TERM_TYPES)
    counts = Counter(model["types"].values())
    typer.echo(f"{counts['METHOD']} methods, {counts['TASK']} tasks -> {path}")


@app.command("train-confidence")
def train_confidence(
    shared: Path = shared_option("data/paperlevel (dev.json, dev.jsonl), data/papers and tools/paper_score.py"),
    out: Path = model_out_option("kg/data/confidence.json"),
    annotations: Path = annotations_option(),
) -> None:
    """Refit the link confidence (kg.confidence) on paper-level gold; print its held-out figures."""
    import json

    from .layout import CONFIDENCE_MODEL
    from .train.confidence import fit_confidence

    model = fit_confidence(shared, annotations)
    path = write_model(model, out or CONFIDENCE_MODEL)
    typer.echo(f"threshold {model['threshold']}, held out: {json.dumps(model['held_out']['kept'])} -> {path}")


@app.command("train-relations")
def train_relations(
    shared: Path = shared_option("data/scierc (train.json, dev.json)"),
    out: Path = model_out_option("kg/data/relations.json"),
    verdicts: Path = typer.Option(
        Path("training/relation_verdicts.tsv"),
        "--verdicts",
        help="Relations read by hand, what each source's are worth (benchmarks/sample_relations.py).",
    ),
) -> None:
    """Refit the relation classifier (kg.nlp.relation_classifier) on SciERC train; print its figures on dev;
    take what each source's relations are worth from the verdicts (the relations' confidence)."""
    import json

    from .layout import RELATION_MODEL
    from .train.relations import fit_relations

    model = fit_relations(shared, verdicts)
    path = write_model(model, out or RELATION_MODEL, compact=True)
    typer.echo(f"threshold {model['threshold']}, SciERC dev: {json.dumps(model['dev'])} -> {path}")
    typer.echo(f"precision by source: {json.dumps(model['precision'])}")


neo4j_app = typer.Typer(no_args_is_help=True, help="Load a build into a running Neo4j server.")
app.add_typer(neo4j_app, name="neo4j")


@neo4j_app.command("push")
def neo4j_push(
    uri: str = typer.Option("bolt://localhost:7687", "--uri", help="Bolt URI of the server."),
    user: str = typer.Option("neo4j", "--user", "-u", help="User name."),
    password: Optional[str] = typer.Option(
        None, "--password", "-p", envvar="NEO4J_PASSWORD", show_default=False, help="Password (or set NEO4J_PASSWORD)."
    ),
    database: Optional[str] = typer.Option(None, "--database", "-d", help="Database (default: the server's)."),
    graph: Path = typer.Option(DEFAULT_OUT, "--graph", "-g", help="A build's output folder."),
) -> None:
    """MERGE a build's nodes and relationships into Neo4j over Bolt; pushing twice adds nothing."""
    from .export.neo4j.push import push

    if password is None:
        raise KGError("no password: pass --password or set NEO4J_PASSWORD")
    result = push(graph, uri, user, password, database)
    for warning in result.warnings:
        typer.echo(f"kg: warning: {warning}", err=True)
    typer.echo(result.summary(uri))


class Stopped(BaseException):
    """SIGTERM or SIGHUP, raised where the process is, so that what it started is cleaned up on the way out:
    the staging folder deleted, the store loader and the parsing workers stopped. Like KeyboardInterrupt, no
    `except Exception` catches it."""

    def __init__(self, number: int) -> None:
        super().__init__(signal.Signals(number).name)
        self.number = number


def stop_on_signals() -> None:
    """SIGTERM and SIGHUP raise Stopped in this process; in a child forked from it they still just end it."""
    pid = os.getpid()

    def handler(number: int, frame: object) -> None:
        if os.getpid() != pid:
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
        raise Stopped(number)

    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, handler)


def main(argv: Optional[List[str]] = None) -> None:
    """Entry point: the tool's own errors become one line on stderr and exit status 1."""
    stop_on_signals()
    try:
        app(args=argv, prog_name="kg", standalone_mode=True)
    except KGError as exc:
        one_line = str(exc).replace("\r", "\\r").replace("\n", "\\n")  # a name or a library's message may hold one
        typer.echo(f"kg: error: {one_line}", err=True)
        sys.exit(1)
    except Stopped as exc:
        typer.echo(f"kg: stopped by {exc}", err=True)
        sys.exit(128 + exc.number)


if __name__ == "__main__":
    main()
