"""Helpers of the MCP adapter tests (the fixtures are in `plugin`)."""

from __future__ import annotations

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
