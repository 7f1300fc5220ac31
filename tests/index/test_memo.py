"""Tests for `govmem.index.memo`: typed keys, built once, safe across threads."""

from __future__ import annotations

import threading
import time
from typing import Final

from govmem.index.memo import Key, Memo

COUNT: Final = Key[int]("test:count")
TEXT: Final = Key[str]("test:text")


def test_a_value_is_built_once_and_kept() -> None:
    """The second `get` of a key returns the first build's value without building again."""
    memo, calls = Memo(), []

    def build() -> int:
        calls.append(1)
        return len(calls)

    assert memo.get(COUNT, build) == 1
    assert memo.get(COUNT, build) == 1
    assert calls == [1]
    assert len(memo) == 1


def test_an_argument_qualifies_a_key() -> None:
    """`(key, argument)` names one value: two minds, two values."""
    memo = Memo()
    assert memo.get(TEXT, lambda: "a", "mind-a") == "a"
    assert memo.get(TEXT, lambda: "b", "mind-b") == "b"
    assert memo.get(TEXT, lambda: "c", "mind-a") == "a"


def test_a_build_may_read_another_value() -> None:
    """A build that asks the memo for another value does not deadlock (the lock is re-entrant)."""
    memo = Memo()
    assert memo.get(TEXT, lambda: str(memo.get(COUNT, lambda: 7))) == "7"


def test_threads_asking_at_once_build_a_value_once() -> None:
    """Eight threads asking for one missing value see one build and the same value."""
    memo, calls, seen = Memo(), [], []
    start = threading.Barrier(8)

    def build() -> int:
        calls.append(1)
        time.sleep(0.01)
        return 42

    def ask() -> None:
        start.wait()
        seen.append(memo.get(COUNT, build))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert calls == [1]
    assert seen == [42] * 8
