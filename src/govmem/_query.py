"""`query`: one verdict on a topic, in a scope, as of an instant (SPEC §5).

The rules run in the SPEC's order, each a small function over the corpus:

1. **topic** — given (folded, aliases resolved) or inferred with BM25;
2. **scope S** — the argument, else one declared scope named in the
   question, else the decision's own scope (or `all`);
3. **selection** — the records of the topic in force at `as_of` on S or an
   ancestor, minus those a candidate supersedes; the best by precedence
   (authority, scope depth, later `valid_from`, confidence, id, path), with
   the proposed/unknown fallback;
4. then every other record of the topic goes to the *first* place that
   applies: `superseded_decisions` (the decision's chain), `conflicts`,
   `scope_exceptions`, or nowhere;
5. **status**, **evidence**, **sources**, **missing_information**,
   **context_metrics** and **drill_down** follow from those lists.

Everything here is pure: the instant is passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Final, cast

from attrs import frozen

from . import _answer as ans
from ._bm25 import TopicGuess, TopicIndex, protected_tokens, topic_document
from ._config import ROOT_SCOPE
from ._errors import InputError
from ._evidence import pick_excerpt, verify
from ._text import fold, tokens, u16
from ._time import When, coerce_when

if TYPE_CHECKING:
    from ._corpus import Corpus

_PARTIAL_KINDS: Final = frozenset(
    {
        "partly-supersedes",
        "partly-superseded-by",
        "amends",
        "amended-by",
        "partly-undoes",
        "partly-undone-by",
    }
)
_NEVER_CONFLICT: Final = frozenset({"deprecated", "superseded", "rejected", "revoked", "unknown"})
_MAX_EVIDENCE: Final = 3


@frozen
class Ask:
    """The arguments of one query, resolved once."""

    question: str
    as_of: When | str
    """Echoed as given."""
    at: datetime
    """The instant asked about."""
    mind: str


class _Query:
    """One query's working state: the corpus, the arguments, and what is decided so far."""

    def __init__(self, corpus: Corpus, ask: Ask) -> None:
        self.c = corpus
        self.ask = ask
        self.at = ask.at
        self.missing: list[str] = []
        self.requested = False
        self.scope = ROOT_SCOPE
        self.found: list[ans.ConflictItem] = []
        """Every conflict of the answer, before the 20-entry cut (for `find_conflicts`)."""

    # ------------------------------------------------------------- helpers
    def visible(self, pos: int) -> bool:
        """Memories of other minds are invisible to the query."""
        rec = self.c.records[pos]
        return not rec.is_memory or rec.mind == self.ask.mind

    def precedence(self, pos: int) -> tuple[object, ...]:
        """SPEC §5.3: authority, depth, later valid_from, confidence, id, path."""
        rec, f = self.c.records[pos], self.c.facts[pos]
        depth = self.c.scopes.depth(f.scope)
        vf = f.valid_from.bound.timestamp() if f.valid_from is not None else float("-inf")
        return (
            -rec.authority,
            -depth if self.requested else depth,
            -vf,
            -rec.confidence,
            u16(rec.id),
            u16(rec.path or ""),
            rec.index,
        )

    def ordered(self, positions: Iterable[int]) -> list[int]:
        """Positions by precedence."""
        return sorted(positions, key=self.precedence)

    def on_s_or_ancestor(self, pos: int) -> bool:
        """The record's scope is S or an ancestor of S."""
        return self.c.scopes.is_ancestor_or_self(self.c.facts[pos].scope, self.scope)

    def value_key(self, pos: int, topic: str) -> str | None:
        """The record's value, folded, with the topic's spellings mapped."""
        value = self.c.records[pos].value
        if value is None or not value.strip():
            return None
        folded = fold(value.strip())
        for spec in self.c.config.topics:
            if fold(spec.name) != topic:
                continue
            for canon, spellings in spec.values:
                if folded == fold(canon) or folded in {fold(s) for s in spellings}:
                    return fold(canon)
        return folded

    def view(self, pos: int) -> ans.RecordView:
        """The record as the answer shows it."""
        rec, f = self.c.records[pos], self.c.facts[pos]
        return ans.RecordView(
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

    # ------------------------------------------------------------- 1. topic
    def topic(self, topic: str | None) -> tuple[str | None, TopicGuess | None]:
        """The canonical topic (given, or inferred), and the guess when inferred."""
        if topic is not None:
            return self.c.canonical_topic(topic), None
        competing = {
            self.c.facts[p].topic
            for t in self.c.topics()
            for p in self.c.topic_members(t)
            if self.visible(p)
            and (not self.requested or self.c.scopes.overlaps(self.c.facts[p].scope, self.scope))
        }
        guess = topic_index(self.c).rank(self.ask.question, competing)
        return guess.topic, guess

    # ------------------------------------------------------------- 2. scope
    def scope_from_argument(self, scope: str) -> None:
        """S from the `scope` argument (an undeclared name is a child of `all`)."""
        self.scope = self.c.scopes.canonical(scope)
        self.requested = True
        if not self.c.scopes.is_declared(self.scope):
            self.missing.append(ans.undeclared_scope(self.scope))

    def scope_from_question(self) -> None:
        """S from exactly one declared scope named in the question (SPEC §5.2)."""
        words = tokens(self.ask.question)
        matches: list[tuple[int, int, str]] = []  # (start, length, scope)
        for spelling, scope in self.c.scopes.names_and_aliases():
            if spelling == ROOT_SCOPE and scope == ROOT_SCOPE:
                continue
            seq = tokens(spelling.replace("-", " ").replace("_", " "))
            n = len(seq)
            if not n:
                continue
            for i in range(len(words) - n + 1):
                if words[i : i + n] == seq:
                    matches.append((i, n, scope))
        kept: list[tuple[int, int, str]] = []
        for m in sorted(matches, key=lambda m: (-m[1], m[0])):
            if all(m[0] + m[1] <= k[0] or k[0] + k[1] <= m[0] for k in kept):
                kept.append(m)
        named = list(dict.fromkeys(s for _, _, s in sorted(kept)))
        if len(named) == 1:
            self.scope, self.requested = named[0], True
        elif len(named) > 1:
            self.missing.append(ans.several_scopes(named))

    # ------------------------------------------------------------- 3. selection
    def candidates(self, members: Sequence[int]) -> list[int]:
        """Records in force at `as_of` on S or an ancestor, minus those a candidate supersedes."""
        found = [
            p
            for p in members
            if self.visible(p)
            and self.c.in_force(p, self.at)
            and (not self.requested or self.on_s_or_ancestor(p))
        ]
        replaced: set[int] = set()
        for p in found:
            replaced |= chain(self.c, p)
        return [p for p in found if p not in replaced]

    def fallback(self, members: Sequence[int]) -> int | None:
        """The best started record of class proposed, else unknown, on S or an ancestor."""
        for status in ("proposed", "unknown"):
            pool = [
                p
                for p in members
                if self.visible(p)
                and self.c.facts[p].status == status
                and self.c.has_started(p, self.at)
                and (not self.requested or self.on_s_or_ancestor(p))
            ]
            if pool:
                return self.ordered(pool)[0]
        return None

    # ------------------------------------------------------------- 4. placement
    def superseded(self, decision: int) -> list[int]:
        """The decision's chain, breadth-first, each level by precedence."""
        out: list[int] = []
        seen = {decision}
        level = [decision]
        while level:
            nxt = [
                q
                for p in level
                for q in self.c.facts[p].predecessors
                if q not in seen and self.visible(q)
            ]
            nxt = self.ordered(dict.fromkeys(nxt))
            seen.update(nxt)
            out += nxt
            level = nxt
        return out

    def linked(self, decision: int, pos: int) -> list[ans.ConflictItem | str]:
        """Explicit links between the decision and `pos`: relations (first) or conflicts_with."""
        d, r = self.c.records[decision], self.c.records[pos]
        rels: list[ans.ConflictItem | str] = []
        for rel in self.c.relations_of(d.id):
            if r.id in rel.between and d.id in rel.between and r.id != d.id:
                rels.append(rel.id)
        if not rels and pos in self.c.conflict_links(decision):
            rels.append("")
        return rels

    def conflicts(
        self, topic: str, decision: int, others: Sequence[int]
    ) -> tuple[list[ans.ConflictItem], set[int]]:
        """SPEC §5.5: (a) accepted rivals, (b) proposals, (c) explicit links."""
        c = self.c
        dval = self.value_key(decision, topic)
        d = c.records[decision]
        rejected = self.ordered(
            p for p in c.topic_members(topic) if c.facts[p].status == "rejected"
        )
        placed: list[tuple[int, str | None]] = []  # (pos, relation id or None)
        for p in others:
            f = c.facts[p]
            if (
                f.status in _NEVER_CONFLICT
                or not c.has_started(p, self.at)
                or c.has_ended(p, self.at)
            ):
                continue
            links = self.linked(decision, p)
            if links:
                first = links[0]
                placed.append((p, first if isinstance(first, str) and first else None))
                continue
            if f.topic != topic:
                continue
            rval = self.value_key(p, topic)
            if rval is None or dval is None or rval == dval:
                continue
            if f.status == "accepted" and c.in_force(p, self.at) and self.on_s_or_ancestor(p):
                overridden = (
                    c.scopes.is_ancestor_or_self(f.scope, c.facts[decision].scope)
                    and f.scope != c.facts[decision].scope
                    and d.authority >= c.records[p].authority
                )
                if not overridden:
                    placed.append((p, None))
            elif f.status == "proposed" and c.scopes.overlaps(f.scope, self.scope):
                placed.append((p, None))
        items: list[tuple[int, ans.ConflictItem]] = []
        used_ids = {rel for _, rel in placed if rel}
        for p, rel_id in placed:
            rec, f = c.records[p], c.facts[p]
            rel = next((r for r in c.relations_of(rec.id) if r.id == rel_id), None)
            if rel is not None:
                cid, status = rel.id, rel.status
                rationale = rel.rationale or self.default_rationale(topic, p, rejected)
            else:
                cid = (
                    ans.value_conflict_id(rec.value, d.id)
                    if rec.value and rec.value.strip()
                    else ""
                )
                if not cid or cid in used_ids:
                    cid = ans.record_conflict_id(rec.id, d.id)
                status = "open"
                rationale = self.default_rationale(topic, p, rejected)
            used_ids.add(cid)
            items.append(
                (p, ans.ConflictItem(cid, self.view(p), c.sources_of(p), rationale, status))
            )
        items.sort(key=lambda it: (it[1].status != "open", self.precedence(it[0])))
        return [it for _, it in items], {p for p, _ in items}

    def default_rationale(self, topic: str, pos: int, rejected: Sequence[int]) -> str:
        """Same or overlapping scope, plus the re-proposed-rejected-option suffix."""
        scope = self.c.facts[pos].scope
        text = ans.conflict_rationale(topic, None if scope == self.scope else scope)
        value = self.value_key(pos, topic)
        again = next(
            (r for r in rejected if value is not None and self.value_key(r, topic) == value), None
        )
        return text + ans.reproposes(self.c.records[again].id) if again is not None else text

    def exceptions(self, others: Iterable[int]) -> list[int]:
        """In force, on a scope disjoint from S or strictly narrower than S."""
        tree = self.c.scopes
        out = []
        for p in others:
            scope = self.c.facts[p].scope
            if not self.c.in_force(p, self.at):
                continue
            narrower = scope != self.scope and tree.is_ancestor_or_self(self.scope, scope)
            if narrower or not tree.overlaps(scope, self.scope):
                out.append(p)
        return self.ordered(out)

    # ------------------------------------------------------------- 8. evidence
    def evidence(self, decision: int) -> list[ans.EvidenceItem]:
        """Declared quotes, else one picked excerpt per source (at most 3)."""
        c, rec = self.c, self.c.records[decision]
        if rec.evidence:
            out = []
            for q in rec.evidence:
                src = c.source(q.source_id)
                out.append(
                    ans.EvidenceItem(
                        q.source_id, q.excerpt, src is not None and verify(q.excerpt, src.text)
                    )
                )
            return out
        picked: list[ans.EvidenceItem] = []
        for sid in c.sources_of(decision):
            src = c.source(sid)
            if src is None:
                continue
            excerpt = pick_excerpt(
                src.text, value=rec.value, content=rec.content, question=self.ask.question
            )
            if excerpt:
                picked.append(ans.EvidenceItem(sid, excerpt, verify(excerpt, src.text)))
            if len(picked) == _MAX_EVIDENCE:
                break
        return picked

    # ------------------------------------------------------------- the answer
    def run(self, topic_arg: str | None, scope_arg: str | None) -> ans.Answer:
        """Apply SPEC §5.1–§5.12 in order and build the answer."""
        c = self.c
        if scope_arg is not None:
            self.scope_from_argument(scope_arg)
        else:
            self.scope_from_question()
        scope_lines, self.missing = self.missing, []
        topic, guess = self.topic(topic_arg)
        members = [p for p in c.topic_members(topic) if self.visible(p)] if topic else []
        if topic is None or not members:
            lines: list[str] = []
            if topic is None:
                lines.append(ans.no_single_topic(guess.candidates if guess else ()))
            elif topic_arg is not None:
                lines.append(ans.no_record_on_topic(topic))
            return self.empty(topic, [*lines, *scope_lines])

        cands = self.candidates(members)
        decision = self.ordered(cands)[0] if cands else self.fallback(members)
        if not self.requested and decision is not None:
            self.scope = c.facts[decision].scope
        lines = list(scope_lines)
        if not cands:
            lines.append(ans.no_decision_in_force(topic, self.scope, self.ask.as_of))
            lines += self.ended_lines(members)
        if decision is None:
            lines += self.unknown_end_lines(members) + self.rejected_lines(topic, members)
            return self.finish(topic, None, [], [], [], [], lines)

        superseded = self.superseded(decision)
        rec = c.records[decision]
        rest = [p for p in self.ordered(members) if p != decision and p not in superseded]
        linked = {
            p
            for p in (
                *c.conflict_links(decision),
                *(q for r in c.relations_of(rec.id) for i in r.between for q in c.by_id(i)),
            )
            if p != decision and p not in superseded and p not in rest and self.visible(p)
        }
        others = rest + self.ordered(linked)
        conflicts, in_conflict = self.conflicts(topic, decision, list(dict.fromkeys(others)))
        self.found = conflicts
        exceptions = self.exceptions(p for p in rest if p not in in_conflict)
        evidence = self.evidence(decision)
        if not cands:
            lines.append(ans.only_status(rec.id, c.facts[decision].label))
        if rec.confidence < c.config.min_confidence:
            lines.append(ans.low_confidence(rec.id, rec.confidence, c.config.min_confidence))
        if not any(e.verified for e in evidence):
            lines.append(ans.no_verifying_source(rec.id))
        return self.finish(
            topic,
            decision,
            superseded,
            exceptions,
            conflicts,
            evidence,
            lines
            + self.relation_lines(topic, members, decision, superseded, exceptions, conflicts),
            has_candidate=bool(cands),
        )

    def empty(self, topic: str | None, lines: list[str]) -> ans.Answer:
        """The answer when no topic was found or nothing is on it."""
        return ans.Answer(
            query=self.ask.question,
            topic=topic,
            status="unknown",
            decision=None,
            scope=self.scope,
            temporal_validity=ans.TemporalValidity(self.ask.as_of),
            sources=(),
            evidence=(),
            superseded_decisions=(),
            scope_exceptions=(),
            conflicts=(),
            missing_information=tuple(lines),
            context_metrics=ans.ContextMetrics(0, 0),
            drill_down=ans.DRILL_TOPIC,
        )

    def ended_lines(self, members: Sequence[int]) -> list[str]:
        """`<id> was in force until <date> (<status>).` for records that were, before as_of."""
        c = self.c
        out = []
        for p in self.ordered(members):
            f = c.facts[p]
            if (
                f.status in ("accepted", "superseded", "deprecated")
                and f.valid_to is not None
                and f.valid_to.bound <= self.at
                and c.has_started(p, self.at)
                and (not self.requested or self.on_s_or_ancestor(p))
            ):
                out.append(ans.was_in_force_until(c.records[p].id, f.valid_to, f.label))
        return out

    def rejected_lines(self, topic: str, members: Sequence[int]) -> list[str]:
        """`Option <value or title> was rejected in <id> (<date>).`"""
        c = self.c
        out = []
        for p in self.ordered(members):
            rec, f = c.records[p], c.facts[p]
            if f.status != "rejected" or not c.scopes.overlaps(f.scope, self.scope):
                continue
            on = (
                next((ch.at for ch in rec.changes if ch.status == "rejected"), None) or f.valid_from
            )
            out.append(ans.option_rejected(rec.value or rec.title, rec.id, on))
        return out

    def relation_lines(
        self,
        topic: str,
        members: Sequence[int],
        decision: int,
        superseded: Sequence[int],
        exceptions: Sequence[int],
        conflicts: Sequence[ans.ConflictItem],
    ) -> list[str]:
        """Unknown ends, pending and partial supersessions, rejected options, conflict notes."""
        c = self.c
        lines = self.unknown_end_lines(members)
        listed = {decision, *superseded, *exceptions}
        listed |= {p for item in conflicts for p in c.by_id(item.item.id)}
        for old in self.ordered(listed):
            for new in self.ordered(c.facts[old].pending):
                if c.has_started(new, self.at) and self.visible(new):
                    lines.append(ans.proposes_to_supersede(c.records[new].id, c.records[old].id))
        lines += self.partial_lines(decision)
        lines += self.rejected_lines(topic, members)
        for item in conflicts:
            if item.status != "resolved":
                continue
            rel = next((r for r in c.relations_of(item.item.id) if r.id == item.conflict_id), None)
            winner = rel.resolution.winner if rel and rel.resolution else None
            if winner and winner != c.records[decision].id:
                hits = c.resolve(winner)
                if not any(c.in_force(h, self.at) for h in hits):
                    lines.append(ans.resolved_not_in_force(item.conflict_id, winner))
        if any(item.status == "open" for item in conflicts):
            lines.append(ans.CLAIM_UNRESOLVED)
        return lines

    def unknown_end_lines(self, members: Sequence[int]) -> list[str]:
        """`<id> ended on an unknown date.` for started records of an overlapping scope."""
        c = self.c
        return [
            ans.ended_unknown(c.records[p].id)
            for p in self.ordered(members)
            if c.facts[p].end_unknown
            and c.scopes.overlaps(c.facts[p].scope, self.scope)
            and c.has_started(p, self.at)
        ]

    def partial_lines(self, decision: int) -> list[str]:
        """Partial relations naming the decision, from either side."""
        c = self.c
        rec = c.records[decision]
        found: list[tuple[int, str]] = []
        for link in rec.links:
            if link.kind in _PARTIAL_KINDS:
                hits = c.resolve(link.ref, rec.path)
                if len(hits) == 1:
                    found.append(
                        (
                            hits[0],
                            ans.partial_relation(
                                rec.id, cast(ans.PartialKind, link.kind), c.records[hits[0]].id
                            ),
                        )
                    )
        for other in c.partial_links_to(decision):
            for link in c.records[other].links:
                if link.kind in _PARTIAL_KINDS and c.resolve(link.ref, c.records[other].path) == (
                    decision,
                ):
                    found.append(
                        (
                            other,
                            ans.partial_relation(
                                c.records[other].id, cast(ans.PartialKind, link.kind), rec.id
                            ),
                        )
                    )
        return list(
            dict.fromkeys(line for _, line in sorted(found, key=lambda f: self.precedence(f[0])))
        )

    def finish(
        self,
        topic: str,
        decision: int | None,
        superseded: Sequence[int],
        exceptions: Sequence[int],
        conflicts: Sequence[ans.ConflictItem],
        evidence: Sequence[ans.EvidenceItem],
        lines: list[str],
        *,
        has_candidate: bool = False,
    ) -> ans.Answer:
        """Cut the lists, gather sources, count characters, choose status and drill-down."""
        c = self.c
        cut = ans.LIST_LIMIT
        sup_shown, exc_shown, con_shown = superseded[:cut], exceptions[:cut], conflicts[:cut]
        source_ids: list[str] = []
        groups = [[decision] if decision is not None else [], sup_shown, exc_shown]
        for group in groups:
            for p in group:
                source_ids += c.sources_of(p)
        for item in con_shown:
            source_ids += item.source_ids
        sources = [s for s in (c.source(sid) for sid in dict.fromkeys(source_ids)) if s is not None]
        src_shown = sources[:cut]
        counts = {
            "sources": len(sources) - len(src_shown),
            "superseded_decisions": len(superseded) - len(sup_shown),
            "scope_exceptions": len(exceptions) - len(exc_shown),
            "conflicts": len(conflicts) - len(con_shown),
        }
        lines += [ans.more_not_shown(n, key) for key, n in counts.items() if n > 0]
        if counts["conflicts"] > 0:
            drill = ans.DRILL_CONFLICTS
        elif first := next((k for k, n in counts.items() if n > 0), None):
            drill = ans.drill_list_cut(first)
        else:
            drill = ans.DRILL_NONE
        status: ans.AnswerStatus
        rec = c.records[decision] if decision is not None else None
        if (
            rec is None
            or not has_candidate
            or rec.confidence < c.config.min_confidence
            or not any(e.verified for e in evidence)
        ):
            status = "insufficient_evidence"
        elif any(item.status == "open" for item in con_shown):
            status = "contested"
        else:
            status = "verified"
        f = c.facts[decision] if decision is not None else None
        return ans.Answer(
            query=self.ask.question,
            topic=topic,
            status=status,
            decision=self.view(decision) if decision is not None else None,
            scope=self.scope,
            temporal_validity=ans.TemporalValidity(
                self.ask.as_of, f.valid_from if f else None, f.valid_to if f else None
            ),
            sources=tuple(
                ans.SourceView(s.id, s.title, s.type, s.reference, s.occurred_at) for s in src_shown
            ),
            evidence=tuple(evidence),
            superseded_decisions=tuple(self.view(p) for p in sup_shown),
            scope_exceptions=tuple(self.view(p) for p in exc_shown),
            conflicts=tuple(con_shown),
            missing_information=tuple(lines),
            context_metrics=ans.ContextMetrics(
                sum(len(s.text) for s in src_shown), sum(len(e.excerpt) for e in evidence)
            ),
            drill_down=drill,
        )


def chain(corpus: Corpus, pos: int) -> set[int]:
    """Every record `pos` supersedes, directly or through a chain."""
    seen: set[int] = set()
    stack = list(corpus.facts[pos].predecessors)
    while stack:
        p = stack.pop()
        if p not in seen and p != pos:
            seen.add(p)
            stack.extend(corpus.facts[p].predecessors)
    return seen


def topic_index(corpus: Corpus) -> TopicIndex:
    """The BM25 index of the corpus's topics, built on first use."""

    def build() -> TopicIndex:
        names: list[str] = []
        docs: dict[str, list[str]] = {}
        aliases = {fold(t.name): t.aliases for t in corpus.config.topics}
        for topic in corpus.topics():
            members = [corpus.records[p] for p in corpus.topic_members(topic)]
            names += [topic, *aliases.get(topic, ())]
            docs[topic] = topic_document(
                name=topic,
                aliases=aliases.get(topic, ()),
                titles=[r.title for r in members],
                values=[r.value for r in members],
                tags=[t for r in members for t in r.tags],
                bodies=[r.body or r.content for r in members],
            )
        return TopicIndex.from_documents(docs, protected_tokens(names))

    index: TopicIndex = corpus.memo("topic-index", build)
    return index


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


def query(
    corpus: Corpus,
    question: str,
    *,
    topic: str | None = None,
    scope: str | None = None,
    as_of: When | None = None,
    now: datetime,
    mind: str = "default",
) -> ans.Answer:
    """The verdict of SPEC §5 (pure: `now` is the instant read by the caller)."""
    at = as_of.as_of if as_of is not None else now
    shown: When | str = (
        as_of if as_of is not None else When.from_datetime(now.replace(microsecond=0))
    )
    q = _Query(corpus, Ask(question, shown, at, mind))
    return q.run(topic, scope)
