"""The round-trip property of `govmem new`, over every dialect of `govmem.testing.dialect_folders`.

What `new` writes reads back with its title, its `proposed` status, its date,
its number and its links both ways (`--supersedes`: a pending supersession
until it is approved, then `Superseded by` on the old record; `--amends`:
both links at once); `lint` finds nothing new; every other file of the
folder keeps its bytes. Real folders on disk, real loads.
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import govmem
from govmem import Corpus, Finding
from govmem.engine.check import title_subject
from govmem.shell.write import approve
from govmem.testing import DIALECTS, DialectFolder, dialect_folders
from govmem.testing.dialects import NEW_TITLES, SENTENCES
from tests.conftest import examples

NOW: Final = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)
SETTINGS: Final = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _findings(corpus: Corpus) -> set[tuple[str, str | None, str | None, str]]:
    return {(f.code, f.path, f.id, f.message) for f in corpus.findings if _kept(f)}


def _kept(f: Finding) -> bool:
    return f.code not in ("no-git", "git-date")


def _one(corpus: Corpus, path: str) -> int:
    hits = [p for p, r in enumerate(corpus.records) if r.path == path]
    assert len(hits) == 1, path
    return hits[0]


def _resolves(corpus: Corpus, refs: tuple[str, ...], path: str | None, target: int) -> bool:
    return any(target in corpus.resolve(ref, path) for ref in refs)


@SETTINGS
@given(
    dialect_folders(),
    st.sampled_from(NEW_TITLES),
    st.sampled_from(SENTENCES),
    st.data(),
)
def test_what_new_writes_reads_back_in_every_dialect(
    drawn: DialectFolder, title: str, decision: str, data: st.DataObject
) -> None:
    live = [r for r in drawn.records if r.status != "superseded"]
    supersede = data.draw(st.sampled_from([None, *live]), label="supersedes")
    others = [r for r in drawn.records if r is not supersede]
    amend = data.draw(st.sampled_from([None, *others]), label="amends")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        drawn.write(root)
        before = govmem.load(root)
        files = _files(root)
        done = govmem.new_decision(
            root,
            title,
            decision=decision,
            supersedes=[supersede.id] if supersede else [],
            amends=[amend.id] if amend else [],
            now=NOW,
        )
        touched = {amend.path} if amend else set()
        after_files = _files(root)
        assert set(after_files) == set(files) | {done.path}
        assert {p for p in files if files[p] != after_files[p]} == touched
        assert done.path.startswith(drawn.folder + "/")
        numbers = [r.number for r in drawn.records]
        if drawn.dialect == "log4brains":
            assert done.path.rsplit("/", 1)[1].startswith(f"{NOW:%Y%m%d}-")
        else:
            assert str(max(numbers) + 1) in done.id

        corpus = govmem.load(root)
        new = _one(corpus, done.path)
        rec, facts = corpus.records[new], corpus.facts[new]
        assert rec.id == done.id
        assert title_subject(rec.title or "") == title
        assert facts.status == "proposed"
        assert rec.valid_from == govmem.When.from_date(NOW.date())
        assert _findings(corpus) == _findings(before)
        if supersede is not None:
            old = _one(corpus, supersede.path)
            assert _resolves(corpus, rec.supersedes, rec.path, old)
            assert new in corpus.facts[old].pending
            assert corpus.facts[old].status == before.facts[_one(before, supersede.path)].status
        if amend is not None:
            old = _one(corpus, amend.path)
            assert any(
                link.kind == "amends" and old in corpus.resolve(link.ref, rec.path)
                for link in rec.links
            )
            assert any(
                link.kind == "amended-by" and new in corpus.resolve(link.ref, amend.path)
                for link in corpus.records[old].links
            )

        if supersede is None:
            return
        approve(root, done.id)
        approved = govmem.load(root)
        new = _one(approved, done.path)
        old = _one(approved, supersede.path)
        assert approved.facts[new].status == "accepted"
        assert approved.facts[old].status == "superseded"
        assert new in approved.facts[old].successors
        assert _resolves(approved, approved.records[old].superseded_by, supersede.path, new)
        assert _findings(approved) == _findings(before)
        final = _files(root)
        changed = {p for p in after_files if after_files[p] != final[p]}
        assert changed == {done.path, supersede.path}


def test_the_strategy_draws_every_dialect() -> None:
    """Each dialect is drawn (the property covers them all)."""
    seen: set[str] = set()

    @settings(max_examples=200, deadline=None, database=None)
    @given(dialect_folders())
    def collect(drawn: DialectFolder) -> None:
        seen.add(drawn.dialect)

    collect()
    assert seen == set(DIALECTS)
