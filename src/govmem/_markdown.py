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

Fenced code blocks are skipped. `split_frontmatter` cuts a `---` fenced YAML
block off the top (a byte-order mark before it is ignored). Pure functions.
"""

from __future__ import annotations

import re
from typing import Final

from attrs import frozen

from ._dates import BadDate, DateOrder, leading_date, parse_date
from ._text import fold
from ._time import When

_FENCE: Final = re.compile(r"^\s{0,3}(```|~~~)")
_ATX: Final = re.compile(r"^\s{0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT_H1: Final = re.compile(r"^\s{0,3}=+\s*$")
_DEFINITION: Final = re.compile(r"^\s{0,3}\[([^\]]+)\]:\s*<?([^\s>]+)>?")
_BULLET: Final = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$")
_COMMENT: Final = re.compile(r"<!--.*?(?:-->|$)")
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
class Heading:
    """An ATX (or setext `=`) heading: its level, text and line number."""

    level: int
    text: str
    line: int


@frozen
class ChangeLine:
    """A dated changelog entry: the date as read (maybe impossible) and the rest."""

    at: When | BadDate
    text: str


@frozen
class MarkdownDoc:
    """What a Markdown body says in its conventional places, as written."""

    title: str | None = None
    """The first `# ` heading's text."""
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


def _headings(lines: list[str]) -> list[Heading]:
    found: list[Heading] = []
    fenced = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if m := _ATX.match(line):
            found.append(Heading(len(m[1]), (m[2] or "").strip(), i))
        elif _SETEXT_H1.match(line) and i > 0 and lines[i - 1].strip():
            prev = lines[i - 1]
            if not _ATX.match(prev) and not _BULLET.match(prev):
                found.append(Heading(1, prev.strip(), i - 1))
    return found


def _name(heading: str) -> str:
    return " ".join(re.findall(r"[a-z]+", fold(heading)))


def _section(lines: list[str], heads: list[Heading], at: int) -> list[str]:
    """The lines under `heads[at]`, up to the next heading of the same or higher level."""
    head = heads[at]
    end = next((h.line for h in heads[at + 1 :] if h.level <= head.level), len(lines))
    return lines[head.line + 1 : end]


def _first_paragraph(lines: list[str]) -> str | None:
    para: list[str] = []
    for line in lines:
        if line.strip():
            para.append(line.strip())
        elif para:
            break
    text = " ".join(para).strip()
    return text or None


def _preamble(lines: list[str], heads: list[Heading]) -> list[str]:
    """Lines after the H1 (or the start) and before the next heading."""
    start = heads[0].line + 1 if heads and heads[0].level == 1 else 0
    end = next((h.line for h in heads if h.line >= start), len(lines))
    return [_COMMENT.sub("", ln) for ln in lines[start:end]]


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


def _changelog(section: list[str], order: DateOrder) -> tuple[ChangeLine, ...]:
    """Dated entries; an undated top-level bullet takes the date of a dated sub-heading."""
    entries: list[tuple[When | BadDate, list[str]]] = []
    current: When | BadDate | None = None
    for line in section:
        if m := _ATX.match(line):
            found = leading_date(m[2] or "", order)
            current = found[0] if found else None
            continue
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
    lines = body.splitlines()
    heads = _headings(lines)
    status_lines: list[str] | None = None
    changelog: tuple[ChangeLine, ...] = ()
    links: str | None = None
    for i, head in enumerate(heads):
        name = _name(head.text)
        if head.level > 1 and name in _STATUS_NAMES and status_lines is None:
            status_lines = [_COMMENT.sub("", ln) for ln in _section(lines, heads, i)]
        elif head.level > 1 and name in _CHANGELOG_NAMES and not changelog:
            changelog = _changelog(_section(lines, heads, i), order)
        elif head.level > 1 and name in _LINKS_NAMES and links is None:
            links = "\n".join(_section(lines, heads, i))
    preamble = _preamble(lines, heads)
    keys = _keys(preamble)
    status_text = _first_paragraph(status_lines) if status_lines is not None else None
    section = "\n".join(status_lines).strip() if status_lines else None
    if status_text is None:
        status_text = next((v for k, v in keys if k == "status"), None)
        section = status_text
    return MarkdownDoc(
        title=next((h.text for h in heads if h.level == 1), None),
        first_heading=heads[0].text if heads else None,
        status_text=status_text,
        status_section=section or None,
        keys=keys,
        bare_dates=_bare_dates(preamble, order),
        changelog=changelog,
        links_section=links,
        definitions=tuple(
            (m[1].strip().lower(), m[2]) for ln in lines if (m := _DEFINITION.match(ln))
        ),
    )
