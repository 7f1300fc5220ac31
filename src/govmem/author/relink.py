"""An existing record marked superseded or amended by a new one, in its own format. Pure.

The old record says it where it says its status (`Record.status_place`,
where the loader read it), as the tool that wrote that format would:

* a `## Status` section (adr-tools): `Superseded by [7. Title](0007-title.md)`
  is added at the end of the section and the bare status line (`Accepted`)
  removed — byte for byte what `adr new -s 4` does to 0004;
* a metadata-block line (`- Status: accepted`, log4brains and MADR 2):
  its value becomes `superseded by [20201016-x](20201016-x.md)`, as
  `log4brains adr new` writes it (capitalised when the old value was);
* the frontmatter: `status: superseded` and `superseded_by: <id>`
  (`supersededBy` where the frontmatter's keys are camelCase);
* nowhere (no status written): a frontmatter record gets the keys above, any
  other a `Status: Superseded by […](…)` line under its title.

`amended_by` adds `Amended by [title](link)` to the `## Status` section
(adr-tools' `-l "N:Amends:Amended by"`), else to the `## Links` list.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final, Literal

from attrs import frozen

from govmem.parse.yamledit import frontmatter_span, set_keys

from .edit import (
    add_link_item,
    add_status_line,
    block_value,
    drop_status_word,
    insert_block_line,
    restate_status,
    set_block_value,
)
from .shape import frontmatter_of

Place = Literal["frontmatter", "block", "section"] | None
_CAMEL: Final = re.compile(r"^[a-z]+[A-Z]")


@frozen
class NewRecord:
    """The record that supersedes or amends: how an old one links to it."""

    id: str
    title: str
    """Its title as read (number kept)."""
    link: str
    """Its file, relative to the old record's folder."""
    by_stem: bool = False
    """Name it by its file stem in a status line or a `## Links` item (log4brains)."""

    def name(self) -> str:
        """The link's text."""
        return self.link.rsplit("/", 1)[-1].removesuffix(".md") if self.by_stem else self.title


def superseded_by(text: str, place: Place, new: NewRecord, dialect: Mapping[str, str] = {}) -> str:
    """The old record's text marked superseded by `new` (module docstring)."""
    if place == "section":
        added = add_status_line(text, f"Superseded by [{new.title}]({new.link})")
        if added is not None:
            return drop_status_word(added)
    fm = frontmatter_of(text)
    if place == "block" or (place is None and fm is None):
        written = block_value(text, "status")
        verb = "Superseded by" if written is None or written[:1].isupper() else "superseded by"
        value = f"{verb} [{new.name()}]({new.link})"
        return set_block_value(text, "status", value) or insert_block_line(text, f"Status: {value}")
    span = frontmatter_span(text)
    if span is None or fm is None:
        return text
    status_key = dialect.get("status") or next((k for k in fm if k.lower() == "status"), "status")
    old = fm.get(status_key)
    word = "Superseded" if isinstance(old, str) and old[:1].isupper() else "superseded"
    camel = any(_CAMEL.match(k) for k in fm)
    link_key = dialect.get("superseded_by") or ("supersededBy" if camel else "superseded_by")
    a, b = span
    edited = set_keys(text[a:b], None, [(status_key, word), (link_key, new.id)])
    return restate_status(text[:a] + edited + text[b:], word, block=True, section=True)


def amended_by(text: str, place: Place, new: NewRecord) -> str:
    """The old record's text with an `Amended by` link to `new` (module docstring)."""
    if place == "section":
        added = add_status_line(text, f"Amended by [{new.title}]({new.link})")
        if added is not None:
            return added
    return add_link_item(text, f"Amended by [{new.name()}]({new.link})")
