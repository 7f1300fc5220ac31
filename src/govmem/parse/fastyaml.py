"""The fast path for plain frontmatter: the few YAML shapes most ADRs write.

Most frontmatter is a flat mapping of simple scalars and lists::

    id: adr-0004
    title: "Use Datadog for observability"
    tags: [observability, billing]
    status: accepted
    date: 2019-07-13
    affects:
      - "src/billing/**"

`load_plain` reads exactly that subset — top-level `key: value` lines whose
values are plain words, quoted strings without escapes, flow lists of
those, or a block list of those — and returns what `yaml.load_yaml` would
(JSON-safe data, timestamps as their written text). Anything else, or
anything it is not sure of (a comment, a tab, an anchor, a backslash, a
number other than a plain decimal integer, a reserved word it does not
know, a duplicate key), returns None and the caller parses with ruamel. A
differential test against ruamel keeps the two in agreement.
"""

from __future__ import annotations

import re
from typing import Final, TypeAlias

Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None
"""The data a YAML document reads as (`parse.yaml` re-exports it)."""

_KEY_LINE: Final = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*):(?: (.*))?")
_ITEM_LINE: Final = re.compile(r"( *)- (.*)")
_INT: Final = re.compile(r"0|[1-9][0-9]{0,17}")
_FLOAT: Final = re.compile(r"(?:0|[1-9][0-9]{0,8})\.[0-9]{1,9}")
_SAFE_PLAIN: Final = re.compile(r"[A-Za-z0-9_/.][^:#\[\]{},\"'`|>&*!%@\\]*")
"""A plain scalar that starts and continues with characters that mean nothing in YAML."""
_WORD_FORMS: Final = re.compile(
    r"(?:~|null|true|false|yes|no|on|off|y|n|[-+]?\.?inf|\.nan|<<|=)",
    re.IGNORECASE,
)
"""Plain words a schema may read as something other than a string: left to ruamel."""
_NUMBERISH: Final = re.compile(r"[-+]?[0-9._]+(?:[eE][-+]?[0-9]+)?|0[xob][0-9a-fA-F_]+")
_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}")
_ODD: Final = re.compile(
    "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
"""A character the fast paths leave to ruamel: a tab, a CR, a control character (which YAML
refuses), a line break other than LF (NEL, U+2028, U+2029), a byte-order mark, a surrogate."""


def _scalar(text: str) -> Json | _Unsure:
    """One scalar as YAML 1.2's safe loader reads it, or `UNSURE`."""
    if not text:
        return UNSURE
    first = text[0]
    if first in "\"'":
        if len(text) < 2 or text[-1] != first:
            return UNSURE
        inner = text[1:-1]
        if first in inner or "\\" in inner or "\n" in inner:
            return UNSURE
        return inner
    if text != text.strip():
        return UNSURE
    if first.isascii() and first.isalpha():  # no number, date or numberish form: a word
        if _WORD_FORMS.fullmatch(text) or not _SAFE_PLAIN.fullmatch(text):
            return UNSURE
        return UNSURE if " #" in text or text.endswith(":") else text
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    if _DATE.fullmatch(text):
        return text  # timestamps stay as written
    if _NUMBERISH.fullmatch(text) or _WORD_FORMS.fullmatch(text):
        return UNSURE
    if not _SAFE_PLAIN.fullmatch(text) or " #" in text or text.endswith(":"):
        return UNSURE
    return text


class _Unsure:
    """The marker of a value the fast path leaves to ruamel."""


UNSURE: Final = _Unsure()


def _flow_list(text: str) -> list[Json] | _Unsure:
    inner = text[1:-1].strip()
    if not inner:
        return []
    if any(c in inner for c in "[]{}"):
        return UNSURE
    out: list[Json] = []
    for part in inner.split(","):
        value = _scalar(part.strip())
        if isinstance(value, _Unsure):
            return UNSURE
        out.append(value)
    return out


def _value(raw: str) -> Json | _Unsure:
    """A written value (stripped, not empty): a flow list or one scalar."""
    if raw.startswith("["):
        return _flow_list(raw) if raw.endswith("]") else UNSURE
    return _scalar(raw)


def load_plain(text: str) -> dict[str, Json] | None:
    """A plain frontmatter as `yaml.load_yaml` reads it; None when it is not plain.

    Args:
        text: the YAML between the `---` fences.

    Returns:
        The mapping (keys in written order), or None: parse it with ruamel.
    """
    if "#" in text or "\\" in text or _ODD.search(text):
        return None
    out: dict[str, Json] = {}
    lines = text.split("\n")
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        i += 1
        if not line.strip():
            continue
        m = _KEY_LINE.fullmatch(line)
        if m is None or m[1] in out or _WORD_FORMS.fullmatch(m[1]):
            return None
        key, raw = m[1], (m[2] or "").strip()
        if raw:
            value: Json | _Unsure = _value(raw)
        else:
            items: list[Json] = []
            indent: str | None = None
            while i < n and (item := _ITEM_LINE.fullmatch(lines[i])) is not None:
                if indent is None:
                    indent = item[1]
                elif item[1] != indent:
                    return None
                scalar = _scalar(item[2].strip())
                if isinstance(scalar, _Unsure):
                    return None
                items.append(scalar)
                i += 1
            value = items if items else None
        if isinstance(value, _Unsure):
            return None
        out[key] = value
    return out or None


def load_plain_stream(text: str) -> list[Json] | None:
    """A YAML file that is one block list of flat mappings (memory and claim files), as
    `yaml.load_yaml_documents` reads it (its one document); None when it is not that plain.

    Every line is blank, a comment opening at its first column, an item's first key
    (`- key: value` at the first column) or one of its further keys (`  key: value`, two
    spaces in); each value is one that `load_plain` reads on one line (no block list, no
    empty value), no `#` anywhere else, no tab, backslash or CR, no duplicate key in an
    item. Anything else is left to ruamel.
    """
    if "\\" in text or _ODD.search(text):
        return None
    items: list[Json] = []
    item: dict[str, Json] | None = None
    for line in text.split("\n"):
        if line.startswith("#") or not line.strip(" "):
            continue
        if line.startswith("- "):
            item = {}
            items.append(item)
        elif not line.startswith("  ") or item is None:
            return None
        m = _KEY_LINE.fullmatch(line, 2)
        if m is None or "#" in line or m[1] in item or _WORD_FORMS.fullmatch(m[1]):
            return None
        raw = (m[2] or "").strip()
        value = _value(raw) if raw else UNSURE
        if isinstance(value, _Unsure):
            return None
        item[m[1]] = value
    return items or None
