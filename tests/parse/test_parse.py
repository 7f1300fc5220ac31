"""Tests for `govmem.parse.file`: one file's text -> records, sources, relations, findings."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import Config, Link, Matcher, Record, When
from govmem.model.records import ScopeSpec
from govmem.model.time import parse_iso
from govmem.parse.dates import scan_date_order
from govmem.parse.file import (
    ParseContext,
    ParsedFile,
    decode_text,
    id_from_stem,
    is_not_a_record,
    memory_id,
    parse_file,
)


def when(text: str) -> When:
    """An ISO date as a `When`."""
    value = parse_iso(text)
    assert value is not None
    return value


def one(parsed: ParsedFile) -> Record:
    """The single record of a parsed file."""
    assert len(parsed.records) == 1, parsed
    return parsed.records[0]


def codes(parsed: ParsedFile) -> list[str]:
    """The finding codes of a parsed file, in order."""
    return [f.code for f in parsed.findings]


NYGARD = """# 4. DNS definitions for hosts and services

Date: 2017-07-14

## Status

Superseded by [DNS Infrastructure](0015-dns-infrastructure.md)

## Context

Icinga needs to reach hosts.
"""

TENDERMINT = """# ADR 105: Refactor list of senders in mempool

## Changelog

- 2023-07-19: Choose callbacks option and mark as accepted (@hvanz)
- 2023-07-10: Add callback alternative (@hvanz)
- 2023-06-26: Initial draft (@hvanz)
- 2024-05-22: Reverted (@hvanz)

## Status

Reverted
"""

REJECTED_IN_FAVOUR = """# ADR 100: Data Companion Push API

## Changelog

- 2023-05-03: Mark as rejected in favour of ADR-101 (@thanethomson)
- 2022-09-10: First draft (@thanethomson)

## Status

Rejected
"""


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
    assert codes(parsed) == ["unknown-status"]


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


# --- Markdown with frontmatter -----------------------------------------------------------

ADRKIT = """---
schemaVersion: 0.1.0
id: "0009"
title: Pin affects resolution semantics
status: accepted
date: 2026-07-18
deciders: ["@mbeacom"]
tags: [schema, core]
scope: org
relatesTo: ["0002", "0004"]
conflictsWith: "0007"
supersededBy: null
affects:
  - type: path
    pattern: "packages/core/src/affects/**"
  - "docs/**"
provenance:
  authoredBy: agent-drafted
  ratifiedBy: "@mbeacom"
---

# ADR-0009

Body text.
"""


def test_adrkit_frontmatter_keys_are_read() -> None:
    """camelCase refs, matcher objects, provenance; frontmatter kept as JSON."""
    rec = one(parse_file("docs/adr/0009-pin-affects.md", ADRKIT))
    assert (rec.id, rec.title, rec.status, rec.label) == (
        "0009",
        "Pin affects resolution semantics",
        "accepted",
        "accepted",
    )
    assert rec.valid_from == when("2026-07-18")
    assert rec.tags == ("schema", "core")
    assert rec.relates_to == ("0002", "0004")
    assert rec.conflicts_with == ("0007",)
    assert rec.affects == (Matcher("packages/core/src/affects/**"), Matcher("docs/**"))
    assert (rec.authored_by, rec.ratified_by) == ("agent-drafted", ("@mbeacom",))
    assert rec.scope is None
    assert rec.body == "\n# ADR-0009\n\nBody text.\n"
    fm = json.loads(rec.frontmatter)
    assert list(fm)[:3] == ["schemaVersion", "id", "title"]
    assert (fm["date"], fm["scope"]) == ("2026-07-18", "org")


def test_an_adrkit_level_is_a_scope_only_when_declared() -> None:
    """`scope: org` stays in frontmatter unless govmem.yaml declares `org`."""
    config = Config(scopes=(ScopeSpec("org", "all"),))
    rec = one(parse_file("docs/adr/0009-x.md", ADRKIT, ParseContext(config=config)))
    assert rec.scope == "org"


def test_an_unratified_agent_acceptance_counts_as_proposed() -> None:
    """adrkit's provenance rule: agent-authored + accepted + no ratifiedBy -> proposed."""
    text = ADRKIT.replace('  ratifiedBy: "@mbeacom"\n', "")
    rec = one(parse_file("docs/adr/0009-x.md", text))
    assert (rec.status, rec.label) == ("proposed", "proposed")
    assert rec.written_status == "accepted"


@pytest.mark.parametrize(
    ("status", "cls", "supersedes", "superseded_by"),
    [
        ('"accepted; supersedes ADR-0045"', "accepted", ("ADR-0045",), ()),
        ('"superseded by ADR-0057"', "superseded", (), ("ADR-0057",)),
        ("Superseded by 0007", "superseded", (), ("0007",)),
        ('"accepted "', "accepted", (), ()),
        ("draft", "proposed", (), ()),
    ],
)
def test_frontmatter_status_with_extra_words(
    status: str, cls: str, supersedes: tuple[str, ...], superseded_by: tuple[str, ...]
) -> None:
    """MADR statuses carry refs and trailing words; case never matters."""
    text = f"---\nnav_order: 57\nstatus: {status}\n---\n# Allow a positional input\n"
    rec = one(parse_file("0057-allow-positional.md", text))
    assert (rec.status, rec.supersedes, rec.superseded_by) == (cls, supersedes, superseded_by)


def test_a_byte_order_mark_before_frontmatter_is_ignored() -> None:
    """scs-0007 starts with a BOM; its frontmatter is still read."""
    text = "\ufeff---\ntitle: Certification\nstatus: Deprecated\nstabilized_at: 2025-08-01\n---\n\n## Intro\n"
    rec = one(parse_file("scs-0007-v1-certification.md", text))
    assert (rec.id, rec.title, rec.status) == ("scs-0007-v1", "Certification", "deprecated")


def test_scs_dialect_aliases_and_a_mapped_scope() -> None:
    """`replaces`/`replaced_by`, `stabilized_at`/`deprecated_at`; `fields: {scope: track}`."""
    text = (
        "---\ntitle: Flavor naming\nstatus: Deprecated\ntrack: IaaS\nstabilized_at: 2023-02-21\n"
        "deprecated_at: 2023-11-30\nreplaces: scs-0100-v1-flavor-naming.md\n"
        "replaced_by:\n  - scs-0100-v3-flavor-naming.md\n---\n\n## Intro\n"
    )
    config = Config(fields=(("scope", "track"),))
    rec = one(parse_file("scs-0100-v2-flavor-naming.md", text, ParseContext(config=config)))
    assert rec.id == "scs-0100-v2"
    assert rec.scope == "IaaS"
    assert (rec.valid_from, rec.valid_to) == (when("2023-02-21"), when("2023-11-30"))
    assert rec.supersedes == ("scs-0100-v1-flavor-naming.md",)
    assert rec.superseded_by == ("scs-0100-v3-flavor-naming.md",)


def test_config_statuses_add_spellings() -> None:
    """`statuses: {in force: accepted}` reads a corpus's own word."""
    text = "---\nstatus: In force\n---\n# X\n"
    config = Config(statuses=(("in force", "accepted"),))
    assert one(parse_file("0001-x.md", text, ParseContext(config=config))).status == "accepted"


@pytest.mark.parametrize(
    ("key_line", "field"),
    [
        ("confidence: high", "confidence"),
        ("confidence: 1.5", "confidence"),
        ("tags: {a: 1}", "tags"),
        ("supersedes: [{id: 1}]", "supersedes"),
        ("title: [a, b]", "title"),
        ("affects: [{pattern: 3}]", "affects"),
        ("date: someday", "date"),
    ],
)
def test_an_uncoercible_value_leaves_the_field_unset(key_line: str, field: str) -> None:
    """Forgiving types: an `invalid-field` warning naming the key; the record is kept."""
    parsed = parse_file("0001-x.md", f"---\nstatus: accepted\n{key_line}\n---\n# One\n")
    rec = one(parsed)
    assert codes(parsed) == ["invalid-field"]
    assert parsed.findings[0].field == field
    assert (rec.confidence, rec.title) == (0.9, "One")


def test_scalars_are_accepted_where_lists_belong() -> None:
    """A scalar ref, tag or affects pattern is a one-element list."""
    text = "---\nstatus: accepted\ntags: db\nsupersedes: 7\naffects: src/db/**\n---\n# X\n"
    rec = one(parse_file("0008-x.md", text))
    assert (rec.tags, rec.supersedes, rec.affects) == (("db",), ("7",), (Matcher("src/db/**"),))


@pytest.mark.parametrize(
    "text",
    [
        '---\nid: "0042\ntitle: Broken\n---\n# X\n',
        "---\na: 1\na: 2\n---\n# X\n",
        "---\n- a list\n---\n# X\n",
        "---\nstatus: accepted\n# never closed\n",
        "---\na: &a ["
        + ",".join(["x" * 60] * 40)
        + "]\n"
        + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 8)}]\n"
            for i in range(4)
        )
        + "---\n# X\n",
        "---\n" + "a:\n" + "".join("  " * i + "- \n" for i in range(1, 70)) + "---\n# X\n",
    ],
)
def test_unreadable_frontmatter_is_bad_yaml_and_excluded(text: str) -> None:
    """Bad syntax, duplicate keys, a non-mapping, no closing fence, alias bombs, deep nesting."""
    parsed = parse_file("0042-bad.md", text)
    assert parsed.records == ()
    assert parsed.excluded == 1
    assert codes(parsed) == ["bad-yaml"]
    assert parsed.findings[0].severity == "error"


def test_a_markdown_claim_is_proposed_and_cannot_be_accepted() -> None:
    """A written accepted on a claim is read as proposed, with `invalid-field`."""
    parsed = parse_file("claims/c.md", "---\nkind: claim\nid: c1\nstatus: approved\n---\n# C\n")
    rec = one(parsed)
    assert (rec.kind, rec.status, rec.label) == ("claim", "proposed", "proposed")
    assert (rec.confidence, rec.authority) == (0.6, 0.3)
    assert codes(parsed) == ["invalid-field"]


def test_a_markdown_source_keeps_its_body_as_text() -> None:
    """`kind: source`: the body is the text evidence is checked against."""
    text = (
        "---\nkind: source\nid: team-chat-2026-03-14\ntitle: Chat del team\ntype: team-chat\n"
        'reference: "#platform"\noccurred_at: 2026-03-14\n---\nAnna: DynamoDB?\n'
    )
    parsed = parse_file("sources/team-chat.md", text)
    assert parsed.records == ()
    (src,) = parsed.sources
    assert (src.id, src.title, src.type, src.reference) == (
        "team-chat-2026-03-14",
        "Chat del team",
        "team-chat",
        "#platform",
    )
    assert (src.occurred_at, src.text, src.path) == (
        when("2026-03-14"),
        "Anna: DynamoDB?\n",
        "sources/team-chat.md",
    )


# --- YAML files --------------------------------------------------------------------------

MEMORIES = """
- kind: memory
  category: preference
  key: db_choice
  content: Use PostgreSQL.
  tags: [db]
- kind: memory
  source: user
  category: Fact
  key: team_size
  content: Five people.
  mind_id: ops
  created_at: 2026-01-05
  expires_at: 2026-06-01
- kind: memory
  category: gossip
  key: x
  content: y
- kind: memory
  category: note
  content: no key
"""


def test_memories_get_seed_004_defaults() -> None:
    """Agent by default, unverified and proposed; a user memory is verified."""
    parsed = parse_file("memory/mem.yaml", MEMORIES)
    agent, user = parsed.records
    assert agent.id == memory_id("memory/mem.yaml", 0)
    assert agent.id.startswith("mem_")
    assert len(agent.id) == 16
    assert (agent.origin, agent.verified, agent.status, agent.confidence, agent.authority) == (
        "agent",
        False,
        "proposed",
        0.7,
        0.5,
    )
    assert (agent.title, agent.topic, agent.value, agent.priority, agent.mind) == (
        "db_choice",
        "db_choice",
        "Use PostgreSQL.",
        "normal",
        "default",
    )
    assert (user.origin, user.verified, user.status, user.confidence, user.authority) == (
        "user",
        True,
        "accepted",
        1.0,
        1.0,
    )
    assert (user.category, user.mind, user.index) == ("fact", "ops", 1)
    assert (user.valid_from, user.valid_to) == (when("2026-01-05"), when("2026-06-01"))


def test_an_incomplete_or_uncategorised_memory_is_excluded() -> None:
    """Unknown category or a missing key: `invalid-memory`, counted as excluded."""
    parsed = parse_file("memory/mem.yaml", MEMORIES)
    assert parsed.excluded == 2
    assert sorted(codes(parsed)) == ["invalid-memory", "invalid-memory"]
    assert {f.field for f in parsed.findings} == {"category", "key"}


def test_an_explicit_verified_true_verifies_an_agent_memory() -> None:
    """A human may write `verified: true` on an agent memory."""
    text = "kind: memory\ncategory: fact\nkey: k\ncontent: c\nverified: true\n"
    rec = one(parse_file("memory/m.yml", text))
    assert (rec.verified, rec.status, rec.confidence) == (True, "accepted", 0.7)


CLAIMS = """
- kind: claim
  id: claim-chat-dynamodb
  topic: database
  value: DynamoDB
  scope: new-services
  content: Stiamo spostando i nuovi servizi su DynamoDB.
  sources: [team-chat-2026-03-14]
- kind: decision
  title: No id here
- kind: relation
  id: rel-dynamodb-vs-adr-024
  between: [claim-chat-dynamodb, adr-024]
  rationale: Same scope.
  resolution: {winner: adr-024, by: arch-board, at: 2026-03-20}
- kind: relation
  id: rel-open
  between: [a, b]
- kind: relation
  id: rel-bad
  between: [a]
- kind: source
  id: ticket-1
  text: The ticket text.
- kind: source
  title: no id
- just a string
- nothing: here
"""


def test_a_yaml_list_holds_records_of_every_kind() -> None:
    """Claims, relations and sources from one file, in order."""
    parsed = parse_file("memory/claims.yaml", CLAIMS, ParseContext(git_date=when("2026-01-01")))
    (claim,) = parsed.records
    assert (claim.id, claim.kind, claim.status, claim.topic, claim.value, claim.scope) == (
        "claim-chat-dynamodb",
        "claim",
        "proposed",
        "database",
        "DynamoDB",
        "new-services",
    )
    assert claim.sources == ("team-chat-2026-03-14",)
    assert (claim.valid_from, claim.git_dated) == (None, False)
    resolved, open_ = parsed.relations
    assert (resolved.status, resolved.between, resolved.rationale) == (
        "resolved",
        ("claim-chat-dynamodb", "adr-024"),
        "Same scope.",
    )
    assert resolved.resolution is not None
    assert (resolved.resolution.winner, resolved.resolution.at) == ("adr-024", when("2026-03-20"))
    assert (open_.status, open_.resolution) == ("open", None)
    (source,) = parsed.sources
    assert (source.id, source.text) == ("ticket-1", "The ticket text.")


def test_yaml_records_without_id_are_excluded_as_missing_id() -> None:
    """Decisions, relations and sources in YAML need an id; bad items are findings."""
    parsed = parse_file("memory/claims.yaml", CLAIMS)
    assert parsed.excluded == 3
    assert sorted(codes(parsed)) == [
        "invalid-field",
        "missing-id",
        "missing-id",
        "not-a-record",
        "not-a-record",
    ]


def test_an_empty_or_kindless_yaml_file_is_not_a_record() -> None:
    """A YAML file with nothing record-like in it is skipped."""
    assert parse_file("docs/adr/mkdocs.yml", "site_name: docs\n").skipped
    assert parse_file("memory/empty.yaml", "").skipped


def test_bad_yaml_excludes_the_whole_file() -> None:
    """One syntax error loses every record of the file, counted once."""
    parsed = parse_file("memory/broken.yaml", "- kind: claim\n  id: [unclosed\n")
    assert (parsed.records, parsed.excluded, codes(parsed)) == ((), 1, ["bad-yaml"])


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
    ("jabref", "0045", "superseded", None, ("ADR-0057",), ()),
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
