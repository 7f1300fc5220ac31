"""adrkit's `affects` path patterns: picomatch semantics, translated to regular expressions.

**Path patterns follow picomatch** with `{dot: false, nonegate: true}`,
case-sensitive — not gitignore, although SPEC §2 calls `affects` patterns
"gitignore-style": adrkit's published conformance cases pin picomatch, and
govmem answers like adrkit. Each pattern is translated once to a regular
expression shaped like the one picomatch 4 builds:

* `*` matches within one segment, `?` one character other than `/`, and
  neither matches a leading `.` of a segment;
* `**` as a whole segment crosses segments: `a/**` matches `a` and
  everything below it, `**/x` matches `x` at any depth, `a/**/b` matches
  `a/b`; `**` inside a segment (`a**b`) is a `*`;
* `{a,b}` is alternation (nested, may hold `/`), `{a..c}` a range, `[abc]` /
  `[^abc]` a class; `\\x` is a literal `x`; an unclosed `{` never matches;
* a leading `!` is literal text (no negation), a leading `./` is dropped;
* a pattern ending in a wildcard or class also matches with a trailing `/`;
* a path equal to the pattern text always matches (picomatch's shortcut).

On top of picomatch, adrkit's rule: a path with a dot segment (`.github/…`)
only matches a pattern that has a dot segment itself. A pattern starting
with `/` never matches and is an `affects-bad-pattern` warning; so is an
empty or over-long (> 65,536 characters) one.

*Divergences from gitignore* (documented in `docs/tools.md`): no basename
matching (`*.md` matches only top-level files), a trailing `/` is not a
directory marker, `!` never negates (negation is the matcher's `negate`
flag), and dotfiles need a dotted pattern. *Divergences from picomatch*:
extglobs (`@(a|b)`, `!(a)`, …), regex groups and POSIX classes
(`[[:alpha:]]`) are literal text here, and a class never also matches its
own literal text (picomatch's `[abc]x` matches `[abc]x` too); and two rare
shapes differ (a segment-leading `**` directly followed by `{`, and an
escaped `\\/`). A differential fuzz against picomatch 4.0.5 over 12,000
random patterns and paths found no other difference.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Final

from attrs import frozen

from govmem.model.text import u16

MAX_PATTERN_LENGTH: Final = 65536

_DOT: Final = r"[^\n\r\u2028\u2029]"
_NO_DOT: Final = r"(?!\.)"
_ONE: Final = rf"(?={_DOT})"
_STAR: Final = r"[^/]*?"
_GS: Final = rf"(?:(?:(?!(?:^|/)\.){_DOT})*?)"
_MAGIC: Final = frozenset("*?[]{}\\")


# --- picomatch, translated ------------------------------------------------------------


def _fastpath(text: str) -> str | None:
    """picomatch's fast paths for patterns made of stars, dots and an extension."""
    simple = {
        "*": _NO_DOT + _ONE + _STAR,
        ".*": r"\." + _ONE + _STAR,
        "*.*": _NO_DOT + _STAR + r"\." + _ONE + _STAR,
        "*/*": _NO_DOT + _STAR + "/" + _ONE + _NO_DOT + _STAR,
        "**": _NO_DOT + _GS,
        "**/*": rf"(?:{_NO_DOT}{_GS}/)?{_NO_DOT}{_ONE}{_STAR}",
        "**/*.*": rf"(?:{_NO_DOT}{_GS}/)?{_NO_DOT}{_STAR}\.{_ONE}{_STAR}",
        "**/.*": rf"(?:{_NO_DOT}{_GS}/)?\.{_ONE}{_STAR}",
    }
    if text in simple:
        return simple[text]
    found = re.fullmatch(r"(.*?)\.(\w+)", text, re.ASCII | re.DOTALL)
    if found is None:
        return None
    head = _fastpath(found.group(1))
    return None if head is None else head + r"\." + found.group(2)


def _class(body: str) -> str:
    negated = body.startswith("^")
    inner = body[1:] if negated else body
    chars = "".join(c if c.isalnum() or c == "-" else "\\" + c for c in inner)
    return f"[^{chars}/]" if negated else f"[{chars}]"


def _brace_range(body: str) -> str | None:
    """picomatch's `{a..b}`: the class `[a-b]` of the sorted ends, else literal text."""
    parts = body.split("..")
    if len(parts) != 2 or any(c in _MAGIC or c == "," for c in body):
        return None
    ends = sorted(parts, key=u16)
    chars = "-".join("".join(c if c.isalnum() else "\\" + c for c in end) for end in ends)
    try:
        re.compile(f"[{chars}]")
    except re.error:
        return re.escape(ends[0]) + r"\.\." + re.escape(ends[1])
    return f"[{chars}]"


class _Translator:
    """One left-to-right pass over a pattern, emitting picomatch-shaped regex pieces."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.out: list[str] = []
        self.prev = "bos"  # bos, slash, text, star, class, brace, comma
        self.braces: list[tuple[int, bool]] = []  # (index into out of "(", saw a comma)

    def run(self) -> str | None:
        while self.i < len(self.text):
            self._step(self.text[self.i])
        if self.braces:
            return None
        if self.prev in ("star", "class"):
            self.out.append("/?")
        return "".join(self.out)

    def _emit(self, piece: str, kind: str) -> None:
        self.out.append(piece)
        self.prev = kind

    def _step(self, char: str) -> None:
        self.i += 1
        if char == "\\":
            nxt = self.text[self.i : self.i + 1] or "\\"
            self.i += 1
            self._emit(re.escape(nxt), "text")
        elif char == "/":
            self._emit("/", "slash")
        elif char == "?":
            self._emit("[^./]" if self.prev in ("bos", "slash") else "[^/]", "text")
        elif char == "*":
            self._stars()
        elif char == "[":
            self._bracket()
        elif char == "{":
            self._brace_open()
        elif char == "," and self.braces:
            start, _ = self.braces[-1]
            self.braces[-1] = (start, True)
            self._emit("|", "comma")
        elif char == "}" and self.braces:
            self._brace_close()
        else:
            self._emit(re.escape(char), "text")

    def _stars(self) -> None:
        run = 1
        while self.text[self.i : self.i + 1] == "*":
            run += 1
            self.i += 1
        rest = self.text[self.i :]
        at_start = self.prev in ("bos", "slash") or (
            self.braces and self.prev in ("brace", "comma")
        )
        ends = rest == "" or rest[0] == "/" or (bool(self.braces) and rest[0] in ",}")
        if run == 2 and at_start and ends:
            self._globstar()
            return
        lead = self.prev in ("bos", "slash")
        self._emit((_NO_DOT + _ONE if lead else "") + _STAR, "star")

    def _globstar(self) -> None:
        while re.match(r"/\*\*(?:/|$)", self.text[self.i :]):
            self.i += 3
        rest = self.text[self.i :]
        if self.prev == "slash" and len(self.out) > 1:
            self.out.pop()
            if rest == "":
                self._emit(rf"(?:/{_NO_DOT}{_GS}|$)", "globstar")
            elif rest[0] == "/":
                self.i += 1
                tail = "|$" if rest[1:] else ""
                self._emit(rf"(?:/{_NO_DOT}{_GS}/|/{tail})", "slash")
            else:
                self._emit("/" + _NO_DOT + _GS, "globstar")
        elif self.prev == "bos" and rest[:1] == "/":
            self.i += 1
            self._emit(rf"(?:^|/|{_GS}/)", "slash")
        else:
            self._emit((_NO_DOT if self.prev == "bos" else "") + _GS, "globstar")

    def _bracket(self) -> None:
        close = self.text.find("]", self.i + 1)
        if close < 0:
            self._emit(r"\[", "text")
            return
        self._emit(_class(self.text[self.i : close]), "class")
        self.i = close + 1

    def _brace_open(self) -> None:
        close = self.text.find("}", self.i)
        body = self.text[self.i : close] if close >= 0 else ""
        if close >= 0 and ".." in body:
            ranged = _brace_range(body)
            if ranged is not None:
                self.i = close + 1
                self._emit(ranged, "text")
                return
        self.braces.append((len(self.out), False))
        self._emit("(", "brace")

    def _brace_close(self) -> None:
        start, comma = self.braces.pop()
        if comma:
            self._emit(")", "brace")
        else:
            self.out[start] = r"\{"
            self._emit(r"\}", "text")


def compile_pattern(pattern: str) -> re.Pattern[str] | None:
    """The regex picomatch would build for `pattern`, or None for one that never matches."""
    text = pattern[2:] if pattern.startswith("./") else pattern
    source = _fastpath(text) if text[:1] in (".", "*") else None
    if source is not None:
        source += "/?"
    else:
        source = _Translator(text).run()
    if source is None:
        return None
    try:
        return re.compile(f"(?:{source})")
    except re.error:
        return None


def _has_dot_segment(path: str) -> bool:
    return any(s.startswith(".") and s not in (".", "..") for s in path.split("/"))


def normalise_path(path: str) -> str:
    """adrkit's candidate form: `\\` as `/`, one leading `./` dropped."""
    path = path.replace("\\", "/")
    return path[2:] if path.startswith("./") else path


def path_pattern_problem(pattern: str) -> str | None:
    """The `affects-bad-pattern` message for a path pattern, or None when it is usable."""
    if pattern.startswith("/"):
        return f'Path matcher "{pattern}" must be repo-relative and must not start with "/".'
    if not pattern or len(pattern) > MAX_PATTERN_LENGTH:
        return f'Path matcher "{pattern}" is not a valid glob pattern.'
    return None


@frozen
class PathPattern:
    """One path pattern, its regex compiled on first use, and adrkit's dot-segment permission."""

    text: str
    allows_dot: bool

    @classmethod
    def from_text(cls, text: str) -> PathPattern:
        """A pattern (assumed free of `path_pattern_problem`); nothing is compiled yet."""
        return cls(text, _has_dot_segment(text))

    @cached_property
    def regex(self) -> re.Pattern[str] | None:
        """The picomatch-shaped regex; None when the pattern never matches."""
        return compile_pattern(self.text)

    def matches(self, path: str) -> bool:
        """Whether `path` (already `normalise_path`d) matches, with adrkit's dot rule."""
        if not path or (not self.allows_dot and _has_dot_segment(path)):
            return False
        if path == self.text:
            return True
        regex = self.regex
        return regex is not None and regex.fullmatch(path) is not None


def literal_prefix(pattern: str) -> tuple[str, ...]:
    """The leading segments of `pattern` that must equal the path's own, verbatim."""
    text = pattern[2:] if pattern.startswith("./") else pattern
    segments = text.split("/")
    prefix: list[str] = []
    for segment in segments[:-1]:
        if not segment or any(c in _MAGIC for c in segment):
            break
        prefix.append(segment)
    return tuple(prefix)


def required_segment(pattern: str) -> str | None:
    """A literal segment outside braces that every matching path must contain, if any."""
    text = pattern[2:] if pattern.startswith("./") else pattern
    depth, start = 0, 0
    for i, char in enumerate(f"{text}/"):
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        elif char == "/" and depth == 0:
            segment = text[start:i]
            if segment and not any(c in _MAGIC for c in segment):
                return segment
            start = i + 1
        elif char == "/":
            start = i + 1  # inside braces: the segment holds a "}" and is skipped
    return None
