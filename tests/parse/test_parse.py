"""Tests for `govmem.parse.file`: file kinds, and Markdown without frontmatter (Nygard, adr-tools, log4brains)."""

from __future__ import annotations

import json

import pytest

from govmem import Link
from govmem.parse.file import (
    ParseContext,
    decode_text,
    id_from_stem,
    is_not_a_record,
    parse_file,
)
from tests.parse.parse_support import NYGARD, REJECTED_IN_FAVOUR, TENDERMINT, codes, one, when

# --- file kinds ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "README.md",
        "docs/adr/readme.md",
        "index.md",
        "template.md",
        "adr-template.md",
        "0000-template.md",
        "docs/architecture/decisions/000-index.md",
        "0000_README.md",
        "adr/_template.md",
        "doc/arch/000-sample.md",
        "adr/_readme.md",
        "adr_template.md",
    ],
)
def test_readme_index_and_templates_are_not_records(path: str) -> None:
    """Such files are skipped with an info `not-a-record`, counted nowhere."""
    parsed = parse_file(path, "# Title\n\nStatus: Accepted\n")
    assert is_not_a_record(path)
    assert parsed.skipped
    assert parsed.records == ()
    assert parsed.excluded == 0
    assert codes(parsed) == ["not-a-record"]
    assert parsed.findings[0].severity == "info"


@pytest.mark.parametrize(
    "path",
    [
        "0001-index.md",
        "0007-search-index.md",
        "index-strategy.md",
        "2020_09_01_index.md",
        "0007-sample-data.md",
    ],
)
def test_a_record_about_an_index_is_a_record(path: str) -> None:
    """Only a file numbered zero (the folder's list of its records) is an index by its name."""
    assert not is_not_a_record(path)
    assert len(parse_file(path, "# Use a search index\n\nStatus: Accepted\n").records) == 1


@pytest.mark.parametrize(
    ("path", "rid", "title"),
    [
        # tractusx-edc: each record a folder holding one README.md
        ("decision-records/2023-03-02_gradle_build/README.md", "2023-03-02_gradle_build", None),
        ("docs/adr/0007-use-x/index.md", "0007", None),
    ],
)
def test_the_readme_of_a_folder_named_as_a_record_is_that_record(
    path: str, rid: str, title: str | None
) -> None:
    """Its id and subject are the folder's name; a README anywhere else is no record."""
    (rec,) = parse_file(path, "# Migration to Gradle\n\n## Decision\n\nWe move.\n").records
    assert (rec.id, rec.title) == (rid, title or "Migration to Gradle")
    assert is_not_a_record("decision-records/README.md")
    assert is_not_a_record("decision-records/templates/README.md")


def test_markdown_with_neither_heading_nor_frontmatter_is_skipped() -> None:
    """Plain prose is not a decision record."""
    parsed = parse_file("docs/adr/notes.md", "Just some notes.\nNo heading here.\n")
    assert parsed.skipped
    assert codes(parsed) == ["not-a-record"]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("0004a-ancestry-relationships.md", "0004a"),
        ("adr-101-data-companion-pull-api.md", "adr-101"),
        ("scs-0100-v3-flavor-naming.md", "scs-0100-v3"),
        ("scs-0100-w1-flavor-naming-implementation-testing.md", "scs-0100-w1"),
        ("021-Multi-cluster.md", "021"),
        ("docs/adr/0007-use-x.md", "0007"),
        ("adr-01.md", "adr-01"),
        ("001.md", "001"),
        (
            "20200926-use-the-adr-number-as-its-unique-id.md",
            "20200926-use-the-adr-number-as-its-unique-id",
        ),
        ("use-postgres.md", "use-postgres"),
        # sylius: a date written with underscores is a dated slug too, never the year alone
        ("2020_09_01_admin_and_shop_split.md", "2020_09_01_admin_and_shop_split"),
        ("0001_use_x.md", "0001"),
    ],
)
def test_the_file_stem_gives_the_leading_id(path: str, expected: str) -> None:
    """Numbers, letter suffixes, prefixes and versions are kept; log4brains slugs whole."""
    assert id_from_stem(path) == expected


def test_decode_text_refuses_binary_and_invalid_utf8() -> None:
    """A NUL byte or bytes that are not UTF-8 mean the file is not text."""
    assert decode_text(b"\x00\x01binary") is None
    assert decode_text(b"caf\xe9") is None
    assert decode_text("Città".encode()) == "Città"


# --- Markdown without frontmatter --------------------------------------------------------


def test_a_nygard_adr_gives_title_date_status_and_successor() -> None:
    """adr-tools layout: `# N. Title`, `Date:`, `## Status` with a link."""
    rec = one(parse_file("docs/adr/0004-dns-definitions.md", NYGARD))
    assert rec.id == "0004"
    assert rec.kind == "decision"
    assert rec.title == "4. DNS definitions for hosts and services"
    assert rec.content == rec.title
    assert (rec.status, rec.label) == ("superseded", "superseded")
    assert rec.written_status == "Superseded by [DNS Infrastructure](0015-dns-infrastructure.md)"
    assert rec.superseded_by == ("0015-dns-infrastructure.md",)
    assert rec.valid_from == when("2017-07-14")
    assert (rec.confidence, rec.authority) == (0.9, 1.0)
    assert rec.body == NYGARD
    assert json.loads(rec.frontmatter) == {
        "id": "0004",
        "title": "4. DNS definitions for hosts and services",
        "status": "Superseded by [DNS Infrastructure](0015-dns-infrastructure.md)",
        "date": "2017-07-14",
        "superseded_by": ["0015-dns-infrastructure.md"],
    }


def test_log4brains_bullets_give_status_date_and_tags() -> None:
    """`- Status:` / `- Date` (no colon) / `- Tags:` bullets under the title."""
    text = (
        "# Use keycloak\n\n- Status: accepted\n- Decider: Pat\n- Date 2023-09-26\n"
        "- Tags: multitenancy, authorisation\n\n## Context\n\nText.\n"
    )
    rec = one(parse_file("docs/decisions/20230926-use-keycloak.md", text))
    assert rec.id == "20230926-use-keycloak"
    assert rec.status == "accepted"
    assert rec.valid_from == when("2023-09-26")
    assert rec.tags == ("multitenancy", "authorisation")
    assert json.loads(rec.frontmatter)["deciders"] == ["Pat"]


def test_an_unfilled_template_status_is_unknown_with_a_finding() -> None:
    """identus' `[ accepted | deprecated | … ]` placeholder is never accepted."""
    text = (
        "# Use flyway\n\n- Status: [ accepted | deprecated | superseded by [xxx](yyyymmdd-xxx.md)]"
        " <!-- optional -->\n- Date: [YYYY-MM-DD when the decision was last updated]\n\n## Context\n"
    )
    parsed = parse_file("20230206-use-flyway.md", text)
    rec = one(parsed)
    assert rec.status == "unknown"
    assert rec.superseded_by == ()
    assert rec.valid_from is None
    assert codes(parsed) == ["unknown-status", "unreadable-date"]


def test_a_changelog_dates_acceptance_and_revert() -> None:
    """The accepting line sets valid_from, the reverting line valid_to."""
    rec = one(parse_file("adr-105-refactor-mempool-senders.md", TENDERMINT))
    assert rec.status == "deprecated"
    assert rec.valid_from == when("2023-07-19")
    assert rec.valid_to == when("2024-05-22")
    assert [(str(c.at), c.status) for c in rec.changes] == [
        ("2023-06-26", "proposed"),
        ("2023-07-19", "accepted"),
        ("2024-05-22", "deprecated"),
    ]


def test_a_changelog_rejection_links_the_chosen_record() -> None:
    """`Mark as rejected in favour of ADR-101` is a dated rejected-in-favour-of link."""
    rec = one(parse_file("adr-100-data-companion-push-api.md", REJECTED_IN_FAVOUR))
    assert rec.status == "rejected"
    assert rec.links == (Link("rejected-in-favour-of", "ADR-101", when("2023-05-03")),)
    rejection = rec.changes[-1]
    assert (str(rejection.at), rejection.status, rejection.ref) == (
        "2023-05-03",
        "rejected",
        "ADR-101",
    )
    assert rec.valid_from == when("2022-09-10")
    assert rec.valid_to is None


def test_a_partial_relation_in_the_title_is_a_link() -> None:
    """`Partly Undo ADR 109` in the H1 links 109 without superseding it."""
    text = "# ADR 114: Partly Undo ADR 109 (Reduce Go API Surface)\n\n## Status\n\nAccepted (PR [\\#2897])\n"
    rec = one(parse_file("adr-114-undo-109.md", text))
    assert rec.status == "accepted"
    assert rec.links == (Link("partly-undoes", "ADR 109"),)
    assert rec.supersedes == ()


def test_prose_dates_under_the_title_are_read_and_created_wins() -> None:
    """zooniverse writes `Created: July 25, 2018` then `Updated: …`; Created wins."""
    text = "# ADR 5: Workflows\nCreated: July 25, 2018\nUpdated: September 11, 2018\n\n## Status\n\nAccepted\n"
    assert one(parse_file("adr-05.md", text)).valid_from == when("2018-07-25")
    bare = "# ADR 48: JSONData\n8th June 2023\n\n## Status\n\nApproved\n"
    rec = one(parse_file("adr-48.md", bare))
    assert (rec.valid_from, rec.label) == (when("2023-06-08"), "approved")


def test_numeric_dates_follow_the_corpus_order() -> None:
    """`Date: 05/02/2018` is 5 February day-first and May 2 month-first."""
    text = "# Use AWS hosted Elasticsearch\n\nDate: 05/02/2018\n\n## Status\n\n✅ Accepted\n"
    dmy = one(parse_file("001-es.md", text, ParseContext(date_order="dmy")))
    mdy = one(parse_file("001-es.md", text, ParseContext(date_order="mdy")))
    assert (dmy.valid_from, mdy.valid_from) == (when("2018-02-05"), when("2018-05-02"))


def test_an_impossible_date_is_a_bad_date_error_and_no_git_date() -> None:
    """The date is left unset; git never fills in for a date that was written."""
    text = "# 1. X\n\nDate: 31/02/2020\n\n## Status\n\nAccepted\n"
    parsed = parse_file("0001-x.md", text, ParseContext(git_date=when("2020-03-01")))
    rec = one(parsed)
    assert rec.valid_from is None
    assert not rec.git_dated
    assert codes(parsed) == ["bad-date"]
    assert parsed.findings[0].severity == "error"


def test_a_decision_with_no_date_takes_the_git_date() -> None:
    """The first commit's author date dates it, with an info `git-date`."""
    text = "# 1. X\n\n## Status\n\nAccepted\n"
    parsed = parse_file("0001-x.md", text, ParseContext(git_date=when("2021-01-02")))
    rec = one(parsed)
    assert (rec.valid_from, rec.git_dated) == (when("2021-01-02"), True)
    assert codes(parsed) == ["git-date"]
    assert "date" not in json.loads(rec.frontmatter)


def test_a_decision_without_status_is_unknown() -> None:
    """No status: unknown with an `unknown-status` warning, never accepted."""
    parsed = parse_file("0001-x.md", "# 1. X\n\n## Context\n\nText.\n")
    assert one(parsed).status == "unknown"
    assert codes(parsed) == ["unknown-status"]


def test_status_sections_skip_fenced_code() -> None:
    """A `## Status` inside a code block is not the record's status."""
    text = "# 1. X\n\n```\n## Status\n\nAccepted\n```\n\n## Status\n\nProposed\n"
    assert one(parse_file("0001-x.md", text)).status == "proposed"


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("# 1. X\n\nStatus\n------\nAccepted\n\n## Context\n\nWhy.\n", "accepted"),
        ("# 1. X\n\nStatus\n===\n\nRejected\n", "rejected"),
        ("X\n====\n\n### Status ###\n\nProposed\n", "proposed"),
        ("# 1. X\n\n# Status\n\nDeprecated\n", "deprecated"),
        ("# 1. X\n\n## Status\n<!-- Proposed | Accepted\n-->\nAccepted\n", "accepted"),
        ("# 1. X\n\n## Status\n\n```\nRejected\n```\n\nAccepted\n", "accepted"),
    ],
)
def test_setext_and_atx_status_headings_are_both_read(text: str, status: str) -> None:
    """`Status` underlined with `---` or `===` is a status section; comments and code are not text."""
    assert one(parse_file("0001-x.md", text)).status == status


@pytest.mark.parametrize(
    "hidden",
    [
        "```\n## Status\n\nAccepted\n```",
        "~~~md\n## Status\nAccepted\n~~~",
        "    ## Status\n\n    Accepted",
        "<!--\n## Status\n\nAccepted\n-->",
        "<details>\n## Status\nAccepted\n</details>",
    ],
)
def test_a_status_heading_in_code_or_html_is_not_read(hidden: str) -> None:
    """A `## Status` inside a code block, an HTML comment or an HTML block is no section."""
    parsed = parse_file("0001-x.md", f"# 1. X\n\n{hidden}\n\n## Context\n\nWhy.\n")
    assert one(parsed).status == "unknown"
    assert codes(parsed) == ["unknown-status"]


def test_a_title_inside_a_code_block_is_not_the_title() -> None:
    """The first level-1 heading outside code is the title; a file with only code ones is none."""
    text = "```\n# Not the title\n```\n\n# 2. The title\n\n## Status\n\nAccepted\n"
    assert one(parse_file("0002-x.md", text)).title == "2. The title"
    parsed = parse_file("0003-x.md", "Notes.\n\n```\n# Fake heading\n```\n")
    assert parsed.skipped
    assert codes(parsed) == ["not-a-record"]


def test_a_setext_title_and_a_link_definition_outside_code_are_read() -> None:
    """`Title` over `===` is the title; `[label]: target` in a code block defines nothing."""
    text = (
        "Use Y\n========\n\n## Status\n\nSuperseded by [the new one][new]\n\n"
        "```\n[new]: 0009-wrong.md\n```\n\n[new]: 0004-use-z.md\n"
    )
    rec = one(parse_file("0003-use-y.md", text))
    assert rec.title == "Use Y"
    assert rec.superseded_by == ("0004-use-z.md",)


def test_partly_superseded_takes_its_ref_from_the_body() -> None:
    """govuk-aws 0003 says `Partly superseded` and names 0033 in the body."""
    text = (
        "# 3. Networking Outline\n\nDate: 2017-06-30\n\n## Status\n\nPartly superseded\n\n"
        "## Decision\n\n**These IP ranges have been superseded by [ADR #0033](0033-ip-ranges.md).**\n"
    )
    rec = one(parse_file("0003-aws-networking-outline.md", text))
    assert rec.status == "accepted"
    assert rec.links == (Link("partly-superseded-by", "0033-ip-ranges.md"),)
    assert rec.superseded_by == ()
