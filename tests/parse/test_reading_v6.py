"""Reading rules from the fifth held-out pair (issue 51): tdr writes its supersessions as
sentences under the date, and two of them link files that do not exist.

tdr (The National Archives) writes no status; `This decision has been superseded by decision:
[0022 Proxy S3 uploads through CloudFront](0022-cloudfront-upload-proxy.md)` stands between the
date and the first section of 0007 — the metadata block. 0015 and 0018 name each other by file
names neither has (`0018-govuk-…` for `0018-govkuk-…`, `0015-govuuk-…` for `0015-govuk-…`),
with link texts that quote no title.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import govmem
from govmem import Corpus
from govmem.parse.file import parse_file
from tests.conftest import CORPORA


@pytest.fixture(scope="module")
def tdr(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    config = tmp_path_factory.mktemp("config") / "govmem.yaml"
    config.write_text("exclude: [SOURCE.md]\n", encoding="utf-8")
    return govmem.load(CORPORA / "tdr", config=config)


def _pos(corpus: Corpus, stem: str) -> int:
    (pos,) = [i for i, r in enumerate(corpus.records) if r.path and Path(r.path).stem == stem]
    return pos


def test_a_sentence_in_the_metadata_block_states_a_supersession(tdr: Corpus) -> None:
    """0007's `This decision has been superseded by decision: [0022 …](0022-….md)`: one topic,
    the link read from the block as it would be from a Status section."""
    old = _pos(tdr, "0007-s3-user-access-to-objects")
    new = _pos(tdr, "0022-cloudfront-upload-proxy")
    assert tdr.records[old].superseded_by == ("0022-cloudfront-upload-proxy.md",)
    assert tdr.facts[old].topic == tdr.facts[new].topic
    keycloak = _pos(tdr, "0009-keycloak-user-administrators-configuration")
    assert tdr.records[keycloak].supersedes == (
        "0008-keycloak-user-administrators-configuration.md",
    )


@pytest.mark.parametrize(
    ("text", "supersedes", "superseded_by"),
    [
        ("Superseded by decision: [12. X](0012-x.md)", (), ("0012-x.md",)),
        ("This record supersedes decisions: ADR-3 and ADR-4", ("ADR-3", "ADR-4"), ()),
        # a word that is no `decision:` still ends the sentence's refs
        ("Superseded by the team in 2020", (), ()),
    ],
)
def test_a_decision_word_before_the_colon_is_read_past(
    text: str, supersedes: tuple[str, ...], superseded_by: tuple[str, ...]
) -> None:
    body = f"# 7. Seven\n\nDate: 2020-01-01\n\n{text}\n\n## Context\n\nWords.\n"
    (rec,) = parse_file("0007-seven.md", body).records
    assert (rec.supersedes, rec.superseded_by) == (supersedes, superseded_by)


def test_two_links_to_missing_files_that_name_each_other_resolve(tdr: Corpus) -> None:
    """0015 → `0018-govuk-…` and 0018 → `0015-govuuk-…`: neither file exists and neither link
    text quotes the other's title, but each number names one record that links back."""
    old = _pos(tdr, "0015-govuk-notify-staging-configuration")
    new = _pos(tdr, "0018-govkuk-notify-staging-configuration")
    assert tdr.facts[old].topic == tdr.facts[new].topic
    found = [f for f in tdr.findings if f.code == "ref-resolved-by-number"]
    assert {f.id for f in found} == {"0015", "0018"}
    assert all(f.severity == "info" and "links back" in f.message for f in found)
    assert not [f for f in tdr.findings if f.code == "dangling-ref"]


def test_a_missing_file_whose_number_does_not_link_back_stays_dangling() -> None:
    """The same link, but 0018 names nothing: the number alone is not enough when the link
    text quotes another title."""
    corpus = govmem.Corpus.from_records(
        [
            *parse_file(
                "0015-a.md", "# 15. Notify live\n\nSuperseded by [0018 Other](0018-b-typo.md)\n"
            ).records,
            *parse_file("0018-b.md", "# 18. Notify staging\n\n## Context\n\nWords.\n").records,
        ]
    )
    assert [f.code for f in corpus.findings if f.id == "0015"] == ["dangling-ref"]
