"""Shared fixtures: where the shared material is, hypothesis profiles, git repos."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "decisions"

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("fast", max_examples=15, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def _shared_dir(env: str, default: Path) -> Path:
    value = os.environ.get(env)
    path = Path(value) if value else default
    if value and not path.is_dir():
        pytest.fail(f"{env}={value} is set but is not a folder")
    return path


SHARED = _shared_dir("GOVMEM_SHARED", REPO.parent / "shared")
CORPORA = _shared_dir("GOVMEM_CORPORA", SHARED / "corpora")


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The real ADR folders of `shared/corpora` (required)."""
    if not CORPORA.is_dir():
        pytest.fail(f"the shared corpora are missing at {CORPORA}; set GOVMEM_CORPORA")
    return CORPORA


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared folder (seeds, notes, adrkit conformance answers)."""
    if not SHARED.is_dir():
        pytest.fail(f"the shared folder is missing at {SHARED}; set GOVMEM_SHARED")
    return SHARED


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


@pytest.fixture
def example_repo(tmp_path: Path) -> Path:
    """A copy of the example corpus in a fresh git repository, committed once."""
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLE, root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "example corpus", date="2026-03-15T12:00:00Z")
    return root
