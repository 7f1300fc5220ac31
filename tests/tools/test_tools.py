"""The four adrkit tools (SPEC §6): every example of seed 002, every outcome and ref form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govmem import Corpus, Matcher, Record
from govmem.tools.superseded import target_ref
from tests.tools.seed_002 import (
    _ids,
    _load,
    _rec,
)

# ------------------------------------------------------------------ seed 002 examples


def test_search_finds_the_seed_example_with_its_filters(seed: Corpus) -> None:
    """`postgres` with status accepted, tag database, scope backend finds 0007 (title, body)."""
    result = seed.search_decisions(
        "postgres", status=["accepted"], tags=["database"], scope=["backend"]
    ).to_wire()
    assert result == {
        "outcome": "results",
        "items": [
            {
                "id": "0007",
                "title": "Adopt Postgres",
                "status": "accepted",
                "sourcePath": "docs/adr/0007-adopt-postgres.md",
                "matchedFields": ["body", "title"],
            }
        ],
        "cursor": None,
        "findings": {"items": [], "cursor": None},
    }


def test_get_decision_returns_the_seed_decision_with_typed_frontmatter(seed: Corpus) -> None:
    """`found` nests the record under `decision`, adrkit defaults filled, body verbatim."""
    result = seed.get_decision("0007").to_wire()
    decision = result["decision"]
    assert result["outcome"] == "found"
    assert {k: decision[k] for k in ("requestedRef", "id", "title", "status", "sourcePath")} == {
        "requestedRef": "0007",
        "id": "0007",
        "title": "Adopt Postgres",
        "status": "accepted",
        "sourcePath": "docs/adr/0007-adopt-postgres.md",
    }
    fm = decision["frontmatter"]
    assert list(fm)[:5] == ["schemaVersion", "id", "title", "status", "date"]
    assert fm["affects"] == [{"type": "path", "pattern": "src/db/**", "negate": False}]
    assert (fm["consulted"], fm["reversibility"], fm["blastRadius"]) == ([], "unknown", "component")
    assert decision["body"].startswith("## Context\n")


def test_context_of_the_seed_paths_is_governed_by_0007(seed: Corpus) -> None:
    """`src/db/**` fires for 0007 (governing) and 0003 (history); relations verbatim."""
    result = seed.get_decision_context(["src/db/pool.ts", "src/db/schema.sql"]).to_wire()
    assert result["outcome"] == "matches"
    assert result["governing"] == [
        {
            "id": "0007",
            "title": "Adopt Postgres",
            "status": "accepted",
            "sourcePath": "docs/adr/0007-adopt-postgres.md",
            "firedMatchers": [{"type": "path", "pattern": "src/db/**"}],
            "relations": {
                "supersedes": ["0003"],
                "supersededBy": None,
                "relatesTo": [],
                "conflictsWith": [],
            },
        }
    ]
    assert result["activeProposals"] == []
    assert _ids(result["history"]) == ["0003"]
    assert result["history"][0]["relations"]["supersededBy"] == "0007"


def test_list_superseded_resolves_0003_to_0007(seed: Corpus) -> None:
    """The seed's `list_superseded` answer, with the target's live status."""
    assert seed.list_superseded().to_wire()["items"] == [
        {
            "id": "0003",
            "title": "Use MySQL",
            "status": "superseded",
            "sourcePath": "docs/adr/0003-use-mysql.md",
            "supersededBy": {
                "resolved": True,
                "target": {
                    "id": "0007",
                    "title": "Adopt Postgres",
                    "status": "accepted",
                    "sourcePath": "docs/adr/0007-adopt-postgres.md",
                },
            },
        }
    ]


@pytest.mark.parametrize(
    ("rid", "state"),
    [
        ("0003", {"resolved": True}),
        ("0010", {"resolved": False, "targetRef": "0099", "reason": "dangling"}),
        (
            "0011",
            {"resolved": False, "targetRef": "0020", "reason": "ambiguous", "candidateCount": 2},
        ),
        (
            "0012",
            {
                "resolved": False,
                "targetRef": "core:1",
                "reason": "federated-unavailable",
                "log": "core",
                "id": "1",
            },
        ),
        ("0013", {"resolved": False, "targetRef": None, "reason": "unknown"}),
    ],
)
def test_each_superseded_by_state(states: Corpus, rid: str, state: dict[str, Any]) -> None:
    """The four states of seed 002, and govmem's fifth for a bare `superseded`."""
    items = {i["id"]: i["supersededBy"] for i in states.list_superseded().to_wire()["items"]}
    got = items[rid]
    if state["resolved"]:
        assert got["resolved"] is True
        assert got["target"]["id"] == "0007"
    else:
        assert got == state


def test_superseded_findings_name_the_ambiguous_and_federated_targets(states: Corpus) -> None:
    """A warn for the ambiguous target, an info for the federated one, neither with a path."""
    findings = states.list_superseded(findings_limit=100).to_wire()["findings"]["items"]
    derived = [f for f in findings if f["rule"].startswith("superseded-target")]
    assert [(f["rule"], f["severity"], f["id"], "path" in f) for f in derived] == [
        ("superseded-target-ambiguous", "warn", "0011", False),
        ("superseded-target-federated-unavailable", "info", "0012", False),
    ]


def test_several_successors_list_the_earliest_with_a_warning() -> None:
    """Two records supersede one: the earlier (valid_from, id) is the target, plus a warn."""
    old = Record(
        id="a",
        kind="decision",
        title="Old",
        content="Old",
        status="superseded",
        label="superseded",
        path="a.md",
    )
    later = _rec("c", "accepted", valid_from="2025-01-01", supersedes=("a",))
    earlier = _rec("b", "accepted", valid_from="2024-01-01", supersedes=("a",))
    result = Corpus.from_records([old, later, earlier]).list_superseded().to_wire()
    assert result["items"][0]["supersededBy"]["target"]["id"] == "b"
    rules = [(f["rule"], f["severity"], f.get("id")) for f in result["findings"]["items"]]
    assert ("superseded-target-multiple", "warn", "a") in rules


def test_deprecated_records_are_listed_only_with_a_successor() -> None:
    """Deprecated with a successor is listed; deprecated alone is not."""
    records = [
        _rec("d1", "deprecated"),
        _rec("d2", "deprecated", superseded_by=("n",)),
        _rec("n", "accepted"),
    ]
    items = Corpus.from_records(records).list_superseded().to_wire()["items"]
    assert [(i["id"], i["status"], i["supersededBy"]["resolved"]) for i in items] == [
        ("d2", "deprecated", True)
    ]


@pytest.mark.parametrize("side", ["new", "old"])
@pytest.mark.parametrize(("status", "listed"), [("deprecated", []), ("superseded", ["old"])])
def test_a_cyclic_link_is_no_successor_whichever_record_writes_it(
    side: str, status: str, listed: list[str]
) -> None:
    """A cycle's links are ignored: a deprecated record is not listed, a superseded one names none."""
    link = "supersedes" if side == "new" else "superseded_by"
    records = [_rec("old", status, **{link: ("new",)}), _rec("new", "accepted", **{link: ("old",)})]
    corpus = Corpus.from_records(records)
    assert [f.code for f in corpus.findings] == ["supersession-cycle", "supersession-cycle"]
    items = corpus.list_superseded().to_wire()["items"]
    assert [i["id"] for i in items] == listed
    for item in items:
        assert item["supersededBy"] == {"resolved": False, "targetRef": None, "reason": "unknown"}


def test_a_one_sided_supersession_lists_the_old_record_as_superseded() -> None:
    """An accepted record superseded by one in force reads superseded (SPEC §4)."""
    records = [_rec("old", "accepted"), _rec("new", "accepted", supersedes=("old",))]
    items = Corpus.from_records(records).list_superseded().to_wire()["items"]
    assert [(i["id"], i["status"], i["supersededBy"]["target"]["id"]) for i in items] == [
        ("old", "superseded", "new")
    ]


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("0099", "0099"),
        ("0015-dns-infrastructure.md", "0015-dns-infrastructure"),
        (
            "./0018-restrict-direct-source-modification.md",
            "0018-restrict-direct-source-modification",
        ),
        ("[36. Multi-cluster](036-multi-cluster.md)", "036-multi-cluster"),
        ("payments:0020", "payments:0020"),
        ("ADR-0057", "ADR-0057"),
    ],
)
def test_target_ref_is_as_written_or_a_link_target_stem(written: str, shown: str) -> None:
    """`targetRef` keeps the ref as written; a link or file name shows its stem."""
    assert target_ref(written) == shown


# ------------------------------------------------------------------ outcomes and refs


@pytest.mark.parametrize(
    ("ref", "outcome", "found_id"),
    [
        ("0007", "found", "0007"),
        ("7", "found", "0007"),
        ("ADR-7", "found", "0007"),
        ("0007-adopt-postgres.md", "found", "0007"),
        ("[Adopt](0007-adopt-postgres.md)", "found", "0007"),
        ("9999", "not-found", None),
        ("core:12", "federated-log-unavailable", None),
        ("0020", "ambiguous-local-id", None),
    ],
)
def test_get_decision_outcomes_by_ref_form(
    states: Corpus, ref: str, outcome: str, found_id: str | None
) -> None:
    """An exact id, a number, a file name or a link finds one; `log:id` is never resolved."""
    result = states.get_decision(ref).to_wire()
    assert result["outcome"] == outcome
    assert result.get("requestedRef", result.get("decision", {}).get("requestedRef")) == ref
    if found_id:
        assert result["decision"]["id"] == found_id
    if outcome == "federated-log-unavailable":
        assert (result["log"], result["id"]) == ("core", "12")


def test_ambiguous_candidates_page_in_id_path_order(states: Corpus) -> None:
    """Candidates come in (id, path) order, one page at a time."""
    first = states.get_decision("0020", limit=1).to_wire()
    assert [c["title"] for c in first["candidates"]] == ["Twin A"]
    second = states.get_decision("0020", cursor=first["cursor"], limit=1).to_wire()
    assert [c["title"] for c in second["candidates"]] == ["Twin B"]
    assert second["cursor"] is None


def test_memories_are_invisible_and_claims_are_proposals() -> None:
    """A memory sharing a decision's id leaves it `found`; a claim reads proposed."""
    memory = _rec("x", "accepted", kind="memory", category="fact", key="k", path="memory/m.yaml")
    claim = _rec("c1", "proposed", kind="claim", affects=(Matcher("src/**"),))
    corpus = Corpus.from_records([_rec("x", "accepted"), memory, claim])
    assert corpus.get_decision("x").to_wire()["outcome"] == "found"
    assert _ids(corpus.search_decisions("Content").to_wire()["items"]) == ["c1", "x"]
    assert _ids(corpus.get_decision_context(["src/a.py"]).to_wire()["activeProposals"]) == ["c1"]


def test_a_file_without_frontmatter_shows_its_extracted_fields(tmp_path: Path) -> None:
    """A Nygard ADR's `frontmatter` is what govmem read from it, snake_case."""
    text = "# 4. Use X\n\nDate: 2020-01-02\n\n## Status\n\nSuperseded by [5. Y](0005-y.md)\n"
    corpus = _load(
        tmp_path,
        {"docs/adr/0004-use-x.md": text, "docs/adr/0005-y.md": "# 5. Y\n\n## Status\n\nAccepted\n"},
    )
    fm = corpus.get_decision("0004").to_wire()["decision"]["frontmatter"]
    assert fm["id"] == "0004"
    assert fm["superseded_by"] == ["0005-y.md"]
    assert "schemaVersion" not in fm
