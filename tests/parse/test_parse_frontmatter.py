"""Tests for `govmem.parse.file`: Markdown with frontmatter (govmem, adrkit, MADR keys) and YAML record files."""

from __future__ import annotations

import json

import pytest

from govmem import Config, Matcher
from govmem.model.records import ScopeSpec
from govmem.parse.file import (
    ParseContext,
    memory_id,
    parse_file,
)
from tests.parse.parse_support import codes, one, when

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
