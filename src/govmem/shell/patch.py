"""A reload that patches the changed files' records into the last corpus, when that is the
same value as building it again (`patched`)."""

from __future__ import annotations

from typing import Final

from attrs import asdict, evolve, frozen

from govmem._corpus import Corpus
from govmem.index.memo import Memo
from govmem.model.records import Finding, Record
from govmem.parse.file import ParsedFile

Frame = tuple[str, dict[str, str], tuple[str, ...], list[Finding], int]
"""What a corpus is built from besides the parsed files: config text, folder scopes, the
folders read, every file-level finding (config, plan, unreadable files, parsing) and the
excluded count."""

PATCH_LIMIT: Final = 16
"""Most changed files the patch path takes; beyond, the corpus is built again."""
_LOOSE_FIELDS: Final = frozenset(
    {"body", "frontmatter", "content", "value", "confidence", "authority", "evidence", "affects"}
)
"""Record fields no between-record fact depends on (`build_index` never reads them)."""


@frozen
class Built:
    corpus: Corpus
    frame: Frame
    parsed: dict[str, ParsedFile]


def patched(
    last: Built | None, frame: Frame, parsed: dict[str, ParsedFile], digest: str
) -> Corpus | None:
    """The last corpus with the changed files' records swapped in, when that is the same value.

    After an edit of a decision's or claim's prose (body, content, value,
    confidence, authority, evidence, affects) every derived fact of
    `build_index` — order, scopes, topics, refs, supersession, memory
    versions, between-record findings — is what it was, so only the records
    change; the corpus's lazy indexes (`Corpus.memo`) start empty. Anything
    else (a file added or removed, a changed id, status, date, link, title or
    topic, a memory, a source, a relation, different findings) returns None:
    build it again. tests/shell/test_load.py checks the result equals a full build.
    """
    if last is None or last.frame != frame or last.parsed.keys() != parsed.keys():
        return None
    changed = [p for p, new in parsed.items() if new is not last.parsed[p]]
    if not changed or len(changed) > PATCH_LIMIT:
        return None
    swaps: dict[tuple[str, str | None, int], Record] = {}
    for path in changed:
        old, new = last.parsed[path], parsed[path]
        if (
            old.sources != new.sources
            or old.relations != new.relations
            or old.skipped != new.skipped
            or len(old.records) != len(new.records)
        ):
            return None
        for a, b in zip(old.records, new.records, strict=True):
            if a.kind not in ("decision", "claim") or _shape(a) != _shape(b):
                return None
            swaps[(a.id, a.path, a.index)] = b
    records = list(last.corpus.records)
    for pos, rec in enumerate(records):
        new_rec = swaps.get((rec.id, rec.path, rec.index))
        if new_rec is not None:
            records[pos] = new_rec
    health = evolve(last.corpus.health, fingerprint=digest)
    return evolve(last.corpus, records=tuple(records), health=health, memo=Memo())


def _shape(rec: Record) -> dict[str, object]:
    """A record without its loose fields: what `build_index` reads of it."""
    return {k: v for k, v in asdict(rec, recurse=False).items() if k not in _LOOSE_FIELDS}
