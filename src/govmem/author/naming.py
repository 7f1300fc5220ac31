"""How a folder names its records' files, and the name of the next one. Pure.

`naming_of(names)` reads the convention from the names already in the
folder (its top level, as `adr new` and `log4brains adr new` list it):

* **numbered**: an optional prefix, a number, a separator and a slug —
  `0007-use-x.md` (adr-tools), `ADR-007-use-x.md`, `ADR007-use-x.md`,
  `adr-07.md` (no slug), `001.md`, `008_use_x.md`;
* **dated**: `20201016-use-x.md` (log4brains), `2023-07-18-use-x.md` or
  `2020_09_01_use_x.md` (sylius).

The most recent file (the highest number, else the latest date) gives the
prefix, the zero padding, the separators and whether slugs keep the title's
case; the next number is one more than the highest number written with
that prefix (adr-tools takes the highest leading number of any file). An
empty folder is named as adr-tools names (`0001-slug.md`), or as log4brains
does when the folder is a log4brains folder. Slugs are the title's words,
accents folded, runs of other characters one separator (`Use PostgreSQL
for new services` -> `use-postgresql-for-new-services`, as adr-tools and
log4brains write them).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import date
from typing import Final, Literal, TypeVar

import attrs
from attrs import frozen

from govmem.parse.file import is_not_a_record

_NUMBERED: Final = re.compile(
    r"^(?P<prefix>(?:[A-Za-z]+[-_]?)?)(?P<number>\d+)(?:(?P<sep>[-_.])(?P<slug>.+))?\.md$"
)
_DATED: Final = re.compile(
    r"^(?P<date>(?:19|20)\d{2}(?P<dash>[-_]?)[01]\d(?P=dash)[0-3]\d)(?P<sep>[-_])(?P<slug>.+)\.md$"
)
_NOT_SLUG: Final = re.compile(r"[^0-9A-Za-z]+")
_UPPER: Final = re.compile(r"[A-Z]")


@frozen
class Naming:
    """A folder's file-naming convention (module docstring)."""

    kind: Literal["number", "date"] = "number"
    prefix: str = ""
    """Before the number: ``, `ADR-`, `ADR`, `adr-`."""
    width: int = 4
    """Zero padding of the number: `0007` has 4, `7` and `12` write numbers unpadded."""
    separator: str = "-"
    """Between the number (or date) and the slug; `` when files have no slug."""
    slug_separator: str = "-"
    keep_case: bool = False
    """Slugs keep the title's capitals (`001-Use-AWS-hosted-elasticsearch.md`)."""
    date_separator: str = ""
    """Between a dated name's year, month and day: `-` (`2023-07-18-`), `_`, or none."""

    def file_name(self, number: int, title: str, day: date) -> str:
        """The file name of record `number` titled `title`, written on `day`."""
        slug = make_slug(title, self.slug_separator, keep_case=self.keep_case)
        if self.kind == "date":
            sep = self.date_separator
            head = f"{day.year:04d}{sep}{day.month:02d}{sep}{day.day:02d}"
        else:
            head = f"{self.prefix}{number:0{self.width}d}"
        if not self.separator or not slug:
            return f"{head}.md"
        return f"{head}{self.separator}{slug}.md"


ADR_TOOLS: Final = Naming()
"""adr-tools' names: `0007-use-x.md`."""
LOG4BRAINS: Final = Naming(kind="date")
"""log4brains' names: `20201016-use-x.md`."""


def make_slug(title: str, separator: str = "-", *, keep_case: bool = False) -> str:
    """The title's words, accents folded, joined by `separator` (lower-cased unless `keep_case`)."""
    text = title if keep_case else title.lower()
    ascii_text = "".join(c for c in _unaccent(text) if c.isascii())
    return _NOT_SLUG.sub(separator, ascii_text).strip(separator + "-_")


def _unaccent(text: str) -> str:
    """Accents removed, case kept (`Città` -> `Citta`)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@frozen
class Numbered:
    """A record file's name, read: its number (or date) and the convention it follows."""

    name: str
    number: int
    """The number; for a dated name, its date as YYYYMMDD."""
    naming: Naming


def read_name(name: str) -> Numbered | None:
    """The number or date and the convention of one file name; None for another file."""
    if is_not_a_record(name):
        return None
    if (m := _DATED.match(name)) is not None:
        slug = m["slug"]
        day = int(m["date"].replace(m["dash"], ""))
        return Numbered(
            name,
            day,
            Naming(
                kind="date",
                separator=m["sep"],
                slug_separator=_slug_separator(slug, m["sep"]),
                keep_case=_UPPER.search(slug) is not None,
                date_separator=m["dash"],
            ),
        )
    if (m := _NUMBERED.match(name)) is not None:
        digits, slug = m["number"], m["slug"] or ""
        return Numbered(
            name,
            int(digits),
            Naming(
                prefix=m["prefix"],
                width=len(digits),
                separator=m["sep"] or "" if slug else "",
                slug_separator=_slug_separator(slug, m["sep"]),
                keep_case=_UPPER.search(slug) is not None,
            ),
        )
    return None


def _slug_separator(slug: str, separator: str | None) -> str:
    """`_` or `-` as the slug writes words apart; a one-word slug: as the number is set apart."""
    if "-" in slug or "_" in slug:
        return "_" if "-" not in slug else "-"
    return "_" if separator == "_" else "-"


@frozen
class Numbering:
    """The folder's convention, and the number the next record takes."""

    naming: Naming
    next_number: int
    """The next number (for dated names: one more than the count of dated files)."""

    def file_name(self, title: str, day: date) -> str:
        """The next record's file name."""
        return self.naming.file_name(self.next_number, title, day)


def naming_of(names: Iterable[str], *, log4brains: bool = False) -> Numbering:
    """The naming convention of a folder holding `names`, and its next number.

    The most recent file gives the prefix and the padding; the separators and
    the slugs' case are those most of its ten most recent files of that kind
    write (`2026-02-03-workflow_management.md` alone does not make a folder of
    dashed slugs write underscores).
    """
    read = [r for r in (read_name(n) for n in sorted(names)) if r is not None]
    dated = [r for r in read if r.naming.kind == "date"]
    numbered = [r for r in read if r.naming.kind == "number"]
    if dated and len(dated) >= len(numbered):
        return Numbering(_usual(dated), len(dated) + 1)
    if not numbered:
        return Numbering(LOG4BRAINS if log4brains else ADR_TOOLS, 1)
    naming = _usual(numbered)
    prefix = naming.prefix.lower()
    highest = max(r.number for r in numbered if r.naming.prefix.lower() == prefix)
    return Numbering(naming, highest + 1)


T = TypeVar("T")


def _most(values: list[T]) -> T:
    """The value most often in `values` (the latest of a tie)."""
    return max(dict.fromkeys(reversed(values)), key=values.count)


def _usual(read: list[Numbered]) -> Naming:
    """The latest name's convention, with the separators and case most recent names use."""
    recent = sorted(read, key=lambda r: (r.number, r.name))[-10:]
    latest = recent[-1].naming

    with_slug = [r.naming for r in recent if r.naming.separator] or [latest]
    return attrs.evolve(
        latest,
        separator=_most([n.separator for n in with_slug]) if latest.separator else "",
        slug_separator=_most([n.slug_separator for n in with_slug]),
        keep_case=_most([n.keep_case for n in with_slug]),
    )
