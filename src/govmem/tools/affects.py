"""Which records' `affects` matchers fire for a set of repo-relative paths.

This is adrkit 0.8.0's resolver (`packages/core/src/affects`), as
`get_decision_context` uses it: the paths are compared, never opened.

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

**Records.** A matcher with a (non-empty) `repo` is skipped unless it names
the `log` being resolved (never, in govmem). A matching `negate: true`
matcher suppresses its whole record for the whole request. Fired positive
matchers are deduplicated by (type, pattern) and sorted as adrkit does, with
JavaScript's `localeCompare`, approximated by `locale_key` (ICU root
collation for ASCII: punctuation and symbols before digits before letters,
letters case-insensitively first, accents next, lowercase before uppercase;
other characters by code point after those).

**Other matcher types are inert**: `package` (no dependency snapshot:
`affects-unresolvable` info, or `affects-bad-pattern` when the pattern is not
`name` or `name@<valid semver range>`), `entity` (no catalog), `resource`,
`api`, `data` (`affects-unresolvable`), and any other type
(`affects-unknown-type`). These issues depend on the matchers only, never on
the paths, so they are computed once, at compile time.

**Speed.** Patterns are compiled once per distinct text and filed in a trie
by their leading literal segments (`packages/core/src/**` under
`packages → core → src`); a path walks the trie along its own segments and
tests only the patterns filed on that walk, so a request costs about
(paths × depth + candidate patterns), not paths × records.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Final, Generic, TypeVar

from attrs import field, frozen

from govmem.model.records import Finding, Matcher
from govmem.model.text import u16

from .semver import satisfies, valid_range

K = TypeVar("K", bound=Hashable)

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


def match_path(pattern: str, path: str) -> bool:
    """Whether one path pattern matches one repo-relative path (False for a bad pattern)."""
    if path_pattern_problem(pattern) is not None:
        return False
    return PathPattern.from_text(pattern).matches(normalise_path(path))


def _literal_prefix(pattern: str) -> tuple[str, ...]:
    """The leading segments of `pattern` that must equal the path's own, verbatim."""
    text = pattern[2:] if pattern.startswith("./") else pattern
    segments = text.split("/")
    prefix: list[str] = []
    for segment in segments[:-1]:
        if not segment or any(c in _MAGIC for c in segment):
            break
        prefix.append(segment)
    return tuple(prefix)


def _required_segment(pattern: str) -> str | None:
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


# --- package patterns -------------------------------------------------------------


def _package_parts(pattern: str) -> tuple[str, str | None]:
    at = pattern.rfind("@")
    return (pattern, None) if at <= 0 else (pattern[:at], pattern[at + 1 :].strip())


def package_fires(pattern: str, dependencies: Iterable[tuple[str, str]]) -> bool:
    """Whether a valid `name[@range]` pattern names one of the changed (name, version) pairs."""
    name, version_range = _package_parts(pattern)
    return any(
        dep == name and (version_range is None or satisfies(version, version_range))
        for dep, version in dependencies
    )


def valid_package_pattern(pattern: str) -> bool:
    """`name` or `name@<valid semver range>` (adrkit's `parsePackagePattern`)."""
    at = pattern.rfind("@")
    if at <= 0:
        return bool(pattern.strip())
    name, version_range = pattern[:at], pattern[at + 1 :].strip()
    return bool(name.strip()) and bool(version_range) and valid_range(version_range)


# --- ordering -------------------------------------------------------------------------

_PUNCTUATION: Final = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"
_PUNCT_RANK: Final[Mapping[str, int]] = MappingProxyType({c: i for i, c in enumerate(_PUNCTUATION)})


def _primary(char: str) -> tuple[int, int | str]:
    if char in _PUNCT_RANK:
        return (1, _PUNCT_RANK[char])
    if "0" <= char <= "9":
        return (2, ord(char))
    if char.isalpha():
        return (3, char.casefold())
    return (4, ord(char))


@lru_cache(maxsize=65536)
def locale_key(text: str) -> tuple[object, ...]:
    """A sort key approximating JavaScript's `a.localeCompare(b)` (ICU root collation)."""
    bases: list[str] = []
    accents: list[tuple[int, ...]] = []
    for char in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(char) and bases:
            accents[-1] = (*accents[-1], ord(char))
        else:
            bases.append(char)
            accents.append(())
    primary = tuple(_primary(c) for c in bases)
    tertiary = tuple(int(c != c.lower()) for c in bases)
    return (primary, tuple(accents), tertiary, u16(text))


# --- the index ------------------------------------------------------------------------


@frozen
class FiredMatcher:
    """A positive matcher that fired: on the wire `{type, pattern}`."""

    type: str
    pattern: str


@frozen
class AffectsIssue(Generic[K]):
    """A matcher that cannot fire, found at compile time; `to_finding` for the corpus."""

    key: K
    code: str
    """`affects-bad-pattern`, `affects-unresolvable` or `affects-unknown-type`."""
    type: str
    pattern: str
    message: str

    @property
    def field(self) -> str:
        """`affects.<type>`, as adrkit names it."""
        return f"affects.{self.type}"

    def to_finding(self, *, id: str | None, path: str | None) -> Finding:
        """The govmem `Finding` (the pattern is in the message; adrkit's wire adds `pattern`)."""
        return Finding(code=self.code, message=self.message, path=path, id=id, field=self.field)


@frozen
class RecordMatch(Generic[K]):
    """A record some of whose positive matchers fired and none of whose negations did."""

    key: K
    fired: tuple[FiredMatcher, ...]
    """Deduplicated by (type, pattern), in `localeCompare` order."""


@frozen
class MatchResult(Generic[K]):
    """The records a set of paths touches, in the order the records were compiled."""

    matches: tuple[RecordMatch[K], ...]
    suppressed: tuple[K, ...]
    """Records a matching `negate: true` matcher removed from the answer."""
    issues: tuple[AffectsIssue[K], ...]
    """Every record's issues (independent of the paths)."""


@frozen
class _Entry:
    record: int
    matcher: Matcher


@frozen
class _Node:
    patterns: tuple[int, ...]
    children: Mapping[str, _Node]


def _build_trie(items: Sequence[tuple[int, tuple[str, ...]]]) -> _Node:
    """File each pattern index under its literal prefix, one trie level per segment."""
    groups: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for index, prefix in items:
        if prefix:
            groups.setdefault(prefix[0], []).append((index, prefix[1:]))
    here = tuple(index for index, prefix in items if not prefix)
    return _Node(here, MappingProxyType({k: _build_trie(v) for k, v in groups.items()}))


def _issue_for(key: K, matcher: Matcher) -> AffectsIssue[K] | None:
    kind, pattern = matcher.type, matcher.pattern
    message: str | None
    code = "affects-unresolvable"
    if kind == "path":
        message, code = path_pattern_problem(pattern), "affects-bad-pattern"
    elif kind == "package":
        if valid_package_pattern(pattern):
            message = (
                f'Package matcher "{pattern}" requires a changed-dependency snapshot and is inert.'
            )
        else:
            code = "affects-bad-pattern"
            message = f'Package matcher "{pattern}" must be "name" or "name@<valid semver range>".'
    elif kind == "entity":
        message = f'Entity matcher "{pattern}" has no catalog snapshot and is inert.'
    elif kind in ("resource", "api", "data"):
        message = f'{kind} matcher "{pattern}" has no backing snapshot in this phase and is inert.'
    else:
        code = "affects-unknown-type"
        message = f'Affects matcher type "{kind}" is not recognized by this adrkit version and was ignored.'
    return None if message is None else AffectsIssue(key, code, kind, pattern, message)


@frozen
class AffectsIndex(Generic[K]):
    """Every record's path matchers, compiled and filed by literal prefix."""

    keys: tuple[K, ...]
    issues: tuple[AffectsIssue[K], ...]
    _patterns: tuple[PathPattern, ...] = field(repr=False, eq=False)
    _entries: tuple[tuple[_Entry, ...], ...] = field(repr=False, eq=False)
    """Per pattern, the (record, matcher) pairs that use it."""
    _trie: _Node = field(repr=False, eq=False)
    _by_segment: Mapping[str, tuple[int, ...]] = field(repr=False, eq=False)
    """Patterns without a literal prefix, filed under a segment they require."""
    _packages: tuple[_Entry, ...] = field(repr=False, eq=False)
    """Valid package matchers, evaluated only against a dependency snapshot."""

    def _candidates(self, path: str) -> Iterable[int]:
        segments = path.split("/")
        for segment in set(segments):
            yield from self._by_segment.get(segment, ())
        node = self._trie
        yield from node.patterns
        for segment in segments:
            child = node.children.get(segment)
            if child is None:
                return
            node = child
            yield from node.patterns

    def match(
        self, paths: Sequence[str], *, dependencies: Sequence[tuple[str, str]] | None = None
    ) -> MatchResult[K]:
        """The records `paths` touch: fired matchers per record, suppressions, issues.

        Args:
            paths: repo-relative paths, compared, never opened.
            dependencies: adrkit's changed-dependency snapshot, (name, version)
                pairs; without it (always, in govmem's tools) `package`
                matchers are inert and reported `affects-unresolvable`.
        """
        hit: set[int] = set()
        for raw in paths:
            path = normalise_path(raw)
            for index in self._candidates(path):
                if index not in hit and self._patterns[index].matches(path):
                    hit.add(index)
        fired: dict[int, dict[tuple[str, str], FiredMatcher]] = {}
        negated: set[int] = set()
        for index in hit:
            for entry in self._entries[index]:
                if entry.matcher.negate:
                    negated.add(entry.record)
                else:
                    pair = (entry.matcher.type, entry.matcher.pattern)
                    fired.setdefault(entry.record, {})[pair] = FiredMatcher(*pair)
        issues = self.issues
        if dependencies is not None:
            _fire_packages(self._packages, dependencies, fired, negated)
            issues = tuple(i for i in issues if not _needs_snapshot(i))
        matches = tuple(
            RecordMatch(self.keys[r], _sorted_fired(fired[r].values()))
            for r in sorted(fired)
            if r not in negated
        )
        suppressed = tuple(self.keys[r] for r in sorted(negated))
        return MatchResult(matches, suppressed, issues)


def _needs_snapshot(issue: AffectsIssue[K]) -> bool:
    return issue.type == "package" and issue.code == "affects-unresolvable"


def _fire_packages(
    packages: Iterable[_Entry],
    dependencies: Sequence[tuple[str, str]],
    fired: dict[int, dict[tuple[str, str], FiredMatcher]],
    negated: set[int],
) -> None:
    for entry in packages:
        if not package_fires(entry.matcher.pattern, dependencies):
            continue
        if entry.matcher.negate:
            negated.add(entry.record)
        else:
            pair = (entry.matcher.type, entry.matcher.pattern)
            fired.setdefault(entry.record, {})[pair] = FiredMatcher(*pair)


def _sorted_fired(matchers: Iterable[FiredMatcher]) -> tuple[FiredMatcher, ...]:
    items = tuple(matchers)
    if len(items) < 2:
        return items
    return tuple(sorted(items, key=lambda m: (locale_key(m.type), locale_key(m.pattern))))


def compile_affects(
    records: Iterable[tuple[K, Sequence[Matcher]]], *, log: str | None = None
) -> AffectsIndex[K]:
    """Compile every record's matchers once.

    Args:
        records: (key, matchers) per record, in the order answers should list
            them (adrkit: record order). Keys are any hashable (an id, an index).
        log: the named log being resolved; matchers whose `repo` is another log
            (or any, when None) are skipped, as adrkit's MCP server does.

    Returns:
        An index whose `match(paths)` answers a request, with the issues of
        every record (bad patterns, inert matcher types) already collected.
    """
    keys: list[K] = []
    issues: list[AffectsIssue[K]] = []
    by_text: dict[str, int] = {}
    patterns: list[PathPattern] = []
    entries: list[list[_Entry]] = []
    packages: list[_Entry] = []
    for record, (key, matchers) in enumerate(records):
        keys.append(key)
        for matcher in matchers:
            if matcher.repo and matcher.repo != log:
                continue
            issue = _issue_for(key, matcher)
            if issue is not None:
                issues.append(issue)
            if matcher.type == "package" and valid_package_pattern(matcher.pattern):
                packages.append(_Entry(record, matcher))
            if matcher.type != "path" or issue is not None:
                continue
            if matcher.pattern not in by_text:
                by_text[matcher.pattern] = len(patterns)
                patterns.append(PathPattern.from_text(matcher.pattern))
                entries.append([])
            entries[by_text[matcher.pattern]].append(_Entry(record, matcher))
    filed: list[tuple[int, tuple[str, ...]]] = []
    by_segment: dict[str, list[int]] = {}
    for i, pattern in enumerate(patterns):
        prefix = _literal_prefix(pattern.text)
        required = None if prefix else _required_segment(pattern.text)
        if required is None:
            filed.append((i, prefix))
        else:
            by_segment.setdefault(required, []).append(i)
    trie = _build_trie(filed)
    return AffectsIndex(
        tuple(keys),
        tuple(issues),
        tuple(patterns),
        tuple(tuple(e) for e in entries),
        trie,
        MappingProxyType({k: tuple(v) for k, v in by_segment.items()}),
        tuple(packages),
    )
