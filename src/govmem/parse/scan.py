"""A quick line scanner for the outline a load needs, or None when it cannot be sure.

A load reads a body's headings, the lines its code blocks and HTML comments
hide, and its link definitions (`parse.markdown.read_markdown`); it does not
need the rest of the block structure (paragraphs, list items, tables:
evidence finds those on first use, SPEC v5 §8). `scan(text)` reads those
three things in one pass over the lines, as CommonMark (`outline`) reads
them, for the Markdown ADRs are written in:

* ATX headings (`## Status`, closing `#`s cut as CommonMark cuts them), at
  the top level or in a list item, and setext headings under a top-level
  paragraph;
* fenced code (`` ``` ``, `~~~`), at the top level or in a list item,
  indented code, and HTML comments opening a line (`<!-- … -->`);
* comments inside a top-level paragraph's lines (cut out of the paragraph,
  as `readable_lines` cuts them) or a heading's (kept: a heading is no block);
* single-line link definitions (`[adr-1]: ./0001-x.md`) where a block starts;
* list items and block quotes — the columns their content starts at, so that
  code inside them and the lines that end them are placed as CommonMark
  places them — holding text.

Wherever the answer would need more than that — a tab outside code, a NUL,
an HTML block other than a comment, a heading, fence, underline,
definition or comment inside a quote, or a definition inside an item, an
underline or a comment under a table, a definition with a title or across
lines, CommonMark's own special cases — it returns None and the caller
parses with markdown-it. When it returns an outline, its headings, the
lines `readable_lines` reads from it and its definitions are the ones
`outline(text)` gives (`tests/parse/test_scan.py` checks that on every
corpus and on generated Markdown); its `blocks` hold only the code and HTML
blocks and the paragraphs holding a comment. Pure.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from .outline import _DEFINITION, Block, Outline, _sections, split_lines

_ATX: Final = re.compile(r"#{1,6}(?: |$)")
_FENCE: Final = re.compile(r"(`{3,})[^`]*|(~{3,}).*")
_UNDERLINE: Final = re.compile(r"(?:=+|-+) *")
_BREAK: Final = re.compile(r"(?:(?:- *){3,}|(?:\* *){3,}|(?:_ *){3,})")
_MARKER: Final = re.compile(r"(?:[-*+]|\d{1,9}[.)])(?: {1,4}|$)|> ?")
_LABEL: Final = (
    r"\[((?:[\x20-\x5a\x5e-\x7e]|\\[\x21-\x5a\x5e-\x7e])*?[\x21-\x5a\x5e-\x7e]"
    r"(?:[\x20-\x5a\x5e-\x7e]|\\[\x21-\x5a\x5e-\x7e])*)\]:"
)
_STRICT_DEFINITION: Final = re.compile(_LABEL + r" *(?:<[^<>\\\n]+>|[^\x00-\x20\x7f<>()\\]+) *")
"""A definition on one line and nothing after its target: a printable ASCII label (escapes
but no brackets), a target in `<>` or without spaces, parentheses, angle brackets or escapes."""
_TEXT_AFTER_TARGET: Final = re.compile(r"\[[^\[\]\\]*\]: *[^\s<\\][^ \\]* +[^\s\"'(]")
"""`[^1]: A footnote.`: a target, then text that is no title: no definition (CommonMark
wants the rest of the line blank)."""
_BARE_LABEL: Final = re.compile(r"\[[^\[\]\\]*\]: *")
"""`[x]:` alone: a definition only if its target is on the next line."""
_TITLE_START: Final = ('"', "'", "(")
_HTML_NAMES: Final = frozenset(
    [
        "address",
        "article",
        "aside",
        "base",
        "basefont",
        "blockquote",
        "body",
        "caption",
        "center",
        "col",
        "colgroup",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "frame",
        "frameset",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hr",
        "html",
        "iframe",
        "legend",
        "li",
        "link",
        "main",
        "menu",
        "menuitem",
        "nav",
        "noframes",
        "ol",
        "optgroup",
        "option",
        "p",
        "param",
        "search",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "title",
        "tr",
        "track",
        "ul",
        "script",
        "pre",
        "style",
        "textarea",
    ]
)
"""Tags that open an HTML block anywhere (CommonMark's kinds 1 and 6)."""
_TAG: Final = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)")

_MARKUP: Final = frozenset("`~#<=-_*+>[")
"""The characters a line other than text may start with (besides digits: `1.` opens an
ordered list item)."""

Prev = Literal["start", "blank", "block", "def", "para", "text", "empty"]
"""What the previous line was: none, blank, the end of a heading or other block, a link
definition, a line of a top-level paragraph, a line of a paragraph inside a list item or
quote, a list item with nothing in it (a quote's `>` alone is a blank line in it)."""


class _Unsure(Exception):
    """The text needs the CommonMark parser."""


def scan(text: str) -> Outline | None:
    """The outline's headings, code and comment blocks and definitions, or None if unsure."""
    if "\0" in text:
        return None
    try:
        return _Scan(split_lines(text)).run()
    except _Unsure:
        return None


class _Scan:
    """One pass over a text's lines, in the state CommonMark's block parser would be in.

    `items` are the open list items, each as (the column its list's context starts at, the
    column its content starts at); `quoted` says a block quote is open. Either makes a
    line *nested*.
    """

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.headings: list[tuple[int, str, int, int]] = []
        self.blocks: list[Block] = []
        self.definitions: dict[str, tuple[str, str]] = {}
        self.items: list[tuple[int, int]] = []
        self.quoted = False
        self.outside = 0  # how many of `items` were open when the quote opened
        self.prev: Prev = "start"
        self.para = 0  # where the open top-level paragraph starts
        self.piped = False  # it has a `|`: a table may be in it
        self.text_piped = False  # so has the open paragraph in a list item or quote
        self.commented = False  # it has a `<!--`
        self.text_start = 0  # where the open paragraph in a list item or quote starts
        self.text_lead = 0  # and the column its text starts at
        self.paragraphs: list[Block] | None = []
        """Every paragraph, as CommonMark's parser gives it; None once one may be a table."""

    def run(self) -> Outline:
        n, count, line = 0, len(self.lines), self.line
        while n < count:
            prev = self.prev
            if prev == "para":  # a line may end the open top-level paragraph
                start, piped = self.para, self.piped
                following = line(n)
                if self.prev != "para" or self.para != start:
                    self.end_para(start, n, piped)
            elif prev == "text":  # or the open paragraph in a list item or quote
                start, lead, piped = self.text_start, self.text_lead, self.text_piped
                following = line(n)
                if self.prev != "text" or self.text_start != start:
                    self.paragraph(start, n, piped, lead)
            else:
                following = line(n)
            n = following
        if self.prev == "para":
            self.end_para(self.para, n, self.piped)
        if self.prev == "text":
            self.paragraph(self.text_start, n, self.text_piped, self.text_lead)
        return Outline(
            tuple(self.lines),
            _sections(self.headings, len(self.lines)),
            tuple(self.blocks),
            tuple(self.definitions.values()),
            None if self.paragraphs is None else tuple(sorted(self.paragraphs, key=_line)),
        )

    def end_para(self, start: int, end: int, piped: bool) -> None:
        """A top-level paragraph ended: keep it as a block when a comment is to be cut out."""
        if self.commented:
            if piped:
                raise _Unsure  # a table may hold the comment: its lines are the parser's
            self.blocks.append(Block("paragraph", start, end))
        self.commented = False
        if self.headings and self.headings[-1][2] == start:
            return  # its underline made it a setext heading
        self.paragraph(start, end, piped)

    def paragraph(self, start: int, end: int, piped: bool, lead: int | None = None) -> None:
        """Keep a paragraph's lines and where its text starts, found as `outline._lead` finds
        it (`lead`: where the text after a list item's or quote's markers starts); a `|` may
        make it a table (the parser's to read: the paragraphs are then left to it)."""
        if self.paragraphs is None:
            return
        line = self.lines[start]
        if lead is None and end - start == 1:
            first = line.strip()
        elif lead is None:  # the parser strips the whole text: its first line may come later
            first = "\n".join(self.lines[start:end]).strip().split("\n", 1)[0]
        else:
            first = line[lead:].strip()
        if piped or not first:
            self.paragraphs = None
            return
        self.paragraphs.append(Block("paragraph", start, end, max(line.rfind(first), 0)))

    def close(self) -> None:
        """A line at column 0 that ends every list item and quote (a heading, fence, break)."""
        self.items.clear()
        self.quoted = False

    def end_quote(self) -> None:
        """A line without `>` ended the quote, and the list items opened inside it."""
        self.quoted = False
        del self.items[self.outside :]

    def line(self, n: int) -> int:
        """Read line `n`; return the next line to read."""
        line = self.lines[n]
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if not body:
            if self.prev == "empty":
                self.items.pop()  # an empty item then a blank line: the item ends
            self.prev, self.piped = "blank", False
            return n + 1
        if "\t" in line:
            raise _Unsure  # tabs count as columns: the parser's
        open_para = self.prev in ("para", "text")
        if not open_para:  # nothing to continue lazily: containers end where lines do
            if self.quoted and not body.startswith(">"):
                self.end_quote()
            while self.items and self.items[-1][1] > indent:
                self.items.pop()
        nested = bool(self.items) or self.quoted
        base = self.items[-1][1] if self.items else 0
        if (
            self.prev == "text"
            and self.text_piped
            and (indent < base or indent - base >= 4 or (self.quoted and body[0] != ">"))
        ):
            raise _Unsure  # lazy text after a table? A table takes none
        placed = indent == 0 or (not self.quoted and base <= indent)  # in the innermost item
        if indent - base >= 4:
            if (self.prev == "para" and not self.piped) or self.prev == "text":
                return self.text(n, line, body)  # a continuation line: never code, never a list
            if self.prev == "def" or self.quoted or open_para:
                raise _Unsure  # after a definition or a table, in a quote
            end = _indented_end(self.lines, n, base)
            self.blocks.append(Block("code", n, end))
            self.prev = "block"
            return end
        first = body[0]
        if first not in _MARKUP and not first.isdecimal():
            return self.text(n, line, body)  # no block but text starts so
        if first in "`~" and (fence := _FENCE.fullmatch(body)):
            if not placed:
                raise _Unsure
            if indent == 0:
                self.close()
            end = _fence_end(self.lines, n, fence[1] or fence[2], base if self.items else 0)
            self.blocks.append(Block("code", n, end))
            self.prev = "block"
            return end
        if first == "#" and _ATX.match(body):
            if not placed:
                raise _Unsure
            if indent == 0:
                self.close()
            level = len(body) - len(body.lstrip("#"))
            self.headings.append((level, _atx_text(body), n, n + 1))
            self.prev = "block"
            return n + 1
        if (
            body.startswith("<")
            and not (open_para and _text_under_para(body))
            and not _text_tag(body)
        ):
            if indent or not body.startswith("<!--"):
                raise _Unsure  # an HTML block: its kind and end are the parser's
            end = _comment_end(self.lines, n)
            self.blocks.append(Block("html", n, end))
            self.prev = "block"
            self.close()
            return end
        if first in "=-" and _UNDERLINE.fullmatch(body):
            self.underline(n, body, indent, nested)
        elif first in "-*_" and _BREAK.fullmatch(body):
            if indent and nested:
                raise _Unsure
            self.prev = "block"
            self.close()
        elif (marker := _MARKER.match(body)) and self.starts_item(marker, indent):
            self.item(n, body, indent)
        elif not open_para and body.startswith("[") and _defines(self.lines, n, body):
            if indent or nested:
                raise _Unsure
            self.define(body)
            self.prev = "def"
        else:
            return self.text(n, line, body)
        return n + 1

    def text(self, n: int, line: str, body: str) -> int:
        """A line of text: of a paragraph in a list item or quote, or at the top level."""
        if self.items or self.quoted:
            if "<!--" in line or _risky(body, self.lines, n):
                raise _Unsure
            if self.prev != "text":
                self.text_start, self.text_lead = n, len(line) - len(body)
            self.text_piped = (self.prev == "text" and self.text_piped) or "|" in line
            self.prev = "text"
            return n + 1
        if self.prev != "para":
            self.para, self.piped = n, False
        self.prev = "para"
        self.piped = self.piped or "|" in line
        self.commented = self.commented or "<!--" in line
        return n + 1

    def underline(self, n: int, body: str, indent: int, nested: bool) -> None:
        """A line of `=` or `-`: a setext underline, a thematic break, a list item or text."""
        if self.prev == "para" and not self.piped:
            level = 1 if body[0] == "=" else 2
            text = " ".join(" ".join(self.lines[self.para : n]).split())
            self.headings.append((level, text, self.para, n + 1))
            self.prev, self.commented = "block", False  # a heading is no block: comments stay
        elif self.piped or (body[0] == "-" and len(body.rstrip(" ")) < 3):
            raise _Unsure  # under a table, or `-` (an empty list item) and `--`
        elif nested:
            if indent:
                raise _Unsure
            if body[0] == "-":  # a break: lazy text has no underline
                self.prev = "block"
                self.close()
            elif self.prev != "text":
                raise _Unsure
        elif body[0] == "=":
            self.prev, self.para = "para", n
        else:
            self.prev = "block"  # a thematic break

    def starts_item(self, marker: re.Match[str], indent: int) -> bool:
        """Whether a line opening with a list marker or `>` starts a list item or quote.

        Under an open paragraph it does only where CommonMark lets it interrupt one (a
        quote; a bullet or `1.` with text after it), or where it ends the item the
        paragraph is in (the next item of an outer list, a quote); elsewhere the line is
        the paragraph's text.
        """
        if self.prev not in ("para", "text"):
            return True
        if self.items and indent < self.items[-1][1]:
            outer = [content for _, content in self.items if content <= indent]
            if indent - (outer[-1] if outer else 0) >= 4:
                raise _Unsure  # too deep for where it lands: code, or CommonMark's cases
            return True
        if marker[0].startswith(">") or self.quoted:
            return True  # (a marker under a quote's lazy text ends the quote)
        mark = marker[0].rstrip(" ")
        rest = marker.string[marker.end() :]
        return bool(rest.strip(" ")) and (not mark[0].isdigit() or int(mark[:-1]) == 1)

    def item(self, n: int, body: str, indent: int) -> None:
        """A line of list markers and `>`s, then its text (only plain text is read)."""
        column, inner, mark, listed, before = indent, body, "", False, self.prev
        continues = before == "text" and self.quoted  # a `>` line of the quote's paragraph
        if self.quoted and not body.startswith(">"):
            self.end_quote()  # a list marker is never a quote's lazy text
        while self.items and self.items[-1][1] > column:
            self.items.pop()
        if self.quoted and len(self.items) < self.outside:
            self.end_quote()  # the item the quote was in has ended, and the quote with it:
            continues = False  # a `>` here opens another (`- > a` then `> b`)
        while marker := _MARKER.match(inner):
            if _BREAK.fullmatch(inner) or _UNDERLINE.fullmatch(inner):
                raise _Unsure  # `> * * *`, `> -`: a break or an underline, not a list item
            mark = marker[0]
            inner = inner[marker.end() :]
            if mark.startswith(">"):
                if not self.quoted:
                    self.quoted, self.outside = True, len(self.items)
                column += len(mark)
                continue
            listed = True
            context = self.items[-1][1] if self.items else 0
            width = len(mark.rstrip(" "))
            content = column + (width + 1 if not inner else len(mark))
            self.items.append((context, content))
            column = content
        if inner.startswith(" ") or "<!--" in inner or _risky(inner, self.lines, n):
            raise _Unsure  # code, or a heading, fence, HTML or definition in an item
        self.prev = "text" if inner else "blank" if mark.startswith(">") else "empty"
        if continues and listed:
            self.paragraphs = None  # may a list interrupt the quote's paragraph? The parser's
        continues = continues and not listed and self.quoted
        self.text_piped = (continues and self.text_piped) or "|" in inner
        if inner and not continues:  # a new paragraph
            self.text_start, self.text_lead = n, len(self.lines[n]) - len(inner)

    def define(self, line: str) -> None:
        """Keep a definition (the first of a label wins), read as `outline` reads it."""
        found = _DEFINITION.match(line)
        assert found is not None  # the strict form is one of the loose one's
        key = re.sub(" +", " ", found[1].strip(" ")).upper()
        target = found[2] if found[2] is not None else found[3]
        self.definitions.setdefault(key, (found[1].strip().lower(), target))


def _line(block: Block) -> int:
    return block.line


def _risky(text: str, lines: list[str], n: int) -> bool:
    """Whether nested text may be more than text (a heading, fence, HTML, definition,
    underline or break), which only the parser can place."""
    return (
        text.startswith(("#", "```", "~~~", "="))
        or (text.startswith("<") and not _text_tag(text))
        or (text.startswith("[") and _defines(lines, n, text))
        or bool(_UNDERLINE.fullmatch(text) or _BREAK.fullmatch(text))
    )


def _text_tag(body: str) -> bool:
    """Whether a line opening with `<` is text: no HTML block of any kind can start there."""
    if body.startswith(("<!", "<?")):
        return False
    tag = _TAG.match(body)
    if tag is None:
        return True  # `< 3`, `<=`: no tag
    return tag[1].lower() not in _HTML_NAMES and not body.rstrip(" ").endswith(">")


def _text_under_para(body: str) -> bool:
    """Whether a `<` line continues an open paragraph: a lone tag (kind 7) cannot interrupt."""
    tag = _TAG.match(body)
    return tag is not None and tag[1].lower() not in _HTML_NAMES


def _defines(lines: list[str], n: int, body: str) -> bool:
    """Whether a line opening a block with `[` is a link definition (one line, no title).

    False when it is text; raises `_Unsure` for what only the parser can read: a title,
    a label or target across lines, a label that is not plain ASCII.
    """
    close = re.search(r"[\[\]\\]", body[1:])
    if close is not None and close[0] == "[":
        return False  # `[[x]]`, `[a [b]]`: a bracket inside a label is never a definition
    if close is not None and close[0] == "]" and body[close.end() + 1 : close.end() + 2] != ":":
        return False  # `[x] text`, `[x](y)`: a link, a task box
    following = lines[n + 1].lstrip(" ") if n + 1 < len(lines) else ""
    if _TEXT_AFTER_TARGET.match(body) or (_BARE_LABEL.fullmatch(body) and not following):
        return False
    if (
        close is None
        or not _STRICT_DEFINITION.fullmatch(body)
        or following.startswith(_TITLE_START)
    ):
        raise _Unsure
    return True


def _atx_text(body: str) -> str:
    """An ATX heading's text as CommonMark reads it: a closing run of `#` cut after a space."""
    rest = body.lstrip("#").rstrip(" ")
    cut = rest.rstrip("#")
    if cut != rest and (not cut or cut[-1] == " "):
        rest = cut
    return " ".join(rest.split())


def _leading(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _fence_end(lines: list[str], start: int, fence: str, base: int) -> int:
    """The line after a fenced code block opened on `start` in content at column `base`.

    It ends after its closing fence, or before a line too little indented to stay in the
    list item (with `base` 0, at the end of the text).
    """
    close = re.compile(rf" {{{base},{base + 3}}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*")
    n = start + 1
    while n < len(lines):
        line = lines[n]
        if base and line.strip(" \t"):
            if "\t" in _leading(line):
                raise _Unsure
            if len(line) - len(line.lstrip(" ")) < base:
                return n
        if close.fullmatch(line):
            return n + 1
        n += 1
    return _parsed_end(lines)


def _indented_end(lines: list[str], start: int, base: int) -> int:
    """The line after a code block indented past `base` on `start` (trailing blanks not in it)."""
    last = n = start + 1
    indent = " " * (base + 4)
    while n < len(lines):
        line = lines[n]
        if "\t" in _leading(line):
            raise _Unsure
        if line.strip(" "):
            if not line.startswith(indent):
                break
            last = n + 1
        n += 1
    return last


def _comment_end(lines: list[str], start: int) -> int:
    """The line after an HTML comment block opening on `start`: the one holding `-->`."""
    n = start
    while n < len(lines) and "-->" not in lines[n]:
        n += 1
    return n + 1 if n < len(lines) else _parsed_end(lines)


def _parsed_end(lines: list[str]) -> int:
    """Where an unclosed block ends: the last line, unless it is only spaces (CommonMark's
    parser does not count a blank last line without a line break)."""
    return len(lines) - 1 if not lines[-1].strip(" \t") else len(lines)
