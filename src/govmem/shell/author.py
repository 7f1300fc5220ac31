"""New decision records in the folder's own format: `new`, `propose_from_agent`, `draft_decision`.

The I/O around `govmem.author` (pure): find the ADR folder as the loader
does (`govmem.yaml` `paths`, `--dir`, else discovery), read what shows how
it writes — its file names, its template (adr-tools `templates/template.md`,
log4brains `template.md`, MADR `adr-template.md` / `template.md`, a
`*-template.md`), its three most recent records — compose the new record
and write it:

1. **the new file first**: atomic and exclusive (`atomic.create_exclusive`:
   never overwriting), its number taken under a lock on the folder (an
   `flock` on the folder itself, so two concurrent `new` never share a
   number and no lock file is left behind);
2. **then the old records**, each replaced atomically if unchanged since it
   was read (`atomic.replace_unchanged`): with `status="accepted"`, each
   record it supersedes is marked `Superseded by` the new one where its own
   format says it (`author.relink`); each record it amends gets its
   `Amended by` link at once. A stop between 1 and 2 leaves a one-sided link,
   which `lint` reports.

What the new record says is read back before it is written (the parser,
on the composed text): its status must read as the class asked for, or
nothing is written.

**Agents** (`propose_from_agent`, the MCP `propose_decision` tool) write
one new `proposed` record and touch no other file: its `supersedes` is a
link in the new record only (a pending supersession, SPEC §4). The record
says an agent wrote it — `authored_by: agent` in a frontmatter, else an
HTML comment — with its `request_id`: a retry with the same key finds the
record (in the corpus, or among the folder's files the corpus has not read
yet, under the lock) and returns it without writing.

`approve` of a record that supersedes (`govmem.shell.write`) calls
`mark_superseded`, which does step 2 then.
"""

from __future__ import annotations

import contextlib
import os
import posixpath
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import date, datetime
from functools import partial
from pathlib import Path
from typing import Final, Literal

from attrs import evolve, frozen

from govmem._corpus import Corpus, utc_now
from govmem.author.compose import Composed, Draft, Target, compose, request_of, request_of_record
from govmem.author.naming import Numbering, naming_of, read_name
from govmem.author.relink import NewRecord, amended_by, superseded_by
from govmem.author.shape import Sample, Shape, shape_of
from govmem.engine.check import ProposalCheck, title_subject
from govmem.engine.operations import check_arguments
from govmem.model.errors import GovmemError, InputError
from govmem.model.records import Record
from govmem.model.text import fold
from govmem.parse.file import ParseContext, decode_text, is_not_a_record, parse_file

from .atomic import create_exclusive, replace_unchanged
from .files import MAX_BYTES, read_regular
from .load import Loader

SAMPLES: Final = 3
"""How many of the folder's most recent records show how it writes."""
TEMPLATES: Final = ("templates/template.md", "template.md", "adr-template.md")
"""Template files, first found wins (adr-tools, log4brains and MADR 2, MADR 3+)."""

Status = Literal["proposed", "accepted"]


class ProposalRefused(GovmemError):
    """`new --strict`: the proposal re-proposes an option the team rejected or superseded."""


@frozen
class Drafted:
    """A new record as it would be written: where, what, and what it links to."""

    folder: str
    """The ADR folder, relative to the root (POSIX)."""
    path: str
    """The new file, relative to the root (POSIX)."""
    text: str
    id: str
    notes: tuple[str, ...] = ()
    """What the folder's format had no place for."""
    title: str = ""
    """Its title as it reads back (number kept: `6. Use Redis for caching`)."""
    targets: tuple[tuple[Target, Record], ...] = ()
    """Each record it links to."""


@frozen
class NewDecision:
    """What `new` (or `propose_decision`) did: the record, the old records it changed, the check."""

    id: str
    path: str
    status: str
    updated: tuple[str, ...] = ()
    """Old records rewritten (superseded or amended by it), relative to the root."""
    notes: tuple[str, ...] = ()
    check: ProposalCheck | None = None
    first: bool = True
    """False when a retry found the record a first call with its `request_id` wrote."""

    def to_dict(self) -> dict[str, object]:
        """`{id, path, status, updated, notes}`, and `check` when one ran."""
        out: dict[str, object] = {
            "id": self.id,
            "path": self.path,
            "status": self.status,
            "updated": list(self.updated),
            "notes": list(self.notes),
        }
        if self.check is not None:
            out["check"] = self.check.to_dict()
        return out

    def to_wire(self) -> dict[str, str]:
        """The MCP tool's `result`: `{id, path}`."""
        return {"id": self.id, "path": self.path}


# ------------------------------------------------------------------ the folder
@frozen
class _Folder:
    real: Path
    rel: str
    log4brains: bool


def adr_folder(loader: Loader, real: Path, corpus: Corpus) -> _Folder:
    """The folder new records go to: the first `paths` entry, `--dir`, or the discovered one.

    Raises:
        InputError: no ADR folder was found (and none was named).
    """
    plan = loader.plan(real, corpus.config)
    memory = corpus.config.memory.replace("\\", "/").strip("/") or "."
    entries = [e.path for e in plan.entries if e.path != memory or loader.dir is not None]
    if not entries or (plan.rule == "none" and loader.dir is None):
        msg = (
            f"no ADR folder found under {loader.root}; pass --dir (created if missing) "
            "or write govmem.yaml (govmem init)"
        )
        raise InputError("dir", msg)
    rel = entries[0]
    folder = (real / rel).resolve()
    if not folder.is_relative_to(real):
        raise InputError("dir", f"the ADR folder {rel!r} resolves outside the root")
    return _Folder(folder, posixpath.normpath(rel), plan.rule == "log4brains")


def _names(folder: Path) -> list[str]:
    try:
        return sorted(e.name for e in os.scandir(folder) if e.is_file(follow_symlinks=False))
    except OSError:
        return []


def _text(path: Path) -> str | None:
    got = read_regular(path)
    return decode_text(got) if isinstance(got, bytes) else None


def read_shape(folder: Path, names: Sequence[str], dialect: Mapping[str, str]) -> Shape:
    """The folder's shape: its template, else its most recent records (`author.shape`)."""
    template: tuple[str, str] | None = None
    found = [t for t in TEMPLATES if (folder / t).is_file()]
    found += [n for n in names if n.lower().endswith("-template.md")]
    for rel in found:
        if (text := _text(folder / rel)) is not None:
            template = (rel, text.removeprefix("\ufeff"))
            break
    read = sorted(
        (r for n in names if n.lower().endswith(".md") and (r := read_name(n)) is not None),
        key=lambda r: (r.number, r.name),
        reverse=True,
    )
    samples: list[Sample] = []
    for r in read:
        if len(samples) == SAMPLES:
            break
        text = _text(folder / r.name)
        if text is None or is_not_a_record(r.name):
            continue
        number = r.number if r.naming.kind == "number" else None
        samples.append(Sample(r.name, number, text.removeprefix("\ufeff")))
    return shape_of(samples, template, dialect)


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on the folder (`flock` on its descriptor): numbers are taken one at a time."""
    try:
        import fcntl  # noqa: PLC0415 - POSIX only
    except ImportError:  # pragma: no cover - Windows: exclusive create still never overwrites
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


# ------------------------------------------------------------------ composing
def _targets(
    corpus: Corpus, refs: Sequence[str], kind: Literal["supersedes", "amends"], new_dir: str
) -> list[tuple[Target, int]]:
    """Each ref's record (a decision, exactly one) as a link from a record in `new_dir`."""
    out = []
    for ref in refs:
        hits = corpus.by_id(ref) or corpus.resolve(ref)
        hits = tuple(h for h in hits if corpus.records[h].kind == "decision")
        if not hits:
            raise InputError(kind, f"no decision record is {ref!r}")
        if len(hits) > 1:
            ids = ", ".join(corpus.records[h].id for h in hits)
            raise InputError(kind, f"{ref!r} names {len(hits)} records ({ids}); give its id")
        rec = corpus.records[hits[0]]
        link = posixpath.relpath(rec.path or "", new_dir)
        out.append((Target(kind, rec.id, rec.title or rec.id, link), hits[0]))
    return out


def _compose(
    corpus: Corpus,
    folder: _Folder,
    names: Sequence[str],
    draft: Draft,
    supersedes: Sequence[str],
    amends: Sequence[str],
) -> Drafted:
    numbering: Numbering = naming_of(
        [n for n in names if n.lower().endswith(".md")], log4brains=folder.log4brains
    )
    dialect = dict(corpus.config.fields)
    shape = read_shape(folder.real, names, dialect)
    name = numbering.file_name(draft.title, draft.day)
    path = name if folder.rel == "." else f"{folder.rel}/{name}"
    pairs = [
        *_targets(corpus, supersedes, "supersedes", folder.rel),
        *_targets(corpus, amends, "amends", folder.rel),
    ]
    draft = evolve(
        draft,
        number=numbering.next_number,
        links=tuple(t for t, _ in pairs),
        dialect=dialect,
        link_by_stem=numbering.naming.kind == "date",
    )
    composed: Composed = compose(shape, draft)
    if len(composed.text.encode("utf-8")) > MAX_BYTES:
        msg = f"the record would take over {MAX_BYTES} bytes; shorten the decision or context"
        raise InputError("decision", msg)
    rec = _read_back(path, composed.text, corpus, draft.status)
    return Drafted(
        folder.rel,
        path,
        composed.text,
        rec.id,
        composed.notes,
        rec.title or rec.id,
        tuple((t, corpus.records[pos]) for t, pos in pairs),
    )


def _read_back(path: str, text: str, corpus: Corpus, status: Status) -> Record:
    """The new record as it reads back, once its status reads as the one asked for.

    Raises:
        GovmemError: the folder's template makes it read otherwise (nothing is written).
    """
    if decode_text(text.encode("utf-8", "surrogatepass")) is None:
        msg = (
            f"the record composed for {path} would not be readable (a NUL byte, or text that"
            " is not UTF-8); nothing was written"
        )
        raise GovmemError(msg)
    parsed = parse_file(path, text, ParseContext(config=corpus.config))
    if len(parsed.records) != 1:
        msg = (
            f"the record composed for {path} does not read back as one record; nothing was written"
        )
        raise GovmemError(msg)
    rec = parsed.records[0]
    if rec.status != status:
        msg = (
            f"the record composed for {path} reads as {rec.status}, not {status} (its template);"
            " nothing was written"
        )
        raise GovmemError(msg)
    return rec


# ------------------------------------------------------------------ entry points
def draft_decision(
    root: str | os.PathLike[str],
    title: str,
    *,
    decision: str | None = None,
    context: str | None = None,
    topic: str | None = None,
    scope: str | None = None,
    value: str | None = None,
    supersedes: Sequence[str] = (),
    amends: Sequence[str] = (),
    status: Status = "proposed",
    agent: bool = False,
    now: datetime | None = None,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
    corpus: Corpus | None = None,
) -> Drafted:
    """The record `new` would write now, without writing anything.

    Raises:
        InputError: no ADR folder, a ref that names no record (or several).
        CorpusUnavailable: the root or folder cannot be read.
    """
    loader = Loader(root, config=config, dir=dir)
    real = loader.check_root()
    corpus = corpus if corpus is not None else loader.load()
    folder = adr_folder(loader, real, corpus)
    draft = _draft(title, decision, context, topic, scope, value, status, agent, None, now)
    return _compose(corpus, folder, _names(folder.real), draft, supersedes, amends)


def _draft(
    title: str,
    decision: str | None,
    context: str | None,
    topic: str | None,
    scope: str | None,
    value: str | None,
    status: Status,
    agent: bool,
    request_id: str | None,
    now: datetime | None,
) -> Draft:
    day: date = (now or utc_now()).date()
    return Draft(
        title=" ".join(title.split()),
        number=0,
        day=day,
        status=status,
        decision=decision.strip() if decision and decision.strip() else None,
        context=context.strip() if context and context.strip() else None,
        topic=topic.strip() if topic and topic.strip() else None,
        value=value.strip() if value and value.strip() else None,
        scope=scope.strip() if scope and scope.strip() else None,
        agent=agent,
        request_id=request_id,
    )


def new_decision(
    root: str | os.PathLike[str],
    title: str,
    *,
    decision: str | None = None,
    context: str | None = None,
    supersedes: Sequence[str] = (),
    amends: Sequence[str] = (),
    topic: str | None = None,
    scope: str | None = None,
    value: str | None = None,
    status: Status = "proposed",
    strict: bool = False,
    now: datetime | None = None,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
) -> NewDecision:
    """Write the next decision record in the folder's own format (a person's `govmem new`).

    The proposal is checked first (`Corpus.check_proposal`, on `topic`, else
    the topic of the first record it supersedes, else the one its words
    name); with `strict`, a proposal that re-proposes a rejected or
    superseded option is refused. Then the new file, then — accepted — the
    records it supersedes, and the records it amends (module docstring).

    Raises:
        InputError: a bad argument, no ADR folder, a ref that names no record.
        ProposalRefused: `strict`, and the proposal re-proposes an option.
        WriteConflict: an old record changed while it was being edited.
    """
    check_arguments(
        "check_proposal",
        {"title": title, "decision": decision, "topic": topic, "scope": scope, "value": value},
    )
    now = now or utc_now()
    loader = Loader(root, config=config, dir=dir)
    real = loader.check_root()
    if dir is not None:
        _make_dir(real, dir)
    corpus = loader.load()
    folder = adr_folder(loader, real, corpus)
    draft = _draft(title, decision, context, topic, scope, value, status, False, None, now)
    if topic is None and supersedes:
        topic = corpus.facts[_targets(corpus, supersedes[:1], "supersedes", folder.rel)[0][1]].topic
    check = corpus.check_proposal(title, decision, topic, scope, value=value, now=now)
    if strict and check.reproposes:
        again = "; ".join(f"{o.option} ({o.status} in {o.id})" for o in check.reproposes)
        msg = f"the proposal re-proposes {again}; nothing was written (without --strict it is)"
        raise ProposalRefused(msg)
    with folder_lock(folder.real):
        drafted = _compose(corpus, folder, _names(folder.real), draft, supersedes, amends)
        _create(real, drafted)
    updated = relink(real, corpus, drafted, accepted=status == "accepted")
    return NewDecision(drafted.id, drafted.path, status, updated, drafted.notes, check)


def _make_dir(real: Path, dir: str) -> None:
    target = (real / dir.replace("\\", "/").strip("/")).resolve()
    if not target.is_relative_to(real):
        raise InputError("dir", f"folder {dir!r} resolves outside the root")
    target.mkdir(parents=True, exist_ok=True)


def _create(real: Path, drafted: Drafted) -> None:
    target = real / drafted.path
    if not create_exclusive(target, drafted.text):
        msg = f"{drafted.path} exists already; nothing was written (pick another title)"
        raise InputError("title", msg)


def relink(real: Path, corpus: Corpus, drafted: Drafted, *, accepted: bool) -> tuple[str, ...]:
    """Step 2: records amended get `Amended by`; accepted, records superseded get `Superseded by`."""
    return tuple(
        dict.fromkeys(
            _mark(real, corpus, old, target.kind, drafted.id, drafted.title, drafted.path)
            for target, old in drafted.targets
            if old.path is not None and (target.kind == "amends" or accepted)
        )
    )


def mark_superseded(real: Path, corpus: Corpus, rec: Record) -> tuple[str, ...]:
    """`approve` of `rec`: each record it supersedes marked `Superseded by` it (if not already)."""
    updated: list[str] = []
    for ref in rec.supersedes:
        hits = corpus.resolve(ref, rec.path)
        if len(hits) != 1:
            continue
        old = corpus.records[hits[0]]
        if old.path is None or old.kind != "decision" or _links_back(corpus, old, rec):
            continue
        title = rec.title or rec.id
        updated.append(_mark(real, corpus, old, "supersedes", rec.id, title, rec.path or ""))
    return tuple(updated)


def _mark(
    real: Path,
    corpus: Corpus,
    old: Record,
    kind: Literal["supersedes", "amends"],
    new_id: str,
    new_title: str,
    new_path: str,
) -> str:
    """Mark `old` superseded or amended by the record at `new_path`, in its own format; its path."""
    path = old.path or ""
    link = posixpath.relpath(new_path, posixpath.dirname(path) or ".")
    new = NewRecord(new_id, new_title, link, _dated(new_path))
    edit: Callable[[str], str]
    if kind == "supersedes":
        fields = dict(corpus.config.fields)
        edit = partial(superseded_by, place=old.status_place, new=new, dialect=fields)
    else:
        edit = partial(amended_by, place=old.status_place, new=new)
    file = real / path
    original = file.read_bytes()
    text = original.decode("utf-8")
    if (changed := edit(text)) != text:
        replace_unchanged(file, original, changed)
    return path


def _dated(path: str) -> bool:
    r = read_name(posixpath.basename(path))
    return r is not None and r.naming.kind == "date"


def _links_back(corpus: Corpus, old: Record, new: Record) -> bool:
    """Whether `old` already names `new` as its successor."""
    return any(
        corpus.records[h] is new for ref in old.superseded_by for h in corpus.resolve(ref, old.path)
    )


# ------------------------------------------------------------------ agents
def propose_from_agent(
    root: str | os.PathLike[str],
    arguments: Mapping[str, object],
    *,
    corpus: Corpus | None = None,
    now: datetime | None = None,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
) -> NewDecision:
    """`propose_decision` for an agent: one new `proposed` record, no other file touched.

    `arguments` is a JSON object as an agent sends it, checked against the
    `propose_decision` operation (a status, `accepted`, `superseded_by`…
    is refused by name). With a `request_id` already used for this title,
    the first call's record is returned and nothing is written.

    Raises:
        InputError: a bad argument, the key used for another proposal, no ADR folder,
            a ref that names no record.
        CorpusUnavailable: the root or folder cannot be read.
    """
    a = check_arguments("propose_decision", arguments, wire=True)
    title = a.text("title")
    loader = Loader(root, config=config, dir=dir)
    real = loader.check_root()
    corpus = corpus if corpus is not None else loader.load()
    folder = adr_folder(loader, real, corpus)
    request_id = a.optional_text("request_id")
    draft = _draft(
        title,
        a.optional_text("decision"),
        a.optional_text("context"),
        a.optional_text("topic"),
        a.optional_text("scope"),
        None,
        "proposed",
        True,
        request_id,
        now,
    )
    with folder_lock(folder.real):
        names = _names(folder.real)
        if request_id is not None:
            found = _requested(real, corpus, folder, names, request_id)
            if found is not None:
                rid, path, found_title = found
                if fold(title_subject(found_title)) != fold(title_subject(draft.title)):
                    msg = (
                        f"request_id {request_id!r} was already used for another proposal"
                        f" ({path}); use a new key for a new record"
                    )
                    raise InputError("request_id", msg)
                return NewDecision(rid, path, "proposed", first=False)
        drafted = _compose(corpus, folder, names, draft, a.texts("supersedes"), ())
        _create(real, drafted)
    return NewDecision(drafted.id, drafted.path, "proposed", (), drafted.notes)


def _requested(
    real: Path, corpus: Corpus, folder: _Folder, names: Sequence[str], request_id: str
) -> tuple[str, str, str] | None:
    """(id, path, title) of the record a first call with `request_id` wrote, if any.

    The corpus's records first; then the folder's files it has not read (a
    record written since it loaded), read now, under the folder's lock.
    """
    known = {r.path: r for r in corpus.records if r.path is not None}
    for name in names:
        path = name if folder.rel == "." else f"{folder.rel}/{name}"
        rec = known.get(path)
        if rec is None and name.lower().endswith(".md") and (text := _text(real / path)):
            parsed = parse_file(path, text, ParseContext(config=corpus.config))
            rec = parsed.records[0] if len(parsed.records) == 1 and request_of(text) else None
            if rec is not None and request_of(text) != request_id:
                rec = None
        elif rec is not None and request_of_record(rec) != request_id:
            rec = None
        if rec is not None:
            return rec.id, path, rec.title or rec.id
    return None
