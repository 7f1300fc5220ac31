"""`govmem new` in every real folder of `tests/data/corpora`, as each writes its records.

In each folder (a copy), a new record that supersedes the folder's latest
accepted decision: it reads back proposed, with its title and the date where
the folder writes dates, the supersession pending; `lint` finds nothing new;
no other file changes. Then `approve`: the old record reads superseded by it.
"""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import pytest

import govmem
from govmem.engine.check import title_subject
from govmem.shell.write import approve
from tests.conftest import CORPORA

NOW: Final = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
FOLDERS: Final = sorted(
    [p for p in CORPORA.iterdir() if p.is_dir() and p.name != "adrkit-fixtures"]
    + [CORPORA / "adrkit-fixtures" / "adrkit-docs-adr"]
)
UNDATED: Final = frozenset(
    (
        "arachne-architecture",
        "backstage-adrs",
        "bbc-tams",
        "guardian-dcr",
        "jabref",
        "sap-cloud-sdk-js",
        "scs-standards",
        "simple-server",
        "zooniverse-fem",
    )
)
"""Folders whose latest records write no date (read from the files): nor does the new one.
(dependencytrack-hyades writes its status and date in a table, `| Status | Date | Author(s) |`:
its new record fills a hollowed copy of that table. celestia-app and cometbft date their
records only in `## Changelog` bullets: a new record gets one. sap-cloud-sdk-js writes no date
in any record; simple-server dates three records in prose (`## Date` / `October 2020
(accepted)`, a bare `September 2020` line, `Accepted on 2020-04-20`) and its latest ones not at
all.)"""


def _findings(corpus: govmem.Corpus) -> set[tuple[str, str | None, str | None, str]]:
    return {(f.code, f.path, f.id, f.message) for f in corpus.findings}


@pytest.mark.parametrize("source", FOLDERS, ids=lambda p: p.name)
def test_new_in_a_real_folder_reads_back_and_changes_nothing_else(
    source: Path, tmp_path: Path
) -> None:
    root = tmp_path / source.name
    shutil.copytree(source, root)
    folder = "docs/adr" if (root / "docs" / "adr").is_dir() else "."
    before = govmem.load(root, dir=folder)
    files = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    accepted = [
        r
        for r, f in zip(before.records, before.facts, strict=True)
        if f.status == "accepted" and r.kind == "decision" and r.path
    ]
    old = accepted[-1] if accepted else None
    # the old record by its id, or by its file stem where the id names several records
    # (sylius: `YYYY_MM_DD_topic.md` reads as the id `2024`; docs/accuracy.md, its first contact)
    ref = None
    if old is not None:
        unique = len(before.by_id(old.id)) == 1 or not old.path
        ref = old.id if unique else Path(old.path or "").stem
    done = govmem.new_decision(
        root,
        "Use Redis for caching",
        decision="We will cache sessions in Redis.",
        supersedes=[ref] if ref else [],
        dir=folder,
        now=NOW,
    )
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and p in files} == files
    corpus = govmem.load(root, dir=folder)
    pos = next(p for p, r in enumerate(corpus.records) if r.path == done.path)
    rec = corpus.records[pos]
    assert (rec.id, corpus.facts[pos].status) == (done.id, "proposed")
    assert title_subject(rec.title or "") == "Use Redis for caching"
    dated = source.name not in UNDATED
    assert rec.valid_from == (govmem.When.from_date(NOW.date()) if dated else None)
    assert _findings(corpus) == _findings(before)
    if old is None:
        return
    was = next(p for p, r in enumerate(corpus.records) if r.path == old.path)
    assert corpus.facts[was].pending == (pos,)
    approve(root, done.id, dir=folder)
    after = govmem.load(root, dir=folder)
    was = next(p for p, r in enumerate(after.records) if r.path == old.path)
    assert after.facts[was].status == "superseded"
    assert [after.records[p].id for p in after.facts[was].successors] == [done.id]
    assert _findings(after) == _findings(before)
