"""Freshness: a change completed before a call is visible to it; no reload when nothing changed."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from govmem import CorpusUnavailable, Loader
from govmem.shell import files as _files
from govmem.shell.files import FileText
from govmem_mcp._state import LiveCorpus

from .support import git

pytest_plugins = ["tests.mcp.plugin"]


@pytest.fixture(params=["inotify", "stat"])
def live(request: pytest.FixtureRequest, example_repo: Path) -> Iterator[LiveCorpus]:
    state = LiveCorpus(example_repo, watch=request.param)
    state.current()
    assert state.watch_kind == request.param
    yield state
    state.close()


def test_no_reload_when_nothing_changed(
    live: LiveCorpus, settle: Callable[[LiveCorpus], None]
) -> None:
    settle(live)
    before = live.reloads
    corpus = live.current()
    for _ in range(50):
        assert live.current() is corpus
    assert live.reloads == before


def test_an_edit_is_seen_by_the_next_call(
    live: LiveCorpus, example_repo: Path, settle: Callable[[LiveCorpus], None]
) -> None:
    settle(live)
    adr = example_repo / "docs/adr/024.md"
    old = live.current()
    adr.write_text(adr.read_text().replace("value: PostgreSQL", "value: MariaDB"))
    new = live.current()
    assert new.health.fingerprint != old.health.fingerprint
    assert "MariaDB" in [r.value for r in new.records]


def test_same_size_same_tick_rewrite_is_seen(live: LiveCorpus, example_repo: Path) -> None:
    adr = example_repo / "docs/adr/024.md"
    text = adr.read_text()
    adr.write_text(text.replace("value: PostgreSQL", "value: PostgreSQX"))
    assert "PostgreSQX" in [r.value for r in live.current().records]
    st = adr.stat()
    adr.write_text(text.replace("value: PostgreSQL", "value: PostgreSQY"))
    os.utime(adr, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same mtime
    assert "PostgreSQY" in [r.value for r in live.current().records]


def test_added_removed_and_renamed_files(live: LiveCorpus, example_repo: Path) -> None:
    count = live.current().health.record_count
    extra = example_repo / "memory" / "more.yaml"
    extra.write_text("kind: claim\nid: c-9\ntopic: database\nvalue: Oracle\ncontent: x\n")
    assert live.current().health.record_count == count + 1
    extra.rename(example_repo / "memory" / "renamed.yaml")
    assert live.current().health.record_count == count + 1
    (example_repo / "memory" / "renamed.yaml").unlink()
    assert live.current().health.record_count == count


def test_new_folder_and_config_change(live: LiveCorpus, example_repo: Path) -> None:
    sub = example_repo / "docs/adr/archive"
    sub.mkdir()
    (sub / "030.md").write_text(
        "---\nid: adr-030\ntopic: cache\nvalue: Redis\nstatus: accepted\n---\n"
    )
    assert "adr-030" in [r.id for r in live.current().records]
    (sub / "031.md").write_text("---\nid: adr-031\ntopic: queue\nstatus: accepted\n---\n")
    assert "adr-031" in [r.id for r in live.current().records]
    cfg = example_repo / "govmem.yaml"
    cfg.write_text(
        cfg.read_text().replace("paths: [docs/adr, memory, sources]", "paths: [docs/adr]")
    )
    assert "claim-chat-dynamodb" not in [r.id for r in live.current().records]


def test_folder_removed_and_restored(live: LiveCorpus, example_repo: Path) -> None:
    n = live.current().health.record_count
    shutil.move(example_repo / "docs/adr", example_repo / "adr-away")
    assert live.current().health.record_count < n
    shutil.move(example_repo / "adr-away", example_repo / "docs/adr")
    assert live.current().health.record_count == n


def test_git_commit_refreshes_git_dates(live: LiveCorpus, example_repo: Path) -> None:
    undated = example_repo / "docs/adr/040.md"
    undated.write_text("---\nid: adr-040\ntopic: cache\nvalue: Redis\nstatus: accepted\n---\n")
    assert live.current().facts[_position(live, "adr-040")].valid_from is None
    git(example_repo, "add", "-A")
    git(example_repo, "commit", "-qm", "add 040", date="2026-05-05T10:00:00Z")
    assert str(live.current().facts[_position(live, "adr-040")].valid_from).startswith("2026-05-05")


def _position(live: LiveCorpus, rid: str) -> int:
    return live.current().by_id(rid)[0]


def test_a_root_that_loses_its_git_entry_is_served_with_a_no_git_finding(
    live: LiveCorpus, example_repo: Path
) -> None:
    """Without `.git` the corpus is still served, with `no-git`; the entry back, the finding goes."""
    assert "no-git" not in _codes(live)
    shutil.move(example_repo / ".git", example_repo / "git-away")
    assert "no-git" in _codes(live)
    assert live.current().health.record_count > 0
    shutil.move(example_repo / "git-away", example_repo / ".git")
    assert "no-git" not in _codes(live)


def _codes(live: LiveCorpus) -> set[str]:
    return {f.code for f in live.current().findings}


def test_root_problems_are_corpus_unavailable(live: LiveCorpus, example_repo: Path) -> None:
    moved = example_repo.with_name("moved-away")
    example_repo.rename(moved)
    with pytest.raises(CorpusUnavailable) as err:
        live.current()
    assert err.value.reason == "root-not-found"
    moved.rename(example_repo)
    assert live.current().health.record_count > 0


def test_changes_during_every_load_give_up(
    example_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = LiveCorpus(example_repo, watch="inotify")
    adr = example_repo / "docs/adr/024.md"
    real = Loader.files

    def touching(self: object, *args: object, **kw: object) -> object:
        adr.write_text(adr.read_text() + "\n")
        return real(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Loader, "files", touching)
    with pytest.raises(CorpusUnavailable) as err:
        state.current()
    assert err.value.reason == "corpus-changed-during-load"
    monkeypatch.setattr(Loader, "files", real)
    assert state.current().health.record_count > 0
    state.close()


def test_only_changed_files_are_read(
    live: LiveCorpus,
    example_repo: Path,
    monkeypatch: pytest.MonkeyPatch,
    settle: Callable[[LiveCorpus], None],
) -> None:
    settle(live)
    reads: list[str] = []
    real = _files.read_file

    def spy(root: Path, rel: str, **options: Any) -> FileText:
        reads.append(rel)
        return real(root, rel, **options)

    monkeypatch.setattr(_files, "read_file", spy)
    adr = example_repo / "docs/adr/011.md"
    adr.write_text(adr.read_text().replace("MongoDB resta", "MongoDB rimane"))
    live.current()
    # the config is read again on every full reload (one small file, through the same guards)
    assert [r for r in reads if r != "govmem.yaml"] == ["docs/adr/011.md"]
