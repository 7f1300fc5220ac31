"""One example per rule of SPEC §4 and §5.3: time, supersession, precedence, the fallback, thresholds.

Every test builds a small variation of the seed-000 corpus (`seed_corpus`) in
memory and checks the JSON the user sees.
"""

from __future__ import annotations

import attrs
import pytest

from govmem import (
    InputError,
)
from govmem.engine.wording import DRILL_NONE_REASON
from tests.engine.seed_corpus import (
    ADR_001,
    ADR_011,
    ADR_024,
    AS_OF,
    BODY_024,
    CHAT,
    CLAIM,
    CONFIG,
    EXCERPT_024,
    QUESTION,
    SEED,
    SEED_CONFLICT,
    TEAM_CHAT,
    VIEW_001,
    VIEW_011,
    VIEW_024,
    ask,
    claim,
    conflict_ids,
    corpus,
    day,
    ids,
    rec,
)


# --------------------------------------------------------------------- the seed
def test_the_seed_answer_comes_from_records_made_in_memory() -> None:
    """The seed-000 corpus built with `from_records` answers as the seed prints it."""
    answer = ask(corpus(), QUESTION)
    assert answer == {
        "query": QUESTION,
        "topic": "database",
        "status": "contested",
        "decision": VIEW_024,
        "scope": "new-services",
        "temporal_validity": {"as_of": AS_OF, "valid_from": "2026-02-01", "valid_to": None},
        "sources": [
            {
                "source_id": "adr-024",
                "title": "ADR-024",
                "type": "decision-record",
                "reference": "docs/adr/adr-024.md",
                "occurred_at": "2026-02-01",
            },
            {
                "source_id": "adr-001",
                "title": "ADR-001",
                "type": "decision-record",
                "reference": "docs/adr/adr-001.md",
                "occurred_at": "2023-05-12",
            },
            {
                "source_id": "adr-011",
                "title": "ADR-011",
                "type": "decision-record",
                "reference": "docs/adr/adr-011.md",
                "occurred_at": "2024-09-03",
            },
            {
                "source_id": "team-chat-2026-03-14",
                "title": "Chat del team",
                "type": "team-chat",
                "reference": "#platform",
                "occurred_at": "2026-03-14",
            },
        ],
        "evidence": [{"source_id": "adr-024", "excerpt": EXCERPT_024, "verified": True}],
        "superseded_decisions": [VIEW_001],
        "scope_exceptions": [VIEW_011],
        "conflicts": [SEED_CONFLICT],
        "missing_information": ["At least one incompatible claim remains unresolved."],
        "context_metrics": {
            "source_characters": len(BODY_024)
            + len(ADR_001.content)
            + len(ADR_011.content)
            + len(CHAT),
            "evidence_characters_returned": len(EXCERPT_024),
        },
        "drill_down": {"required": False, "suggested_tool": None, "reason": DRILL_NONE_REASON},
    }


# ------------------------------------------------------------------ §4 / §5.3 time
def test_a_past_as_of_answers_with_what_was_in_force_then() -> None:
    """Before ADR 024 started, the MySQL default answers and legacy is its exception."""
    answer = ask(corpus(), as_of="2025-01-01")
    assert answer["status"] == "verified"
    assert answer["decision"] == VIEW_001
    assert answer["scope"] == "all"
    assert answer["temporal_validity"] == {
        "as_of": "2025-01-01",
        "valid_from": "2023-05-12",
        "valid_to": "2026-02-01",
    }
    assert answer["superseded_decisions"] == []
    assert answer["scope_exceptions"] == [VIEW_011]
    assert answer["conflicts"] == []
    assert answer["missing_information"] == []


def test_a_record_starting_on_the_as_of_date_is_in_force_that_day() -> None:
    """A date-only as_of is the last instant of the day: ADR 024 answers on 2026-02-01."""
    assert ask(corpus(), as_of="2026-02-01")["decision"]["id"] == "adr-024"
    assert ask(corpus(), as_of="2026-01-31")["decision"]["id"] == "adr-001"


def test_an_as_of_before_every_record_has_no_decision() -> None:
    """Nothing had started: no decision, and the sentence says for which scope and date."""
    answer = ask(corpus(), as_of="2020-01-01")
    assert answer["status"] == "insufficient_evidence"
    assert answer["decision"] is None
    assert answer["scope"] == "all"
    assert answer["temporal_validity"] == {
        "as_of": "2020-01-01",
        "valid_from": None,
        "valid_to": None,
    }
    assert answer["sources"] == answer["evidence"] == answer["conflicts"] == []
    assert answer["missing_information"] == [
        "No decision on database is in force for all as of 2020-01-01."
    ]


def test_a_timestamp_as_of_is_echoed_as_a_utc_timestamp() -> None:
    """`as_of` with an offset prints as `YYYY-MM-DDTHH:MM:SSZ`."""
    answer = ask(corpus(), as_of="2026-02-01T01:30:00+02:00")
    assert answer["temporal_validity"]["as_of"] == "2026-01-31T23:30:00Z"
    assert answer["decision"]["id"] == "adr-001"


def test_an_omitted_as_of_is_the_instant_passed_in_echoed_as_a_timestamp() -> None:
    """Without `as_of`, the caller's `now` is used and echoed."""
    answer = ask(corpus(), as_of=None)
    assert answer["temporal_validity"]["as_of"] == "2026-09-08T12:00:00Z"
    assert answer["decision"]["id"] == "adr-024"


def test_an_as_of_that_is_not_a_date_is_an_input_error() -> None:
    """`as_of="yesterday"` raises `InputError` naming the field."""
    with pytest.raises(InputError, match="as_of"):
        ask(corpus(), as_of="yesterday")


def test_a_revoked_record_is_never_in_force_and_its_supersession_has_no_effect() -> None:
    """A revoked successor of ADR 024 changes nothing and is not reported."""
    revoked = rec(
        "adr-030",
        "CockroachDB",
        status="revoked",
        scope="new-services",
        valid_from="2026-03-01",
        supersedes=("adr-024",),
    )
    assert ask(corpus((*SEED, revoked))) == ask(corpus())
    assert ask(corpus((*SEED, revoked)), as_of="2026-03-02")["decision"]["id"] == "adr-024"


def test_a_revoked_record_is_not_in_force_even_before_its_revocation() -> None:
    """Revocations apply to past dates too: a revoked-only topic has no decision then."""
    revoked = rec("adr-040", "Oracle", status="revoked", valid_from="2020-01-01")
    answer = ask(corpus([revoked]), as_of="2021-01-01")
    assert answer["decision"] is None
    assert answer["status"] == "insufficient_evidence"
    assert answer["missing_information"] == [
        "No decision on database is in force for all as of 2021-01-01."
    ]


def test_an_overlapping_predecessor_is_not_a_candidate_and_keeps_its_written_end() -> None:
    """During an overlap the successor answers; the old one is listed with its valid_to."""
    overlapping = attrs.evolve(ADR_001, valid_to=day("2026-12-31"))
    answer = ask(corpus((overlapping, ADR_011, ADR_024, CLAIM)), topic="database")
    assert answer["decision"]["id"] == "adr-024"
    assert answer["superseded_decisions"] == [{**VIEW_001, "valid_to": "2026-12-31"}]


def test_superseded_decisions_walk_the_chain_breadth_first() -> None:
    """ADR 024 replaced 001, which replaced 000: both are listed, nearest first."""
    oldest = rec("adr-000", "SQLite", status="superseded", valid_from="2020-01-01")
    older = attrs.evolve(ADR_001, supersedes=("adr-000",))
    answer = ask(corpus((oldest, older, ADR_011, ADR_024, CLAIM)))
    assert ids(answer["superseded_decisions"]) == ["adr-001", "adr-000"]
    assert answer["superseded_decisions"][1]["valid_to"] == "2023-05-12"


# --------------------------------------------------------------- §5.3 precedence
AUTH_ALL = rec("adr-100", "MySQL", valid_from="2025-01-01")
AUTH_NEW = rec("adr-101", "PostgreSQL", scope="new-services", valid_from="2024-01-01")


def test_authority_wins_over_specificity() -> None:
    """With S requested, a general rule of higher authority beats a narrower, weaker one."""
    weak = attrs.evolve(AUTH_NEW, authority=0.5)
    answer = ask(corpus([AUTH_ALL, weak]), scope="new-services")
    assert answer["decision"]["id"] == "adr-100"
    assert answer["scope"] == "new-services"
    assert answer["status"] == "contested"
    assert conflict_ids(answer) == [("rel-postgresql-vs-adr-100", "adr-101", "open")]
    assert answer["conflicts"][0]["rationale"] == "Incompatible database choice for the same scope."


def test_specificity_wins_at_equal_authority_and_silently_overrides() -> None:
    """At equal authority the deeper scope answers; the general rule is listed nowhere."""
    answer = ask(corpus([AUTH_ALL, AUTH_NEW]), scope="new-services")
    assert answer["decision"]["id"] == "adr-101"
    assert answer["status"] == "verified"
    assert answer["conflicts"] == answer["scope_exceptions"] == []
    assert answer["superseded_decisions"] == []
    assert answer["missing_information"] == []


def test_without_a_scope_the_general_rule_answers_and_narrower_ones_are_exceptions() -> None:
    """No scope requested: shallower first, S is the decision's, carve-outs are exceptions."""
    legacy = rec("adr-102", "MongoDB", scope="legacy", valid_from="2024-06-01")
    answer = ask(corpus([AUTH_ALL, AUTH_NEW, legacy]), question="Which database?")
    assert answer["decision"]["id"] == "adr-100"
    assert answer["scope"] == "all"
    assert ids(answer["scope_exceptions"]) == ["adr-102", "adr-101"]
    assert answer["conflicts"] == []
    assert answer["status"] == "verified"


def test_later_valid_from_then_confidence_then_id_break_ties() -> None:
    """Equal authority and depth: the later start wins, then confidence, then the id."""
    a = rec("adr-200", "MySQL", valid_from="2025-01-01")
    b = rec("adr-201", "MySQL", valid_from="2025-06-01")
    assert ask(corpus([a, b]))["decision"]["id"] == "adr-201"
    c = rec("adr-202", "MySQL", valid_from="2025-06-01", confidence=0.95)
    assert ask(corpus([a, b, c]))["decision"]["id"] == "adr-202"
    d = rec("adr-199", "MySQL", valid_from="2025-06-01", confidence=0.95)
    assert ask(corpus([a, b, c, d]))["decision"]["id"] == "adr-199"


def test_an_accepted_rival_of_equal_precedence_scope_is_an_open_conflict() -> None:
    """Rule (a): two accepted records on one scope with different values contest."""
    a = rec("adr-300", "MySQL", valid_from="2025-01-01")
    b = rec("adr-301", "MariaDB", valid_from="2025-02-01")
    answer = ask(corpus([a, b]))
    assert answer["decision"]["id"] == "adr-301"
    assert conflict_ids(answer) == [("rel-mysql-vs-adr-301", "adr-300", "open")]
    assert answer["status"] == "contested"


# ---------------------------------------------------------------- §5.3 fallback
def test_a_topic_with_only_proposals_falls_back_to_the_best_proposal() -> None:
    """No candidate in force: the best proposed record answers, `is only proposed`."""
    draft = rec(
        "adr-400",
        "PostgreSQL",
        status="proposed",
        label="draft",
        scope="new-services",
        valid_from="2026-01-10",
    )
    answer = ask(corpus([draft, CLAIM], sources=[TEAM_CHAT]))
    assert answer["decision"]["id"] == "adr-400"
    assert answer["decision"]["status"] == "draft"
    assert answer["status"] == "insufficient_evidence"
    assert answer["scope"] == "new-services"
    assert conflict_ids(answer) == [("rel-dynamodb-vs-adr-400", "claim-chat-dynamodb", "open")]
    assert answer["missing_information"] == [
        "No decision on database is in force for new-services as of 2026-09-08.",
        "adr-400 is only draft.",
        "At least one incompatible claim remains unresolved.",
    ]


def test_the_fallback_takes_unknown_records_only_without_proposals() -> None:
    """With no proposal, the best started `unknown` record answers, `is only unknown`."""
    unknown = rec("0007", None, status="unknown", topic="cache", valid_from="2022-01-01")
    answer = ask(corpus([unknown]), topic="cache")
    assert answer["decision"]["id"] == "0007"
    assert answer["missing_information"] == [
        "No decision on cache is in force for all as of 2026-09-08.",
        "0007 is only unknown.",
    ]


def test_an_ended_decision_is_named_when_nothing_is_in_force() -> None:
    """`<id> was in force until <date> (<status>).` for the records on S or an ancestor."""
    ended = rec(
        "adr-500", "MySQL", status="deprecated", valid_from="2020-01-01", valid_to="2025-01-01"
    )
    answer = ask(corpus([ended]))
    assert answer["decision"] is None
    assert answer["missing_information"] == [
        "No decision on database is in force for all as of 2026-09-08.",
        "adr-500 was in force until 2025-01-01 (deprecated).",
    ]


# ------------------------------------------------------------ §5.7 thresholds
def test_a_decision_below_min_confidence_is_insufficient_evidence() -> None:
    """Confidence under `min_confidence` says so and is not verified."""
    weak = attrs.evolve(ADR_024, confidence=0.4)
    answer = ask(corpus((ADR_001, ADR_011, weak)))
    assert answer["status"] == "insufficient_evidence"
    assert answer["decision"]["confidence"] == 0.4
    assert answer["missing_information"] == ["adr-024 has confidence 0.4, below 0.5."]


def test_min_confidence_comes_from_the_config() -> None:
    """`min_confidence: 0.96` makes the seed's 0.95 too low, printed without trailing zeros."""
    answer = ask(corpus(config=attrs.evolve(CONFIG, min_confidence=0.96)))
    assert answer["status"] == "insufficient_evidence"
    assert answer["missing_information"][0] == "adr-024 has confidence 0.95, below 0.96."


# ------------------------------------------------------------- §4 supersession
def test_a_pending_supersession_leaves_the_old_record_in_force() -> None:
    """A proposed `supersedes` is pending: ADR 024 still answers, and the line says so."""
    proposal = rec(
        "adr-060",
        None,
        status="proposed",
        scope="new-services",
        valid_from="2026-08-01",
        supersedes=("adr-024",),
    )
    answer = ask(corpus((*SEED, proposal)))
    assert answer["decision"]["id"] == "adr-024"
    assert answer["status"] == "contested"
    assert answer["missing_information"] == [
        "adr-060 proposes to supersede adr-024.",
        "At least one incompatible claim remains unresolved.",
    ]


def test_a_pending_supersession_not_yet_started_is_not_mentioned() -> None:
    """A proposal dated after as_of proposes nothing yet."""
    proposal = rec(
        "adr-060", None, status="proposed", valid_from="2027-01-01", supersedes=("adr-024",)
    )
    answer = ask(corpus((*SEED, proposal)))
    assert answer["missing_information"] == ["At least one incompatible claim remains unresolved."]


def test_a_superseded_record_with_an_unknown_end_is_not_in_force_and_says_so() -> None:
    """A bare `Superseded` with no successor and no date: not in force, `ended on an unknown date`."""
    bare = attrs.evolve(ADR_001, superseded_by=())
    answer = ask(corpus((bare, ADR_011)))
    assert answer["decision"]["id"] == "adr-011"
    assert answer["scope"] == "legacy"
    assert answer["status"] == "verified"
    assert answer["missing_information"] == ["adr-001 ended on an unknown date."]


def test_superseded_by_a_proposal_is_authoritative_with_an_unknown_end() -> None:
    """`Superseded by X` on the old record holds whatever X is; X only proposes nothing."""
    old = attrs.evolve(ADR_001, superseded_by=("adr-070",))
    new = rec("adr-070", "PostgreSQL", status="proposed", valid_from="2026-01-01")
    answer = ask(corpus((old, new)))
    assert answer["decision"]["id"] == "adr-070"
    assert answer["superseded_decisions"] == []
    assert answer["missing_information"] == [
        "No decision on database is in force for all as of 2026-09-08.",
        "adr-070 is only proposed.",
        "adr-001 ended on an unknown date.",
    ]


@pytest.mark.parametrize("side", ["new", "old"])
def test_superseded_by_a_proposal_with_a_written_end_answers_until_then_and_is_pending(
    side: str,
) -> None:
    """A written `valid_to` keeps the old record in force; the proposal's link is pending."""
    old = attrs.evolve(ADR_001, superseded_by=("adr-070",) if side == "old" else ())
    old = attrs.evolve(old, valid_to=day("2027-01-01"))
    new = rec(
        "adr-070",
        "PostgreSQL",
        status="proposed",
        valid_from="2026-01-01",
        supersedes=("adr-001",) if side == "new" else (),
    )
    answer = ask(corpus((old, new)))
    assert answer["decision"] == {**VIEW_001, "valid_to": "2027-01-01"}
    assert conflict_ids(answer) == [("rel-postgresql-vs-adr-001", "adr-070", "open")]
    assert answer["missing_information"] == [
        "adr-070 proposes to supersede adr-001.",
        "At least one incompatible claim remains unresolved.",
    ]


def test_a_one_sided_supersession_ends_the_old_record_at_the_successors_start() -> None:
    """The old record still reads accepted: it is treated as superseded, with a finding."""
    stale = attrs.evolve(ADR_001, status="accepted", label="accepted", superseded_by=())
    c = corpus((stale, ADR_011, ADR_024, CLAIM))
    answer = ask(c)
    assert answer["superseded_decisions"] == [VIEW_001]
    assert [f.code for f in c.findings if f.id == "adr-001"] == ["one-sided-link"]


def test_a_claim_written_as_accepted_is_never_in_force() -> None:
    """Claims can only contest: an accepted claim is read as proposed."""
    loud = claim("claim-loud", "Cassandra", status="accepted")
    answer = ask(corpus([ADR_011, loud]), scope="new-services")
    assert answer["decision"]["id"] == "claim-loud"
    assert answer["decision"]["status"] == "proposed"
    assert answer["status"] == "insufficient_evidence"


def test_a_one_sided_link_says_which_record_writes_the_supersession() -> None:
    """celestia-app 009 writes `Implemented. Superseded by [ADR-013]`: the finding says 009
    writes it, not that 013 does (013 names no record it replaces)."""
    written = attrs.evolve(ADR_001, status="accepted", label="accepted")
    unwritten = attrs.evolve(ADR_001, status="accepted", label="accepted", superseded_by=())
    new = attrs.evolve(ADR_024, supersedes=())
    messages = []
    for old in (written, unwritten):
        c = corpus((old, ADR_011, new if old is written else ADR_024, CLAIM))
        (found,) = [f for f in c.findings if f.code == "one-sided-link"]
        messages.append(found.message)
    assert messages == [
        "'adr-001' writes that 'adr-024' supersedes it, but its status still reads accepted.",
        "'adr-024' supersedes 'adr-001', whose own status still reads accepted.",
    ]
