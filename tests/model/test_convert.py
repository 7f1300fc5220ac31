"""The cattrs converter: exact round trips, strict refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import govmem
from govmem import Finding, Record, Relation, Source
from tests.conftest import EXAMPLE


def _all_real_records(corpora: Path) -> list[Record]:
    out: list[Record] = []
    for folder in sorted(p for p in corpora.iterdir() if p.is_dir()):
        out += govmem.load(folder, dir=".").records
    return out


def test_every_record_of_every_corpus_round_trips(corpora: Path) -> None:
    """`structure(unstructure(r)) == r` for every record govmem reads from the real corpora."""
    records = _all_real_records(corpora)
    assert len(records) > 500
    for rec in records:
        assert govmem.structure(govmem.unstructure(rec), Record) == rec


def test_sources_relations_and_findings_round_trip() -> None:
    """The other value classes round-trip too."""
    corpus = govmem.load(EXAMPLE)
    values: list[object] = [*corpus.sources, *corpus.relations, *corpus.findings]
    values.append(Relation("rel-x", ("a", "b"), "resolved", "why", None, "r.yaml"))
    values.append(Finding("dangling-ref", "m", "p.md", "x", "supersedes"))
    for value in values:
        assert govmem.structure(govmem.unstructure(value), type(value)) == value  # type: ignore[arg-type]
    assert isinstance(corpus.sources[0], Source)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"bogus": 1}, "extra fields found (bogus)"),
        ({"tags": "abc"}, "Record.tags"),
        ({"confidence": "high"}, "Record.confidence"),
        ({"id": 7}, "Record.id"),
        ({"valid_from": "yesterday"}, "Record.valid_from"),
    ],
)
def test_bad_record_data_is_refused_with_where(change: dict[str, object], fragment: str) -> None:
    """Unknown keys and wrong types give an InputError naming the field, never a coercion."""
    good = govmem.unstructure(govmem.load(EXAMPLE).records[0])
    with pytest.raises(govmem.InputError) as err:
        govmem.structure({**good, **change}, Record)
    assert fragment in str(err.value)
