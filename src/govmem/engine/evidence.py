"""Evidence: the sentence of a source that best supports a decision.

A decision that declares no `evidence` gets one excerpt per source, picked
from the source's text:

1. **Blocks.** The text is read as CommonMark (`govmem.parse.outline`), after a leading
   YAML frontmatter block. Paragraphs and tables are prose; headings (ATX
   and setext), code blocks (fenced or indented), HTML blocks and comments
   and thematic breaks are not. A paragraph's text starts after the list
   markers and `>` of its first line; everything else — inline markup, a
   table's rows, the `>` of a quote's later lines — is kept verbatim.
2. **Paragraphs.** Each prose block's lines are joined and its whitespace
   runs collapsed to one space: a sentence wrapped over several lines reads
   as the one line it is. That collapse is the only change "verbatim"
   allows.
3. **Sentences** end at `.`, `!` or `?` followed by whitespace or the end of
   the paragraph.
4. **The decision section.** The part under a heading of any level whose
   words (folded: case and accents removed) start with `decision`,
   `entscheidung`, `besluit`, `chosen option` or `decisao` — `Decision`,
   `Decision Outcome`, `Decisione`, `Décision`, `Decisión`, `Decisão` —
   up to the next heading of the same or a higher level, its subsections'
   paragraphs included (MADR's `Decision Drivers` is one too: its words
   start with `decision`). When the text has one, only its sentences compete
   (several such sections compete together), so an unfilled template's
   empty `## Decision` gives no excerpt at all; otherwise every sentence
   does.
5. **Pick** the sentence sharing the most distinct terms (`terms`: folded
   word tokens, stop words dropped, Snowball English stems; intent words
   kept) with the decision's value, its content and the question — the
   earliest on ties. When the picked sentence is under 40 characters (code
   points), the next sentence of the same paragraph is appended, after one
   space.

`verify(excerpt, text)` is true when the excerpt occurs in the text with
whitespace runs collapsed on both sides. A paragraph is a run of whole,
consecutive source lines (only its first line's markers cut off), so every
picked excerpt is a run of consecutive source words: it is always verified
against the text it came from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from attrs import frozen

from govmem.model.text import squash
from govmem.parse.markdown import split_frontmatter
from govmem.parse.outline import Outline, heading_name, outline

from .terms import term_set, terms

SHORT_SENTENCE: Final = 40
"""A picked sentence shorter than this (code points) takes the next one along."""
DECISION_HEADINGS: Final = ("decision", "entscheidung", "besluit", "chosen option", "decisao")
"""How a decision section's heading starts, folded (`decision` covers `decisione`)."""

_SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+")


def _decision_lines(doc: Outline) -> bytearray | None:
    """Which lines are in a decision section (1) or not (0); None when there is none."""
    inside: bytearray | None = None
    for i, head in enumerate(doc.headings):
        name = heading_name(head.text)
        if name.startswith(DECISION_HEADINGS):
            inside = inside or bytearray(len(doc.lines))
            start, end = doc.section(i)  # a line is under at most one heading of each level
            inside[start:end] = b"\x01" * (end - start)
    return inside


def _prose(text: str) -> tuple[list[str], list[str]]:
    """All prose paragraphs of `text`, and those of its decision sections."""
    doc = outline(split_frontmatter(text)[1])
    inside = _decision_lines(doc)
    found: list[str] = []
    decided: list[str] = []
    for block in doc.blocks:
        if block.kind not in ("paragraph", "table"):
            continue
        lines = doc.lines[block.line : block.end]
        paragraph = squash(" ".join((lines[0][block.lead :], *lines[1:])))
        if not paragraph:
            continue
        found.append(paragraph)
        if inside is not None and inside[block.line]:
            decided.append(paragraph)
    return found, found if inside is None else decided


def paragraphs(text: str) -> list[str]:
    """The prose paragraphs of a Markdown text, each with whitespace collapsed."""
    return _prose(text)[0]


def competing(text: str) -> list[str]:
    """The paragraphs whose sentences compete: the decision sections', else all."""
    return _prose(text)[1]


def sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences: each ends at `.`, `!` or `?` before whitespace or the end."""
    return [s for s in _SENTENCE_END.split(paragraph) if s]


@frozen
class SplitText:
    """A source text split once: the competing paragraphs' sentences with their terms,
    and the whole text with whitespace collapsed (for verification)."""

    paragraphs: tuple[tuple[tuple[str, ...], tuple[frozenset[str], ...]], ...]
    squashed: str

    @classmethod
    def from_text(cls, text: str) -> SplitText:
        """Split `text` into its competing paragraphs' sentences, and find each one's terms."""
        paras = []
        for paragraph in competing(text):
            parts = tuple(sentences(paragraph))
            paras.append((parts, tuple(frozenset(terms(p)) for p in parts)))
        return cls(tuple(paras), squash(text))


def best_excerpt(text: SplitText, wanted: frozenset[str]) -> str | None:
    """The sentence sharing the most of `wanted` (earliest on ties), plus the next if short."""
    best: tuple[tuple[str, ...], int] | None = None
    best_shared = -1
    for parts, found in text.paragraphs:
        for i, sentence_terms in enumerate(found):
            shared = len(wanted & sentence_terms)
            if shared > best_shared:
                best, best_shared = (parts, i), shared
    if best is None:
        return None
    parts, i = best
    excerpt = parts[i]
    if len(excerpt) < SHORT_SENTENCE and i + 1 < len(parts):
        excerpt = f"{excerpt} {parts[i + 1]}"
    return excerpt


def verified_in(excerpt: str, text: SplitText) -> bool:
    """Whether `excerpt` occurs in the text, whitespace collapsed; a blank one never does."""
    needle = squash(excerpt)
    return bool(needle) and needle in text.squashed


def pick_excerpt(
    text: str,
    *,
    value: str | None = None,
    content: str | None = None,
    question: str = "",
) -> str | None:
    """The sentence of `text` that best supports a decision; None when it has no prose.

    Args:
        text: the source text (Markdown; frontmatter, headings and list
            markers are skipped; a decision section, when there is one, is
            where the sentence comes from).
        value: the decision's value.
        content: the decision's content.
        question: the question asked.

    Returns:
        The best sentence (plus the next one of its paragraph when it is
        under 40 characters), whitespace runs collapsed to single spaces.
    """
    return pick_from(text, (value, content, question))


def pick_from(text: str, hints: Iterable[str | None]) -> str | None:
    """`pick_excerpt` with the texts whose terms are sought given as one iterable."""
    return best_excerpt(SplitText.from_text(text), term_set(hints))


def verify(excerpt: str, text: str) -> bool:
    """Whether `excerpt` occurs in `text`, whitespace runs collapsed on both sides.

    An excerpt with no visible character is never verified.
    """
    return verified_in(excerpt, SplitText((), squash(text)))
