"""Tests for `govmem.parse.file` on real ADR files, and its properties: any text parses to records or findings."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import Link, Record
from govmem.parse.dates import scan_date_order
from govmem.parse.file import (
    ParseContext,
    ParsedFile,
    decode_text,
    parse_file,
)
from tests.parse.parse_support import when

# --- real corpora ------------------------------------------------------------------------


def _corpus_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.name != "SOURCE.md")


def _parse_corpus(corpora: Path, name: str) -> dict[str, Record]:
    root = corpora / name
    files = _corpus_files(root)
    texts = {p: decode_text(p.read_bytes()) or "" for p in files}
    order, _ = scan_date_order(texts.values())
    ctx = ParseContext(date_order=order)
    records: dict[str, Record] = {}
    for path, text in texts.items():
        for rec in parse_file(path.relative_to(root).as_posix(), text, ctx).records:
            records[rec.id] = rec
    return records


def test_every_file_of_every_real_corpus_parses(corpora: Path) -> None:
    """Nine real ADR folders and the adrkit fixtures: no exception, records found."""
    total = 0
    for path in _corpus_files(corpora):
        data = path.read_bytes()
        text = decode_text(data)
        if text is None:
            continue
        parsed = parse_file(path.relative_to(corpora).as_posix(), text)
        total += len(parsed.records)
        for rec in parsed.records:
            assert rec.id
            json.loads(rec.frontmatter)
    assert total > 500


CORPUS_FACTS = [
    ("govuk-aws", "0004", "superseded", None, ("0015-dns-infrastructure.md",), ()),
    (
        "govuk-aws",
        "0003",
        "accepted",
        None,
        (),
        (Link("partly-superseded-by", "0033-ip-ranges.md"),),
    ),
    (
        "govuk-aws",
        "0010",
        "accepted",
        "2017-07-04",
        (),
        (Link("amended-by", "0017-terraform-data-structure.md"),),
    ),
    (
        "govuk-aws",
        "0017",
        "accepted",
        None,
        (),
        (Link("amends", "0010-terraform-directory-structure.md"),),
    ),
    ("govuk-aws", "0033", "proposed", "2018-09-26", (), ()),
    ("govuk-aws", "0038", "accepted", "2019-10-17", (), ()),
    ("moj-cloud-platform", "021", "superseded", "2021-05-11", ("036-multi-cluster.md",), ()),
    ("moj-cloud-platform", "001", "accepted", "2018-02-05", (), ()),
    ("moj-cloud-platform", "004", "accepted", "2018-04-10", (), ()),
    ("moj-cloud-platform", "006", "accepted", "2018-04-09", (), ()),
    ("moj-cloud-platform", "028", "unknown", "2021-11-05", (), ()),
    ("moj-cloud-platform", "037", "rejected", "2022-09-22", (), ()),
    ("zooniverse-fem", "adr-01", "accepted", "2018-06-19", (), ()),
    ("zooniverse-fem", "adr-05", "accepted", "2018-07-25", (), ()),
    ("zooniverse-fem", "adr-15", "superseded", None, ("adr-22.md",), ()),
    ("zooniverse-fem", "adr-34", "accepted", None, (), (Link("partly-supersedes", "adr-18.md"),)),
    ("zooniverse-fem", "adr-48", "accepted", "2023-06-08", (), ()),
    ("zooniverse-fem", "adr-49", "accepted", "2023-05-01", (), ()),
    ("zooniverse-fem", "adr-22", "proposed", None, (), ()),
    ("zooniverse-fem", "adr-42", "unknown", "2022-03-11", (), ()),
    ("bbc-tams", "0004a", "rejected", None, (), ()),
    (
        "bbc-tams",
        "0002",
        "superseded",
        None,
        ("./0018-restrict-direct-source-modification.md",),
        (),
    ),
    ("bbc-tams", "0021", "superseded", None, ("ADR-0032",), ()),
    ("bbc-tams", "0006", "deprecated", None, (), ()),
    ("bbc-tams", "0046", "accepted", None, (), ()),
    # the frontmatter names ADR-0057; the note under the title links its file (the metadata
    # block's sentences are read for refs too): both are 0057
    (
        "jabref",
        "0045",
        "superseded",
        None,
        ("ADR-0057", "0057-allow-positional-input-file-argument.md"),
        (),
    ),
    ("jabref", "0001", "unknown", None, (), ()),
    ("jabref", "0047", "accepted", "2025-07-31", (), ()),
    (
        "identus-cloud-agent",
        "20221005-using-tapir-library-as-a-dsl-for-openapi-specification",
        "accepted",
        "2022-10-05",
        (),
        (),
    ),
    (
        "identus-cloud-agent",
        "20230206-use-flyway-to-manage-migrations-for-application-services",
        "unknown",
        None,
        (),
        (),
    ),
    ("identus-cloud-agent", "20230405-did-linked-resources", "proposed", "2023-04-05", (), ()),
    (
        "log4brains",
        "20200926-use-the-adr-number-as-its-unique-id",
        "superseded",
        "2020-09-26",
        ("20201016-use-the-adr-slug-as-its-unique-id.md",),
        (),
    ),
    (
        "cometbft",
        "adr-100",
        "rejected",
        None,
        (),
        (Link("rejected-in-favour-of", "ADR-101", when("2023-05-03")),),
    ),
    (
        "cometbft",
        "adr-110",
        "rejected",
        None,
        (),
        (Link("rejected-in-favour-of", "ADR 111", when("2023-11-13")),),
    ),
    ("cometbft", "adr-105", "deprecated", "2023-07-19", (), ()),
    ("cometbft", "adr-114", "accepted", "2024-04-25", (), (Link("partly-undoes", "ADR 109"),)),
    ("cometbft", "adr-115", "accepted", "2024-06-11", (), ()),
    ("cometbft", "adr-024", "accepted", None, (), ()),
    ("cometbft", "adr-036", "unknown", None, (), ()),
    ("cometbft", "adr-058", "rejected", "2020-07-17", (), ()),
    ("scs-standards", "scs-0100-v1", "deprecated", "2022-09-08", (), ()),
    ("scs-standards", "scs-0102-v2", "proposed", None, (), ()),
]


@pytest.mark.parametrize(
    ("corpus", "rid", "status", "date", "superseded_by", "links"), CORPUS_FACTS
)
def test_real_corpora_statuses_dates_and_relations(
    corpora: Path,
    corpus: str,
    rid: str,
    status: str,
    date: str | None,
    superseded_by: tuple[str, ...],
    links: tuple[Link, ...],
) -> None:
    """Samples from each corpus's SOURCE.md, read as the files write them."""
    rec = _parse_corpus(corpora, corpus)[rid]
    assert rec.status == status
    if date is not None:
        assert str(rec.valid_from) == date
    assert rec.superseded_by == superseded_by
    assert rec.links == links


def test_real_corpora_specific_readings(corpora: Path) -> None:
    """Labels, validity ends, changelog ends, supersedes and BOM files."""
    cometbft = _parse_corpus(corpora, "cometbft")
    assert str(cometbft["adr-105"].valid_to) == "2024-05-22"
    jabref = _parse_corpus(corpora, "jabref")
    assert (jabref["0057"].status, jabref["0057"].supersedes) == ("accepted", ("ADR-0045",))
    scs = _parse_corpus(corpora, "scs-standards")
    v2 = scs["scs-0100-v2"]
    assert (str(v2.valid_from), str(v2.valid_to)) == ("2023-02-21", "2023-11-30")
    assert v2.supersedes == ("scs-0100-v1-flavor-naming.md",)
    assert scs["scs-0007-v1"].superseded_by == ("scs-0007-v2-certification-integrators.md",)
    assert scs["scs-0007-v1"].title == "Certification of integrators"
    assert scs["scs-0003-v1"].label == "draft"
    assert _parse_corpus(corpora, "govuk-aws")["0038"].label == "approved"
    moj = _parse_corpus(corpora, "moj-cloud-platform")
    assert (
        moj["021"].written_status == "⌛️ Superseded by [036. Multi-cluster](036-multi-cluster.md)"
    )
    assert moj["021"].title == "21. Multi-cluster"


def test_real_corpora_date_orders(corpora: Path) -> None:
    """moj is day-first; cometbft writes both orders (a conflict)."""
    moj = [p.read_text(encoding="utf-8") for p in _corpus_files(corpora / "moj-cloud-platform")]
    comet = [p.read_text(encoding="utf-8") for p in _corpus_files(corpora / "cometbft")]
    assert scan_date_order(moj) == ("dmy", False)
    assert scan_date_order(comet) == ("dmy", True)


# --- properties ----------------------------------------------------------------------------

NAMES = st.sampled_from(
    ["a.md", "docs/adr/0001-x.md", "m.yaml", "m.yml", "README.md", "x", "0004a-y.markdown"]
) | st.text(min_size=1, max_size=30)


@given(st.binary(max_size=2048), NAMES)
def test_any_bytes_decode_and_parse_without_raising(data: bytes, name: str) -> None:
    """Whatever the file holds, parsing gives a ParsedFile."""
    text = decode_text(data)
    if text is not None:
        assert isinstance(parse_file(name, text), ParsedFile)


@given(st.text(max_size=2048), NAMES)
def test_any_text_in_any_file_name_parses_without_raising(text: str, name: str) -> None:
    """Any text in any file name gives a ParsedFile with consistent counts."""
    parsed = parse_file(name, text)
    assert isinstance(parsed, ParsedFile)
    assert not (parsed.skipped and parsed.records)


MARKDOWNISH = st.lists(
    st.sampled_from(
        [
            "---",
            "# 1. Title",
            "## Status",
            "## Changelog",
            "Accepted",
            "- 2023-05-03: Mark as rejected in favour of ADR-101",
            "Date: 31/02/2020",
            "status: accepted",
            "kind: memory",
            "kind: relation",
            "between: [a]",
            "supersedes: {a: 1}",
            "id: x",
            "- [a](b.md)",
            "\ufeff",
            "",
        ]
    ),
    max_size=25,
).map("\n".join)


@given(MARKDOWNISH, st.sampled_from(["0001-x.md", "m.yaml"]))
def test_record_shaped_text_never_raises(text: str, name: str) -> None:
    """Fragments of real record syntax in any order still parse to a ParsedFile."""
    assert isinstance(parse_file(name, text, ParseContext(git_date=when("2020-01-01"))), ParsedFile)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("m.yaml", "- " * 30000 + "x"),
        ("m.yaml", "[" * 60000),
        ("0001-x.md", "---\na: " + "{" * 30000 + "\n---\n# X\n"),
        ("0001-x.md", "# T\n\n## Status\n\n" + "[a](" * 15000),
        ("0001-x.md", "# T\n\n## Status\n\n" + "{" * 60000),
        ("0001-x.md", "# T\n## Changelog\n- " + "<!--" * 15000),
        ("0001-x.md", "# T\nStatus: " + "Superseded by [a](x " * 3000),
    ],
)
def test_pathological_files_parse_quickly_and_never_crash(name: str, text: str) -> None:
    """64 KiB of deep nesting or unclosed markup: a ParsedFile in well under a second."""
    start = time.perf_counter()
    parsed = parse_file(name, text)
    assert time.perf_counter() - start < 2.0
    assert isinstance(parsed, ParsedFile)
