"""Tests for `govmem.parse.fastyaml`: the plain-frontmatter fast path reads what ruamel reads."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from govmem.parse import fastyaml
from govmem.parse.fastyaml import load_plain, load_plain_stream
from govmem.parse.markdown import split_frontmatter
from govmem.parse.yaml import (
    Loaded,
    load_yaml,
    load_yaml_documents,
    parse_yaml,
    parse_yaml_documents,
)
from tests.conftest import CORPORA, EXAMPLE

_WORDS = [
    "adr-0004", "accepted", "Accepted", "2019-07-13", "2024-1-5", "0.9", "1", "0", "052", "12",
    "Use Datadog", "src/billing/**", "yes", "No", "null", "~", "true", "False", "on", ".inf",
    "-1", "+1", "1e3", "0x1F", "1_000", "a: b", "a #b", "#x", "x#y", "'q'", '"q"', '"a\\"b"',
    "'it''s'", "[a]", "{a: 1}", "&a x", "*a", "!x y", "|", ">", "%x", "@x", "`x`", "a, b",
    "\u00e9t\u00e9", "x:", "-", "- x", "?x", " lead", "trail ", "", "2024-01-05T10:00:00Z",
    "1.", ".5", "1.0e5", "00.5", "3.14", "1.2.3", "v1.2", "=", "<<", "Null", "NO",
    "a\x01b", "a\x7fb", "a\x85b", "a\u2028b", "a\ufeffb", "a\tb", "a\rb", "a\u00a0b", "\U0001f600",
    "---", "...", "- - x",
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


_ITEM_LINE = st.tuples(
    st.sampled_from(["- ", "  ", "   ", " ", "-  ", "", "    - ", "# ", "#", " # "]),
    st.sampled_from(_KEYS),
    st.sampled_from(_WORDS),
    st.sampled_from(["plain", "flow", "dq", "sq", "empty", "blank"]),
)


def _render_stream(lines: list[tuple[str, str, str, str]]) -> str:
    out = []
    for lead, key, word, style in lines:
        if style == "blank":
            out.append(lead.replace("-", "").replace("#", ""))
        elif style == "empty":
            out.append(f"{lead}{key}:")
        else:
            out.append(f"{lead}{key}: {_value(word, style)}")
    return "\n".join(out) + "\n"


_PLAIN_WORDS = ["adr-0004", "accepted", "2019-07-13", "2024-1-5", "0.9", "1", "052", "Use Datadog",
                "src/billing/**", "yes", "null", "true", "1e3", "a b", "a #b", "\u00e9t\u00e9", "-1"]  # fmt: skip
"""Words mostly in the fast paths' subset, so that most generated streams take it."""
_FLAT_ITEM = st.lists(
    st.tuples(
        st.sampled_from(_KEYS),
        st.sampled_from(_PLAIN_WORDS) | st.sampled_from(_WORDS),
        st.sampled_from(["plain", "flow", "dq"]),
    ),
    min_size=1,
    max_size=4,
).map(lambda kvs: [("- " if i == 0 else "  ", k, w, s) for i, (k, w, s) in enumerate(kvs)])


@given(
    st.one_of(
        st.lists(_ITEM_LINE, max_size=8).map(_render_stream),
        st.lists(_FLAT_ITEM, min_size=1, max_size=4).map(
            lambda items: _render_stream([x for i in items for x in i])
        ),
        st.lists(_FLAT_ITEM, min_size=1, max_size=3).map(
            lambda items: "# memories\n" + _render_stream([x for i in items for x in i])
        ),
    )
)
@example("# Agent memories.\n- kind: memory\n  id: m-1\n  created_at: 2017-09-19\n  tags: [a, b]\n")
@example("- a: 1\n  a: 2\n")
@example("- a: 1\n- a: 2\n")
@example("")
def test_whatever_it_reads_as_a_stream_ruamel_reads_the_same(text: str) -> None:
    """When the stream fast path answers, its documents equal ruamel's, key order and types
    included; `load_yaml_documents` answers as ruamel does, fast path or not."""
    slow = parse_yaml_documents(text)
    assert load_yaml_documents(text) == slow, text
    fast = load_plain_stream(text)
    if fast is None:
        return
    assert isinstance(slow, Loaded), text
    assert slow.data == [fast], text
    assert isinstance(slow.data, list)
    for a, b in zip(slow.data[0], fast, strict=True):  # type: ignore[arg-type]
        assert isinstance(a, dict)
        assert isinstance(b, dict)
        assert list(a) == list(b), text
        assert [type(v) for v in a.values()] == [type(v) for v in b.values()], text


def test_every_real_yaml_stream_it_reads_matches_ruamel() -> None:
    """Over every YAML file of the real corpora: the same data wherever it answers."""
    for path in sorted(
        [*CORPORA.rglob("*.yaml"), *EXAMPLE.rglob("*.yaml"), *CORPORA.rglob("*.yml")]
    ):
        text = path.read_text(encoding="utf-8", errors="replace")
        if (fast := load_plain_stream(text)) is not None:
            assert parse_yaml_documents(text) == Loaded([fast]), path


@pytest.mark.parametrize(
    "text",
    [
        "- a: x # comment\n",
        "- a: 1\n  a: 2\n",  # duplicate key: ruamel's bad-yaml
        "- a: 1\n   b: 2\n",
        "  - a: 1\n",
        "- a:\n  - x\n",
        "- a: one\n    two\n",
        "---\n- a: 1\n",
        "a: 1\n",
        '- a: "x\u2028y"\n',
        '- a: "x\x01y"\n',
        "# only a comment\n",
    ],
)
def test_what_it_is_not_sure_of_in_a_stream_goes_to_ruamel(text: str) -> None:
    """Anything outside the plain stream subset is left to the full parser."""
    assert load_plain_stream(text) is None


@pytest.mark.parametrize(
    "text", ["id: a\x01b\n", 'id: "a\x85b"\n', "id: a\u2028b\n", 'id: "a\x7fb"\n']
)
def test_a_character_yaml_refuses_or_breaks_on_goes_to_ruamel(text: str) -> None:
    """Control characters (ruamel refuses them) and line breaks other than LF (ruamel breaks
    lines on them) are never read by the frontmatter fast path."""
    assert load_plain(text) is None


def _scalar_reference(text: str) -> object:
    """`fastyaml._scalar` as it was written before its regexes were joined (one per form)."""
    if not text:
        return fastyaml.UNSURE
    first = text[0]
    if first in "\"'":
        inner = text[1:-1]
        if len(text) < 2 or text[-1] != first or first in inner or "\\" in inner or "\n" in inner:
            return fastyaml.UNSURE
        return inner
    if first.isascii() and first.isalpha():
        if fastyaml._WORD_FORMS.fullmatch(text) or not fastyaml._SAFE_PLAIN.fullmatch(text):
            return fastyaml.UNSURE
        return fastyaml.UNSURE if " #" in text or text.endswith(":") else text
    if fastyaml._INT.fullmatch(text):
        return int(text)
    if fastyaml._FLOAT.fullmatch(text):
        return float(text)
    if fastyaml._DATE.fullmatch(text):
        return text
    if fastyaml._NUMBERISH.fullmatch(text) or fastyaml._WORD_FORMS.fullmatch(text):
        return fastyaml.UNSURE
    if not fastyaml._SAFE_PLAIN.fullmatch(text) or " #" in text or text.endswith(":"):
        return fastyaml.UNSURE
    return text


_SCALAR_TEXT = st.one_of(
    st.sampled_from(_WORDS),
    st.text(alphabet="aNnOoYy019.-+_:#e/ '\"\u0131\u212a\u017f", max_size=8),
    st.from_regex(r"[0-9]{1,5}[-.][0-9]{1,3}([-.][0-9]{1,3})?", fullmatch=True),
)


@given(_SCALAR_TEXT.map(str.strip))
def test_the_joined_regexes_read_what_the_separate_ones_read(text: str) -> None:
    """`_scalar` (one match per form) gives what one match per regex gave, type included."""
    fast, slow = fastyaml._scalar(text), _scalar_reference(text)
    assert fast == slow, text
    assert type(fast) is type(slow), text


@given(st.text(alphabet="ab_1.-: \u212a", max_size=6), st.text(alphabet="- a", max_size=4))
def test_key_and_item_lines_are_read_as_their_regexes_read_them(key: str, lead: str) -> None:
    """The key check and the item check in front of `load_plain`'s loop are its regexes'."""
    line = f"{key}: v"
    m = fastyaml._KEY_LINE.fullmatch(line)
    # the value is `v` unless the key held `: ` (then the value `: v` is not plain either way)
    expected = m is not None and m[2] == "v" and fastyaml._WORD_FORMS.fullmatch(m[1]) is None
    assert (load_plain(line) is not None) == expected, line
    item = re.fullmatch(r"( *)- (.*)", f"{lead}- x")
    block = load_plain(f"k:\n{lead}- x\n")
    assert (block == {"k": ["x"]}) == (item is not None and not lead.strip(" ")), lead
