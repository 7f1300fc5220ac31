"""Topic inference on real ADR folders: plain questions, each with the record that answers it.

`tests/data/questions/*.yaml` hold questions people ask of the real corpora in
`tests/data/corpora/`, written from reading the files (never from govmem's
output), each with the record that answers it — its file stem or its id —
or `null` when the corpus cannot answer it (`excluded: STEM` beside a null
answer: the record that would answer it is excluded whole, e.g. for bad YAML,
and the test checks that it is). The layout is the files' own:
the corpus folder is copied to `docs/adr/` of a fresh git repository,
`config` is written to `govmem.yaml` at its root, and every question is
asked with `query(question)` — no topic, no scope, no as_of.

A run scores *right* (the topic holding `answer`, or no topic when it is
null), *abstained* (no topic although one was expected; the right topic may
be among `Answer.candidates`) or *wrong* (any other topic). The table per
corpus is printed at the end of the test session; `python -m
benchmarks.accuracy` prints it too, and `--loco` chooses the rule's
parameters leave-one-corpus-out (docs/accuracy.md).
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

import pytest
from attrs import frozen
from ruamel.yaml import YAML

import govmem
from govmem import Corpus
from tests.conftest import CORPORA, DATA, TABLE_PROPERTY, git

QUESTIONS: Final = DATA / "questions"
NOW: Final = datetime(2026, 12, 1, tzinfo=UTC)
Outcome = Literal["correct", "abstained", "wrong"]


@frozen
class Asked:
    """One question asked, what it should find, and what it found."""

    corpus: str
    question: str
    answer: str | None
    expected_topic: str | None
    found: str | None
    candidates: tuple[str, ...]
    likely: bool = False
    """The first candidate is marked likely."""
    kind: str | None = None
    """The question's kind, where its file says (direct, paraphrase, superseded, why-not, none)."""

    @property
    def outcome(self) -> Outcome:
        if self.found == self.expected_topic:
            return "correct"
        return "abstained" if self.found is None else "wrong"

    @property
    def in_candidates(self) -> bool:
        """An abstention that offers the right topic among its candidates."""
        return self.expected_topic is not None and self.expected_topic in self.candidates

    @property
    def first(self) -> bool:
        """An abstention whose first candidate is the right topic: what a reader sees first."""
        return self.expected_topic is not None and self.candidates[:1] == (self.expected_topic,)


def _questions(name: str) -> dict[str, Any]:
    data: dict[str, Any] = YAML(typ="safe").load((QUESTIONS / name).read_text(encoding="utf-8"))
    corpora: dict[str, Any] = data["corpora"]
    return corpora


def question_files() -> list[str]:
    """Every question file, by name."""
    return sorted(p.name for p in QUESTIONS.glob("*.yaml"))


def _repo(tmp: Path, corpus: str, config: str) -> Path:
    """The corpus copied to docs/adr of a fresh git repository, with its govmem.yaml."""
    root = tmp / corpus
    shutil.copytree(CORPORA / corpus, root / "docs" / "adr")
    (root / "govmem.yaml").write_text(config, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "corpus", date="2026-11-01T00:00:00Z")
    return root


def load_questions(
    tmp: Path, names: list[str] | None = None
) -> Iterator[tuple[str, Corpus, list[dict[str, Any]]]]:
    """(corpus name, the corpus loaded, its questions) of every question file in `names`.

    A corpus named by two files is loaded once per file: each file brings its own config.
    """
    for n, name in enumerate(names or question_files()):
        for corpus_name, spec in _questions(name).items():
            root = _repo(tmp / str(n), corpus_name, spec.get("config") or "")
            yield corpus_name, govmem.load(root), list(spec["questions"])


def _answer_record(corpus: Corpus, answer: str) -> int:
    """The record an answer names: its file stem, else its id (exactly one either way)."""
    by_stem = [i for i, r in enumerate(corpus.records) if r.path and Path(r.path).stem == answer]
    hits = by_stem or list(corpus.by_id(answer))
    assert len(hits) == 1, f"no single record {answer!r}"
    return hits[0]


def _assert_excluded(corpus: Corpus, stem: str) -> None:
    """The file `stem` is excluded with an error finding (SPEC §2: bad YAML is excluded whole),
    so the question it would answer has no answer in the corpus."""
    held = {f.code for f in corpus.findings if f.path and Path(f.path).stem == stem}
    assert held & {"bad-yaml", "record-too-large", "unreadable"}, (stem, held)
    assert not any(r.path and Path(r.path).stem == stem for r in corpus.records), stem


def ask_corpus(name: str, corpus: Corpus, questions: list[dict[str, Any]]) -> Iterator[Asked]:
    """Every question asked of one corpus: `query(question)`, no topic, scope or as_of."""
    for item in questions:
        answer = item["answer"]
        expected = None
        if (excluded := item.get("excluded")) is not None:
            assert answer is None, item
            _assert_excluded(corpus, str(excluded))
        if answer is not None:
            expected = corpus.facts[_answer_record(corpus, str(answer))].topic
        result = corpus.query(item["q"], now=NOW)
        offered = tuple(c.topic for c in result.candidates)
        likely = result.likely is not None
        yield Asked(
            name, item["q"], answer, expected, result.topic, offered, likely, item.get("kind")
        )


def ask_all(name: str, tmp: Path) -> Iterator[Asked]:
    """Every question of the file `name`, asked of its corpus."""
    for corpus_name, corpus, questions in load_questions(tmp, [name]):
        yield from ask_corpus(corpus_name, corpus, questions)


def table(title: str, asked: list[Asked]) -> str:
    """Right / abstained (right topic among the candidates, first among them, likely) / wrong
    per corpus, then the misses."""
    per: dict[str, Counter[str]] = {}
    for a in asked:
        counts = per.setdefault(a.corpus, Counter())
        counts[a.outcome] += 1
        counts["offered"] += a.outcome == "abstained" and a.in_candidates
        counts["first"] += a.outcome == "abstained" and a.first
        counts["likely"] += a.likely
    total: Counter[str] = sum(per.values(), Counter())
    width = max(len(c) for c in [*per, "total"])
    lines = [
        title,
        f"{'corpus':<{width}}  right  abstained  (in candidates  first  likely)  wrong   of",
    ]
    for name, counts in [*sorted(per.items()), ("total", total)]:
        n = counts["correct"] + counts["abstained"] + counts["wrong"]
        lines.append(
            f"{name:<{width}}  {counts['correct']:>5}  {counts['abstained']:>9}  "
            f"{counts['offered']:>15}  {counts['first']:>5}  {counts['likely']:>7}  "
            f"{counts['wrong']:>5}  {n:>3}"
        )
    for a in asked:
        if a.outcome == "wrong":
            lines.append(f"  wrong: {a.corpus}: {a.question!r} -> {a.found!r} (want {a.answer})")
    for a in asked:
        if a.outcome == "abstained" and not a.first:
            mark = "" if a.in_candidates else " NOT OFFERED"
            lines.append(
                f"  abstained{mark}: {a.corpus}: {a.question!r} (want {a.answer}; {a.candidates})"
            )
    for a in asked:
        if a.likely and not a.first:
            lines.append(f"  likely, wrong: {a.corpus}: {a.question!r} -> {a.candidates[0]!r}")
    return "\n".join(lines)


BARS: Final = {"wrong": 0.02, "wrong_per_corpus": 2, "right": 0.5}
"""SPEC §10 (v6), met: wrong ≤ 2 % of the questions and at most 2 on any corpus (held out too:
docs/accuracy.md), right ≥ 50 %; and no likely candidate on a question the corpus cannot
answer (SPEC v6 §5)."""
SPEC_UNMET: Final = {"right_or_first": 0.92, "offered": 0.95}
"""SPEC §10's bars the rule does not reach (docs/accuracy.md says how far, and what was tried):
right or the right topic first among the candidates ≥ 92 % of the questions, the right topic
among the candidates of ≥ 95 % of the abstentions."""
MEASURED: Final = {"right_or_first": 849, "right_or_offered": 917}
"""What the rule measures for `SPEC_UNMET` over every question file, which a change may raise
but never lower: 849 of 953 right or first (89.1 %), and 917 right or offering the right topic
among their candidates — 430 of 460 abstentions offer it (93.5 %). The second is counted with
the right answers so that an abstention that becomes right does not count as a loss. With the
eight folders met on 2026-12-08 — cisa-getgov, wasmcloud, sylius, celestia-app, simple-server,
sap-cloud-sdk-js, tractusx-edc, status-mobile (held-out-9 to 16) — and that day's rules (676 of
753 right or first, and 725 right or offered, before them)."""


@pytest.mark.slow
def test_every_corpus_keeps_its_accuracy(
    tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    """SPEC §10 over every question file: the bars met (`BARS`) and, for those not met
    (`SPEC_UNMET`), no lower than measured (`MEASURED`)."""
    asked = [a for name in question_files() for a in ask_all(name, tmp_path / name)]
    summary = table("Topic inference, every corpus (tests/data/questions/*.yaml)", asked)
    record_property(TABLE_PROPERTY, summary)  # printed at the end by tests/conftest.py
    outcomes = Counter(a.outcome for a in asked)
    wrong_per = Counter(a.corpus for a in asked if a.outcome == "wrong")
    abstained = [a for a in asked if a.outcome == "abstained"]
    every = {p.name for p in CORPORA.iterdir() if p.is_dir()} - {"adrkit-fixtures"}
    assert {a.corpus for a in asked} >= every
    assert len(asked) >= 250
    assert all(sum(1 for a in asked if a.corpus == c) >= 15 for c in {a.corpus for a in asked})
    assert outcomes["wrong"] <= BARS["wrong"] * len(asked), summary
    assert max(wrong_per.values(), default=0) <= BARS["wrong_per_corpus"], summary
    assert outcomes["correct"] >= BARS["right"] * len(asked), summary
    assert not [a for a in asked if a.likely and a.expected_topic is None], summary
    first = sum(a.first for a in abstained)
    offered = sum(a.in_candidates for a in abstained)
    assert outcomes["correct"] + first >= MEASURED["right_or_first"], summary
    assert outcomes["correct"] + offered >= MEASURED["right_or_offered"], summary
