"""Tests for `govmem.render.graph`: the decision graph as Mermaid and Graphviz text."""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime
from typing import Any, Final

import pytest
from attrs import evolve

import govmem
from govmem import Corpus, Link, Record
from govmem.model.time import parse_iso
from govmem.render.graph import build_graph, mermaid_text, render_dot, render_mermaid
from tests.conftest import EXAMPLE, needs_graphviz

NOW: Final = datetime(2026, 9, 8, 12, tzinfo=UTC)
AS_OF: Final = parse_iso("2026-09-08")

# The subset of Mermaid flowchart syntax that render_mermaid emits, line by line.
_ID = r"n_[A-Za-z0-9_]+"
_LABEL = r'"[^"\n]*"'
MERMAID_LINES: Final = {
    "header": re.compile(r"^flowchart LR$"),
    "comment": re.compile(r"^ {2}%% [^{].*$"),
    "subgraph": re.compile(rf"^ {{2}}subgraph t\d+\[{_LABEL}\]$"),
    "end": re.compile(r"^ {2}end$"),
    "node": re.compile(rf"^ {{2,4}}(?P<id>{_ID})(?:\[{_LABEL}\]|\(\[{_LABEL}\]\)|\({_LABEL}\))$"),
    "edge": re.compile(
        rf"^ {{2}}(?P<src>{_ID}) (?:-->|-\.->|---|-\.-)\|(?P<label>{_LABEL})\| (?P<dst>{_ID})$"
    ),
    "classDef": re.compile(r"^ {2}classDef (?P<cls>[a-z]+) [a-z-]+:[^,\n]+(?:,[a-z-]+:[^,\n]+)*$"),
    "class": re.compile(rf"^ {{2}}class (?P<ids>{_ID}(?:,{_ID})*) (?P<cls>[a-z]+)$"),
    "linkStyle": re.compile(r"^ {2}linkStyle (?P<n>\d+) [a-z-]+:[^,\s]+(?:,[a-z-]+:[^,\s]+)*$"),
}


def check_mermaid(text: str) -> list[str]:
    """Check `text` against the emitted grammar; return its edges as `src label dst` strings."""
    lines = text.rstrip("\n").split("\n")
    assert lines[0] == "flowchart LR"
    nodes: set[str] = set()
    classes: set[str] = set()
    edges: list[str] = []
    depth = 0
    for line in lines:
        kind = next((k for k, rx in MERMAID_LINES.items() if rx.match(line)), None)
        assert kind is not None, f"not in the emitted Mermaid grammar: {line!r}"
        m = MERMAID_LINES[kind].match(line)
        assert m is not None
        if kind == "subgraph":
            assert depth == 0, "subgraphs are not nested"
            depth += 1
        elif kind == "end":
            assert depth == 1, "an `end` closes a subgraph"
            depth -= 1
        elif kind == "node":
            assert m["id"] not in nodes, f"node {m['id']} defined twice"
            nodes.add(m["id"])
        elif kind == "edge":
            assert m["src"] in nodes, f"edge from an undefined node: {line}"
            assert m["dst"] in nodes, f"edge to an undefined node: {line}"
            edges.append(f"{m['src']} {m['label'].strip(chr(34))} {m['dst']}")
        elif kind == "classDef":
            classes.add(m["cls"])
        elif kind == "class":
            assert m["cls"] in classes, f"class {m['cls']} used before its classDef"
            assert set(m["ids"].split(",")) <= nodes
        elif kind == "linkStyle":
            assert int(m["n"]) < len(edges), "linkStyle names an edge that does not exist"
    assert depth == 0
    for label in re.findall(_LABEL, text):
        inner = label[1:-1].replace("<br/>", "")
        assert "<" not in inner, f"unescaped markup in {label}"
        assert ">" not in inner, f"unescaped markup in {label}"
    return edges


@pytest.fixture(scope="module")
def example() -> Corpus:
    """The seed-000 example corpus."""
    return govmem.load(EXAMPLE)


def test_the_example_graph_shows_the_supersession_the_legacy_exception_and_the_open_conflict(
    example: Corpus,
) -> None:
    """001 -> 024 supersession, 011 as the legacy exception, the DynamoDB claim's open conflict."""
    text = render_mermaid(build_graph(example, "database", AS_OF, now=NOW))
    edges = check_mermaid(text)
    assert edges == [
        "n_adr_024 supersedes n_adr_001",
        "n_claim_chat_dynamodb conflicts (open) n_adr_024",
        "n_adr_011 exception n_adr_024",
    ]
    assert 'n_adr_011["adr-011<br/>MongoDB<br/>approved · legacy"]' in text
    assert "n_claim_chat_dynamodb([" in text  # a claim is drawn as a stadium
    assert "class n_adr_001 superseded" in text
    assert "class n_claim_chat_dynamodb proposed" in text


def test_the_whole_corpus_graph_groups_records_by_topic(example: Corpus) -> None:
    """Without a topic, each topic is a subgraph holding its linked records."""
    text = render_mermaid(build_graph(example, None, AS_OF, now=NOW))
    check_mermaid(text)
    assert '  subgraph t0["database"]' in text
    assert "    n_adr_024[" in text


def test_the_graph_is_deterministic(example: Corpus) -> None:
    """The same corpus and arguments give the same bytes, whatever the record order."""
    again = Corpus.from_records(
        reversed(example.records),
        sources=example.sources,
        relations=example.relations,
        config=example.config,
        folder_scopes={},
    )
    one = render_mermaid(build_graph(example, "db", AS_OF, now=NOW))
    assert one == render_mermaid(build_graph(example, "database", AS_OF, now=NOW))
    assert one == render_mermaid(build_graph(again, "database", AS_OF, now=NOW))


def _decision(rid: str, title: str, **changes: Any) -> Record:
    base = Record(
        id=rid, kind="decision", title=title, content=title, status="accepted", label="accepted"
    )
    return evolve(base, **changes)


def test_node_ids_are_safe_and_unique_and_labels_escaped() -> None:
    """Ids that clash once sanitised get suffixes; quotes, markup and pipes in titles are escaped."""
    corpus = Corpus.from_records(
        [
            _decision("end", 'The "end" <b>|x|</b> & #1', topic="t", supersedes=("a-b",)),
            _decision("a-b", "A b", topic="t", status="superseded", label="superseded"),
            _decision("a_b", "A_b", topic="t", conflicts_with=("a-b",)),
        ]
    )
    graph = build_graph(corpus, "t", AS_OF, now=NOW)
    keys = [n.key for n in graph.nodes]
    assert keys == ["n_a_b", "n_a_b_2", "n_end"]
    text = render_mermaid(graph)
    edges = check_mermaid(text)
    assert "n_end supersedes n_a_b" in edges
    assert "The #quot;end#quot; #lt;b#gt;#124;x#124;#lt;/b#gt; #amp; #35;1" in text


def test_mermaid_text_escapes_every_syntax_character() -> None:
    """`"`, `<`, `>`, `&`, `#`, backtick and `|` become entity codes; whitespace collapses."""
    assert mermaid_text('a"b<c>d&e#f`g|h\n i') == "a#quot;b#lt;c#gt;d#amp;e#35;f#96;g#124;h i"


def test_rejected_in_favour_of_and_pending_supersession_are_edges() -> None:
    """A rejection names what was chosen instead; a proposal's supersedes link is pending."""
    corpus = Corpus.from_records(
        [
            _decision(
                "100",
                "Push API",
                topic="t",
                status="rejected",
                label="rejected",
                links=(Link("rejected-in-favour-of", "101"),),
            ),
            _decision("101", "Pull API", topic="t"),
            _decision(
                "102",
                "Pull API v2",
                topic="t",
                status="proposed",
                label="proposed",
                supersedes=("101",),
            ),
        ]
    )
    edges = check_mermaid(render_mermaid(build_graph(corpus, "t", AS_OF, now=NOW)))
    assert edges == ["n_102 proposes to supersede n_101", "n_100 rejected in favour of n_101"]


@needs_graphviz
def test_the_dot_output_is_accepted_by_graphviz(example: Corpus) -> None:
    """`dot -Tsvg` renders the DOT text without a warning, with every node."""
    text = render_dot(build_graph(example, None, AS_OF, now=NOW))
    run = subprocess.run(
        ["dot", "-Tsvg"], input=text, capture_output=True, text=True, check=False, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    for key in ("n_adr_001", "n_adr_011", "n_adr_024", "n_claim_chat_dynamodb"):
        assert f"<title>{key}</title>" in run.stdout


def test_the_dot_output_labels_edges_and_clusters_topics(example: Corpus) -> None:
    """Edges carry their labels; conflicts are undirected; each topic is a cluster."""
    text = render_dot(build_graph(example, None, AS_OF, now=NOW))
    assert text.startswith("digraph govmem {\n")
    assert text.endswith("}\n")
    assert "subgraph cluster_0 {" in text
    assert 'n_adr_024 -> n_adr_001 [label="supersedes", color="#4b5563"];' in text
    assert 'n_claim_chat_dynamodb -> n_adr_024 [label="conflicts (open)"' in text
    assert "dir=none" in text
