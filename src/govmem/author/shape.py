"""How a folder writes a decision record: its model text, title and id formats, status words. Pure.

`shape_of(samples, template)` reads a folder's way of writing from what the
shell gives it — its most recent records (`Sample`, newest first) and its
template, if it has one (adr-tools `templates/template.md`, log4brains
`template.md`, MADR `adr-template.md` / `template.md`):

* the **model**: the template's text; else the most recent record
  *hollowed* (`hollow`): its frontmatter keys that govmem fills (id, title,
  status, date, topic, value, scope, content, supersedes), its title line,
  its metadata block's status and date lines, and its top-level Status,
  Context, Decision, Consequences and Changelog headings (and MADR's), every
  value and section left empty; else (an empty folder) adr-tools' layout (`# N. Title`, `Date:`,
  `## Status`, `## Context`, `## Decision`, `## Consequences`);
* **adr-tools placeholders**: a template holding `NUMBER`, `TITLE`, `DATE`
  and `STATUS` is filled the way `adr new` fills it (the first of each on
  a line);
* the **title format**: how the most recent record's title carries its
  number (`4. Use MySQL`, `ADR036: Automate …`, `ADR 024 — …`, or none),
  else the template's (`# 0. Template`, `# ADR-NNNN: <title>`), for the
  heading and the frontmatter `title` alike;
* the **id format** of a frontmatter `id` (`adr-024`, `"0042"`, `NNNN`);
* the **status words**: the folder's own word for a class where its template
  or its records write one plainly (`Pending`, `Approved`), else the class
  name, capitalised as the folder capitalises statuses;
* whether frontmatter keys are camelCase (adrkit: `supersededBy`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from attrs import frozen

from govmem.parse.fields import ALIASES
from govmem.parse.markdown import (
    layout,
    read_markdown,
    readable_lines,
    set_cell,
    split_frontmatter,
    table_cells,
    table_key,
    table_places,
)
from govmem.parse.outline import heading_name, outline
from govmem.parse.status import read_status
from govmem.parse.yaml import BadYaml, Json, load_yaml
from govmem.parse.yamledit import dump

from .edit import CHANGELOG_NAMES, CONTEXT_NAMES, DECISION_NAMES

_TITLE_NUMBER: Final = re.compile(
    r"^(?P<before>[^\d{}\[\]<]*?)(?P<digits>\d+|N+)(?P<after>\s*[.:)\-–—]\s*|\s+)(?=\S)"
)
_ID_NUMBER: Final = re.compile(r"^(?P<before>\D*?)(?P<digits>\d+|N+)$")
_TOKENS: Final = ("NUMBER", "TITLE", "DATE", "STATUS")
_PLAIN_WORD: Final = re.compile(r"^[A-Za-z][A-Za-z -]*$")
_BLOCK_LINE: Final = re.compile(
    r"^\s*(?:>\s*)?(?:[-*+]\s+)?(?:\*\*|__)?(?P<key>status|date|created|last[ -]modified"
    r"|last[ -]updated|updated)(?:\*\*|__)?\s*:",
    re.IGNORECASE,
)
_CAMEL: Final = re.compile(r"^[a-z]+[A-Z]")

FIELD_KEYS: Final[Mapping[str, tuple[str, ...]]] = {
    "id": ("id",),
    "title": ("title",),
    "status": ("status",),
    "date": ("date", "created", "valid_from", "validFrom", "stabilized_at", "created_at"),
    "topic": ("topic",),
    "value": ("value",),
    "scope": ("scope",),
    "content": ("content",),
    "supersedes": ALIASES["supersedes"],
    "superseded_by": ALIASES["superseded_by"],
    "authored_by": ALIASES["authored_by"],
    "ratified_by": ALIASES["ratified_by"],
    "request_id": ("request_id", "requestId"),
}
"""The frontmatter keys a new record's fields are written as, by field."""
HOLLOW_FIELDS: Final = (
    "id",
    "title",
    "status",
    "date",
    "topic",
    "value",
    "scope",
    "content",
    "supersedes",
)
"""The fields whose keys a hollowed record keeps (their values are the new record's)."""
SECTION_NAMES: Final = frozenset(
    (
        "status",
        *CONTEXT_NAMES,
        *DECISION_NAMES,
        "consequences",
        "decision drivers",
        "considered options",
        *CHANGELOG_NAMES,
    )
)
"""Top-level headings a hollowed record keeps, in its own order."""
DEFAULT_MODEL: Final = (
    "# NUMBER. TITLE\n\nDate: DATE\n\n## Status\n\nSTATUS\n\n"
    "## Context\n\n## Decision\n\n## Consequences\n"
)
"""An empty folder's model: adr-tools' layout (Michael Nygard's sections), no placeholder text."""


@frozen
class NumberFormat:
    """How a number is written in a title or an id: `ADR-` + zero-padded digits + `: `."""

    before: str = ""
    width: int = 1
    after: str = ""

    def render(self, number: int, rest: str = "") -> str:
        """`before` + the number + `after` + `rest`."""
        return f"{self.before}{number:0{self.width}d}{self.after}{rest}"


@frozen
class Sample:
    """One of the folder's records: its file name, its number and its text."""

    name: str
    number: int | None
    """Its number as its file name writes it; None for a dated name."""
    text: str


@frozen
class Shape:
    """A folder's way of writing a record (module docstring)."""

    model: str
    template: str | None = None
    """The template the model is, relative to the folder; None for a hollowed record."""
    tokens: bool = False
    """The model holds adr-tools' `NUMBER`, `TITLE`, `DATE`, `STATUS`."""
    heading: NumberFormat | None = None
    """How the title heading writes the number; None: the title alone."""
    title_key: NumberFormat | None = None
    """How a frontmatter `title` writes the number; None: the title alone."""
    title_key_bare: bool = False
    """The folder's frontmatter titles are the number alone (`title: ADR 024`)."""
    id_key: NumberFormat | None = None
    """How a frontmatter `id` writes the number; None: no id is written."""
    words: Mapping[str, str] = {}
    """The folder's own word of a status class (`proposed` -> `Pending`)."""
    capitalized: bool = True
    camel: bool = False

    def status_word(self, status: str) -> str:
        """How this folder writes the status class `status`."""
        word = self.words.get(status)
        if word is not None:
            return word
        return status.capitalize() if self.capitalized else status

    def heading_text(self, number: int, title: str) -> str:
        """The title heading's text of record `number`."""
        return self.heading.render(number, title) if self.heading else title

    def title_value(self, number: int, title: str) -> str:
        """The frontmatter `title` of record `number` (never the number alone)."""
        if self.title_key is not None and not self.title_key_bare:
            return self.title_key.render(number, title)
        return self.heading_text(number, title)

    def key(self, field: str, dialect: Mapping[str, str]) -> str:
        """The frontmatter key a field is written as: the dialect's, else camelCase or not."""
        mapped = dialect.get(field)
        if mapped:
            return mapped
        if field == "date":
            return dialect.get("valid_from") or "date"
        names = FIELD_KEYS.get(field, (field,))
        if self.camel:
            return next((n for n in names if _CAMEL.match(n)), names[0])
        return names[0]


def _number_format(text: str, number: int | None, *, template: bool) -> NumberFormat | None:
    """The format of `text` when it opens with `number` (a template's digits or `N…` count)."""
    m = _TITLE_NUMBER.match(text)
    if m is None:
        return None
    digits = m["digits"]
    if not template and (digits.startswith("N") or number is None or int(digits) != number):
        return None
    width = len(digits) if digits.startswith(("0", "N")) else 1
    return NumberFormat(m["before"], width, m["after"])


def _id_format(value: Json, number: int | None, *, template: bool) -> NumberFormat | None:
    if not isinstance(value, str | int) or isinstance(value, bool):
        return None
    m = _ID_NUMBER.match(str(value))
    if m is None:
        return None
    digits = m["digits"]
    if not template and (digits.startswith("N") or number is None or int(digits) != number):
        return None
    return NumberFormat(m["before"], len(digits) if digits.startswith(("0", "N")) else 1)


def frontmatter_of(text: str) -> dict[str, Json] | None:
    """The frontmatter mapping of a text; None without one (or when it is not a mapping)."""
    fm, _, _ = split_frontmatter(text)
    if fm is None:
        return None
    loaded = load_yaml(fm)
    if isinstance(loaded, BadYaml) or not isinstance(loaded.data, dict):
        return None
    return loaded.data


def field_of(key: str, dialect: Mapping[str, str]) -> str | None:
    """The new-record field a frontmatter key writes, if any."""
    for field, mapped in dialect.items():
        if mapped == key and field in FIELD_KEYS:
            return "date" if field == "valid_from" else field
    return next((f for f, keys in FIELD_KEYS.items() if key in keys), None)


def _title_line(text: str) -> str | None:
    _, body, _ = split_frontmatter(text)
    doc = outline(body)
    where = layout(doc)
    return doc.headings[where.title].text if where.title is not None else None


def _written_status(text: str, fm: Mapping[str, Json] | None) -> str | None:
    """The status as the record writes it, at its first place."""
    if fm is not None and isinstance(fm.get("status"), str):
        return str(fm["status"])
    doc = read_markdown(split_frontmatter(text)[1])
    return doc.block_status or doc.section_status


def hollow(text: str, dialect: Mapping[str, str] = {}) -> str:
    """A record's text with only its form kept (module docstring): the model of the next one."""
    fm_text, body, _ = split_frontmatter(text)
    out: list[str] = []
    fm = frontmatter_of(text)
    if fm_text is not None and fm is not None:
        kept = {k: v for k, v in fm.items() if field_of(k, dialect) in HOLLOW_FIELDS}
        out += ["---", *(dump(kept).splitlines() if kept else []), "---"]
    doc = outline(body)
    where = layout(doc)
    lines = doc.lines
    if where.title is not None:
        head = doc.headings[where.title]
        out += [*lines[head.line : head.end], ""]
    readable = readable_lines(doc)
    block = [lines[n] for n in where.block if _BLOCK_LINE.match(readable[n])]
    block += _hollow_table([lines[n] for n in where.block])
    if block:
        out += [*block, ""]
    for i, head in enumerate(doc.headings):
        if i == where.title or (where.top_level and head.level > where.top_level):
            continue
        name = heading_name(head.text)
        if name not in SECTION_NAMES:
            continue
        out += [*lines[head.line : head.end], ""]
        if i == where.status:
            out += ["STATUS", ""]
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def _hollow_table(block: Sequence[str]) -> list[str]:
    """A metadata table's form (`table_places`): its header and delimiter rows, then the rows
    that hold a key's value, every cell that names no key emptied (`| Proposed | 2025-01-19 |
    @a |` -> `|  |  |  |`, `| Status | Accepted |` -> `| Status |  |`); nothing when the block
    has no such table."""
    places = table_places(block)
    rows = [n for n, line in enumerate(block) if line.lstrip().startswith("|")]
    out = []
    holding = {at for _, at, _ in places}
    for n in sorted({*rows[:2], *holding}) if places else ():
        row = block[n]
        if n in holding:  # a row of values (a header of keys and the delimiter row stay)
            for col, cell in enumerate(table_cells(row)):
                if not table_key(cell):
                    row = set_cell(row, col, "")
        out.append(row)
    return out


def _is_camel(samples: Sequence[Mapping[str, Json]]) -> bool:
    keys = [k for fm in samples for k in fm]
    return any(_CAMEL.match(k) for k in keys)


def shape_of(
    samples: Sequence[Sample],
    template: tuple[str, str] | None = None,
    dialect: Mapping[str, str] = {},
) -> Shape:
    """A folder's shape from its most recent records (newest first) and its template."""
    recent = samples[0] if samples else None
    model = template[1] if template else (hollow(recent.text, dialect) if recent else DEFAULT_MODEL)
    tokens = all(t in model for t in ("NUMBER", "TITLE")) and (template is not None or not recent)
    heading = title_key = id_key = None
    bare = False
    fms = [fm for s in samples if (fm := frontmatter_of(s.text)) is not None]
    if recent is not None:
        if (line := _title_line(recent.text)) is not None:
            heading = _number_format(line, recent.number, template=False)
        fm = frontmatter_of(recent.text) or {}
        title = fm.get("title")
        if isinstance(title, str):
            title_key = _number_format(title, recent.number, template=False)
            bare = (
                title_key is None
                and _id_format(title.strip(), recent.number, template=False) is not None
            )
        id_key = _id_format(fm.get("id"), recent.number, template=False)
    elif not tokens:
        if (line := _title_line(model)) is not None:
            heading = _number_format(line, None, template=True)
        fm = frontmatter_of(model) or {}
        id_key = _id_format(fm.get("id"), None, template=True)
        title = fm.get("title")
        if isinstance(title, str):
            title_key = _number_format(title, None, template=True)
    words: dict[str, str] = {}
    written: list[str] = []
    if template is not None and not tokens and (w := _written_status(model, frontmatter_of(model))):
        written.append(w)
    written += [w for s in samples if (w := _written_status(s.text, frontmatter_of(s.text)))]
    for w in written:
        reading = read_status(w)
        if reading.status != "unknown" and _PLAIN_WORD.match(w.strip()):
            words.setdefault(reading.status, w.strip())
    first = next((w for w in written if read_status(w).status != "unknown"), None)
    capitalized = first[:1].isupper() if first else frontmatter_of(model) is None
    if tokens:
        capitalized = True
    return Shape(
        model=model,
        template=template[0] if template else None,
        tokens=tokens,
        heading=heading,
        title_key=title_key,
        title_key_bare=bare,
        id_key=id_key,
        words=words,
        capitalized=capitalized,
        camel=_is_camel([*fms, *([frontmatter_of(model) or {}] if template else [])]),
    )


def fill_tokens(model: str, values: Mapping[str, str]) -> str:
    """adr-tools' `sed` fill: on each line, the first `NUMBER`, `TITLE`, `DATE` and `STATUS`
    (found in the model's line, never inside a value put in)."""
    out = []
    for line in model.splitlines(keepends=True):
        found = sorted(
            ((at, t) for t in _TOKENS if t in values and (at := line.find(t)) >= 0), reverse=True
        )
        for at, token in found:
            line = line[:at] + values[token] + line[at + len(token) :]
        out.append(line)
    return "".join(out)
