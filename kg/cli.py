"""The `kg` command: a thin Typer layer over importable functions."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from .errors import KGError
from .settings import DEFAULT_BASE_IRI, DEFAULT_OUT

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                  help="Turn ML paper abstracts into a knowledge graph of methods, tasks and datasets.")


@app.command()
def build(
    inputs: Optional[List[Path]] = typer.Argument(None, help="JSONL, JSON, CSV or plain-text files, or folders of them (default: the bundled ICML 2025 sample)."),
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Output folder."),
    base_iri: str = typer.Option(DEFAULT_BASE_IRI, "--base-iri", help="Base IRI of papers and entities."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing on success."),
) -> None:
    """Build the knowledge graph and write every export into OUT."""
    from .builder import build as run_build

    result = run_build(inputs or [], out, base_iri)
    if not quiet:
        typer.echo(result.summary())


@app.command()
def query(
    query: str = typer.Argument(..., help="A .rq file or SPARQL query text."),
    graph: Path = typer.Option(DEFAULT_OUT, "--graph", "-g", help="A build's output folder."),
    format: str = typer.Option("table", "--format", "-f", help="table, csv or json."),
) -> None:
    """Run a SPARQL query over a build's graph.ttl."""
    from .store import FORMATTERS, run_query

    if format not in FORMATTERS:
        raise KGError(f"unknown --format {format!r}; use one of {', '.join(FORMATTERS)}")
    typer.echo(FORMATTERS[format](run_query(query, graph)))


def main(argv: Optional[List[str]] = None) -> None:
    """Entry point: the tool's own errors become one line on stderr and exit status 1."""
    try:
        app(args=argv, prog_name="kg", standalone_mode=True)
    except KGError as exc:
        typer.echo(f"kg: error: {exc}", err=True)
        sys.exit(1)

if __name__ == "__main__":
    main()
