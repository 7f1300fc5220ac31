"""Refs that name several records, or a file that does not exist (SPEC v5 §2 "Refs").

Real folders number two files alike (`ADR025-remove-papertrail.md` and
`ADR025-use-aasm-….md`) and link files by names they never had
(`[AD045: Remove forms-api](ADR045-use-forms-api.md)` for
`ADR045-remove-forms-api.md`). `settle_ref` resolves such a ref when the
corpus itself says which record is meant, and otherwise leaves it
ambiguous or dangling:

* **several records** — the one candidate that links back to the referring
  record (a ref of its own, or a Markdown link in its body), else the one
  whose title the ref's link text quotes; two such candidates: still
  ambiguous;
* **a file link to no file** — the record its leading number names, when
  exactly one does and the link text (if it says more than the number)
  quotes that record's title, or that record links back to the referring one
  (tdr's 0015 and 0018 name each other by files that do not exist). A ref
  written as a file name only (`Superseded by 007-x.md`, or a link whose text
  is its file name) says what its name says: its words must quote the
  record's title or be its file name's words, else it needs the link back
  (guardian-dcr's `007-multiple-sites-revisited.md` is not `007-css-in-js.md`).

Either way the resolution is reported (`info` `ref-resolved-by-number`), so
a reader can check it. Pure: it reads the records and the `RefIndex` only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from govmem.model.records import Record
from govmem.model.text import fold

from .refs import RefIndex, link_target, stem_of

_BODY_LINK: Final = re.compile(r"\]\(\s*<?([^()\s<>]{1,1000})>?(?:\s+\"[^\"\n]*\")?\s*\)")
_LEADING_ID: Final = re.compile(r"^\s*(?:[a-z]{0,5}[-_ ]?)?\d+[a-z]?(?![^\W_])\s*[.:)\-]?\s*")
"""A leading id, as `derive._TITLE_NUMBER` finds one: `3rd` or `2fa` is a word, not an id."""
_WORD: Final = re.compile(r"[a-z0-9]+")


def _words(text: str) -> tuple[str, ...]:
    """A title's words, folded, its leading number or `ADR-N:` dropped."""
    return tuple(_WORD.findall(_LEADING_ID.sub("", fold(text), count=1)))


def quotes_title(said: str, title: str) -> bool:
    """Whether a link text quotes a title: the same words, or the title's words within it."""
    want, have = _words(title), _words(said)
    if not want or not have:
        return False
    n = len(want)
    return any(have[i : i + n] == want for i in range(len(have) - n + 1))


def _is_file_link(ref: str) -> bool:
    target = link_target(ref)
    return target.lower().endswith((".md", ".markdown")) or "/" in target


def links_back(refs: RefIndex, records: Sequence[Record], pos: int, to: int) -> bool:
    """Whether record `pos` names record `to`: by one of its refs or a link in its body."""
    rec = records[pos]
    written = [
        *rec.supersedes,
        *rec.superseded_by,
        *rec.relates_to,
        *rec.conflicts_with,
        *(link.ref for link in rec.links),
    ]
    if any(to in refs.resolve_how(ref, rec.path)[0] for ref in written):
        return True
    for m in _BODY_LINK.finditer(rec.body):
        target = m[1]
        if _is_file_link(target) and to in refs.resolve_how(target, rec.path)[0]:
            return True
    return False


def settle_ref(
    refs: RefIndex, records: Sequence[Record], pos: int, ref: str, hits: tuple[int, ...], how: str
) -> tuple[tuple[int, ...], str | None]:
    """`hits` narrowed by SPEC v5 §2 "Refs", and why, when they were.

    Args:
        refs: the corpus's ref lookups.
        records: the sorted records.
        pos: the referring record.
        ref: the ref as written.
        hits, how: what `RefIndex.resolve_how` found, and by which form.

    Returns:
        (the records named, a sentence saying how when the rule resolved it).
    """
    rec = records[pos]
    said = dict(rec.ref_texts).get(ref)
    if len(hits) > 1:
        back = tuple(h for h in hits if h != pos and links_back(refs, records, h, pos))
        if len(back) == 1:
            chosen = records[back[0]]
            return back, (
                f"{ref!r} names {len(hits)} records; {chosen.id} ({chosen.path}) "
                "is the one that links back."
            )
        if said:
            quoted = tuple(h for h in hits if quotes_title(said, records[h].title))
            if len(quoted) == 1:
                chosen = records[quoted[0]]
                return quoted, (
                    f"{ref!r} names {len(hits)} records; {chosen.id} ({chosen.path}) "
                    f"is the one whose title the link text {said!r} quotes."
                )
        return hits, None
    if len(hits) == 1 and how == "number" and _is_file_link(ref):
        chosen = records[hits[0]]
        if said and _words(said) and not quotes_title(said, chosen.title):
            return _by_back_link(refs, records, pos, ref, hits)
        if not said and not _names_by_file(ref, chosen):
            return _by_back_link(refs, records, pos, ref, hits)
        by = " and its link text" if said and _words(said) else ""
        by = " and its file name" if not said and _file_words(ref) else by
        return hits, (
            f"No file {link_target(ref)!r}; its number{by} name{'' if by else 's'} "
            f"{chosen.id} ({chosen.path})."
        )
    return hits, None


def _file_words(ref: str) -> tuple[str, ...]:
    """The words of the file name a ref links, its leading number dropped: `007-x-y.md` -> x, y."""
    return _words(stem_of(link_target(ref)))


def _names_by_file(ref: str, chosen: Record) -> bool:
    """Whether a ref written as a file name only names `chosen` by its words: none but the
    number (`0007.md`), the record's title quoted, or its file name's words (`0007-use-x.md`
    for `007-use-x.md`)."""
    words = _file_words(ref)
    if not words:
        return True
    name = stem_of(link_target(ref))
    own = _words(stem_of(chosen.path)) if chosen.path else ()
    return words == own or quotes_title(name, chosen.title)


def _by_back_link(
    refs: RefIndex, records: Sequence[Record], pos: int, ref: str, hits: tuple[int, ...]
) -> tuple[tuple[int, ...], str | None]:
    """A ref to no file whose words name another record than its number: the record its number
    names only when that record links back to the referring one; else nothing (dangling)."""
    if hits[0] == pos or not links_back(refs, records, hits[0], pos):
        return (), None
    chosen = records[hits[0]]
    return hits, (
        f"No file {link_target(ref)!r}; its number names {chosen.id} ({chosen.path}),"
        " which links back."
    )
