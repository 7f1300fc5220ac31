"""SPEC §10's invariants on federated corpora (SPEC v5 §2): the checks of
tests/engine/test_query_properties.py, on `govmem.testing.federated_corpora`.

A local corpus and one or two logs, local records superseding, contesting
and naming log records (`platform:r2`), sometimes a configured log that
cannot be read and a ref to a log that is not configured: a verified or
contested decision is in force (never rejected or revoked), §5.7's order
holds, every verified excerpt occurs in its source, no record is listed
twice in an answer, pages concatenate, the same inputs give the same bytes,
and no operation crashes.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import InputError, InvalidCursor
from govmem.model.text import js_trim
from govmem.testing import FederatedInputs, as_of_dates, federated_corpora, questions
from tests.engine.test_query_properties import (
    NOW,
    check_at_most_once,
    check_conflict_pages,
    check_contested,
    check_history_pages,
    check_in_force,
    check_no_crash,
    check_picked_excerpts,
    check_verified_excerpts,
    topics_and_none,
)


@given(federated_corpora(), questions(), as_of_dates())
def test_a_verified_or_contested_decision_is_in_force(
    inputs: FederatedInputs, question: str, as_of: str
) -> None:
    check_in_force(inputs.build(), question, as_of)


@given(federated_corpora(), questions(), as_of_dates())
def test_contested_iff_no_earlier_status_applies_and_a_conflict_is_open(
    inputs: FederatedInputs, question: str, as_of: str
) -> None:
    check_contested(inputs.build(), question, as_of)


@given(federated_corpora(), questions(), as_of_dates())
def test_every_verified_excerpt_occurs_in_its_source(
    inputs: FederatedInputs, question: str, as_of: str
) -> None:
    corpus = inputs.build()
    check_verified_excerpts(corpus, question, as_of)
    check_picked_excerpts(corpus, question, as_of)


@given(federated_corpora(), questions(), as_of_dates())
def test_every_record_appears_at_most_once_across_the_lists(
    inputs: FederatedInputs, question: str, as_of: str
) -> None:
    check_at_most_once(inputs.build(), question, as_of)


@given(federated_corpora(), as_of_dates(), st.integers(1, 4))
def test_pages_concatenate(inputs: FederatedInputs, as_of: str, limit: int) -> None:
    corpus = inputs.build()
    check_history_pages(corpus, as_of, limit)
    check_conflict_pages(corpus, as_of, limit)


@given(federated_corpora(), questions(), as_of_dates())
def test_the_same_inputs_give_byte_identical_json(
    inputs: FederatedInputs, question: str, as_of: str
) -> None:
    a, b = inputs.build(), inputs.build()
    assert a.health.fingerprint == b.health.fingerprint
    for t in topics_and_none(a):
        one = a.query(question, topic=t, as_of=as_of, now=NOW).to_dict()
        assert json.dumps(one) == json.dumps(
            b.query(question, topic=t, as_of=as_of, now=NOW).to_dict()
        )


@given(
    federated_corpora(max_records=4),
    st.text(max_size=40),
    st.one_of(st.none(), st.sampled_from(["database", "platform:database", "x"])),
    st.one_of(st.none(), st.sampled_from(["all", "legacy", "new-services", "nowhere"])),
    as_of_dates(),
)
def test_no_operation_crashes(
    inputs: FederatedInputs, question: str, topic: str | None, scope: str | None, as_of: str
) -> None:
    """Every read operation answers, on every id and on log refs held, unheld and unknown."""
    corpus = inputs.build()
    check_no_crash(corpus, question, topic, scope, "default", as_of)
    for rid in [r.id for r in corpus.records] + ["platform:r0", "archive:r0", "gone:r1", "core:"]:
        corpus.get_decision(rid).to_dict()
    for listing in (corpus.list_superseded(), corpus.list_topics()):
        assert not isinstance(listing, InvalidCursor)
        listing.to_dict()
    found = corpus.get_decision_context(["src/a.py", "platform:src/a.py", "core:docs/x.md"])
    assert not isinstance(found, InvalidCursor)
    found.to_dict()
    if js_trim(question):
        corpus.search_decisions(question).to_dict()
    else:  # a blank query is the caller's error, said as one (never a traceback)
        with pytest.raises(InputError, match="query"):
            corpus.search_decisions(question)
