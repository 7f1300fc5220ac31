"""`exclude` patterns: govmem's matcher decides as pathspec's gitignore matching does."""

from __future__ import annotations

from typing import Final

import pathspec
from hypothesis import given
from hypothesis import strategies as st

from govmem.shell.plan import exclusion

PATTERNS: Final = (
    "README.md",
    "SOURCE.md",
    "LICENSE",
    "docs",
    "tmp",
    "/SOURCE.md",
    "docs/**/draft-*.md",
    "build/",
    "*.txt",
    "adr/[0-9]*.md",
    "a/b",
    "**/tmp",
    "*.MD",
    "docs/adr/legacy/",
    "x?y.md",
    "\\#not",
    "# a comment",
    "",
    "   ",
    "!README.md",
    "!docs/adr/legacy/keep.md",
    "docs/*",
    "*",
)
PATHS: Final = (
    "README.md",
    "docs/README.md",
    "docs/adr/draft-1.md",
    "docs/x/adr/draft-2.md",
    "build/a.md",
    "a/build/b.md",
    "build",
    "notes.txt",
    "SOURCE.md",
    "sub/SOURCE.md",
    "adr/1.md",
    "a/b",
    "a/b/c.md",
    "tmp/x.md",
    "q/tmp",
    "X.MD",
    "docs/adr/legacy/",
    "docs/adr/legacy/keep.md",
    "xay.md",
    "#not",
    "./README.md",
    "docs/",
    "memory/claims.yaml",
    "/README.md",
    "",
    "LICENSE",
    "LICENSE.md",
    "a/LICENSE/b.md",
    "docs/adr/0001-x.md",
    "readme.md",
)


@given(patterns=st.lists(st.sampled_from(PATTERNS), max_size=5).map(tuple))
def test_exclusion_matches_what_pathspec_matches(patterns: tuple[str, ...]) -> None:
    """Any list of patterns (plain names, negations, folders, anchors, comments, none): the
    same paths (plain names are matched without pathspec: a warm start never imports it)."""
    spec = pathspec.PathSpec.from_lines("gitignore", patterns)
    excluded = exclusion(patterns)
    assert [excluded(p) for p in PATHS] == [spec.match_file(p) for p in PATHS]
