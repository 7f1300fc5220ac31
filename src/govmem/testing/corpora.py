"""The strategies for records, sources, configs and corpora (`govmem.testing` documents them)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from attrs import frozen
from hypothesis import strategies as st

from govmem._corpus import Corpus
from govmem.model.records import (
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
from govmem.model.time import When

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
