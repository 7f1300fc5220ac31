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

_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_KEY_LINE: Final = re.compile(f"({_KEY.pattern}):(?: (.*))?")
_INT: Final = re.compile(r"0|[1-9][0-9]{0,17}")
_FLOAT: Final = re.compile(r"(?:0|[1-9][0-9]{0,8})\.[0-9]{1,9}")
_SAFE_PLAIN: Final = re.compile(r"[A-Za-z0-9_/.][^:#\[\]{},\"'`|>&*!%@\\]*")
"""A plain scalar that starts and continues with characters that mean nothing in YAML."""
_WORD_FORM_WORDS: Final = r"~|null|true|false|yes|no|on|off|y|n|[-+]?\.?inf|\.nan|<<|="
_WORD_FORMS: Final = re.compile(f"(?:{_WORD_FORM_WORDS})", re.IGNORECASE)
"""Plain words a schema may read as something other than a string: left to ruamel."""
_PLAIN_WORD: Final = re.compile(rf"(?!(?i:{_WORD_FORM_WORDS})\Z){_SAFE_PLAIN.pattern}")
"""`_SAFE_PLAIN` but none of `_WORD_FORMS` (only they ignore case), in one match."""
_NUMBERISH: Final = re.compile(r"[-+]?[0-9._]+(?:[eE][-+]?[0-9]+)?|0[xob][0-9a-fA-F_]+")
_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}")
_NUMBER_OR_DATE: Final = re.compile(f"({_INT.pattern})|({_FLOAT.pattern})|({_DATE.pattern})")
"""`_INT` (group 1), else `_FLOAT` (2), else `_DATE` (3), in one match."""
_ODD: Final = re.compile(
    "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
"""A character the fast paths leave to ruamel: a tab, a CR, a control character (which YAML
refuses), a line break other than LF (NEL, U+2028, U+2029), a byte-order mark, a surrogate."""


def _scalar(text: str) -> Json | _Unsure:
    """One scalar as YAML 1.2's safe loader reads it, or `UNSURE`.

    `text` is stripped (every caller strips it). `_SAFE_PLAIN` admits neither `:` nor `#`,
    so a plain scalar it matches neither ends with `:` nor holds ` #`.
    """
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
    if first.isascii() and first.isalpha():  # no number, date or numberish form: a word
        return text if _PLAIN_WORD.fullmatch(text) else UNSURE
    if (m := _NUMBER_OR_DATE.fullmatch(text)) is not None:
        kind = m.lastindex
        return int(text) if kind == 1 else float(text) if kind == 2 else text  # dates as written
    if _NUMBERISH.fullmatch(text) or _WORD_FORMS.fullmatch(text):
        return UNSURE
    return text if _SAFE_PLAIN.fullmatch(text) else UNSURE


class _Unsure:
    """The marker of a value the fast path leaves to ruamel."""


UNSURE: Final = _Unsure()


def _flow_list(text: str) -> list[Json] | _Unsure:
    inner = text[1:-1].strip()
    if not inner:
        return []
    if "[" in inner or "]" in inner or "{" in inner or "}" in inner:
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
    if raw[0] == "[":
        return _flow_list(raw) if raw[-1] == "]" else UNSURE
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
        # `_KEY_LINE.fullmatch(line)`: a key (no `:` in it) and `:`, then nothing or ` value`
        colon = line.find(":")
        key, rest = line[:colon], line[colon + 1 :]
        if colon < 0 or (rest and rest[0] != " ") or key in out or not _plain_key(key):
            return None
        raw = rest[1:].strip()
        if not raw:
            items: list[Json] = []
            indent: str | None = None
            # `_ITEM_LINE.fullmatch(lines[i])`: spaces, then `- `
            while i < n and (item := lines[i].lstrip(" ")).startswith("- "):
                here = lines[i][: len(lines[i]) - len(item)]
                if indent is None:
                    indent = here
                elif here != indent:
                    return None
                scalar = _scalar(item[2:].strip())
                if isinstance(scalar, _Unsure):
                    return None
                items.append(scalar)
                i += 1
            out[key] = items if items else None
            continue
        # `_value(raw)`, inline
        if raw[0] != "[":
            value = _scalar(raw)
        elif raw[-1] != "]":
            return None
        else:
            value = _flow_list(raw)
        if isinstance(value, _Unsure):
            return None
        out[key] = value
    return out or None


_KEYS_READ: Final[dict[str, bool]] = {}
"""`_plain_key`'s answers: a corpus writes few distinct keys."""


def _plain_key(key: str) -> bool:
    """Whether `key` is a key the fast path reads: `_KEY_LINE`'s, and no `_WORD_FORMS`."""
    known = _KEYS_READ.get(key)
    if known is None:
        known = _KEY.fullmatch(key) is not None and _WORD_FORMS.fullmatch(key) is None
        if len(_KEYS_READ) < 4096:
            _KEYS_READ[key] = known
    return known


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
