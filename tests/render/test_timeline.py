"""Tests for `govmem.render.timeline`: a topic's records in time, as SVG and as text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from typing import Any, Final

import pytest
from attrs import evolve

import govmem
from govmem import Corpus, Record
from govmem.model.time import parse_iso
from govmem.render.svg import xml_text
from govmem.render.timeline import build_timeline, render_text
from govmem.render.timeline_svg import render_svg
from tests.conftest import EXAMPLE

NOW: Final = datetime(2026, 9, 8, 12, tzinfo=UTC)
AS_OF: Final = parse_iso("2026-09-08")
SVG: Final = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def example() -> Corpus:
    """The seed-000 example corpus."""
    return govmem.load(EXAMPLE)


def _bars(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").startswith("bar "):
            title = g.find(f"{SVG}title")
            assert title is not None
            assert title.text is not None
            out[title.text.split(" — ")[0]] = g
    return out


def test_the_example_timeline_has_a_lane_per_scope_and_a_bar_per_record(example: Corpus) -> None:
    """Lanes all, legacy, new-services (tree order); bars carry their validity in a tooltip."""
    tl = build_timeline(example, "database", AS_OF, now=NOW)
    assert [lane.scope for lane in tl.lanes] == ["all", "legacy", "new-services"]
    svg = render_svg(tl)
    bars = _bars(svg)
    assert sorted(bars) == ["adr-001", "adr-011", "adr-024", "claim-chat-dynamodb"]
    tip = bars["adr-001"].find(f"{SVG}title")
    assert tip is not None
    assert tip.text == "adr-001 — MySQL\nsuperseded · all · 2023-05-12 → 2026-02-01"
    assert "2026-02-01 → open" in (bars["adr-024"].findtext(f"{SVG}title") or "")


def test_open_conflicts_are_marked_and_the_as_of_line_is_drawn(example: Corpus) -> None:
    """The DynamoDB claim has a red outline and a `!` mark; `as of 2026-09-08` is labelled."""
    svg = render_svg(build_timeline(example, "database", AS_OF, now=NOW))
    claim = _bars(svg)["claim-chat-dynamodb"]
    rect = claim.find(f"{SVG}rect")
    assert rect is not None
    assert rect.get("stroke") == "#dc2626"
    assert rect.get("stroke-dasharray") == "4 3"  # a proposal is never drawn solid
    assert claim.find(f"{SVG}circle") is not None
    assert "open conflict: rel-dynamodb-vs-adr-024 with adr-024" in (
        claim.findtext(f"{SVG}title") or ""
    )
    assert "as of 2026-09-08</text>" in svg
    assert _bars(svg)["adr-024"].find(f"{SVG}circle") is None


def test_the_axis_shows_the_years_of_the_range(example: Corpus) -> None:
    """Year labels 2024, 2025, 2026 are on the axis; months appear between them."""
    root = ET.fromstring(render_svg(build_timeline(example, "database", AS_OF, now=NOW)))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for year in ("2024", "2025", "2026"):
        assert year in texts
    assert "Jul" in texts


def _decision(rid: str, title: str, **changes: Any) -> Record:
    base = Record(
        id=rid, kind="decision", title=title, content=title, status="accepted", label="accepted"
    )
    return evolve(base, **changes)


def test_hostile_text_is_escaped_and_the_svg_stays_well_formed() -> None:
    """Markup, quotes, ampersands and control characters in titles and scopes cannot break out."""
    nasty = "<script>alert(\"x\")</script> & \x07 'q'"
    corpus = Corpus.from_records(
        [
            _decision(
                "a<b>",
                nasty,
                topic="t",
                scope='s"><svg onload=1>',
                valid_from=parse_iso("2024-01-01"),
            )
        ]
    )
    svg = render_svg(build_timeline(corpus, "t", AS_OF, now=NOW))
    root = ET.fromstring(svg)
    assert not list(root.iter(f"{SVG}script"))
    assert "<script>" not in svg
    assert "onload=1>" not in svg
    assert "&lt;script&gt;" in svg
    assert xml_text("a<\"&'>\x00") == "a&lt;&quot;&amp;&#39;&gt;"


def test_rejected_records_are_marks_and_unknown_ends_trail_off() -> None:
    """A rejected record is a cross (never in force); a superseded one with no end shows `?`."""
    corpus = Corpus.from_records(
        [
            _decision(
                "r", "Rejected", topic="t", status="rejected", label="rejected",
                valid_from=parse_iso("2024-03-01"),
            ),
            _decision(
                "s", "Superseded", topic="t", status="superseded", label="superseded",
                valid_from=parse_iso("2023-03-01"),
            ),
        ]
    )  # fmt: skip
    tl = build_timeline(corpus, "t", AS_OF, now=NOW)
    bars = _bars(render_svg(tl))
    assert bars["r"].find(f"{SVG}rect") is None
    assert bars["r"].find(f"{SVG}path") is not None
    assert "never in force" in (bars["r"].findtext(f"{SVG}title") or "")
    assert "end unknown" in (bars["s"].findtext(f"{SVG}title") or "")
    text = render_text(tl)
    assert "×" in text
    assert "2023-03-01 → end unknown" in text
    assert "2024-03-01 · never in force" in text


def test_overlapping_bars_of_one_scope_go_on_separate_rows() -> None:
    """Two records in force at once in one scope do not share a row."""
    corpus = Corpus.from_records(
        [
            _decision("a", "A", topic="t", valid_from=parse_iso("2020-01-01")),
            _decision("b", "B", topic="t", valid_from=parse_iso("2021-01-01")),
        ]
    )
    (lane,) = build_timeline(corpus, "t", AS_OF, now=NOW).lanes
    assert lane.rows == 2
    assert sorted(b.row for b in lane.bars) == [0, 1]


def test_the_text_timeline_lists_each_record_with_its_dates(example: Corpus) -> None:
    """One line per record under its scope, the as-of column marked, the conflict noted."""
    text = render_text(build_timeline(example, "db", AS_OF, now=NOW))
    lines = text.splitlines()
    assert lines[0] == "Timeline of database as of 2026-09-08"
    assert "▼" in lines[2]
    assert lines[3] == "all"
    assert lines[4].startswith("  adr-001             superseded   ▓")
    assert lines[4].endswith("2023-05-12 → 2026-02-01")
    assert "! open conflict rel-dynamodb-vs-adr-024 with adr-024" in text


def test_the_timeline_is_deterministic_and_handles_a_topic_with_no_records(
    example: Corpus,
) -> None:
    """Same arguments, same bytes; an unknown topic draws an empty, valid picture."""
    one = render_svg(build_timeline(example, "database", AS_OF, now=NOW))
    assert one == render_svg(build_timeline(example, "database", AS_OF, now=NOW))
    empty = build_timeline(example, "weather", AS_OF, now=NOW)
    assert empty.empty
    ET.fromstring(render_svg(empty))
    assert render_text(empty).endswith("No record is on this topic.\n")


def _chain_corpus() -> Corpus:
    """v1 … v5 of one standard, overlapping windows, each superseding the one before."""
    windows = [
        ("2021-01-01", "2023-10-31"),
        ("2023-03-23", "2023-11-30"),
        ("2023-06-15", "2024-07-31"),
        ("2024-02-28", "2025-07-01"),
        ("2024-12-19", None),
    ]
    records = []
    for i, (start, end) in enumerate(windows, 1):
        changes: dict[str, Any] = {"topic": "iaas", "valid_from": parse_iso(start)}
        if end is not None:
            changes["valid_to"] = parse_iso(end)
        if i > 1:
            changes["supersedes"] = (f"v{i - 1}",)
        records.append(_decision(f"v{i}", "SCS-compatible IaaS", **changes))
    return Corpus.from_records(reversed(records))


def test_a_chain_gets_a_row_per_record_in_valid_from_order() -> None:
    """v1 … v5 on rows 0 … 4 of their lane, never two on one row, whatever their windows."""
    (lane,) = build_timeline(_chain_corpus(), "iaas", AS_OF, now=NOW).lanes
    rows = {b.id: b.row for b in lane.bars}
    assert rows == {"v1": 0, "v2": 1, "v3": 2, "v4": 3, "v5": 4}
    assert lane.rows == 5


def test_an_arrow_leads_from_each_record_to_its_successor() -> None:
    """Four steps, drawn as paths with an arrowhead; the subtitle speaks in words."""
    tl = build_timeline(_chain_corpus(), "iaas", AS_OF, now=NOW)
    assert len(tl.steps) == 4
    assert not any(s.pending for s in tl.steps)
    svg = render_svg(tl)
    root = ET.fromstring(svg)
    steps = [p for p in root.iter(f"{SVG}path") if "step" in (p.get("class") or "").split()]
    assert len(steps) == 4
    assert {p.get("marker-end") for p in steps} == {"url(#tl-next)"}
    assert "each bar: when the decision was in force" in svg
    assert "valid_from" not in svg
    assert "valid_to" not in svg


def test_a_proposed_successor_gets_a_dashed_arrow() -> None:
    """A draft that would replace an accepted record: a pending step, dashed."""
    corpus = Corpus.from_records(
        [
            _decision("old", "Old", topic="t", valid_from=parse_iso("2024-01-01")),
            _decision(
                "new", "New", topic="t", status="proposed", label="draft", supersedes=("old",),
                valid_from=parse_iso("2025-01-01"),
            ),
        ]
    )  # fmt: skip
    tl = build_timeline(corpus, "t", AS_OF, now=NOW)
    assert [s.pending for s in tl.steps] == [True]
    root = ET.fromstring(render_svg(tl))
    (step,) = (p for p in root.iter(f"{SVG}path") if "pending" in (p.get("class") or ""))
    assert step.get("stroke-dasharray") == "3 2"
