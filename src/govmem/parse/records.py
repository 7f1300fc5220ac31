"""A record's keys (and Markdown body) -> a `Record` with SPEC §2 defaults.

Two builders, both pure, both leaving their findings on the `FieldReader`:

* `build_decision` — decisions and claims. The status class comes from the
  written status (frontmatter `status`, else the body's `## Status` or
  `- Status:`); its refs from the same text, partial links also from the H1
  title and the changelog. Defaults: decision confidence 0.9, authority
  1.0, no status -> `govmem.yaml` `default_status` when set, else `unknown`
  with `unknown-status`; claim proposed, 0.6, 0.3, and a written
  accepted/approved on a claim is read as proposed with `invalid-field`.
  Provenance: `agent`/`agent-drafted` authored, accepted class and no
  `ratifiedBy` -> proposed.
* `build_memory` — seed 004's memories: required category, key, content
  (else `invalid-memory`, excluded); source absent -> agent; verified for a
  user unless written otherwise; confidence user 1.0 / agent 0.7; authority
  user 1.0 / agent 0.5; accepted when verified, else proposed.

A `Partly superseded` status without a ref takes the first `superseded by X`
of the body as its partial link (govuk-aws 0003 names 0033 only there).

**One pass** (`build_decision`): id and title -> the status (frontmatter,
metadata block, Status section: the first that writes one; `status-conflict`
when a later one disagrees) -> the refs (every status place, `## Links`, the
title, the changelog, whose dated lines are read here too) -> the dates
(frontmatter, the metadata block's `Date:`/`Created:` or a line that opens
with a date, the changelog's accepting line else its earliest, the updated
class, else the file's git date, `info` `git-date`) -> the record. The
configuration is read once, by each step that needs it (statuses, default
status, scopes). `valid_to`: frontmatter `valid_to`/`deprecated_at`, else —
for a deprecated or superseded record — the changelog line that deprecates,
reverts or supersedes it. docs/corpus-format.md is the rule.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from typing import Final, Literal

from attrs import frozen

from govmem.model.records import (
    MEMORY_CATEGORIES,
    PRIORITIES,
    Config,
    Kind,
    Link,
    Record,
    StatusChange,
)
from govmem.model.time import When

from .dates import BadDate, leading_date
from .fields import FieldReader
from .markdown import DATE_KEYS, UPDATED_KEYS, MarkdownDoc, body_spans_hold
from .status import RecordStatuses, StatusRefs, plain_text, read_refs, read_statuses
from .yaml import Json

_Provenance = tuple[str | None, tuple[str, ...]]
"""`_provenance`'s reading: who authored a record (lower case), who ratified it."""
_ADRKIT_LEVELS: Final = frozenset(("component", "domain", "org"))
_FM_DATES: Final = ("valid_from", "date", "created", "created_at")
_FM_UPDATED: Final = ("updated", "updated_at", "last_modified", "last_updated")
_ENDING: Final = frozenset(("deprecated", "superseded"))
_AGENTS: Final = frozenset(("agent", "agent-drafted"))
_PLACEHOLDER_TITLE: Final = re.compile(r"\s*(?:title|\[\s*title\s*\])\s*", re.IGNORECASE)
"""A title heading that is the template's word for one (sap-cloud-sdk-js' `# Title`)."""
_PARTLY_SUPERSEDED: Final = re.compile(
    r"^\W*(?:partly|partially|in\s+part)\s+(?:superseded|superceded)", re.IGNORECASE
)


def dump_json(data: Json) -> str:
    """Compact JSON, keys in written order, non-ASCII kept."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def memory_id(path: str, index: int) -> str:
    """A memory's id when it has none: `mem_` + 12 hex of sha256(`path\\0index`)."""
    return "mem_" + hashlib.sha256(f"{path}\0{index}".encode()).hexdigest()[:12]


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _unique_pairs(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(dict.fromkeys(pairs))


def _links(links: Iterable[Link]) -> tuple[Link, ...]:
    """One link per (kind, ref), keeping a dated one over an undated one."""
    best: dict[tuple[str, str], Link] = {}
    for link in links:
        key = (link.kind, link.ref)
        if key not in best or (best[key].at is None and link.at is not None):
            best[key] = link
    return tuple(best.values())


def _scope(r: FieldReader, config: Config) -> str | None:
    scope = r.text("scope")
    declared = {s.name for s in config.scopes}
    if scope is not None and scope.lower() in _ADRKIT_LEVELS and scope not in declared:
        return None
    return scope


def _provenance(r: FieldReader) -> _Provenance:
    authored, ratified = r.text("authored_by"), r.strings("ratified_by")
    found = r.raw("provenance")
    if found is not None and not isinstance(found[1], dict):
        r.warn("invalid-field", "`provenance` should be a mapping; it was ignored.", found[0])
    elif found is not None and isinstance(found[1], dict):
        sub = FieldReader(found[1], path=r.path, dialect={}, order=r.order)
        sub.id = r.id
        authored = sub.text("authored_by") or authored
        ratified = sub.strings("ratified_by") or ratified
        r.findings.extend(sub.findings)
    return (authored.lower() if authored else None), ratified


def _block_date(r: FieldReader, key: str, value: str, *, loose: bool = False) -> When | None:
    """A metadata value that opens with a date (`2024-10-31 :ghost:`); else a finding (none
    for a `loose` line, which may be any text: a line that is no date does not date)."""
    found = leading_date(value, r.order)
    if found is None:
        if loose:
            return None
        msg = (
            f"`{key.capitalize()}` is written as `{value}`, which is not a date govmem can "
            "read; it was not used."
        )
        r.warn("unreadable-date", msg, key)
        return None
    if isinstance(found[0], BadDate):
        r.warn("bad-date", f"`{key.capitalize()}:` is not a real date: {found[0].reason}.", key)
        return None
    return found[0]


def _block_dates(r: FieldReader, doc: MarkdownDoc, keys: tuple[str, ...]) -> list[When]:
    """Every readable date of the metadata block under `keys`, in key order; findings for the rest."""
    return [
        when
        for key in keys
        for k, value in doc.keys
        if k == key and (when := _block_date(r, key, value)) is not None
    ]


def _frontmatter_date(r: FieldReader, fields: tuple[str, ...]) -> When | None:
    for field in fields:
        if (when := r.when(field)) is not None:  # an unwritten field: None, and no finding
            return when
    return None


def _written_from(
    r: FieldReader, doc: MarkdownDoc, accepting: list[When], changelog: list[When]
) -> When | None:
    """`valid_from`, from the first place that dates the record (SPEC v5 §2 "Dates, in one order").

    Frontmatter, then the metadata block's `Date:` / `Created:` (or a line
    that is a date), then the changelog (its accepting line, else its
    earliest), then the updated class (`Last Modified:`, `Updated:`). Every
    date value of the metadata block is read, so none is dropped unseen.
    """
    written = _frontmatter_date(r, _FM_DATES)
    dated = _block_dates(r, doc, DATE_KEYS)
    dated += [
        when for line in doc.loose_lines if (when := _block_date(r, "date", line, loose=True))
    ]
    updated = _block_dates(r, doc, UPDATED_KEYS)
    return (
        written
        or next(iter(dated), None)
        or _earliest(accepting)
        or _earliest(changelog)
        or _frontmatter_date(r, _FM_UPDATED)
        or next(iter(updated), None)
    )


def _changes(
    r: FieldReader, doc: MarkdownDoc, sets: tuple[str | None, ...]
) -> tuple[tuple[StatusChange, ...], list[Link], list[When]]:
    """Status changes, dated partial links, and every parsable changelog date; `sets`: the
    class each dated line sets (`_dated_changes`, `read_statuses`)."""
    defs = dict(doc.definitions)
    changes: list[StatusChange] = []
    links: list[Link] = []
    dates: list[When] = []
    for line in doc.changelog:
        if isinstance(line.at, BadDate):
            msg = f"Changelog date `{line.at.text}` is not a real date: {line.at.reason}."
            r.warn("bad-date", msg, "changelog")
            continue
        dates.append(line.at)
        refs = read_refs(line.text, partial_only=True, definitions=defs)
        links += [Link(link.kind, link.ref, line.at) for link in refs.links]
        status = sets[len(dates) - 1]
        if status is not None:
            favour = [x.ref for x in refs.links if x.kind == "rejected-in-favour-of"]
            ref = favour[0] if favour and status == "rejected" else None
            changes.append(StatusChange(line.at, status, line.text, ref))
    changes.sort(key=lambda c: c.at.at)
    return tuple(changes), links, dates


def _dated_changes(doc: MarkdownDoc) -> list[str]:
    """The text of each changelog line whose date is a real one (`_changes` reads them)."""
    return [line.text for line in doc.changelog if not isinstance(line.at, BadDate)]


def _earliest(whens: Iterable[When]) -> When | None:
    return min(whens, key=lambda w: w.at, default=None)


def _shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


StatusPlace = Literal["frontmatter", "block", "section"]


def _status_places(r: FieldReader, doc: MarkdownDoc) -> list[tuple[StatusPlace, str | None]]:
    """Where a status may be written, first to last (SPEC v5 §2 "The metadata block")."""
    return [
        ("frontmatter", r.text("status")),
        ("block", doc.block_status),
        ("section", doc.section_status),
    ]


def _status_conflicts(
    r: FieldReader,
    later: list[tuple[StatusPlace, str]],
    used: StatusPlace,
    status: str,
    read: RecordStatuses,
) -> None:
    """A later place whose status class differs from the one used: `status-conflict`."""
    for (place, text), other in zip(later, read.later, strict=True):
        if other != "unknown" and other != status:
            msg = (
                f"The {_PLACE_NAMES[place]} says `{plain_text(text)}` ({other}), but the "
                f"{_PLACE_NAMES[used]} said {status} first; the first was used."
            )
            r.warn("status-conflict", msg, "status")


_PLACE_NAMES: Final[dict[str, str]] = {
    "frontmatter": "frontmatter",
    "block": "metadata block",
    "section": "Status section",
}


def _given(kind: Kind, written: str | None, config: Config) -> str | None:
    """The status text a record is read with: the one written, else `govmem.yaml`
    `default_status` for a decision; none for a claim that writes none."""
    if kind == "decision" and not (written and written.strip()) and config.default_status:
        return config.default_status
    return written


def _status(
    r: FieldReader, kind: Kind, written: str | None, read: RecordStatuses
) -> tuple[str, str, _Provenance | None]:
    """The status class and label, and the provenance when it was read to decide them."""
    if kind == "claim" and written is None:
        return "proposed", "proposed", None
    status, label = read.reading.status, read.reading.label
    if kind == "claim" and status == "accepted":
        msg = f"A claim is never accepted; its status `{written}` was read as proposed."
        r.warn("invalid-field", msg, "status")
        return "proposed", "proposed", None
    if status == "unknown":
        shown = _shorten(plain_text(written)) if written else ""
        if not written:
            msg = "No status is written; read as unknown, never in force."
        elif read.unfilled:
            msg = f"Status `{shown}` is an unfilled template; read as unknown, never in force."
        else:
            msg = f"Status `{shown}` is not a known status; read as unknown, never in force."
        r.warn("unknown-status", msg, "status")
    provenance = _provenance(r)
    authored, ratified = provenance
    if authored in _AGENTS and status == "accepted" and not ratified:
        return "proposed", "proposed", provenance
    return status, label, provenance


def _partial_from_body(
    written: str | None, refs: StatusRefs, body: str, defs: dict[str, str]
) -> list[Link]:
    """`Partly superseded` with no ref: the body's `superseded by X` names X."""
    if not written or not _PARTLY_SUPERSEDED.match(plain_text(written)):
        return []
    if any(x.kind == "partly-superseded-by" for x in refs.links):
        return []
    found = read_refs(body, definitions=defs)
    named = [
        *found.superseded_by,
        *(x.ref for x in found.links if x.kind == "partly-superseded-by"),
    ]
    return [Link("partly-superseded-by", named[0])] if named else []


def _list_value(value: str | None) -> list[str]:
    """A preamble list (`a, b`); a bracketed placeholder is no value."""
    if not value or (value.startswith("[") and value.endswith("]") and " " in value):
        return []
    return [v.strip() for v in value.strip("[]").split(",") if v.strip()]


@frozen
class _Status:
    """What a record's status places say (SPEC v5 §2 "The metadata block")."""

    status: str
    label: str
    written: str | None
    place: StatusPlace | None
    texts: tuple[str, ...]
    """What every status place writes: refs are read from all of them."""
    provenance: _Provenance | None
    """`_provenance(r)`, when the status was decided by it (else it is read again)."""
    changes: tuple[str | None, ...]
    """The class each dated changelog line sets (`read_statuses`)."""


@frozen
class _Refs:
    """The supersessions and links a record states, refs as written."""

    supersedes: tuple[str, ...]
    superseded_by: tuple[str, ...]
    links: tuple[Link, ...]
    texts: tuple[tuple[str, str], ...]


@frozen
class _Dates:
    """When a record starts and ends, and its dated status changes."""

    valid_from: When | None
    valid_to: When | None
    git_dated: bool
    changes: tuple[StatusChange, ...]


def _read_status(r: FieldReader, doc: MarkdownDoc, kind: Kind, config: Config) -> _Status:
    """The first place that writes a status decides; a later disagreement is a finding. Every
    status text (the places', the changelog's lines) is read at once (`read_statuses`)."""
    written_at = [(k, v) for k, v in _status_places(r, doc) if v]
    place, written = written_at[0] if written_at else (None, None)
    later = written_at[1:]
    given = _given(kind, written, config)
    read = read_statuses(
        given, written, [v for _, v in later], _dated_changes(doc), config.statuses
    )
    status, label, provenance = _status(r, kind, written, read)
    if place is not None:
        _status_conflicts(r, later, place, status, read)
    texts = tuple(v for _, v in written_at)
    return _Status(status, label, written, place, texts, provenance, read.changes)


def _read_refs(
    r: FieldReader, doc: MarkdownDoc, title: str, st: _Status, body: str
) -> tuple[_Refs, list[When], tuple[StatusChange, ...]]:
    """Refs from every status place, the links section, the title and the changelog.

    Also returns the changelog's dates and status changes, read in the same pass.
    """
    defs = dict(doc.definitions)
    texts = [*st.texts, doc.block_text, doc.status_section, doc.links_section]
    refs = read_refs("\n".join(dict.fromkeys(filter(None, texts))), definitions=defs)
    title_refs = read_refs(title, partial_only=True, definitions=defs)
    partial = _partial_from_body(st.written, refs, body, defs)
    changes, change_links, change_dates = _changes(r, doc, st.changes)
    found = _Refs(
        supersedes=_unique([*r.strings("supersedes"), *refs.supersedes]),
        superseded_by=_unique([*r.strings("superseded_by"), *refs.superseded_by]),
        links=_links([*refs.links, *partial, *title_refs.links, *change_links]),
        texts=_unique_pairs([*refs.texts, *title_refs.texts]),
    )
    return found, change_dates, changes


def _read_dates(
    r: FieldReader,
    doc: MarkdownDoc,
    kind: Kind,
    status: str,
    changes: tuple[StatusChange, ...],
    change_dates: list[When],
    git_date: When | None,
) -> _Dates:
    """`valid_from` from the first place that dates the record, else git; `valid_to`."""
    bad_before = sum(f.code == "bad-date" for f in r.findings)
    accepting = [c.at for c in changes if c.status == "accepted"]
    valid_from = _written_from(r, doc, accepting, change_dates)
    valid_to = r.when("valid_to")
    if valid_to is None and status in _ENDING:
        valid_to = _earliest(c.at for c in changes if c.status in _ENDING)
    no_bad_date = sum(f.code == "bad-date" for f in r.findings) == bad_before == 0
    if valid_from is None and kind == "decision" and git_date is not None and no_bad_date:
        r.warn("git-date", f"No date is written; dated {git_date} by git.", "date")
        return _Dates(git_date, valid_to, True, changes)
    return _Dates(valid_from, valid_to, False, changes)


def build_decision(
    r: FieldReader,
    config: Config,
    *,
    kind: Kind,
    fallback_id: str | None,
    fallback_title: str | None = None,
    doc: MarkdownDoc | None,
    body: str,
    frontmatter_json: str | None,
    git_date: When | None,
    index: int = 0,
) -> Record | None:
    """A decision or claim from its keys and (for Markdown) its body's places, in one pass:
    id and title -> status -> refs (and the changelog) -> dates -> the record."""
    rid = r.text("id") or fallback_id or ""
    r.id = rid
    doc = doc or MarkdownDoc()
    # no `#` title: the file name's subject, not a section's heading ("Context"); nor is the
    # template's word left as the heading (`# Title`) one
    heading = None if doc.title is None or _PLACEHOLDER_TITLE.fullmatch(doc.title) else doc.title
    title = r.text("title") or heading or fallback_title or doc.first_heading or rid
    scope = _scope(r, config)
    st = _read_status(r, doc, kind, config)
    refs, change_dates, changes = _read_refs(r, doc, title, st, body)
    dates = _read_dates(r, doc, kind, st.status, changes, change_dates, git_date)
    status, label, written, where = st.status, st.label, st.written, st.place
    valid_from, valid_to, git_dated = dates.valid_from, dates.valid_to, dates.git_dated
    supersedes, superseded_by, links = refs.supersedes, refs.superseded_by, refs.links
    tags = r.strings("tags") or tuple(_list_value(doc.key("tags")))
    authored, ratified = st.provenance or _provenance(_quiet(r))  # its findings are r's
    from_body = frontmatter_json is None
    if frontmatter_json is None:
        extracted: dict[str, Json] = {"id": rid, "title": title, "status": written}
        if valid_from is not None and not git_dated:
            extracted["date"] = str(valid_from)
        if valid_to is not None:
            extracted["valid_to"] = str(valid_to)
        deciders = _list_value(doc.key("deciders", "decider", "decision makers"))
        extracted["deciders"] = list[Json](deciders)
        extracted["tags"] = list[Json](tags)
        extracted["supersedes"] = list[Json](supersedes)
        extracted["superseded_by"] = list[Json](superseded_by)
        extracted["links"] = [_link_json(x) for x in links]
        frontmatter_json = dump_json({k: v for k, v in extracted.items() if v not in (None, [])})
    return Record(
        id=rid,
        kind=kind,
        title=title,
        content=r.text("content") or title,
        status=status,
        label=label,
        path=r.path,
        index=index,
        topic=r.text("topic"),
        value=r.text("value"),
        scope=scope,
        valid_from=valid_from,
        valid_to=valid_to,
        confidence=_or(r.number("confidence"), 0.6 if kind == "claim" else 0.9),
        authority=_or(r.number("authority"), 0.3 if kind == "claim" else 1.0),
        tags=tags,
        affects=r.affects(),
        supersedes=supersedes,
        superseded_by=superseded_by,
        relates_to=r.strings("relates_to"),
        conflicts_with=r.strings("conflicts_with"),
        links=links,
        ref_texts=refs.texts,
        changes=changes,
        sources=r.strings("sources"),
        evidence=r.evidence(),
        authored_by=authored,
        ratified_by=ratified,
        written_status=written,
        status_place=where,
        body=body,
        prose=doc.prose if body_spans_hold(body) else None,
        frontmatter=frontmatter_json,
        extracted=from_body,
        git_dated=git_dated,
    )


def _link_json(link: Link) -> Json:
    return {"kind": link.kind, "ref": link.ref, "at": None if link.at is None else str(link.at)}


def _quiet(r: FieldReader) -> FieldReader:
    """A copy of `r` whose findings are thrown away (for a second read)."""
    copy = FieldReader(r.data, path=r.path, dialect=r.dialect, order=r.order)
    copy.id = r.id
    return copy


def _or(value: float | None, default: float) -> float:
    return default if value is None else value


def build_memory(r: FieldReader, config: Config, *, index: int, body: str) -> Record | None:
    """A memory (seed 004) with its defaults; None (and `invalid-memory`) if incomplete."""
    rid = r.text("id") or memory_id(r.path, index)
    r.id = rid
    category, key = r.text("category"), r.text("key")
    content = r.text("content") or body.strip() or None
    missing = [n for n, v in (("category", category), ("key", key), ("content", content)) if not v]
    if missing or category is None or key is None or content is None:
        msg = f"A memory needs {', '.join(missing)}; it was left out."
        r.warn("invalid-memory", msg, missing[0] if missing else None)
        return None
    if category.lower() not in MEMORY_CATEGORIES:
        msg = f"Unknown memory category `{category}` (one of {', '.join(MEMORY_CATEGORIES)}); it was left out."
        r.warn("invalid-memory", msg, "category")
        return None
    origin: Literal["user", "agent"] = (
        "user" if r.choice("source", ("user", "agent")) == "user" else "agent"
    )
    verified = r.flag("verified")
    verified = origin == "user" if verified is None else verified
    status = "accepted" if verified else "proposed"
    created_at, expires_at = r.when("created_at"), r.when("expires_at")
    return Record(
        id=rid,
        kind="memory",
        title=key,
        content=content,
        status=status,
        label=status,
        path=r.path,
        index=index,
        topic=r.text("topic") or key,
        value=r.text("value") or content,
        scope=_scope(r, config),
        valid_from=created_at,
        valid_to=expires_at,
        confidence=_or(r.number("confidence"), 1.0 if origin == "user" else 0.7),
        authority=_or(r.number("authority"), 1.0 if origin == "user" else 0.5),
        tags=r.strings("tags"),
        affects=r.affects(),
        sources=r.strings("sources"),
        evidence=r.evidence(),
        body=body,
        frontmatter=dump_json(dict(r.data)),
        category=category.lower(),
        key=key,
        priority=r.choice("priority", PRIORITIES) or "normal",
        origin=origin,
        verified=verified,
        mind=r.text("mind") or "default",
        created_at=created_at,
        updated_at=r.when("updated_at"),
        expires_at=expires_at,
        verified_by=r.text("verified_by"),
    )
