"""Text helpers shared by every rule: folding, tokens, slugs, code-unit order.

* `fold` — casefold and strip accents (NFKD, combining marks dropped). Topic,
  scope, value and title comparisons all go through it.
* `tokens` — Unicode word tokens of folded text, any language.
* `slug` — folded text with runs outside `[a-z0-9]` turned into `-`.
* `u16` — a sort key that orders strings by UTF-16 code units, the order
  every listing of govmem and adrkit uses.
* `norm_search` — adrkit's search normalisation: trim, NFKC, lowercase.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

_WORD: Final = re.compile(r"\w+", re.UNICODE)
_NON_SLUG: Final = re.compile(r"[^a-z0-9]+")
_SPACE: Final = re.compile(r"\s+")


class _Marks(dict[int, int | None]):
    """`str.translate` table dropping combining marks, filled as characters are met."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        self[code] = kept
        return kept


_MARKS: Final = _Marks()


def fold(text: str) -> str:
    """Casefold `text` and remove its accents (`Città` -> `citta`).

    NFKD, then every combining mark dropped — by `str.translate`, so no
    Python code runs per character; ASCII text is only lower-cased.
    """
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKD", text.casefold()).translate(_MARKS)


def tokens(text: str) -> list[str]:
    """The folded Unicode word tokens of `text`, in order."""
    return [t for t in _WORD.findall(fold(text)) if t != "_"]


def words(text: str) -> list[str]:
    """The case-folded word tokens of `text` with their accents, which a language's stemmer
    reads (`tokens` folds them away): `Chargées` -> `chargées`."""
    return [w for w in _WORD.findall(text.casefold()) if w != "_"]


def slug(text: str) -> str:
    """`DynamoDB (v2)` -> `dynamodb-v2`."""
    return _NON_SLUG.sub("-", fold(text)).strip("-")


def squash(text: str) -> str:
    """Collapse runs of whitespace to one space and trim."""
    return _SPACE.sub(" ", text).strip()


def u16(text: str) -> bytes:
    """Sort key ordering strings by UTF-16 code units."""
    return text.encode("utf-16-be", "surrogatepass")


def u16_len(text: str) -> int:
    """Length in UTF-16 code units."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


_JS_TRIM: Final = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def js_trim(text: str) -> str:
    """JavaScript's `String.prototype.trim`."""
    start, end = 0, len(text)
    while start < end and text[start] in _JS_TRIM:
        start += 1
    while end > start and text[end - 1] in _JS_TRIM:
        end -= 1
    return text[start:end]


def norm_search(text: str) -> str:
    """adrkit's search normalisation: trim, NFKC, lowercase."""
    return unicodedata.normalize("NFKC", js_trim(text)).lower()
