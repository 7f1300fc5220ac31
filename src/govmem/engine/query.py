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
from datetime import UTC, datetime

from attrs import evolve

from govmem.index.index import Index
from govmem.model.records import Relation
from govmem.model.status import FALLBACK_CLASSES, NEVER_CONFLICT
from govmem.model.text import slug, u16
from govmem.model.time import When

from . import answer as ans
from . import wording
from .bm25 import MAX_CANDIDATES, TopicGuess
from .explain import Explain
from .qindex import (
    competing_topics,
    conflict_links,
    recent_answers,
    recent_verdicts,
    scope_phrases,
    split_words,
    topic_index,
)
from .run import Ask, Verdict
from .terms import asks_if_still


class _Run(Explain):
    """Steps 1–4 of one query (SPEC §5.1–§5.6) on top of the answer's steps."""

    # ------------------------------------------------------------- 1. topic
    def topic(self, topic: str | None) -> tuple[str | None, list[str], TopicGuess]:
        """The canonical topic (given, or inferred), the topic line when none was found,
        and the guess (its candidates, and whether the first is likely) then."""
        if topic is not None:
            name = self.c.canonical_topic(topic)
            has = name in self.members
            return name, [] if has else [wording.no_record_on_topic(name)], TopicGuess(name)
        competing = None
        if self.requested:
            competing = competing_topics(self.c, self.ask.mind, self.scope)
        index = topic_index(self.c, self.ask.mind)
        guess = index.rank(self.ask.question, competing, drop=self.scope_words)
        head = guess.topic or (guess.candidates[0] if guess.likely else None)
        if head is not None and asks_if_still(self.qtokens):
            named = index.named_elsewhere(head, self.ask.question, self.scope_words)
            if competing is not None:
                named &= frozenset(competing)
            guess = self.replaced_in_prose(head, guess, named)
        if guess.topic is None:
            return None, [wording.no_single_topic(guess.candidates)], guess
        return guess.topic, [], guess

    def replaced_in_prose(self, head: str, guess: TopicGuess, named: Iterable[str]) -> TopicGuess:
        """A question asking whether a decision still holds is unsure of its topic, and has no
        likely one, when a record of another topic, later than every record of the chosen (or
        likely) one, writes a word that names it (`TopicIndex.named_elsewhere`): that record may
        replace it in prose ("That pool was later removed"), which no relation says. The topic
        stays the first candidate, the later ones (newest first) follow (docs/query.md §1)."""
        if (latest := self._latest(head)) is None:
            return guess
        dated = {t: d for t in named if (d := self._latest(t)) is not None and d > latest}
        if not dated:
            return guess
        later = sorted(dated, key=lambda t: (-dated[t].timestamp(), u16(t)))
        ranked = guess.candidates or tuple(t for t, _ in guess.scores)
        rest = [t for t in ranked if t != head and t not in later]
        return TopicGuess(None, tuple([head, *later, *rest][:MAX_CANDIDATES]), guess.scores)

    def _latest(self, topic: str) -> datetime | None:
        """The latest `valid_from` of a topic's visible records (None: none is dated)."""
        facts = self.c.facts
        found = [facts[p].valid_from for p in self.members.get(topic, ())]
        return max((w.bound for w in found if w is not None), default=None)

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
        self.scope_words = frozenset(w for i, n, _ in kept for w in words[i : i + n])
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
        for link in conflict_links(c, decision):
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
    def head(self, topic_arg: str | None, scope_arg: str | None) -> Verdict:
        """Steps 1-2: the scope S and the topic, with the lines saying why none was found."""
        if scope_arg is not None:
            scope_lines = self.scope_from_argument(scope_arg)
        else:
            scope_lines = self.scope_from_question()
        topic, topic_lines, guess = self.topic(topic_arg)
        return Verdict(
            topic,
            self.scope,
            self.requested,
            [],
            topic_lines=topic_lines,
            scope_lines=scope_lines,
            candidates=guess.candidates,
            likely=guess.likely,
        )

    def place(self, v: Verdict) -> Verdict:
        """Steps 3-4 on the topic and S of `head`: selection and placement."""
        c = self.c
        members = self.ordered(self.members.get(v.topic, ())) if v.topic else []
        self.sorted = v.members = members
        if not members:
            return v
        cands = self.candidates(members)
        decision = min(cands, key=self.precedence) if cands else self.fallback(members)
        if not self.requested and decision is not None:
            self.scope = c.facts[decision].scope
        v.scope, v.decision, v.has_candidate = self.scope, decision, bool(cands)
        taken: set[int] = set()
        if decision is not None and v.topic is not None:
            taken.add(decision)
            v.superseded = self.superseded(decision)
            taken.update(v.superseded)
            v.conflicts = self.conflicts(v.topic, decision, members, taken)
            taken.update(p for p, _ in v.conflicts)
        v.exceptions = self.exceptions(members, taken)
        return v

    def resolve(self, topic_arg: str | None, scope_arg: str | None) -> Verdict:
        """Topic, scope, selection and placement (SPEC §5.1–§5.6)."""
        return self.place(self.head(topic_arg, scope_arg))

    def verdict_answer(self, topic_arg: str | None, scope_arg: str | None) -> ans.Answer:
        """The answer, through the corpus's recent verdicts.

        Once the topic and S are known, nothing but the evidence depends on
        the question's words: an answer already built for the same topic, S,
        instant and mind is reused with this question and its own evidence.
        An answer with candidates is kept for its question only: whether the
        first is likely, and each one's sentence, depend on the words.
        """
        v = self.head(topic_arg, scope_arg)
        key = (
            self.ask.question if v.candidates else None,
            v.topic,
            v.scope,
            v.requested,
            tuple(v.topic_lines),
            tuple(v.scope_lines),
            self.ask.as_of,
            self.at,
            self.ask.mind,
        )
        store = recent_verdicts(self.c)
        if (known := store.get(key)) is None:
            v = self.place(v)
            answer = self.answer(v)
            if v.candidates:
                offered = tuple(
                    self.candidate(t, scope_arg, likely=v.likely and n == 0)
                    for n, t in enumerate(v.candidates)
                )
                answer = evolve(answer, candidates=offered)
            store.put(key, (v.decision, answer))
            return answer
        decision, answer = known
        if answer.query == self.ask.question:
            return answer
        if decision is None or self.c.records[decision].evidence:
            return evolve(answer, query=self.ask.question)
        evidence = tuple(self.evidence(decision))
        metrics = ans.ContextMetrics(
            answer.context_metrics.source_characters, sum(len(e.excerpt) for e in evidence)
        )
        return evolve(answer, query=self.ask.question, evidence=evidence, context_metrics=metrics)

    def candidate(self, topic: str, scope_arg: str | None, *, likely: bool) -> ans.Candidate:
        """What asking again with `topic` answers: its status, decision, title and sentence."""
        again = _Run(self.c, self.ask).verdict_answer(topic, scope_arg)
        decision = again.decision.id if again.decision is not None else None
        summary = None
        if again.decision is not None:
            summary = again.evidence[0].excerpt if again.evidence else again.decision.content
        members = self.members.get(topic, ())
        if again.decision is not None:
            pos = next(p for p in members if self.c.records[p].id == decision)
        else:
            pos = max(
                members,
                key=lambda p: (_start(self.c.facts[p].valid_from), _desc(self.c.records[p].id)),
            )
        title = self.c.records[pos].title
        return ans.Candidate(topic, decision, title, again.status, summary, likely)


def _start(when: When | None) -> datetime:
    return when.bound if when is not None else datetime.min.replace(tzinfo=UTC)


def _desc(rid: str) -> tuple[int, ...]:
    """Sort key making the smaller id win a `max`."""
    return tuple(-c for c in u16(rid))


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

    A blank `topic` or `scope` counts as not given. Answers are values of
    the corpus and the arguments: the corpus keeps its recent ones
    (`qindex.recent_answers`, `recent_verdicts`), so asking again costs a lookup.
    """
    topic, scope = _blank_to_none(topic), _blank_to_none(scope)
    if as_of is None:  # the instant is `now`: asked once
        return _Run(corpus, make_ask(question, as_of, now, mind)).verdict_answer(topic, scope)
    answers = recent_answers(corpus)
    key = (question, topic, scope, as_of, mind)
    if (found := answers.get(key)) is None:
        found = _Run(corpus, make_ask(question, as_of, now, mind)).verdict_answer(topic, scope)
        answers.put(key, found)
    return found
