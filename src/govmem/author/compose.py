"""The text of a new decision record, written the way its folder writes them. Pure.

`compose(shape, draft)` fills the folder's model (`shape.Shape`) with what
the new record says (`Draft`), each value where the model has a place for
it and nowhere else:

1. adr-tools placeholders (`NUMBER`, `TITLE`, `DATE`, `STATUS`), filled as
   `adr new` fills them;
2. the **frontmatter**, when the model has one: `id`, `title`, `status`,
   `date`, `topic`, `value`, `scope`, `content` (the decision's text) and
   `supersedes` are set where the model writes them and removed where the
   record has none; a template's key still holding a placeholder
   (`{list everyone involved}`, `YYYY-MM-DD`) is removed; `status`,
   `topic`, `value`, `scope` and `supersedes` are added when missing, and an
   agent's record gets `authored_by: agent` (`authoredBy` in camelCase
   folders, inside `provenance:` where the template has one) and its
   `request_id`;
3. the **title heading**, in the folder's title format (`# 6. Use Redis`);
4. the **status** at the model's place — frontmatter, the metadata block's
   `Status:` line or the `## Status` section — in the folder's word for it
   (added under the title when the model has none);
5. the **date** (ISO `YYYY-MM-DD`) at the model's place, if it has one; else,
   in a record with no frontmatter whose model keeps a `## Changelog` (a
   Tendermint folder dates its records there), its one line
   `- YYYY-MM-DD: Initial draft`;
6. the **context** and **decision** texts as the first paragraph of the
   model's Context and Decision sections (added at the end when missing);
7. the **links**: `Supersedes [6. Title](0006-title.md)` and `Amends [...]`
   in the `## Status` section where the folder keeps its status there
   (as `adr new -s` and `-l` write them), a frontmatter `supersedes` where
   the status is in the frontmatter, else items of a `## Links` list (as
   log4brains writes them);
8. an agent's record that has no frontmatter ends with an HTML comment
   saying so, with its `request_id` (the loader reads no HTML comment;
   `request_of` reads it back, for a retry with the same key).

What the model has no place for (a topic in a Nygard record) is not
written; `Composed.notes` says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import date
from typing import Any, Final, Literal

from attrs import field, frozen

from govmem.model.records import Record
from govmem.parse.yaml import Json
from govmem.parse.yamledit import dump, frontmatter_span, remove_keys, set_keys, set_status_section

from .edit import (
    CHANGELOG_NAMES,
    CONTEXT_NAMES,
    DECISION_NAMES,
    add_link_item,
    add_status_line,
    append_comment,
    block_has,
    date_key,
    fill_section,
    has_status_section,
    has_title,
    insert_block_line,
    set_block_value,
    set_title,
)
from .shape import FIELD_KEYS, Shape, field_of, fill_tokens, frontmatter_of

MARKER: Final = "govmem:"
"""How the HTML comment of an agent's record opens (`<!-- govmem: {...} -->`)."""
_MARKER_LINE: Final = re.compile(r"<!--\s*" + re.escape(MARKER) + r"\s*(?P<json>\{.*?\})\s*-->")
_PLACEHOLDER: Final = re.compile(r"^\s*(?:\{.*\}?|\[.*\|.*\]|<[^>]*>|YYYY-MM-DD.*|N{2,})\s*$", re.S)
_SETTABLE: Final = frozenset(FIELD_KEYS)
"""Fields whose keys a new record sets or removes."""


@frozen
class Target:
    """A record the new one links to."""

    kind: Literal["supersedes", "amends"]
    id: str
    title: str
    """Its title as read (number kept: `4. Use MySQL for new services`)."""
    link: str
    """Its file, relative to the new record's folder."""

    @property
    def stem(self) -> str:
        """Its file name without `.md` (log4brains' link text)."""
        return self.link.rsplit("/", 1)[-1].removesuffix(".md")


@frozen
class Draft:
    """What a new record says."""

    title: str
    number: int
    day: date
    status: Literal["proposed", "accepted"] = "proposed"
    decision: str | None = None
    context: str | None = None
    topic: str | None = None
    value: str | None = None
    scope: str | None = None
    links: tuple[Target, ...] = ()
    agent: bool = False
    request_id: str | None = None
    dialect: Mapping[str, str] = field(factory=dict)
    """`govmem.yaml` `fields:`: the keys the folder writes govmem's fields as."""
    link_by_stem: bool = False
    """`## Links` items name their target by file stem (log4brains)."""


@frozen
class Composed:
    """The new record's text, and what its folder's format had no place for."""

    text: str
    notes: tuple[str, ...] = ()


def is_placeholder(value: Json) -> bool:
    """A template's unfilled value: `{…}`, `[a | b]`, `<…>`, `YYYY-MM-DD…`, `NNNN`."""
    if isinstance(value, str):
        return _PLACEHOLDER.match(value) is not None
    if isinstance(value, dict):
        return bool(value) and all(v is None for v in value.values())
    return False


def marker_comment(request_id: str | None) -> str:
    """The text of an agent's HTML comment: `govmem: {"authoredBy": "agent", …}`."""
    data: dict[str, str] = {"authoredBy": "agent"}
    if request_id is not None:
        data["request_id"] = request_id
    text = json.dumps(data, ensure_ascii=False).replace(">", "\\u003e").replace("<", "\\u003c")
    return f"{MARKER} {text}"


def request_of(text: str) -> str | None:
    """The `request_id` an agent's record carries (its frontmatter, or its HTML comment)."""
    fm = frontmatter_of(text)
    if fm is not None:
        got = fm.get("request_id", fm.get("requestId"))
        if isinstance(got, str):
            return got
    for m in _MARKER_LINE.finditer(text):
        try:
            data = json.loads(m["json"])
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("request_id"), str):
            return str(data["request_id"])
    return None


def request_of_record(rec: Record) -> str | None:
    """The `request_id` of a loaded record: its frontmatter's, else its body's comment."""
    if not rec.extracted:
        fm = json.loads(rec.frontmatter)
        got = fm.get("request_id", fm.get("requestId")) if isinstance(fm, dict) else None
        if isinstance(got, str):
            return got
    return request_of(rec.body)


def compose(shape: Shape, draft: Draft) -> Composed:
    """The new record's text (module docstring)."""
    word = shape.status_word(draft.status)
    text = shape.model
    if shape.tokens:
        text = fill_tokens(
            text,
            {
                "NUMBER": str(draft.number),
                "TITLE": draft.title,
                "DATE": draft.day.isoformat(),
                "STATUS": word,
            },
        )
    notes: list[str] = []
    body_has_title = has_title(text)
    in_frontmatter = frontmatter_span(text) is not None
    status_in_body = block_has(text, "status") or has_status_section(text)
    date_in_body = date_key(text)
    if in_frontmatter:
        text = _frontmatter(shape, draft, text, word, body_has_title, status_in_body, date_in_body)
    else:
        notes += [
            f"The folder's records have no place for a {name}; it was not written."
            for name in ("topic", "value", "scope")
            if getattr(draft, name) is not None
        ]
    if not shape.tokens and (body_has_title or not in_frontmatter):
        text = set_title(text, shape.heading_text(draft.number, draft.title))
    if status_in_body:
        if block_has(text, "status"):
            text = set_block_value(text, "status", word) or text
        else:
            text = set_status_section(text, draft.status, word=word) or text
    elif not in_frontmatter:
        text = insert_block_line(text, f"Status: {word}")
    if date_in_body:
        text = set_block_value(text, date_in_body, draft.day.isoformat()) or text
    elif not in_frontmatter:
        # a folder that dates its records by their changelog (Tendermint, cometbft)
        first = f"- {draft.day.isoformat()}: Initial draft"
        text = fill_section(text, CHANGELOG_NAMES, first) or text
    for names, content, heading in (
        (CONTEXT_NAMES, draft.context, "Context"),
        (DECISION_NAMES, draft.decision, "Decision"),
    ):
        if content is not None and content.strip():
            filled = fill_section(text, names, content)
            text = filled if filled is not None else _add_section(text, heading, content)
    text = _links(draft, text, status_in_body, in_frontmatter)
    if draft.agent and not in_frontmatter:
        text = append_comment(text, marker_comment(draft.request_id))
    return Composed(text, tuple(notes))


def _add_section(text: str, heading: str, content: str) -> str:
    end = text.rstrip("\r\n")
    newline = "\r\n" if "\r\n" in text else "\n"
    return f"{end}{newline}{newline}## {heading}{newline}{newline}{content.strip()}{newline}"


def _frontmatter(
    shape: Shape,
    draft: Draft,
    text: str,
    word: str,
    body_has_title: bool,
    status_in_body: bool,
    date_in_body: str | None,
) -> str:
    """Step 2 of `compose`: the frontmatter's keys set, removed and added."""
    span = frontmatter_span(text)
    assert span is not None
    a, b = span
    data = frontmatter_of(text) or {}
    links_here = not status_in_body
    values: dict[str, Any] = {
        "id": shape.id_key.render(draft.number) if shape.id_key else None,
        "title": shape.title_value(draft.number, draft.title),
        "status": None if status_in_body else word,
        "date": None if date_in_body else draft.day,
        "topic": draft.topic,
        "value": draft.value,
        "scope": draft.scope,
        "content": draft.decision.strip() if draft.decision else None,
        "supersedes": None,
        "authored_by": "agent" if draft.agent else None,
        "request_id": draft.request_id if draft.agent else None,
    }
    replaced = [t.id for t in draft.links if t.kind == "supersedes"]
    if links_here and replaced:
        values["supersedes"] = replaced[0] if len(replaced) == 1 else replaced
    provenance = data.get("provenance")
    if draft.agent and isinstance(provenance, dict):
        values["provenance"] = {**provenance, "authoredBy": "agent"}
        values["authored_by"] = None
    remove: list[str] = []
    changes: list[tuple[str, object]] = []
    present: set[str] = set()
    for key, value in data.items():
        f = "provenance" if key == "provenance" else field_of(key, draft.dialect)
        if f is not None and f in values and values[f] is not None and f not in present:
            changes.append((key, values[f]))
            present.add(f)
        elif (f is not None and f in _SETTABLE) or is_placeholder(value):
            remove.append(key)
    adds = ["status", "topic", "value", "scope", "supersedes", "authored_by", "request_id"]
    if not body_has_title:
        adds.insert(0, "title")
    for f in adds:
        if values.get(f) is not None and f not in present:
            changes.append((shape.key(f, draft.dialect), values[f]))
            present.add(f)
    fm = text[a:b]
    fm = remove_keys(fm, remove) if remove else fm
    if frontmatter_of("---\n" + fm + "---\n"):
        fm = set_keys(fm, None, changes) if changes else fm
    else:
        fm = dump(dict(changes)) if changes else fm
    return text[:a] + fm + text[b:]


def _links(draft: Draft, text: str, status_in_body: bool, fm: bool) -> str:
    """Step 7 of `compose`: each link where the folder keeps such links."""
    section = status_in_body and not block_has(text, "status")
    for t in draft.links:
        verb = "Supersedes" if t.kind == "supersedes" else "Amends"
        if section:
            text = add_status_line(text, f"{verb} [{t.title}]({t.link})") or text
        elif t.kind == "amends" or not fm:
            name = t.stem if draft.link_by_stem else t.title
            text = add_link_item(text, f"{verb} [{name}]({t.link})")
    return text
