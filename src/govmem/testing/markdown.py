"""Markdown that probes a block parser's corners, line by line.

`markdown_texts()` draws texts of a few lines, each line an indentation or
container prefix (spaces, list markers, `>`) and a fragment: text, ATX and
setext headings and their look-alikes, fences, thematic breaks, link
definitions (with titles, across lines, escaped, footnote-like), HTML
blocks and comments (whole, opening, inside a line), table rows, tabs and
non-breaking spaces. Joined, they make the cases where CommonMark's answer
turns on a detail — lazy continuation, an empty list item, code inside an
item, a marker that cannot interrupt a paragraph — common rather than rare.
The quick scanner's equality test draws from it (`tests/parse/test_scan.py`).
"""

from __future__ import annotations

from typing import Final

from hypothesis import strategies as st

LINE_PREFIXES: Final = (
    *("", "", "", " ", "  ", "   ", "    ", "      ", "        "),
    *("- ", "* ", "+ ", "1. ", "2) ", "10.  ", "-", "1.", "-     ", "  - ", "    - ", "   1. "),
    *("> ", ">  ", ">", "- > ", "> - "),
)
"""What opens a line: indentation, list markers (wide, empty, nested) and quotes."""

LINE_FRAGMENTS: Final = (
    *("", "text", "more text", "Status: Accepted", "2. b", "1) c", "- ", ">"),
    *("# H", "## Status ##", "### x #", "#x", "#", "\\# x"),
    *("```", "```js", "``` a`b", "~~~", "````"),
    *("---", "===", "--", "-", "=", "***", "* * *", "___", "- - -"),
    *("[a]: /u", '[a]: /u "t"', "[A]: <x y>", "[a]:", "/u", "[^1]: Foo bar", "[a b]:  /u  "),
    *("[x] task", "[x](y) text", "[a", "b]: /c", "[\\#1]: /u", "'t'", "(t)", '"t"'),
    *("<!-- c -->", "<!--", "-->", "x <!-- c --> y", "x <!-- c"),
    *("<div>", "</div>", "<pre>", "<span>x</span> y", "<br>", "<br> x", "< 3", "<https://x>"),
    *("<?x", "<!X", "| a | b |", "|---|---|", "a|", "-|-"),
    *("\tx", "x\ty", "a\u00a0b", "\u00a0"),
)
"""What follows: text, and every block construct's look-alikes."""


def markdown_texts(max_lines: int = 14) -> st.SearchStrategy[str]:
    """Texts of 1 to `max_lines` lines, each a prefix and a fragment, `\\n` or `\\r\\n` apart.

    Example::

        @given(markdown_texts())
        def test_never_raises(text): read_markdown(text)
    """
    line = st.builds(str.__add__, st.sampled_from(LINE_PREFIXES), st.sampled_from(LINE_FRAGMENTS))
    breaks = st.sampled_from(["\n", "\n", "\n", "\r\n"])
    return st.tuples(st.lists(line, min_size=1, max_size=max_lines), breaks).map(
        lambda drawn: drawn[1].join(drawn[0])
    )
