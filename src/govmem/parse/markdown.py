"""The parts of a Markdown decision record that carry governed facts.

An ADR without frontmatter (Nygard, adr-tools, log4brains, Tendermint) says
what it is in a few conventional places, and a MADR file with frontmatter
sometimes does too. `read_markdown` finds them, never interpreting them:

    # 21. Multi-cluster                    -> title (number kept)
    Date: 2021-05-11                       -> preamble keys, between the H1 and
    - Status: accepted / * Deciders: ...      the first lower heading
    June 19, 2018                          -> a preamble line that is a date
    ## Status                              -> the status text (first paragraph)
    ⌛️ Superseded by [036. …](036-….md)       and the whole section (for refs)
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

import re
from itertools import takewhile
from typing import Final

from attrs import frozen

from govmem.model.text import fold
from govmem.model.time import When

from .dates import BadDate, DateOrder, leading_date, parse_date
from .outline import Outline, heading_name, outline, split_lines
from .prose import Prose, prose_spans

_BULLET: Final = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$")
_COMMENT: Final = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_KEY_LINE: Final = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?P<key>date|created|updated|last[ -]updated|revision[ -]date"
    r"|status|deciders?|decision[ -]makers|tags)(?:\*\*|__)?\s*(?P<colon>:)?(?:\*\*|__)?\s+"
    r"(?P<value>\S.*?)\s*$",
    re.IGNORECASE,
)
_DATE_KEYS: Final = frozenset(("date", "created", "updated", "last updated", "revision date"))
_STATUS_NAMES: Final = frozenset(("status", "statuses", "decision status"))
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
    status_text: str | None = None
    """The `## Status` section's first paragraph, else a preamble `Status:` value."""
    status_section: str | None = None
    """The whole status text, where relation lines such as `Amended by` live."""
    keys: tuple[tuple[str, str], ...] = ()
    """Preamble `key: value` lines, keys folded (`date`, `created`, `deciders`...)."""
    bare_dates: tuple[str, ...] = ()
    """Preamble lines that are a date and nothing else (`June 19, 2018`)."""
    changelog: tuple[ChangeLine, ...] = ()
    links_section: str | None = None
    """A MADR/log4brains `## Links` section (`- Supersedes [x](x.md)`)."""
    definitions: tuple[tuple[str, str], ...] = ()
    """Reference-style link definitions, labels lower-cased."""
    prose: Prose = ()
    """The competing prose blocks (`parse.prose`): where evidence is quoted from."""

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
    """A Markdown text's lines after its frontmatter, its prose blocks and the competing ones."""
    body = split_frontmatter(text)[1]
    return split_lines(body), *prose_spans(outline(body))


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


def _title_at(doc: Outline) -> int | None:
    """Which heading is the title: the first of level 1."""
    return next((i for i, head in enumerate(doc.headings) if head.level == 1), None)


def status_heading(doc: Outline) -> int | None:
    """Which heading opens the status section: the first `Status` heading but the title."""
    title = _title_at(doc)
    return next(
        (
            i
            for i, head in enumerate(doc.headings)
            if i != title and heading_name(head.text) in _STATUS_NAMES
        ),
        None,
    )


def _first_paragraph(lines: list[str]) -> str | None:
    para: list[str] = []
    for line in lines:
        if line.strip():
            para.append(line.strip())
        elif para:
            break
    text = " ".join(para).strip()
    return text or None


def preamble(doc: Outline) -> tuple[int, int]:
    """The lines after the H1 (or from the start) and before the next heading."""
    heads = doc.headings
    start = heads[0].end if heads and heads[0].level == 1 else 0
    end = next((h.line for h in heads if h.line >= start), len(doc.lines))
    return start, end


def _keys(preamble: list[str]) -> tuple[tuple[str, str], ...]:
    keys: list[tuple[str, str]] = []
    for line in preamble:
        m = _KEY_LINE.match(line)
        if m is None:
            continue
        key = fold(m["key"]).replace("-", " ")
        if m["colon"] or key in _DATE_KEYS:
            keys.append((key, m["value"].strip()))
    return tuple(keys)


def _bare_dates(preamble: list[str], order: DateOrder) -> tuple[str, ...]:
    return tuple(
        line.strip()
        for line in preamble
        if line.strip() and not _KEY_LINE.match(line) and parse_date(line, order) is not None
    )


def _changelog(doc: Outline, lines: list[str], at: int, order: DateOrder) -> tuple[ChangeLine, ...]:
    """Dated entries; an undated top-level bullet takes the date of a dated sub-heading."""
    start, end = doc.section(at)
    subheadings = {h.line: h for h in takewhile(lambda h: h.line < end, doc.headings[at + 1 :])}
    entries: list[tuple[When | BadDate, list[str]]] = []
    current: When | BadDate | None = None
    n = start
    while n < end:
        if (head := subheadings.get(n)) is not None:
            found = leading_date(head.text, order)
            current = found[0] if found else None
            n = head.end
            continue
        line = lines[n]
        n += 1
        bullet = _BULLET.match(line)
        text = bullet[2] if bullet else line.strip()
        found = leading_date(text, order) if text else None
        if found is not None:
            entries.append((found[0], [found[1]]))
        elif bullet and len(bullet[1]) < 2 and current is not None:
            entries.append((current, [text]))
        elif text and not bullet and entries:
            entries[-1][1].append(text)
    return tuple(ChangeLine(at, " ".join(parts).strip()) for at, parts in entries)


def read_markdown(body: str, order: DateOrder = "dmy") -> MarkdownDoc:
    """Find title, preamble keys, status, changelog and link definitions in a body."""
    doc = outline(body)
    lines = readable_lines(doc)
    status_at = status_heading(doc)
    status_lines = None if status_at is None else lines[slice(*doc.section(status_at))]
    changelog: tuple[ChangeLine, ...] = ()
    links: str | None = None
    title = _title_at(doc)
    for i, head in enumerate(doc.headings):
        if i == title:
            continue
        name = heading_name(head.text)
        if name in _CHANGELOG_NAMES and not changelog:
            changelog = _changelog(doc, lines, i, order)
        elif name in _LINKS_NAMES and links is None:
            links = "\n".join(lines[slice(*doc.section(i))])
    preamble_lines = lines[slice(*preamble(doc))]
    keys = _keys(preamble_lines)
    status_text = _first_paragraph(status_lines) if status_lines is not None else None
    section = "\n".join(status_lines).strip() if status_lines else None
    if status_text is None:
        status_text = next((v for k, v in keys if k == "status"), None)
        section = status_text
    return MarkdownDoc(
        title=None if title is None else doc.headings[title].text,
        first_heading=doc.headings[0].text if doc.headings else None,
        status_text=status_text,
        status_section=section or None,
        keys=keys,
        bare_dates=_bare_dates(preamble_lines, order),
        changelog=changelog,
        links_section=links,
        definitions=doc.definitions,
        prose=prose_spans(doc)[1],
    )
