"""Tests for `govmem.render.graph_svg`: the decision graph laid out by date and drawn as SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from attrs import evolve

import govmem
from govmem import Corpus, Record
from govmem.model.time import parse_iso
from govmem.render.graph import Graph, build_graph
from govmem.render.graph_svg import layout_graph, render_graph_legend, render_graph_svg
from tests.conftest import EXAMPLE
from tests.render.test_timeline import AS_OF, NOW, SVG


@pytest.fixture(scope="module")
def database() -> Graph:
    """The example's `database` graph as of 2026-09-08."""
    return build_graph(govmem.load(EXAMPLE), "database", AS_OF, now=NOW)


def _decision(rid: str, **changes: Any) -> Record:
    base = Record(
        id=rid, kind="decision", title=f"Title {rid}", content=rid, status="accepted",
        label="accepted", topic="t",
    )  # fmt: skip
    return evolve(base, **changes)


def _chain(dated: bool = True) -> Corpus:
    """v1 <- v2 <- ... <- v5, each superseding the one before."""
    records = []
    for i in range(1, 6):
        changes: dict[str, Any] = {"supersedes": (f"v{i - 1}",)} if i > 1 else {}
        if dated:
            changes["valid_from"] = parse_iso(f"202{i}-03-01")
        records.append(_decision(f"v{i}", **changes))
    return Corpus.from_records(reversed(records))


def _nodes(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-id", ""): g for g in root.iter(f"{SVG}g") if "node" in g.get("class", "")}


def test_the_example_graph_has_a_node_per_record_and_typed_edges(database: Graph) -> None:
    """Four nodes of the topic; a supersession with an arrow, an exception, an open conflict."""
    svg = render_graph_svg(database)
    nodes = _nodes(svg)
    assert sorted(nodes) == ["adr-001", "adr-011", "adr-024", "claim-chat-dynamodb"]
    assert all("in-topic" in (g.get("class") or "") for g in nodes.values())
    root = ET.fromstring(svg)
    edges = {
        p.get("class", ""): p
        for p in root.iter(f"{SVG}path")
        if p.get("class", "").startswith("edge")
    }
    assert sorted(edges) == ["edge e-conflicts open", "edge e-exception", "edge e-supersedes"]
    assert edges["edge e-supersedes"].get("marker-end") == "url(#gm-supersedes)"
    assert edges["edge e-exception"].get("stroke-dasharray") == "5 3"
    assert edges["edge e-conflicts open"].get("marker-end") is None
    assert edges["edge e-supersedes"].findtext(f"{SVG}title") == "adr-024 supersedes adr-001"


def test_nodes_go_left_to_right_by_date(database: Graph) -> None:
    """adr-001 (2023) < adr-011 (2024) < adr-024 (Feb 2026) < the claim (Mar 2026)."""
    lay = layout_graph(database)
    x = {p.node.id: p.x for p in lay.places}
    assert x["adr-001"] < x["adr-011"] < x["adr-024"] < x["claim-chat-dynamodb"]
    rows = {p.node.id: p.row for p in lay.places}
    assert rows["adr-001"] == rows["adr-024"]  # one chain, one row


@pytest.mark.parametrize("dated", [True, False])
def test_a_chain_is_one_row_from_its_first_record_to_its_last(dated: bool) -> None:
    """v1 … v5 share a row in order, dated or not; each arrow runs from a record to its successor."""
    graph = build_graph(_chain(dated), "t", AS_OF, now=NOW)
    lay = layout_graph(graph)
    assert [p.node.id for p in lay.places] == ["v1", "v2", "v3", "v4", "v5"]
    assert {p.row for p in lay.places} == {0}
    assert [p.col for p in lay.places] == [0, 1, 2, 3, 4]
    svg = render_graph_svg(graph)
    root = ET.fromstring(svg)
    tips = [
        p.findtext(f"{SVG}title") or ""
        for p in root.iter(f"{SVG}path")
        if p.get("class") == "edge e-supersedes"
    ]
    assert sorted(tips) == [f"v{i + 1} supersedes v{i}" for i in range(1, 5)]


def test_nodes_link_to_their_pages_and_the_current_decision_is_tagged(database: Graph) -> None:
    """With hrefs, each node is an `<a>`; the current decision carries `current`."""
    graph = database
    pos = {n.id: n.pos for n in graph.nodes}
    svg = render_graph_svg(
        graph,
        href={n.pos: f"../records/{n.id}.html" for n in graph.nodes},
        current={pos["adr-024"]},
    )
    root = ET.fromstring(svg)
    links = [a.get("href") or "" for a in root.iter(f"{SVG}a")]
    assert "../records/adr-024.html" in links
    assert len(links) == 4
    current = [g.get("data-id") for g in root.iter(f"{SVG}g") if "current" in g.get("class", "")]
    assert current == ["adr-024"]


def test_the_legend_names_only_what_the_graph_shows(database: Graph) -> None:
    """Statuses and edge kinds present, in words; none of the absent ones."""
    legend = render_graph_legend(database)
    for text in (
        "accepted",
        "proposed",
        "superseded",
        "replaced by",
        "scope exception to",
        "conflict",
    ):
        assert f"</svg>{text}</span>" in legend
    assert "rejected" not in legend


def test_hostile_text_is_escaped_and_the_picture_is_deterministic() -> None:
    """Markup in ids, titles and topics cannot break out; the same graph gives the same bytes."""
    nasty = '<script>alert("x")</script> & \x07'
    corpus = Corpus.from_records(
        [
            _decision("a<b>", title=nasty, topic=nasty),
            _decision("c", topic=nasty, supersedes=("a<b>",)),
        ]
    )
    graph = build_graph(corpus, None, AS_OF, now=NOW)
    svg = render_graph_svg(graph, href={n.pos: 'x" onclick="1' for n in graph.nodes})
    root = ET.fromstring(svg)
    assert not list(root.iter(f"{SVG}script"))
    assert "<script>" not in svg
    assert 'onclick="' not in svg
    assert svg == render_graph_svg(graph, href={n.pos: 'x" onclick="1' for n in graph.nodes})


def test_an_empty_graph_is_a_valid_picture() -> None:
    """No linked record: a small SVG saying so."""
    svg = render_graph_svg(build_graph(Corpus.from_records([_decision("a")]), None, AS_OF, now=NOW))
    assert "No record is linked to another." in svg
    ET.fromstring(svg)
