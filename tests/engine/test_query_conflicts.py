"""One example per rule of SPEC §5.5: conflicts, relations, rejected options, conflict ids."""

from __future__ import annotations

import attrs

from govmem import (
    Relation,
    Resolution,
    StatusChange,
)
from govmem.model.records import TopicSpec
from tests.engine.seed_corpus import (
    CONFIG,
    SEED,
    SEED_CONFLICT,
    ask,
    claim,
    conflict_ids,
    corpus,
    day,
    ids,
    rec,
)


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
