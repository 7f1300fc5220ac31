"""Where a Markdown text says what was decided: its prose paragraphs, as line spans.

Evidence (SPEC §5.8) quotes a sentence of a source's *competing*
paragraphs: the paragraphs and tables of its decision sections, or of the
whole text when it has none. Which paragraphs those are is a fact of the
text's block structure, so it is read here, from the same `Outline` the
loader builds for a record's body, and kept with the record as a few line
spans (`Prose`): a query cuts its paragraphs out of the text it already
holds instead of parsing the Markdown again.

* **A decision section** is the part under a heading of any level whose words
  (folded: case and accents removed) start with `decision`, `entscheidung`,
  `besluit`, `chosen option` or `decisao` — `Decision`, `Decision Outcome`,
  `Decisione`, `Décision`, `Decisión`, `Decisão` — up to the next heading of
  the same or a higher level, its subsections' paragraphs included (MADR's
  `Decision Drivers` is one too: its words start with `decision`).
* **A paragraph's text** is its lines joined, from where its first line's
  text starts (after list markers and `>`), whitespace runs collapsed to one
  space (`paragraph_text`).

`parse.markdown.read_markdown` keeps a body's competing spans with what it
reads (`MarkdownDoc.prose`); `parse.markdown.text_prose` finds both kinds for any
text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

from govmem.model.text import squash

from .outline import Outline, heading_name

Span: TypeAlias = tuple[int, int, int]
"""A prose block: its first line, the line after it, where its text starts on the first line."""
Prose: TypeAlias = tuple[Span, ...]
"""The competing blocks of a text, in document order (`competing_spans`)."""

DECISION_HEADINGS: Final = ("decision", "entscheidung", "besluit", "chosen option", "decisao")
"""How a decision section's heading starts, folded (`decision` covers `decisione`)."""


def _decision_lines(doc: Outline) -> bytearray | None:
    """Which lines are in a decision section (1) or not (0); None when there is none."""
    inside: bytearray | None = None
    for i, head in enumerate(doc.headings):
        if heading_name(head.text).startswith(DECISION_HEADINGS):
            inside = inside or bytearray(len(doc.lines))
            start, end = doc.section(i)  # a line is under at most one heading of each level
            inside[start:end] = b"\x01" * (end - start)
    return inside


def prose_spans(doc: Outline) -> tuple[Prose, Prose]:
    """Every prose block of an outline, and the competing ones (its decision sections', else all).

    Blocks whose text is blank are left out of both.
    """
    inside = _decision_lines(doc)
    found: list[Span] = []
    decided: list[Span] = []
    for block in doc.blocks:
        if block.kind not in ("paragraph", "table"):
            continue
        span = (block.line, block.end, block.lead)
        if not _holds_text(doc.lines, span):
            continue
        found.append(span)
        if inside is not None and inside[block.line]:
            decided.append(span)
    return tuple(found), tuple(found) if inside is None else tuple(decided)


def _holds_text(lines: Sequence[str], span: Span) -> bool:
    """Whether `paragraph_text` of the span is not blank (without building it)."""
    line, end, lead = span
    return bool(lines[line][lead:].strip()) or any(t.strip() for t in lines[line + 1 : end])


def paragraph_text(lines: Sequence[str], span: Span) -> str:
    """A block's text: its lines joined from `lead` on, whitespace runs collapsed."""
    line, end, lead = span
    return squash(" ".join((lines[line][lead:], *lines[line + 1 : end])))
