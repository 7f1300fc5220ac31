"""Questions asked in plain words, without a topic, of the real ADR folders.

Each expected answer was worked out by reading the corpus's files and its
`SOURCE.md` (relations table and per-file index). Corpora are loaded with a
test config that excludes `SOURCE.md` (and, for the multi-scope ones, gives
their folders a scope), as `tests/test_corpora.py` does. The last test asks
the example corpus as a temporary git repository knew it (`known_as_of`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import pytest

import govmem
from govmem import Corpus, History
from tests.conftest import CORPORA, git

NOW: Final = datetime(2026, 9, 8, tzinfo=UTC)
CONFIGS: Final = {
    "cometbft": (
        "paths: [{path: ., scope: cometbft}, {path: tendermint-core, scope: tendermint-core}]\n"
        "scopes: {all: {cometbft: {}, tendermint-core: {}}}\n"
    ),
    "log4brains": (
        "paths: [{path: docs/adr, scope: project}, {path: packages/core/docs/adr, scope: core}]\n"
        "scopes: {all: {project: {core: {}}}}\n"
    ),
}


@pytest.fixture(scope="module")
def corpora_loaded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Corpus]:
    """The corpora these questions are asked of, loaded once."""
    out: dict[str, Corpus] = {}
    for name in (
        "govuk-aws",
        "moj-cloud-platform",
        "bbc-tams",
        "cometbft",
        "log4brains",
        "zooniverse-fem",
        "jabref",
    ):
        config: Path = tmp_path_factory.mktemp("config") / "govmem.yaml"
        config.write_text("exclude: [SOURCE.md]\n" + CONFIGS.get(name, ""), encoding="utf-8")
        out[name] = govmem.load(CORPORA / name, config=config)
    return out


def ask(corpora: dict[str, Corpus], name: str, question: str, as_of: str) -> dict[str, Any]:
    """The answer, as JSON, to a question with no topic given."""
    return corpora[name].query(question, as_of=as_of, now=NOW).to_dict()


def summary(answer: dict[str, Any]) -> tuple[object, ...]:
    """(status, decision id and status, superseded (id, valid_to), missing_information)."""
    d = answer["decision"]
    return (
        answer["status"],
        (d["id"], d["status"]) if d else None,
        [(r["id"], r["valid_to"]) for r in answer["superseded_decisions"]],
        answer["missing_information"],
    )


CASES: Final = [
    # govuk-aws: 0004 `Superseded by [DNS Infrastructure](0015-…)`, one-sided; 0015 dated 2018-03-06.
    (
        "govuk-aws",
        "What are the DNS definitions for hosts and services?",
        "2026-09-08",
        ("verified", ("0015", "accepted"), [("0004", "2018-03-06")], []),
    ),
    (
        "govuk-aws",
        "What are the DNS definitions for hosts and services?",
        "2017-12-01",
        ("verified", ("0004", "superseded"), [], []),
    ),
    # govuk-aws: 0003 `Partly superseded` by 0033 (still Pending, same H1): a partial relation.
    (
        "govuk-aws",
        "What is the networking outline?",
        "2026-09-08",
        ("verified", ("0003", "accepted"), [], ["0033 partly supersedes 0003."]),
    ),
    # moj: 021 `Superseded by [036. Multi-cluster]`, set the day 036 (2022-09-16) was accepted.
    (
        "moj-cloud-platform",
        "What is the multi-cluster decision?",
        "2023-01-01",
        ("verified", ("036", "accepted"), [("021", "2022-09-16")], []),
    ),
    (
        "moj-cloud-platform",
        "Which Kubernetes cluster setup is current? multi-cluster",
        "2026-09-08",
        ("verified", ("036", "accepted"), [("021", "2022-09-16")], []),
    ),
    # bbc-tams: 0004 rejected; no date in the files.
    (
        "bbc-tams",
        "What about deletion of content and IDs?",
        "2026-09-08",
        (
            "insufficient_evidence",
            None,
            [],
            [
                "No decision on deletion of content and ids is in force for all as of 2026-09-08.",
                "Option Deletion of Content and IDs was rejected in 0004.",
            ],
        ),
    ),
    # bbc-tams: 0021 `superseded by ADR-0032`; no dates, so 0021's end is unknown.
    (
        "bbc-tams",
        "What is the storage label format?",
        "2026-09-08",
        ("verified", ("0032", "accepted"), [("0021", None)], ["0021 ended on an unknown date."]),
    ),
    # cometbft: adr-100 rejected in favour of adr-101 (changelog 2023-05-03).
    (
        "cometbft",
        "Should we push data to a data companion?",
        "2026-09-08",
        (
            "verified",
            ("adr-101", "accepted"),
            [],
            ["Option ADR 100: Data Companion Push API was rejected in adr-100 (2023-05-03)."],
        ),
    ),
    # cometbft: adr-110 `Rejected in favour of ADR 111` (changelog 2023-11-13).
    (
        "cometbft",
        "Do we use a remote mempool?",
        "2026-09-08",
        (
            "verified",
            ("adr-111", "accepted"),
            [],
            ["Option ADR 110: Remote mempool was rejected in adr-110 (2023-11-13)."],
        ),
    ),
    # cometbft: adr-105 `Reverted` (changelog 2024-05-22), no successor. Asked with
    # no scope after the revert, S is `all`: adr-105 (on `cometbft`) is neither S
    # nor an ancestor of it, so no `was in force until` names it (SPEC §5.10).
    (
        "cometbft",
        "What does ADR-105 say about the list of senders in the mempool?",
        "2024-01-01",
        ("verified", ("adr-105", "deprecated"), [], []),
    ),
    (
        "cometbft",
        "What does ADR-105 say about the list of senders in the mempool?",
        "2026-09-08",
        (
            "insufficient_evidence",
            None,
            [],
            [
                (
                    "No decision on refactor list of senders in mempool is in force for all"
                    " as of 2026-09-08."
                )
            ],
        ),
    ),
    # log4brains: 20200926-… superseded by 20201016-… (both sides).
    (
        "log4brains",
        "What is the unique id of an ADR?",
        "2026-09-08",
        (
            "verified",
            ("20201016-use-the-adr-slug-as-its-unique-id", "accepted"),
            [("20200926-use-the-adr-number-as-its-unique-id", "2020-10-16")],
            [],
        ),
    ),
    (
        "log4brains",
        "What is the unique id of an ADR?",
        "2020-10-01",
        ("verified", ("20200926-use-the-adr-number-as-its-unique-id", "superseded"), [], []),
    ),
    # zooniverse: adr-15 `Superseded by [ADR-22]`, and adr-22 is only Proposed.
    (
        "zooniverse-fem",
        "What is the drawing tools API?",
        "2026-09-08",
        (
            "insufficient_evidence",
            ("adr-22", "proposed"),
            [],
            [
                "No decision on drawing tools api is in force for all as of 2026-09-08.",
                "adr-22 is only proposed.",
                "adr-15 ended on an unknown date.",
            ],
        ),
    ),
]


@pytest.mark.parametrize(("name", "question", "as_of", "expected"), CASES)
def test_a_real_corpus_answers_a_plain_question(
    corpora_loaded: dict[str, Corpus],
    name: str,
    question: str,
    as_of: str,
    expected: tuple[object, ...],
) -> None:
    """The status, decision, supersessions and missing information read from the files."""
    assert summary(ask(corpora_loaded, name, question, as_of)) == expected


def test_a_reverted_decision_is_only_history_after_its_revert(
    corpora_loaded: dict[str, Corpus],
) -> None:
    """cometbft adr-105's history: recorded, then ended by the revert."""
    history = corpora_loaded["cometbft"].get_decision_history("adr-105")
    assert isinstance(history, History)
    events = [(i.id, str(i.date), i.event) for i in history.items]
    assert ("adr-105", "2024-05-22", "ended") in events


def test_a_reverted_decision_is_named_as_in_force_until_its_revert_on_its_scope(
    corpora_loaded: dict[str, Corpus],
) -> None:
    """Asked for `cometbft`, the scope of its folder, adr-105 was in force until the revert."""
    question = "How is the list of senders in the mempool refactored?"
    answer = corpora_loaded["cometbft"].query(
        question, scope="cometbft", as_of="2026-09-08", now=NOW
    )
    assert answer.missing_information == (
        (
            "No decision on refactor list of senders in mempool is in force for cometbft"
            " as of 2026-09-08."
        ),
        "adr-105 was in force until 2024-05-22 (deprecated).",
    )


def test_known_as_of_answers_with_what_the_repository_knew_then(example_repo: Path) -> None:
    """A resolution committed on 2026-04-01 is unknown to a corpus known as of 2026-03-20."""
    (example_repo / "memory" / "relations.yaml").write_text(
        "kind: relation\n"
        "id: rel-dynamo-review\n"
        "between: [claim-chat-dynamodb, adr-024]\n"
        "rationale: The architecture review kept PostgreSQL.\n"
        "resolution: {winner: adr-024, by: arch-board, at: 2026-04-01}\n",
        encoding="utf-8",
    )
    git(example_repo, "add", "-A")
    git(example_repo, "commit", "-q", "-m", "resolve", date="2026-04-01T09:00:00Z")
    question = "Quale database è approvato per i nuovi servizi?"

    def status(corpus: Corpus) -> tuple[str, list[tuple[str, str]]]:
        answer = corpus.query(question, as_of="2026-09-08", now=NOW)
        return answer.status, [(c.conflict_id, c.status) for c in answer.conflicts]

    then = govmem.load(example_repo, known_as_of="2026-03-20")
    assert status(then) == ("contested", [("rel-dynamodb-vs-adr-024", "open")])
    later = govmem.load(example_repo, known_as_of="2026-04-02")
    assert status(later) == ("verified", [("rel-dynamo-review", "resolved")])
    assert status(govmem.load(example_repo)) == status(later)


def test_an_unsure_question_offers_the_topic_that_answers_it(
    corpora_loaded: dict[str, Corpus],
) -> None:
    """jabref: 0045 superseded by 0057 (both sides), neither dated. "Which ADR replaced
    ADR-0045?" holds `0045` of 0057's words but not `replaced`, too little of the question
    to be sure (docs/query.md §1): `unknown`, with 0057's topic first among the candidates,
    and asked again with that topic, the answer reads the supersession from the files."""
    question, as_of = "Which ADR replaced ADR-0045?", "2026-09-08"
    jabref = corpora_loaded["jabref"]
    unsure = jabref.query(question, as_of=as_of, now=NOW)
    assert unsure.status == "unknown"
    topic = unsure.candidates[0].topic
    again = jabref.query(question, topic=topic, as_of=as_of, now=NOW).to_dict()
    assert summary(again) == (
        "verified",
        ("0057", "accepted"),
        [("0045", None)],
        ["0045 ended on an unknown date."],
    )
