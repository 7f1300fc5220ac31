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
against the text it came from (the answer marks it verified without a
search; a property test holds `verify` to that). Which paragraphs compete is read with the record
(`govmem.parse.prose`); the split into sentences and their terms is done
once per source and kept with the index (`qindex.source_text`), so a query's
evidence is a pass over a few term sets, never a parse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from attrs import frozen

from govmem.model.records import Source
from govmem.model.text import squash
from govmem.parse.markdown import text_prose
from govmem.parse.outline import split_lines
from govmem.parse.prose import Prose, paragraph_text

from .terms import term_set, terms

SHORT_SENTENCE: Final = 40
"""A picked sentence shorter than this (code points) takes the next one along."""

_SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+")


def _paragraphs(lines: Sequence[str], spans: Prose) -> list[str]:
    return [paragraph_text(lines, span) for span in spans]


def paragraphs(text: str) -> list[str]:
    """The prose paragraphs of a Markdown text, each with whitespace collapsed."""
    lines, found, _ = text_prose(text)
    return _paragraphs(lines, found)


def competing(text: str) -> list[str]:
    """The paragraphs whose sentences compete: the decision sections', else all."""
    lines, _, decided = text_prose(text)
    return _paragraphs(lines, decided)


def sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences: each ends at `.`, `!` or `?` before whitespace or the end."""
    return [s for s in _SENTENCE_END.split(paragraph) if s]


@frozen
class SplitText:
    """A source text's competing paragraphs, split once into sentences with their terms."""

    paragraphs: tuple[tuple[tuple[str, ...], tuple[frozenset[str], ...]], ...]

    @classmethod
    def from_paragraphs(cls, found: Iterable[str]) -> SplitText:
        """Split paragraphs into sentences and find each one's terms."""
        paras = []
        for paragraph in found:
            parts = tuple(sentences(paragraph))
            paras.append((parts, tuple(frozenset(terms(p)) for p in parts)))
        return cls(tuple(paras))

    @classmethod
    def from_text(cls, text: str) -> SplitText:
        """Split a Markdown text's competing paragraphs."""
        return cls.from_paragraphs(competing(text))

    @classmethod
    def of_source(cls, source: Source) -> SplitText:
        """Split a source's text, with the prose spans read at load when it has them."""
        if source.prose is None:
            return cls.from_text(source.text)
        return cls.from_paragraphs(_paragraphs(split_lines(source.text), source.prose))


def best_excerpt(text: SplitText, wanted: frozenset[str]) -> str | None:
    """The sentence sharing the most of `wanted` (earliest on ties), plus the next if short.

    The excerpt is a run of the text's own words, so it verifies against it.
    """
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
    needle = squash(excerpt)
    return bool(needle) and needle in squash(text)
