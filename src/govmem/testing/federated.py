"""Federated corpora (SPEC v5 §2): a local corpus and two or three logs, with refs across them.

`federated_corpora()` draws a local corpus and the logs its configuration
names (`platform`, and maybe `core`), each a whole `corpora()` corpus of its
own (records `r0`, `r1`, …; ids `platform:r0` once federated), and writes
refs from local records into the logs: a local record may supersede a log's
record (`platform:r2`), be in conflict with one, or name it in a partial
link; a log's record never names a local one (a log cannot know its
services), so no cycle crosses logs. Sometimes a third configured log cannot
be read (`archive`: `federated-log-unavailable`), and a local ref names it,
or a log that is not configured (`gone:r1`: `unknown-log`).

`FederatedInputs.build()` builds each corpus with `Corpus.from_records` and
joins them with the pure `govmem.index.federate`, as `govmem.load` does for
folders on disk.
"""

from __future__ import annotations

import hashlib

from attrs import evolve, frozen
from hypothesis import strategies as st

from govmem._corpus import Corpus
from govmem.index.federate import Part, Unavailable, federate
from govmem.model.records import Link, LogSpec, Record

from .corpora import CorpusInputs, corpora

LOG_NAMES: tuple[str, ...] = ("platform", "core")
"""The logs a federated corpus may hold, in `govmem.yaml` order."""
UNAVAILABLE_LOG = "archive"
"""A configured log that is never available."""
_SCOPES = ("all", "new-services", "legacy")


@frozen
class FederatedInputs:
    """A local corpus, its logs (each as its own corpus) and the configured logs not read."""

    local: CorpusInputs
    logs: tuple[tuple[LogSpec, CorpusInputs], ...]
    unavailable: tuple[LogSpec, ...] = ()

    def build(self) -> Corpus:
        """Every corpus built on its own, then federated (`govmem.index.federate`)."""
        local = self.local.build()
        parts = [(spec, inputs.build()) for spec, inputs in self.logs]
        h = hashlib.sha256(local.health.fingerprint.encode())
        for spec, corpus in parts:
            h.update(f"\0{spec.name}\0{corpus.health.fingerprint}".encode())
        for spec in self.unavailable:
            h.update(f"\0{spec.name}\0unavailable".encode())
        return federate(
            Corpus,
            Part(local, ()),  # records made in memory: no file findings
            [(spec, Part(corpus, ())) for spec, corpus in parts],
            [Unavailable(spec, "the folder does not exist") for spec in self.unavailable],
            fingerprint=h.hexdigest(),
        )


def federated_corpora(
    *, max_records: int = 6, max_logs: int = 2
) -> st.SearchStrategy[FederatedInputs]:
    """A local corpus and one to `max_logs` logs, with local refs into the logs.

    Args:
        max_records: the most records of each corpus.
        max_logs: the most logs read (1 or 2: `platform`, `core`).

    Example::

        @given(federated_corpora())
        def test_a_log_decision_is_never_rejected(inputs):
            answer = inputs.build().query("Which database?", as_of="2026-01-01")
            assert answer.decision is None or answer.decision.status != "rejected"
    """

    @st.composite
    def build(draw: st.DrawFn) -> FederatedInputs:
        count = draw(st.integers(1, max(1, min(max_logs, len(LOG_NAMES)))))
        specs = [
            LogSpec(name, f"../{name}", draw(st.sampled_from(_SCOPES)))
            for name in LOG_NAMES[:count]
        ]
        logs = [(spec, draw(corpora(max_records=max_records))) for spec in specs]
        gone = (LogSpec(UNAVAILABLE_LOG, f"../{UNAVAILABLE_LOG}"),) if draw(st.booleans()) else ()
        targets = [f"{spec.name}:{r.id}" for spec, inputs in logs for r in inputs.records]
        targets += [f"{UNAVAILABLE_LOG}:r0" for _ in gone] + ["gone:r1"]
        local = draw(corpora(max_records=max_records))
        records: list[Record] = []
        for rec in local.records:
            if rec.is_memory or draw(st.integers(0, 2)) != 0:
                records.append(rec)
                continue
            ref = draw(st.sampled_from(targets))
            how = draw(st.sampled_from(("supersedes", "conflicts_with", "relates_to", "link")))
            if how == "supersedes":
                rec = evolve(rec, supersedes=(*rec.supersedes, ref))
            elif how == "conflicts_with":
                rec = evolve(rec, conflicts_with=(*rec.conflicts_with, ref))
            elif how == "relates_to":
                rec = evolve(rec, relates_to=(*rec.relates_to, ref))
            else:
                rec = evolve(rec, links=(*rec.links, Link("partly-supersedes", ref)))
            records.append(rec)
        config = evolve(local.config, logs=(*specs, *gone))
        return FederatedInputs(
            evolve(local, records=tuple(records), config=config), tuple(logs), gone
        )

    return build()
