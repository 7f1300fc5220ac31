"""The quick reload: with inotify naming only files, just those are read again.

Every case checks the live corpus equals a fresh `govmem.load` of the same
tree, and whether the quick path (`LiveCorpus._quick`) or the full one ran.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import govmem
from govmem import Corpus
from govmem_mcp._state import LiveCorpus

from .support import git

ADR = "---\nid: adr-{n}\ntopic: cache\nvalue: Redis {n}\nstatus: accepted\ndate: 2026-01-0{n}\n---\n# {n}. Cache\n\nWhy.\n"


@pytest.fixture
def live(example_repo: Path) -> Iterator[LiveCorpus]:
    state = LiveCorpus(example_repo, watch="inotify")
    state.current()
    assert state.watch_kind == "inotify"
    yield state
    state.close()


def reload(live: LiveCorpus, root: Path, *, quick: bool) -> Corpus:
    """One call after a change: the path it took, and a corpus equal to a fresh load."""
    reloads, quicks = live.reloads, live.quick_reloads
    corpus = live.current()
    assert live.reloads > reloads
    assert (live.quick_reloads > quicks) is quick
    fresh = govmem.load(root)
    assert corpus == fresh
    assert corpus.findings == fresh.findings
    assert corpus.health.to_dict() == fresh.health.to_dict()
    for topic in ("database", "cache"):
        q = f"what about {topic}?"
        # one as_of for both: without it each call reads its own clock
        held, again = (c.query(q, topic=topic, as_of="2026-09-08") for c in (corpus, fresh))
        assert held.to_dict() == again.to_dict()
    assert corpus.search_decisions("redis") == fresh.search_decisions("redis")
    return corpus


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_a_prose_edit_is_quick(live: LiveCorpus, example_repo: Path) -> None:
    edit(example_repo / "docs/adr/011.md", "MongoDB resta", "MongoDB rimane")
    reload(live, example_repo, quick=True)


def test_an_edit_of_a_derived_field_is_quick(live: LiveCorpus, example_repo: Path) -> None:
    edit(example_repo / "docs/adr/024.md", "value: PostgreSQL", "value: MariaDB")
    corpus = reload(live, example_repo, quick=True)
    assert "MariaDB" in [r.value for r in corpus.records]


def test_create_rename_and_delete_are_quick(live: LiveCorpus, example_repo: Path) -> None:
    new = example_repo / "docs/adr/050.md"
    new.write_text(ADR.format(n=5))
    assert "adr-5" in [r.id for r in reload(live, example_repo, quick=True).records]
    moved = new.rename(example_repo / "docs/adr/051.md")
    reload(live, example_repo, quick=True)
    claim = example_repo / "memory" / "more.yaml"
    claim.write_text("kind: claim\nid: c-9\ntopic: database\nvalue: Oracle\ncontent: x\n")
    reload(live, example_repo, quick=True)
    moved.unlink()
    claim.unlink()
    assert "adr-5" not in [r.id for r in reload(live, example_repo, quick=True).records]


def test_files_outside_the_corpus_change_nothing(live: LiveCorpus, example_repo: Path) -> None:
    held = live.current()
    (example_repo / "README.md").write_text("# hello\n")
    (example_repo / "docs/adr/notes.txt").write_text("not a record\n")
    (example_repo / "docs/adr/4913").write_text("")  # vim's probe file
    (example_repo / "docs/adr/4913").unlink()
    assert reload(live, example_repo, quick=True) is held


def test_an_unreadable_record_is_quick(live: LiveCorpus, example_repo: Path) -> None:
    (example_repo / "docs/adr/060.md").write_bytes(b"\x00\x01binary")
    (example_repo / "docs/adr/061.md").write_text("x" * 70_000)
    codes = {f.code for f in reload(live, example_repo, quick=True).findings}
    assert {"unreadable", "record-too-large"} <= codes


def _new_folder(root: Path) -> None:
    (root / "docs/adr/archive").mkdir()
    (root / "docs/adr/archive/070.md").write_text(ADR.format(n=7))


def _commit(root: Path) -> None:
    """An undated record committed: its date comes from git, so `.git` must be read again."""
    (root / "docs/adr/040.md").write_text(ADR.format(n=4).replace("date: 2026-01-04\n", ""))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "add 040", date="2026-05-05T10:00:00Z")


def _config(root: Path) -> None:
    edit(root / "govmem.yaml", "paths: [docs/adr, memory, sources]", "paths: [docs/adr]")


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(_new_folder, id="new-folder"),
        pytest.param(lambda root: shutil.rmtree(root / "sources"), id="folder-removed"),
        pytest.param(lambda root: (root / "docs/adr/080.md").mkdir(), id="folder-named-md"),
        pytest.param(
            lambda root: os.symlink(root / "docs/adr/024.md", root / "docs/adr/090.md"),
            id="symlink",
        ),
        pytest.param(_config, id="config"),
        pytest.param(_commit, id="git"),
    ],
)
def test_other_changes_take_the_full_path(
    live: LiveCorpus, example_repo: Path, change: Callable[[Path], object]
) -> None:
    change(example_repo)
    reload(live, example_repo, quick=False)
    edit(example_repo / "docs/adr/011.md", "MongoDB resta", "MongoDB rimane")
    reload(live, example_repo, quick=True)


def test_a_symlinked_record_is_read_again_on_a_quick_reload(
    live: LiveCorpus, example_repo: Path
) -> None:
    target = example_repo / "docs/adr/024.md"
    os.symlink(target, example_repo / "docs/adr/090.md")
    reload(live, example_repo, quick=False)
    edit(target, "value: PostgreSQL", "value: MariaDB")
    corpus = reload(live, example_repo, quick=True)
    assert [r.value for r in corpus.records].count("MariaDB") == 2
