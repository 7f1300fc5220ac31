"""Tests for `govmem.tools.affects` and `globs`: adrkit's affects resolver, picomatch path semantics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import Matcher
from govmem.tools.affects import FiredMatcher, compile_affects, locale_key, valid_package_pattern
from govmem.tools.globs import PathPattern, normalise_path, path_pattern_problem
from tests.conftest import DATA

CASES_DIR = DATA / "adrkit-conformance" / "affects-cases"


def match_path(pattern: str, path: str) -> bool:
    """Whether one path pattern matches one repo-relative path (False for a bad pattern)."""
    if path_pattern_problem(pattern) is not None:
        return False
    return PathPattern.from_text(pattern).matches(normalise_path(path))


def _case_files() -> list[Path]:
    """adrkit's published cases, but those that need a changed-dependency snapshot.

    govmem has none (its tools never pass one): `package` matchers are inert,
    so a case that makes one fire against a snapshot (`package-range`) does not
    apply (`test_unusable_matchers_are_reported_with_adrkit_messages` shows such a
    matcher inert, with its `affects-unresolvable` finding).
    """
    files = sorted(
        p for p in CASES_DIR.glob("*.json") if "snapshots" not in json.loads(p.read_text("utf-8"))
    )
    if not files:
        pytest.fail(f"no affects conformance cases in {CASES_DIR}")
    return files


def _wire(finding: Any, pattern: str) -> dict[str, str]:
    return {
        "rule": finding.code,
        "severity": finding.severity,
        "message": finding.message,
        "id": finding.id,
        "path": finding.path,
        "field": finding.field,
        "pattern": pattern,
    }


@pytest.mark.parametrize("case_file", _case_files(), ids=lambda p: p.stem)
def test_published_conformance_case_resolves_as_adrkit_does(case_file: Path) -> None:
    """Each of adrkit's portable affects cases gives its expected matches and findings."""
    case = json.loads(case_file.read_text(encoding="utf-8"))
    records = [
        (
            r["id"],
            tuple(
                Matcher(m["pattern"], m["type"], m.get("negate", False), m.get("repo"))
                for m in r["affects"]
            ),
        )
        for r in case["records"]
    ]
    result = compile_affects(records).match(case["changedFiles"])
    matches = sorted(
        (
            {
                "recordId": m.key,
                "firedMatchers": [{"type": f.type, "pattern": f.pattern} for f in m.fired],
            }
            for m in result.matches
        ),
        key=lambda m: str(m["recordId"]),
    )
    findings = [
        _wire(i.to_finding(id=i.key, path=f"docs/adr/{i.key}-case.md"), i.pattern)
        for i in result.issues
    ]
    assert matches == case["expected"]["matches"]
    assert findings == case["expected"]["findings"]


PATH_TABLE = [
    ("src/**", "src/a/b.ts", True),
    ("src/**", "src", True),
    ("src/**", "srcx/a", False),
    ("src/*", "src/a/b.ts", False),
    ("src/*", "src/.env", False),
    ("src/.env*", "src/.env.local", True),
    ("docs/**/*.md", "docs/a.md", True),
    ("docs/**/*.md", "docs/x/y/a.md", True),
    ("**/*.md", "a/b/c.md", True),
    ("*.md", "a/b.md", False),
    ("**/*", ".github/workflows/ci.yml", False),
    (".github/**", ".github/workflows/ci.yml", True),
    ("{src,lib}/**", "lib/x.py", True),
    ("{src,lib}/**", "bin/x.py", False),
    ("a/{b,c/**}", "a/c/d/e", True),
    ("file?.txt", "file1.txt", True),
    ("file?.txt", "file10.txt", False),
    ("[ab].txt", "b.txt", True),
    ("[^ab].txt", "c.txt", True),
    ("{1..3}.log", "2.log", True),
    ("!src/**", "src/a", False),
    ("!src/**", "!src/a", True),
    ("SRC/**", "src/a", False),
    ("a{b", "a{b", True),
    ("a{b", "ab", False),
    ("./src/**", "src/a", True),
    ("src/**", "./src/a", True),
    ("src/**", "src\\a", True),
    ("***", "a/b", False),
    ("a**b", "axxb", True),
    ("a**b", "ax/xb", False),
]


@pytest.mark.parametrize(("pattern", "path", "expected"), PATH_TABLE)
def test_path_pattern_matches_like_picomatch(pattern: str, path: str, expected: bool) -> None:
    """Path patterns follow picomatch (dot:false, nonegate) plus adrkit's dot-segment rule."""
    assert match_path(pattern, path) is expected


def test_negation_suppresses_the_whole_record_for_the_whole_request() -> None:
    """A matching negate matcher removes its record even for files it does not cover."""
    index = compile_affects([("r", (Matcher("src/**"), Matcher("src/legacy/**", negate=True)))])
    assert index.match(["src/a.ts"]).matches[0].key == "r"
    result = index.match(["src/a.ts", "src/legacy/b.ts"])
    assert result.matches == ()
    assert result.suppressed == ("r",)


def test_repo_qualified_matchers_are_skipped_without_findings() -> None:
    """A matcher naming another repo neither fires nor reports."""
    index = compile_affects([("r", (Matcher("/x", repo="other"), Matcher("a/**", repo="other")))])
    result = index.match(["a/b"])
    assert result.matches == ()
    assert result.issues == ()


@pytest.mark.parametrize(
    ("matcher", "code", "message"),
    [
        (
            Matcher("/abs/**"),
            "affects-bad-pattern",
            'Path matcher "/abs/**" must be repo-relative and must not start with "/".',
        ),
        (
            Matcher("", "path"),
            "affects-bad-pattern",
            'Path matcher "" is not a valid glob pattern.',
        ),
        (
            Matcher("GET /x", "api"),
            "affects-unresolvable",
            'api matcher "GET /x" has no backing snapshot in this phase and is inert.',
        ),
        (
            Matcher("component:default/x", "entity"),
            "affects-unresolvable",
            'Entity matcher "component:default/x" has no catalog snapshot and is inert.',
        ),
        (
            Matcher("react@>=19", "package"),
            "affects-unresolvable",
            'Package matcher "react@>=19" requires a changed-dependency snapshot and is inert.',
        ),
        (
            Matcher("bad@@@", "package"),
            "affects-bad-pattern",
            'Package matcher "bad@@@" must be "name" or "name@<valid semver range>".',
        ),
        (
            Matcher("x", "widget"),
            "affects-unknown-type",
            'Affects matcher type "widget" is not recognized by this adrkit version and was ignored.',
        ),
    ],
)
def test_unusable_matchers_are_reported_with_adrkit_messages(
    matcher: Matcher, code: str, message: str
) -> None:
    """Bad patterns and inert types become issues with adrkit's exact messages."""
    (issue,) = compile_affects([("r", (matcher,))]).issues
    assert (issue.code, issue.message, issue.field) == (code, message, f"affects.{matcher.type}")


@pytest.mark.parametrize(
    ("pattern", "valid"),
    [
        ("react", True),
        ("react@>=19", True),
        ("@scope/pkg@^1.2", True),
        ("@scope/pkg", True),
        ("bad@@@", False),
        ("x@latest", False),
        ("x@", False),
        ("@", True),
    ],
)
def test_package_patterns_are_name_or_name_at_semver_range(pattern: str, valid: bool) -> None:
    """Package patterns parse like adrkit's `parsePackagePattern`."""
    assert valid_package_pattern(pattern) is valid


def test_fired_matchers_are_deduplicated_and_sorted_like_locale_compare() -> None:
    """firedMatchers use ICU order: `_build, .github, docs, Src`, duplicates once."""
    patterns = ["Src/**", "docs/**", ".github/**", "_build/**", "docs/**"]
    index = compile_affects([("r", tuple(Matcher(p) for p in patterns))])
    fired = index.match(["Src/a", "docs/a", ".github/a", "_build/a"]).matches[0].fired
    assert fired == tuple(
        FiredMatcher("path", p) for p in ["_build/**", ".github/**", "docs/**", "Src/**"]
    )


def test_locale_key_orders_ascii_like_icu() -> None:
    """The ICU approximation reproduces Node's localeCompare order of printable ASCII."""
    node_order = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ"
    assert "".join(sorted(node_order, key=locale_key)) == node_order
    words = [
        "a",
        "A",
        "á",
        "Á",
        "a_b",
        "a-b",
        "a.b",
        "a1",
        "a10",
        "a2",
        "ab",
        "Ab",
        "b",
        "B",
        "e",
        "é",
        "f",
    ]
    shuffled = words[1::2] + words[::2]
    assert sorted(shuffled, key=locale_key) == words


def test_records_are_listed_in_compile_order() -> None:
    """Matches come back in the order records were given, not by key."""
    index = compile_affects([("b", (Matcher("**"),)), ("a", (Matcher("x/**"),))])
    assert [m.key for m in index.match(["x/y"]).matches] == ["b", "a"]


@given(
    st.lists(st.text(alphabet="ab./*?{},[]!\\", min_size=1, max_size=8), max_size=5),
    st.lists(st.text(alphabet="ab./x", min_size=1, max_size=10), min_size=1, max_size=5),
)
def test_index_agrees_with_matching_each_pattern_alone(
    patterns: list[str], paths: list[str]
) -> None:
    """The prefix trie never loses or invents a match."""
    index = compile_affects([(i, (Matcher(p),)) for i, p in enumerate(patterns)])
    got = {m.key for m in index.match(paths).matches}
    expected = {i for i, p in enumerate(patterns) if any(match_path(p, q) for q in paths)}
    assert got == expected


def test_ten_thousand_records_against_256_paths_find_exactly_their_records() -> None:
    """At corpus scale, each path finds its own record (timing lives in benchmarks/)."""
    records = [
        (i, (Matcher(f"services/svc{i % 500}/module{i}/**"), Matcher(f"docs/svc{i}/*.md")))
        for i in range(10_000)
    ]
    index = compile_affects(records)
    paths = [f"services/svc{j}/module{j}/src/file{j}.py" for j in range(256)]
    result = index.match(paths)
    assert [m.key for m in result.matches] == list(range(256))
