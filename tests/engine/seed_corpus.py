"""The seed-000 corpus in memory and its variations: what every `query` rule test builds on.

A MySQL default superseded by PostgreSQL for new services, a MongoDB
exception for legacy, an open DynamoDB claim (`SEED`); `rec`, `claim` and
`corpus` make variations of it, `ask` asks it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from govmem import (
    Config,
    Corpus,
    Record,
    Relation,
    Source,
    When,
)
from govmem.model.records import ScopeSpec, TopicSpec

AS_OF = "2026-09-08"
QUESTION = "Quale database è approvato per i nuovi servizi?"
"""The seed's question: it names the scope new-services."""
PLAIN = "Which database is approved?"
"""A question naming no scope."""
NOW = datetime(2026, 9, 8, 12, 0, tzinfo=UTC)

CONFIG = Config(
    scopes=(
        ScopeSpec("all", None),
        ScopeSpec("new-services", "all", ("nuovi servizi", "new services")),
        ScopeSpec("payments", "new-services"),
        ScopeSpec("legacy", "all"),
    ),
    topics=(TopicSpec("database", ("db", "databases")),),
)

BODY_024 = """# ADR 024 — PostgreSQL per i nuovi servizi

## Contesto

MySQL è il default dal 2023 (ADR 001). Le nuove applicazioni hanno bisogno di
JSONB, estensioni geografiche e repliche logiche.

## Decisione

PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.
Sostituisce ADR 001.
"""
CHAT = """[10:02] giulia: Per il nuovo servizio ordini stiamo provando DynamoDB.
[10:05] giulia: Sì, stiamo spostando i nuovi servizi su DynamoDB, almeno per ora.
"""


def day(text: str) -> When:
    """A date-only `When`."""
    return When.from_date(datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC).date())


def rec(rid: str, value: str | None = None, **kw: Any) -> Record:
    """A decision (or `kind=`) with the seed's defaults: accepted, on `all`, 0.9, 1.0."""
    status = kw.pop("status", "accepted")
    fields: dict[str, Any] = {
        "kind": "decision",
        "title": rid.upper(),
        "content": f"{value} is the database." if value else f"{rid} content.",
        "status": status,
        "label": kw.pop("label", status),
        "path": f"docs/adr/{rid}.md",
        "topic": "database",
        "value": value,
        "confidence": 0.9,
        "authority": 1.0,
    }
    if "valid_from" in kw and isinstance(kw["valid_from"], str):
        kw["valid_from"] = day(kw["valid_from"])
    if "valid_to" in kw and isinstance(kw["valid_to"], str):
        kw["valid_to"] = day(kw["valid_to"])
    fields.update(kw)
    return Record(id=rid, **fields)


def claim(rid: str, value: str | None, **kw: Any) -> Record:
    """A claim: proposed, confidence 0.6, authority 0.3, dated by its source."""
    kw.setdefault("scope", "new-services")
    kw.setdefault("valid_from", "2026-03-14")
    kw.setdefault("status", "proposed")
    kw.setdefault("confidence", 0.6)
    kw.setdefault("authority", 0.3)
    return rec(rid, value, kind="claim", path="memory/claims.yaml", **kw)


ADR_001 = rec(
    "adr-001",
    "MySQL",
    content="MySQL è il database di default.",
    status="superseded",
    superseded_by=("adr-024",),
    valid_from="2023-05-12",
)
ADR_011 = rec(
    "adr-011",
    "MongoDB",
    content="MongoDB resta approvato per i servizi legacy.",
    status="accepted",
    label="approved",
    scope="legacy",
    valid_from="2024-09-03",
)
ADR_024 = rec(
    "adr-024",
    "PostgreSQL",
    content="PostgreSQL è il database approvato per i nuovi servizi.",
    status="accepted",
    label="approved",
    scope="new-services",
    valid_from="2026-02-01",
    confidence=0.95,
    supersedes=("adr-001",),
    body=BODY_024,
)
CLAIM = claim(
    "claim-chat-dynamodb",
    "DynamoDB",
    content="Stiamo spostando i nuovi servizi su DynamoDB.",
    sources=("team-chat-2026-03-14",),
    valid_from=None,
)
TEAM_CHAT = Source(
    id="team-chat-2026-03-14",
    title="Chat del team",
    type="team-chat",
    reference="#platform",
    occurred_at=day("2026-03-14"),
    text=CHAT,
)
SEED = (ADR_001, ADR_011, ADR_024, CLAIM)


def corpus(
    records: Iterable[Record] = SEED,
    *,
    sources: Iterable[Source] = (TEAM_CHAT,),
    relations: Iterable[Relation] = (),
    config: Config = CONFIG,
) -> Corpus:
    """A corpus made in memory."""
    return Corpus.from_records(records, sources=sources, relations=relations, config=config)


def ask(
    c: Corpus,
    question: str = PLAIN,
    *,
    topic: str | None = "database",
    scope: str | None = None,
    as_of: str | None = AS_OF,
    mind: str = "default",
) -> dict[str, Any]:
    """`query(...).to_dict()`."""
    return c.query(question, topic=topic, scope=scope, as_of=as_of, mind=mind, now=NOW).to_dict()


def ids(entries: list[dict[str, Any]]) -> list[str]:
    """The ids of record views."""
    return [e["id"] for e in entries]


def conflict_ids(answer: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(conflict_id, item id, status) of each conflict."""
    return [(c["conflict_id"], c["item"]["id"], c["status"]) for c in answer["conflicts"]]


VIEW_024 = {
    "id": "adr-024",
    "content": "PostgreSQL è il database approvato per i nuovi servizi.",
    "value": "PostgreSQL",
    "status": "approved",
    "scope": "new-services",
    "valid_from": "2026-02-01",
    "valid_to": None,
    "confidence": 0.95,
    "authority": 1,
}
VIEW_001 = {
    "id": "adr-001",
    "content": "MySQL è il database di default.",
    "value": "MySQL",
    "status": "superseded",
    "scope": "all",
    "valid_from": "2023-05-12",
    "valid_to": "2026-02-01",
    "confidence": 0.9,
    "authority": 1,
}
VIEW_011 = {
    "id": "adr-011",
    "content": "MongoDB resta approvato per i servizi legacy.",
    "value": "MongoDB",
    "status": "approved",
    "scope": "legacy",
    "valid_from": "2024-09-03",
    "valid_to": None,
    "confidence": 0.9,
    "authority": 1,
}
SEED_CONFLICT = {
    "conflict_id": "rel-dynamodb-vs-adr-024",
    "item": {
        "id": "claim-chat-dynamodb",
        "content": "Stiamo spostando i nuovi servizi su DynamoDB.",
        "value": "DynamoDB",
        "status": "proposed",
        "scope": "new-services",
        "valid_from": "2026-03-14",
        "valid_to": None,
        "confidence": 0.6,
        "authority": 0.3,
    },
    "source_ids": ["team-chat-2026-03-14"],
    "rationale": "Incompatible database choice for the same scope.",
    "status": "open",
}
EXCERPT_024 = "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026."
