"""node-semver's `validRange`, for the common range grammar: which `package` matchers are well formed.

adrkit's `package` matchers are `name` or `name@<range>`; a range that
node-semver rejects makes the matcher an `affects-bad-pattern`, a valid one
an inert matcher (`affects-unresolvable`): govmem has no changed-dependency
snapshot, so no package matcher ever fires and no version is ever compared.

Grammar (non-loose node-semver): ranges joined by `||`; each a hyphen range
`A - B` or whitespace-separated comparators `[op]X`, op one of `<`, `<=`,
`>`, `>=`, `=`, `~`, `~>`, `^` (spaces after the op allowed); X a partial
version `1`, `1.2`, `1.2.3-pre+build` whose parts may be `x`, `X` or `*`,
optionally prefixed by `v` or `=`. Numbers have no leading zeros and are at
most 2^53 − 1. Not covered: loose mode, `includePrerelease`.
"""

from __future__ import annotations

import re
from typing import Final

_NUM: Final = r"(?:0|[1-9]\d*)"
_XR: Final = rf"(?:{_NUM}|[xX*])"
_PRE_ID: Final = r"(?:0|[1-9]\d*|\d*[a-zA-Z-][a-zA-Z0-9-]*)"
_PRE: Final = rf"(?:-?({_PRE_ID}(?:\.{_PRE_ID})*))"
_BUILD: Final = r"(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)"
_PLAIN: Final = rf"[v=\s]*({_XR})(?:\.({_XR})(?:\.({_XR}){_PRE}?{_BUILD}?)?)?"
_PLAIN_NC: Final = re.sub(r"\((?!\?)", "(?:", _PLAIN)
_COMPARATOR: Final = re.compile(rf"(~>?|\^|[<>]?=?)\s*{_PLAIN}")
_HYPHEN: Final = re.compile(rf"\s*({_PLAIN_NC})\s+-\s+({_PLAIN_NC})\s*")
_OP_SPACE: Final = re.compile(r"(~>?|\^|[<>]=?|=)\s+")
_MAX: Final = 2**53 - 1


def _valid_set(part: str) -> bool:
    """One `||` alternative: a hyphen range, or comparators separated by spaces."""
    hyphen = _HYPHEN.fullmatch(part)
    if hyphen is not None:
        return all(_COMPARATOR.fullmatch(hyphen.group(i)) is not None for i in (1, 2))
    return all(
        _COMPARATOR.fullmatch(token) is not None for token in _OP_SPACE.sub(r"\1", part).split()
    )


def valid_range(text: str) -> bool:
    """node-semver's `validRange(text) !== null`."""
    if any(int(n) > _MAX for n in re.findall(r"\d+", text)):
        return False
    return all(_valid_set(raw.strip()) for raw in text.split("||"))
