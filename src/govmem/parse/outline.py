"""A Markdown text's block structure, read once with a CommonMark parser.

`outline(text)` runs `markdown-it-py` (the CommonMark preset, tables on,
block rules only: no inline parsing) and keeps what the record readers need
from its token stream — the headings and the leaf blocks, each as a range of
line numbers — together with the text's lines. Readers cut what they need
out of those lines, so everything they return is verbatim.

* **Headings** are ATX (`## Status`) and setext (`Status` underlined with
  `===` or `---`); a line that looks like one inside a fenced or indented
  code block, an HTML block or an HTML comment is none, since the parser
  reads it as part of that block.
* **Sections**: `Outline.section(i)` is the range of lines under heading
  `i`, up to the next heading of the same or a higher level.
* **Blocks**: paragraphs and tables (prose), code blocks, HTML blocks and
  thematic breaks, in document order, nested ones (list items, block
  quotes) included. A paragraph knows where its text starts on its first
  line, after list markers and `>`.
* **Link reference definitions** (`[adr-101]: ./adr-101-x.md`), as the
  parser finds them (never inside code), first definition of a label wins.

Lines are split where CommonMark splits them (`\\n`, `\\r\\n`, `\\r`), so the
parser's line numbers index them. The parser is built once and shared:
`MarkdownIt.parse` keeps its state per call, and the rule chains it looks up
are compiled here, before any thread can race to compile them. Outlines are
immutable values, memoised by text for the most recent bodies, so the
loader's reading of a body and the evidence split of the same body share one
parse.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final, Literal

from attrs import frozen

from govmem.model.text import fold

BlockKind = Literal["paragraph", "table", "code", "html", "hr"]

_LINE_BREAK: Final = re.compile(r"\r\n?|\n")
_DEFINITION: Final = re.compile(r"\[([^\]]+)\]:\s*(?:<([^>\n]*)>|(\S+))")
_LEAF_KINDS: Final[dict[str, BlockKind]] = {
    "paragraph_open": "paragraph",
    "table_open": "table",
    "code_block": "code",
    "fence": "code",
    "html_block": "html",
    "hr": "hr",
}


if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@cache
def _parser() -> MarkdownIt:
    """CommonMark with tables, block rules only, its rule caches compiled.

    Made on the first parse, not at import: a corpus restored from a snapshot
    never parses, and markdown-it's import is a tenth of a start. Two threads
    racing here each get a whole, compiled parser; one is kept.
    """
    from markdown_it import MarkdownIt  # noqa: PLC0415 - see above

    parser = MarkdownIt("commonmark").enable("table").disable(["inline", "text_join"])
    for ruler in (parser.core.ruler, parser.block.ruler, parser.inline.ruler, parser.inline.ruler2):
        ruler.getRules("")  # `Ruler` compiles every chain on first use; do it before threads
    return parser


@frozen
class Heading:
    """An ATX or setext heading: its level, its text (whitespace collapsed) and its lines."""

    level: int
    text: str
    line: int
    """Its first line."""
    end: int
    """The line after it (after the underline of a setext heading)."""
    section_end: int
    """Where its section ends: the next heading of the same or a higher level, or the end."""


@frozen
class Block:
    """A leaf block other than a heading, as the lines `line` to `end` (exclusive)."""

    kind: BlockKind
    line: int
    end: int
    lead: int = 0
    """Where a paragraph's text starts on its first line (after list markers and `>`)."""


@frozen
class Outline:
    """A text's lines, headings, leaf blocks and link definitions."""

    lines: tuple[str, ...]
    headings: tuple[Heading, ...] = ()
    blocks: tuple[Block, ...] = ()
    definitions: tuple[tuple[str, str], ...] = ()
    """Link reference definitions, labels lower-cased, targets as written."""
    paragraphs: tuple[Block, ...] | None = None
    """The quick scanner's paragraphs (`parse.scan`), when it is sure of them; None from
    the parser, whose `blocks` hold them."""

    def section(self, at: int) -> tuple[int, int]:
        """The lines under `headings[at]`, up to the next heading of the same or higher level."""
        head = self.headings[at]
        return head.end, head.section_end


def split_lines(text: str) -> list[str]:
    """The lines of `text` as CommonMark counts them (`\\n`, `\\r\\n` or `\\r` end one)."""
    if "\r" not in text:
        return text.split("\n")  # the same lines, five times as fast
    return _LINE_BREAK.split(text)


_HEADING_COMMENT: Final = re.compile(r"<!--.*?(?:-->|$)")


@lru_cache(maxsize=4096)
def heading_name(text: str) -> str:
    """A heading's words, folded, without numbers, markup or HTML comments: `2. **Décision**`
    -> `decision`, `Links <!-- optional -->` -> `links` (MADR and log4brains templates)."""
    return " ".join(re.findall(r"[a-z]+", fold(_HEADING_COMMENT.sub(" ", text))))


@lru_cache(maxsize=256)
def outline(text: str) -> Outline:
    """Parse `text` as CommonMark and keep its block structure (see the module docstring)."""
    lines = tuple(split_lines(text))
    env: dict[str, object] = {}
    tokens = _parser().parse(text, env)
    headings: list[tuple[int, str, int, int]] = []
    blocks: list[Block] = []
    for i, token in enumerate(tokens):
        if token.map is None:
            continue
        start, end = token.map
        if token.type == "heading_open":
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            headings.append((int(token.tag[1:]), " ".join(inline.split()), start, end))
        elif (kind := _LEAF_KINDS.get(token.type)) is not None:
            lead = 0
            if kind == "paragraph" and i + 1 < len(tokens):
                lead = _lead(lines[start], tokens[i + 1].content)
            blocks.append(Block(kind, start, end, lead))
    return Outline(lines, _sections(headings, len(lines)), tuple(blocks), _definitions(lines, env))


def _sections(found: list[tuple[int, str, int, int]], length: int) -> tuple[Heading, ...]:
    """Headings with where each one's section ends, in one pass (a stack of open sections)."""
    ends = [length] * len(found)
    open_: list[int] = []
    for i, (level, _, line, _) in enumerate(found):
        while open_ and found[open_[-1]][0] >= level:
            ends[open_.pop()] = line
        open_.append(i)
    return tuple(Heading(*h, section_end=e) for h, e in zip(found, ends, strict=True))


def _lead(line: str, content: str) -> int:
    """Where `content` (a paragraph's text, markers stripped) starts on its first `line`.

    The parser's first content line is the end of the source line, trailing
    blanks aside (NUL read as U+FFFD), so its last occurrence is the one.
    """
    first = content.split("\n", 1)[0]
    found = line.replace("\0", "\ufffd").rfind(first)
    return max(found, 0)


def _definitions(lines: tuple[str, ...], env: dict[str, object]) -> tuple[tuple[str, str], ...]:
    """Each definition the parser found, read verbatim from its own lines."""
    found: list[tuple[str, str]] = []
    references = env.get("references")
    if not isinstance(references, dict):
        return ()
    for ref in references.values():
        where = ref.get("map") if isinstance(ref, dict) else None
        if not where:
            continue
        if m := _DEFINITION.search("\n".join(lines[where[0] : where[1]])):
            found.append((m[1].strip().lower(), m[2] if m[2] is not None else m[3]))
    return tuple(found)
