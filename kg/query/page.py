"""The query page `kg serve` answers at `/`: one HTML file that needs nothing from elsewhere (no script, style
or font from another host), for trying the endpoint in a browser. It offers the query library in a picker,
with the parameters a query declares and how to bind them, sends the edited query to the endpoint and shows
the answer: a table of solutions, true or false, Turtle, or the server's own error message."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from jinja2 import Environment

from .library import GIVEN, library, parameters, question

TEMPLATE = Path(__file__).with_name("page.html")
# In the textarea when the library is missing (a package installed without kg/queries).
PAPERS_QUERY = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>

SELECT ?paper ?title WHERE { ?paper a kg:Paper ; dcterms:title ?title } LIMIT 25
"""
# A line that lists a variable rather than reads it.
PROJECTION = re.compile(r"\b(SELECT|GROUP\s+BY)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Parameter:
    """A declared parameter; `VALUES ?given_NAME { ... }` just above the line that reads it binds it as
    `kg query --param NAME=...` does."""

    name: str
    description: str
    variable: str
    line: int | None  # 1-based, in the library text
    reads: str


@dataclass(frozen=True)
class LibraryQuery:
    name: str
    question: str
    text: str
    parameters: list[Parameter]


def reading_line(text: str, variable: str) -> tuple[int, str] | None:
    """The first line (number, text) that uses ?variable other than to list it in a SELECT or GROUP BY."""
    uses = re.compile(rf"[?$]{re.escape(variable)}\b")
    for number, line in enumerate(text.splitlines(), 1):
        if uses.search(line) and not PROJECTION.search(line):
            return number, line.strip()
    return None


def declared(text: str) -> list[Parameter]:
    found = []
    for name, description in parameters(text).items():
        variable = GIVEN + name
        line, reads = reading_line(text, variable) or (None, "")
        found.append(Parameter(name, description, variable, line, reads))
    return found


def library_queries() -> list[LibraryQuery]:
    queries = []
    for name, path in library().items():
        text = path.read_text(encoding="utf-8")
        queries.append(LibraryQuery(name, question(text), text, declared(text)))
    return queries


@cache
def query_page(endpoint: str) -> bytes:
    """The page, as UTF-8, that sends its queries to `endpoint` (a path on the same server); rendered once,
    as the library does not change while the server runs."""
    queries = library_queries()
    template = Environment(autoescape=True, keep_trailing_newline=True).from_string(TEMPLATE.read_text("utf-8"))
    return template.render(
        endpoint=endpoint,
        queries=queries,
        texts={q.name: q.text for q in queries},  # tojson escapes <, > and &: no text can close the <script>
        default=queries[0].text if queries else PAPERS_QUERY,
    ).encode()
