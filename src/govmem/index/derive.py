"""The between-record derivations a corpus makes once, when it is built (SPEC §2–§4).

Pure functions over the sorted lists of records, sources and relations:

* each record's **scope** (its own, else its folder's, else `all`);
* **supersession**: the resolved `supersedes` / `superseded_by` edges, cycles
  reported and ignored, which links take effect (only from a record that is
  or was in force), the derived `valid_to`, pending supersessions and
  one-sided links — all in `Facts`;
* **topics**: a record's own, a declared topic among its tags, else the
  implicit topic of its group (connected components of supersession and
  rejected-in-favour-of links and equal normalised titles);
* **memory versions**: where one version of (mind, category, key) ends;
* duplicate ids and the fingerprint of records made in memory.

`build.build_index` calls these and indexes the result.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Final

from attrs import evolve, frozen

from govmem.index.refs import log_of
from govmem.index.scopes import ScopeTree
from govmem.index.versions import version_ends
from govmem.model.records import ROOT_SCOPE, Config, Finding, Record, Relation, Source
from govmem.model.status import IN_FORCE_CLASSES, NEVER_IN_FORCE
from govmem.model.text import fold, u16
from govmem.model.time import When
from govmem.parse.file import file_subject

ADRKIT_LEVELS: Final = frozenset({"component", "domain", "org"})
_TITLE_NUMBER: Final = re.compile(
    r"^\s*(?:(?:adr[-_ ]?)?\d+[a-z]?(?![^\W_])\s*[.:)\-]?|[nx]\.(?=\s)|adr\s*:)\s*", re.IGNORECASE
)
"""A title's leading number (`21. `, `ADR-7:`, `0004a -`): a number, maybe one letter, then
no letter or digit — an ordinal or a word that starts with digits (`3rd-Party`, `2FA`) stays;
or the template's placeholder for it, left in (`# n. Django Templates`, `# X. Title`), or an
`ADR:` with no number (`# ADR: Secondary Fee Token Support`)."""
_PUNCT: Final = re.compile(r"[^\w\s]+|_")

Resolver = Callable[[int, str, str], int | None]
"""(record position, ref, field) -> the resolved position, or None."""


@frozen
class Facts:
    """What the corpus derives about one record."""

    scope: str
    topic: str
    status: str
    """The effective status class (a one-sided supersession makes it `superseded`)."""
    label: str
    """The status as printed."""
    valid_from: When | None
    valid_to: When | None
    end_unknown: bool
    """Superseded or deprecated with no known end: not in force, and says so."""
    successors: tuple[int, ...] = ()
    """Records whose supersession of this one takes effect."""
    predecessors: tuple[int, ...] = ()
    """Records this one supersedes (effectively)."""
    pending: tuple[int, ...] = ()
    """Records that propose to supersede this one (not yet in force)."""
    written_successors: tuple[int, ...] = ()
    """Every resolved successor named in either direction, effective or not (cycles aside)."""


def normalised_title(title: str) -> str:
    """Accents and case folded, a leading number or `ADR-N:` stripped, punctuation stripped."""
    text = _TITLE_NUMBER.sub("", fold(title), count=1)
    return " ".join(_PUNCT.sub(" ", text).split())


def duplicate_findings(
    records: list[Record], sources: list[Source], relations: list[Relation]
) -> list[Finding]:
    out: list[Finding] = []
    for namespace, items in (
        ("record", [(r.id, r.path) for r in records]),
        ("source", [(s.id, s.path) for s in sources]),
        ("relation", [(r.id, r.path) for r in relations]),
    ):
        seen: dict[str, list[str | None]] = defaultdict(list)
        for rid, path in items:
            seen[rid].append(path)
        for rid, paths in seen.items():
            if len(paths) > 1:
                where = ", ".join(sorted({p or "(memory)" for p in paths}, key=u16))
                for path in paths:
                    msg = f"The {namespace} id {rid!r} is used {len(paths)} times ({where})."
                    out.append(Finding("duplicate-id", msg, path, rid, "id"))
    return out


def record_scope(rec: Record, tree: ScopeTree, folder_scopes: Mapping[str, str]) -> str:
    written = rec.scope.strip() if rec.scope else ""
    if written and not (written.lower() in ADRKIT_LEVELS and not tree.is_declared(fold(written))):
        return tree.canonical(written)
    best = folder_of(rec.path, folder_scopes) if rec.path else None
    if best is not None:
        return tree.canonical(folder_scopes[best])
    return ROOT_SCOPE


def folder_of(path: str, folders: Iterable[str]) -> str | None:
    """The most specific of `folders` holding the root-relative `path` (`.` holds every path)."""
    best: str | None = None
    depth = -1
    for folder in folders:
        whole = folder in (".", "")
        if (whole or path.startswith(folder + "/")) and (d := 0 if whole else len(folder)) >= depth:
            best, depth = folder, d
    return best


def start_dates(records: list[Record], sources: list[Source]) -> list[When | None]:
    """A claim without a date starts at its first source's `occurred_at`."""
    by_id = {s.id: s for s in reversed(sources)}
    out: list[When | None] = []
    for rec in records:
        vf = rec.valid_from
        if vf is None and rec.kind == "claim":
            for sid in rec.sources:
                src = by_id.get(sid)
                if src is not None and src.occurred_at is not None:
                    vf = src.occurred_at
                    break
        out.append(vf)
    return out


@frozen
class _Supersession:
    """Resolved supersession edges: (new, old) pairs, and cycle members.

    An edge is the same whichever record writes it (SPEC §4): `superseded_by: X`
    on the old record is X's `supersedes` link, so the direction is not kept.
    """

    edges: tuple[tuple[int, int], ...]
    cyclic: frozenset[tuple[int, int]]


def find_supersession(
    records: list[Record], resolve: Resolver, out: list[Finding]
) -> _Supersession:
    edges: dict[tuple[int, int], None] = {}
    for pos, rec in enumerate(records):
        for ref in rec.supersedes:
            if (old := resolve(pos, ref, "supersedes")) is not None:
                edges[(pos, old)] = None
        for ref in rec.superseded_by:
            if (new := resolve(pos, ref, "superseded_by")) is not None:
                edges[(new, pos)] = None
    # cycles: an edge whose old record reaches its new record again
    succ: dict[int, list[int]] = defaultdict(list)
    for new, old in edges:
        succ[old].append(new)
    cyclic: set[tuple[int, int]] = set()
    for new, old in edges:
        if new == old or _reaches(succ, new, old):
            cyclic.add((new, old))
    for new, old in sorted(cyclic):
        rec = records[old]
        what = (
            "supersedes itself"
            if new == old
            else f"is in a supersession cycle with {records[new].id!r}"
        )
        out.append(
            Finding(
                "supersession-cycle",
                f"{rec.id!r} {what}; the link is ignored.",
                rec.path,
                rec.id,
                "supersedes",
            )
        )
    kept = tuple(e for e in edges if e not in cyclic)
    return _Supersession(kept, frozenset(cyclic))


def _reaches(succ: Mapping[int, list[int]], start: int, goal: int) -> bool:
    stack, seen = [start], {start}
    while stack:
        node = stack.pop()
        for nxt in succ.get(node, ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


def derive_facts(
    records: list[Record],
    scope_of: list[str],
    valid_from: list[When | None],
    sup: _Supersession,
    out: list[Finding],
    logs: tuple[str, ...] = (),
) -> list[Facts]:
    """Effective status, derived `valid_to`, successors and pending supersessions (SPEC §4).

    `logs`: the federated logs held (SPEC v5 §2). A record superseded only
    from another log is `superseded` without a `one-sided-link`: its log is
    read-only from there, and cannot know who supersedes it.
    """
    # claims are never in force, whatever they say (SPEC §2), so they supersede nothing
    takes_effect = [r.status in IN_FORCE_CLASSES and r.kind != "claim" for r in records]
    successors: dict[int, list[int]] = defaultdict(list)
    predecessors: dict[int, list[int]] = defaultdict(list)
    pending: dict[int, list[int]] = defaultdict(list)
    written: dict[int, list[int]] = defaultdict(list)
    for new, old in sup.edges:
        written[old].append(new)
        status = records[new].status
        if takes_effect[new]:
            successors[old].append(new)
            predecessors[new].append(old)
        elif status not in NEVER_IN_FORCE:
            # a pending supersession, written on either record; a `Superseded by X`
            # status on the old record still holds (its end is then unknown unless
            # written), and the line is said only when the old record is listed
            pending[old].append(new)
    facts: list[Facts] = []
    for pos, rec in enumerate(records):
        status, label = rec.status, rec.label
        if rec.kind == "claim" and status == "accepted":
            status, label = "proposed", "proposed"  # claims can only contest (SPEC §2)
        succ = sorted(
            successors.get(pos, ()), key=lambda i: (_bound_key(valid_from[i]), u16(records[i].id))
        )
        if succ and status == "accepted":
            home = log_of(rec.id, logs)
            same = [i for i in succ if log_of(records[i].id, logs) == home]
            if same:
                first = records[same[0]]
                msg = (
                    f"{rec.id!r} writes that {first.id!r} supersedes it, but its status still "
                    f"reads {rec.label}."
                    if rec.superseded_by
                    else f"{first.id!r} supersedes {rec.id!r}, whose own status still reads "
                    f"{rec.label}."
                )
                out.append(Finding("one-sided-link", msg, rec.path, rec.id, "status"))
            status, label = "superseded", "superseded"
        valid_to = rec.valid_to
        if valid_to is None and status in ("superseded", "deprecated") and succ:
            starts = [w for w in (valid_from[i] for i in succ) if w is not None]
            valid_to = min(starts, key=lambda w: w.bound) if starts else None
        if rec.is_memory and rec.expires_at is not None and valid_to is None:
            valid_to = rec.expires_at
        facts.append(
            Facts(
                scope=scope_of[pos],
                topic="",
                status=status,
                label=label,
                valid_from=valid_from[pos],
                valid_to=valid_to,
                end_unknown=status in ("superseded", "deprecated") and valid_to is None,
                successors=tuple(succ),
                predecessors=tuple(
                    sorted(predecessors.get(pos, ()), key=lambda i: records[i].sort_key())
                ),
                pending=tuple(sorted(pending.get(pos, ()), key=lambda i: records[i].sort_key())),
                written_successors=tuple(
                    sorted(set(written.get(pos, ())), key=lambda i: records[i].sort_key())
                ),
            )
        )
    return facts


def _bound_key(w: When | None) -> datetime:
    return w.bound if w is not None else datetime.min.replace(tzinfo=UTC)


def _join_namesakes(
    records: list[Record],
    members: list[int],
    find: Callable[[int], int],
    union: Callable[[int, int], None],
    out: list[Finding],
    related: Callable[[int, int], bool],
) -> None:
    """Records of one title join one topic, unless their file names say different subjects
    (SPEC v5 §2 "Copied titles"): those stay apart, with `duplicate-title`, when no
    full-supersession or rejected-in-favour link already joins them and no partial link
    (`in part supersedes`, `amends`) between them says they are about one subject."""
    by_subject: dict[str | None, list[int]] = defaultdict(list)
    for pos in members:
        by_subject[file_subject(records[pos].path)].append(pos)
    for same in by_subject.values():
        for pos in same[1:]:
            union(same[0], pos)
    for a in members:
        for b in members:
            if a < b and related(a, b):
                union(a, b)
    if len(by_subject) < 2 or None in by_subject:
        for pos in members[1:]:
            union(members[0], pos)
        return
    for pos in members:
        apart = [m for m in members if find(m) != find(pos)]
        if apart:
            rec = records[pos]
            others = ", ".join(f"{records[m].id} ({records[m].path})" for m in apart)
            msg = (
                f"The title {rec.title!r} is also the title of {others}, whose file name "
                "names another subject; they are kept apart as different decisions."
            )
            out.append(Finding("duplicate-title", msg, rec.path, rec.id, "title"))


def assign_topics(
    records: list[Record],
    config: Config,
    sup: _Supersession,
    resolve: Resolver,
    out: list[Finding],
    partial: Mapping[int, set[int]],
) -> tuple[list[str], dict[str, str]]:
    """Each record's topic, and alias -> topic (declared aliases, member ids)."""
    alias: dict[str, str] = {}
    for spec in config.topics:
        name = fold(spec.name)
        alias[name] = name
        for a in spec.aliases:
            alias.setdefault(fold(a), name)
    declared = set(alias)
    topic: list[str | None] = []
    for rec in records:
        if rec.topic and rec.topic.strip():
            folded = fold(rec.topic.strip())
            topic.append(alias.get(folded, folded))
        elif rec.is_memory and rec.key:
            topic.append(fold(rec.key))
        else:
            tag = next((alias[fold(t)] for t in rec.tags if fold(t) in declared), None)
            topic.append(tag)
    # implicit topics: union-find over records without a topic
    parent = list(range(len(records)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    links: list[tuple[int, int]] = list(sup.edges)
    for pos, rec in enumerate(records):
        for link in rec.links:
            if (
                link.kind == "rejected-in-favour-of"
                and (other := resolve(pos, link.ref, "status")) is not None
            ):
                links.append((pos, other))
        for change in rec.changes:
            if (
                change.ref
                and change.status == "rejected"
                and (other := resolve(pos, change.ref, "changelog")) is not None
            ):
                links.append((pos, other))
    anchor: dict[int, str] = {}
    for x, y in links:
        tx, ty = topic[x], topic[y]
        if tx is None and ty is None:
            union(x, y)
        elif tx is None and ty is not None:
            anchor.setdefault(x, ty)
        elif ty is None and tx is not None:
            anchor.setdefault(y, tx)
    logs = config.logs_read
    by_title: dict[tuple[str, str], list[int]] = defaultdict(list)
    for pos, rec in enumerate(records):
        if topic[pos] is None and rec.kind != "memory" and (key := normalised_title(rec.title)):
            # implicit topics never join across federated logs by title (SPEC v5 §2)
            by_title[(log_of(rec.id, logs) or "", key)].append(pos)
    for members in by_title.values():
        _join_namesakes(
            records,
            members,
            find,
            union,
            out,
            lambda a, b: b in partial.get(a, ()) or a in partial.get(b, ()),
        )
    groups: dict[int, list[int]] = defaultdict(list)
    for pos in range(len(records)):
        if topic[pos] is None:
            groups[find(pos)].append(pos)
    named: list[tuple[list[int], str, int | None]] = []
    replaced = {old for _, old in sup.edges}
    for members in groups.values():
        anchored = sorted({anchor[m] for m in members if m in anchor}, key=u16)
        if anchored:
            named.append((members, anchored[0], None))
            continue
        latest = max(  # on one date, a record its successor replaced is the earlier
            members,
            key=lambda m: (
                _bound_key(records[m].valid_from),
                m not in replaced,
                _neg(records[m].id),
            ),
        )
        named.append(
            (members, normalised_title(records[latest].title) or fold(records[latest].id), latest)
        )
    if logs:
        named = _log_named(records, named, logs)
    uses = Counter(name for _, name, latest in named if latest is not None)
    for members, name, newest in named:
        if newest is not None and uses[name] > 1:
            name = f"{name} ({records[newest].id})"  # titles kept apart: one name each
        for m in members:
            topic[m] = name
    names = [t or "" for t in topic]
    for pos, rec in enumerate(records):
        alias.setdefault(rec.id, names[pos])
        alias.setdefault(fold(rec.id), names[pos])
    for n in names:
        alias.setdefault(n, n)
    return names, alias


def _log_named(
    records: list[Record], named: list[tuple[list[int], str, int | None]], logs: tuple[str, ...]
) -> list[tuple[list[int], str, int | None]]:
    """Implicit topics of federated logs named `name:topic` where two logs would share a name."""
    owners: dict[str, set[str]] = defaultdict(set)
    for _, name, latest in named:
        if latest is not None:
            owners[name].add(log_of(records[latest].id, logs) or "")
    out: list[tuple[list[int], str, int | None]] = []
    for members, name, latest in named:
        log = log_of(records[latest].id, logs) if latest is not None else None
        if log is not None and len(owners[name]) > 1:
            name = f"{log}:{name}"
        out.append((members, name, latest))
    return out


def _neg(rid: str) -> tuple[int, ...]:
    """Sort key making the smaller id win a `max`."""
    return tuple(-b for b in u16(rid))


def memory_versions(records: list[Record], facts: list[Facts]) -> list[Facts]:
    """Each memory version ends where the version that displaces it starts (`versions`).

    An ended verified version reads `superseded` (in force until then); an
    ended unverified one stays proposed, so it no longer contests its successor.
    """
    facts = list(facts)
    for old, new in version_ends(records).items():
        start, f = records[new].created_at, facts[old]
        if start is not None and (f.valid_to is None or start.bound < f.valid_to.bound):
            status = "superseded" if f.status == "accepted" else f.status
            label = "superseded" if f.status == "accepted" else f.label
            facts[old] = evolve(
                f, valid_to=start, status=status, label=label, successors=(*f.successors, new)
            )
            facts[new] = evolve(facts[new], predecessors=(*facts[new].predecessors, old))
    return facts


def records_fingerprint(
    records: Sequence[Record],
    sources: Sequence[Source],
    relations: Sequence[Relation],
    config: Config,
) -> str:
    """A content hash of records made in memory (loads hash the files they read)."""
    h = hashlib.sha256()
    h.update(config.text.encode())
    for item in sorted(repr(x) for x in (*records, *sources, *relations)):
        h.update(item.encode())
        h.update(b"\0")
    return h.hexdigest()
