"""log4brains 1.1.0 builds a site from a folder govmem wrote into, with each record's status.

One build for the session (about a minute): log4brains' own ADRs
(`tests/data/corpora/log4brains`), a `template.md` in log4brains' form, and
three records govmem wrote — a person's proposal, a person's accepted record
that supersedes one of log4brains' ADRs, and an agent's proposal. The
site's `adrs.json` lists them with their titles and statuses, and the
superseded ADR as superseded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import govmem
from tests.conftest import CORPORA, git

from .tools import log4brains_bin

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
OLD = "20200924-use-markdown-architectural-decision-records"
TEMPLATE = (
    "# [short title of solved problem and solution]\n\n"
    "- Status: [draft | proposed | rejected | accepted | deprecated | … | superseded by [xxx](yyyymmdd-xxx.md)]\n"
    "- Deciders: [list everyone involved in the decision] <!-- optional -->\n"
    "- Date: [YYYY-MM-DD when the decision was last updated] <!-- optional -->\n\n"
    "## Context and Problem Statement\n\n[Describe the context and problem statement.]\n\n"
    '## Decision Outcome\n\nChosen option: "[option 1]", because [justification].\n\n'
    "## Links <!-- optional -->\n\n- [Link type] [Link to ADR] <!-- example: Refined by [xxx](yyyymmdd-xxx.md) -->\n"
)


@pytest.fixture(scope="session")
def site(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, dict[str, str], list[dict[str, Any]]]:
    """(root, {what: path} of the records govmem wrote, the site's adrs.json)."""
    binary = log4brains_bin()
    root = tmp_path_factory.mktemp("log4brains") / "project"
    adr = root / "docs" / "adr"
    shutil.copytree(CORPORA / "log4brains" / "docs" / "adr", adr)
    (adr / "template.md").write_text(TEMPLATE, encoding="utf-8")
    (root / ".log4brains.yml").write_text(
        "project:\n  name: govmem test\n  tz: Etc/UTC\n  adrFolder: ./docs/adr\n", encoding="utf-8"
    )
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "log4brains ADRs", date="2026-05-01T12:00:00Z")
    written = {
        "proposed": govmem.new_decision(
            root, "Use Redis for caching", decision="We will cache sessions in Redis.", now=NOW
        ).path,
        "accepted": govmem.new_decision(
            root,
            "Write ADRs in MADR 3",
            decision="We will write new ADRs in MADR 3.",
            supersedes=[OLD],
            status="accepted",
            now=NOW,
        ).path,
        "agent": govmem.propose_from_agent(
            root,
            {
                "title": "Search with Pagefind",
                "decision": "Pagefind replaces Lunr.",
                "request_id": "r-1",
            },
            now=NOW,
        ).path,
    }
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "govmem records", date="2026-05-04T12:00:00Z")
    out = root.parent / "site"
    env = {**os.environ, "NEXT_TELEMETRY_DISABLED": "1", "CI": "1"}
    done = subprocess.run(
        [binary, "build", "--out", str(out)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    found = sorted(out.glob("data/*/adrs.json"))
    assert len(found) == 1, found
    return root, written, json.loads(found[0].read_text(encoding="utf-8"))


def test_log4brains_builds_a_site_with_each_record_govmem_wrote_and_its_status(
    site: tuple[Path, dict[str, str], list[dict[str, Any]]],
) -> None:
    root, written, adrs = site
    by_slug = {a["slug"]: a for a in adrs}
    expected = {
        "proposed": ("Use Redis for caching", "proposed"),
        "accepted": ("Write ADRs in MADR 3", "accepted"),
        "agent": ("Search with Pagefind", "proposed"),
    }
    for what, path in written.items():
        slug = Path(path).stem
        assert slug.startswith("20260504-"), path
        assert (by_slug[slug]["title"], by_slug[slug]["status"]) == expected[what]
    assert by_slug[OLD]["status"] == "superseded"
    corpus = govmem.load(root)
    statuses = {r.path: f.status for r, f in zip(corpus.records, corpus.facts, strict=True)}
    assert statuses[f"docs/adr/{OLD}.md"] == "superseded"
    assert [statuses[p] for p in written.values()] == ["proposed", "accepted", "proposed"]
