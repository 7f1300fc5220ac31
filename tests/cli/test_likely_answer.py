"""The likely answer (SPEC v6 §5), on a new user's five adr-tools records (issue 51).

"Which database do new services use?" asks with a word the folder never uses ("database"):
no topic is confident, but the first candidate leads and the rest of the question is its
title's, so the answer opens with it — 0004, MySQL, with its sentence — marked as not
confirmed, in the readable output and in `--json`. "How are event schemas defined?" gives 0005;
"Do we use GraphQL?" stays `unknown` with no likely candidate.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from govmem.cli import main
from tests.conftest import ADR_TOOLS_FIVE

AS_OF = "2026-12-31"
MYSQL = "We will use MySQL for new services."


def _ask(capsys: pytest.CaptureFixture[str], question: str, *json_flag: str) -> str:
    argv = ["--root", str(ADR_TOOLS_FIVE), "query", question, "--as-of", AS_OF, *json_flag]
    assert main(argv) == 0
    return capsys.readouterr().out


def said_first(answer: dict[str, Any]) -> tuple[str, str, bool]:
    """What the answer says first: (decision id, its sentence, whether it is confirmed) — the
    verdict's decision and first excerpt, else the likely candidate's."""
    if answer["topic"] is not None:
        return answer["decision"]["id"], answer["evidence"][0]["excerpt"], True
    likely = answer["candidates"][0]
    assert likely["likely"] is True
    return likely["decision_id"], likely["summary"], False


def test_a_likely_answer_opens_the_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    question = "Which database do new services use?"
    lines = _ask(capsys, question).splitlines()
    assert lines[:5] == [
        "LIKELY ANSWER (not confirmed)  use mysql for new services",
        "  0004: 4. Use MySQL for new services — VERIFIED",
        f"    “{MYSQL}”",
        "  No topic was clearly the one asked about; to confirm, ask with this one:",
        f'  govmem query "{question}" --topic "use mysql for new services"',
    ]
    assert lines[6] == f"UNKNOWN  (no topic) in all as of {AS_OF}"
    assert (
        "Other candidates (no topic was clearly the one asked about; ask again with one)" in lines
    )
    assert lines[-1] == (
        "More: query — No single topic matched the question; the likely one is"
        " 'use mysql for new services': ask again with topic set to it to confirm."
    )


def test_a_likely_answer_is_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`--json`: seed 000's 14 keys (status `unknown`, the SPEC v6 drill-down), then
    `candidates`, the first likely, with its decision's sentence."""
    answer = json.loads(_ask(capsys, "Which database do new services use?", "--json"))
    assert (answer["status"], answer["topic"], answer["decision"]) == ("unknown", None, None)
    assert list(answer)[14:] == ["candidates"]
    assert answer["candidates"][0] == {
        "topic": "use mysql for new services",
        "decision_id": "0004",
        "title": "4. Use MySQL for new services",
        "status": "verified",
        "summary": MYSQL,
        "likely": True,
    }
    assert not any(c["likely"] for c in answer["candidates"][1:])
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "query",
        "reason": "No single topic matched the question; the likely one is"
        " 'use mysql for new services': ask again with topic set to it to confirm.",
    }
    assert said_first(answer) == ("0004", MYSQL, False)


def test_the_decision_is_said_first(capsys: pytest.CaptureFixture[str]) -> None:
    """Confirmed or likely, the first thing said is the record that answers, with its sentence."""
    answer = json.loads(_ask(capsys, "How are event schemas defined?", "--json"))
    assert said_first(answer)[:2] == ("0005", "We will define event schemas in Avro.")
    _, decision, evidence = _ask(capsys, "How are event schemas defined?").split("\n\n")[:3]
    assert "0005" in decision
    assert "We will define event schemas in Avro." in evidence


def test_a_question_the_folder_cannot_answer_gets_no_likely_candidate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = json.loads(_ask(capsys, "Do we use GraphQL?", "--json"))
    assert (answer["status"], answer["topic"]) == ("unknown", None)
    assert not any(c["likely"] for c in answer.get("candidates", []))
    assert answer["drill_down"]["suggested_tool"] == "search_decisions"
    assert not _ask(capsys, "Do we use GraphQL?").startswith("LIKELY")
