"""One example per rule of SPEC §5, on corpora built in memory (`Corpus.from_records`).

Every test builds a small variation of the seed-000 corpus (a MySQL default
superseded by PostgreSQL for new services, a MongoDB exception for legacy,
an open DynamoDB claim) and checks the JSON the user sees.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import attrs
import pytest

from govmem import (
    Config,
    Corpus,
    FoundConflict,
    History,
    HistoryItem,
    InputError,
    InvalidCursor,
    Link,
    Quote,
    Record,
    Relation,
    Resolution,
    Source,
    StatusChange,
    When,
)
from govmem.engine.wording import DRILL_NONE_REASON, DRILL_TOPIC_REASON
from govmem.model.records import ScopeSpec, TopicSpec

AS_OF = "2026-09-08"
QUESTION = "Quale database è approvato per i nuovi servizi?"
"""The seed's question: it names the scope new-services."""
PLAIN = "Which database is approved?"
"""A question naming no scope."""
NOW = datetime(2026, 9, 8, 12, 0, tzinfo=UTC)

CONFIG = Config(
    scopes=(
        ScopeSpec("all", None),
        ScopeSpec("new-services", "all", ("nuovi servizi", "new services")),
        ScopeSpec("payments", "new-services"),
        ScopeSpec("legacy", "all"),
    ),
    topics=(TopicSpec("database", ("db", "databases")),),
)

BODY_024 = """# ADR 024 — PostgreSQL per i nuovi servizi

## Contesto

MySQL è il default dal 2023 (ADR 001). Le nuove applicazioni hanno bisogno di
JSONB, estensioni geografiche e repliche logiche.

## Decisione

PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.
Sostituisce ADR 001.
"""
CHAT = """[10:02] giulia: Per il nuovo servizio ordini stiamo provando DynamoDB.
[10:05] giulia: Sì, stiamo spostando i nuovi servizi su DynamoDB, almeno per ora.
"""


def day(text: str) -> When:
    """A date-only `When`."""
    return When.from_date(datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC).date())


def rec(rid: str, value: str | None = None, **kw: Any) -> Record:
    """A decision (or `kind=`) with the seed's defaults: accepted, on `all`, 0.9, 1.0."""
    status = kw.pop("status", "accepted")
    fields: dict[str, Any] = {
        "kind": "decision",
        "title": rid.upper(),
        "content": f"{value} is the database." if value else f"{rid} content.",
        "status": status,
        "label": kw.pop("label", status),
        "path": f"docs/adr/{rid}.md",
        "topic": "database",
        "value": value,
        "confidence": 0.9,
        "authority": 1.0,
    }
    if "valid_from" in kw and isinstance(kw["valid_from"], str):
        kw["valid_from"] = day(kw["valid_from"])
    if "valid_to" in kw and isinstance(kw["valid_to"], str):
        kw["valid_to"] = day(kw["valid_to"])
    fields.update(kw)
    return Record(id=rid, **fields)


def claim(rid: str, value: str | None, **kw: Any) -> Record:
    """A claim: proposed, confidence 0.6, authority 0.3, dated by its source."""
    kw.setdefault("scope", "new-services")
    kw.setdefault("valid_from", "2026-03-14")
    kw.setdefault("status", "proposed")
    kw.setdefault("confidence", 0.6)
    kw.setdefault("authority", 0.3)
    return rec(rid, value, kind="claim", path="memory/claims.yaml", **kw)


ADR_001 = rec(
    "adr-001",
    "MySQL",
    content="MySQL è il database di default.",
    status="superseded",
    superseded_by=("adr-024",),
    valid_from="2023-05-12",
)
ADR_011 = rec(
    "adr-011",
    "MongoDB",
    content="MongoDB resta approvato per i servizi legacy.",
    status="accepted",
    label="approved",
    scope="legacy",
    valid_from="2024-09-03",
)
ADR_024 = rec(
    "adr-024",
    "PostgreSQL",
    content="PostgreSQL è il database approvato per i nuovi servizi.",
    status="accepted",
    label="approved",
    scope="new-services",
    valid_from="2026-02-01",
    confidence=0.95,
    supersedes=("adr-001",),
    body=BODY_024,
)
CLAIM = claim(
    "claim-chat-dynamodb",
    "DynamoDB",
    content="Stiamo spostando i nuovi servizi su DynamoDB.",
    sources=("team-chat-2026-03-14",),
    valid_from=None,
)
TEAM_CHAT = Source(
    id="team-chat-2026-03-14",
    title="Chat del team",
    type="team-chat",
    reference="#platform",
    occurred_at=day("2026-03-14"),
    text=CHAT,
)
SEED = (ADR_001, ADR_011, ADR_024, CLAIM)


def corpus(
    records: Iterable[Record] = SEED,
    *,
    sources: Iterable[Source] = (TEAM_CHAT,),
    relations: Iterable[Relation] = (),
    config: Config = CONFIG,
) -> Corpus:
    """A corpus made in memory."""
    return Corpus.from_records(records, sources=sources, relations=relations, config=config)


def ask(
    c: Corpus,
    question: str = PLAIN,
    *,
    topic: str | None = "database",
    scope: str | None = None,
    as_of: str | None = AS_OF,
    mind: str = "default",
) -> dict[str, Any]:
    """`query(...).to_dict()`."""
    return c.query(question, topic=topic, scope=scope, as_of=as_of, mind=mind, now=NOW).to_dict()


def ids(entries: list[dict[str, Any]]) -> list[str]:
    """The ids of record views."""
    return [e["id"] for e in entries]


def conflict_ids(answer: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(conflict_id, item id, status) of each conflict."""
    return [(c["conflict_id"], c["item"]["id"], c["status"]) for c in answer["conflicts"]]


VIEW_024 = {
    "id": "adr-024",
    "content": "PostgreSQL è il database approvato per i nuovi servizi.",
    "value": "PostgreSQL",
    "status": "approved",
    "scope": "new-services",
    "valid_from": "2026-02-01",
    "valid_to": None,
    "confidence": 0.95,
    "authority": 1,
}
VIEW_001 = {
    "id": "adr-001",
    "content": "MySQL è il database di default.",
    "value": "MySQL",
    "status": "superseded",
    "scope": "all",
    "valid_from": "2023-05-12",
    "valid_to": "2026-02-01",
    "confidence": 0.9,
    "authority": 1,
}
VIEW_011 = {
    "id": "adr-011",
    "content": "MongoDB resta approvato per i servizi legacy.",
    "value": "MongoDB",
    "status": "approved",
    "scope": "legacy",
    "valid_from": "2024-09-03",
    "valid_to": None,
    "confidence": 0.9,
    "authority": 1,
}
SEED_CONFLICT = {
    "conflict_id": "rel-dynamodb-vs-adr-024",
    "item": {
        "id": "claim-chat-dynamodb",
        "content": "Stiamo spostando i nuovi servizi su DynamoDB.",
        "value": "DynamoDB",
        "status": "proposed",
        "scope": "new-services",
        "valid_from": "2026-03-14",
        "valid_to": None,
        "confidence": 0.6,
        "authority": 0.3,
    },
    "source_ids": ["team-chat-2026-03-14"],
    "rationale": "Incompatible database choice for the same scope.",
    "status": "open",
}
EXCERPT_024 = "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026."


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


# ------------------------------------------------------------------ §5.5 relations
def test_a_resolved_relation_keeps_the_claim_listed_without_contesting() -> None:
    """A relation resolved for ADR 024 lists the claim as resolved; the answer is verified."""
    rel = Relation(
        "rel-dynamo-review",
        ("claim-chat-dynamodb", "adr-024"),
        status="resolved",
        rationale="The architecture review kept PostgreSQL.",
        resolution=Resolution(winner="adr-024", by="arch-board", at=day("2026-04-01")),
    )
    answer = ask(corpus(relations=[rel]))
    assert answer["status"] == "verified"
    assert answer["conflicts"] == [
        {
            **SEED_CONFLICT,
            "conflict_id": "rel-dynamo-review",
            "rationale": "The architecture review kept PostgreSQL.",
            "status": "resolved",
        }
    ]
    assert answer["missing_information"] == []


def test_a_relation_won_by_the_claim_says_the_winner_is_not_in_force() -> None:
    """Resolved in favour of a claim: the sentence names it; the answer is not contested."""
    rel = Relation(
        "rel-dynamo-review",
        ("adr-024", "claim-chat-dynamodb"),
        status="resolved",
        resolution=Resolution(winner="claim-chat-dynamodb"),
    )
    answer = ask(corpus(relations=[rel]))
    assert answer["status"] == "verified"
    assert conflict_ids(answer) == [("rel-dynamo-review", "claim-chat-dynamodb", "resolved")]
    assert answer["conflicts"][0]["rationale"] == "Incompatible database choice for the same scope."
    assert answer["missing_information"] == [
        (
            "Conflict rel-dynamo-review was resolved in favour of claim-chat-dynamodb,"
            " which is not in force."
        )
    ]


def test_an_open_relation_links_a_record_of_another_topic_whatever_its_value() -> None:
    """Rule (c): an explicit relation makes any started record a conflict, even off-topic."""
    other = rec("adr-050", "PostgreSQL", topic="hosting", scope="legacy", valid_from="2026-01-01")
    rel = Relation("rel-hosting", ("adr-050", "adr-024"), rationale="Hosting must match.")
    answer = ask(corpus((*SEED, other), relations=[rel]))
    assert conflict_ids(answer)[0] == ("rel-hosting", "adr-050", "open")
    assert answer["conflicts"][0]["rationale"] == "Hosting must match."
    assert answer["conflicts"][0]["source_ids"] == ["adr-050"]


def test_conflicts_with_links_a_record_without_a_value() -> None:
    """Rule (c) through `conflicts_with`: no value, so the id is `rel-<R.id>-vs-…`."""
    linked = claim("claim-no-value", None, conflicts_with=("adr-024",), scope="legacy")
    answer = ask(corpus((*SEED, linked)))
    assert ("rel-claim-no-value-vs-adr-024", "claim-no-value", "open") in conflict_ids(answer)
    conflict = next(c for c in answer["conflicts"] if c["item"]["id"] == "claim-no-value")
    assert (
        conflict["rationale"] == "Incompatible database choice for an overlapping scope (legacy)."
    )


def test_rejected_superseded_and_expired_records_never_conflict() -> None:
    """Only started, unended proposals and accepted rivals conflict."""
    rejected = rec("adr-005", "Redis", status="rejected", scope="new-services")
    expired = claim("claim-old", "Cassandra", valid_to="2026-05-01")
    future = claim("claim-future", "Neo4j", valid_from="2027-01-01")
    answer = ask(corpus((*SEED, rejected, expired, future)))
    assert conflict_ids(answer) == [
        ("rel-dynamodb-vs-adr-024", "claim-chat-dynamodb", "open"),
    ]


def test_a_proposal_on_an_overlapping_scope_conflicts_with_its_scope_named() -> None:
    """Rule (b): a claim on a narrower scope conflicts; the rationale names its scope."""
    narrow = claim("claim-payments", "Spanner", scope="payments")
    answer = ask(corpus((*SEED, narrow)))
    conflict = next(c for c in answer["conflicts"] if c["item"]["id"] == "claim-payments")
    assert conflict["conflict_id"] == "rel-spanner-vs-adr-024"
    assert conflict["rationale"] == (
        "Incompatible database choice for an overlapping scope (payments)."
    )


def test_a_proposal_on_a_disjoint_scope_does_not_conflict() -> None:
    """Rule (b) needs an overlapping scope; a legacy claim is not placed at all."""
    elsewhere = claim("claim-legacy", "Couchbase", scope="legacy")
    answer = ask(corpus((*SEED, elsewhere)))
    assert "claim-legacy" not in [c[1] for c in conflict_ids(answer)]
    assert "claim-legacy" not in ids(answer["scope_exceptions"])


def test_values_compare_folded_with_the_topics_spellings() -> None:
    """`postgres` is PostgreSQL when the topic declares it, so it does not conflict."""
    config = attrs.evolve(
        CONFIG,
        topics=(TopicSpec("database", ("db",), (("PostgreSQL", ("postgres", "pg")),)),),
    )
    same = claim("claim-pg", "Postgres")
    folded = claim("claim-case", "postgresql")
    answer = ask(corpus((*SEED, same, folded), config=config))
    assert [c[1] for c in conflict_ids(answer)] == ["claim-chat-dynamodb"]


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


# --------------------------------------------------------------- §5.5 rejected
def test_a_rejected_option_is_named_and_a_claim_re_proposing_it_says_so() -> None:
    """`Option … was rejected in <id> (<date>).` (shallower first) and the rationale suffix."""
    rejected = rec(
        "adr-005",
        "DynamoDB",
        status="rejected",
        scope="new-services",
        valid_from="2025-06-01",
        changes=(StatusChange(day("2025-07-01"), "rejected", "2025-07-01: Rejected"),),
    )
    untitled = rec("adr-006", None, title="6. Use a graph store", status="rejected", scope="all")
    answer = ask(corpus((*SEED, rejected, untitled)))
    assert answer["conflicts"][0]["rationale"] == (
        "Incompatible database choice for the same scope."
        " It re-proposes an option rejected in adr-005."
    )
    assert answer["missing_information"] == [
        "Option 6. Use a graph store was rejected in adr-006.",
        "Option DynamoDB was rejected in adr-005 (2025-07-01).",
        "At least one incompatible claim remains unresolved.",
    ]


def test_a_relations_own_rationale_never_gets_the_re_proposes_suffix() -> None:
    """The suffix is appended to the default rationale only."""
    rejected = rec("adr-005", "DynamoDB", status="rejected", scope="new-services")
    rel = Relation("rel-x", ("adr-024", "claim-chat-dynamodb"), rationale="Discussed.")
    answer = ask(corpus((*SEED, rejected), relations=[rel]))
    assert answer["conflicts"][0]["rationale"] == "Discussed."


# ------------------------------------------------------------------ §5.1 topics
def test_an_unknown_topic_answers_unknown_and_suggests_searching() -> None:
    """A question about nothing in the corpus: topic null, status unknown, drill-down."""
    answer = ask(corpus(), "What about the weather tomorrow?", topic=None)
    assert answer["topic"] is None
    assert answer["status"] == "unknown"
    assert answer["decision"] is None
    assert answer["scope"] == "all"
    assert answer["missing_information"] == ["No topic matched the question."]
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "search_decisions",
        "reason": DRILL_TOPIC_REASON,
    }


def test_an_ambiguous_question_lists_the_closest_topics() -> None:
    """Two topics scoring alike: no topic, the candidates best first (ties by name)."""
    cache = rec("adr-800", "Redis", topic="cache", content="Redis for the shared store.")
    queue = rec("adr-801", "Kafka", topic="queue", content="Kafka for the shared store.")
    answer = ask(corpus([cache, queue]), "Which shared store?", topic=None)
    assert answer["topic"] is None
    assert answer["status"] == "unknown"
    assert answer["missing_information"] == [
        "No single topic matched the question; closest: cache, queue."
    ]
    assert answer["drill_down"]["suggested_tool"] == "search_decisions"


def test_the_topic_is_inferred_from_the_question() -> None:
    """Without `topic`, BM25 picks `database` for the seed question."""
    answer = ask(corpus(), QUESTION, topic=None)
    assert answer == ask(corpus(), QUESTION)


def test_a_written_topic_name_protects_its_words_a_title_does_not() -> None:
    """`topic: status` keeps the intent word `status`; a title's `use` stays an intent word."""
    status = rec("adr-810", None, topic="status", content="Incidents go to the page.")
    ci = rec("adr-811", None, topic=None, title="Use GitHub Actions", content="CI runs there.")
    other = rec("adr-812", None, topic="frontend", content="React for web pages.")
    c = corpus([status, ci, other])
    assert ask(c, "status?", topic=None)["topic"] == "status"
    # `use` would otherwise match the title "Use GitHub Actions"; dropped, nothing is left
    assert ask(c, "What do we use?", topic=None)["missing_information"] == [
        "No topic matched the question."
    ]


def test_a_question_naming_what_the_corpus_never_mentions_gets_no_topic() -> None:
    """RabbitMQ or Kafka, asked of the seed corpus: no confident answer about databases."""
    answer = ask(
        corpus(), "Which message broker do the new services use, RabbitMQ or Kafka?", topic=None
    )
    assert answer["topic"] is None
    assert answer["status"] == "unknown"
    assert answer["decision"] is None


def test_a_given_topic_is_folded_and_aliases_resolve() -> None:
    """`DB` is the alias of `database`; an unknown given topic is echoed folded."""
    assert ask(corpus(), topic="DB")["topic"] == "database"
    answer = ask(corpus(), topic="Caché")
    assert answer["topic"] == "cache"
    assert answer["status"] == "unknown"
    assert answer["missing_information"] == ["No record is on topic cache."]
    assert answer["drill_down"]["suggested_tool"] == "search_decisions"


# ------------------------------------------------------------------ §5.2 scopes
def test_a_scope_named_in_the_question_is_requested() -> None:
    """`per i nuovi servizi` names new-services through its alias."""
    answer = ask(corpus(), "Quale database per i nuovi servizi?", as_of="2025-01-01")
    assert answer["scope"] == "new-services"
    assert answer["decision"]["id"] == "adr-001"
    assert answer["scope_exceptions"] == [VIEW_011]


def test_two_scopes_named_in_the_question_are_both_ignored() -> None:
    """Legacy and new services named together: none is used, listed in question order."""
    answer = ask(corpus(), "Which database for legacy and for new services?")
    assert answer["scope"] == "new-services"
    assert answer["missing_information"] == [
        "The question names several scopes (legacy, new-services); none was used.",
        "At least one incompatible claim remains unresolved.",
    ]


def test_the_longest_overlapping_scope_phrase_wins() -> None:
    """`new services` contains `services`; the longer phrase names the scope."""
    config = attrs.evolve(CONFIG, scopes=(*CONFIG.scopes, ScopeSpec("services", "all")))
    answer = ask(corpus(config=config), "Which database for new services?")
    assert answer["scope"] == "new-services"
    assert not any("several scopes" in line for line in answer["missing_information"])


def test_the_root_scope_is_never_inferred_from_the_word_all() -> None:
    """`all` in the question names no scope."""
    answer = ask(corpus(), "Which database for all the services?")
    assert answer["scope"] == "new-services"


def test_an_undeclared_scope_argument_is_a_child_of_all() -> None:
    """`scope="Retail"` is undeclared: on it nothing is in force, both ADRs are exceptions."""
    answer = ask(corpus(), scope="Retail")
    assert answer["scope"] == "retail"
    assert answer["decision"] is None
    assert answer["status"] == "insufficient_evidence"
    assert ids(answer["scope_exceptions"]) == ["adr-024", "adr-011"]
    assert [s["source_id"] for s in answer["sources"]] == ["adr-024", "adr-011"]
    assert answer["missing_information"] == [
        "Scope retail is not declared; it was read as a child of all.",
        "No decision on database is in force for retail as of 2026-09-08.",
        "adr-001 was in force until 2026-02-01 (superseded).",
    ]


def test_a_scope_argument_resolves_aliases_and_selects_deeper_first() -> None:
    """`scope="new services"` is new-services; its decision is ADR 024."""
    answer = ask(corpus(), scope="new services")
    assert answer["scope"] == "new-services"
    assert answer["decision"] == VIEW_024


# ------------------------------------------------------------------ §5.5 ids
def test_colliding_value_ids_fall_back_to_record_ids() -> None:
    """Two claims whose values slug alike both use `rel-<R.id>-vs-<decision>`."""
    twin = claim("claim-twin", "dynamodb ")
    answer = ask(corpus((*SEED, twin)))
    assert sorted(conflict_ids(answer)) == [
        ("rel-claim-chat-dynamodb-vs-adr-024", "claim-chat-dynamodb", "open"),
        ("rel-claim-twin-vs-adr-024", "claim-twin", "open"),
    ]


def test_a_value_id_equal_to_a_relation_id_falls_back_to_the_record_id() -> None:
    """A relation already named `rel-dynamodb-vs-adr-024` takes that id."""
    other = claim("claim-cassandra", "Cassandra")
    rel = Relation("rel-dynamodb-vs-adr-024", ("claim-cassandra", "adr-024"))
    answer = ask(corpus((*SEED, other), relations=[rel]))
    assert sorted(conflict_ids(answer)) == [
        ("rel-claim-chat-dynamodb-vs-adr-024", "claim-chat-dynamodb", "open"),
        ("rel-dynamodb-vs-adr-024", "claim-cassandra", "open"),
    ]


def test_open_conflicts_come_before_resolved_then_by_precedence() -> None:
    """Order: open first, then §5.3 precedence of the item."""
    strong = claim("claim-strong", "Cassandra", authority=0.4)
    rel = Relation("rel-done", ("claim-strong", "adr-024"), status="resolved")
    weak = claim("claim-weak", "Neo4j", authority=0.1)
    answer = ask(corpus((*SEED, strong, weak), relations=[rel]))
    assert conflict_ids(answer) == [
        ("rel-dynamodb-vs-adr-024", "claim-chat-dynamodb", "open"),
        ("rel-neo4j-vs-adr-024", "claim-weak", "open"),
        ("rel-done", "claim-strong", "resolved"),
    ]


# ------------------------------------------------------------------ §5 cuts
def test_conflicts_are_cut_at_20_with_a_sentence_and_a_find_conflicts_drill_down() -> None:
    """25 open claims: 20 listed, `5 more conflicts not shown.`, find_conflicts suggested."""
    claims = [claim(f"claim-{i:02}", f"Store{i:02}") for i in range(25)]
    alone = attrs.evolve(ADR_024, supersedes=())
    answer = ask(corpus((alone, *claims)))
    assert len(answer["conflicts"]) == 20
    assert answer["conflicts"][0]["item"]["id"] == "claim-00"
    assert answer["missing_information"] == [
        "At least one incompatible claim remains unresolved.",
        "1 more sources not shown.",
        "5 more conflicts not shown.",
    ]
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "find_conflicts",
        "reason": "Only the first 20 conflicts are included.",
    }


def test_exceptions_are_cut_at_20_and_sources_gathered_from_the_cut_lists() -> None:
    """22 exceptions: 20 listed, sources from decision + 20 (cut at 20), history suggested."""
    config = attrs.evolve(
        CONFIG, scopes=(*CONFIG.scopes, *(ScopeSpec(f"team-{i:02}", "all") for i in range(22)))
    )
    teams = [
        rec(f"adr-t{i:02}", "MySQL", scope=f"team-{i:02}", valid_from="2025-01-01")
        for i in range(22)
    ]
    general = rec("adr-900", "PostgreSQL", valid_from="2024-01-01")
    answer = ask(corpus((general, *teams), config=config))
    assert answer["decision"]["id"] == "adr-900"
    assert len(answer["scope_exceptions"]) == 20
    assert len(answer["sources"]) == 20
    assert answer["sources"][0]["source_id"] == "adr-900"
    assert answer["missing_information"] == [
        "1 more sources not shown.",
        "2 more scope exceptions not shown.",
    ]
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "get_decision_history",
        "reason": "Only the first 20 sources are included.",
    }


# ------------------------------------------------------------------ §5.9 sources
def test_sources_follow_the_lists_each_once() -> None:
    """Decision, superseded, exceptions, conflict items; a shared source is listed once."""
    shared = claim("claim-shared", "Neo4j", sources=("adr-011", "team-chat-2026-03-14"))
    answer = ask(corpus((*SEED, shared)))
    assert [s["source_id"] for s in answer["sources"]] == [
        "adr-024",
        "adr-001",
        "adr-011",
        "team-chat-2026-03-14",
    ]
    assert answer["conflicts"][1]["source_ids"] == ["adr-011", "team-chat-2026-03-14"]


def test_a_dangling_source_id_is_not_listed() -> None:
    """A cited source that does not exist appears in source_ids but not in sources."""
    answer = ask(corpus(sources=()))
    assert answer["conflicts"][0]["source_ids"] == ["team-chat-2026-03-14"]
    assert "team-chat-2026-03-14" not in [s["source_id"] for s in answer["sources"]]


# ------------------------------------------------------------------ §5.8 evidence
def test_declared_evidence_is_returned_in_order_with_verified_flags() -> None:
    """Declared quotes are checked against their sources, whitespace-normalised."""
    quoted = attrs.evolve(
        ADR_024,
        evidence=(
            Quote("team-chat-2026-03-14", "giulia:  Sì, stiamo\nspostando"),
            Quote("adr-024", "PostgreSQL is mandatory."),
            Quote("nowhere", "Anything."),
        ),
    )
    answer = ask(corpus((ADR_001, ADR_011, quoted, CLAIM)))
    assert answer["evidence"] == [
        {
            "source_id": "team-chat-2026-03-14",
            "excerpt": "giulia:  Sì, stiamo\nspostando",
            "verified": True,
        },
        {"source_id": "adr-024", "excerpt": "PostgreSQL is mandatory.", "verified": False},
        {"source_id": "nowhere", "excerpt": "Anything.", "verified": False},
    ]
    assert answer["status"] == "contested"


def test_unverified_declared_evidence_makes_the_answer_insufficient() -> None:
    """No verified excerpt: `No source text verifies <id>.`"""
    quoted = attrs.evolve(ADR_024, evidence=(Quote("adr-024", "Not in the text."),))
    answer = ask(corpus((ADR_001, ADR_011, quoted)))
    assert answer["status"] == "insufficient_evidence"
    assert answer["missing_information"] == ["No source text verifies adr-024."]


def test_picked_evidence_takes_one_excerpt_per_source_at_most_three() -> None:
    """An ADR with four sources: its own body and the first two it names."""
    extra = [
        Source(f"s{i}", text=f"Note {i}: PostgreSQL works well for us here.") for i in range(3)
    ]
    cited = attrs.evolve(ADR_024, sources=("s0", "missing", "s1", "s2"))
    answer = ask(corpus((ADR_001, ADR_011, cited), sources=extra))
    assert answer["evidence"] == [
        {"source_id": "adr-024", "excerpt": EXCERPT_024, "verified": True},
        {
            "source_id": "s0",
            "excerpt": "Note 0: PostgreSQL works well for us here.",
            "verified": True,
        },
        {
            "source_id": "s1",
            "excerpt": "Note 1: PostgreSQL works well for us here.",
            "verified": True,
        },
    ]


def test_a_short_picked_sentence_takes_the_next_one() -> None:
    """A picked sentence under 40 characters is followed by the next of its paragraph."""
    short = attrs.evolve(ADR_024, body="Use PostgreSQL. It has JSONB and logical replication.")
    answer = ask(corpus((short,)))
    assert answer["evidence"][0]["excerpt"] == (
        "Use PostgreSQL. It has JSONB and logical replication."
    )


# ------------------------------------------------------------------ §5 minds
def test_memories_of_another_mind_are_invisible() -> None:
    """Bob's verified memory answers for Bob only."""
    memory = rec(
        "mem-bob-db",
        "SQLite everywhere",
        kind="memory",
        topic="database",
        content="SQLite everywhere",
        status="accepted",
        scope="new-services",
        valid_from="2026-05-01",
        confidence=1.0,
        authority=1.0,
        category="preference",
        key="database",
        origin="user",
        verified=True,
        mind="bob",
        path="memory/bob.yaml",
    )
    assert ask(corpus((*SEED, memory))) == ask(corpus())
    bob = ask(corpus((*SEED, memory)), mind="bob")
    assert bob["decision"]["id"] == "mem-bob-db"
    assert ask(corpus([memory]))["status"] == "unknown"


def test_an_unverified_memory_version_contests_the_verified_one() -> None:
    """An agent's unverified update is a pending change: an open conflict."""

    def memory(rid: str, content: str, verified: bool, created: str) -> Record:
        return rec(
            rid,
            content,
            kind="memory",
            topic="editor",
            content=content,
            status="accepted" if verified else "proposed",
            valid_from=created,
            created_at=day(created),
            confidence=1.0 if verified else 0.7,
            authority=1.0 if verified else 0.5,
            category="preference",
            key="editor",
            origin="user" if verified else "agent",
            verified=verified,
            path="memory/m.yaml",
        )

    user = memory("mem-1", "vim", True, "2026-01-01")
    agent = memory("mem-2", "emacs", False, "2026-02-01")
    answer = ask(corpus([user, agent], sources=()), "editor?", topic="editor")
    assert answer["decision"]["id"] == "mem-1"
    assert conflict_ids(answer) == [("rel-emacs-vs-mem-1", "mem-2", "open")]
    assert answer["status"] == "contested"


# ------------------------------------------------------------------ §5.10 partial
def test_a_partial_relation_names_the_other_record() -> None:
    """`adr-031 amends adr-024.` whichever side wrote the link; topics are not joined."""
    amending = rec(
        "adr-031",
        "PgBouncer",
        topic="pooling",
        valid_from="2026-04-01",
        links=(Link("amends", "adr-024"),),
    )
    answer = ask(corpus((*SEED, amending)))
    assert answer["missing_information"] == [
        "adr-031 amends adr-024.",
        "At least one incompatible claim remains unresolved.",
    ]
    back = attrs.evolve(ADR_024, links=(Link("amended-by", "adr-031"),))
    plain = attrs.evolve(amending, links=())
    answer = ask(corpus((ADR_001, ADR_011, back, CLAIM, plain)))
    assert answer["missing_information"][0] == "adr-031 amends adr-024."
    assert ask(corpus((*SEED, amending)), topic="pooling")["missing_information"] == [
        "adr-031 amends adr-024."
    ]


# ------------------------------------------------------------------ drill-downs
def test_get_decision_history_lists_every_event_by_date_then_id() -> None:
    """Recorded, status-change, superseded-by and ended events of the topic."""
    rejected = rec(
        "adr-005",
        "DynamoDB",
        status="rejected",
        valid_from="2025-06-01",
        changes=(StatusChange(day("2025-07-01"), "rejected", "2025-07-01: Rejected"),),
    )
    ended = rec(
        "adr-002", "Oracle", status="deprecated", valid_from="2019-01-01", valid_to="2020-01-01"
    )
    c = corpus((*SEED, rejected, ended))
    result = c.get_decision_history("DB")
    assert not isinstance(result, InvalidCursor)
    assert result.to_dict() == {
        "topic": "database",
        "items": [
            {
                "id": "adr-002",
                "scope": "all",
                "status": "deprecated",
                "date": "2019-01-01",
                "event": "recorded",
            },
            {
                "id": "adr-002",
                "scope": "all",
                "status": "deprecated",
                "date": "2020-01-01",
                "event": "ended",
            },
            {
                "id": "adr-001",
                "scope": "all",
                "status": "superseded",
                "date": "2023-05-12",
                "event": "recorded",
            },
            {
                "id": "adr-011",
                "scope": "legacy",
                "status": "approved",
                "date": "2024-09-03",
                "event": "recorded",
            },
            {
                "id": "adr-005",
                "scope": "all",
                "status": "rejected",
                "date": "2025-06-01",
                "event": "recorded",
            },
            {
                "id": "adr-005",
                "scope": "all",
                "status": "rejected",
                "date": "2025-07-01",
                "event": "status-change",
            },
            {
                "id": "adr-001",
                "scope": "all",
                "status": "superseded",
                "date": "2026-02-01",
                "event": "superseded-by adr-024",
            },
            {
                "id": "adr-024",
                "scope": "new-services",
                "status": "approved",
                "date": "2026-02-01",
                "event": "recorded",
            },
            {
                "id": "claim-chat-dynamodb",
                "scope": "new-services",
                "status": "proposed",
                "date": "2026-03-14",
                "event": "recorded",
            },
        ],
        "cursor": None,
    }


def test_get_decision_history_pages_concatenate_and_unknown_topics_are_null() -> None:
    """Pages of 2 join into the whole history; an unknown topic gives topic null."""
    c = corpus()
    whole = c.get_decision_history("database", limit=100)
    assert not isinstance(whole, InvalidCursor)
    items: list[HistoryItem] = []
    cursor = None
    while True:
        page = c.get_decision_history("database", cursor=cursor, limit=2)
        assert not isinstance(page, InvalidCursor)
        items += page.items
        if (cursor := page.cursor) is None:
            break
    assert items == list(whole.items)
    missing = c.get_decision_history("weather")
    assert missing == History(None, closest_topics=())
    assert missing.to_dict() == {
        "topic": None,
        "items": [],
        "cursor": None,
        "closest_topics": [],
    }
    stale = c.get_decision_history("database", cursor="bm90IGEgY3Vyc29y", limit=2)
    assert isinstance(stale, InvalidCursor)


def test_get_decision_history_filters_by_overlapping_scope() -> None:
    """`scope="legacy"` keeps legacy and its ancestors' records."""
    result = corpus().get_decision_history("database", scope="legacy")
    assert not isinstance(result, InvalidCursor)
    assert sorted({i.id for i in result.items}) == ["adr-001", "adr-011"]


def test_a_limit_outside_1_to_100_is_an_input_error() -> None:
    """Page sizes are validated before the corpus is read."""
    with pytest.raises(InputError, match="limit"):
        corpus().get_decision_history("database", limit=0)
    with pytest.raises(InputError, match="limit"):
        corpus().find_conflicts(limit=101, now=NOW)


def test_find_conflicts_lists_each_conflict_once_with_its_place_and_hint() -> None:
    """The seed's one open conflict, with topic, scope, decision and resolution hint."""
    result = corpus().find_conflicts(as_of=AS_OF, now=NOW)
    assert not isinstance(result, InvalidCursor)
    assert result.to_dict() == {
        "items": [
            {
                **SEED_CONFLICT,
                "topic": "database",
                "scope": "new-services",
                "decision_id": "adr-024",
                "resolution_hint": "Add a relation resolving rel-dynamodb-vs-adr-024,"
                " supersede claim-chat-dynamodb or reject claim-chat-dynamodb.",
            }
        ],
        "cursor": None,
    }


def test_find_conflicts_pages_concatenate_to_the_whole_list() -> None:
    """Five conflicts paged two by two come back whole and in order."""
    claims = [claim(f"claim-{i}", f"Store{i}") for i in range(5)]
    c = corpus((*SEED, *claims))
    whole = c.find_conflicts(topic="database", as_of=AS_OF, limit=100, now=NOW)
    assert not isinstance(whole, InvalidCursor)
    assert len(whole.items) == 6
    items: list[FoundConflict] = []
    cursor = None
    while True:
        page = c.find_conflicts(topic="database", as_of=AS_OF, cursor=cursor, limit=2, now=NOW)
        assert not isinstance(page, InvalidCursor)
        items += page.items
        if (cursor := page.cursor) is None:
            break
    assert items == list(whole.items)
    first = c.find_conflicts(topic="database", as_of=AS_OF, limit=2, now=NOW)
    assert not isinstance(first, InvalidCursor)
    other = c.find_conflicts(topic="cache", as_of=AS_OF, cursor=first.cursor, limit=2, now=NOW)
    assert other == InvalidCursor("query-mismatch")


def test_find_conflicts_with_a_scope_asks_that_scope() -> None:
    """`scope="legacy"`: MongoDB answers there and nothing contests it."""
    result = corpus().find_conflicts(scope="legacy", as_of=AS_OF, now=NOW)
    assert not isinstance(result, InvalidCursor)
    assert result.items == ()
