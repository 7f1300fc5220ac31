"""Answers that differed from an independent reading of SPEC §3–§5, asked through the CLI.

Each corpus is the minimal one found by asking many generated corpora the same
questions as that reading answers them: real files in a fresh git
repository, asked with `govmem query ... --json`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Final

import pytest

from govmem.cli import main
from tests.conftest import git

BROKER: Final = {
    "govmem.yaml": "scopes: {all: {partner: {}, legacy: {}}}\n",
    "docs/adr/031.md": "id: adr-031, topic: message-broker, value: SQS, "
    "status: superseded, scope: partner, date: 2021-04-17, superseded_by: adr-032, "
    "valid_to: 2022-03-12",
    "docs/adr/032.md": "id: adr-032, topic: message-broker, value: Pulsar, "
    "status: accepted, scope: partner, valid_from: 2022-02-10, supersedes: [adr-031]",
    "docs/adr/040.md": "id: adr-040, topic: message-broker, value: NATS, "
    "status: accepted, scope: legacy, date: 2020-01-01",
}
"""Issue rule 1: adr-031 writes its own end, after adr-032 starts."""
JOBS: Final = {
    "govmem.yaml": "scopes: {all: {checkout: {}}}\n",
    "docs/adr/001.md": "id: adr-001, topic: job-queue, value: Temporal, "
    "status: superseded, date: 2020-04-04",
    "docs/adr/002.md": "id: adr-002, topic: job-queue, value: RQ, status: superseded, "
    "scope: checkout, date: 2021-03-11, supersedes: [adr-001], valid_to: 2021-08-30",
}
"""Issue rule 2: nothing in force; adr-002 is on checkout, not on `all` or above it."""


def repo(root: Path, files: dict[str, str]) -> Path:
    """A git repository of `govmem.yaml` and ADRs, committed once.

    An ADR is given as its frontmatter fields, `key: value, ...` (a YAML flow
    mapping, as the issue wrote them); it gets a title and one body sentence.
    """
    root.mkdir()
    for path, text in files.items():
        if path.startswith("docs/adr/"):
            value = re.search(r"value: ([^,]+)", text)
            assert value is not None
            text = f"---\n{{{text}}}\n---\n# ADR {Path(path).stem}\n\nWe use {value[1]}.\n"
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "corpus", date="2024-01-01T12:00:00Z")
    return root


def ask(root: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """`govmem --root ROOT query ... --json`, parsed."""
    assert main(["--root", str(root), "query", *argv, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    answer: dict[str, Any] = json.loads(captured.out)
    return answer


def view(
    rid: str, value: str, status: str, scope: str, start: str, end: str | None
) -> dict[str, Any]:
    """A record view of one of these ADRs (content = title, defaults 0.9 / 1)."""
    return {
        "id": rid,
        "content": f"ADR {rid[-3:]}",
        "value": value,
        "status": status,
        "scope": scope,
        "valid_from": start,
        "valid_to": end,
        "confidence": 0.9,
        "authority": 1,
    }


def test_a_superseded_record_that_writes_its_end_stays_an_exception_until_then(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """adr-031 ends 2022-03-12 as written, not when adr-032 starts: both are partner exceptions."""
    root = repo(tmp_path / "broker", BROKER)
    argv = ("Which broker?", "--topic", "message-broker", "--scope", "legacy")
    answer = ask(root, capsys, *argv, "--as-of", "2022-02-13")
    assert answer["decision"] == view("adr-040", "NATS", "accepted", "legacy", "2020-01-01", None)
    assert answer["scope_exceptions"] == [
        view("adr-032", "Pulsar", "accepted", "partner", "2022-02-10", None),
        view("adr-031", "SQS", "superseded", "partner", "2021-04-17", "2022-03-12"),
    ]
    assert [s["source_id"] for s in answer["sources"]] == ["adr-040", "adr-032", "adr-031"]
    assert answer["superseded_decisions"] == answer["conflicts"] == []
    assert answer["missing_information"] == []
    assert answer["status"] == "verified"
    later = ask(root, capsys, *argv, "--as-of", "2022-03-12")
    assert [e["id"] for e in later["scope_exceptions"]] == ["adr-032"]


def test_was_in_force_until_names_only_records_on_s_or_an_ancestor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No scope asked and nothing in force: S is `all`, so adr-002 (on checkout) is not named."""
    root = repo(tmp_path / "jobs", JOBS)
    answer = ask(root, capsys, "Which job queue?", "--topic", "job-queue", "--as-of", "2022-10-27")
    assert answer["decision"] is None
    assert answer["scope"] == "all"
    assert answer["status"] == "insufficient_evidence"
    assert answer["missing_information"] == [
        "No decision on job-queue is in force for all as of 2022-10-27.",
        "adr-001 was in force until 2021-03-11 (superseded).",
    ]
    argv = ("Which job queue?", "--topic", "job-queue", "--scope", "checkout")
    checkout = ask(root, capsys, *argv, "--as-of", "2022-10-27")
    assert checkout["missing_information"] == [
        "No decision on job-queue is in force for checkout as of 2022-10-27.",
        "adr-002 was in force until 2021-08-30 (superseded).",
        "adr-001 was in force until 2021-03-11 (superseded).",
    ]


@pytest.mark.parametrize(
    "successor",
    ["status: proposed", "status: accepted, authored_by: agent"],
    ids=["proposed", "unratified-agent"],
)
def test_superseded_by_a_record_not_in_force_is_a_pending_supersession(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], successor: str
) -> None:
    """`superseded_by: adr-024` on an approved adr-023 is adr-024's link: pending, and said."""
    root = repo(
        tmp_path / "db",
        {
            "docs/adr/023.md": "id: adr-023, topic: database, value: MySQL, "
            "status: approved, date: 2022-10-17, superseded_by: adr-024",
            "docs/adr/024.md": f"id: adr-024, topic: database, value: MongoDB, "
            f"date: 2022-12-20, {successor}",
        },
    )
    answer = ask(root, capsys, "Which database?", "--topic", "database", "--as-of", "2023-07-16")
    assert answer["decision"] == view("adr-023", "MySQL", "approved", "all", "2022-10-17", None)
    assert answer["superseded_decisions"] == []
    assert [c["item"]["id"] for c in answer["conflicts"]] == ["adr-024"]
    assert answer["status"] == "contested"
    assert answer["missing_information"] == [
        "adr-024 proposes to supersede adr-023.",
        "At least one incompatible claim remains unresolved.",
    ]


def test_a_record_sharing_its_id_with_another_file_cites_its_own_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two files numbered 0001 (guardian-dcr numbers a `historic-adrs/` folder anew): each
    answer quotes and cites its own file, never the other's that happens to come first."""
    root = tmp_path / "repo"
    root.mkdir()
    adr = root / "docs" / "adr"
    (adr / "historic").mkdir(parents=True)
    (adr / "0001-use-postgresql.md").write_text(
        "# 1. Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Decision\n\n"
        "We will use PostgreSQL for every service.\n",
        encoding="utf-8",
    )
    (adr / "historic" / "0001-use-mysql.md").write_text(
        "# 1. Use MySQL\n\n## Status\n\nAccepted\n\n## Decision\n\n"
        "We will use MySQL for the legacy shop.\n",
        encoding="utf-8",
    )
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "corpus", date="2024-01-01T12:00:00Z")
    for topic, path, words in (
        ("use mysql", "docs/adr/historic/0001-use-mysql.md", "MySQL for the legacy shop"),
        ("use postgresql", "docs/adr/0001-use-postgresql.md", "PostgreSQL for every service"),
    ):
        answer = ask(root, capsys, "Which database?", "--topic", topic)
        assert answer["decision"]["id"] == "0001"
        assert [s["reference"] for s in answer["sources"]] == [path]
        assert [e["source_id"] for e in answer["evidence"]] == ["0001"]
        assert words in answer["evidence"][0]["excerpt"]


_POOLS: Final = {
    "0001-use-geventconnpool.md": (
        "# 1. Use geventconnpool for connection pooling\n\nDate: 2023-10-13\n\n"
        "## Status\n\nAccepted\n\n## Decision\n\n"
        "We will pool the registry connections with the geventconnpool library.\n"
    ),
    "0002-write-our-own-epp-client.md": (
        "# 2. Write our own EPP client\n\nDate: 2025-02-01\n\n"
        "## Status\n\nAccepted\n\n## Context\n\nThe library was later removed (February 2024).\n\n"
        "## Decision\n\nWe will write our own client rather than readopting geventconnpool.\n"
    ),
    "0003-use-django.md": (
        "# 3. Use Django\n\nDate: 2022-01-01\n\n## Status\n\nAccepted\n\n## Decision\n\n"
        "We will build the registrar with Django.\n"
    ),
}


def _pools(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "repo"
    (root / "docs" / "adr").mkdir(parents=True)
    for name, text in files.items():
        (root / "docs" / "adr" / name).write_text(text, encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "corpus", date="2025-03-01T12:00:00Z")
    return root


@pytest.mark.parametrize(
    "question",
    [
        "Do we still use geventconnpool to pool the registry connections?",
        "Is geventconnpool no longer how we pool connections?",
        "Usiamo ancora geventconnpool?",
    ],
)
def test_a_still_question_about_a_decision_a_later_record_names_is_unsure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], question: str
) -> None:
    """cisa-getgov: 0002 replaces 0001 in prose only, and writes the word that names it. Asked
    whether 0001 still holds, the answer does not say VERIFIED: 0001 first, 0002 next, neither
    likely."""
    root = _pools(tmp_path, _POOLS)
    answer = ask(root, capsys, question)
    assert (answer["topic"], answer["status"]) == (None, "unknown")
    first, second = (c["decision_id"] for c in answer["candidates"][:2])
    assert (first, second) == ("0001", "0002")
    assert not any(c["likely"] for c in answer["candidates"])


@pytest.mark.parametrize(
    ("question", "files"),
    [
        # not a "still" question: the record the question names answers it
        ("Why did we pool the registry connections with geventconnpool?", _POOLS),
        # the record that names it is earlier: nothing later speaks of it
        (
            "Do we still use geventconnpool to pool the registry connections?",
            {
                **_POOLS,
                "0002-write-our-own-epp-client.md": _POOLS[
                    "0002-write-our-own-epp-client.md"
                ].replace("2025-02-01", "2021-02-01"),
            },
        ),
    ],
)
def test_a_decision_no_later_record_names_stays_the_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], question: str, files: dict[str, str]
) -> None:
    answer = ask(_pools(tmp_path, files), capsys, question)
    assert (answer["topic"], answer["decision"]["id"]) == (
        "use geventconnpool for connection pooling",
        "0001",
    )
