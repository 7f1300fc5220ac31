"""Property tests of `query` and its drill-downs: every invariant of SPEC §10."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from govmem import Corpus, FoundConflict, FoundConflicts, History, HistoryItem, InvalidCursor
from govmem.engine.query import query
from govmem.testing import (
    LINKED_SCOPES,
    CorpusInputs,
    as_of_dates,
    corpora,
    linked_corpora,
    move_links,
    questions,
)

NOW = datetime(2026, 9, 8, 12, 0, tzinfo=UTC)
SRC = Path(__file__).resolve().parents[2] / "src"


def topics_and_none(corpus: Corpus) -> list[str | None]:
    """Every topic of the corpus, and None (inference)."""
    return [None, *corpus.topics()]


def position(corpus: Corpus, rid: str) -> int:
    """The one position of an id (generated ids are unique)."""
    (pos,) = corpus.by_id(rid)
    return pos


def answers(corpus: Corpus, question: str, as_of: str) -> list[dict[str, Any]]:
    """The answer for every topic (and inferred), each mind, no scope."""
    return [
        corpus.query(question, topic=t, as_of=as_of, mind=mind, now=NOW).to_dict()
        for t in topics_and_none(corpus)
        for mind in ("default", "bob")
    ]


@given(corpora(), questions(), as_of_dates())
def test_the_same_inputs_give_byte_identical_json(
    inputs: CorpusInputs, question: str, as_of: str
) -> None:
    """Two corpora built from the same inputs answer with the same bytes, asked twice."""
    a, b = inputs.build(), inputs.build()
    for t in topics_and_none(a):
        first = json.dumps(
            a.query(question, topic=t, as_of=as_of, now=NOW).to_dict(), ensure_ascii=False
        )
        assert first == json.dumps(
            b.query(question, topic=t, as_of=as_of, now=NOW).to_dict(), ensure_ascii=False
        )
        assert first == json.dumps(
            a.query(question, topic=t, as_of=as_of, now=NOW).to_dict(), ensure_ascii=False
        )


@given(corpora(), questions(), questions(), st.lists(as_of_dates(), min_size=1, max_size=2))
def test_an_answer_never_depends_on_what_was_asked_before(
    inputs: CorpusInputs, first: str, second: str, dates: list[str]
) -> None:
    """A corpus that answered other questions (its recent answers and verdicts kept)
    answers a question with the same bytes as a corpus never asked anything."""
    asked = inputs.build()
    for as_of in dates:
        for t in topics_and_none(asked):
            for q in (first, second, first):
                asked.query(q, topic=t, as_of=as_of, now=NOW)
    for as_of in dates:
        for t in topics_and_none(asked):
            for q in (second, first):
                fresh = inputs.build().query(q, topic=t, as_of=as_of, now=NOW)
                again = asked.query(q, topic=t, as_of=as_of, now=NOW)
                assert json.dumps(again.to_dict()) == json.dumps(fresh.to_dict())


@given(corpora(), questions(), as_of_dates(), st.randoms(use_true_random=False))
def test_the_order_of_the_inputs_never_changes_an_answer(
    inputs: CorpusInputs, question: str, as_of: str, rnd: Any
) -> None:
    """Shuffling records, sources and relations gives the same answers and conflicts."""
    records, sources, relations = (
        list(inputs.records),
        list(inputs.sources),
        list(inputs.relations),
    )
    for items in (records, sources, relations):
        rnd.shuffle(items)
    shuffled = CorpusInputs(tuple(records), tuple(sources), tuple(relations), inputs.config)
    a, b = inputs.build(), shuffled.build()
    assert answers(a, question, as_of) == answers(b, question, as_of)
    assert a.find_conflicts(as_of=as_of, limit=100, now=NOW) == b.find_conflicts(
        as_of=as_of, limit=100, now=NOW
    )


def check_in_force(corpus: Corpus, question: str, as_of: str) -> None:
    """The decision of a verified or contested answer is in force, so never rejected or revoked."""
    for t in topics_and_none(corpus):
        answer = corpus.query(question, topic=t, as_of=as_of, now=NOW)
        if answer.status in ("verified", "contested"):
            assert answer.decision is not None
            pos = position(corpus, answer.decision.id)
            at = answer.temporal_validity.as_of
            assert not isinstance(at, str)
            assert corpus.in_force(pos, at.as_of)
            assert corpus.facts[pos].status not in ("rejected", "revoked", "proposed", "unknown")


@given(corpora(), questions(), as_of_dates())
def test_a_verified_or_contested_decision_is_in_force_at_as_of(
    inputs: CorpusInputs, question: str, as_of: str
) -> None:
    """The decision of a verified or contested answer is in force, so never rejected or revoked."""
    check_in_force(inputs.build(), question, as_of)


def check_contested(corpus: Corpus, question: str, as_of: str) -> None:
    """SPEC §5.7: unknown, then insufficient evidence, then contested, then verified."""
    minimum = corpus.config.min_confidence
    for t in topics_and_none(corpus):
        answer = corpus.query(question, topic=t, as_of=as_of, now=NOW)
        d = answer.decision
        if answer.topic is None or answer.topic not in corpus.topics():
            assert answer.status == "unknown"
            continue
        at = answer.temporal_validity.as_of
        assert not isinstance(at, str)
        earlier = (
            d is None
            or not corpus.in_force(position(corpus, d.id), at.as_of)
            or (d.confidence or 0.0) < minimum
            or not any(e.verified for e in answer.evidence)
        )
        is_open = any(c.status == "open" for c in answer.conflicts)
        assert (answer.status == "contested") == (not earlier and is_open)
        if answer.status != "unknown":
            expected = (
                "insufficient_evidence" if earlier else "contested" if is_open else "verified"
            )
            assert answer.status == expected


@given(corpora(), questions(), as_of_dates())
def test_contested_iff_no_earlier_status_applies_and_a_conflict_is_open(
    inputs: CorpusInputs, question: str, as_of: str
) -> None:
    """SPEC §5.7: unknown, then insufficient evidence, then contested, then verified."""
    check_contested(inputs.build(), question, as_of)


def check_verified_excerpts(corpus: Corpus, question: str, as_of: str) -> None:
    """`verified: true` only when the excerpt is in the source text, whitespace-normalised."""
    for t in topics_and_none(corpus):
        for e in corpus.query(question, topic=t, as_of=as_of, now=NOW).evidence:
            if e.verified:
                source = corpus.source(e.source_id)
                assert source is not None
                assert " ".join(e.excerpt.split())
                assert " ".join(e.excerpt.split()) in " ".join(source.text.split())


@given(corpora(), questions(), as_of_dates())
def test_every_verified_excerpt_occurs_in_its_source(
    inputs: CorpusInputs, question: str, as_of: str
) -> None:
    """`verified: true` only when the excerpt is in the source text, whitespace-normalised."""
    check_verified_excerpts(inputs.build(), question, as_of)


def check_picked_excerpts(corpus: Corpus, question: str, as_of: str) -> None:
    """An excerpt picked from a source (no declared evidence) always occurs in it."""
    for t in topics_and_none(corpus):
        answer = corpus.query(question, topic=t, as_of=as_of, now=NOW)
        if (
            answer.decision is not None
            and not corpus.records[position(corpus, answer.decision.id)].evidence
        ):
            assert all(e.verified for e in answer.evidence)


@given(corpora(), questions(), as_of_dates())
def test_every_picked_excerpt_is_verified(inputs: CorpusInputs, question: str, as_of: str) -> None:
    """An excerpt picked from a source (no declared evidence) always occurs in it."""
    check_picked_excerpts(inputs.build(), question, as_of)


def check_at_most_once(corpus: Corpus, question: str, as_of: str) -> None:
    """decision, superseded_decisions, conflicts[].item and scope_exceptions never repeat."""
    for answer in answers(corpus, question, as_of):
        listed = [answer["decision"]["id"]] if answer["decision"] else []
        listed += [r["id"] for r in answer["superseded_decisions"]]
        listed += [c["item"]["id"] for c in answer["conflicts"]]
        listed += [r["id"] for r in answer["scope_exceptions"]]
        assert len(listed) == len(set(listed))


@given(corpora(), questions(), as_of_dates())
def test_every_record_appears_at_most_once_across_the_lists(
    inputs: CorpusInputs, question: str, as_of: str
) -> None:
    """decision, superseded_decisions, conflicts[].item and scope_exceptions never repeat."""
    check_at_most_once(inputs.build(), question, as_of)


def check_history_pages(corpus: Corpus, as_of: str, limit: int) -> None:
    """Following cursors from the first page returns the unpaged list, in order."""
    for topic in corpus.topics():
        whole = corpus.get_decision_history(topic, limit=100)
        assert not isinstance(whole, InvalidCursor)
        items: list[HistoryItem] = []
        cursor = None
        while True:
            page = corpus.get_decision_history(topic, cursor=cursor, limit=limit)
            assert not isinstance(page, InvalidCursor)
            assert len(page.items) <= limit
            items += page.items
            if (cursor := page.cursor) is None:
                break
        assert items == list(whole.items)


@given(corpora(), as_of_dates(), st.integers(1, 4))
def test_history_pages_concatenate_to_the_whole_history(
    inputs: CorpusInputs, as_of: str, limit: int
) -> None:
    """Following cursors from the first page returns the unpaged list, in order."""
    check_history_pages(inputs.build(), as_of, limit)


def check_conflict_pages(corpus: Corpus, as_of: str, limit: int) -> None:
    """`find_conflicts` pages join into the unpaged list; conflict ids are unique."""
    whole = corpus.find_conflicts(as_of=as_of, limit=100, now=NOW)
    assert not isinstance(whole, InvalidCursor)
    assert len({c.conflict_id for c in whole.items}) == len(whole.items)
    items: list[FoundConflict] = []
    cursor = None
    while True:
        page = corpus.find_conflicts(as_of=as_of, cursor=cursor, limit=limit, now=NOW)
        assert not isinstance(page, InvalidCursor)
        items += page.items
        if (cursor := page.cursor) is None:
            break
    assert items == list(whole.items)


@given(corpora(), as_of_dates(), st.integers(1, 4))
def test_conflict_pages_concatenate_to_the_whole_list(
    inputs: CorpusInputs, as_of: str, limit: int
) -> None:
    """`find_conflicts` pages join into the unpaged list; conflict ids are unique."""
    check_conflict_pages(inputs.build(), as_of, limit)


def check_no_crash(
    corpus: Corpus, question: str, topic: str | None, scope: str | None, mind: str, as_of: str
) -> None:
    """Any text as question, topic, scope or mind gives an answer of the seed's shape."""
    answer = corpus.query(question, topic=topic, scope=scope, as_of=as_of, mind=mind, now=NOW)
    assert list(answer.to_dict()) == [
        "query",
        "topic",
        "status",
        "decision",
        "scope",
        "temporal_validity",
        "sources",
        "evidence",
        "superseded_decisions",
        "scope_exceptions",
        "conflicts",
        "missing_information",
        "context_metrics",
        "drill_down",
    ]
    unseen = query(corpus, question, topic=topic, scope=scope, now=NOW, mind=mind)
    assert unseen.temporal_validity.to_dict()["as_of"] == "2026-09-08T12:00:00Z"
    assert isinstance(corpus.get_decision_history(topic or "-", scope), History)
    assert isinstance(corpus.find_conflicts(topic, scope, as_of, now=NOW), FoundConflicts)


@given(
    corpora(max_records=6),
    st.text(max_size=80),
    st.one_of(st.none(), st.text(max_size=20)),
    st.one_of(st.none(), st.text(max_size=20)),
    st.text(max_size=10),
    as_of_dates(),
)
def test_no_question_topic_scope_or_mind_crashes_a_query(
    inputs: CorpusInputs,
    question: str,
    topic: str | None,
    scope: str | None,
    mind: str,
    as_of: str,
) -> None:
    """Any text as question, topic, scope or mind gives an answer of the seed's shape."""
    check_no_crash(inputs.build(), question, topic, scope, mind, as_of)


SCRIPT = textwrap.dedent(
    """
    import json, random, sys
    from datetime import UTC, date, datetime, timedelta
    from govmem import Config, Corpus, Record, Relation, When
    from govmem.model.records import ScopeSpec, TopicSpec

    rnd = random.Random(7)
    days = [When.from_date(date(2020, 1, 1) + timedelta(days=150 * i)) for i in range(16)]
    scopes = ["all", "new-services", "legacy", "payments"]
    records = []
    for i in range(60):
        status = rnd.choice(["accepted", "proposed", "rejected", "superseded", "deprecated"])
        records.append(Record(
            id=f"r{i}", kind=rnd.choice(["decision", "decision", "claim"]),
            title=f"{i}. {rnd.choice(['Use', 'Pick'])} {rnd.choice(['pg', 'kafka', 'redis'])}",
            content=rnd.choice(["Use pg.", "Use kafka for queues.", "Redis caches."]),
            status=status, label=status, topic=rnd.choice(["database", "queue", None]),
            value=rnd.choice(["pg", "PG", "mysql", "kafka", None]), scope=rnd.choice(scopes),
            valid_from=rnd.choice([None, *days]), confidence=rnd.choice([0.9, 0.6]),
            authority=rnd.choice([1.0, 0.3]),
            supersedes=tuple(f"r{j}" for j in rnd.sample(range(i), min(i, rnd.randint(0, 1)))),
            body="Use pg. It is approved for new services. Kafka is for queues.",
        ))
    relations = [Relation(f"rel-{k}", (f"r{k}", f"r{k + 1}")) for k in range(0, 20, 4)]
    config = Config(scopes=(ScopeSpec("all", None), ScopeSpec("new-services", "all", ("new",)),
                            ScopeSpec("payments", "new-services"), ScopeSpec("legacy", "all")),
                    topics=(TopicSpec("database", ("db",), (("pg", ("postgres",)),)),))
    corpus = Corpus.from_records(records, relations=relations, config=config)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    out = []
    for topic in [None, *corpus.topics()]:
        for scope in [None, *scopes, "nowhere"]:
            for as_of in ["2021-06-01", "2024-01-01", "2026-01-01"]:
                out.append(json.dumps(corpus.query("Which db for new payments?", topic=topic,
                                        scope=scope, as_of=as_of, now=now).to_dict(), ensure_ascii=False))
        if topic:
            out.append(repr(corpus.get_decision_history(topic, limit=100)))
    out.append(repr(corpus.find_conflicts(limit=100, now=now)))
    sys.stdout.write("\\n".join(out))
    """
)


def test_answers_are_byte_identical_under_any_hash_seed() -> None:
    """The same corpus answers with the same bytes in processes with different hash seeds."""
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(SRC)}
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        assert done.stdout.count("\n") > 50
        outputs.add(done.stdout)
    assert len(outputs) == 1


# ------------------------------------------------- link directions and placement
LINKED_QUESTIONS = ("Which database is approved?", "Which database for new services?")
"""One question naming no scope, one naming `new-services` (read as the requested scope)."""


def linked_answers(corpus: Corpus, as_ofs: list[str]) -> list[str]:
    """Every answer and drill-down a linked corpus gives, as text, for each scope and date."""
    scopes = [None, *(s.name for s in LINKED_SCOPES), "elsewhere"]
    out = [
        json.dumps(
            corpus.query(question, topic=topic, scope=scope, as_of=as_of, now=NOW).to_dict(),
            ensure_ascii=False,
        )
        for as_of in as_ofs
        for scope in scopes
        for topic in ("database", None)
        for question in LINKED_QUESTIONS
    ]
    for as_of in as_ofs:
        found = corpus.find_conflicts(as_of=as_of, limit=100, now=NOW)
        assert not isinstance(found, InvalidCursor)
        out.append(repr(found.items))
    for scope in scopes:
        history = corpus.get_decision_history("database", scope, limit=100)
        assert not isinstance(history, InvalidCursor)
        out.append(repr(history.items))
    out.append(json.dumps(corpus.list_superseded(limit=100).to_wire()["items"]))
    return out


@given(linked_corpora(), st.lists(as_of_dates(), min_size=1, max_size=3))
def test_a_supersession_link_answers_the_same_whichever_record_writes_it(
    inputs: CorpusInputs, as_ofs: list[str]
) -> None:
    """SPEC §4: `supersedes` on the new record and `superseded_by` on the old give the same bytes."""
    on_new = linked_answers(move_links(inputs, "new").build(), as_ofs)
    on_old = linked_answers(move_links(inputs, "old").build(), as_ofs)
    assert on_new == on_old
    assert linked_answers(inputs.build(), as_ofs) == on_new


def linked_pairs(corpus: Corpus) -> set[tuple[str, str]]:
    """(new id, old id) of every supersession link written, on either record."""
    return {(r.id, old) for r in corpus.records for old in r.supersedes} | {
        (new, r.id) for r in corpus.records for new in r.superseded_by
    }


@given(linked_corpora(), as_of_dates(), st.sampled_from([None, *(s.name for s in LINKED_SCOPES)]))
def test_each_record_is_placed_by_the_rules_of_its_scope(
    inputs: CorpusInputs, as_of: str, scope: str | None
) -> None:
    """§5.6 exceptions, §5.10 `was in force until` and pending lines, checked record by record."""
    corpus = inputs.build()
    answer = corpus.query(LINKED_QUESTIONS[0], topic="database", scope=scope, as_of=as_of, now=NOW)
    at = answer.temporal_validity.as_of
    assert not isinstance(at, str)
    s, tree = answer.scope, corpus.scopes
    assert s is not None
    above = set(tree.ancestors(s))
    placed = {answer.decision.id} if answer.decision else set()
    placed |= {r.id for r in answer.superseded_decisions}
    placed |= {c.item.id for c in answer.conflicts}
    exceptions = set()
    for pos, rec in enumerate(corpus.records):
        where = corpus.facts[pos].scope
        aside = (where != s and s in tree.ancestors(where)) or not tree.overlaps(where, s)
        if rec.id not in placed and corpus.in_force(pos, at.as_of) and aside:
            exceptions.add(rec.id)
    assert {r.id for r in answer.scope_exceptions} == exceptions
    lines = answer.missing_information
    for line in lines:
        if " was in force until " in line:
            (pos,) = corpus.by_id(line.split(" ", 1)[0])
            assert corpus.facts[pos].scope in above
    if any(f.code == "supersession-cycle" for f in corpus.findings):
        return
    listed = placed | {r.id for r in answer.scope_exceptions}
    for new, old in sorted(linked_pairs(corpus)):
        (npos,) = corpus.by_id(new)
        rec, f = corpus.records[npos], corpus.facts[npos]
        pending = (
            (rec.kind == "claim" or f.status in ("proposed", "unknown"))
            and f.status not in ("rejected", "revoked")
            and corpus.has_started(npos, at.as_of)
        )
        said = f"{new} proposes to supersede {old}." in lines
        assert said == (pending and old in listed), (new, old)
