"""The seed-000 answer, reproduced field for field on `examples/decisions`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import govmem
from govmem.cli import main
from tests.conftest import DATA, EXAMPLE

QUESTION = "Quale database è approvato per i nuovi servizi?"


def seed_answer() -> dict[str, object]:
    """The JSON answer printed in seed 000."""
    seed = next((DATA / "seeds").glob("000_*"))
    text = seed.read_text(encoding="utf-8")
    start = text.index("{")
    depth = 0
    for i, ch in enumerate(text[start:], start):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth == 0:
            return json.loads(text[start : i + 1])  # type: ignore[no-any-return]
    raise AssertionError("no JSON object in seed 000")


def test_the_seed_answer_is_reproduced_field_for_field() -> None:
    """With topic and as_of given, every field equals the seed's but the computed metrics."""
    answer = govmem.load(EXAMPLE).query(QUESTION, topic="database", as_of="2026-09-08").to_dict()
    expected = seed_answer()
    assert list(answer) == list(expected)
    for key in expected:
        if key != "context_metrics":
            assert answer[key] == expected[key], key
    metrics = (
        govmem.load(EXAMPLE).query(QUESTION, topic="database", as_of="2026-09-08").context_metrics
    )
    assert metrics.evidence_characters_returned == len(
        "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026."
    )
    assert metrics.source_characters > metrics.evidence_characters_returned


def test_the_topic_is_inferred_without_topic() -> None:
    """The same question without `topic` infers `database` and gives the same answer."""
    corpus = govmem.load(EXAMPLE)
    with_topic = corpus.query(QUESTION, topic="database", as_of="2026-09-08")
    inferred = corpus.query(QUESTION, as_of="2026-09-08")
    assert inferred.topic == "database"
    assert inferred.to_dict() == with_topic.to_dict()


def test_the_cli_prints_the_seed_answer(capsys: pytest.CaptureFixture[str]) -> None:
    """`govmem query ... --json` prints exactly `Answer.to_dict()`."""
    argv = [
        "--root",
        str(EXAMPLE),
        "query",
        QUESTION,
        "--topic",
        "database",
        "--as-of",
        "2026-09-08",
        "--json",
    ]
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert (
        printed
        == govmem.load(EXAMPLE).query(QUESTION, topic="database", as_of="2026-09-08").to_dict()
    )


def test_the_example_corpus_lints_without_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """`govmem lint` on the example corpus finds no error."""
    assert main(["--root", str(EXAMPLE), "lint", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [f for f in report["findings"] if f["severity"] == "error"] == []
    assert report["corpus_health"]["record_count"] == 5
    assert re.fullmatch(r"[0-9a-f]{64}", report["corpus_health"]["fingerprint"])


def test_the_example_files_are_as_the_spec_lists(tmp_path: Path) -> None:
    """SPEC §10 fixes the example's file names."""
    names = sorted(p.relative_to(EXAMPLE).as_posix() for p in EXAMPLE.rglob("*") if p.is_file())
    assert names == [
        "docs/adr/001.md",
        "docs/adr/011.md",
        "docs/adr/024.md",
        "govmem.yaml",
        "memory/claims.yaml",
        "sources/team-chat-2026-03-14.md",
    ]
