"""`linked_corpora` and `move_links`: one-topic corpora of supersession links, and their mirror.

SPEC §4: which side of a link writes it (`supersedes` on the new record, or
`superseded_by` on the old one) must not change any answer.
"""

from __future__ import annotations

from typing import Final, Literal

from attrs import evolve
from hypothesis import strategies as st

from govmem.model.records import Config, Record, ScopeSpec

from .corpora import _DAYS, _STATUSES, VALUES, CorpusInputs, _day

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
