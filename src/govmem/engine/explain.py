"""Steps 5–12 of a query (SPEC §5.7–§5.12): from the placed records to the answer.

`Explain.answer(verdict)` cuts the lists at 20, picks the evidence (declared
quotes, else one excerpt per source, checked against the source text),
gathers the sources, writes the `missing_information` sentences (ended
records, unknown ends, pending supersessions, partial relations, rejected
options, resolved conflicts not in force, lists cut), and decides the status
and the drill-down. The words are `wording`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from govmem.model.status import IN_FORCE_CLASSES
from govmem.parse.status import PARTIAL_KINDS

from . import answer as ans
from . import wording
from .evidence import best_excerpt, verify
from .qindex import conflict_links, source_text
from .run import Run, Verdict
from .terms import term_set

MAX_EVIDENCE: Final = 3
"""Picked excerpts: one per source of the decision, at most this many."""


class Explain(Run):
    """The answer of a resolved query (module docstring)."""

    # ------------------------------------------------------------- 8. evidence
    def evidence(self, decision: int) -> list[ans.EvidenceItem]:
        """Declared quotes, else one picked excerpt per source (at most 3)."""
        c, rec = self.c, self.c.records[decision]
        if rec.evidence:
            out = []
            for q in rec.evidence:
                src = self.source(q.source_id, decision)
                ok = src is not None and verify(q.excerpt, src.text)
                out.append(ans.EvidenceItem(q.source_id, q.excerpt, ok))
            return out
        picked: list[ans.EvidenceItem] = []
        hints = self.cache.hints.get(decision)
        if hints is None:
            hints = self.cache.hints[decision] = term_set((rec.value, rec.content))
        wanted = hints | term_set((self.ask.question,))
        for sid in c.sources_of(decision):
            src = self.source(sid, decision)
            if src is None:
                continue
            if (excerpt := best_excerpt(source_text(c, src), wanted)) is not None:
                picked.append(ans.EvidenceItem(sid, excerpt, True))  # its own words: verified
            if len(picked) == MAX_EVIDENCE:
                break
        return picked

    # ------------------------------------------------------------- 10. sentences
    # `members` below are the topic's records by precedence (`Verdict.members`).
    def ended_lines(self, members: Sequence[int]) -> list[str]:
        """`<id> was in force until <date> (<status>).` for the records on S or an ancestor.

        Unlike candidates and the fallback, this holds whether or not S was
        requested (SPEC §5.10): without a request S is the fallback's scope or `all`.
        """
        c = self.c
        out = []
        for p in members:
            f = c.facts[p]
            vt = f.valid_to
            if (
                f.status in IN_FORCE_CLASSES
                and vt is not None
                and vt.bound <= self.at
                and (f.valid_from is None or f.valid_from.bound < vt.bound)
                and self.on_s_or_ancestor(p)
            ):
                out.append(wording.was_in_force_until(c.records[p].id, vt, f.label))
        return out

    def unknown_end_lines(self, members: Sequence[int]) -> list[str]:
        """`<id> ended on an unknown date.` for started records of an overlapping scope."""
        c = self.c
        return [
            wording.ended_unknown(c.records[p].id)
            for p in members
            if c.facts[p].end_unknown and self.overlaps_s(p) and self.started(p)
        ]

    def pending_lines(self, listed: Sequence[int]) -> list[str]:
        """`<new> proposes to supersede <old>.` for the decision and the listed records."""
        c = self.c
        out = []
        for old in self.ordered(dict.fromkeys(listed)):
            for new in self.ordered(c.facts[old].pending):
                if self.started(new) and self.visible(new):
                    out.append(wording.proposes_to_supersede(c.records[new].id, c.records[old].id))
        return list(dict.fromkeys(out))

    def partial_lines(self, decision: int) -> list[str]:
        """Partial relations naming the decision, from either side, in active voice."""
        c = self.c
        rec = c.records[decision]
        found: list[tuple[int, str]] = []
        for link in rec.links:
            if link.kind in PARTIAL_KINDS:
                hits = c.resolve(link.ref, rec.path)
                if len(hits) == 1 and hits[0] != decision:
                    kind = cast(wording.PartialKind, link.kind)
                    found.append(
                        (hits[0], wording.partial_relation(rec.id, kind, c.records[hits[0]].id))
                    )
        for other in c.partial_links_to(decision):
            orec = c.records[other]
            if other == decision or not self.visible(other):
                continue
            for link in orec.links:
                if link.kind in PARTIAL_KINDS and c.resolve(link.ref, orec.path) == (decision,):
                    kind = cast(wording.PartialKind, link.kind)
                    found.append((other, wording.partial_relation(orec.id, kind, rec.id)))
        found.sort(key=lambda f: self.precedence(f[0]))
        return list(dict.fromkeys(line for _, line in found))

    def rejected_lines(self, members: Sequence[int]) -> list[str]:
        """`Option <value or title> was rejected in <id> (<date>).`"""
        c = self.c
        out = []
        for p in members:
            rec, f = c.records[p], c.facts[p]
            if f.status != "rejected" or not self.overlaps_s(p):
                continue
            dates = [ch.at for ch in rec.changes if ch.status == "rejected"]
            on = dates[-1] if dates else f.valid_from
            option = rec.value if rec.value and rec.value.strip() else rec.title
            out.append(wording.option_rejected(option, rec.id, on))
        return out

    def resolved_lines(self, conflicts: Sequence[tuple[int, ans.ConflictItem]]) -> list[str]:
        """`Conflict <id> was resolved in favour of <R.id>, which is not in force.`"""
        c = self.c
        out = []
        for p, item in conflicts:
            if item.status != "resolved":
                continue
            rel = next(
                (
                    lk.relation
                    for lk in conflict_links(c, p)
                    if lk.relation is not None and lk.relation.id == item.conflict_id
                ),
                None,
            )
            winner = rel.resolution.winner if rel and rel.resolution else None
            if winner and p in c.resolve(winner) and not c.in_force(p, self.at):
                out.append(wording.resolved_not_in_force(item.conflict_id, c.records[p].id))
        return out

    # ------------------------------------------------------------- the answer
    def answer(self, v: Verdict) -> ans.Answer:
        """Steps 5–12: cut the lists, evidence, sources, status, sentences, drill-down."""
        c, cut = self.c, ans.LIST_LIMIT
        head = [*v.topic_lines, *v.scope_lines]
        tail = [wording.corpus_incomplete(c.unread)] if c.unread else []
        if v.topic is None or not v.members:
            return ans.Answer(
                query=self.ask.question,
                topic=v.topic,
                status="unknown",
                decision=None,
                scope=v.scope,
                temporal_validity=ans.TemporalValidity(self.ask.as_of),
                sources=(),
                evidence=(),
                superseded_decisions=(),
                scope_exceptions=(),
                conflicts=(),
                missing_information=(*head, *tail),
                context_metrics=ans.ContextMetrics(0, 0),
                drill_down=(
                    wording.drill_likely(v.candidates[0]) if v.likely else wording.DRILL_TOPIC
                ),
            )
        decision = v.decision
        sup, exc, con = v.superseded[:cut], v.exceptions[:cut], v.conflicts[:cut]
        named: list[tuple[str, int]] = []  # (source id, the record naming it)
        for p in ([decision] if decision is not None else []) + sup + exc:
            named += ((sid, p) for sid in c.sources_of(p))
        for p, item in con:
            named += ((sid, p) for sid in item.source_ids)
        found = [s for s in dict.fromkeys(self.source(sid, p) for sid, p in named) if s]
        sources = found[:cut]
        evidence = self.evidence(decision) if decision is not None else []

        lines = list(head)
        if not v.has_candidate:
            lines.append(wording.no_decision_in_force(v.topic, v.scope, self.ask.as_of))
            lines += self.ended_lines(v.members)
        low = False
        unverified = False
        if decision is not None:
            rec, f = c.records[decision], c.facts[decision]
            if not v.has_candidate:
                lines.append(wording.only_status(rec.id, f.label))
            if rec.confidence < c.config.min_confidence:
                low = True
                lines.append(
                    wording.low_confidence(rec.id, rec.confidence, c.config.min_confidence)
                )
            if not any(e.verified for e in evidence):
                unverified = True
                lines.append(wording.no_verifying_source(rec.id))
        lines += self.unknown_end_lines(v.members)
        if decision is not None:
            listed = [decision, *sup, *exc, *(p for p, _ in con)]
            lines += self.pending_lines(listed)
            lines += self.partial_lines(decision)
        else:
            lines += self.pending_lines(exc)
        lines += self.rejected_lines(v.members)
        lines += self.resolved_lines(v.conflicts)
        is_open = any(item.status == "open" for _, item in v.conflicts)
        if is_open:
            lines.append(wording.CLAIM_UNRESOLVED)
        more = {
            "sources": len(found) - len(sources),
            "superseded_decisions": len(v.superseded) - len(sup),
            "scope_exceptions": len(v.exceptions) - len(exc),
            "conflicts": len(v.conflicts) - len(con),
        }
        lines += [wording.more_not_shown(n, key) for key, n in more.items() if n > 0]
        lines += tail
        if more["conflicts"] > 0:
            drill = wording.DRILL_CONFLICTS
        elif first := next((k for k, n in more.items() if n > 0), None):
            drill = wording.drill_list_cut(first)
        else:
            drill = wording.DRILL_NONE

        status: ans.AnswerStatus
        if decision is None or not v.has_candidate or low or unverified:
            status = "insufficient_evidence"
        elif is_open:
            status = "contested"
        else:
            status = "verified"
        df = c.facts[decision] if decision is not None else None
        return ans.Answer(
            query=self.ask.question,
            topic=v.topic,
            status=status,
            decision=self.view(decision) if decision is not None else None,
            scope=v.scope,
            temporal_validity=ans.TemporalValidity(
                self.ask.as_of, df.valid_from if df else None, df.valid_to if df else None
            ),
            sources=tuple(
                ans.SourceView(s.id, s.title, s.type, s.reference, s.occurred_at) for s in sources
            ),
            evidence=tuple(evidence),
            superseded_decisions=tuple(self.view(p) for p in sup),
            scope_exceptions=tuple(self.view(p) for p in exc),
            conflicts=tuple(item for _, item in con),
            missing_information=tuple(lines),
            context_metrics=ans.ContextMetrics(
                sum(len(s.text) for s in sources), sum(len(e.excerpt) for e in evidence)
            ),
            drill_down=drill,
        )
