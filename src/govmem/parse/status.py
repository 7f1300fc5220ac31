"""Statuses as written -> a status class, and the refs a status line names.

Real ADRs write their status as free text (SPEC §2 "Statuses"): `✅ Accepted`,
`**Accepted**`, `Accepted (PR [#2897])`, `Approved by @someone`,
`superseded by [ADR-0018](./0018-x.md)`, `accepted; supersedes ADR-0045`.
`read_status` reads the *leading words* of such a text, after dropping
emoji, markup, link targets and HTML comments, and case: the longest known
spelling they start with decides the class; trailing words are ignored.
Anything else is `unknown` and never assumed accepted: an empty text, an
unfilled template (`{Proposed|Accepted}`, `[ accepted | deprecated | … ]`),
or prose (`The two points above have been implemented`).

The printed label is the class, except that a written `approved` prints
`approved` and a written `draft` prints `draft`.

`read_refs` finds the relations a text states: full supersession in both
directions (`Superseded by X`, `Replaced by X`, `Obsoleted by X`, `Supersedes`/`Supercedes X`,
`Replaces X`, `Obsoletes X` (RFC's word), and a status word followed straight by a link to a file,
`⌛️ Superseded [0019](0019-x.md)`), and the links that are not supersessions — `Amends` /
`Amended by`, `Partly superseded by` / `Partially supersedes`, `Partly undo`,
`Rejected in favour of X`. A ref is kept as written: the target file name
of a link as written, fragment dropped (`0007-use-x.md`, `./0018-x.md`,
`../../docs/adr/x.md`, a URL), else the id-like text (`ADR-021`, `0007`).
Resolution against the corpus happens later.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

from attrs import frozen

from govmem.model.records import Link
from govmem.model.status import LABELS, STATUS_CLASSES
from govmem.model.text import fold

_SPELLINGS: Final[dict[str, str]] = {
    **dict.fromkeys(
        (
            "accepted",
            "accept",
            "active",
            "approved",
            "adopted",
            "stable",
            "implemented",
            "done",
            "completed",
            "final",
            "decided",
            "partially accepted",
            "partly accepted",
            "partly superseded",
            "partially superseded",
        ),
        "accepted",
    ),
    **dict.fromkeys(
        (
            "proposed",
            "proposal",
            "draft",
            "pending",
            "in review",
            "under review",
            "discussed",
            "incomplete",
            "in progress",
            "work in progress",
            "tbd",
        ),
        "proposed",
    ),
    **dict.fromkeys(("rejected", "declined"), "rejected"),
    **dict.fromkeys(("superseded", "superceded", "replaced", "obsoleted"), "superseded"),
    **dict.fromkeys(("deprecated", "obsolete", "outdated", "retired", "reverted"), "deprecated"),
    **dict.fromkeys(("revoked", "withdrawn"), "revoked"),
}
"""Built-in spellings (folded words) and their class."""

_LABELS: Final = {label: label for label in LABELS}

_COMMENT: Final = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_TEXT: Final = r"(?:[^\[\]\n]|\[[^\[\]\n]*\]){0,500}"
_TARGET: Final = r"[^()\s<>]{0,1000}"
_TITLE: Final = r"(?:\s+(?:\"[^\"\n]{0,500}\"|'[^'\n]{0,500}'))?"
# Bounded repeats and no nested brackets: linear time on any text.
_LINK: Final = re.compile(r"!?\[(" + _TEXT + r")\]\(\s*<?(" + _TARGET + r")>?" + _TITLE + r"\s*\)")
_REF_LINK: Final = re.compile(r"\[([^\[\]]+)\]\[([^\[\]]*)\]")
_SHORTCODE: Final = re.compile(r":[a-z0-9_+-]+:")
_WORDS: Final = re.compile(r"[a-z]+")
_TEMPLATE: Final = re.compile(r"\{[^{}]*\}|\|")


@frozen
class StatusReading:
    """A status class and how it prints."""

    status: str
    """One of `STATUS_CLASSES`."""
    label: str
    """The class, or `approved` / `draft` when so written."""


UNKNOWN: Final = StatusReading("unknown", "unknown")


@frozen
class StatusRefs:
    """The relations a status text (or title, or changelog line) states."""

    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()
    links: tuple[Link, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    """(ref, the link text written with it): `[AD045: Remove forms-api](ADR045-x.md)`."""


def _drop_marks(text: str) -> str:
    """Remove emoji, pictographs and variation selectors, keep letters and punctuation."""
    kept = []
    for c in text:
        cat = unicodedata.category(c)
        if cat in ("So", "Sk", "Cs", "Co", "Cn") or (cat == "Mn" and 0xFE00 <= ord(c) <= 0xFE0F):
            kept.append(" ")
        else:
            kept.append(c)
    return "".join(kept)


def plain_text(text: str) -> str:
    """Status text without HTML comments, link targets, emoji or emphasis markers."""
    text = _COMMENT.sub(" ", text)
    text = _LINK.sub(lambda m: m[1], text)
    text = _REF_LINK.sub(lambda m: m[1], text)
    text = _SHORTCODE.sub(" ", text)
    text = _drop_marks(text).replace("*", " ").replace("`", " ").replace("_", " ")
    return " ".join(text.split())


@lru_cache(maxsize=64)
def _table(extra: tuple[tuple[str, str], ...]) -> dict[tuple[str, ...], str]:
    table = {tuple(_WORDS.findall(s)): c for s, c in _SPELLINGS.items()}
    for spelling, cls in extra:
        words = tuple(_WORDS.findall(fold(spelling)))
        if words and cls in STATUS_CLASSES:
            table[words] = cls
    return table


def is_template(text: str) -> bool:
    """An unfilled template: `{Proposed|Accepted}`, `[ accepted | deprecated | … ]`."""
    return bool(_TEMPLATE.search(_COMMENT.sub(" ", text)))


_RELATION_WORDS: Final = frozenset(("by", "in", "of", "to"))
"""A class word followed by one of these names a relation (`superseded by X`), not a choice."""


def _mentions(words: list[str], table: Mapping[tuple[str, ...], str]) -> list[tuple[str, int, int]]:
    """The status spellings in `words`: (class, start, end), longest match first."""
    found: list[tuple[str, int, int]] = []
    i = 0
    while i < len(words):
        for n in range(min(3, len(words) - i), 0, -1):
            cls = table.get(tuple(words[i : i + n]))
            if cls is not None:
                if words[i + n : i + n + 1] and words[i + n] in _RELATION_WORDS:
                    i += n
                    break
                found.append((cls, i, i + n))
                i += n
                break
        else:
            i += 1
    return found


def offers_alternatives(words: list[str], table: Mapping[tuple[str, ...], str]) -> bool:
    """An unfilled template (SPEC v5 §2): classes offered as choices, or a list of valid statuses.

    `Accepted or Rejected`, `Proposed | Accepted`, `proposed/accepted`,
    `"Proposed", "Accepted", "Rejected"`, `Valid ADR statuses are: …`. Two
    different classes next to each other, or joined only by `or`, are
    choices; `Deprecated, replaced by X` is one class and a relation.
    """
    if "statuses" in words:
        return True
    mentions = _mentions(words, table)
    for (a, _, end), (b, start, _) in itertools.pairwise(mentions):
        if a != b and set(words[end:start]) <= {"or", "either"}:
            return True
    return False


def is_unfilled(text: str, extra: tuple[tuple[str, str], ...] = ()) -> bool:
    """Whether a written status is an unfilled template: braces, bars, or a choice of classes."""
    words = _WORDS.findall(fold(plain_text(text)))
    return is_template(text) or offers_alternatives(words, _table(extra))


@lru_cache(maxsize=4096)
def read_status(text: str | None, extra: tuple[tuple[str, str], ...] = ()) -> StatusReading:
    """Normalise a written status to its class (SPEC §2 "Statuses").

    Args:
        text: the status as written, e.g. `⌛️ Superseded by [036](036-x.md)`.
        extra: more spellings, `(spelling, class)`, from `govmem.yaml` `statuses:`.

    Returns:
        The class and its label; `UNKNOWN` for no text, a template or prose.
    """
    if not text or is_template(text):
        return UNKNOWN
    words = _WORDS.findall(fold(plain_text(text)))
    if words[:1] == ["status"]:
        words = words[1:]
    table = _table(extra)
    if offers_alternatives(words, table):
        return UNKNOWN
    for n in range(min(len(words), 3), 0, -1):
        cls = table.get(tuple(words[:n]))
        if cls is not None:
            spelling = " ".join(words[:n])
            return StatusReading(cls, _LABELS.get(spelling, cls) if n == 1 else cls)
    return UNKNOWN


_DRAFT_LINE: Final = re.compile(r"^(?:initial|first)\s+draft\b", re.IGNORECASE)
_MARKED: Final = re.compile(
    r"\bmark(?:ed)?\s+(?:it\s+|this\s+)?as\s+(?P<w>.+)$|\bapprove(?:d)?\s+(?:the\s+)?adr\b",
    re.IGNORECASE,
)
_SET_TO: Final = re.compile(
    r"^(?:(?:set|move[ds]?|change[ds]?|update[ds]?)\s+(?:the\s+)?(?:status\s+)?(?:as|to)\s+)",
    re.IGNORECASE,
)


def change_status(text: str, extra: tuple[tuple[str, str], ...] = ()) -> str | None:
    """The status class a changelog line sets, if it sets one.

    `Mark as rejected in favour of ADR-101`, `Reverted`, `Implemented`,
    `… and mark as accepted`, `approve ADR`, `Initial draft`; None for
    `Update based on review feedback`.
    """
    plain = plain_text(text)
    if _DRAFT_LINE.match(plain):
        return "proposed"
    m = _MARKED.search(plain)
    candidate = (m["w"] or "approved") if m else _SET_TO.sub("", plain)
    status = read_status(candidate, extra).status
    return None if status == "unknown" else status


@frozen
class RecordStatuses:
    """Every status a record writes, read at once (`read_statuses`)."""

    reading: StatusReading
    """What its status says (the first place that writes one, or the configured default)."""
    unfilled: bool
    """That status reads as unknown because it is an unfilled template."""
    later: tuple[str, ...]
    """The class each later status place says (`unknown` when none)."""
    changes: tuple[str | None, ...]
    """The class each changelog line sets, if it sets one (`change_status`)."""


def read_statuses(
    given: str | None,
    written: str | None,
    later: Sequence[str],
    changes: Sequence[str],
    extra: tuple[tuple[str, str], ...] = (),
) -> RecordStatuses:
    """A record's statuses (SPEC v5 §2 "The metadata block"): `given`, the status it is read
    with (`written`, the one its first place writes, or a default), each of the `later`
    places' texts and each of its changelog lines, `extra` spellings from `govmem.yaml`."""
    reading = read_status(given, extra)
    unfilled = reading.status == "unknown" and written is not None and is_unfilled(written, extra)
    return RecordStatuses(
        reading,
        unfilled,
        tuple([read_status(text, extra).status for text in later]) if later else (),
        tuple([change_status(text, extra) for text in changes]) if changes else (),
    )


_PARTLY: Final = (
    r"(?:partly|partially|in\s+part"
    r"|(?:parts?|some)\s+of\s+(?:this|the|it)(?:\s+(?:adr|decision|record|rfc|document))?"
    r"(?:\s+(?:were|was|are|is|have\s+been|has\s+been))?)\s+"
)
"""What says a relation holds for a part: `partly`, or `Parts of this ADR were …`
(celestia-app 006)."""
_PHRASES: Final[tuple[tuple[str, str], ...]] = (
    (_PARTLY + r"(?:superseded|superceded|replaced)\s+by", "partly-superseded-by"),
    (_PARTLY + r"(?:supersedes?|supercedes?|replaces?)", "partly-supersedes"),
    (_PARTLY + r"undone\s+by", "partly-undone-by"),
    (_PARTLY + r"(?:undo(?:es)?|undid|reverts?)", "partly-undoes"),
    (r"amended\s+by", "amended-by"),
    (r"amends", "amends"),
    (r"(?:rejected|declined)\s+in\s+favou?r\s+of", "rejected-in-favour-of"),
    (r"(?:rejected|declined)\s*\(\s*see", "rejected-in-favour-of"),
    (r"(?:superseded|superceded|replaced|obsoleted)\s*(?:\(\s*)?by", "superseded-by"),
    (r"(?:superseded|superceded|replaced|obsoleted)(?=\s*:?\s*\[)", "superseded-link"),
    (r"(?:supersedes|supercedes|replaces|obsoletes)", "supersedes"),
)
PARTIAL_KINDS: Final = frozenset(
    (
        "partly-superseded-by",
        "partly-supersedes",
        "partly-undone-by",
        "partly-undoes",
        "amends",
        "amended-by",
    )
)
"""Links that neither end validity nor join topics."""
_PHRASE: Final = re.compile(
    r"(?<![\w-])(?:" + "|".join(f"(?P<k{i}>{p})" for i, (p, _) in enumerate(_PHRASES)) + r")\b",
    re.IGNORECASE,
)
_LINK_REF: Final = (
    r"\[(?P<text>" + _TEXT + r")\]"
    r"(?:\(\s*<?(?P<url>" + _TARGET + r")>?" + _TITLE + r"\s*\)|\[(?P<label>[^\[\]\n]{0,500})\])?"
)
_ADR_REF: Final = r"(?P<adr>(?:ADR|RFC)[\s#:-]{0,2}\d+[A-Za-z]?)"
_ID_REF: Final = r"(?P<id>#?[A-Za-z0-9][\w./-]{0,200}\d[\w./-]{0,200}|[\w./-]{1,200}\.md)"
_ONE_REF: Final = re.compile(
    r"\s*(?:(?i:decisions?|records?)(?=\s*:))?\s*:?\s*(?:"
    + _LINK_REF
    + "|"
    + _ADR_REF
    + "|"
    + _ID_REF
    + ")"
)
"""A ref, after a colon or a `decision:` (`superseded by decision: [0022 …](0022-….md)`)."""
_JOIN: Final = re.compile(r"\s*(?:,|;|&|\band\b|\bor\b)\s*", re.IGNORECASE)


def _target(url: str) -> str:
    """A link target as written, without its fragment: `./0018-x.md#top` -> `./0018-x.md`."""
    path = url.split("#", 1)[0].split("?", 1)[0]
    return path or url


def _ref_of(m: re.Match[str], definitions: Mapping[str, str]) -> str | None:
    if m["text"] is not None:
        if m["url"]:
            return _target(m["url"])
        label = (m["label"] or m["text"]).strip().lower()
        if label in definitions:
            return _target(definitions[label])
        inner = plain_text(m["text"]).strip()
        return inner if re.search(r"\d", inner) else None
    ref = m["adr"] or m["id"]
    return ref.rstrip("./-") if ref else None


def _refs_after(text: str, definitions: Mapping[str, str]) -> list[tuple[str, str | None]]:
    """The refs listed at the start of `text`, each with its link text: `[a](a.md), ADR-3`."""
    refs: list[tuple[str, str | None]] = []
    pos = 0
    while (m := _ONE_REF.match(text, pos)) is not None:
        ref = _ref_of(m, definitions)
        if ref is None:
            break
        refs.append((ref, plain_text(m["text"]) if m["text"] is not None else None))
        pos = m.end()
        sep = _JOIN.match(text, pos)
        if sep is None or sep.end() == pos:
            break
        pos = sep.end()
    return refs


def is_link_line(text: str) -> bool:
    """A status paragraph that only links another record: `Supersedes [2. X](0002-x.md)`,
    `Amends […]`, `Amended by […]` — adr-tools writes them under the status, and after
    `adr new -s` a `Supersedes` line is left first, above `Superseded by`. It states no status."""
    if read_status(text).status != "unknown":
        return False
    refs = read_refs(text)
    return bool(refs.supersedes or refs.links) and not refs.superseded_by


def read_refs(
    text: str,
    *,
    partial_only: bool = False,
    definitions: Mapping[str, str] | None = None,
) -> StatusRefs:
    """The relations `text` states, each followed by its ref(s), refs as written.

    Args:
        text: a status section, an H1 title or a changelog line.
        partial_only: read only partial links and rejections in favour of
            another record (titles and changelog lines).
        definitions: reference-style link definitions of the document,
            lower-cased label -> target (`[adr-101]: ./adr-101-x.md`).
    """
    lines = _COMMENT.sub(" ", text).replace("**", "").replace("\\", "").splitlines()
    text = "\n".join(line for line in lines if not is_template(line))
    defs = definitions or {}
    supersedes: list[str] = []
    superseded_by: list[str] = []
    links: list[Link] = []
    texts: list[tuple[str, str]] = []
    for m in _PHRASE.finditer(text):
        kind = next(_PHRASES[i][1] for i in range(len(_PHRASES)) if m[f"k{i}"] is not None)
        if partial_only and kind not in PARTIAL_KINDS and kind != "rejected-in-favour-of":
            continue
        for ref, said in _refs_after(text[m.end() :], defs):
            if kind == "superseded-link" and "://" in ref:
                continue  # `Superseded [#12](https://…/pull/12)`: a link, not a record
            if said and said != ref:
                texts.append((ref, said))
            if kind == "supersedes":
                supersedes.append(ref)
            elif kind in ("superseded-by", "superseded-link"):
                superseded_by.append(ref)
            else:
                links.append(Link(kind, ref))
    return StatusRefs(tuple(supersedes), tuple(superseded_by), tuple(links), tuple(texts))
