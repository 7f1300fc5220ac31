"""Seed 002's corpus as adrkit-format files in a temporary `docs/adr/`, for the tools' tests.

So `sourcePath` reads as in the seed (`docs/adr/0007-adopt-postgres.md`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import govmem
from govmem import Corpus, Record
from govmem.model.time import parse_iso

ADOPT: Final = """---
schemaVersion: 0.1.0
id: "0007"
title: Adopt Postgres
status: accepted
date: 2026-02-01
deciders: ["@platform"]
tags: [database]
scope: backend
supersedes: ["0003"]
affects:
  - {type: path, pattern: "src/db/**"}
---
## Context
We move the primary store to PostgreSQL.
"""
MYSQL: Final = """---
schemaVersion: 0.1.0
id: "0003"
title: Use MySQL
status: superseded
date: 2024-05-12
deciders: ["@platform"]
tags: [database]
scope: backend
supersededBy: "0007"
affects:
  - {type: path, pattern: "src/db/**"}
---
## Context
MySQL was the default store.
"""
SEED: Final = {
    "docs/adr/0003-use-mysql.md": MYSQL,
    "docs/adr/0007-adopt-postgres.md": ADOPT,
    "govmem.yaml": "scopes: {all: {backend: {}, frontend: {}}}\n",
}


def _adr(rid: str, title: str, status: str, extra: str = "") -> str:
    return (
        f'---\nid: "{rid}"\ntitle: {title}\nstatus: {status}\ndate: 2026-01-01\n'
        f'deciders: ["@a"]\n{extra}---\n# {title}\n'
    )


STATES: Final = {
    **SEED,
    "docs/adr/0010-dangling.md": _adr(
        "0010", "Points at nothing", "superseded", 'supersededBy: "0099"\n'
    ),
    "docs/adr/0011-ambiguous.md": _adr(
        "0011", "Points at a twin", "superseded", 'supersededBy: "0020"\n'
    ),
    "docs/adr/0012-federated.md": _adr(
        "0012", "Points elsewhere", "superseded", 'supersededBy: "core:1"\n'
    ),
    "docs/adr/0013-bare.md": _adr("0013", "Says superseded only", "superseded"),
    "docs/adr/0020-twin-a.md": _adr("0020", "Twin A", "accepted"),
    "docs/adr/0020-twin-b.md": _adr("0020", "Twin B", "proposed"),
}


def _load(root: Path, files: dict[str, str]) -> Corpus:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return govmem.load(root)


def _ids(items: list[dict[str, Any]]) -> list[str]:
    return [i["id"] for i in items]


def _rec(rid: str, status: str, **kw: Any) -> Record:
    vf = kw.pop("valid_from", None)
    return Record(
        id=rid,
        kind=kw.pop("kind", "decision"),
        title=kw.pop("title", f"Title {rid}"),
        content=kw.pop("content", f"Content {rid}"),
        status=status,
        label=kw.pop("label", status),
        path=kw.pop("path", f"docs/adr/{rid}.md"),
        valid_from=parse_iso(vf) if vf else None,
        **kw,
    )
