"""Reading rules from first contact with the sixth and seventh held-out pairs.

mozilla-fxa's 0042 titles itself with a numbered `##` heading and no `#` one, so its
metadata block (`Status: proposed`, `Date: …` as plain paragraphs) went unread.

guardian/dotcom-rendering's ADR folder showed four reading defects, each fixed here as a
general rule and tested on small synthetic texts: a date inside a URL
(`…/2020/12/15/2020-year-in-review/`) voted month-first, so `lint` warned of a date-order
conflict though no record's date is read from its file; the title `3rd-Party Technical
Review Format` lost `3r` to the leading-number rule; `## Status: Deprecated` (the status
inside the heading) read `unknown`; and `Superseded by [007-multiple-sites-revisited.md](…)`,
a file that does not exist, was resolved by its number to the unrelated `007-css-in-js.md`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import govmem
from govmem import Corpus
from govmem.index.derive import normalised_title
from govmem.index.settle import quotes_title
from govmem.parse.dates import date_order_votes, scan_date_order
from govmem.parse.file import parse_file
from govmem.parse.markdown import heading_status, read_markdown
from tests.conftest import write_files

# --- 1. a date inside a path or URL does not vote for the date order


@pytest.mark.parametrize(
    ("text", "votes"),
    [
        # a blog post's address: `12/15/2020` is a path, not a month-first date
        ("[review](https://blog.mozilla.org/performance/2020/12/15/2020-year-in-review/)", (0, 0)),
        ("see https://e.org/posts?on=12-15-2020 for more", (0, 0)),
        ("[a](../2020/13/05/2020-x.md), [b](archive/13-05-2020-notes.md)", (0, 0)),
        # the same dates written in prose still vote
        ("on 12/15/2020 FF84 came out", (0, 1)),
        ("- Date: 17/08/2020", (1, 0)),
        ("Date: 12/15/2020, see https://e.org/a", (0, 1)),
        ("01/03/2021", (0, 0)),
    ],
)
def test_a_date_in_a_path_or_url_does_not_vote(text: str, votes: tuple[int, int]) -> None:
    assert date_order_votes(text) == (bool(votes[0]), bool(votes[1]))


def test_a_url_date_is_no_date_order_conflict() -> None:
    texts = [
        "# 1. X\n\n## Metadata\n\n- Date: 17/08/2020\n",
        "# 2. Y\n\nIt was in the [year in review](https://e.org/2020/12/15/2020-review/).\n",
    ]
    assert scan_date_order(texts) == ("dmy", False)
    assert scan_date_order([*texts, "Changelog: 5-26-2021"]) == ("dmy", True)


def test_a_date_order_conflict_names_a_file_written_each_way(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "docs/adr/0001-a.md": "# 1. A\n\nDate: 26/03/2018\n\n## Status\n\nAccepted\n",
            "docs/adr/0002-b.md": "# 2. B\n\nDate: 2018-03-26\n\n## Status\n\nAccepted\n\n"
            "## Changelog\n\n- 5-26-2021: Amended\n",
            "docs/adr/0003-c.md": "# 3. C\n\nSee https://e.org/2020/12/15/2020-x/.\n",
        },
    )
    corpus = govmem.load(tmp_path)
    (found,) = [f for f in corpus.findings if f.code == "date-order-conflict"]
    assert "day-first (in docs/adr/0001-a.md)" in found.message
    assert "month-first (in docs/adr/0002-b.md)" in found.message


# --- 2. an ordinal or a word that starts with digits is no leading number


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("3rd-Party Technical Review Format", "3rd party technical review format"),
        ("1st class citizens", "1st class citizens"),
        ("2FA for admins", "2fa for admins"),
        # a number followed by a separator, or nothing, is stripped as before
        ("21. Multi-cluster", "multi cluster"),
        ("ADR-7: Use X", "use x"),
        ("0004a - Use Y", "use y"),
        ("12) Foo", "foo"),
        ("7 Use Z", "use z"),
        ("21–foo", "foo"),
        ("ADR021", ""),
        # cisa-getgov 0010, 0011: the template's placeholder for the number, left in
        ("n. Django Templates", "django templates"),
        ("N. Login.gov", "login gov"),
        ("X. Use Z", "use z"),
        ("Nx. monorepo tooling", "nx monorepo tooling"),
        ("n.b. the notes", "n b the notes"),
        # celestia-app 028: an `ADR:` with no number
        ("ADR: Secondary Fee Token Support", "secondary fee token support"),
        ("ADR link resolver in the domain", "adr link resolver in the domain"),
    ],
)
def test_a_leading_number_is_stripped_only_before_a_separator(title: str, name: str) -> None:
    assert normalised_title(title) == name


def test_an_ordinal_title_keeps_its_topic_name_and_is_quoted_whole() -> None:
    (rec,) = parse_file(
        "docs/adr/000-technical-review-records.md",
        "# 3rd-Party Technical Review Format\n\n## Status\n\nApproved\n",
    ).records
    corpus = Corpus.from_records([rec])
    assert corpus.facts[0].topic == "3rd party technical review format"
    assert quotes_title("the 3rd-party technical review format", rec.title)
    assert not quotes_title("party technical review format", rec.title)


# --- 3. a status written inside its heading


@pytest.mark.parametrize(
    ("heading", "status"),
    [
        ("## Status: Deprecated", "deprecated"),
        ("## Status: Proposed", "proposed"),
        ("## **Status:** Accepted", "accepted"),
        ("## Status - Accepted", "accepted"),
        ("## Status – Rejected", "rejected"),
        # no status after `Status`: not a status heading, so no status
        ("## Status quo", "unknown"),
        ("## Status of the migration", "unknown"),
        ("## Status: of the migration", "unknown"),
        ("## Status-quo", "unknown"),
    ],
)
def test_a_status_heading_that_writes_the_status(heading: str, status: str) -> None:
    body = f"# X\n\n{heading}\n\nWe never got to it.\n\n## Context\n\nWords.\n"
    (rec,) = parse_file("docs/adr/use-x.md", body).records
    assert rec.status == status


def test_a_status_section_reads_as_before() -> None:
    """`## Status` then a paragraph; a `## Status: …` heading deeper down is no status place."""
    plain = read_markdown("# X\n\n## Status\n\nAccepted\n\n## Context\n\nWords.\n")
    assert (plain.section_status, plain.status_section) == ("Accepted", "Accepted")
    (rec,) = parse_file(
        "docs/adr/0001-x.md", "# X\n\n## Context\n\n### Status: Accepted\n\nWords.\n"
    ).records
    assert rec.status == "unknown"
    # the status section, when there is one, is still the place (the first paragraph)
    both = "# X\n\n## Status: Proposed\n\nWords.\n\n## Status\n\nAccepted\n"
    (rec,) = parse_file("docs/adr/0001-x.md", both).records
    assert rec.status == "accepted"


@pytest.mark.parametrize(
    ("heading", "status", "date"),
    [
        # mozilla-fxa 0042 (the sixth pair): no level-1 heading, the record's numbered title
        # as `##`, then the metadata block's plain paragraphs
        ("## ADR 42: Evaluate Strategy for OAuth Implementation", "proposed", "2024-03-21"),
        ("## 33. User permissions", "proposed", "2024-03-21"),
        # a first `##` that does not number the record is a section, as before: its lines
        # are content, not metadata
        ("## Context and Problem Statement", "unknown", None),
        ("## 2024 roadmap", "unknown", None),
    ],
)
def test_a_numbered_title_as_the_first_heading_opens_the_metadata_block(
    heading: str, status: str, date: str | None
) -> None:
    body = f"{heading}\n\nStatus: proposed\n\nDate: 2024-03-21\n\n## Decision\n\nWe do.\n"
    (rec,) = parse_file("docs/adr/0042-x.md", body).records
    assert rec.status == status
    assert (rec.valid_from and str(rec.valid_from)) == date


def test_a_numbered_heading_after_text_is_no_title() -> None:
    body = "Some words first.\n\n## 33. User permissions\n\nStatus: accepted\n"
    (rec,) = parse_file("docs/adr/0033-x.md", body).records
    assert rec.status == "unknown"


def test_a_status_heading_states_refs_and_takes_configured_spellings() -> None:
    body = "# X\n\n## Status: Superseded by [2. Y](0002-y.md)\n\n## Context\n\nWords.\n"
    (rec,) = parse_file("docs/adr/0001-x.md", body).records
    assert (rec.status, rec.superseded_by) == ("superseded", ("0002-y.md",))
    assert heading_status("Status: Shipped") is None
    assert heading_status("Status: Shipped", (("shipped", "accepted"),)) == "Shipped"


# --- 4. a file name with other words than its number's record is no ref to that record


def _corpus(files: dict[str, str]) -> Corpus:
    return Corpus.from_records([r for p, t in files.items() for r in parse_file(p, t).records])


def test_a_missing_file_named_only_by_its_file_name_stays_dangling() -> None:
    """`Superseded by [007-multiple-sites-revisited.md](…)`: 007 is `007-css-in-js.md`."""
    corpus = _corpus(
        {
            "docs/adr/historic/multiple-sites.md": "# Multiple sites\n\n## Status\n\n"
            "Superseded by\n[007-multiple-sites-revisited.md](007-multiple-sites-revisited.md).\n",
            "docs/adr/007-css-in-js.md": "# Use CSS-in-JS\n\n## Status\n\nApproved\n",
        }
    )
    assert corpus.facts[0].topic != corpus.facts[1].topic
    assert [f.code for f in corpus.findings if f.id == "multiple-sites"] == ["dangling-ref"]
    bare = _corpus(
        {
            "docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nSuperseded by 0007-b-revisited.md\n",
            "docs/adr/0007-c.md": "# 7. C\n\n## Status\n\nAccepted\n",
        }
    )
    assert [f.code for f in bare.findings if f.id == "0001"] == ["dangling-ref"]


@pytest.mark.parametrize(
    "ref",
    [
        "[0007-use-x.md](0007-use-x.md)",  # the record's own file name words (`007-use-x.md`)
        "0007-use-x.md",
        "[0007-adopt-x-now.md](0007-adopt-x-now.md)",  # its words quote the title
        "[7](0007-other.md)",  # a link text of the number only: by its number, as documented
        "0007.md",  # a file name of the number only
    ],
)
def test_a_missing_file_whose_name_names_its_numbers_record_resolves(ref: str) -> None:
    corpus = _corpus(
        {
            "docs/adr/0001-a.md": f"# 1. A\n\n## Status\n\nSuperseded by {ref}\n",
            "docs/adr/007-use-x.md": "# 7. Adopt X now\n\n## Status\n\nAccepted\n",
        }
    )
    assert corpus.facts[0].successors == (1,)
    (found,) = [f for f in corpus.findings if f.code == "ref-resolved-by-number"]
    assert "007-use-x.md" in found.message


def test_a_missing_file_named_otherwise_resolves_when_its_record_links_back() -> None:
    corpus = _corpus(
        {
            "docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nSuperseded by 0007-use-bee.md\n",
            "docs/adr/0007-b.md": "# 7. Use B\n\n## Status\n\nAccepted\n\n"
            "Supersedes [1. A](0001-a.md)\n",
        }
    )
    assert corpus.facts[0].successors == (1,)
    (found,) = [f for f in corpus.findings if f.id == "0001"]
    assert found.code == "ref-resolved-by-number"
    assert "links back" in found.message


# --- the eighth pair: dependencytrack-hyades writes no `#` title and its metadata as a table


@pytest.mark.parametrize(
    ("path", "body", "title"),
    [
        # hyades: the first heading is a section, not the record's name
        (
            "docs/adr/003-notification-publishing.md",
            "## Context\n\nWords.\n",
            "Notification publishing",
        ),
        (
            "docs/adr/2023-07-20-fe-server-rendering.md",
            "## Context and Problem\n\nW.\n",
            "Fe server rendering",
        ),
        # a numbered first heading, and a `#` title, stay the title
        (
            "docs/adr/0042-use-node-oidc.md",
            "## ADR 42: Evaluate OAuth\n\nW.\n",
            "ADR 42: Evaluate OAuth",
        ),
        ("docs/adr/0001-x.md", "# 1. Use X\n\n## Context\n\nW.\n", "1. Use X"),
        # a file name with no subject: the first heading, as before
        ("docs/adr/0007.md", "## Context\n\nWords.\n", "Context"),
    ],
)
def test_a_record_with_no_title_heading_is_named_by_its_file(
    path: str, body: str, title: str
) -> None:
    (rec,) = parse_file(path, body).records
    assert rec.title == title


@pytest.mark.parametrize(
    ("block", "status", "date"),
    [
        # hyades: a header row of keys over a row of values
        (
            (
                "| Status   | Date       | Author(s) |\n|:---------|:-----------|:----|\n"
                "| Proposed | 2025-01-19 | [@nscuro](https://github.com/nscuro) |\n"
            ),
            "proposed",
            "2025-01-19",
        ),
        (
            "| **Status** | **Date** |\n|---|---|\n| Accepted | 2024-05-02 |\n",
            "accepted",
            "2024-05-02",
        ),
        # wasmcloud 0014: a delimiter row of two hyphens a cell (GitHub needs one)
        (
            "| Status | Deciders | Date |\n|--|--|--|\n| accepted | Maintainers | 2023-07-12 |\n",
            "accepted",
            "2023-07-12",
        ),
        ("| Status | Date |\n|-|:-:|\n| Rejected | 2024-05-02 |\n", "rejected", "2024-05-02"),
        # a key and its value per row
        ("| Status | Accepted |\n| --- | --- |\n| Date | 2024-05-02 |\n", "accepted", "2024-05-02"),
        ("| Field | Value |\n| --- | --- |\n| Status | Rejected |\n", "rejected", None),
        # a header with no row of values, or no delimiter row: nothing stated
        ("| Status | Date |\n|---|---|\n", "unknown", None),
        ("| Status | Accepted |\n", "unknown", None),
    ],
)
def test_a_metadata_table_states_status_and_date(block: str, status: str, date: str | None) -> None:
    body = f"# Use X\n\n{block}\n## Context\n\nWords.\n"
    (rec,) = parse_file("docs/adr/0001-use-x.md", body).records
    assert rec.status == status
    assert (rec.valid_from and str(rec.valid_from)) == date


def test_a_table_in_a_section_states_nothing() -> None:
    body = "# Use X\n\n## Options\n\n| Status | Date |\n|---|---|\n| Accepted | 2024-05-02 |\n"
    (rec,) = parse_file("docs/adr/0001-use-x.md", body).records
    assert rec.status == "unknown"


@pytest.mark.parametrize(
    ("status", "cls", "successor"),
    [
        # simple-server 010: the successor in parentheses
        (
            "Superseded (by [012-simplified-user-permissions](012-simplified-user-permissions.md))",
            "superseded",
            ("012-simplified-user-permissions.md",),
        ),
        # sap-cloud-sdk-js: its template's words
        ("decided", "accepted", ()),
        ("**outdated**", "deprecated", ()),
    ],
)
def test_status_words_and_a_successor_in_parentheses(
    status: str, cls: str, successor: tuple[str, ...]
) -> None:
    (rec,) = parse_file("docs/adr/010-x.md", f"# 10. X\n\n## Status\n\n{status}\n").records
    assert (rec.status, rec.superseded_by) == (cls, successor)


def test_a_title_heading_that_is_the_template_s_word_gives_way_to_the_file_name() -> None:
    """sap-cloud-sdk-js 0021 and 0033 keep the template's `# Title`."""
    (rec,) = parse_file(
        "docs/adr/0021-use-typedoc.md", "# Title\n\n## Status\n\nACCEPTED\n"
    ).records
    assert rec.title == "Use typedoc"


def test_an_unreadable_table_date_is_quoted_as_the_table_writes_it() -> None:
    """status-mobile 0009 writes `| Tue Jul 24 |` under `| Date |`, no `Date:` line: the
    finding quotes the value without inventing one."""
    text = "# 0009. Release\n\n| Date | Tags |\n|---|---|\n| Tue Jul 24  | process |\n"
    parsed = parse_file("docs/adr/0009-release.md", text + "\n## Status\n\nAccepted\n")
    (found,) = [f for f in parsed.findings if f.code == "unreadable-date"]
    assert found.message == (
        "`Date` is written as `Tue Jul 24`, which is not a date govmem can read; it was not used."
    )
