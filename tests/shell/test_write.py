"""Tests for `govmem.shell.write` and the memory CLI: atomic writes, in-place edits, governance."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

import govmem
from govmem import OPERATIONS, InputError, load, remember, remember_from_agent
from govmem.cli import main
from govmem.parse.yamledit import set_status_section
from govmem.shell.write import approve, forget, reject, verify

NOW = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)
SRC = str(Path(govmem.__file__).resolve().parent.parent)


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}


def test_remember_writes_an_unverified_agent_memory_that_loads_back(tmp_path: Path) -> None:
    """The file holds its id; the loaded memory is the agent's, unverified, as given."""
    w = remember(
        tmp_path,
        content="v1.5.0 deployed",
        category="project",
        key="project_synapse_status",
        tags=["synapse", "deployment"],
        priority="high",
        now=NOW,
    )
    assert w.path == f"memory/{w.id}.yaml"
    assert f"id: {w.id}\n" in (tmp_path / w.path).read_text(encoding="utf-8")
    (rec,) = load(tmp_path).records
    assert (rec.id, rec.kind, rec.origin, rec.verified, rec.status) == (
        w.id,
        "memory",
        "agent",
        False,
        "proposed",
    )
    assert (rec.category, rec.key, rec.priority, rec.tags) == (
        "project",
        "project_synapse_status",
        "high",
        ("synapse", "deployment"),
    )
    assert str(rec.created_at) == "2026-07-01T12:00:00Z"


def test_remember_uses_the_configured_memory_folder(tmp_path: Path) -> None:
    """`memory:` in govmem.yaml says where new records go."""
    (tmp_path / "govmem.yaml").write_text("memory: notes/agent\n", encoding="utf-8")
    w = remember(tmp_path, content="x", category="note", key="k", now=NOW)
    assert w.path.startswith("notes/agent/")
    assert (tmp_path / w.path).is_file()


def test_remember_as_user_writes_a_verified_user_memory_with_who_and_when(
    tmp_path: Path,
) -> None:
    """`--as-user`: source user, verified, `verified_by` and `verified_at` recorded."""
    w = remember(
        tmp_path, content="Berlin", category="fact", key="office", as_user=True, by="me@x", now=NOW
    )
    (rec,) = load(tmp_path).records
    assert (rec.origin, rec.verified, rec.verified_by, rec.confidence) == ("user", True, "me@x", 1)
    assert "verified_at: '2026-07-01T12:00:00Z'" in (tmp_path / w.path).read_text(encoding="utf-8")


def test_remember_a_claim_refuses_category_and_key(tmp_path: Path) -> None:
    """Category and key are for memories; the error names both."""
    with pytest.raises(InputError) as err:
        remember(tmp_path, kind="claim", content="x", category="fact", key="k", now=NOW)
    assert [i.field for i in err.value.issues] == ["category", "key"]
    assert not (tmp_path / "memory").exists()


def test_remember_a_memory_requires_category_and_key(tmp_path: Path) -> None:
    """A memory without them is refused before anything is written."""
    with pytest.raises(InputError) as err:
        remember(tmp_path, content="x", now=NOW)
    assert [i.field for i in err.value.issues] == ["category", "key"]


def test_remember_a_claim_loads_as_a_proposed_claim_with_its_sources(tmp_path: Path) -> None:
    """A claim carries topic, value, scope and sources; it is proposed."""
    w = remember(
        tmp_path,
        kind="claim",
        content="We are moving new services to DynamoDB.",
        topic="database",
        value="DynamoDB",
        scope="new-services",
        source_ids=["team-chat"],
        now=NOW,
    )
    (rec,) = load(tmp_path).records
    assert (rec.id, rec.kind, rec.status, rec.value, rec.sources) == (
        w.id,
        "claim",
        "proposed",
        "DynamoDB",
        ("team-chat",),
    )


@pytest.mark.parametrize(
    "field", ["verified", "approved", "accepted", "authority", "supersedes", "superseded_by"]
)
def test_an_agent_cannot_send_a_governed_field(tmp_path: Path, field: str) -> None:
    """`remember_from_agent` refuses every field outside the tool's published arguments."""
    args = {"content": "x", "category": "fact", "key": "k", field: True}
    with pytest.raises(InputError) as err:
        remember_from_agent(tmp_path, args, now=NOW)
    assert err.value.field == field
    assert not (tmp_path / "memory").exists()


def test_an_agent_memory_is_always_unverified(tmp_path: Path) -> None:
    """The agent entry point has no way to say otherwise."""
    assert "verified" not in {a.wire_name for a in OPERATIONS["remember"].args if a.published}
    remember_from_agent(
        tmp_path, {"content": "x", "category": "fact", "key": "k", "tags": ["a"]}, now=NOW
    )
    (rec,) = load(tmp_path).records
    assert (rec.origin, rec.verified) == ("agent", False)


def test_verify_sets_the_flag_and_keeps_the_rest_of_the_file(tmp_path: Path) -> None:
    """Comments, key order and quoting survive; only the changed lines differ."""
    folder = tmp_path / "memory"
    folder.mkdir()
    original = (
        "# my notes\n"
        "- kind: memory   # first\n"
        "  id: mem_a\n"
        "  category: fact\n"
        "  key: office\n"
        "  content: 'Berlin'  # where\n"
        "  tags:\n"
        "    - work\n"
        "  verified: false  # pending\n"
        "- kind: memory\n"
        "  id: mem_b\n"
        "  category: fact\n"
        "  key: tz\n"
        "  content: Europe/Berlin\n"
    )
    (folder / "notes.yaml").write_text(original, encoding="utf-8")
    verify(tmp_path, "mem_a", by="me@x", now=NOW)
    after = (folder / "notes.yaml").read_text(encoding="utf-8")
    assert after == original.replace(
        "verified: false  # pending", "verified: true  # pending"
    ).replace(
        "    - work\n  verified: true  # pending\n",
        "    - work\n  verified: true  # pending\n"
        "  verified_by: me@x\n"
        "  verified_at: '2026-07-01T12:00:00Z'\n",
    )
    recs = {r.id: r for r in load(tmp_path).records}
    assert (recs["mem_a"].verified, recs["mem_a"].verified_by) == (True, "me@x")
    assert recs["mem_b"].verified is False


def test_verify_refuses_a_claim(tmp_path: Path) -> None:
    """Claims are approved or rejected, not verified."""
    w = remember(tmp_path, kind="claim", content="x", now=NOW)
    with pytest.raises(InputError):
        verify(tmp_path, w.id, by="me@x", now=NOW)


def test_approve_a_claim_promotes_it_to_an_accepted_decision(tmp_path: Path) -> None:
    """Claims only contest; approving one makes it a decision, ratified when an agent wrote it."""
    w = remember(tmp_path, kind="claim", content="Use Postgres", topic="db", value="pg", now=NOW)
    approve(tmp_path, w.id, by="me@x")
    (rec,) = load(tmp_path).records
    assert (rec.kind, rec.status, rec.ratified_by) == ("decision", "accepted", ("me@x",))


def test_approve_and_reject_write_the_status_in_frontmatter(tmp_path: Path) -> None:
    """`status:` is rewritten in place; the body is untouched."""
    adr = tmp_path / "docs" / "adr"
    adr.mkdir(parents=True)
    text = "---\nid: adr-7\nstatus: proposed   # draft\ntitle: Use X\n---\n# Use X\n\nBody.\n"
    (adr / "007-use-x.md").write_text(text, encoding="utf-8")
    approve(tmp_path, "adr-7")
    assert (adr / "007-use-x.md").read_text(encoding="utf-8") == text.replace(
        "proposed   #", "accepted   #"
    )
    reject(tmp_path, "adr-7")
    assert load(tmp_path).records[0].status == "rejected"


def test_approve_rewrites_the_status_section_of_a_frontmatter_less_adr(tmp_path: Path) -> None:
    """Nygard style: the line under `## Status` becomes `Accepted`."""
    adr = tmp_path / "docs" / "adr"
    adr.mkdir(parents=True)
    text = "# 7. Use X\n\nDate: 2024-01-02\n\n## Status\n\nProposed\n\n## Context\n\nWhy.\n"
    (adr / "0007-use-x.md").write_text(text, encoding="utf-8")
    approve(tmp_path, "0007")
    assert (adr / "0007-use-x.md").read_text(encoding="utf-8") == text.replace(
        "\nProposed\n", "\nAccepted\n"
    )
    assert load(tmp_path).records[0].status == "accepted"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "# 7. X\n\nStatus\n------\n\nProposed\n",
            "# 7. X\n\nStatus\n------\n\nAccepted\n",
        ),
        (
            "# 7. X\r\n\r\n## Status\r\n\r\n  Proposed\r\n",
            "# 7. X\r\n\r\n## Status\r\n\r\n  Accepted\r\n",
        ),
        (
            "# 7. X\n\n```\n## Status\nDraft\n```\n\n## Status\n<!-- one of -->\nProposed\n",
            "# 7. X\n\n```\n## Status\nDraft\n```\n\n## Status\n<!-- one of -->\nAccepted\n",
        ),
        ("# 7. X\n\n## Status\n\n## Context\n", "# 7. X\n\n## Status\n\nAccepted\n\n## Context\n"),
        (
            "# 7. X\n\n- Status: proposed\n\n## Context\n",
            "# 7. X\n\n- Status: Accepted\n\n## Context\n",
        ),
        ("# 7. X\n\n```\nStatus: proposed\n```\n", None),
    ],
)
def test_the_status_line_rewritten_is_the_one_the_loader_reads(
    text: str, expected: str | None
) -> None:
    """Setext and ATX `Status` headings; code and comments skipped; other bytes kept."""
    assert set_status_section(text, "accepted") == expected


def test_forget_removes_one_record_of_a_list_and_keeps_the_others_byte_for_byte(
    tmp_path: Path,
) -> None:
    """The other items and the file's comments stay exactly as they were."""
    folder = tmp_path / "memory"
    folder.mkdir()
    head = "# claims from chat\n- kind: claim  # one\n  id: c1\n  content: A\n"
    tail = "# the second\n- kind: claim\n  id: c2\n  content: B\n"
    (folder / "claims.yaml").write_text(head + tail, encoding="utf-8")
    forget(tmp_path, "c1")
    assert (folder / "claims.yaml").read_text(encoding="utf-8") == "# claims from chat\n" + tail
    forget(tmp_path, "c2")
    assert not (folder / "claims.yaml").exists()


def test_forget_deletes_a_memory_file(tmp_path: Path) -> None:
    """A memory in its own file: the file goes."""
    w = remember(tmp_path, content="x", category="note", key="k", now=NOW)
    forget(tmp_path, w.id)
    assert not (tmp_path / w.path).exists()
    assert load(tmp_path).records == ()


def test_forget_refuses_a_decision(tmp_path: Path) -> None:
    """Decisions are superseded or rejected, not forgotten."""
    adr = tmp_path / "docs" / "adr"
    adr.mkdir(parents=True)
    (adr / "001-x.md").write_text("---\nid: adr-1\nstatus: accepted\n---\n# X\n", encoding="utf-8")
    with pytest.raises(InputError):
        forget(tmp_path, "adr-1")


_WRITER = """
import sys
from datetime import UTC, datetime
from govmem import remember
root, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
now = datetime(2026, 7, 1, tzinfo=UTC)
for i in range(n):
    remember(root, content=f"{tag} {i}", category="note", key=f"{tag}_{i}", now=now)
"""


def test_two_processes_writing_500_memories_each_lose_nothing(tmp_path: Path) -> None:
    """All 1,000 records load, each file complete and parseable, no temp file left."""
    (tmp_path / "docs/adr").mkdir(parents=True)  # an ADR folder (empty): no `no-adr-folder`
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(tmp_path), tag, "500"],
            env=_env(),
            stderr=subprocess.PIPE,
        )
        for tag in ("alpha", "beta")
    ]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    corpus = load(tmp_path)
    assert corpus.findings == ()
    assert len(corpus.records) == 1000
    assert {r.content for r in corpus.records} == {
        f"{tag} {i}" for tag in ("alpha", "beta") for i in range(500)
    }
    assert len({r.id for r in corpus.records}) == 1000
    assert [p.name for p in (tmp_path / "memory").iterdir() if p.name.startswith(".")] == []


_LOOPER = """
import sys
from datetime import UTC, datetime
from govmem import remember
now = datetime(2026, 7, 1, tzinfo=UTC)
big = "x" * 15000
i = 0
while True:
    remember(sys.argv[1], content=f"{i} {big}", category="note", key=f"k_{i}", now=now)
    i += 1
"""


def test_a_writer_killed_mid_write_leaves_no_partial_record(tmp_path: Path) -> None:
    """SIGKILL at any moment: every record file is complete; temp files are dot files."""
    (tmp_path / "docs/adr").mkdir(parents=True)  # an ADR folder (empty): no `no-adr-folder`
    proc = subprocess.Popen([sys.executable, "-c", _LOOPER, str(tmp_path)], env=_env())
    folder = tmp_path / "memory"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(folder.glob("*.yaml"))) < 20:
        assert proc.poll() is None, "the writer died on its own"
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    files = list(folder.glob("*.yaml"))
    assert len(files) >= 20
    corpus = load(tmp_path)
    assert corpus.findings == ()
    assert len(corpus.records) == len(files)
    assert all(r.content.endswith("x" * 15000) for r in corpus.records)


# ---------------------------------------------------------------------- CLI
def _cli(root: Path, *argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["--root", str(root), *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_remember_then_recall_then_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The round trip a person runs: remember prints {id, path}; verify flips the mark."""
    code, out, _ = _cli(
        tmp_path,
        "remember",
        "--content",
        "Prefers concise technical responses",
        "--category",
        "preference",
        "--key",
        "communication_style",
        "--tags",
        "communication",
        "--priority",
        "high",
        "--json",
        capsys=capsys,
    )
    assert code == 0
    written = json.loads(out)
    assert set(written) == {"id", "path"}
    code, out, _ = _cli(tmp_path, "recall", capsys=capsys)
    assert "[001] preference (HIGH) [unverified]" in out
    code, out, _ = _cli(tmp_path, "verify", written["id"], capsys=capsys)
    assert code == 0
    assert out.startswith("Verified ")
    _, out, _ = _cli(tmp_path, "recall", "--json", capsys=capsys)
    assert "[001] preference (HIGH) [verified]" in json.loads(out)["text"]


def test_cli_memories_and_memory_history_print_the_seed_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--json` prints `{items, cursor}` of memory objects."""
    remember(tmp_path, content="Berlin", category="fact", key="office", tags=["Work"], now=NOW)
    _, out, _ = _cli(tmp_path, "memories", "--tag", "work", "--json", capsys=capsys)
    page = json.loads(out)
    assert [m["content"] for m in page["items"]] == ["Berlin"]
    assert page["cursor"] is None
    _, out, _ = _cli(tmp_path, "memory-history", "fact", "office", "--json", capsys=capsys)
    assert list(json.loads(out)["items"][0])[:3] == ["id", "category", "key"]


@pytest.mark.parametrize(
    "argv",
    [
        ["expiring", "--within", "7x"],
        ["expiring"],
        ["recall", "--as-of", "not-a-date"],
        ["remember", "--kind", "claim", "--content", "x", "--key", "k"],
        ["remember", "--content", "x", "--category", "hobby", "--key", "k"],
        ["verify", "no-such-id"],
        ["memories", "--limit", "0"],
    ],
)
def test_cli_usage_errors_exit_2_with_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Nothing on stdout, one line on stderr, exit 2."""
    code, out, err = _cli(tmp_path, *argv, capsys=capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1


def test_cli_on_a_missing_root_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A corpus problem is exit 1."""
    code, out, err = _cli(tmp_path / "nope", "recall", capsys=capsys)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1


def test_editing_hostile_yaml_is_refused_not_crashed() -> None:
    """A rewrite of a file whose YAML nests too deeply is an InputError, never a crash."""
    from govmem import InputError
    from govmem.parse.yamledit import set_keys

    text = "key: " + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(InputError, match="not YAML govmem can edit"):
        set_keys(text, None, [("status", "accepted")])
