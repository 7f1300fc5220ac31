"""The first load begun before the SDK's imports (`LiveCorpus.begin`): its stat walk forked.

What begins early must answer as a load begun at the first call does: the
snapshot restored when nothing changed, and a change made after `begin` (while
the walk ran, or after it) seen by the first call, never a stale snapshot.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

import govmem
from govmem.shell import snapshot as _snapshot
from govmem.shell.stamp import settled
from govmem.testing import settle
from govmem_mcp._state import LiveCorpus

WINDOW = 50_000_000
"""A racily-clean window of 50 ms, so that `settle` waits that long."""


@pytest.fixture(autouse=True)
def _warm(example_repo: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A parse cache of the test's own holding the example's snapshot."""
    if threading.active_count() > 1:  # pragma: no cover - no fork then: nothing to test
        pytest.skip("another test left a thread running in this process")
    monkeypatch.setattr(
        _snapshot, "settled", lambda changed_ns, since_ns: settled(changed_ns, since_ns, WINDOW)
    )
    settle(example_repo, window_ns=WINDOW)
    first = LiveCorpus(example_repo, watch="inotify")
    first.current()
    first.close()


def _begun(root: Path) -> LiveCorpus:
    state = LiveCorpus(root, watch="inotify")
    assert state.begin()
    assert state.watch_kind == "inotify"
    assert not state.begin()  # once
    return state


def _same_as_fresh(state: LiveCorpus, root: Path) -> govmem.Corpus:
    corpus = state.current()
    fresh = govmem.load(root)
    assert corpus == fresh
    assert corpus.findings == fresh.findings
    assert corpus.health.to_dict() == fresh.health.to_dict()
    return corpus


def test_a_begun_load_restores_the_snapshot(example_repo: Path) -> None:
    state = _begun(example_repo)
    try:
        _same_as_fresh(state, example_repo)
        assert state._reloader is not None
        assert state._reloader._loader.cache_counts.snapshots == 1
        assert state.reloads == 1
    finally:
        state.close()


def test_a_change_after_begin_is_seen_by_the_first_call(example_repo: Path) -> None:
    state = _begun(example_repo)
    try:
        time.sleep(0.3)  # the walk has run: it saw the file before the edit below
        path = example_repo / "docs/adr/024.md"
        path.write_text(path.read_text().replace("value: PostgreSQL", "value: MariaDB"))
        corpus = _same_as_fresh(state, example_repo)
        assert "MariaDB" in [r.value for r in corpus.records]
    finally:
        state.close()


def test_close_before_the_first_call_stops_the_walk(example_repo: Path) -> None:
    state = _begun(example_repo)
    state.close()
    assert state._reloader is not None
    assert state._reloader._prewalk is None
