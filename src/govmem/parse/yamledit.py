"""YAML and Markdown text edits that keep the rest of a file byte-identical. Pure.

Used by `govmem.shell.write` (the I/O shell) for `verify`, `approve`, `reject` and
`forget`. Every function takes a file's text and returns the new text:

* `set_keys` sets keys of one record's mapping (the single document, or item
  `index` of the records as the parser counts them): a key's one-line scalar
  value is replaced in place on its line (a trailing comment kept), a missing
  key is inserted as one new line at the mapping's indentation.
* `remove_item` cuts one record's lines out of a YAML list.
* `set_status_section` rewrites the line under the `## Status` heading (or the
  preamble's `Status:` line) of a frontmatter-less ADR, as the loader reads it.

Positions come from ruamel's round-trip loader. Values that do not sit on
their key's line, multi-line scalars and flow-style collections fall back to
a ruamel round-trip dump: comments and key order kept, the indentation that
best reproduces the original chosen among the usual styles.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from govmem.model.errors import InputError

from .markdown import layout, readable_lines, set_cell, table_places
from .outline import outline
from .status import is_link_line
from .yaml import BadYaml, load_yaml_documents

if TYPE_CHECKING:
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap

_PLAIN_LINE: Final = re.compile(r"^(?P<value>[^#\n]*?)(?P<rest>\s+#.*)?$")
_STATUS_LINE: Final = re.compile(
    r"^(?P<lead>\s*(?:[-*]\s*)?\**status\**\s*:\s*\**\s*)(?P<value>.*?)(?P<tail>\s*)$",
    re.IGNORECASE,
)
_LINE_BREAK: Final = re.compile(r"(\r\n?|\n)")


def _yaml() -> YAML:
    """ruamel's round-trip YAML, imported on the first edit (a start that writes nothing never
    loads it)."""
    from ruamel.yaml import YAML  # noqa: PLC0415

    y = YAML()
    y.preserve_quotes = True
    y.width = 4096
    return y


def dump(doc: object, indent: tuple[int, int, int] = (2, 2, 0)) -> str:
    y = _yaml()
    y.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    buf = io.StringIO()
    y.dump(doc, buf)
    return buf.getvalue()


def _scalar_text(value: object) -> str:
    """How `value` is written after `key: ` (one line)."""
    return dump({"k": value}).split(":", 1)[1].strip()


def frontmatter_span(text: str) -> tuple[int, int] | None:
    """(start, end) character offsets of the frontmatter YAML, or None."""
    start = 1 if text.startswith("\ufeff") else 0
    lines = text[start:].splitlines(keepends=True)
    if not lines or lines[0].rstrip() != "---":
        return None
    offset = start + len(lines[0])
    begin = offset
    for line in lines[1:]:
        if line.rstrip() in ("---", "..."):
            return begin, offset
        offset += len(line)
    return None


def record_items(docs: Sequence[Any]) -> list[tuple[int, int | None]]:
    """Flat record positions as the parser counts them: (document, list index or None)."""
    out: list[tuple[int, int | None]] = []
    for d, doc in enumerate(docs):
        if isinstance(doc, list):
            out += [(d, i) for i in range(len(doc))]
        elif doc is not None:
            out.append((d, None))
    return out


def _load_all(text: str) -> list[Any]:
    """Every document, round-trip; refused first when the bounded loader says it is unsafe."""
    checked = load_yaml_documents(text)
    if isinstance(checked, BadYaml):
        msg = f"the file is not YAML govmem can edit: {checked.message}"
        raise InputError("file", msg)
    return list(_yaml().load_all(text))


def set_keys(text: str, index: int | None, changes: Sequence[tuple[str, object]]) -> str:
    """Set keys of the mapping of record `index` (None: the single document) in YAML text."""
    from ruamel.yaml.comments import CommentedMap  # noqa: PLC0415 - see _yaml

    docs = _load_all(text)
    mapping: Any
    if index is None:
        mapping = docs[0] if docs else None
    else:
        d, i = record_items(docs)[index]
        mapping = docs[d] if i is None else docs[d][i]
    if not isinstance(mapping, CommentedMap):
        msg = "the record is not a YAML mapping"
        raise InputError("id", msg)
    out = text
    for key, value in changes:
        edited = _set_key_text(out, mapping, key, value)
        if edited is None:
            return _set_keys_dump(text, index, changes)
        out = edited
        docs = _load_all(out)
        if index is None:
            mapping = docs[0]
        else:
            d, i = record_items(docs)[index]
            mapping = docs[d] if i is None else docs[d][i]
    return out


def _set_key_text(text: str, mapping: CommentedMap, key: str, value: object) -> str | None:
    """Set one key by editing its line (or inserting one); None when that is not safe."""
    if mapping.fa.flow_style():
        return None
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
    rendered = _scalar_text(value)
    existing = next((k for k in mapping if isinstance(k, str) and k.lower() == key.lower()), None)
    if existing is not None:
        current = mapping[existing]
        if current == value and type(current) is type(value):
            return text
        kline, kcol = mapping.lc.key(existing)
        vline, vcol = mapping.lc.value(existing)
        if (
            vline != kline
            or isinstance(current, dict | list)
            or _block_end(lines, kline, kcol) != kline + 1
        ):
            return None
        line = lines[vline]
        body = line.rstrip("\r\n")
        tail = _after_scalar(body[vcol:])
        if tail is None:
            return None
        lines[vline] = body[:vcol] + rendered + tail + line[len(body) :]
        return "".join(lines)
    keys = [k for k in mapping if isinstance(k, str)]
    if not keys:
        return None
    kline, kcol = mapping.lc.key(keys[-1])
    after = _block_end(lines, kline, kcol)
    if after >= len(lines) and lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    lines.insert(after, " " * kcol + f"{key}: {rendered}{newline}")
    return "".join(lines)


def _after_scalar(rest: str) -> str | None:
    """What follows a one-line scalar on its line (spaces and a comment), or None."""
    if rest[:1] in ("'", '"'):
        quote = rest[0]
        i = 1
        while i < len(rest):
            if quote == "'" and rest[i] == "'" and rest[i + 1 : i + 2] == "'":
                i += 2
                continue
            if quote == '"' and rest[i] == "\\":
                i += 2
                continue
            if rest[i] == quote:
                return rest[i + 1 :]
            i += 1
        return None
    if rest[:1] in ("|", ">", "&", "*", "!", "[", "{"):
        return None
    m = _PLAIN_LINE.match(rest)
    return m["rest"] or "" if m else None


def _block_end(lines: list[str], kline: int, kcol: int) -> int:
    """The line after a key's value: the next non-blank line indented at or left of the key."""
    n = kline + 1
    while n < len(lines):
        stripped = lines[n].strip()
        if stripped and len(lines[n]) - len(lines[n].lstrip(" ")) <= kcol:
            break
        n += 1
    while n > kline + 1 and not lines[n - 1].strip():
        n -= 1
    return n


def _set_keys_dump(text: str, index: int | None, changes: Sequence[tuple[str, object]]) -> str:
    """The fallback: set the keys in a round-trip load and dump it (indentation guessed)."""
    docs = _load_all(text)
    if index is None:
        mapping = docs[0]
    else:
        d, i = record_items(docs)[index]
        mapping = docs[d] if i is None else docs[d][i]
    for key, value in changes:
        existing = next(
            (k for k in mapping if isinstance(k, str) and k.lower() == key.lower()), key
        )
        mapping[existing] = value
    return _dump_all(text, docs)


def _dump_all(original: str, docs: Sequence[Any]) -> str:
    best = ""
    best_score = -1
    fresh = _load_all(original)
    for indent in ((2, 2, 0), (2, 4, 2), (4, 4, 0), (4, 6, 2)):
        baseline = _dump_docs(fresh, indent)
        score = sum(
            a == b for a, b in zip(baseline.splitlines(), original.splitlines(), strict=False)
        )
        if score > best_score:
            best, best_score = _dump_docs(docs, indent), score
    return best


def _dump_docs(docs: Sequence[Any], indent: tuple[int, int, int]) -> str:
    y = _yaml()
    y.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    buf = io.StringIO()
    if len(docs) == 1:
        y.dump(docs[0], buf)
    else:
        y.dump_all(docs, buf)
    return buf.getvalue()


def remove_keys(text: str, keys: Sequence[str]) -> str:
    """The YAML text of one mapping without `keys` (top-level; each key's lines cut out).

    A key whose value does not end where the next key starts (a flow mapping
    written over several lines, say) falls back to a round-trip dump.
    """
    from ruamel.yaml.comments import CommentedMap  # noqa: PLC0415 - see _yaml

    docs = _load_all(text)
    mapping = docs[0] if docs else None
    if not isinstance(mapping, CommentedMap):
        return text
    present = [k for k in mapping if isinstance(k, str) and k in keys]
    if not present:
        return text
    if mapping.fa.flow_style():
        for k in present:
            del mapping[k]
        return _dump_all(text, docs)
    lines = text.splitlines(keepends=True)
    cut: set[int] = set()
    for k in present:
        kline, kcol = mapping.lc.key(k)
        cut.update(range(kline, _block_end(lines, kline, kcol)))
    return "".join(line for n, line in enumerate(lines) if n not in cut)


def remove_item(text: str, index: int) -> str | None:
    """The YAML text without record `index`; None when it was the only record."""
    from ruamel.yaml.comments import CommentedSeq  # noqa: PLC0415 - see _yaml

    docs = _load_all(text)
    items = record_items(docs)
    if len(items) <= 1:
        return None
    d, i = items[index]
    seq = docs[d]
    if i is None or not isinstance(seq, CommentedSeq) or seq.fa.flow_style():
        if i is None:
            del docs[d]
        else:
            del seq[i]
        return _dump_all(text, [x for x in docs if x is not None])
    lines = text.splitlines(keepends=True)
    start = _dash_line(lines, seq.lc.item(i)[0])
    if i + 1 < len(seq):
        end = _dash_line(lines, seq.lc.item(i + 1)[0])
        while end > start and lines[end - 1].lstrip().startswith("#"):
            end -= 1
    else:
        col = len(lines[start]) - len(lines[start].lstrip(" "))
        end = _block_end(lines, start, col)
    return "".join(lines[:start] + lines[end:])


def _dash_line(lines: list[str], line: int) -> int:
    """The line of the `-` that opens the item whose content starts on `line`."""
    n = line
    while n > 0 and not lines[n].lstrip().startswith("-"):
        n -= 1
    return n


def set_status_section(text: str, status: str, *, word: str | None = None) -> str | None:
    """A frontmatter-less ADR with its status rewritten where the loader reads it; None if nowhere.

    The places are the loader's (`markdown.layout`), in its order: the
    metadata block's `Status:` line (between the title and the first
    content section), else its table's status cell, else the status section, whose first non-blank line
    that is not a link line (`Supersedes […]`, `status.is_link_line`) is
    replaced, its indentation kept (a section of link lines only gets the
    status above them; an empty section, as its first paragraph). `word` is written as given; without it, the
    status capitalised (`Accepted`).
    """
    word = word if word is not None else status.capitalize()
    doc = outline(text.removeprefix("\ufeff"))
    pieces = _LINE_BREAK.split(text)
    lines, breaks = pieces[0::2], [*pieces[1::2], ""]
    readable = readable_lines(doc)
    where = layout(doc)
    for n in where.block:
        if _STATUS_LINE.match(readable[n]) and (m_ := _STATUS_LINE.match(lines[n])) is not None:
            lines[n] = m_["lead"] + word + m_["tail"]
            return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))
    block = [lines[n] for n in where.block]
    for key, at, col in table_places(block):  # `| Status | Date |` over `| Proposed | … |`
        if key == "status":
            n = where.block[at]
            lines[n] = set_cell(lines[n], col, word)
            return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))
    if where.status is not None:
        start, end = doc.section(where.status)
        first = next(
            (n for n in range(start, end) if readable[n].strip() and not is_link_line(readable[n])),
            None,
        )
        if first is None and (
            link := next((n for n in range(start, end) if readable[n].strip()), None)
        ):
            lines[link] = word + breaks[link] + breaks[link] + lines[link]
            return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))
        if first is None:
            breaks[start - 1] += f"\n{word}\n"
        else:
            lines[first] = lines[first][: len(lines[first]) - len(lines[first].lstrip())] + word
        return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))
    return None
