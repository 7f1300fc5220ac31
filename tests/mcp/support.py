"""Helpers of the MCP adapter tests (the fixtures are in `plugin`)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

SEED_QUESTION = "Quale database è approvato per i nuovi servizi?"


def git(cwd: Path, *args: str, date: str | None = None) -> str:
    """Run git in `cwd` with a fixed identity (and commit date, when given)."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.org",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.org",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    out = subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def structured(result: Any) -> dict[str, Any]:
    """The structured content of a successful tool result."""
    assert not result.is_error, result.content
    out: dict[str, Any] = result.structured_content
    return out


def text(result: Any) -> str:
    """`content[0].text`."""
    value: str = result.content[0].text
    return value
