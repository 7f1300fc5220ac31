"""adr-tools 3.0.0 and govmem, both ways, on the five-record folder of issue 52.

Folders made by `adr init`, `adr new`, `adr new -s`, `adr new -l` and `adr
link` are read exactly; what `govmem new` writes there is adr-tools' format,
listed by `adr list`, linked by `adr link`, in `adr generate toc`; a
supersession accepted by `govmem new --status accepted` (or later by
`govmem approve`) rewrites the old record byte for byte as `adr new -s` does.
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

import govmem
from govmem.cli import author as cli_author

from .tools import ADR_DATE, adr, five_records
from .tools import govmem as run

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
ADR = "doc/adr"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(cli_author, "now", lambda: NOW)
    return five_records(tmp_path / "repo")


def _by_number(corpus: govmem.Corpus) -> dict[str, int]:
    return {r.id: p for p, r in enumerate(corpus.records)}


def test_folders_adr_tools_makes_are_read_exactly(folder: Path) -> None:
    """Statuses, supersession and amends both ways, titles and dates, and `adr link` links."""
    adr(folder, "link", "4", "Relates to", "1", "Related by")
    corpus = govmem.load(folder)
    pos = _by_number(corpus)
    assert sorted(pos) == ["0001", "0002", "0003", "0004", "0005"]
    titles = {rid: corpus.records[p].title for rid, p in pos.items()}
    assert titles["0004"] == "4. Use MySQL for new services"
    assert {corpus.facts[p].status for p in pos.values()} == {"accepted", "superseded"}
    assert corpus.facts[pos["0002"]].status == "superseded"
    assert corpus.facts[pos["0002"]].successors == (pos["0004"],)
    assert corpus.facts[pos["0004"]].predecessors == (pos["0002"],)
    kinds = {
        (
            corpus.records[p].id,
            link.kind,
            corpus.records[corpus.resolve(link.ref, corpus.records[p].path)[0]].id,
        )
        for p in pos.values()
        for link in corpus.records[p].links
    }
    assert {("0005", "amends", "0003"), ("0003", "amended-by", "0005")} <= kinds
    assert all(str(corpus.records[p].valid_from) == ADR_DATE for p in pos.values())
    assert [f.code for f in corpus.findings if f.severity != "info"] == []


def test_new_writes_the_next_record_as_adr_tools_does(folder: Path) -> None:
    """`govmem new "Use Redis for caching"`: 0006 in adr-tools' format, Proposed; `adr list`,
    `adr generate toc` and `adr link` take it."""
    code, out, err = run(folder, "new", "Use Redis for caching", "--json")
    assert (code, err) == (0, "")
    done = json.loads(out)
    assert done["path"] == f"{ADR}/0006-use-redis-for-caching.md"
    assert (done["id"], done["status"], done["updated"]) == ("0006", "proposed", [])
    text = (folder / done["path"]).read_text(encoding="utf-8")
    assert text.startswith(
        f"# 6. Use Redis for caching\n\nDate: {ADR_DATE}\n\n## Status\n\nProposed\n\n## Context\n"
    )
    assert f"{ADR}/0006-use-redis-for-caching.md" in adr(folder, "list").splitlines()
    assert "* [6. Use Redis for caching](0006-use-redis-for-caching.md)" in adr(
        folder, "generate", "toc"
    )
    adr(folder, "link", "6", "Amends", "3", "Amended by")
    corpus = govmem.load(folder)
    pos = _by_number(corpus)
    six = corpus.records[pos["0006"]]
    assert corpus.facts[pos["0006"]].status == "proposed"
    assert [(k.kind, corpus.resolve(k.ref, six.path)) for k in six.links] == [
        ("amends", (pos["0003"],))
    ]
    assert any(
        k.kind == "amended-by"
        and corpus.resolve(k.ref, corpus.records[pos["0003"]].path) == (pos["0006"],)
        for k in corpus.records[pos["0003"]].links
    )


def _twin(folder: Path, tmp_path: Path) -> Path:
    """A copy of the folder in which adr-tools itself runs `adr new -s 4`."""
    twin = tmp_path / "twin"
    shutil.copytree(folder, twin)
    adr(twin, "new", "Use", "Redis", "for", "caching")
    adr(twin, "new", "-s", "4", "Use", "SQLite", "for", "new", "services")
    return twin


def _status_block(text: str) -> str:
    """A record up to its Context section: title, date, status and links."""
    return text.split("## Context", 1)[0]


OLD = f"{ADR}/0004-use-mysql-for-new-services.md"
NEW = f"{ADR}/0007-use-sqlite-for-new-services.md"


def test_accepted_supersession_rewrites_the_old_record_as_adr_new_s_does(
    folder: Path, tmp_path: Path
) -> None:
    """`new … --supersedes 4 --status accepted`: 0007 written, 0004 rewritten byte for byte as
    `adr new -s 4` rewrites it, and both links read back (`show 7`, `superseded`)."""
    twin = _twin(folder, tmp_path)
    assert run(folder, "new", "Use Redis for caching")[0] == 0
    code, out, _ = run(
        folder,
        "new",
        "Use SQLite for new services",
        "--supersedes",
        "4",
        "--status",
        "accepted",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["updated"] == [OLD]
    assert (folder / OLD).read_bytes() == (twin / OLD).read_bytes()
    mine, theirs = ((f / NEW).read_text(encoding="utf-8") for f in (folder, twin))
    assert _status_block(mine) == _status_block(theirs)
    code, out, _ = run(folder, "show", "7", "--json")
    shown = json.loads(out)
    assert (code, shown["decision"]["status"]) == (0, "accepted")
    assert shown["decision"]["frontmatter"]["supersedes"] == ["0004-use-mysql-for-new-services.md"]
    code, out, _ = run(folder, "superseded", "--json")
    pairs = {(e["id"], e["supersededBy"]["target"]["id"]) for e in json.loads(out)["items"]}
    assert pairs == {("0002", "0004"), ("0004", "0007")}
    assert run(folder, "lint")[0] == 0


def test_a_proposed_supersession_is_pending_until_approve(folder: Path, tmp_path: Path) -> None:
    """Without `--status accepted`, 0004 stays in force and unchanged, the answer says 0007
    proposes to supersede it; `govmem approve 7` makes the supersession take effect, 0004
    rewritten as `adr new -s 4` would have."""
    twin = _twin(folder, tmp_path)
    before = (folder / OLD).read_bytes()
    assert run(folder, "new", "Use Redis for caching")[0] == 0
    assert run(folder, "new", "Use SQLite for new services", "--supersedes", "4")[0] == 0
    assert (folder / OLD).read_bytes() == before
    corpus = govmem.load(folder)
    topic = corpus.facts[_by_number(corpus)["0004"]].topic
    answer = corpus.query("new services", topic=topic, as_of="2026-05-05")
    assert answer.decision is not None
    assert answer.decision.id == "0004"
    assert "0007 proposes to supersede 0004." in answer.missing_information

    code, out, err = run(folder, "approve", "7")
    assert (code, err) == (0, ""), out
    assert (folder / OLD).read_bytes() == (twin / OLD).read_bytes()
    assert _status_block((folder / NEW).read_text(encoding="utf-8")) == _status_block(
        (twin / NEW).read_text(encoding="utf-8")
    )
    again = govmem.load(folder).query("new services", topic=topic, as_of="2026-05-05")
    assert again.decision is not None
    assert again.decision.id == "0007"
    assert [d.id for d in again.superseded_decisions] == ["0004", "0002"]
