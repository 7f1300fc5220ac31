"""SPEC v5 §2 reading rules, on the files of the three folders that showed them (issue 23).

alphagov-forms, welkin and simpler-grants were read wrongly on first contact:
a status taken from an option's `### Status`, a template's text read as
accepted, `Date: 2024-10-31 :ghost:` and `Last Modified:` dropped in silence,
`ADR046-…` ids, `Superseded by ADR025` with two files numbered 025, a link to
a file that does not exist, and a copied title merging two decisions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import govmem
from govmem import Corpus, Finding
from govmem.parse.file import parse_file
from tests.conftest import CORPORA


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Corpus]:
    config = tmp_path_factory.mktemp("config") / "govmem.yaml"
    config.write_text("exclude: [SOURCE.md]\n", encoding="utf-8")
    names = ("alphagov-forms", "welkin", "simpler-grants", "moj-modernisation-platform")
    return {n: govmem.load(CORPORA / n, config=config) for n in names}


def record(corpus: Corpus, stem: str) -> int:
    (pos,) = [i for i, r in enumerate(corpus.records) if r.path and Path(r.path).stem == stem]
    return pos


def findings(corpus: Corpus, stem: str, code: str) -> list[Finding]:
    return [f for f in corpus.findings if f.code == code and f.path and Path(f.path).stem == stem]


@pytest.mark.parametrize(
    ("stem", "date"),
    [
        ("2023-12-15-deliverable-reporting-strategy", "2023-12-18"),
        ("2024-03-04-logging-monitoring", "2024-03-04"),
        ("2023-07-17-frontend-tooling", "2023-07-17"),
    ],
)
def test_the_status_and_date_come_from_the_metadata_block(
    corpora: dict[str, Corpus], stem: str, date: str
) -> None:
    """`* **Status:** Active` under the title (a repeated title heading between) is the status;
    an option's `### Status` deep in the file is not; `**Last Modified:**` dates the record."""
    c = corpora["simpler-grants"]
    rec = c.records[record(c, stem)]
    assert (rec.status, rec.status_place, str(rec.valid_from)) == ("accepted", "block", date)
    assert not findings(c, stem, "status-conflict")
    assert not findings(c, stem, "git-date")


def test_a_template_status_is_unknown_with_a_finding_that_says_so(
    corpora: dict[str, Corpus],
) -> None:
    """ADR031's `> Accepted or Rejected` / `> Valid ADR statuses are: …` was never filled in."""
    c = corpora["alphagov-forms"]
    for stem in ("ADR030-use-aws-lambda-to-run-glue-code", "ADR031-use-pagerduty"):
        assert c.records[record(c, stem)].status == "unknown"
        (found,) = findings(c, stem, "unknown-status")
        assert "unfilled template" in found.message
    answer = c.query("PagerDuty?", topic="use pagerduty", as_of="2026-01-01")
    assert answer.status == "insufficient_evidence"


def test_a_date_followed_by_other_text_is_read_whole(corpora: dict[str, Corpus]) -> None:
    """`Date: 2024-10-31 :ghost:` dates ADR036; it takes no git date."""
    c = corpora["alphagov-forms"]
    rec = c.records[record(c, "ADR036-automate-patch-version-bumps")]
    assert (str(rec.valid_from), rec.git_dated) == ("2024-10-31", False)


def test_a_date_no_rule_reads_is_a_finding(corpora: dict[str, Corpus]) -> None:
    """`Last modified: 2023-07-2i` is reported, never dropped in silence."""
    c = corpora["simpler-grants"]
    (found,) = findings(c, "2023-07-26-backend-prod-server", "unreadable-date")
    assert found.severity == "warn"
    assert "2023-07-2i" in found.message


def test_letters_and_digits_with_no_separator_are_one_id(corpora: dict[str, Corpus]) -> None:
    """`ADR046-use-mobility-…` is ADR046, so ADR043's `Superseded by ADR046` resolves."""
    c = corpora["alphagov-forms"]
    new, old = (
        record(c, "ADR046-use-mobility-table-backend-strategy"),
        record(c, "ADR043-use-mobility-with-column-strategy"),
    )
    assert c.records[new].id == "ADR046"
    assert c.facts[old].successors == (new,)
    assert c.facts[old].topic == c.facts[new].topic


def test_a_version_is_part_of_a_named_id_but_a_bare_numbers_next_word_is_the_subject(
    corpora: dict[str, Corpus],
) -> None:
    """`0033-s3-state-bucket-…` is 0033 (`s3` is what it is about); `scs-0100-v3-…` stays
    `scs-0100-v3` (a version after a named id)."""
    c = corpora["moj-modernisation-platform"]
    assert c.records[record(c, "0033-s3-state-bucket-condition-security")].id == "0033"
    assert c.records[record(c, "0044-s3-mfa-delete")].id == "0044"
    assert parse_file("scs-0100-v3-flavor-naming.md", "# Flavor naming\n").records[0].id == (
        "scs-0100-v3"
    )


def test_a_status_word_followed_by_a_link_to_a_file_names_the_successor(
    corpora: dict[str, Corpus],
) -> None:
    """`⌛️ Superseded [0019](0019-use-bash-go-as-core-languages.md)` (no "by"): 0004 is
    superseded by 0019, one topic; a status linking a pull request names no record."""
    c = corpora["moj-modernisation-platform"]
    old, new = (
        record(c, "0004-use-bash-node-python-as-core-languages"),
        record(c, "0019-use-bash-go-as-core-languages"),
    )
    assert c.facts[old].successors == (new,)
    assert c.facts[old].topic == c.facts[new].topic
    assert not findings(c, "0004-use-bash-node-python-as-core-languages", "dangling-ref")
    pr = parse_file("0007-x.md", "# 7. X\n\n## Status\n\nSuperseded [#12](https://e.org/pull/12)\n")
    (only,) = pr.records
    assert only.status == "superseded"
    assert only.superseded_by == ()


def test_a_ref_to_two_files_of_one_number_resolves_to_the_one_that_links_back(
    corpora: dict[str, Corpus],
) -> None:
    """ADR013 `Superseded by ADR025`: ADR025-remove-papertrail links ADR013; the other 025 does not."""
    c = corpora["alphagov-forms"]
    old = record(c, "ADR013-use-paper-trail-gem-for-auditing-and-record-backups")
    new = record(c, "ADR025-remove-papertrail")
    assert c.facts[old].successors == (new,)
    (found,) = findings(
        c, "ADR013-use-paper-trail-gem-for-auditing-and-record-backups", "ref-resolved-by-number"
    )
    assert found.severity == "info"
    assert "links back" in found.message
    assert not [
        f for f in c.findings if f.code in ("ambiguous-ref", "dangling-ref") and f.id == "ADR013"
    ]
    assert c.get_decision("ADR025").to_dict()["outcome"] == "ambiguous-local-id"


def test_a_link_to_a_missing_file_resolves_by_number_and_link_text(
    corpora: dict[str, Corpus],
) -> None:
    """`[AD045: Remove forms-api](ADR045-use-forms-api.md)` names ADR045-remove-forms-api.md."""
    c = corpora["alphagov-forms"]
    old = record(c, "ADR004-store-form-schemas-in-an-api")
    assert c.facts[old].successors == (record(c, "ADR045-remove-forms-api"),)
    (found,) = findings(c, "ADR004-store-form-schemas-in-an-api", "ref-resolved-by-number")
    assert "link text" in found.message


def test_a_link_to_a_missing_file_whose_text_names_another_record_stays_dangling() -> None:
    """The number names one record, but the link text quotes another title: no guess."""
    files = {
        "docs/adr/0001-a.md": "# 1. Use A\n\n## Status\n\nSuperseded by [2. Use C](0002-use-c.md)\n",
        "docs/adr/0002-use-b.md": "# 2. Use B\n\n## Status\n\nAccepted\n",
    }
    records = [r for path, text in files.items() for r in parse_file(path, text).records]
    corpus = Corpus.from_records(records)
    assert [f.code for f in corpus.findings if f.id == "0001"] == ["dangling-ref"]


def test_copied_titles_of_different_subjects_stay_apart(corpora: dict[str, Corpus]) -> None:
    """2023-07-19-backend-testing (Pytest) carries the title of 2023-07-18-frontend-testing (Jest)."""
    c = corpora["simpler-grants"]
    back, front = record(c, "2023-07-19-backend-testing"), record(c, "2023-07-18-frontend-testing")
    assert c.records[back].title == c.records[front].title
    assert c.facts[back].topic != c.facts[front].topic
    assert c.facts[back].topic == "front end testing coverage (2023-07-19-backend-testing)"
    for stem in ("2023-07-19-backend-testing", "2023-07-18-frontend-testing"):
        assert len(findings(c, stem, "duplicate-title")) == 1
    answer = c.query("How do we test the back-end?", as_of="2026-01-01")
    assert answer.topic in (None, c.facts[back].topic)
    assert answer.topic == c.facts[back].topic or c.facts[back].topic in [
        x.topic for x in answer.candidates
    ]


def test_a_version_chain_that_shares_a_title_stays_one_topic() -> None:
    """`scs-0100-v1…v3` have one subject (`flavor-naming`): one topic, no finding."""
    texts = {
        f"docs/adr/scs-0100-v{n}-flavor-naming.md": "---\ntitle: Flavor naming\nstatus: Stable\n---\n"
        for n in (1, 2, 3)
    }
    corpus = Corpus.from_records([r for p, t in texts.items() for r in parse_file(p, t).records])
    assert len({f.topic for f in corpus.facts}) == 1
    assert not [f for f in corpus.findings if f.code == "duplicate-title"]


def test_the_first_place_with_a_status_wins_and_a_later_disagreement_is_a_finding() -> None:
    """Metadata block `Status: Accepted`, a Status section saying Rejected: accepted, warned."""
    text = "# Use X\n\n- Status: Accepted\n\n## Status\n\nRejected\n\n## Context\n\nWhy.\n"
    parsed = parse_file("docs/adr/0001-use-x.md", text)
    (rec,) = parsed.records
    assert (rec.status, rec.status_place) == ("accepted", "block")
    assert [f.code for f in parsed.findings] == ["status-conflict"]


def test_a_status_subsection_of_an_option_is_never_read() -> None:
    """`### Status` under an option is not the record's status section: unknown, not rejected."""
    text = (
        "# Use X\n\n## Context\n\nWhy.\n\n## Options\n\n### Option A\n\n#### Status\n\nRejected\n"
    )
    (rec,) = parse_file("docs/adr/0001-use-x.md", text).records
    assert rec.status == "unknown"


@pytest.mark.parametrize(
    ("written", "status"),
    [
        ("Accepted or Rejected", "unknown"),
        ("proposed/accepted", "unknown"),
        ('"Proposed", "Accepted", "Rejected"', "unknown"),
        ("Valid ADR statuses are: Proposed, Accepted", "unknown"),
        ("Deprecated, replaced by ADR-0007", "deprecated"),
        ("Accepted (partially superseded by ADR-5)", "accepted"),
        ("Accepted, implemented", "accepted"),
        ("Active", "accepted"),
    ],
)
def test_template_statuses_offer_a_choice(written: str, status: str) -> None:
    """Two classes offered as choices, or a list of valid statuses, and no relation: a template."""
    text = f"# Use X\n\n## Status\n\n{written}\n"
    (rec,) = parse_file("docs/adr/0001-use-x.md", text).records
    assert rec.status == status


def test_approve_rewrites_the_status_where_it_was_read(tmp_path: Path) -> None:
    """A metadata block `* **Status:** Proposed` is rewritten there, not in a new frontmatter."""
    from govmem.parse.yamledit import set_status_section

    text = "# Use X\n\n* **Status:** Proposed\n\n## Status\n\nProposed\n\n## Context\n\nWhy.\n"
    new = set_status_section(text, "accepted")
    assert new is not None
    assert "* **Status:** Accepted" in new
    (rec,) = parse_file("docs/adr/0001-use-x.md", new).records
    assert rec.status_place == "block"
