"""`query`: one verdict on a topic, in a scope, as of an instant (SPEC §5).

The rules run in the SPEC's order, each a small method of `_Run`:

1. **topic** — given (folded, aliases resolved) or inferred with BM25 over
   the topics that compete (those with a visible record whose scope overlaps
   the requested scope);
2. **scope S** — the argument, else exactly one declared scope named in the
   question, else the decision's own scope (or `all`);
3. **selection** — the records of the topic in force at `as_of` (on S or an
   ancestor when S was requested), minus those another candidate supersedes;
   the best by precedence (authority, scope depth, later `valid_from`,
   confidence, id, path), else the proposed / `unknown` fallback;
4. **placement** — every other record goes to the *first* place that
   applies: `superseded_decisions` (the decision's chain, breadth-first),
   `conflicts` (a: accepted rivals on S or an ancestor, b: started
   proposals on an overlapping scope, c: explicit links), `scope_exceptions`
   (in force on a disjoint or strictly narrower scope), or nowhere;
5. **status**, **evidence**, **sources**, **missing_information**,
   **context_metrics** and **drill_down** follow from those lists.

`resolve` runs steps 1–4 (what `find_conflicts` needs); `query` adds step 5.
Everything is pure: the instant is passed in. A query costs time in the size
of its topic, not of the corpus: the per-corpus indexes (topic documents,
relations by record, value spellings, scope phrases, parsed source texts)
are built once, on first use, and kept with the corpus (`Index.memo`).
Inferring a topic scores every competing topic (BM25), so it grows with the
number of topics.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Final, cast

from attrs import define, field, frozen

from govmem.index.index import Index
from govmem.model.errors import InputError
from govmem.model.records import ROOT_SCOPE, Relation, Source
from govmem.model.status import FALLBACK_CLASSES, IN_FORCE_CLASSES, NEVER_CONFLICT
from govmem.model.text import fold, slug, tokens, u16
from govmem.model.time import When, coerce_when
from govmem.parse.status import PARTIAL_KINDS

from . import answer as ans
from . import wording
from .evidence import best_excerpt, verified_in
from .qindex import (
    Precedence,
    conflict_links,
    query_cache,
    scope_phrases,
    source_text,
    split_words,
    topic_index,
    topic_scopes,
    value_spellings,
    visible_members,
)
from .terms import term_set

MAX_EVIDENCE: Final = 3
"""Picked excerpts: one per source of the decision, at most this many."""


@frozen
class Ask:
    """The arguments of one query, resolved once."""

    question: str
    as_of: When | str
    """Echoed as given."""
    at: datetime
    """The instant asked about."""
    mind: str = "default"


@define
class Verdict:
    """Steps 1–4 of a query: the topic, scope, decision and its three lists."""

    topic: str | None
    scope: str
    requested: bool
    members: list[int]
    """Visible records of the topic, by precedence."""
    decision: int | None = None
    has_candidate: bool = False
    superseded: list[int] = field(factory=list)
    conflicts: list[tuple[int, ans.ConflictItem]] = field(factory=list)
    """Every conflict (before the 20-entry cut), open first, then by precedence."""
    exceptions: list[int] = field(factory=list)
    topic_lines: list[str] = field(factory=list)
    scope_lines: list[str] = field(factory=list)


# ----------------------------------------------------------------- the run
class _Run:
    """One query's working state: the corpus, the arguments, and what is decided so far."""

    def __init__(self, corpus: Index, ask: Ask) -> None:
        self.c = corpus
        self.ask = ask
        self.at = ask.at
        self.requested = False
        self.scope = ROOT_SCOPE
        self.cache = query_cache(corpus)
        self.qtokens = tokens(ask.question)
        self.members = visible_members(corpus, ask.mind)
        self.sorted: list[int] = []
        """The topic's visible records by precedence, once S is known."""

    # ------------------------------------------------------------- helpers
    def visible(self, pos: int) -> bool:
        """Memories of other minds are invisible to the query."""
        rec = self.c.records[pos]
        return not rec.is_memory or rec.mind == self.ask.mind

    def precedence(self, pos: int) -> Precedence:
        """SPEC §5.3: authority, depth, later valid_from (null earliest), confidence, id, path.

        Depth sorts deeper first when S was requested, shallower first when not.
        """
        key = self.cache.keys.get((pos, self.requested))
        if key is None:
            rec, f = self.c.records[pos], self.c.facts[pos]
            depth = len(self.ancestors(f.scope)) - 1
            vf = f.valid_from.bound.timestamp() if f.valid_from is not None else float("-inf")
            key = (
                -rec.authority,
                -depth if self.requested else depth,
                -vf,
                -rec.confidence,
                u16(rec.id),
                u16(rec.path or ""),
                rec.index,
            )
            self.cache.keys[(pos, self.requested)] = key
        return key

    def ordered(self, positions: Iterable[int]) -> list[int]:
        """Positions by precedence."""
        return sorted(positions, key=self.precedence)

    def ancestors(self, scope: str) -> frozenset[str]:
        """The scope and its ancestors."""
        found = self.cache.ancestors.get(scope)
        if found is None:
            found = self.cache.ancestors[scope] = frozenset(self.c.scopes.ancestors(scope))
        return found

    def overlaps(self, a: str, b: str) -> bool:
        """One scope is the other or an ancestor of it."""
        return a in self.ancestors(b) or b in self.ancestors(a)

    def on_s_or_ancestor(self, pos: int) -> bool:
        """The record's scope is S or an ancestor of S."""
        return self.c.facts[pos].scope in self.ancestors(self.scope)

    def overlaps_s(self, pos: int) -> bool:
        """The record's scope overlaps S."""
        return self.overlaps(self.c.facts[pos].scope, self.scope)

    def started(self, pos: int) -> bool:
        """`valid_from` is null or not after `as_of`."""
        return self.c.has_started(pos, self.at)

    def live(self, pos: int) -> bool:
        """Started and not ended (expired) at `as_of`."""
        return self.c.has_started(pos, self.at) and not self.c.has_ended(pos, self.at)

    def value_key(self, pos: int, topic: str) -> str | None:
        """The record's value, folded, with the topic's spellings mapped; None when absent."""
        try:
            return self.cache.values[(pos, topic)]
        except KeyError:
            pass
        value = self.c.records[pos].value
        key: str | None = None
        if value is not None and value.strip():
            folded = fold(value.strip())
            table = value_spellings(self.c).get(topic)
            key = table.get(folded, folded) if table else folded
        self.cache.values[(pos, topic)] = key
        return key

    def view(self, pos: int) -> ans.RecordView:
        """The record as the answer shows it."""
        found = self.cache.views.get(pos)
        if found is None:
            rec, f = self.c.records[pos], self.c.facts[pos]
            found = self.cache.views[pos] = ans.RecordView(
                id=rec.id,
                content=rec.content,
                value=rec.value,
                status=f.label,
                scope=f.scope,
                valid_from=f.valid_from,
                valid_to=f.valid_to,
                confidence=rec.confidence,
                authority=rec.authority,
            )
        return found

    def source(self, sid: str) -> Source | None:
        """An explicit source, else the implicit source of the record `sid`."""
        try:
            return self.cache.sources[sid]
        except KeyError:
            found = self.cache.sources[sid] = self.c.source(sid)
            return found

    # ------------------------------------------------------------- 1. topic
    def topic(self, topic: str | None) -> tuple[str | None, list[str]]:
        """The canonical topic (given, or inferred), and the topic line when none was found."""
        if topic is not None:
            name = self.c.canonical_topic(topic)
            has = name in self.members
            return name, [] if has else [wording.no_record_on_topic(name)]
        scopes = topic_scopes(self.c, self.ask.mind)
        competing: Iterable[str] | None = None
        if self.requested:
            competing = [
                t for t, ss in scopes.items() if any(self.overlaps(s, self.scope) for s in ss)
            ]
        guess = topic_index(self.c, self.ask.mind).rank(
            self.ask.question, None if competing is None else set(competing)
        )
        if guess.topic is None:
            return None, [wording.no_single_topic(guess.candidates)]
        return guess.topic, []

    # ------------------------------------------------------------- 2. scope
    def scope_from_argument(self, scope: str) -> list[str]:
        """S from the `scope` argument (an undeclared name is a child of `all`)."""
        self.scope = self.c.scopes.canonical(scope)
        self.requested = True
        if not self.c.scopes.is_declared(self.scope):
            return [wording.undeclared_scope(self.scope)]
        return []

    def scope_from_question(self) -> list[str]:
        """S from exactly one declared scope named in the question (SPEC §5.2)."""
        words = split_words(self.qtokens)
        matches: list[tuple[int, int, str]] = []  # (start, length, scope)
        for seq, scope in scope_phrases(self.c):
            n = len(seq)
            first = seq[0]
            for i in range(len(words) - n + 1):
                if words[i] == first and tuple(words[i : i + n]) == seq:
                    matches.append((i, n, scope))
        kept: list[tuple[int, int, str]] = []
        for m in sorted(matches, key=lambda m: (-m[1], m[0], u16(m[2]))):
            if all(m[0] + m[1] <= k[0] or k[0] + k[1] <= m[0] for k in kept):
                kept.append(m)
        named = list(dict.fromkeys(s for _, _, s in sorted(kept)))
        if len(named) == 1:
            self.scope, self.requested = named[0], True
        elif len(named) > 1:
            return [wording.several_scopes(named)]
        return []

    # ------------------------------------------------------------- 3. selection
    def replaced(self, found: Iterable[int]) -> set[int]:
        """Every record that one of `found` supersedes, directly or through a chain."""
        out: set[int] = set()
        for p in found:
            out |= chain(self.c, p)
        return out

    def candidates(self, members: Sequence[int]) -> list[int]:
        """In force at `as_of` (on S or an ancestor when requested), minus those superseded."""
        found = [
            p
            for p in members
            if self.c.in_force(p, self.at) and (not self.requested or self.on_s_or_ancestor(p))
        ]
        gone = self.replaced(found)
        return [p for p in found if p not in gone]

    def fallback(self, members: Sequence[int]) -> int | None:
        """The best started record of class proposed, else unknown (on S or an ancestor)."""
        for status in FALLBACK_CLASSES:
            pool = [
                p
                for p in members
                if self.c.facts[p].status == status
                and self.started(p)
                and (not self.requested or self.on_s_or_ancestor(p))
            ]
            if pool:
                return min(pool, key=self.precedence)
        return None

    # ------------------------------------------------------------- 4. placement
    def superseded(self, decision: int) -> list[int]:
        """The decision's chain, breadth-first, each level by precedence."""
        out: list[int] = []
        seen = {decision}
        level = [decision]
        while level:
            nxt = self.ordered(
                dict.fromkeys(
                    q
                    for p in level
                    for q in self.c.facts[p].predecessors
                    if q not in seen and self.visible(q)
                )
            )
            seen.update(nxt)
            out += nxt
            level = nxt
        return out

    def conflicts(
        self, topic: str, decision: int, members: Sequence[int], taken: set[int]
    ) -> list[tuple[int, ans.ConflictItem]]:
        """SPEC §5.5: (c) explicit links, (a) accepted rivals, (b) started proposals."""
        c = self.c
        dfacts, drec = c.facts[decision], c.records[decision]
        dval = self.value_key(decision, topic)
        placed: dict[int, Relation | None] = {}
        for link in conflict_links(c).get(decision, ()):
            p = link.other
            if p in taken or p in placed or not self.visible(p):
                continue
            if c.facts[p].status in NEVER_CONFLICT or not self.live(p):
                continue
            placed[p] = link.relation
        for p in members:
            if p in taken or p in placed:
                continue
            f = c.facts[p]
            if f.status in NEVER_CONFLICT or not self.live(p):
                continue
            rval = self.value_key(p, topic)
            if rval is None or dval is None or rval == dval:
                continue
            if f.status == "accepted" and c.in_force(p, self.at) and self.on_s_or_ancestor(p):
                overridden = (
                    f.scope != dfacts.scope
                    and f.scope in self.ancestors(dfacts.scope)
                    and drec.authority >= c.records[p].authority
                )
                if not overridden:
                    placed[p] = None
            elif f.status == "proposed" and self.overlaps_s(p):
                placed[p] = None
        return self.conflict_items(topic, decision, placed)

    def conflict_items(
        self, topic: str, decision: int, placed: Mapping[int, Relation | None]
    ) -> list[tuple[int, ans.ConflictItem]]:
        """Ids (relation, value slug, or record id on collision), rationales and order."""
        c = self.c
        did = c.records[decision].id
        fixed: dict[int, str] = {}
        by_value: dict[int, str] = {}
        for p, rel in placed.items():
            rec = c.records[p]
            if rel is not None:
                fixed[p] = rel.id
            elif rec.value is not None and slug(rec.value):
                by_value[p] = wording.value_conflict_id(rec.value, did)
            else:
                fixed[p] = wording.record_conflict_id(rec.id, did)
        taken_ids = set(fixed.values())
        counts: dict[str, int] = defaultdict(int)
        for cid in by_value.values():
            counts[cid] += 1
        for p, cid in by_value.items():
            collides = counts[cid] > 1 or cid in taken_ids
            fixed[p] = wording.record_conflict_id(c.records[p].id, did) if collides else cid
        rejected = [p for p in self.sorted if c.facts[p].status == "rejected"]
        items: list[tuple[int, ans.ConflictItem]] = []
        for p, rel in placed.items():
            if rel is not None and rel.rationale:
                rationale = rel.rationale
            else:
                rationale = self.default_rationale(topic, p, rejected)
            status: ans.ConflictStatus = (
                "resolved" if rel is not None and rel.status == "resolved" else "open"
            )
            item = ans.ConflictItem(fixed[p], self.view(p), c.sources_of(p), rationale, status)
            items.append((p, item))
        items.sort(key=lambda it: (it[1].status != "open", self.precedence(it[0])))
        return items

    def default_rationale(self, topic: str, pos: int, rejected: Sequence[int]) -> str:
        """Same or overlapping scope, plus the re-proposed-rejected-option suffix."""
        scope = self.c.facts[pos].scope
        text = wording.conflict_rationale(topic, None if scope == self.scope else scope)
        value = self.value_key(pos, topic)
        if value is None:
            return text
        again = next((r for r in rejected if self.value_key(r, topic) == value), None)
        return text + wording.reproposes(self.c.records[again].id) if again is not None else text

    def exceptions(self, members: Sequence[int], taken: set[int]) -> list[int]:
        """In force on a scope disjoint from S or strictly narrower than S.

        A record another exception supersedes is listed too while its written
        `valid_to` keeps it in force (SPEC §4): only the decision's own chain
        goes to `superseded_decisions` instead, and that is placed first.
        """
        c = self.c
        out = []
        for p in members:
            if p in taken or not c.in_force(p, self.at):
                continue
            scope = c.facts[p].scope
            narrower = scope != self.scope and self.scope in self.ancestors(scope)
            if narrower or not self.overlaps(scope, self.scope):
                out.append(p)
        return self.ordered(out)

    # ------------------------------------------------------------- steps 1-4
    def resolve(self, topic_arg: str | None, scope_arg: str | None) -> Verdict:
        """Topic, scope, selection and placement (SPEC §5.1–§5.6)."""
        c = self.c
        if scope_arg is not None:
            scope_lines = self.scope_from_argument(scope_arg)
        else:
            scope_lines = self.scope_from_question()
        topic, topic_lines = self.topic(topic_arg)
        members = self.ordered(self.members.get(topic, ())) if topic else []
        self.sorted = members
        v = Verdict(
            topic,
            self.scope,
            self.requested,
            members,
            topic_lines=topic_lines,
            scope_lines=scope_lines,
        )
        if not members:
            return v
        cands = self.candidates(members)
        decision = min(cands, key=self.precedence) if cands else self.fallback(members)
        if not self.requested and decision is not None:
            self.scope = c.facts[decision].scope
        v.scope, v.decision, v.has_candidate = self.scope, decision, bool(cands)
        taken: set[int] = set()
        if decision is not None and topic is not None:
            taken.add(decision)
            v.superseded = self.superseded(decision)
            taken.update(v.superseded)
            v.conflicts = self.conflicts(topic, decision, members, taken)
            taken.update(p for p, _ in v.conflicts)
        v.exceptions = self.exceptions(members, taken)
        return v

    # ------------------------------------------------------------- 8. evidence
    def evidence(self, decision: int) -> list[ans.EvidenceItem]:
        """Declared quotes, else one picked excerpt per source (at most 3)."""
        c, rec = self.c, self.c.records[decision]
        if rec.evidence:
            out = []
            for q in rec.evidence:
                src = self.source(q.source_id)
                ok = src is not None and verified_in(q.excerpt, source_text(c, src))
                out.append(ans.EvidenceItem(q.source_id, q.excerpt, ok))
            return out
        picked: list[ans.EvidenceItem] = []
        hints = self.cache.hints.get(decision)
        if hints is None:
            hints = self.cache.hints[decision] = term_set((rec.value, rec.content))
        wanted = hints | term_set((self.ask.question,))
        for sid in c.sources_of(decision):
            src = self.source(sid)
            if src is None:
                continue
            text = source_text(c, src)
            if (excerpt := best_excerpt(text, wanted)) is not None:
                picked.append(ans.EvidenceItem(sid, excerpt, verified_in(excerpt, text)))
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
                    for lk in conflict_links(c).get(p, ())
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
                missing_information=tuple(head),
                context_metrics=ans.ContextMetrics(0, 0),
                drill_down=wording.DRILL_TOPIC,
            )
        decision = v.decision
        sup, exc, con = v.superseded[:cut], v.exceptions[:cut], v.conflicts[:cut]
        source_ids: list[str] = []
        for p in ([decision] if decision is not None else []) + sup + exc:
            source_ids += c.sources_of(p)
        for _, item in con:
            source_ids += item.source_ids
        found = [s for s in (self.source(sid) for sid in dict.fromkeys(source_ids)) if s]
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


def chain(corpus: Index, pos: int) -> set[int]:
    """Every record `pos` supersedes, directly or through a chain."""
    seen: set[int] = set()
    stack = list(corpus.facts[pos].predecessors)
    while stack:
        p = stack.pop()
        if p not in seen and p != pos:
            seen.add(p)
            stack.extend(corpus.facts[p].predecessors)
    return seen


def parse_as_of(as_of: object) -> When | None:
    """`as_of` as a `When`: a `When`, date, datetime or ISO string; None when absent.

    Raises:
        InputError: not a date.
    """
    if as_of is None or isinstance(as_of, When):
        return as_of
    try:
        when = coerce_when(as_of)
    except ValueError:
        when = None
    if when is None:
        msg = f"as_of {as_of!r} is not a date (YYYY-MM-DD) or an ISO timestamp"
        raise InputError("as_of", msg)
    return when


def make_ask(question: str, as_of: When | None, now: datetime, mind: str = "default") -> Ask:
    """The query's instant (`as_of`, else `now`) and how `as_of` is echoed."""
    if as_of is not None:
        return Ask(question, as_of, as_of.as_of, mind)
    return Ask(question, When.from_datetime(now.replace(microsecond=0)), now, mind)


def _blank_to_none(text: str | None) -> str | None:
    return text if text is not None and text.strip() else None


def resolve(corpus: Index, ask: Ask, topic: str | None = None, scope: str | None = None) -> Verdict:
    """Steps 1–4 of SPEC §5: topic, scope, decision and its lists (no evidence)."""
    return _Run(corpus, ask).resolve(_blank_to_none(topic), _blank_to_none(scope))


def query(
    corpus: Index,
    question: str,
    *,
    topic: str | None = None,
    scope: str | None = None,
    as_of: When | None = None,
    now: datetime,
    mind: str = "default",
) -> ans.Answer:
    """The verdict of SPEC §5 (pure: `now` is the instant read by the caller).

    A blank `topic` or `scope` counts as not given.
    """
    run = _Run(corpus, make_ask(question, as_of, now, mind))
    return run.answer(run.resolve(_blank_to_none(topic), _blank_to_none(scope)))
