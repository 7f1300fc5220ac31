"""Writing new decision records (`govmem.shell.author`): numbers, retries, refusals, stops.

Real folders on disk, real processes for the concurrent writers.
"""

from __future__ import annotations

import multiprocessing
from datetime import UTC, datetime
from pathlib import Path

import pytest

import govmem
from govmem import InputError, ProposalRefused
from govmem.shell import author
from tests.conftest import write_files

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
NYGARD = {
    "doc/adr/0001-use-postgresql.md": (
        "# 1. Use PostgreSQL\n\nDate: 2026-01-01\n\n## Status\n\nAccepted\n\n"
        "## Decision\n\nWe will use PostgreSQL.\n"
    ),
    "doc/adr/0002-use-mongodb.md": (
        "# 2. Use MongoDB\n\nDate: 2026-01-02\n\n## Status\n\nRejected\n\n"
        "## Decision\n\nWe will not use MongoDB.\n"
    ),
    ".adr-dir": "doc/adr\n",
}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write_files(tmp_path, NYGARD)
    return tmp_path


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _write_three(root: str, worker: int) -> list[str]:
    return [author.new_decision(root, f"Decision {worker} {n}", now=NOW).path for n in range(3)]


def test_concurrent_writers_never_share_a_number(root: Path) -> None:
    """Four processes, three records each: twelve files, numbers 3 to 14, each once."""
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(4) as pool:
        paths = [
            p for got in pool.starmap(_write_three, [(str(root), w) for w in range(4)]) for p in got
        ]
    numbers = sorted(int(Path(p).name[:4]) for p in paths)
    assert numbers == list(range(3, 15))
    corpus = govmem.load(root)
    assert len(corpus.records) == 14
    assert [f for f in corpus.findings if f.severity != "info"] == []


def test_a_retry_with_the_request_id_returns_the_first_record(root: Path) -> None:
    """Found in the corpus, or among files the (stale) corpus never read; a key reused for
    another title is refused."""
    stale = govmem.load(root)
    args = {"title": "Use Redis for caching", "decision": "Redis.", "request_id": "k1"}
    first = author.propose_from_agent(root, args, corpus=stale, now=NOW)
    again = author.propose_from_agent(root, args, corpus=stale, now=NOW)
    fresh = author.propose_from_agent(root, args, now=NOW)
    assert first.first
    assert not again.first
    assert not fresh.first
    assert (again.id, again.path) == (fresh.id, fresh.path) == (first.id, first.path)
    assert (
        sorted(p.name for p in (root / "doc/adr").iterdir())[-1] == "0003-use-redis-for-caching.md"
    )
    with pytest.raises(InputError, match="already used for another proposal"):
        author.propose_from_agent(root, dict(args, title="Use Memcached"), now=NOW)


def test_an_agent_touches_no_other_file_and_never_writes_accepted(root: Path) -> None:
    before = _files(root)
    done = author.propose_from_agent(
        root,
        {"title": "Use CockroachDB", "decision": "We will.", "supersedes": ["1"]},
        now=NOW,
    )
    after = _files(root)
    assert set(after) - set(before) == {done.path}
    assert {k: after[k] for k in before} == before
    text = after[done.path].decode()
    assert "Proposed" in text
    assert "Supersedes [1. Use PostgreSQL](0001-use-postgresql.md)" in text
    assert text.endswith('<!-- govmem: {"authoredBy": "agent"} -->\n')
    for refused in ({"status": "accepted"}, {"amends": ["1"]}, {"superseded_by": "1"}):
        with pytest.raises(InputError, match="a person accepts it"):
            author.propose_from_agent(root, {"title": "x", "decision": "y", **refused}, now=NOW)


def test_strict_refuses_a_rejected_option_and_writes_nothing(root: Path) -> None:
    before = _files(root)
    with pytest.raises(ProposalRefused, match=r"re-proposes Use MongoDB \(rejected in 0002\)"):
        author.new_decision(root, "Use MongoDB", topic="use mongodb", strict=True, now=NOW)
    assert _files(root) == before
    done = author.new_decision(root, "Use MongoDB", topic="use mongodb", now=NOW)
    assert done.check is not None
    assert [o.id for o in done.check.reproposes] == ["0002"]


def test_a_template_that_reads_otherwise_writes_nothing(root: Path) -> None:
    """The new text is read back first: a `govmem.yaml` reading `Proposed` as accepted makes
    the record refused (an agent's proposal is never in force), not written."""
    write_files(root, {"govmem.yaml": "statuses: {proposed: accepted}\n"})
    before = _files(root)
    with pytest.raises(govmem.GovmemError, match="reads as accepted, not proposed"):
        author.propose_from_agent(root, {"title": "Use Redis", "decision": "Redis."}, now=NOW)
    assert _files(root) == before


def test_no_adr_folder_is_an_error_and_dir_makes_one(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no ADR folder found"):
        author.new_decision(tmp_path, "Use Redis", now=NOW)
    done = author.new_decision(tmp_path, "Use Redis", dir="docs/decisions", now=NOW)
    assert done.path == "docs/decisions/0001-use-redis.md"
    rec = govmem.load(tmp_path, dir="docs/decisions").records[0]
    assert (rec.title, rec.status) == ("1. Use Redis", "proposed")


def test_a_draft_writes_nothing(root: Path) -> None:
    before = _files(root)
    drafted = govmem.draft_decision(root, "Use Redis", decision="Redis.", now=NOW)
    assert drafted.path == "doc/adr/0003-use-redis.md"
    assert drafted.text.startswith("# 3. Use Redis\n\nDate: 2026-05-04\n\n## Status\n\nProposed\n")
    assert _files(root) == before


def test_a_stop_between_the_new_file_and_the_old_leaves_a_link_lint_reports(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new file is written first; a stop before the old record is rewritten leaves a
    one-sided supersession, which `lint` reports (and the old record is still read as
    superseded by it)."""

    def stop(*args: object, **kwargs: object) -> tuple[str, ...]:
        raise KeyboardInterrupt

    monkeypatch.setattr(author, "relink", stop)
    with pytest.raises(KeyboardInterrupt):
        author.new_decision(root, "Use CockroachDB", supersedes=["1"], status="accepted", now=NOW)
    corpus = govmem.load(root)
    assert [f.code for f in corpus.findings if f.severity == "warn"] == ["one-sided-link"]
    old = corpus.by_id("0001")[0]
    assert corpus.facts[old].status == "superseded"
