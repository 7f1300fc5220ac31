"""Two real git repositories for the federated-log tests (SPEC v5 §2, docs/federation.md).

`platform`: `1` "Log JSON to stdout" on `all` (topic logging), `2`
"PostgreSQL for new services" (topic database). `service`: `logs:
{platform: {path: ../platform}}`, `1` a local exception on `batch` (plain
text logs), `2` SQLite, superseding `platform:2`, and `3` naming a log that
is not configured (`core:7`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from tests.conftest import git

PLATFORM: Final = {
    "govmem.yaml": "topics:\n  logging: {aliases: [logs]}\n  database: {aliases: [db]}\n",
    "docs/adr/0001-log-json.md": (
        "---\nid: '1'\ntitle: Log JSON to stdout\nstatus: accepted\ndate: 2025-01-10\n"
        "topic: logging\nvalue: JSON to stdout\n---\n# Log JSON to stdout\n\n"
        "All services log JSON lines to stdout.\n"
    ),
    "docs/adr/0002-postgresql.md": (
        "---\nid: '2'\ntitle: PostgreSQL for new services\nstatus: accepted\n"
        "date: 2025-02-01\ntopic: database\nvalue: PostgreSQL\n---\n"
        "# PostgreSQL for new services\n\nNew services store their data in PostgreSQL.\n"
    ),
}
SERVICE: Final = {
    "govmem.yaml": (
        "logs:\n  platform: {path: ../platform, scope: all}\n"
        "scopes:\n  all:\n    batch: {}\n"
        "topics:\n  logging: {}\n  database: {}\n"
    ),
    "docs/adr/0001-batch-plain-logs.md": (
        "---\nid: '1'\ntitle: Batch jobs log plain text\nstatus: accepted\ndate: 2025-03-01\n"
        "topic: logging\nvalue: plain text\nscope: batch\n---\n# Batch jobs log plain text\n\n"
        "Batch jobs write plain text logs; their scheduler cannot parse JSON.\n"
    ),
    "docs/adr/0002-sqlite.md": (
        "---\nid: '2'\ntitle: SQLite for this service\nstatus: accepted\ndate: 2025-04-01\n"
        "topic: database\nvalue: SQLite\nsupersedes: platform:2\n---\n"
        "# SQLite for this service\n\nThis service embeds SQLite instead of PostgreSQL.\n"
    ),
    "docs/adr/0003-queue.md": (
        "---\nid: '3'\ntitle: A queue for jobs\nstatus: accepted\ndate: 2025-05-01\n"
        "relates_to: core:7\n---\n# A queue for jobs\n\nJobs go through a queue.\n"
    ),
}


def write_repo(root: Path, files: dict[str, str]) -> Path:
    """`files` written under `root`, committed in a new git repository."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "decisions", date="2025-06-01T12:00:00Z")
    return root


def make_repos(tmp: Path) -> tuple[Path, Path]:
    """(platform, service), side by side under `tmp`."""
    return write_repo(tmp / "platform", PLATFORM), write_repo(tmp / "service", SERVICE)
