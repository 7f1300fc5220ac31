"""Hypothesis strategies for corpora, questions and dates (the `govmem[testing]` extra).

Agent authors property-test their own code against govmem with these; govmem
tests itself with them. Everything generated is valid input of
`Corpus.from_records` — records with supersession chains (never cycles),
scopes from a declared tree, claims, memories of two minds, sources with
text, declared evidence, relations open and resolved — and is small enough
to shrink well. Values, dates, authorities and confidences are drawn from
small pools so that ties, equal values and overlapping windows are common.
`linked_corpora` draws small one-topic corpora of supersession links (cycles
included), and `move_links` writes every link on one side: SPEC §4 says the
answers must not change.

Bodies and source texts are Markdown with ATX and setext headings, decision
sections (`## Decision`, `Decision Outcome`, a setext `Decision`) next to
context sections, headings hidden in code blocks and comments, lists and
quotes — or any text at all.

`import govmem` never imports this module (nor hypothesis); import it
yourself::

    from hypothesis import given
    from govmem.testing import as_of_dates, corpora, questions

    @given(corpora(), questions(), as_of_dates())
    def test_my_agent_never_serves_a_rejected_decision(inputs, question, as_of):
        answer = inputs.build().query(question, as_of=as_of)
        assert answer.decision is None or answer.decision.status != "rejected"
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Final, Literal

from attrs import evolve, frozen
from hypothesis import strategies as st

from ._corpus import Corpus
from .model.records import (
    MEMORY_CATEGORIES,
    Config,
    Kind,
    Link,
    Quote,
    Record,
    Relation,
    Resolution,
    ScopeSpec,
    Source,
    StatusChange,
    TopicSpec,
)
from .model.time import When

__all__ = [
    "TOPICS",
    "VALUES",
    "CorpusInputs",
    "as_of_dates",
    "configs",
    "corpora",
    "linked_corpora",
    "move_links",
    "questions",
    "records",
    "scope_trees",
    "sources",
]

TOPICS = ("database", "cache", "queue")
"""Topic names the strategies draw from (plus records with no topic)."""
VALUES = ("PostgreSQL", "postgres", "MySQL", "DynamoDB", "Redis", "Kafka", "mongodb")
"""Values the strategies draw from; `postgres` is a declared spelling of PostgreSQL."""
MINDS = ("default", "bob")

_FIRST_DAY = date(2020, 1, 1)
_DAYS = tuple(_FIRST_DAY + timedelta(days=182 * i) for i in range(16))
"""Every half year 2020–2027: few enough that starts and ends coincide often."""
_WORDS = (
    "database",
    "postgres",
    "PostgreSQL",
    "services",
    "new",
    "legacy",
    "approved",
    "cache",
    "queue",
    "Redis",
    "Kafka",
    "the",
    "for",
    "is",
    "what",
    "which",
    "nuovi",
    "servizi",
    "payments",
    "eu",
)
_STATUSES = (
    ("accepted", "accepted"),
    ("accepted", "approved"),
    ("proposed", "proposed"),
    ("proposed", "draft"),
    ("rejected", "rejected"),
    ("deprecated", "deprecated"),
    ("superseded", "superseded"),
    ("revoked", "revoked"),
    ("unknown", "unknown"),
)
_KINDS: tuple[Kind, ...] = ("decision", "decision", "decision", "claim", "memory")
_PARTIAL = ("partly-supersedes", "partly-superseded-by", "amends", "amended-by", "partly-undoes")


@frozen
class CorpusInputs:
    """The arguments of `Corpus.from_records`, generated together."""

    records: tuple[Record, ...]
    sources: tuple[Source, ...]
    relations: tuple[Relation, ...]
    config: Config

    def build(self) -> Corpus:
        """`Corpus.from_records(records, sources=…, relations=…, config=…)`."""
        return Corpus.from_records(
            self.records, sources=self.sources, relations=self.relations, config=self.config
        )


def _day(d: date) -> When:
    return When.from_date(d)


def scope_trees() -> st.SearchStrategy[tuple[ScopeSpec, ...]]:
    """Scope trees under `all`: up to five scopes, two levels deep, some with aliases.

    Example::

        @given(scope_trees())
        def test_depths(specs): ...
    """
    names = ("new-services", "legacy", "payments", "retail-eu", "batch")

    @st.composite
    def build(draw: st.DrawFn) -> tuple[ScopeSpec, ...]:
        chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
        specs = [ScopeSpec("all", None)]
        for i, name in enumerate(chosen):
            parent = draw(st.sampled_from(["all", *chosen[:i]])) if i else "all"
            aliases = (name.replace("-", " "),) if draw(st.booleans()) else ()
            specs.append(ScopeSpec(name, parent, aliases))
        return tuple(specs)

    return build()


def configs() -> st.SearchStrategy[Config]:
    """`govmem.yaml` settings: a scope tree, the `database` topic, a `min_confidence`.

    Example::

        @given(configs())
        def test_scopes(config): assert config.scopes[0].name == "all"
    """
    database = TopicSpec("database", ("db",), (("PostgreSQL", ("postgres", "pg")),))
    return st.builds(
        Config,
        scopes=scope_trees(),
        topics=st.sampled_from([(), (database,)]),
        min_confidence=st.sampled_from([0.5, 0.0, 0.8]),
    )


_OPENINGS = (
    "",
    "# Title\n\n",
    "Title\n=====\n\n",
    "## Context\n\n",
    "## Decision\n\n",
    "Decision\n--------\n",
    "## Decision Drivers\n\n",
    "## Decision Outcome\n\n",
    "### Décision\n\n",
    "Status\n------\nAccepted\n\n",
    "```\n## Decision\n```\n\n",
    "<!-- ## Decision -->\n",
    "- ",
    "> ",
)
"""How a generated body's sections open: ATX and setext headings (decision sections
among them), headings hidden in code or a comment, list items and quotes."""


def _text() -> st.SearchStrategy[str]:
    sentence = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=8).map(
        lambda ws: " ".join(ws).capitalize() + "."
    )
    prose = st.lists(sentence, max_size=4).map(" ".join)
    ending = st.sampled_from(["", "\n\n", "\n- item one.\n"])
    section = st.tuples(st.sampled_from(_OPENINGS), prose, ending).map("".join)
    markdown = st.lists(section, min_size=1, max_size=3).map("\n\n".join)
    return st.one_of(markdown, st.text(max_size=40))


@st.composite
def _records(
    draw: st.DrawFn, config: Config, min_size: int, max_size: int, source_ids: Sequence[str]
) -> list[Record]:
    n = draw(st.integers(min_size, max_size))
    scopes = [s.name for s in config.scopes] or ["all"]
    out: list[Record] = []
    for i in range(n):
        rid = f"r{i}"
        kind = draw(st.sampled_from(_KINDS))
        status, label = draw(st.sampled_from(_STATUSES))
        vf = draw(st.one_of(st.none(), st.sampled_from(_DAYS)))
        vt = draw(st.one_of(st.none(), st.sampled_from(_DAYS))) if draw(st.booleans()) else None
        earlier = [f"r{j}" for j in range(i)]
        supersedes = tuple(
            draw(st.lists(st.sampled_from(earlier), unique=True, max_size=2)) if earlier else ()
        )
        superseded_by: tuple[str, ...] = ()
        if i + 1 < n and draw(st.integers(0, 5)) == 0:
            superseded_by = (f"r{draw(st.integers(i + 1, n - 1))}",)
        others = [f"r{j}" for j in range(n) if j != i]
        conflicts_with: tuple[str, ...] = ()
        links: tuple[Link, ...] = ()
        if others and draw(st.integers(0, 5)) == 0:
            conflicts_with = (draw(st.sampled_from(others)),)
        if others and draw(st.integers(0, 6)) == 0:
            links = (Link(draw(st.sampled_from(_PARTIAL)), draw(st.sampled_from(others))),)
        changes: tuple[StatusChange, ...] = ()
        if status == "rejected" and draw(st.booleans()):
            changes = (StatusChange(_day(draw(st.sampled_from(_DAYS))), "rejected", "Rejected"),)
        cited = (
            tuple(draw(st.lists(st.sampled_from(source_ids), unique=True, max_size=2)))
            if (source_ids)
            else ()
        )
        body = draw(_text())
        value = draw(st.one_of(st.none(), st.sampled_from(VALUES)))
        topic = draw(st.one_of(st.none(), st.sampled_from(TOPICS)))
        evidence: tuple[Quote, ...] = ()
        if draw(st.integers(0, 4)) == 0:
            quote_from = draw(st.sampled_from([rid, *cited]))
            excerpt = draw(st.one_of(st.sampled_from(body.split(".")[:1] or [""]), _text()))
            evidence = (Quote(quote_from, excerpt),)
        is_memory = kind == "memory"
        verified = draw(st.booleans()) if is_memory else False
        if is_memory:
            status = label = "accepted" if verified else "proposed"
            supersedes = superseded_by = ()
            topic = topic or "editor"
            value = value or "vim"
        elif kind == "claim":
            status, label = "proposed", "proposed"
        out.append(
            Record(
                id=rid,
                kind=kind,
                title=topic if is_memory and topic else f"{i}. Use {value or 'something'}",
                content=f"{value or 'Nothing'} for {topic or 'this'}.",
                status=status,
                label=label,
                path=f"docs/{kind}/{rid}.md",
                topic=topic,
                value=value,
                scope=draw(st.sampled_from(scopes)),
                valid_from=_day(vf) if vf else None,
                valid_to=_day(vt) if vt else None,
                confidence=draw(st.sampled_from([0.9, 0.6, 0.95, 0.4, 1.0])),
                authority=draw(st.sampled_from([1.0, 0.3, 0.5])),
                supersedes=supersedes,
                superseded_by=superseded_by,
                conflicts_with=conflicts_with,
                links=links,
                changes=changes,
                sources=cited,
                evidence=evidence,
                body=body,
                category=draw(st.sampled_from(MEMORY_CATEGORIES)) if is_memory else None,
                key=topic if is_memory else None,
                origin=("user" if verified else "agent") if is_memory else None,
                verified=verified,
                mind=draw(st.sampled_from(MINDS)) if is_memory else "default",
                created_at=_day(vf) if is_memory and vf else None,
                expires_at=_day(vt) if is_memory and vt else None,
            )
        )
    return out


def records(
    config: Config | None = None,
    *,
    min_size: int = 0,
    max_size: int = 10,
    source_ids: Sequence[str] = (),
) -> st.SearchStrategy[list[Record]]:
    """Lists of records with unique ids `r0`, `r1`, … (later ones supersede earlier ones).

    Args:
        config: the settings whose scopes records are drawn on (default: `all` only).
        min_size: the fewest records.
        max_size: the most records.
        source_ids: ids of sources the records may cite.

    Example::

        @given(records(max_size=5))
        def test_ids_are_unique(recs):
            assert len({r.id for r in recs}) == len(recs)
    """
    return _records(config or Config(), min_size, max_size, tuple(source_ids))


def sources(max_size: int = 3) -> st.SearchStrategy[list[Source]]:
    """Lists of sources `s0`, `s1`, … with Markdown-ish or arbitrary text.

    Example::

        @given(sources())
        def test_texts(srcs): assert all(isinstance(s.text, str) for s in srcs)
    """

    @st.composite
    def build(draw: st.DrawFn) -> list[Source]:
        n = draw(st.integers(0, max_size))
        return [
            Source(
                id=f"s{i}",
                title=f"Source {i}",
                type=draw(st.sampled_from(["team-chat", "ticket", None])),
                reference=f"#{i}",
                occurred_at=draw(st.one_of(st.none(), st.sampled_from(_DAYS).map(_day))),
                text=draw(_text()),
            )
            for i in range(n)
        ]

    return build()


def corpora(*, min_records: int = 0, max_records: int = 10) -> st.SearchStrategy[CorpusInputs]:
    """Whole corpora: a config, sources, records and relations between them.

    Args:
        min_records: the fewest records.
        max_records: the most records.

    Example::

        @given(corpora(max_records=6))
        def test_query_never_raises(inputs):
            inputs.build().query("Which database?", as_of="2026-01-01")
    """

    @st.composite
    def build(draw: st.DrawFn) -> CorpusInputs:
        config = draw(configs())
        srcs = draw(sources())
        recs = draw(
            records(
                config, min_size=min_records, max_size=max_records, source_ids=[s.id for s in srcs]
            )
        )
        rels: list[Relation] = []
        ids = [r.id for r in recs]
        if len(ids) >= 2:
            for i in range(draw(st.integers(0, 2))):
                a, b = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True))
                resolved = draw(st.booleans())
                winner = draw(st.sampled_from([a, b])) if resolved else None
                rels.append(
                    Relation(
                        id=f"rel-{i}",
                        between=(a, b),
                        status="resolved" if resolved else "open",
                        rationale=draw(st.sampled_from([None, "Reviewed."])),
                        resolution=Resolution(winner=winner) if winner else None,
                    )
                )
        return CorpusInputs(tuple(recs), tuple(srcs), tuple(rels), config)

    return build()


def questions() -> st.SearchStrategy[str]:
    """Questions: words of the generated corpora (topics, values, scope names), or any text.

    Example::

        @given(questions())
        def test_any_question(q): assert isinstance(q, str)
    """
    worded = st.lists(st.sampled_from(_WORDS), max_size=8).map(lambda ws: " ".join(ws) + "?")
    return st.one_of(worded, st.text(max_size=60))


def as_of_dates() -> st.SearchStrategy[str]:
    """`as_of` values: ISO dates 2019–2028 (often on a record's bound) or UTC timestamps.

    Example::

        @given(as_of_dates())
        def test_dates(as_of): assert as_of[:2] in ("20",)
    """
    on_bound = st.sampled_from(_DAYS).map(date.isoformat)
    any_day = st.dates(date(2019, 1, 1), date(2028, 12, 31)).map(date.isoformat)
    stamp = st.tuples(any_day, st.integers(0, 23), st.integers(0, 59)).map(
        lambda t: f"{t[0]}T{t[1]:02}:{t[2]:02}:00Z"
    )
    return st.one_of(on_bound, any_day, stamp)


LINKED_SCOPES: Final = (
    ScopeSpec("all", None),
    ScopeSpec("new-services", "all"),
    ScopeSpec("payments", "new-services"),
    ScopeSpec("legacy", "all"),
)
"""The scope tree of `linked_corpora`: two levels, a disjoint sibling."""
_PROVENANCE: Final[tuple[tuple[str | None, tuple[str, ...]], ...]] = (
    (None, ()),
    (None, ()),
    ("agent", ()),
    ("agent", ("alice",)),
)
"""(authored_by, ratified_by): mostly human, sometimes an agent, ratified or not."""


@st.composite
def _linked(draw: st.DrawFn, min_records: int, max_records: int) -> CorpusInputs:
    n = draw(st.integers(min_records, max_records))
    ids = [f"adr-{i:03}" for i in range(n)]
    pairs = [(new, old) for new in ids for old in ids]  # self-supersession too
    links = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=n + 1)) if pairs else []
    sides = {link: draw(st.sampled_from(("new", "old"))) for link in links}
    out: list[Record] = []
    for i, rid in enumerate(ids):
        status, label = draw(st.sampled_from(_STATUSES))
        authored_by, ratified_by = draw(st.sampled_from(_PROVENANCE))
        if authored_by and status == "accepted" and not ratified_by:
            status, label = "proposed", "proposed"  # an unratified agent record (SPEC §2)
        value = draw(st.sampled_from(VALUES[:4]))
        vf = draw(st.one_of(st.none(), st.sampled_from(_DAYS[:8])))
        vt = draw(st.one_of(st.none(), st.sampled_from(_DAYS[:10])))
        out.append(
            Record(
                id=rid,
                kind=draw(st.sampled_from(("decision", "decision", "decision", "claim"))),
                title=f"{i}. Use {value}",
                content=f"{value} is the database.",
                status=status,
                label=label,
                path=f"docs/adr/{rid}.md",
                topic="database",
                value=value,
                scope=draw(st.sampled_from([s.name for s in LINKED_SCOPES])),
                valid_from=_day(vf) if vf else None,
                valid_to=_day(vt) if vt and draw(st.booleans()) else None,
                confidence=draw(st.sampled_from([0.9, 0.4])),
                authority=draw(st.sampled_from([1.0, 0.5])),
                supersedes=tuple(
                    o for (nw, o), side in sides.items() if nw == rid and side == "new"
                ),
                superseded_by=tuple(
                    nw for (nw, o), side in sides.items() if o == rid and side == "old"
                ),
                authored_by=authored_by,
                ratified_by=ratified_by,
                body=f"# {i}. Use {value}\n\n## Decision\n\n{value} is the database for now.\n",
            )
        )
    return CorpusInputs(tuple(out), (), (), Config(scopes=LINKED_SCOPES))


def linked_corpora(
    *, min_records: int = 2, max_records: int = 4
) -> st.SearchStrategy[CorpusInputs]:
    """Small one-topic corpora (`database`) whose records supersede each other.

    Records `adr-000`, `adr-001`, … on random scopes of `LINKED_SCOPES`, with
    random statuses (unratified agent records included), dates, written ends
    and values; each supersession link (any pair, so cycles and self-links
    too) is written on a random side. `move_links` writes them all on one side.

    Args:
        min_records: the fewest records.
        max_records: the most records.

    Example::

        @given(linked_corpora())
        def test_direction_is_irrelevant(inputs):
            a = move_links(inputs, "new").build().query("Which db?", topic="database")
            b = move_links(inputs, "old").build().query("Which db?", topic="database")
            assert a.to_dict() == b.to_dict()
    """
    return _linked(min_records, max_records)


def move_links(inputs: CorpusInputs, side: Literal["new", "old"]) -> CorpusInputs:
    """The same corpus with every supersession link written on one side.

    `"new"`: each link is a `supersedes` on the new record; `"old"`: a
    `superseded_by` on the old one. Refs must be exact record ids (as the
    strategies generate them); unresolvable refs are dropped.
    """
    ids = {r.id for r in inputs.records}
    links = dict.fromkeys(
        [(r.id, old) for r in inputs.records for old in r.supersedes if old in ids]
        + [(new, r.id) for r in inputs.records for new in r.superseded_by if new in ids]
    )
    records = tuple(
        evolve(
            r,
            supersedes=tuple(o for nw, o in links if nw == r.id) if side == "new" else (),
            superseded_by=tuple(nw for nw, o in links if o == r.id) if side == "old" else (),
        )
        for r in inputs.records
    )
    return evolve(inputs, records=records)
