"""The query library (queries/*.rq) on the sample, each result pinned to one computed independently here
from the NetworkX graph and mentions.jsonl of the same build, not from SPARQL."""

from __future__ import annotations

import json
import random
import re
from collections import Counter, defaultdict
from importlib.metadata import version
from pathlib import Path

import networkx as nx
import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import QueryError
from kg.graph import paper_iri
from kg.query.run import run_query
from kg.settings import DEFAULT_BASE_IRI, PAPER, RELATIONS, TITLE, USES_RELATION
from tests.helpers import RESULT_PAPERS, ROOT

QUERIES = ROOT / "queries"


@pytest.fixture(scope="module")
def sample(sample_build):
    """The graph, its mentions.jsonl rows, and a few look-ups."""
    graph = sample_build.graph
    mentions = [json.loads(line) for line in (sample_build.out / "mentions.jsonl").open(encoding="utf-8")]
    return graph, mentions, sample_build.out


def rows(name: str, out: Path, limit: int | None = None) -> list[tuple[str, ...]]:
    """The query's rows; with `limit`, its top N (LIMIT, and the N its ?least bound is computed for) set to it:
    a small N makes the bound cut rows, a huge one leaves it 0 (fewer than N pairs)."""
    text = (QUERIES / name).read_text(encoding="utf-8")
    if limit is not None:
        n = re.search(r"^LIMIT (\d+)$", text, re.M).group(1)
        text = re.sub(rf"\b(LIMIT|COUNT\(\*\) =) {n}\b", rf"\g<1> {limit}", text)
    return [tuple(row) for row in run_query(text, out).rows]


def name(graph, node) -> str:
    return graph.nodes[node]["name"]


def papers_of(graph) -> dict[str, set[str]]:
    """Paper IRI -> the entity IRIs it mentions."""
    return {p: set(graph.successors(p)) for p, d in graph.nodes(data=True) if d["type"] == PAPER}


def of_type(graph, kind: str) -> set[str]:
    return {n for n, d in graph.nodes(data=True) if d["type"] == kind}


def top(counts: dict[tuple[str, str], set], limit: int) -> list[tuple[str, str, str]]:
    ranked = sorted(counts.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:limit]
    return [(a, b, str(len(found))) for (a, b), found in ranked]


def test_the_library_has_ten_queries_or_more():
    queries = sorted(QUERIES.glob("*.rq"))
    assert len(queries) >= 10
    assert all(q.read_text(encoding="utf-8").startswith("# ") for q in queries)


def test_most_used_datasets(sample):
    graph, mentions, out = sample
    papers = defaultdict(set)
    for m in mentions:
        if graph.nodes[m["entity"]]["type"] == "Dataset":
            papers[name(graph, m["entity"])].add(m["paper"])
    expected = sorted(((n, str(len(p))) for n, p in papers.items()), key=lambda r: (-int(r[1]), r[0]))
    assert expected and rows("most-used-datasets.rq", out) == expected


@pytest.mark.parametrize("limit", [None, 5, 100_000])
def test_top_entities(sample, limit):
    graph, _, out = sample
    entities = [(d["type"], d["name"], d["papers"]) for _, d in graph.nodes(data=True) if d["type"] != PAPER]
    expected = [(t, n, str(p)) for t, n, p in sorted(entities, key=lambda e: (-e[2], e[0], e[1]))[: limit or 25]]
    assert rows("top-entities.rq", out, limit) == expected


def test_entity_aliases(sample):
    graph, _, out = sample
    expected = defaultdict(set)
    for _, d in graph.nodes(data=True):
        if d.get("aliases"):
            expected[d["name"]] |= set(d["aliases"])
    found = rows("entity-aliases.rq", out)
    assert expected and {n: set(aliases.split(" | ")) for n, aliases in found} == expected
    assert [n for n, _ in found] == sorted(expected)


@pytest.mark.parametrize("paper", ["UHF0km7R5M", "U7eMoRDIGi"])  # the query's default, and a paper given
def test_explain_paper(sample, paper):
    graph, mentions, out = sample
    title = graph.nodes[next(n for n, d in graph.nodes(data=True) if d.get("paper_id") == paper)]["title"]
    expected = {
        (
            title,
            "proposes" if m["role"] == "proposes" else USES_RELATION[m["label"]],
            name(graph, m["entity"]),
            m["confidence"],
        )
        for m in mentions
        if m["paper"] == paper
    }
    found = [tuple(row) for row in run_query("explain-paper", out, bindings={"paper": paper}).rows]
    assert expected and {(*row[:3], float(row[3])) for row in found} == expected
    for role in {r for _, r, *_ in found}:  # most confident first within a role
        confidences = [float(c) for _, r, _, c in found if r == role]
        assert confidences == sorted(confidences, reverse=True)


def test_proposals(sample):
    graph, _, out = sample
    expected = Counter(
        (name(graph, p), name(graph, e), graph.nodes[e]["type"])
        for p, e, d in graph.edges(data=True)
        if d["relation"] == "proposes"
    )
    assert expected and Counter(rows("proposals.rq", out)) == expected


@pytest.mark.parametrize("limit", [None, 5, 100_000])
def test_methods_for_tasks(sample, limit):
    graph, _, out = sample
    pairs = defaultdict(set)
    for paper, entities in papers_of(graph).items():
        for t in entities & of_type(graph, "Task"):
            for m in entities & of_type(graph, "Method"):
                pairs[(name(graph, t), name(graph, m))].add(paper)
    assert rows("methods-for-tasks.rq", out, limit) == top(pairs, limit or 50)


def test_proposed_methods_per_task(sample):
    graph, mentions, out = sample
    proposed, tasks = defaultdict(set), defaultdict(set)
    for m in mentions:
        kind = graph.nodes[m["entity"]]["type"]
        if kind == "Method" and m["role"] == "proposes":
            proposed[m["paper"]].add(m["entity"])
        if kind == "Task":
            tasks[m["paper"]].add(m["entity"])
    methods = defaultdict(set)
    for paper, found in tasks.items():
        for t in found:
            methods[name(graph, t)] |= proposed[paper]
    expected = {t: (str(len(ms)), {name(graph, m) for m in ms}) for t, ms in methods.items() if ms}
    found = rows("proposed-methods-per-task.rq", out)
    assert expected and {t: (n, set(names.split(" | "))) for t, n, names in found} == expected
    assert found == sorted(found, key=lambda r: (-int(r[1]), r[0]))


def test_dataset_papers(sample):
    graph, _, out = sample
    evaluated = defaultdict(set)  # (dataset, paper id) -> method names
    for m, d, data in graph.edges(data=True):
        if data["relation"] == "evaluatedOn":
            for paper in data["paper_ids"]:
                evaluated[(d, paper)].add(name(graph, m))
    expected = Counter()
    for d in of_type(graph, "Dataset"):
        for p in graph.predecessors(d):
            if graph.nodes[p]["type"] == PAPER:
                key = (name(graph, d), graph.nodes[p]["paper_id"], graph.nodes[p]["title"])
                expected.update((*key, m) for m in evaluated[(d, key[1])] or {""})
    assert expected and Counter(rows("dataset-papers.rq", out)) == expected


def test_compared_methods(sample):
    graph, _, out = sample
    expected = Counter()
    for a, b, d in graph.edges(data=True):
        if d["relation"] == "comparedWith":
            support = (str(d["papers"]), d["confidence"])
            expected.update([(name(graph, a), name(graph, b), *support), (name(graph, b), name(graph, a), *support)])
    found = Counter((a, b, papers, float(confidence)) for a, b, papers, confidence in rows("compared-methods.rq", out))
    assert expected and found == expected
    assert all(0 < confidence < 1 for *_, confidence in found)


@pytest.mark.parametrize("limit", [None, 5, 100_000])
def test_tasks_sharing_methods(sample, limit):
    graph, _, out = sample
    tasks_of = defaultdict(set)  # method -> tasks: it is used for them, or proposed in a paper that mentions them
    for source, target, d in graph.edges(data=True):
        if d["relation"] == "usedFor":
            tasks_of[source].add(target)
        if d["relation"] == "proposes" and graph.nodes[target]["type"] == "Method":
            tasks_of[target] |= set(graph.successors(source)) & of_type(graph, "Task")
    shared = defaultdict(set)
    for m, tasks in tasks_of.items():
        for t1 in tasks:
            for t2 in tasks:
                if t1 < t2:
                    shared[(name(graph, t1), name(graph, t2))].add(m)
    expected = [(a, b, n, {name(graph, m) for m in shared[(a, b)]}) for a, b, n in top(shared, limit or 25)]
    found = [(a, b, n, set(names.split(" | "))) for a, b, n, names in rows("tasks-sharing-methods.rq", out, limit)]
    assert expected and found == expected


@pytest.mark.parametrize("limit", [None, 5, 100_000])
def test_method_pairs(sample, limit):
    graph, _, out = sample
    pairs = defaultdict(set)
    for paper, entities in papers_of(graph).items():
        methods = entities & of_type(graph, "Method")
        for m1 in methods:
            for m2 in methods:
                if m1 < m2:
                    pairs[(name(graph, m1), name(graph, m2))].add(paper)
    assert rows("method-pairs.rq", out, limit) == top(pairs, limit or 25)


def test_relation_evidence(sample):
    graph, _, out = sample
    expected = Counter()
    for h, t, d in graph.edges(data=True):
        if d["relation"] in RELATIONS:
            for r in d["evidence"]:
                text = graph.nodes[paper_iri(graph.graph["base_iri"], r.paper)][
                    "title" if r.source == TITLE else "abstract"
                ]
                expected[
                    (
                        name(graph, h),
                        d["relation"],
                        name(graph, t),
                        str(d["papers"]),
                        d["confidence"],
                        r.paper,
                        text[r.start : r.end],
                    )
                ] += 1
    found = Counter((*row[:4], float(row[4]), *row[5:]) for row in rows("relation-evidence.rq", out))
    assert expected and found == expected


@pytest.mark.parametrize("paper", [None, "UA8DESerfC"])  # the query's default, and a paper given
def test_similar_papers(sample, paper):
    graph, _, out = sample
    entities = papers_of(graph)
    given = next(p for p in entities if graph.nodes[p]["paper_id"] == (paper or "UFlyLkvyAE"))
    shared = {p: entities[p] & entities[given] for p in entities if p != given and entities[p] & entities[given]}
    ranked = sorted(shared.items(), key=lambda kv: (-len(kv[1]), graph.nodes[kv[0]]["paper_id"]))[:25]
    expected = [
        (graph.nodes[p]["paper_id"], graph.nodes[p]["title"], str(len(es)), {name(graph, e) for e in es})
        for p, es in ranked
    ]
    bindings = {"paper": paper} if paper else None
    found = [(p, t, n, set(e.split(" | "))) for p, t, n, e in run_query("similar-papers", out, bindings=bindings).rows]
    assert expected and found == expected


def test_mention_evidence(sample):
    graph, mentions, out = sample
    expected = Counter(
        (name(graph, m["entity"]), m["paper"], str(m["start"]), str(m["end"]), m["text"])
        for m in mentions
        if m["field"] == "abstract"  # the query gives offsets into abstracts
    )
    found = rows("mention-evidence.rq", out)
    assert Counter(found) == expected
    assert found == sorted(found, key=lambda r: (r[0], r[1], int(r[2])))


def named(graph, given: str) -> set[str]:
    """The entities that `given` names: by their name or an alias, in any case."""
    return {
        n
        for n, d in graph.nodes(data=True)
        if d["type"] != PAPER and given.lower() in {s.lower() for s in (d["name"], *d["aliases"])}
    }


def spelled_otherwise(graph, entity_name: str) -> str:
    """Another spelling of an entity's name, as a user might type it: an alias if it has one, in swapped case."""
    node = next(d for _, d in graph.nodes(data=True) if d["type"] != PAPER and d["name"] == entity_name)
    return (sorted(node["aliases"]) or [entity_name])[0].swapcase()


@pytest.mark.parametrize(
    "query, parameter, columns",
    [
        ("compared-methods", "method", [0]),
        ("dataset-papers", "dataset", [0]),
        ("mention-evidence", "entity", [0]),
        ("relation-evidence", "entity", [0, 2]),
    ],
)
def test_a_name_parameter_picks_the_rows_of_what_it_names_in_any_case_or_by_alias(sample, query, parameter, columns):
    graph, _, out = sample
    every = rows(f"{query}.rq", out)
    counts = Counter(row[columns[0]] for row in every)
    for entity_name in sorted(counts, key=lambda n: (-counts[n], n))[:3]:
        given = spelled_otherwise(graph, entity_name)
        names = {name(graph, n) for n in named(graph, given)}
        expected = [row for row in every if any(row[c] in names for c in columns)]
        found = [tuple(row) for row in run_query(query, out, bindings={parameter: given}).rows]
        assert entity_name in names and expected and found == expected, given


def test_the_leaderboard_of_one_dataset(results_build):
    every = rows("leaderboard.rq", results_build.out)
    found = run_query("leaderboard", results_build.out, bindings={"dataset": "imagenet"}).rows
    assert [tuple(row) for row in found] == [row for row in every if row[0] == "ImageNet"] != []


def test_a_parameter_value_is_a_value_never_query_text(sample):
    _, _, out = sample
    injected = 'x")) } } ?s ?p ?o . { SELECT ?given_entity { BIND("x'
    assert run_query("mention-evidence", out, bindings={"entity": injected}).rows == []


def test_a_parameter_the_query_does_not_declare_is_a_one_line_error(sample):
    _, _, out = sample
    with pytest.raises(QueryError, match="--param topik: not a parameter of this query; it takes topic, year"):
        run_query("topic-papers", out, bindings={"topik": "x"})


def topic_papers(graph, topic: str) -> dict[str, set[str]]:
    """Paper IRI -> names of the entities through which it is on `topic`: a node named so, or one whose
    broader edges lead to such a node."""
    broader = nx.DiGraph((u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "broader")
    nodes = named(graph, topic)
    on_topic = nodes | {n for t in nodes if t in broader for n in nx.ancestors(broader, t)}
    found = defaultdict(set)
    for paper, entity in graph.edges():
        if entity in on_topic and graph.nodes[paper]["type"] == PAPER:
            found[paper].add(name(graph, entity))
    return found


def widest_topic(graph) -> str:
    """The name of the entity with the most narrower entities."""
    counts = Counter(v for _, v, d in graph.edges(data=True) if d["relation"] == "broader")
    return name(graph, min(counts, key=lambda n: (-counts[n], n)))


@pytest.mark.parametrize("bound, year", [(True, None), (False, None), (True, "2025"), (True, "1999")])
def test_topic_papers(sample, bound, year):
    graph, _, out = sample
    topic = widest_topic(graph).upper() if bound else "large language models"  # the query's default; any case matches
    found = {p: names for p, names in topic_papers(graph, topic).items() if year in (None, str(graph.nodes[p]["year"]))}
    expected = {
        (topic, str(graph.nodes[p]["year"]), graph.nodes[p]["paper_id"], graph.nodes[p]["title"], frozenset(names))
        for p, names in found.items()
    }
    bindings = ({"topic": topic} if bound else {}) | ({"year": year} if year else {})
    result = run_query("topic-papers", out, bindings=bindings)
    assert (len(found) > 1) == (year != "1999") and len(result.rows) == len(found)
    assert {(*row[:4], frozenset(row[4].split(" | "))) for row in result.rows} == expected


def test_topic_trend(sample):
    graph, _, out = sample
    topic = widest_topic(graph)
    years = Counter(graph.nodes[p]["year"] for p in topic_papers(graph, topic))
    every = Counter(d["year"] for _, d in graph.nodes(data=True) if d["type"] == PAPER)
    expected = [[topic, str(y), str(n), str(every[y])] for y, n in sorted(years.items())]
    result = run_query("topic-trend", out, bindings={"topic": topic})
    assert expected and [row[:4] for row in result.rows] == expected
    assert all(abs(float(row[4]) - int(row[2]) / int(row[3])) < 0.001 for row in result.rows)


@pytest.fixture(scope="module")
def crowded(tmp_path_factory):
    """A hand-written graph.ttl where pair counts tie, some entities share a name, and more entities than the
    queries' ?least bounds look at: where the bounds cut. Returns the folder, names, mentions, proposals, usedFor."""
    rng = random.Random(7)
    methods = [f"{DEFAULT_BASE_IRI}method/m{i:03d}" for i in range(260)]
    tasks = [f"{DEFAULT_BASE_IRI}task/t{i:02d}" for i in range(40)]
    names = {m: f"method {i % 230}" for i, m in enumerate(methods)} | {t: f"task {i % 36}" for i, t in enumerate(tasks)}
    mentions, proposals = {}, {}
    for i in range(150):
        paper = f"{DEFAULT_BASE_IRI}paper/p{i:03d}"
        found = rng.choices(methods, weights=[1 / (r + 1) for r in range(len(methods))], k=6)
        mentions[paper] = set(found) | set(rng.choices(tasks, weights=[1 / (r + 1) for r in range(len(tasks))], k=3))
        proposals[paper] = {found[0]}
    used_for = {(rng.choice(methods[:50]), rng.choice(tasks)) for _ in range(60)}
    kg, skos = "https://w3id.org/paperkg/ontology#", "http://www.w3.org/2004/02/skos/core#"
    lines = []
    for entity, label in names.items():
        kind = "Method" if entity in methods else "Task"
        count = sum(entity in found for found in mentions.values())
        lines += [f'<{entity}> a <{kg}{kind}> ; <{skos}prefLabel> "{label}" ; <{kg}paperCount> {count} .']
    for paper, found in mentions.items():
        lines += [f"<{paper}> a <{kg}Paper> ."] + [f"<{paper}> <{kg}mentions> <{e}> ." for e in found]
        lines += [f"<{paper}> <{kg}proposes> <{m}> ." for m in proposals[paper]]
    lines += [f"<{m}> <{kg}usedFor> <{t}> ." for m, t in used_for]
    out = tmp_path_factory.mktemp("crowded")
    (out / "graph.ttl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out, names, mentions, proposals, used_for


@pytest.mark.parametrize("limit", [None, 3, 10, 100_000])
def test_pair_queries_where_the_bounds_cut(crowded, limit):
    out, names, mentions, proposals, used_for = crowded
    method_pairs, method_tasks, tasks_of = defaultdict(set), defaultdict(set), defaultdict(set)
    for paper, found in mentions.items():
        methods, tasks = sorted(e for e in found if "/method/" in e), sorted(e for e in found if "/task/" in e)
        for i, m1 in enumerate(methods):
            for m2 in methods[i + 1 :]:
                method_pairs[(names[m1], names[m2])].add(paper)
            for t in tasks:
                method_tasks[(names[t], names[m1])].add(paper)
                if m1 in proposals[paper]:
                    tasks_of[m1].add(t)
    for m, t in used_for:
        tasks_of[m].add(t)
    shared = defaultdict(set)
    for m, found in tasks_of.items():
        for t1 in found:
            for t2 in found:
                if t1 < t2:
                    shared[(names[t1], names[t2])].add(m)
    assert rows("method-pairs.rq", out, limit) == top(method_pairs, limit or 25)
    assert rows("methods-for-tasks.rq", out, limit) == top(method_tasks, limit or 50)
    expected = [(a, b, n, {names[m] for m in shared[(a, b)]}) for a, b, n in top(shared, limit or 25)]
    assert [
        (a, b, n, set(found.split(" | "))) for a, b, n, found in rows("tasks-sharing-methods.rq", out, limit)
    ] == expected


def test_leaderboard_ranks_the_scores_on_each_dataset_best_first(results_build):
    # the hand-made abstracts' scores (tests.helpers.RESULT_PAPERS): a lower FID is better, a higher accuracy;
    # changes ("by 2.3 points", "3x faster") are no scores
    expected = [
        ("CIFAR-10", "FID", "2.1", "", "QuxDiff", "r3"),
        ("CIFAR-10", "FID", "3.4", "", "ZedDiff", "r4"),
        ("ImageNet", "top-1 accuracy", "86.5", "%", "BarNet", "r2"),
        ("ImageNet", "top-1 accuracy", "84.1", "%", "FooNet", "r1"),
    ]
    found = rows("leaderboard.rq", results_build.out)
    assert [row[:6] for row in found] == expected
    abstracts = {p["id"]: p["abstract"] for p in RESULT_PAPERS}
    assert all(sentence in abstracts[paper] and value in sentence for _, _, value, _, _, paper, sentence in found)


def test_a_library_query_runs_by_its_name(sample):
    _, _, out = sample
    assert run_query("top-entities", out).rows == run_query(str(QUERIES / "top-entities.rq"), out).rows


def test_kg_query_list_gives_every_library_query_with_its_question_and_parameters():
    result = CliRunner().invoke(app, ["query", "--list"])
    assert result.exit_code == 0, result.output
    listed: dict[str, list[str]] = {}
    for line in result.output.splitlines():
        if line.startswith(" "):
            listed[list(listed)[-1]].append(line.strip())
        else:
            query, question = line.split(None, 1)
            listed[query] = [question]
    files = sorted(QUERIES.glob("*.rq"))
    assert list(listed) == [f.stem for f in files]
    for f in files:
        header = [
            line.removeprefix("# ") for line in f.read_text(encoding="utf-8").splitlines() if line.startswith("#")
        ]
        params = [
            re.sub(r"^Parameter (\w+): ", r"--param \1=...: ", line) for line in header if line.startswith("Parameter ")
        ]
        assert listed[f.stem] == [header[0], *params]
    assert sum(len(lines) > 1 for lines in listed.values()) >= 8


def test_kg_version_is_the_installed_distributions():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.split() == ["kg", "(paperkg)", version("paperkg")]
