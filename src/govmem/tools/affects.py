"""Which records' `affects` matchers fire for a set of repo-relative paths.

This is adrkit 0.8.0's resolver (`packages/core/src/affects`), as
`get_decision_context` uses it: the paths are compared, never opened.

**Path patterns follow picomatch** (`globs`: the translation to regular
expressions and its divergences from gitignore and picomatch).

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

import unicodedata
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Generic, TypeVar

from attrs import field, frozen

from govmem.model.records import Finding, Matcher
from govmem.model.text import u16

from .globs import (
    PathPattern,
    literal_prefix,
    normalise_path,
    path_pattern_problem,
    required_segment,
)
from .semver import valid_range

K = TypeVar("K", bound=Hashable)

# --- package patterns -------------------------------------------------------------


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

    def match(self, paths: Sequence[str]) -> MatchResult[K]:
        """The records `paths` (repo-relative, compared, never opened) touch.

        Fired matchers per record, suppressions, and the issues. Only `path`
        matchers fire: the other types are inert (module docstring).
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
        matches = tuple(
            RecordMatch(self.keys[r], _sorted_fired(fired[r].values()))
            for r in sorted(fired)
            if r not in negated
        )
        suppressed = tuple(self.keys[r] for r in sorted(negated))
        return MatchResult(matches, suppressed, self.issues)


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
    for record, (key, matchers) in enumerate(records):
        keys.append(key)
        for matcher in matchers:
            if matcher.repo and matcher.repo != log:
                continue
            issue = _issue_for(key, matcher)
            if issue is not None:
                issues.append(issue)
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
        prefix = literal_prefix(pattern.text)
        required = None if prefix else required_segment(pattern.text)
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
    )
