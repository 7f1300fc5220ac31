"""The real ADR tools the authoring tests drive: adr-tools 3.0.0 (`adr`) and log4brains 1.1.0.

`.ci/run` installs both (Debian's `adr-tools`; log4brains from npm, outside the
repository) and sets `GOVMEM_REQUIRE_ADR_TOOLS=1` and `GOVMEM_LOG4BRAINS` to the
log4brains binary. Without them a test skips and says why; under CI a missing
tool fails the test instead.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from pathlib import Path
from typing import Final

import pytest

from govmem.cli import main
from tests.conftest import git

ADR_DATE: Final = "2026-05-04"
"""The date `adr new` writes (adr-tools reads `ADR_DATE`), and the date govmem is told it is."""


def adr_bin() -> str:
    """The `adr` command, or skip (fail under CI: `GOVMEM_REQUIRE_ADR_TOOLS=1`)."""
    found = shutil.which("adr")
    if found is None:
        why = "adr-tools is not installed (`adr` is not on PATH; .ci/run installs it)"
        if os.environ.get("GOVMEM_REQUIRE_ADR_TOOLS") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return found


def log4brains_bin() -> str:
    """The log4brains 1.1.0 binary `GOVMEM_LOG4BRAINS` names, or skip (unset) or fail (missing)."""
    value = os.environ.get("GOVMEM_LOG4BRAINS")
    if not value:
        pytest.skip("GOVMEM_LOG4BRAINS is not set (.ci/run installs log4brains 1.1.0)")
    if not Path(value).exists():
        pytest.fail(f"GOVMEM_LOG4BRAINS={value} is set but does not exist")
    return value


def adr(root: Path, *args: str) -> str:
    """Run adr-tools in `root` (no editor; `ADR_DATE` fixed); its stdout."""
    env = {**os.environ, "ADR_DATE": ADR_DATE, "EDITOR": "true", "VISUAL": "true"}
    done = subprocess.run(
        [adr_bin(), *args], cwd=root, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def five_records(root: Path) -> Path:
    """The five-record adr-tools folder of issues 51 and 52, in a git repository."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    adr(root, "init", "doc/adr")
    adr(root, "new", "Use", "PostgreSQL", "for", "new", "services")
    adr(root, "new", "Use", "Kafka", "for", "events")
    adr(root, "new", "-s", "2", "Use", "MySQL", "for", "new", "services")
    adr(root, "new", "-l", "3:Amends:Amended by", "Use", "Avro", "for", "event", "schemas")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "five records", date=f"{ADR_DATE}T12:00:00Z")
    return root


def govmem(root: Path, *argv: str) -> tuple[int, str, str]:
    """`govmem --root ROOT ARGV` in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(root), *argv])
    return code, out.getvalue(), err.getvalue()
