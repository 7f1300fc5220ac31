"""Tests for `govmem.parse.status`: written statuses -> classes, and the refs they name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import Link
from govmem.model.status import STATUS_CLASSES
from govmem.parse.status import UNKNOWN, StatusReading, is_template, read_refs, read_status

SPELLINGS = [
    ("Accepted", "accepted", "accepted"),
    ("✅ Accepted", "accepted", "accepted"),
    ("**Accepted**", "accepted", "accepted"),
    ("accepted ", "accepted", "accepted"),
    ("Accepted (PR [\\#2897])", "accepted", "accepted"),
    ("Accepted. Tracking issue: [#2803][tracking-issue].", "accepted", "accepted"),
    ("✅ Accepted (documenting an existing thing)", "accepted", "accepted"),
    ("Approved", "accepted", "approved"),
    ("Approved by @rogerhutchings, @shaun.a.noordin, and @srallen.", "accepted", "approved"),
    ("Adopted", "accepted", "accepted"),
    ("Stable", "accepted", "accepted"),
    ("Implemented (moved to cosmos-sdk)", "accepted", "accepted"),
    ("Done", "accepted", "accepted"),
    ("Final", "accepted", "accepted"),  # mozilla-fxa 0043, as PEPs and RFCs say it
    ("Partially Accepted", "accepted", "accepted"),
    ("Partly superseded", "accepted", "accepted"),
    ("Partially superseded by [ADR 3](0003-x.md)", "accepted", "accepted"),
    ("Proposed", "proposed", "proposed"),
    ("🤔 Proposed", "proposed", "proposed"),
    (":thinking_face: Proposed", "proposed", "proposed"),
    ("Draft.", "proposed", "draft"),
    ("draft", "proposed", "draft"),
    ("Pending", "proposed", "proposed"),
    ("TBD", "proposed", "proposed"),  # mozilla-fxa 0038: to be decided
    ("In Review.", "proposed", "proposed"),
    ("Discussed by @shaun.a.noordin and @srallen.", "proposed", "proposed"),
    ("❌ Rejected", "rejected", "rejected"),
    ("Rejected in favour of ADR 111", "rejected", "rejected"),
    ("Declined", "rejected", "rejected"),
    ("Superseded", "superseded", "superseded"),
    ("⌛️ Superseded by [036. Multi-cluster](036-multi-cluster.md)", "superseded", "superseded"),
    ("superseded by ADR-0032", "superseded", "superseded"),
    ("Replaced by scs-0100-v3", "superseded", "superseded"),
    ("Obsoleted by [37. Use nx](0037-use-nx.md)", "superseded", "superseded"),
    ("Deprecated", "deprecated", "deprecated"),
    ("Obsolete", "deprecated", "deprecated"),
    ("Retired", "deprecated", "deprecated"),
    ("Reverted", "deprecated", "deprecated"),
    ("Revoked", "revoked", "revoked"),
    ("Withdrawn", "revoked", "revoked"),
    ("accepted; supersedes ADR-0045", "accepted", "accepted"),
    ("Status: accepted", "accepted", "accepted"),
]


@pytest.mark.parametrize(("text", "status", "label"), SPELLINGS)
def test_read_status_normalises_every_spelling(text: str, status: str, label: str) -> None:
    """Case, emoji, markup and trailing words never change the class."""
    assert read_status(text) == StatusReading(status, label)


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "   ",
        "{Deprecated|Proposed|Accepted|Declined}",
        "[ accepted | deprecated | superseded by [xxx](yyyymmdd-xxx.md)] <!-- optional -->",
        "{proposed | rejected | accepted | deprecated | … | superseded by ADR-0123}",
        "The two points above have been implemented; the `config.js` has a Google Analytics id",
        "Ongoing.",
        "notastatus",
    ],
)
def test_empty_templates_and_prose_are_unknown(text: str | None) -> None:
    """Nothing that is not a status is ever assumed accepted."""
    assert read_status(text) == UNKNOWN


def test_config_spellings_extend_the_table() -> None:
    """`govmem.yaml` `statuses:` adds spellings; unknown classes are ignored."""
    extra = (("in force", "accepted"), ("parked", "nonsense"))
    assert read_status("In force since 2020", extra) == StatusReading("accepted", "accepted")
    assert read_status("Parked", extra) == UNKNOWN


def test_is_template_spots_unfilled_alternatives() -> None:
    """Braces or a `|` list mean nobody filled the template in."""
    assert is_template("{Proposed|Accepted}")
    assert not is_template("Accepted")


REFS = [
    (
        "Superseded by [7. Use X](0007-use-x.md)",
        (),
        ("0007-use-x.md",),
        (),
    ),
    ("superseded by ADR-0032", (), ("ADR-0032",), ()),
    ("Superseded by 0007", (), ("0007",), ()),
    ("Replaced by scs-0100-v3", (), ("scs-0100-v3",), ()),
    (
        "superseded by [ADR-0018](./0018-restrict-direct-source-modification.md)",
        (),
        ("./0018-restrict-direct-source-modification.md",),
        (),
    ),
    ("Supercedes [4. DNS](0004-dns.md)", ("0004-dns.md",), (), ()),
    ("Obsoletes: 0019-use-workspace-dependencies", ("0019-use-workspace-dependencies",), (), ()),
    ("Obsoleted by [37. Use nx](0037-use-nx.md)", (), ("0037-use-nx.md",), ()),
    ("accepted; supersedes ADR-0045", ("ADR-0045",), (), ()),
    ("Supersedes [a](a-1.md), [b](b-2.md) and ADR-3", ("a-1.md", "b-2.md", "ADR-3"), (), ()),
    (
        "Accepted\n\nAmended by [17. Terraform Data Structure](0017-terraform-data-structure.md)",
        (),
        (),
        (Link("amended-by", "0017-terraform-data-structure.md"),),
    ),
    ("Amends [10. Terraform](0010-x.md)", (), (), (Link("amends", "0010-x.md"),)),
    (
        "Accepted\n\nPartially supersedes [ADR 18](adr-18.md)",
        (),
        (),
        (Link("partly-supersedes", "adr-18.md"),),
    ),
    ("Partly superseded by ADR-33", (), (), (Link("partly-superseded-by", "ADR-33"),)),
    ("Rejected in favour of ADR 111", (), (), (Link("rejected-in-favour-of", "ADR 111"),)),
    (
        "Rejected in favor of [ADR-101](adr-101-pull.md)",
        (),
        (),
        (Link("rejected-in-favour-of", "adr-101-pull.md"),),
    ),
    (
        "❌ Rejected (see [019](019-Shared-Ingress-Controllers.md))",
        (),
        (),
        (Link("rejected-in-favour-of", "019-Shared-Ingress-Controllers.md"),),
    ),
    ("Superseded", (), (), ()),
    ("Superseded by the new approach", (), (), ()),
    ("[ accepted | deprecated | superseded by [xxx](yyyymmdd-xxx.md)]", (), (), ()),
]


@pytest.mark.parametrize(("text", "supersedes", "superseded_by", "links"), REFS)
def test_read_refs_keeps_refs_as_written(
    text: str,
    supersedes: tuple[str, ...],
    superseded_by: tuple[str, ...],
    links: tuple[Link, ...],
) -> None:
    """Each relation phrase yields its refs: a link's target, else the id-like text."""
    refs = read_refs(text)
    assert (refs.supersedes, refs.superseded_by, refs.links) == (supersedes, superseded_by, links)


def test_partial_only_reads_no_full_supersession() -> None:
    """Titles and changelog lines give partial links and rejections, nothing more."""
    title = read_refs("ADR 114: Partly Undo ADR 109 (Reduce Go API Surface)", partial_only=True)
    assert title.links == (Link("partly-undoes", "ADR 109"),)
    line = read_refs("Superseded by ADR 9, partly supersedes ADR 8", partial_only=True)
    assert (line.superseded_by, line.links) == ((), (Link("partly-supersedes", "ADR 8"),))


def test_a_relation_word_without_a_ref_is_no_relation() -> None:
    """`Amends for the case of …` names nothing, so it links nothing."""
    assert (
        read_refs("Amends for the case of a forward lunatic attack", partial_only=True).links == ()
    )


def test_reference_style_links_resolve_through_definitions() -> None:
    """`[ADR 101][adr-101]` takes the target its definition gives."""
    refs = read_refs(
        "Rejected in favour of [ADR 101][adr-101]", definitions={"adr-101": "./adr-101-pull.md"}
    )
    assert refs.links == (Link("rejected-in-favour-of", "./adr-101-pull.md"),)


@given(st.text())
def test_any_text_reads_to_a_class_and_refs(text: str) -> None:
    """Status reading never raises and always gives a known class."""
    assert read_status(text).status in STATUS_CLASSES
    read_refs(text)
