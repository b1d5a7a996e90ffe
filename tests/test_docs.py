"""The documentation against the code: docs/cli.md names every command and option of `kg` and no other;
the repository's text files hold no diary language; docs/architecture.md names every module of the package."""

from __future__ import annotations

import re
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app

ROOT = Path(__file__).resolve().parents[1]
CLI_DOC = ROOT / "docs" / "cli.md"
ARCHITECTURE_DOC = ROOT / "docs" / "architecture.md"
HELP_ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}  # one line per option, no colour codes

LONG_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
SHORT_OPTION = re.compile(r"(?<![\w-])-[a-zA-Z](?![\w-])")
COMMAND_ROW = re.compile(r"^[\s│|]*([a-z][a-z0-9-]*)(?:\s{2,}|\s*[│|]?\s*$)")
SECTION = re.compile(r"^## kg (.+?)\s*$", re.M)


# --- (a) docs/cli.md and `kg --help` -------------------------------------------------------------------


@lru_cache(maxsize=None)
def help_text(*path: str) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], env=HELP_ENV, terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


def listed_commands(text: str) -> list[str]:
    """The names in the Commands panel (rich) or section (plain click) of a help text."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if re.search(r"\bCommands\b", line)), None)
    if start is None:
        return []
    names = []
    for line in lines[start + 1 :]:
        if line.strip().startswith(("╰", "└")) or not line.strip():
            break
        if match := COMMAND_ROW.match(line):
            names.append(match.group(1))
    return names


def command_paths(path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command `kg --help` lists, with the subcommands of groups (`neo4j push`), as word paths."""
    paths = []
    for name in listed_commands(help_text(*path)):
        sub = (*path, name)
        nested = command_paths(sub)
        paths.extend(nested or [sub])
    return paths


def options(text: str) -> set[str]:
    return (set(LONG_OPTION.findall(text)) | set(SHORT_OPTION.findall(text))) - {"--help"}


def doc_sections() -> dict[str, str]:
    """docs/cli.md's `## kg COMMAND` sections by command, each its text up to the next heading of its level."""
    text = CLI_DOC.read_text(encoding="utf-8")
    heads = list(SECTION.finditer(text))
    sections = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[head.end() : end]
        if (other := re.search(r"^#{1,2} ", body, re.M)) is not None:
            body = body[: other.start()]
        sections[head.group(1)] = body
    return sections


def test_help_lists_the_commands():
    paths = command_paths()
    assert {"build", "query", "serve", "eval", "train"} <= {p[0] for p in paths}, paths
    assert ("neo4j", "push") in paths, paths


def test_every_command_has_its_section_in_cli_md():
    documented = set(doc_sections())
    commands = {" ".join(p) for p in command_paths()}
    assert not commands - documented, (
        f"commands of `kg --help` without a `## kg ...` section in docs/cli.md: {sorted(commands - documented)}"
    )
    assert not documented - commands, (
        f"docs/cli.md documents commands `kg --help` does not list: {sorted(documented - commands)}"
    )


@pytest.mark.parametrize("path", [" ".join(p) for p in command_paths()])
def test_cli_md_names_every_option_of_the_command_and_no_other(path):
    in_help = options(help_text(*path.split()))
    assert in_help, f"no option found in `kg {path} --help`"
    section = doc_sections().get(path)
    assert section is not None, f"docs/cli.md has no `## kg {path}` section"
    in_doc = options(section)
    assert not in_help - in_doc, f"`kg {path} --help` options missing from docs/cli.md: {sorted(in_help - in_doc)}"
    assert not in_doc - in_help, f"docs/cli.md names options `kg {path}` does not have: {sorted(in_doc - in_help)}"


def test_cli_md_names_no_option_that_kg_lacks():
    every = set().union(options(help_text()), *(options(help_text(*p)) for p in command_paths()))
    named = options(CLI_DOC.read_text(encoding="utf-8"))
    assert not named - every, f"docs/cli.md names options no command has: {sorted(named - every)}"


def test_cli_md_names_the_options_of_kg_itself_before_its_commands():
    text = CLI_DOC.read_text(encoding="utf-8")
    before_commands = text[: SECTION.search(text).start()]
    assert options(help_text()) and options(help_text()) <= options(before_commands)


# --- (b) no diary language in the repository's text files ----------------------------------------------

TEXT_SUFFIXES = {".md", ".py", ".rq", ".toml", ".cfg", ".txt", ".html"}
SKIPPED = ("kg/data/ner/",)
SESSION = re.compile(r"\bsessions?\b", re.I)
DIARY = {
    "first person reporting work": re.compile(r"\bI (?:read|ran|tried|measured|checked|found|think|saw)\b"),
    "an issue number": re.compile(r"\bissues? #?\d+\b", re.I),
    "a bare issue number": re.compile(r"(?<![\w/&])#(\d+)\b"),
    "the machine it was written on": re.compile(r"\bthis virtual machine\b", re.I),
}
LINK_TARGET = re.compile(r"\]\([^)]*\)|https?://\S+")
FIRST_PERSON = re.compile(r"\b(?:I|we|We|our|Our|us|my|My)\b")
QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|`[^`\n]*`')


def text_files() -> list[Path]:
    """Tracked files, and new ones git does not ignore, of the text kinds above; this file left out."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    me = Path(__file__).resolve()
    return sorted(
        ROOT / name
        for name in set(listed)
        if Path(name).suffix in TEXT_SUFFIXES
        and not name.startswith(SKIPPED)
        and (ROOT / name).is_file()
        and (ROOT / name).resolve() != me
    )


def is_code_session(line: str, match: re.Match) -> bool:
    """`scope="session"`, `driver.session(...)`, `as session:`, `session.run(...)`: an API's word, not a diary's."""
    before, after = line[: match.start()], line[match.end() :]
    return (
        before.endswith((".", '"', "'", "_"))
        or after.startswith(("(", ".", '"', "'", "_", ":", " ="))
        or before.endswith("as ")
    )


def diary_hits(path: Path, root: Path = ROOT) -> list[str]:
    hits = []
    in_fence = False
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
        where = f"{path.relative_to(root)}:{number}"
        for match in SESSION.finditer(line):
            if not is_code_session(line, match):
                hits.append(f"{where}: {match.group(0)!r} in {line.strip()[:120]}")
        bare = LINK_TARGET.sub(" ", line)
        for what, pattern in DIARY.items():
            for match in pattern.finditer(bare):
                if what == "a bare issue number" and len(match.group(1)) in (3, 6, 8):
                    continue  # a colour: "#555", "#343434"
                hits.append(f"{where}: {what} {match.group(0)!r} in {line.strip()[:120]}")
        if path.suffix == ".md":  # prose: first person outside quotes and code
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            if not in_fence:
                for match in FIRST_PERSON.finditer(QUOTED.sub(" ", bare)):
                    hits.append(f"{where}: first person {match.group(0)!r} in {line.strip()[:120]}")
    return hits


def test_text_files_hold_no_diary_language():
    files = text_files()
    assert any(f.name == "README.md" for f in files)
    hits = [hit for f in files for hit in diary_hits(f)]
    assert not hits, f"{len(hits)} diary words:\n" + "\n".join(hits)


def test_the_diary_check_catches_diary_words(tmp_path):
    diary = tmp_path / "notes.md"
    diary.write_text(
        "In session 8 I measured it (issue 7, #3).\nWe saw it on this virtual machine.\n"
        'The abstract says "we propose X"; colours #555 and [a link](https://x.invalid/issues/3).\n',
        encoding="utf-8",
    )
    code = tmp_path / "code.py"
    code.write_text(
        '@pytest.fixture(scope="session")\nwith driver.session() as session:\n    session.run(q)\n', encoding="utf-8"
    )
    hits = diary_hits(diary, tmp_path)
    assert len(hits) == 7, (
        hits
    )  # session, "I measured" (twice: a report, a first person), issue 7, #3, We, this virtual machine
    assert not any(":3:" in hit for hit in hits), hits
    assert diary_hits(code, tmp_path) == []


# --- (c) docs/architecture.md names every module ---------------------------------------------------------
# docs/architecture.md is written separately: until it exists this test fails, on purpose.


def modules() -> list[Path]:
    return sorted(p for p in (ROOT / "kg").rglob("*.py") if p.name != "__init__.py" and "__pycache__" not in p.parts)


def test_architecture_md_names_every_module():
    assert ARCHITECTURE_DOC.is_file(), "docs/architecture.md does not exist yet"
    text = ARCHITECTURE_DOC.read_text(encoding="utf-8")
    missing = []
    for module in modules():
        relative = module.relative_to(ROOT)
        dotted = ".".join(relative.with_suffix("").parts)
        if relative.as_posix() not in text and not re.search(rf"(?<![\w.]){re.escape(dotted)}(?![\w])", text):
            missing.append(relative.as_posix())
    assert not missing, f"modules docs/architecture.md does not name (as kg/x/y.py or kg.x.y): {missing}"
