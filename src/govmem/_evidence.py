"""Evidence: the sentence of a source that best supports a decision (SPEC §5.8).

A decision that declares no `evidence` gets one excerpt per source, picked
from the source's text:

1. **Blocks.** The text is read as Markdown. A leading YAML frontmatter
   block, headings (ATX `# Title` lines, and setext paragraphs underlined
   with `===` or `---`), thematic breaks, fenced code blocks and whole-line
   HTML comments are excluded. A list marker (`-`, `*`, `+`, `1.`, `1)`) is
   excluded and starts a new paragraph, since each list item is its own
   block. Everything else — inline markup, tables, block quotes — is kept
   verbatim.
2. **Paragraphs** end at blank lines and at every excluded line. A
   paragraph's lines are joined and its whitespace runs collapsed to one
   space: a sentence wrapped over several lines reads as the one line it
   is. That collapse is the only change "verbatim" allows.
3. **Sentences** end at `.`, `!` or `?` followed by whitespace or the end of
   the paragraph.
4. **Pick** the sentence sharing the most distinct folded tokens
   (`_text.tokens`) with the decision's value, its content and the
   question — every token counts, stop words included — the earliest on
   ties. When the picked sentence is under 40 characters (code points), the
   next sentence of the same paragraph is appended, after one space.

`verify(excerpt, text)` is true when the excerpt occurs in the text with
whitespace runs collapsed on both sides. Because excluded lines always end a
paragraph and a list marker only ever precedes a paragraph's first sentence,
every picked excerpt is a run of consecutive source words, so it is always
verified against the text it came from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from attrs import frozen

from ._text import squash, tokens

SHORT_SENTENCE: Final = 40
"""A picked sentence shorter than this (code points) takes the next one along."""

_FRONTMATTER_OPEN: Final = re.compile(r"^\ufeff?---[ \t]*$")
_FRONTMATTER_CLOSE: Final = re.compile(r"^(?:---|\.\.\.)[ \t]*$")
_ATX_HEADING: Final = re.compile(r"^ {0,3}#{1,6}(?:\s|$)")
_SETEXT_UNDERLINE: Final = re.compile(r"^ {0,3}(?:=+|-+)\s*$")
_THEMATIC_BREAK: Final = re.compile(r"^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$")
_FENCE: Final = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HTML_COMMENT: Final = re.compile(r"^\s*<!--.*-->\s*$")
_LIST_MARKER: Final = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])(?:\s+|$)")
_SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+")


def _body_lines(text: str) -> list[str]:
    """The lines of `text` after a leading frontmatter block, if it has a closed one."""
    lines = text.splitlines()
    if lines and _FRONTMATTER_OPEN.match(lines[0]):
        for i in range(1, len(lines)):
            if _FRONTMATTER_CLOSE.match(lines[i]):
                return lines[i + 1 :]
    return lines


def paragraphs(text: str) -> list[str]:
    """The prose paragraphs of a Markdown text, each with whitespace collapsed."""
    found: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            joined = squash(" ".join(current))
            if joined:
                found.append(joined)
            current.clear()

    fence: str | None = None
    for line in _body_lines(text):
        if fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence) and stripped.strip(fence[0]) == "":
                fence = None
            continue
        if opening := _FENCE.match(line):
            flush()
            fence = opening[1]
        elif not line.strip() or _ATX_HEADING.match(line) or _HTML_COMMENT.match(line):
            flush()
        elif current and _SETEXT_UNDERLINE.match(line):
            current.clear()  # the paragraph was a setext heading
        elif _THEMATIC_BREAK.match(line) or _SETEXT_UNDERLINE.match(line):
            flush()
        elif marker := _LIST_MARKER.match(line):
            flush()
            current.append(line[marker.end() :])
        else:
            current.append(line)
    flush()
    return found


def sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences: each ends at `.`, `!` or `?` before whitespace or the end."""
    return [s for s in _SENTENCE_END.split(paragraph) if s]


@frozen
class SplitText:
    """A source text split once: each paragraph's sentences with their tokens, and the
    whole text with whitespace collapsed (for verification)."""

    paragraphs: tuple[tuple[tuple[str, ...], tuple[frozenset[str], ...]], ...]
    squashed: str

    @classmethod
    def from_text(cls, text: str) -> SplitText:
        """Split `text` into paragraphs and sentences, and tokenise each sentence."""
        paras = []
        for paragraph in paragraphs(text):
            parts = tuple(sentences(paragraph))
            paras.append((parts, tuple(frozenset(tokens(p)) for p in parts)))
        return cls(tuple(paras), squash(text))


def wanted_tokens(hints: Iterable[str | None]) -> frozenset[str]:
    """The folded tokens of the texts an excerpt should share (value, content, question)."""
    return frozenset(t for hint in hints if hint for t in tokens(hint))


def best_excerpt(text: SplitText, wanted: frozenset[str]) -> str | None:
    """The sentence sharing the most of `wanted` (earliest on ties), plus the next if short."""
    best: tuple[tuple[str, ...], int] | None = None
    best_shared = -1
    for parts, toks in text.paragraphs:
        for i, tok in enumerate(toks):
            shared = len(wanted & tok)
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
            markers are skipped).
        value: the decision's value.
        content: the decision's content.
        question: the question asked.

    Returns:
        The best sentence (plus the next one of its paragraph when it is
        under 40 characters), whitespace runs collapsed to single spaces.
    """
    return pick_from(text, (value, content, question))


def pick_from(text: str, hints: Iterable[str | None]) -> str | None:
    """`pick_excerpt` with the texts whose tokens are sought given as one iterable."""
    return best_excerpt(SplitText.from_text(text), wanted_tokens(hints))


def verify(excerpt: str, text: str) -> bool:
    """Whether `excerpt` occurs in `text`, whitespace runs collapsed on both sides.

    An excerpt with no visible character is never verified.
    """
    return verified_in(excerpt, SplitText((), squash(text)))
