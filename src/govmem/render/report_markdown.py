"""A record's Markdown body as HTML for its report page (`markdown-it-py`).

CommonMark plus tables and strikethrough. Raw HTML in the body is shown as
text, never as markup (`html: False`), and markdown-it's `validateLink`
already turns `javascript:`, `vbscript:`, `file:` and `data:` links into text.
On top of that, so that a page keeps its strict Content-Security-Policy and
works offline:

* a link the caller resolves to a record (a relative `0007-use-x.md` or
  `../adr/0007-use-x.md` naming a file of the corpus) becomes a link to
  that record's page; `http(s)`, `mailto` and `#fragment` links stay as
  written; any other link (a file of the source repository) becomes plain
  text with the target in its tooltip;
* an image is never loaded: it becomes a link to an `http(s)` image, or text;
* table alignment becomes a class (`ta-right`), not a `style` attribute;
* tables are wrapped in a box that scrolls sideways on a narrow screen;
* a leading `# Title` is taken off and returned, for the page to use as its
  `h1`; the other headings keep their level, but never `h1` (without a
  leading title, every heading moves one level down).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

from attrs import frozen
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

_TITLE_TOKENS: Final = frozenset({"text", "code_inline", "html_inline"})
_KEPT_SCHEMES: Final = frozenset({"http", "https", "mailto"})
_TABLE_OPEN: Final = '<div class="table-scroll"><table>\n'
_TABLE_CLOSE: Final = "</table></div>\n"


@frozen
class RenderedMarkdown:
    """A body as HTML, and the text of the `# Title` it started with (or None)."""

    html: str
    title: str | None


def _image(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    src = str(token.attrGet("src") or "")
    alt = self.renderInlineAsText(token.children or [], options, env)
    label = escapeHtml(f"image: {alt or src}")
    if urlsplit(src).scheme in ("http", "https"):
        return f'<a class="image-link" href="{escapeHtml(src)}">{label}</a>'
    return f'<span class="image-link" title="{escapeHtml(src)}">{label}</span>'


def _table_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return _TABLE_OPEN


def _table_close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return _TABLE_CLOSE


def make_markdown() -> MarkdownIt:
    """The parser and renderer every record body goes through."""
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.add_render_rule("image", _image)
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    return md


def _link(token: Token, resolve: Callable[[str], str | None]) -> None:
    """Point a `link_open` token at a report page, keep it, or turn it into a span."""
    href = str(token.attrGet("href") or "")
    target = resolve(href)
    if target is not None:
        token.attrs = {"href": target, "class": "record-link"}
        return
    scheme = urlsplit(href).scheme.lower()
    if scheme in _KEPT_SCHEMES or (not scheme and href.startswith("#")):
        return
    token.tag = "span"
    token.attrs = {"class": "repo-link", "title": f"in the source repository: {href}"}


def _fix(tokens: list[Token], resolve: Callable[[str], str | None], shift: int = 1) -> None:
    for token in tokens:
        if token.type in ("th_open", "td_open"):
            style = str(token.attrGet("style") or "")
            token.attrs = {}
            if style.startswith("text-align:"):
                token.attrSet("class", "ta-" + style.removeprefix("text-align:"))
        elif token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, max(2, int(token.tag[1]) + shift))}"
        if token.children:
            for child in token.children:
                if child.type == "link_open":
                    _link(child, resolve)
            closing = [c for c in token.children if c.type in ("link_open", "link_close")]
            stack: list[Token] = []
            for c in closing:  # a link turned into a span closes as a span
                if c.type == "link_open":
                    stack.append(c)
                elif stack:
                    c.tag = stack.pop().tag


def render_markdown(
    md: MarkdownIt, text: str, resolve: Callable[[str], str | None]
) -> RenderedMarkdown:
    """A body as HTML: links resolved by `resolve(href)` (a page URL, or None).

    Args:
        md: the renderer (`make_markdown()`).
        text: the Markdown body (frontmatter already cut off).
        resolve: the URL of the report page a link names, or None to leave it.
    """
    env: dict[str, Any] = {}
    tokens = md.parse(text, env)
    title = None
    if len(tokens) >= 3 and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        inline = tokens[1]
        title = "".join(t.content for t in inline.children or () if t.type in _TITLE_TOKENS)
        tokens = tokens[3:]
    _fix(tokens, resolve, 0 if title else 1)
    return RenderedMarkdown(md.renderer.render(tokens, md.options, env), title or None)


def render_inline(md: MarkdownIt, text: str, resolve: Callable[[str], str | None]) -> str:
    """One paragraph of Markdown (an evidence excerpt) as inline HTML, links as in a body."""
    env: dict[str, Any] = {}
    tokens = md.parseInline(text, env)
    _fix(tokens, resolve)
    html: str = md.renderer.render(tokens, md.options, env)
    return html
