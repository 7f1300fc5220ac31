"""Edits of a Markdown record's text that keep every other byte. Pure.

Each function takes a record's whole text (frontmatter included) and returns
the new text; the places are found as the loader finds them (the CommonMark
outline and `layout` of `govmem.parse.markdown`), so what is written is what
the next read sees:

* `set_title` — the title heading's text (a `# ` heading is added on top of
  the body when there is none);
* `set_block_value` — a metadata-block line's value (`- Status: …`,
  `Date: …`, `**Status:** …`), its continuation lines too;
* `fill_section` — the first block of a section (`## Decision`, `## Context
  and Problem Statement`), or a first paragraph where it has none;
* `add_status_line` — a line at the end of the `## Status` section, the way
  adr-tools' `_adr_add_link` adds `Superseded by [7. X](0007-x.md)`;
* `drop_status_word` — the bare status line of the `## Status` section, the
  way adr-tools' `_adr_remove_status` removes `Accepted` (blank lines it
  leaves doubled are collapsed as adr-tools does);
* `add_link_item` — an item of the `## Links` list (the section added at the
  end when there is none), as log4brains adds `Supersedes [x](x.md)`;
* `append_comment` — an HTML comment at the end of the text (the loader
  reads no HTML comment).

Lines keep their own line breaks; a new line takes the text's usual one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from govmem.parse.markdown import layout, readable_lines, set_cell, table_cells, table_places
from govmem.parse.outline import Outline, heading_name, outline
from govmem.parse.status import is_link_line, read_refs, read_status
from govmem.parse.yamledit import frontmatter_span

_LINE_BREAK: Final = re.compile(r"(\r\n?|\n)")
_BLOCK_KEY: Final = (
    r"^(?P<lead>\s*(?:>\s*)?(?:[-*+]\s+)?(?:\*\*|__)?{key}(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*)"
    r"(?P<value>.*?)(?P<tail>\s*)$"
)
_ANY_KEY: Final = re.compile(
    r"^\s*(?:>\s*)?(?:[-*+]\s+)?(?:\*\*|__)?[A-Za-z][A-Za-z -]{0,30}(?:\*\*|__)?\s*:(?:\*\*|__)?\s"
)
"""A metadata line: `Date: …`, `- Deciders: …`, `* **Status:** …`."""
_PLACEHOLDER_ITEM: Final = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:…|\.\.\.|(?:\[[^\]]*\]|\{[^}]*\})(?:\s*(?:\[[^\]]*\]|\{[^}]*\}))*)?\s*$"
)
"""A template's list item holding only placeholders (`- [Link type] [Link to ADR]`, `- …`)."""
_ATX: Final = re.compile(r"^(?P<lead> {0,3}#{1,6})(?:[ \t]+.*?)?(?P<close>[ \t]+#+)?[ \t]*$")

CONTEXT_NAMES: Final = frozenset(
    ("context", "context and problem statement", "problem statement", "background")
)
"""Headings (folded, `heading_name`) of the section a proposal's context goes to."""
CHANGELOG_NAMES: Final = frozenset(("changelog", "change log"))
"""A changelog section's headings: where a Tendermint record writes its dates."""
DECISION_NAMES: Final = frozenset(
    ("decision", "decision outcome", "the decision", "decisione", "entscheidung", "besluit")
)
"""Headings of the section a decision's text goes to."""
LINKS_NAMES: Final = frozenset(("links", "related decisions", "related adrs"))
DATE_KEYS: Final = ("date", "created", "last modified", "last updated", "updated")
"""Metadata-block keys a new record's date goes to, the first the model has (`Date:`, or
simpler-grants' `**Last Modified:**`)."""


def date_key(text: str) -> str | None:
    """The first of `DATE_KEYS` the metadata block has a line for."""
    return next((k for k in DATE_KEYS if block_has(text, k)), None)


class _Text:
    """A text cut into its frontmatter (kept whole) and its body's lines with their breaks."""

    def __init__(self, text: str) -> None:
        span = frontmatter_span(text)
        cut = 0
        if span is not None:
            rest = text[span[1] :]
            fence = rest.split("\n", 1)[0]
            cut = span[1] + len(fence) + (1 if "\n" in rest else 0)
        self.head = text[:cut]
        body = text[cut:]
        pieces = _LINE_BREAK.split(body)
        self.lines: list[str] = pieces[0::2]
        self.breaks: list[str] = [*pieces[1::2], ""]
        self.newline = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
        self.doc: Outline = outline(body)

    def text(self) -> str:
        return self.head + "".join(a + b for a, b in zip(self.lines, self.breaks, strict=True))

    def insert(self, at: int, new: Sequence[str]) -> None:
        """Insert lines before line `at` (each with the text's line break)."""
        if at >= len(self.lines) and self.lines and self.lines[-1] == "":
            at = len(self.lines) - 1  # before the empty piece after the last line break
        if at > 0 and self.breaks[at - 1] == "":
            self.breaks[at - 1] = self.newline
        self.lines[at:at] = list(new)
        self.breaks[at:at] = [self.newline] * len(new)

    def replace(self, start: int, end: int, new: Sequence[str]) -> None:
        """Replace lines `start`..`end` (exclusive), keeping the last one's line break."""
        last = self.breaks[end - 1] if end > start else self.newline
        self.lines[start:end] = list(new)
        self.breaks[start:end] = [self.newline] * (len(new) - 1) + [last] if new else []

    def section(self, names: frozenset[str], *, top: bool = True) -> int | None:
        """The index of the first content heading whose name is one of `names`."""
        where = layout(self.doc)
        for i, head in enumerate(self.doc.headings):
            if i == where.title or (top and where.top_level and head.level > where.top_level):
                continue
            if heading_name(head.text) in names:
                return i
        return None


def set_title(text: str, title: str) -> str:
    """The title heading's text set to `title` (a `# ` line added when there is none)."""
    t = _Text(text)
    where = layout(t.doc)
    if where.title is None:
        at = next((n for n, line in enumerate(t.lines) if line.strip()), len(t.lines))
        t.insert(at, [f"# {title}", ""])
        return t.text()
    head = t.doc.headings[where.title]
    line = t.lines[head.line]
    m = _ATX.match(line)
    if m is not None and head.end == head.line + 1:
        t.lines[head.line] = f"{m['lead']} {title}"
    else:  # setext: the text line(s) above the underline
        t.replace(head.line, head.end - 1, [title])
    return t.text()


def set_block_value(text: str, key: str, value: str) -> str | None:
    """The metadata block's `key:` line with `value`; None when the block has no such line.

    Lines that continue the old value (indented, before a blank line or the
    next item) are removed.
    """
    t = _Text(text)
    pattern = re.compile(
        _BLOCK_KEY.format(key=re.escape(key).replace("\\ ", "[ -]")), re.IGNORECASE
    )
    readable = readable_lines(t.doc)
    for n in layout(t.doc).block:
        if not pattern.match(readable[n]) or (m := pattern.match(t.lines[n])) is None:
            continue
        end = n + 1
        while end < len(t.lines) and t.lines[end][:1] in (" ", "\t") and t.lines[end].strip():
            if re.match(r"\s*[-*+]\s", t.lines[end]):
                break
            end += 1
        t.replace(n, end, [m["lead"] + value])
        return t.text()
    if (cell := _table_cell(t, key)) is not None:  # `| Status | Date |` over `| … | … |`
        n, col = cell
        t.lines[n] = set_cell(t.lines[n], col, value)
        return t.text()
    return None


def _table_cell(t: _Text, key: str) -> tuple[int, int] | None:
    """The line and column of the metadata block's table cell holding `key`'s value."""
    block = layout(t.doc).block
    lines = [t.lines[n] for n in block]
    return next(((block[n], col) for k, n, col in table_places(lines) if k == key), None)


def block_value(text: str, key: str) -> str | None:
    """The value of the metadata block's first `key:` line (comments left out); None without one."""
    t = _Text(text)
    pattern = re.compile(
        _BLOCK_KEY.format(key=re.escape(key).replace("\\ ", "[ -]")), re.IGNORECASE
    )
    readable = readable_lines(t.doc)
    for n in layout(t.doc).block:
        if (m := pattern.match(readable[n])) is not None:
            return m["value"]
    if (cell := _table_cell(t, key)) is not None:
        n, col = cell
        return table_cells(t.lines[n])[col]
    return None


def block_has(text: str, key: str) -> bool:
    """Whether the metadata block has a `key:` line, or a table cell for `key`."""
    return block_value(text, key) is not None


def insert_block_line(text: str, line: str) -> str:
    """`line` added to the metadata block: after its last `Key: value` line, else right
    under the title (or on top of a body without one)."""
    t = _Text(text)
    where = layout(t.doc)
    readable = readable_lines(t.doc)
    keyed = [n for n in where.block if _ANY_KEY.match(readable[n])]
    if keyed:
        t.insert(keyed[-1] + 1, [line])
    elif where.title is not None:
        t.insert(t.doc.headings[where.title].end, ["", line])
    else:
        t.insert(0, [line, ""])
    return t.text()


def has_title(text: str) -> bool:
    """Whether the body has a title heading (a first level-1 heading)."""
    return layout(_Text(text).doc).title is not None


def has_status_section(text: str) -> bool:
    """Whether the body has a status section (at its top section level)."""
    return layout(_Text(text).doc).status is not None


def has_section(text: str, names: frozenset[str]) -> bool:
    """Whether the text has a content section named one of `names`."""
    return _Text(text).section(names) is not None


def fill_section(text: str, names: frozenset[str], content: str) -> str | None:
    """The first block of the section named one of `names` replaced by `content`.

    The block is the first paragraph, list, HTML block (a template's
    guidance comment) or table before the section's first sub-heading; a
    section without one gets `content` as its first paragraph. None when
    there is no such section.
    """
    t = _Text(text)
    at = t.section(names)
    if at is None:
        return None
    head = t.doc.headings[at]
    sub = next((h.line for h in t.doc.headings[at + 1 :] if h.line >= head.end), head.section_end)
    stop = min(sub, head.section_end)
    new = content.strip().splitlines()
    block = next((b for b in t.doc.blocks if head.end <= b.line < stop), None)
    if block is not None:
        start, end = block.line, min(block.end, stop)
        while end > start and not t.lines[end - 1].strip():
            end -= 1
        t.replace(start, end, new)
        return t.text()
    t.insert(head.end, ["", *new] if stop > head.end else ["", *new, ""])
    return t.text()


def _status_heading(t: _Text) -> int | None:
    return layout(t.doc).status


def add_status_line(text: str, line: str) -> str | None:
    """`line` and a blank line added at the end of the `## Status` section, before the next
    heading, as adr-tools adds a link (at the end of the text when no heading follows); None
    when there is no status section."""
    t = _Text(text)
    at = _status_heading(t)
    if at is None:
        return None
    head = t.doc.headings[at]
    following = next((h.line for h in t.doc.headings[at + 1 :] if h.line >= head.end), None)
    if following is None:
        end = len(t.lines)
        while end > head.end and not t.lines[end - 1].strip():
            end -= 1
        t.insert(end, ["", line])
        return t.text()
    t.insert(following, [line, ""])
    return t.text()


def drop_status_word(text: str, is_word: Callable[[str], bool] | None = None) -> str:
    """The `## Status` section without its bare status lines, as adr-tools' `_adr_remove_status`.

    A bare status line is one the status reader gives a class and no ref
    (`Accepted`, `✅ Approved`), or one `is_word` accepts. Within the
    section, a blank line after a blank line (or after a removed line that
    followed one) is dropped, so `## Status`, blank, `Accepted`, blank,
    `Superseded by …` becomes `## Status`, blank, `Superseded by …`.
    """
    t = _Text(text)
    at = _status_heading(t)
    if at is None:
        return text
    test = is_word or _bare_status
    head = t.doc.headings[at]
    keep_lines: list[str] = []
    keep_breaks: list[str] = []
    after_blank = False
    end = head.section_end
    for n in range(head.end, end):
        line = t.lines[n]
        if not line.strip():
            if not after_blank:
                keep_lines.append(line)
                keep_breaks.append(t.breaks[n])
            after_blank = True
            continue
        if test(line):
            continue
        after_blank = False
        keep_lines.append(line)
        keep_breaks.append(t.breaks[n])
    t.lines[head.end : end] = keep_lines
    t.breaks[head.end : end] = keep_breaks
    return t.text()


def _bare_status(line: str) -> bool:
    refs = read_refs(line)
    return (
        read_status(line).status != "unknown"
        and not refs.supersedes
        and not refs.superseded_by
        and not refs.links
    )


def add_link_item(text: str, item: str) -> str:
    """`- item` appended to the `## Links` list; the section is added at the end when missing.

    A template's list of placeholders only (`- [Link type] [Link to ADR]`,
    `- {Link type} {Link to ADR}`) is replaced by the item.
    """
    t = _Text(text)
    at = t.section(LINKS_NAMES)
    if at is not None:
        head = t.doc.headings[at]
        filled = [n for n in range(head.end, head.section_end) if t.lines[n].strip()]
        readable = readable_lines(t.doc)
        if filled and all(_PLACEHOLDER_ITEM.match(readable[n]) for n in filled):
            t.replace(filled[0], filled[-1] + 1, [f"- {item}"])
            return t.text()
        last = filled[-1] if filled else None
        if last is not None and re.match(r"\s*[-*+]\s", t.lines[last]):
            t.insert(last + 1, [f"- {item}"])
            return t.text()
        t.insert(last + 1 if last is not None else head.end, ["", f"- {item}"])
        return t.text()
    end = len(t.lines)
    while end > 0 and not t.lines[end - 1].strip():
        end -= 1
    t.insert(end, ["", "## Links", "", f"- {item}"])
    return t.text()


_LEADING_WORD: Final = re.compile(r"^(?P<lead>[^A-Za-z]*)(?P<word>[A-Za-z]+)")


def restate_status(text: str, word: str, *, block: bool, section: bool) -> str:
    """The metadata block's status line and/or the status section's status with their leading
    status word replaced by `word` (its case kept), where they read as another class — so that
    a record whose status is written in two places says one thing (no `status-conflict`)."""
    status = read_status(word).status
    value = block_value(text, "status") if block else None
    if value is not None and read_status(value).status not in (status, "unknown"):
        t = _Text(text)
        pattern = re.compile(_BLOCK_KEY.format(key="status"), re.IGNORECASE)
        for n in layout(t.doc).block:
            m = pattern.match(t.lines[n])
            if m is not None:
                t.lines[n] = m["lead"] + _swap(m["value"], word) + m["tail"]
                break
        text = t.text()
    if section:
        t = _Text(text)
        at = layout(t.doc).status
        if at is not None:
            head = t.doc.headings[at]
            for n in range(head.end, head.section_end):
                line = t.lines[n]
                if line.strip() and not is_link_line(line):
                    if read_status(line).status not in (status, "unknown"):
                        t.lines[n] = _swap(line, word)
                    break
            text = t.text()
    return text


def _swap(value: str, word: str) -> str:
    """`value` with its first word replaced by `word`, capitalised as it was."""
    m = _LEADING_WORD.match(value)
    if m is None:
        return value
    new = word.capitalize() if m["word"][:1].isupper() else word.lower()
    return m["lead"] + new + value[m.end() :]


def append_comment(text: str, comment: str) -> str:
    """`<!-- comment -->` as the text's last line (after a blank line)."""
    t = _Text(text)
    end = len(t.lines)
    while end > 0 and not t.lines[end - 1].strip():
        end -= 1
    t.insert(end, ["", f"<!-- {comment} -->"])
    return t.text()
