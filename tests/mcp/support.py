"""Helpers of the MCP adapter tests (the fixtures are in `plugin`)."""

from __future__ import annotations

import time
from typing import Any

from tests.conftest import git

__all__ = ["SEED_QUESTION", "git", "structured", "text"]

SEED_QUESTION = "Quale database è approvato per i nuovi servizi?"


def structured(result: Any) -> dict[str, Any]:
    """The structured content of a successful tool result."""
    assert not result.is_error, result.content
    out: dict[str, Any] = result.structured_content
    return out


def text(result: Any) -> str:
    """`content[0].text`."""
    value: str = result.content[0].text
    return value


SHORT_RACY_NS = 250_000_000
"""The stat scan's racily-clean window in the tests that wait it out (`short_racy_window`):
long enough past the file system's timestamp tick (a few ms), an eighth of the real 2 s."""


def short_racy_window(monkeypatch: Any) -> None:
    """Shorten the stat scan's racily-clean window (`govmem_mcp._scan.RACY_NS`) for one
    test, so that waiting it out costs a quarter second, not two: the same code path, the
    same rule, a shorter window."""
    from govmem_mcp import _scan, _state

    monkeypatch.setattr(_scan, "RACY_NS", SHORT_RACY_NS)
    monkeypatch.setattr(_state, "RACY_NS", SHORT_RACY_NS)


def wait_racy_window() -> None:
    """Sleep past the current racily-clean window of the stat scan."""
    from govmem_mcp import _scan

    time.sleep(_scan.RACY_NS / 1e9 + 0.1)
