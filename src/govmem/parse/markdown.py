"""The parts of a Markdown decision record that carry governed facts.

An ADR without frontmatter (Nygard, adr-tools, log4brains, Tendermint) says
what it is in a few conventional places, and a MADR file with frontmatter
sometimes does too. Reading is one pass: the body's outline (`outline`) ->
its layout (`layout`: title, metadata block, top section level, status
section) -> the text of each place (`read_markdown`), never interpreted here
(`records` reads the values, with the configuration, once):

    # 21. Multi-cluster                    -> title (number kept)
    ## 21. Multi-cluster                   -> a repeated title: still the block
    Date: 2021-05-11                       -> the metadata block's keys, between
    * **Status:** Active / - Deciders: …      the title and the first content
    June 19, 2018                             section; a line that is a date
    ## Status                              -> the status section (at the top
    ⌛️ Superseded by [036. …](036-….md)       level): first paragraph, and the
                                              whole section for refs
    ## Changelog                           -> dated lines: `- 2023-05-03: text`,
    - 2023-05-03: Mark as rejected …          `* *2018-09-02* text`, `### Nov 2nd
                                              2018` over undated bullets
    ## Links                               -> MADR / log4brains relation lines
    - Supersedes [x](20200926-x.md)
    [adr-101]: ./adr-101-x.md              -> reference-style link definitions

The structure comes from one CommonMark parse (`outline`): ATX and setext
headings both count (`Status` underlined with `---` is a status section),
and nothing inside a fenced or indented code block, an HTML block or an HTML
comment is a heading; code lines and comments are left out of what is read.
Sections are cut out of the body's own lines, so values stay as written.
`split_frontmatter` cuts a `---` fenced YAML block off the top (a
byte-order mark before it is ignored). Pure functions.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from itertools import takewhile
from typing import Final

from attrs import frozen

from govmem.model.text import fold
from govmem.model.time import When

from .dates import BadDate, DateOrder, leading_date
from .outline import Outline, heading_name, outline, split_lines
from .prose import Prose, prose_spans
from .scan import scan
from .status import is_link_line, read_status

_BULLET: Final = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$")
_COMMENT: Final = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_KEYS: Final = (
    r"date|created|updated|last[ -]updated|last[ -]modified|modified|revision[ -]date|status"
    r"|deciders?|decision[ -]makers|tags"
)
"""The metadata block's keys, as a `Key: value` line or a table cell names them."""
_KEY_LINE: Final = re.compile(
    rf"^\s*(?:>\s*)?(?:[-*+]\s+)?(?:\*\*|__)?(?P<key>{_KEYS})"
    r"(?:\*\*|__)?\s*(?P<colon>:)?(?:\*\*|__)?\s+(?P<value>\S.*?)\s*$",
    re.IGNORECASE,
)
_KEY_NAME: Final = re.compile(_KEYS, re.IGNORECASE)
"""A table cell that names a metadata key."""
_TABLE_RULE: Final = re.compile(r"\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?")
"""A table's delimiter row (`|:---|----:|`; GitHub's tables need one hyphen a cell: `|--|-|`)."""
_CELL_SPLIT: Final = re.compile(r"(?<!\\)\|")
"""A table row's cell separator (an escaped `\\|` is text)."""
_EMPHASIS: Final = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)")
DATE_KEYS: Final = ("date", "created")
"""Metadata keys that date a record, first found wins."""
UPDATED_KEYS: Final = ("updated", "last updated", "last modified", "modified", "revision date")
"""The updated class: they date a record only when nothing else does."""
_STATUS_NAMES: Final = frozenset(("status", "statuses", "decision status"))
_NUMBERED: Final = re.compile(r"(?:adr|rfc)?[-_ ]?\d+[a-z]?[.:)]\s+\S", re.IGNORECASE)
"""A heading that numbers a record: `33. User permissions`, `ADR 42: Evaluate…`."""
_STATUS_HEADING: Final = re.compile(
    r"^[*_\s]*(?:decision\s+)?status(?:es)?[*_\s]*(?::|[-–—](?=\s))[*_\s]*(?P<value>.*\S)\s*$",
    re.IGNORECASE,
)
"""A heading that writes the status after its name: `Status: Deprecated`, `**Status:** Proposed`,
`Status - Accepted` (not `Status quo`, `Status of the migration`, `Status-quo`)."""
_CHANGELOG_NAMES: Final = frozenset(
    ("changelog", "change log", "change history", "revision history")
)
_LINKS_NAMES: Final = frozenset(("links", "related decisions", "related adrs"))


@frozen
class ChangeLine:
    """A dated changelog entry: the date as read (maybe impossible) and the rest."""

    at: When | BadDate
    text: str


@frozen
class MarkdownDoc:
    """What a Markdown body says in its conventional places, as written."""

    title: str | None = None
    """The first level-1 heading's text (`# Title`, or `Title` underlined with `===`)."""
    first_heading: str | None = None
    """The first heading of any level (a fallback title)."""
    block_status: str | None = None
    """The metadata block's `Status:` value (`* **Status:** Active`)."""
    section_status: str | None = None
    """The status section's first paragraph (a link-only one, `Supersedes […]`, skipped)."""
    status_section: str | None = None
    """The whole status section, where relation lines such as `Amended by` live."""
    keys: tuple[tuple[str, str], ...] = ()
    """The metadata block's `key: value` lines, keys folded (`date`, `last modified`...)."""
    block_text: str | None = None
    """The metadata block's lines, where a sentence may state a relation (`This decision has
    been superseded by decision: [0022 …](0022-….md)`)."""
    loose_lines: tuple[str, ...] = ()
    """The metadata block's other lines, stripped, none blank: one that opens with a date
    (`June 19, 2018`) dates the record (`records` reads them)."""
    changelog: tuple[ChangeLine, ...] = ()
    links_section: str | None = None
    """A MADR/log4brains `## Links` section (`- Supersedes [x](x.md)`)."""
    definitions: tuple[tuple[str, str], ...] = ()
    """Reference-style link definitions, labels lower-cased."""
    prose: Prose | None = None
    """The competing prose blocks (`parse.prose`): where evidence is quoted from; None when
    not read (found on first use)."""

    def key(self, *names: str) -> str | None:
        """The first preamble value among `names` (folded key names)."""
        for name in names:
            for k, v in self.keys:
                if k == name:
                    return v
        return None

    @property
    def has_heading(self) -> bool:
        """Whether the body has any heading at all."""
        return self.first_heading is not None


def split_frontmatter(text: str) -> tuple[str | None, str, bool]:
    """Cut YAML frontmatter off the top of a Markdown text.

    Returns:
        (the YAML text or None, the body after it, whether an opening `---`
        was never closed).
    """
    text = text.removeprefix("\ufeff")
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip() != "---":
        return None, text, False
    for i, line in enumerate(lines[1:], 1):
        if line.rstrip() in ("---", "..."):
            return "".join(lines[1:i]), "".join(lines[i + 1 :]), False
    return None, text, True


def text_prose(text: str) -> tuple[list[str], Prose, Prose]:
    """A Markdown text's lines after its frontmatter, its prose blocks and the competing ones
    (the quick scanner's when it is sure of the paragraphs, else markdown-it's)."""
    body = split_frontmatter(text)[1]
    return split_lines(body), *prose_spans(_prose_outline(body))


def _prose_outline(body: str, quick: Outline | None = None) -> Outline:
    """An outline whose blocks hold `body`'s paragraphs: the scanner's (`quick`, or scanned
    now) when it is sure of them — they are markdown-it's (tests/parse/test_scan.py) — else
    markdown-it's own."""
    quick = quick if quick is not None else scan(body)
    if quick is not None and quick.paragraphs is not None:
        # `attrs.evolve(quick, blocks=quick.paragraphs)`, built directly
        paragraphs = quick.paragraphs
        return Outline(quick.lines, quick.headings, paragraphs, quick.definitions, paragraphs)
    return outline(body)


def body_spans_hold(body: str) -> bool:
    """Whether spans read from `read_markdown(body)` index `text_prose(body)`'s lines.

    They do unless the body itself opens like a frontmatter block (or with a
    byte-order mark), which `text_prose` would cut off first.
    """
    return not body.startswith(("\ufeff", "---"))


def readable_lines(doc: Outline) -> list[str]:
    """The text's lines as the readers see them: code blanked, HTML comments removed.

    Line numbers are kept: a code block's lines become empty, a comment's
    text is cut out of the block holding it (a comment spanning lines leaves
    their line breaks).
    """
    lines = list(doc.lines)
    for block in doc.blocks:
        span = range(block.line, min(block.end, len(lines)))
        if block.kind == "code":
            for n in span:
                lines[n] = ""
        elif any("<!--" in lines[n] for n in span):
            cut = _COMMENT.sub(lambda m: "\n" * m[0].count("\n"), "\n".join(lines[n] for n in span))
            lines[span.start : span.stop] = cut.split("\n")
    return lines


@frozen
class Layout:
    """Where a record's metadata lives in its outline (SPEC v5 §2 "The metadata block").

    * the **title**: the first level-1 heading; with none, a first heading that opens the
      file and numbers the record (`## 33. User permissions`, `## ADR 42: Evaluate…`);
    * the **metadata block**: the lines between the title (or the start) and
      the first content section; a heading that repeats the title does not
      end it (its own lines are left out);
    * the **top section level**: the level of the first content section;
    * the **status section**: the first heading titled `Status` at that
      level or above. A `Status` heading deeper down (under an option) is none;
    * the **status heading**, when there is no status section: the first heading at that
      level or above that writes a known status after its name (`## Status: Deprecated`,
      `heading_status`).
    """

    title: int | None
    block: tuple[int, ...]
    """The metadata block's line numbers."""
    top_level: int
    """The first content section's level (0 without one); a `Status` heading at it or above counts."""
    status: int | None
    status_heading: int | None = None
    """A heading that states the status itself (`## Status: Proposed`), only when there is no
    status section: what it says after `Status:` is the status, its section read for refs."""


def heading_status(text: str, statuses: tuple[tuple[str, str], ...] = ()) -> str | None:
    """The status a heading writes after its name, as written: `Status: Deprecated` ->
    `Deprecated`; None for another heading, or when those words are no known status
    (`Status: of the migration`). `statuses` are `govmem.yaml`'s extra spellings."""
    m = _STATUS_HEADING.match(text)
    if m is None or read_status(m["value"], statuses).status == "unknown":
        return None
    return m["value"]


def _opens(doc: Outline, line: int) -> bool:
    """Whether only blank lines come before `line`."""
    return not any(text.strip() for text in doc.lines[:line])


def _same_title(a: str, b: str) -> bool:
    return heading_name(a) == heading_name(b) and bool(heading_name(a))


def layout(doc: Outline, statuses: tuple[tuple[str, str], ...] = ()) -> Layout:
    """The title, metadata block, top section level and status section (or status heading)
    of an outline; `statuses` are `govmem.yaml`'s extra status spellings."""
    heads = doc.headings
    title = next((i for i, head in enumerate(heads) if head.level == 1), None)
    if title is None and heads and _NUMBERED.match(heads[0].text) and _opens(doc, heads[0].line):
        title = 0
    start = heads[title].end if title is not None else 0
    block: list[int] = []
    line = start
    content: list[int] = []
    for i, head in enumerate(heads):
        if head.line < start or i == title:
            continue
        if not content and title is not None and _same_title(head.text, heads[title].text):
            block += range(line, head.line)
            line = head.end
            continue
        content.append(i)
    first = content[0] if content else None
    block += range(line, heads[first].line if first is not None else len(doc.lines))
    top = heads[first].level if first is not None else 0
    status = next(
        (
            i
            for i in content
            if heads[i].level <= top and heading_name(heads[i].text) in _STATUS_NAMES
        ),
        None,
    )
    stated = None
    if status is None:
        stated = next(
            (
                i
                for i in content
                if heads[i].level <= top and heading_status(heads[i].text, statuses) is not None
            ),
            None,
        )
    return Layout(title, tuple(block), top, status, stated)


def _status_paragraph(lines: list[str]) -> str | None:
    """The status section's first paragraph that is not a link line (`status.is_link_line`)."""
    para: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            para.append(line.strip())
            continue
        text = " ".join(para).strip()
        para = []
        if text and not is_link_line(text):
            return text
    return None


def _keys(preamble: list[str]) -> tuple[tuple[str, str], ...]:
    keys: list[tuple[str, str]] = []
    for line in preamble:
        m = _KEY_LINE.match(line)
        if m is None:
            continue
        key = fold(m["key"]).replace("-", " ")
        if m["colon"] or key in DATE_KEYS or key in UPDATED_KEYS:
            keys.append((key, html.unescape(m["value"]).strip()))
    return (*keys, *_table_keys(preamble))


def table_cells(line: str) -> list[str]:
    """A table row's cells, stripped, emphasis marks dropped (`| **Status** | Accepted |`)."""
    row = line.strip()
    row = row.removeprefix("|")
    row = row.removesuffix("|") if not row.endswith("\\|") else row
    return [html.unescape(_EMPHASIS.sub("", c)).strip() for c in _CELL_SPLIT.split(row)]


def table_key(cell: str) -> str | None:
    """The metadata key a table cell names (`Status`, `Date`, `Last updated`), else None."""
    m = _KEY_NAME.fullmatch(cell)
    return fold(m[0]).replace("-", " ") if m else None


def set_cell(line: str, col: int, value: str) -> str:
    """A table row with its cell `col` (counted as `table_places` counts) holding `value`,
    padded to the cell's width; the other cells and the pipes kept byte for byte."""
    parts = _CELL_SPLIT.split(line)
    at = col + (1 if line.lstrip().startswith("|") else 0)
    if at >= len(parts):
        return line
    old = parts[at]
    parts[at] = f" {value} ".ljust(len(old))
    return "|".join(parts)


def table_places(lines: Sequence[str]) -> list[tuple[str, int, int]]:
    """Where the first table among `lines` (a metadata block's) states each key: (the key,
    the index in `lines` of the row holding its value, the value's column). A header row of
    keys over a row of values (`| Status | Date |` / `| Proposed | 2025-01-19 |`: the first
    row of values), or rows of a key and its value (`| Status | Accepted |`)."""
    rows = [n for n, line in enumerate(lines) if line.lstrip().startswith("|")]
    if len(rows) < 2 or not _TABLE_RULE.fullmatch(lines[rows[1]].strip()):
        return []
    header = table_cells(lines[rows[0]])
    named = [table_key(cell) for cell in header]
    if any(named) and not (len(header) == 2 and named[0] and not named[1]):
        if len(rows) < 3:
            return []
        width = len(table_cells(lines[rows[2]]))
        return [(k, rows[2], col) for col, k in enumerate(named) if k and col < width]
    found = []  # a key per row: `| Status | Accepted |`
    for n in [rows[0], *rows[2:]]:
        row = table_cells(lines[n])
        if len(row) > 1 and (k := table_key(row[0])) and not table_key(row[1]):
            found.append((k, n, 1))
    return found


def _table_keys(preamble: list[str]) -> list[tuple[str, str]]:
    """The keys a table in the metadata block states (`table_places`) with a value."""
    found = [(k, table_cells(preamble[n])[col]) for k, n, col in table_places(preamble)]
    return [(k, v) for k, v in found if v]


def _loose_lines(preamble: list[str]) -> tuple[str, ...]:
    """The lines other than key lines and table rows, stripped, none blank."""
    return tuple(
        line.strip()
        for line in preamble
        if line.strip() and not _KEY_LINE.match(line) and not line.lstrip().startswith("|")
    )


def _changelog(doc: Outline, lines: list[str], at: int, order: DateOrder) -> tuple[ChangeLine, ...]:
    """Dated entries; an undated top-level bullet takes the date of a dated sub-heading."""
    start, end = doc.section(at)
    subheadings = {h.line: h for h in takewhile(lambda h: h.line < end, doc.headings[at + 1 :])}
    entries: list[tuple[When | BadDate, list[str]]] = []
    current: When | BadDate | None = None
    n = start
    while n < end:
        head = subheadings.get(n)
        bullet = None if head is not None else _BULLET.match(lines[n])
        text = head.text if head is not None else bullet[2] if bullet else lines[n].strip()
        found = leading_date(text, order) if text else None
        if head is not None:  # a dated sub-heading dates the undated bullets under it
            current = found[0] if found else None
            n = head.end
            continue
        n += 1
        if found is not None:
            entries.append((found[0], [found[1]]))
        elif bullet and len(bullet[1]) < 2 and current is not None:
            entries.append((current, [text]))
        elif text and not bullet and entries:
            entries[-1][1].append(text)
    return tuple(ChangeLine(at, " ".join(parts).strip()) for at, parts in entries)


def read_markdown(
    body: str, order: DateOrder = "dmy", statuses: tuple[tuple[str, str], ...] = ()
) -> MarkdownDoc:
    """A body's outline, then its layout, then what its conventional places say.

    The outline is the quick scanner's (`parse.scan`) when it is sure of it, else
    markdown-it's; the prose blocks are the scanner's when it is sure of the paragraphs
    too, else markdown-it's — with a scanned outline and unsure paragraphs they are left
    to be found on first use (None).
    """
    quick = scan(body)
    doc = quick if quick is not None else outline(body)
    lines = readable_lines(doc)
    where = layout(doc, statuses)
    changelog: tuple[ChangeLine, ...] = ()
    links: str | None = None
    for i, head in enumerate(doc.headings):
        if i == where.title:
            continue
        name = heading_name(head.text)
        if name in _CHANGELOG_NAMES and not changelog:
            changelog = _changelog(doc, lines, i, order)
        elif name in _LINKS_NAMES and links is None:
            links = "\n".join(lines[slice(*doc.section(i))])
    block_lines = [lines[n] for n in where.block]
    keys = _keys(block_lines)
    status_lines = None if where.status is None else lines[slice(*doc.section(where.status))]
    section = "\n".join(status_lines).strip() if status_lines else None
    section_status = _status_paragraph(status_lines) if status_lines is not None else None
    if where.status_heading is not None:  # `## Status: Deprecated`: the heading says it
        head = doc.headings[where.status_heading]
        section_status = heading_status(head.text, statuses)
        rest = lines[slice(*doc.section(where.status_heading))]
        section = "\n".join([section_status or "", *rest]).strip()
    return MarkdownDoc(
        title=None if where.title is None else doc.headings[where.title].text,
        first_heading=doc.headings[0].text if doc.headings else None,
        block_status=next((v for k, v in keys if k == "status"), None),
        section_status=section_status,
        status_section=section or None,
        keys=keys,
        block_text="\n".join(block_lines).strip() or None,
        loose_lines=_loose_lines(block_lines),
        changelog=changelog,
        links_section=links,
        definitions=doc.definitions,
        prose=(
            prose_spans(doc)[1]
            if quick is None
            else None
            if quick.paragraphs is None
            else prose_spans(_prose_outline(body, quick))[1]
        ),
    )
