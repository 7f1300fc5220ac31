"""node-semver's `validRange` and `satisfies`, for the common range grammar.

adrkit's `package` matchers are `name` or `name@<range>`; a range that
node-semver rejects makes the matcher an `affects-bad-pattern`. govmem never
has a dependency snapshot in its tools, so `satisfies` serves only the
snapshot-backed conformance case and library callers.

Grammar (non-loose node-semver): ranges joined by `||`; each a hyphen range
`A - B` or whitespace-separated comparators `[op]X`, op one of `<`, `<=`,
`>`, `>=`, `=`, `~`, `~>`, `^` (spaces after the op allowed); X a partial
version `1`, `1.2`, `1.2.3-pre+build` whose parts may be `x`, `X` or `*`,
optionally prefixed by `v` or `=`. Numbers have no leading zeros and are at
most 2^53 − 1. Not covered: loose mode, `includePrerelease`.
"""

from __future__ import annotations

import re
from typing import Final, TypeAlias

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
_VERSION: Final = re.compile(rf"[v=\s]*({_NUM})\.({_NUM})\.({_NUM}){_PRE}?{_BUILD}?")
_MAX: Final = 2**53 - 1

Version: TypeAlias = tuple[int, int, int, tuple[int | str, ...]]
Partial: TypeAlias = tuple[int | None, int | None, int | None, tuple[int | str, ...]]
Bound: TypeAlias = tuple[str, Version]


def _pre(text: str | None) -> tuple[int | str, ...]:
    if not text:
        return ()
    return tuple(int(p) if p.isdigit() else p for p in text.split("."))


def _part(text: str | None) -> int | None:
    return None if text is None or text in ("x", "X", "*") else int(text)


def parse_version(text: str) -> Version | None:
    """A full `major.minor.patch[-pre][+build]` version, or None."""
    found = _VERSION.fullmatch(text.strip())
    if found is None:
        return None
    major, minor, patch = (int(found.group(i)) for i in (1, 2, 3))
    return (major, minor, patch, _pre(found.group(4)))


def _partial(found: re.Match[str]) -> Partial:
    a, b, c = (_part(found.group(i)) for i in (2, 3, 4))
    if a is None:
        b = c = None
    elif b is None:
        c = None
    return (a, b, c, _pre(found.group(5)) if c is not None else ())


def _floor(p: Partial) -> Version:
    return (p[0] or 0, p[1] or 0, p[2] or 0, p[3])


def _next(p: Partial) -> Version:
    """The first version above every version the partial names (`1.2` -> `1.3.0-0`)."""
    if p[1] is None:
        return ((p[0] or 0) + 1, 0, 0, (0,))
    return (p[0] or 0, p[1] + 1, 0, (0,))


def _caret(p: Partial) -> list[Bound]:
    major, minor, patch = p[0] or 0, p[1], p[2]
    if p[0] is None:
        return []
    if major > 0 or minor is None:
        upper: Version = (major + 1, 0, 0, (0,))
    elif minor > 0 or patch is None:
        upper = (0, minor + 1, 0, (0,))
    else:
        upper = (0, 0, patch + 1, (0,))
    return [(">=", _floor(p)), ("<", upper)]


def _tilde(p: Partial) -> list[Bound]:
    if p[0] is None:
        return []
    return [(">=", _floor(p)), ("<", _next(p))]


def _bounds(op: str, p: Partial) -> list[Bound]:
    if op.startswith("~"):
        return _tilde(p)
    if op == "^":
        return _caret(p)
    full = p[2] is not None
    if p[0] is None:
        return [("<", (0, 0, 0, (0,)))] if op in ("<", ">") else []
    if op in ("", "="):
        return [("=", _floor(p))] if full else [(">=", _floor(p)), ("<", _next(p))]
    if op == ">=" or (op == "<" and full):
        return [(op, _floor(p))]
    if op == "<":
        return [("<", (*_floor(p)[:3], (0,)))]
    if op == ">":
        return [(">", _floor(p))] if full else [(">=", (*_next(p)[:3], ()))]
    return [("<=", _floor(p))] if full else [("<", _next(p))]


def _comparator_sets(text: str) -> list[list[Bound]] | None:
    sets: list[list[Bound]] = []
    for raw in text.split("||"):
        part = raw.strip()
        hyphen = _HYPHEN.fullmatch(part)
        if hyphen is not None:
            low = _COMPARATOR.fullmatch(hyphen.group(1))
            high = _COMPARATOR.fullmatch(hyphen.group(2))
            if low is None or high is None:
                return None
            hp = _partial(high)
            top = [("<=", _floor(hp))] if hp[2] is not None else [("<", _next(hp))]
            sets.append(_bounds(">=", _partial(low)) + (top if hp[0] is not None else []))
            continue
        bounds: list[Bound] = []
        for token in _OP_SPACE.sub(r"\1", part).split():
            found = _COMPARATOR.fullmatch(token)
            if found is None:
                return None
            bounds.extend(_bounds(found.group(1), _partial(found)))
        sets.append(bounds)
    return sets


def valid_range(text: str) -> bool:
    """node-semver's `validRange(text) !== null`."""
    if any(int(n) > _MAX for n in re.findall(r"\d+", text)):
        return False
    return _comparator_sets(text) is not None


def _key(v: Version) -> tuple[int, int, int, int, tuple[tuple[int, int | str], ...]]:
    pre = tuple((0, p) if isinstance(p, int) else (1, p) for p in v[3])
    return (v[0], v[1], v[2], 0 if v[3] else 1, pre)


def _holds(op: str, version: Version, bound: Version) -> bool:
    a, b = _key(version), _key(bound)
    return {
        "<": a < b,
        "<=": a <= b,
        ">": a > b,
        ">=": a >= b,
        "=": a == b,
    }[op]


def satisfies(version: str, range_text: str) -> bool:
    """node-semver's `satisfies(version, range)` (prereleases only against a same-tuple prerelease bound)."""
    parsed = parse_version(version)
    sets = _comparator_sets(range_text)
    if parsed is None or sets is None:
        return False
    for bounds in sets:
        if not all(_holds(op, parsed, b) for op, b in bounds):
            continue
        if not parsed[3] or any(b[3] and b[:3] == parsed[:3] for _, b in bounds):
            return True
    return False
