"""Tests for `govmem.parse.dates`: free-text dates, impossible dates, the per-corpus order."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from govmem import When
from govmem.parse.dates import BadDate, DateOrder, leading_date, parse_date, scan_date_order

DATES = [
    ("2017-07-14", "dmy", "2017-07-14"),
    ("[2022-10-05]", "dmy", "2022-10-05"),
    ("05/02/2018", "dmy", "2018-02-05"),
    ("05/02/2018", "mdy", "2018-05-02"),
    ("10/04/18", "dmy", "2018-04-10"),
    ("18-06-2019", "dmy", "2019-06-18"),
    ("8th June 2023", "dmy", "2023-06-08"),
    ("June 8, 2023", "mdy", "2023-06-08"),
    ("Dec 8, 2020", "dmy", "2020-12-08"),
    ("7 April 2020", "dmy", "2020-04-07"),
    ("November 2nd 2018", "dmy", "2018-11-02"),
    ("July 15 2021", "dmy", "2021-07-15"),
    ("03-Jan-2022", "dmy", "2022-01-03"),
    ("May 2023", "dmy", "2023-05-01"),
    ("September 2023", "dmy", "2023-09-01"),
    ("**2023-05-03**", "dmy", "2023-05-03"),
    ("2026-07-28T00:00:00Z", "dmy", "2026-07-28T00:00:00Z"),
    ("2026-07-28 10:30:00+02:00", "dmy", "2026-07-28T08:30:00Z"),
]


@pytest.mark.parametrize(("text", "order", "expected"), DATES)
def test_parse_date_reads_every_written_form(text: str, order: DateOrder, expected: str) -> None:
    """ISO, numeric in the corpus order, and prose dates all read to one value."""
    result = parse_date(text, order)
    assert isinstance(result, When)
    assert str(result) == expected


@pytest.mark.parametrize("text", ["2023-24-05", "31 June 2021", "31/02/2020", "2023-15-12"])
def test_an_impossible_date_is_a_bad_date_never_a_guess(text: str) -> None:
    """A date-shaped text that names no day is reported, not corrected."""
    assert isinstance(parse_date(text), BadDate)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{date}",
        "[YYYY-MM-DD when the decision was last updated] <!-- optional -->",
        "Since 2023",
        "soon",
        "v1.2.3",
    ],
)
def test_text_that_is_not_a_date_gives_none(text: str) -> None:
    """Placeholders and prose are simply not dates."""
    assert parse_date(text) is None


def test_a_month_alone_is_its_first_day() -> None:
    """`May 2023` is 2023-05-01, a date-only value."""
    result = parse_date("May 2023")
    assert isinstance(result, When)
    assert result.date_only
    assert result.day == date(2023, 5, 1)


@pytest.mark.parametrize(
    ("line", "expected", "rest"),
    [
        (
            "2023-05-03: Mark as rejected in favour of ADR-101",
            "2023-05-03",
            "Mark as rejected in favour of ADR-101",
        ),
        ("*2018-09-02* Remove ABCI errors", "2018-09-02", "Remove ABCI errors"),
        ("Feb 1 2024: Renamed to ADR 112", "2024-02-01", "Renamed to ADR 112"),
        ("20 April 2021: Initial Draft (@cmwaters)", "2021-04-20", "Initial Draft (@cmwaters)"),
        ("29-11-2019: Implemented", "2019-11-29", "Implemented"),
    ],
)
def test_leading_date_splits_a_changelog_line(line: str, expected: str, rest: str) -> None:
    """A changelog line gives its date and the text after it."""
    found = leading_date(line)
    assert found is not None
    assert str(found[0]) == expected
    assert found[1] == rest


def test_a_line_without_a_leading_date_gives_none() -> None:
    """Text that does not start with a date is not a dated line."""
    assert leading_date("Updated with the implementation details") is None
    assert leading_date("016-08-2018: a typo in the year") is None


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        ([], ("dmy", False)),
        (["Date: 05/02/2018"], ("dmy", False)),
        (["Date: 26/03/2018", "Date: 05/02/2018"], ("dmy", False)),
        (["Date: 12/25/2019"], ("mdy", False)),
        (["Date: 26/03/2018", "5-26-2021: Multisig"], ("dmy", True)),
        (["Date: 2021-05-11"], ("dmy", False)),
    ],
)
def test_scan_date_order_decides_per_corpus(
    texts: list[str], expected: tuple[DateOrder, bool]
) -> None:
    """First number above 12 -> day-first; second -> month-first; both -> conflict."""
    assert scan_date_order(texts) == expected


@given(st.text())
def test_parse_date_never_raises(text: str) -> None:
    """Any text gives a date, a bad date or None."""
    assert parse_date(text) is None or isinstance(parse_date(text), When | BadDate)
    leading_date(text)


@given(
    st.lists(
        st.sampled_from(["1", "12", "13", "31", "2024", "99", "/", "-", ".", " ", "a", "٣", "x/"]),
        max_size=14,
    ).map("".join)
)
@example("112-12-2024 and 1-2-3-2020, 13/1/99")
def test_the_fast_numeric_scan_finds_what_the_pattern_finds(text: str) -> None:
    """`numeric_dates` gives `_NUMERIC.finditer`'s matches, overlapping candidates included."""
    from govmem.parse.dates import _NUMERIC, numeric_dates

    assert [m.span() for m in numeric_dates(text)] == [m.span() for m in _NUMERIC.finditer(text)]


@given(
    st.lists(
        st.sampled_from(
            ["1", "12", "13", "31", "2024", "99", "/", "-", ".", " ", "a", "٣", "x/", "_", "\n"]
        ),
        max_size=16,
    ).map("".join)
)
@example("112-12-2024 and 1-2-3-2020, 13/1/99")
@example("1/2/20-3-2021 1/2/34/5/2020 123/4/20-5-2021 1-2-12-3-2020 ٣/1/2020")
def test_the_separator_scan_finds_what_the_numeric_scan_finds(text: str) -> None:
    """`numeric_spans` (from the separators) gives `numeric_dates`'s matches and groups."""
    from govmem.parse.dates import numeric_dates, numeric_spans

    want = [(m.start(), m.end(), m["a"], m["b"]) for m in numeric_dates(text)]
    assert numeric_spans(text) == want
