"""The stat walk in a forked process (`govmem.shell.prewalk`, `Reloader.prewalk`).

A prewalked start must restore exactly what a start that walks in-process
restores, and never a snapshot its files have moved on from.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from govmem import Reloader
from govmem.shell import prewalk
from govmem.shell import snapshot as _snapshot
from govmem.shell.stamp import settled
from govmem.testing import settle
from tests.conftest import EXAMPLE
from tests.shell.test_cache import _same

WINDOW = 50_000_000
"""A racily-clean window of 50 ms (`_short_window`), so that `settle` waits that long."""


@pytest.fixture(autouse=True)
def _one_thread() -> None:
    if threading.active_count() > 1:  # pragma: no cover - a fork is refused then (tested below)
        pytest.skip("another test left a thread running in this process")


@pytest.fixture
def _short_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        _snapshot, "settled", lambda changed_ns, since_ns: settled(changed_ns, since_ns, WINDOW)
    )


@pytest.fixture
def example(tmp_path: Path) -> Path:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root)
    return root.resolve()


def test_the_walk_comes_back_from_another_process() -> None:
    walk = prewalk.start(lambda: (os.getpid(), ("a.md", None), "x"))
    assert walk is not None
    got = walk.result()
    assert isinstance(got, tuple)
    assert got[0] != os.getpid()
    assert got[1:] == (("a.md", None), "x")
    assert walk.result() is None  # once


def test_a_walk_that_fails_or_cannot_be_sent_gives_none() -> None:
    def fails() -> prewalk.Marshallable:
        raise OSError("gone")

    for walk in (fails, lambda: (object(),)):
        started = prewalk.start(walk)
        assert started is not None
        assert started.result() is None


def test_a_cancelled_walk_is_reaped() -> None:
    walk = prewalk.start(lambda: tuple(range(10**6)))
    assert walk is not None
    pid = walk._pid
    assert pid is not None
    walk.cancel()
    walk.cancel()
    assert walk.result() is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped: no zombie left


def test_no_fork_while_another_thread_runs() -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert prewalk.start(lambda: 1) is None
    finally:
        stop.set()
        thread.join()


def _reloader(root: Path, *, walk_first: bool, cache: bool = True) -> Reloader:
    r = Reloader(root)
    r.use_cache(cache)
    r.plan()
    if walk_first:
        assert r.prewalk() is cache
    r.read(lambda _: False, git_changed=True)
    return r


@pytest.mark.usefixtures("own_cache", "_short_window")
def test_a_prewalked_start_restores_what_a_walking_one_does(example: Path) -> None:
    settle(example, window_ns=WINDOW)
    _reloader(example, walk_first=False)  # keeps the snapshot
    walked, prewalked = (_reloader(example, walk_first=w) for w in (False, True))
    for r in (walked, prewalked):
        assert r._loader.cache_counts.snapshots == 1
        assert r.corpus is not None
    fresh = _reloader(example, walk_first=False, cache=False).corpus
    assert prewalked.corpus is not None
    assert fresh is not None
    _same(prewalked.corpus, fresh)


@pytest.mark.usefixtures("own_cache", "_short_window")
def test_a_prewalk_of_another_plan_is_dropped(example: Path) -> None:
    settle(example, window_ns=WINDOW)
    _reloader(example, walk_first=False)
    r = Reloader(example)
    r.plan()
    assert r.prewalk()
    r.plan()  # planned again (a change was seen): the walk begun is not this plan's
    r.read(lambda _: False, git_changed=True)
    assert r._prewalk is None
    assert r._loader.cache_counts.snapshots == 1
