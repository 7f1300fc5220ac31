"""Tests for `govmem.parse.fastyaml`: the plain-frontmatter fast path reads what ruamel reads."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from govmem.parse.fastyaml import load_plain
from govmem.parse.markdown import split_frontmatter
from govmem.parse.yaml import Loaded, load_yaml, parse_yaml
from tests.conftest import CORPORA, EXAMPLE

_WORDS = [
    "adr-0004", "accepted", "Accepted", "2019-07-13", "2024-1-5", "0.9", "1", "0", "052", "12",
    "Use Datadog", "src/billing/**", "yes", "No", "null", "~", "true", "False", "on", ".inf",
    "-1", "+1", "1e3", "0x1F", "1_000", "a: b", "a #b", "#x", "x#y", "'q'", '"q"', '"a\\"b"',
    "'it''s'", "[a]", "{a: 1}", "&a x", "*a", "!x y", "|", ">", "%x", "@x", "`x`", "a, b",
    "\u00e9t\u00e9", "x:", "-", "- x", "?x", " lead", "trail ", "", "2024-01-05T10:00:00Z",
    "1.", ".5", "1.0e5", "00.5", "3.14", "1.2.3", "v1.2", "=", "<<", "Null", "NO",
]  # fmt: skip
_KEYS = ["id", "title", "status", "date", "tags", "superseded_by", "decision-makers", "x.y",
         "true", "null", "2", "a b", "Yes", "_k"]  # fmt: skip


def _value(word: str, style: str) -> str:
    if style == "flow":
        return f"[{word}, {word}]"
    if style == "dq":
        return f'"{word}"'
    if style == "sq":
        return f"'{word}'"
    return word


_LINE = st.tuples(
    st.sampled_from(_KEYS),
    st.sampled_from(_WORDS),
    st.sampled_from(["plain", "flow", "dq", "sq", "block", "empty"]),
    st.sampled_from(["", "  ", " "]),
)


def _render(lines: list[tuple[str, str, str, str]]) -> str:
    out = []
    for key, word, style, indent in lines:
        if style == "block":
            out.append(f"{key}:")
            out += [f"{indent}- {word}", f"{indent}- {word}"]
        elif style == "empty":
            out.append(f"{key}:")
        else:
            out.append(f"{key}: {_value(word, style)}")
    return "\n".join(out) + "\n"


@given(st.lists(_LINE, max_size=6).map(_render))
@example('id: adr-1\nconfidence: 0.9\ntags: [a, b]\naffects:\n  - "src/**"\n')
@example("")
@example("a: 1\na: 2\n")
def test_whatever_it_reads_ruamel_reads_the_same(text: str) -> None:
    """When the fast path answers, its mapping equals ruamel's, key order included."""
    fast = load_plain(text)
    if fast is None:
        return
    slow = parse_yaml(text)
    assert load_yaml(text) == slow
    assert isinstance(slow, Loaded), text
    assert slow.data == fast, text
    assert list(slow.data) == list(fast), text
    assert [type(v) for v in slow.data.values()] == [type(v) for v in fast.values()], text


def _frontmatters() -> list[str]:
    found = []
    for path in sorted([*CORPORA.rglob("*.md"), *EXAMPLE.rglob("*.md")]):
        head, _, _ = split_frontmatter(path.read_text(encoding="utf-8", errors="replace"))
        if head is not None:
            found.append(head)
    return found


def test_every_real_frontmatter_it_reads_matches_ruamel() -> None:
    """Over every frontmatter of the real corpora: the same data wherever it answers."""
    heads = _frontmatters()
    read = 0
    for head in heads:
        fast = load_plain(head)
        if fast is not None:
            read += 1
            slow = parse_yaml(head)
            assert isinstance(slow, Loaded)
            assert slow.data == fast
    assert read >= len(heads) // 3  # it is a fast path only if it is taken


@pytest.mark.parametrize(
    "text",
    [
        "title: a\n  continued\n",  # a multi-line plain scalar
        "tags: [a, [b]]\n",
        "a: 1\na: 2\n",  # duplicate key: ruamel's bad-yaml
        "a: x # comment\n",
        "a: &x 1\nb: *x\n",
        "a: 'it''s'\n",
        'a: "tab\\there"\n',
        " a: 1\n",
        "a:\n  - x\n   - y\n",
        "a: yes\n",
    ],
)
def test_what_it_is_not_sure_of_goes_to_ruamel(text: str) -> None:
    """Anything outside the plain subset is left to the full parser."""
    assert load_plain(text) is None
