"""Writes: `remember`, the human acts `verify`, `approve`, `reject`, `forget` (SPEC §7), `init`.

This is I/O shell, like `load`: the pure core never writes. Every write is
atomic and never loses a concurrent writer's work:

* **New records** (`remember`) go to a new file `<memory folder>/<id>.yaml`.
  The text is written to a temp file in the same folder (its name starts with
  `.`, so the loader never reads it), fsynced, then hard-linked to its final
  name — `link` fails rather than replace an existing file, so nothing is
  ever overwritten; on a clash a new id is drawn — then the temp name is
  removed and the folder fsynced. A reader sees either no file or the
  complete file; a writer killed at any point leaves at most a dot-temp file.
* **Rewrites** (`verify`, `approve`, `reject`, `forget` of one record of a
  list) edit the file's text, write it to a dot-temp file, fsync, and
  `os.replace` it over the original (then fsync the folder). The file is
  read again just before the replace; if it changed meanwhile, nothing is
  written and `WriteConflict` is raised.

**`govmem init`** (`init.init_config`) creates `govmem.yaml` the same way as a
new record: complete or not at all, and never over an existing one.

**Ids.** `mem_` (memories) or `claim_` (claims) + 12 random hex digits
(48 bits from `secrets`), the same shape as the generated `mem_` ids of SPEC
§2. Uniqueness does not rest on chance: the exclusive link refuses a taken
file name and a new id is drawn.

**Edits keep the rest of the file byte-identical.** A key's scalar value is
replaced in place on its line (its comment kept), a missing key is inserted
as one new line at the mapping's indentation, a forgotten list item's lines
are cut out (`govmem.parse.yamledit`, pure text edits). Positions come from ruamel's
round-trip loader. Only values that do not sit on their key's line, or
flow-style mappings, fall back to a ruamel round-trip dump (comments and key
order kept, indentation guessed).

**Governance.** `remember` called without `as_user` — and `remember_from_agent`,
the entry point of the MCP adapter, always — writes `source: agent`,
`verified: false` for a memory and no status for a claim (a claim is
proposed). `remember_from_agent` accepts exactly the tool's published arguments and refuses
any other key (`verified`, `approved`, `accepted`, `authority`,
`supersedes`, `superseded_by`, `conflicts_with`, ...). `verify`, `approve`,
`reject` and `forget` have no agent entry point; they are for humans at the
CLI (or a git commit), and record `verified_by` (git `user.email`) and the
date.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import subprocess
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Final, Literal, TypeAlias

from attrs import frozen

from govmem._corpus import Corpus, utc_now
from govmem.engine.operations import check_arguments
from govmem.engine.validate import Arguments
from govmem.memory.text import new_record_text, record_data
from govmem.model.errors import GovmemError, InputError
from govmem.model.records import Config, Record
from govmem.model.time import When
from govmem.parse.yaml import BadYaml, load_yaml
from govmem.parse.yamledit import frontmatter_span, remove_item, set_keys, set_status_section

from .atomic import create_exclusive, remove_unchanged, replace_unchanged
from .author import mark_superseded
from .files import MAX_BYTES, read_regular
from .load import Loader
from .plan import read_config

WriteKind: TypeAlias = Literal["memory", "claim"]


_ATTEMPTS: Final = 16


@frozen
class Written:
    """What a write did: the record's id and its file, relative to the root (POSIX)."""

    id: str
    path: str

    def to_dict(self) -> dict[str, str]:
        """`{id, path}`."""
        return {"id": self.id, "path": self.path}

    def to_wire(self) -> dict[str, str]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


# ----------------------------------------------------------------- remember
def remember(
    root: str | os.PathLike[str],
    *,
    kind: WriteKind = "memory",
    content: str,
    category: str | None = None,
    key: str | None = None,
    tags: Sequence[str] = (),
    priority: str | None = None,
    expires_at: When | date | datetime | str | None = None,
    topic: str | None = None,
    value: str | None = None,
    scope: str | None = None,
    source_ids: Sequence[str] = (),
    mind: str | None = None,
    request_id: str | None = None,
    as_user: bool = False,
    by: str | None = None,
    now: datetime | None = None,
    config: str | os.PathLike[str] | None = None,
) -> Written:
    """Write a new memory or claim as a new file under the configured `memory` folder.

    Without `as_user` the record is an agent's: a memory is `source: agent`,
    `verified: false`; a claim carries no status (claims are proposed). With
    `as_user` (humans, at the CLI) a memory is `source: user`, `verified:
    true`, with `verified_by` (`by`, else git `user.email`) and `verified_at`.

    Args:
        root: the corpus root.
        kind: `memory` or `claim`.
        content: the statement, in words.
        category: a memory's category (required for memories, refused for claims).
        key: a memory's stable snake_case key (required for memories, refused for claims).
        tags: labels.
        priority: a memory's priority (low, normal, high, critical).
        expires_at: when a memory is forgotten.
        topic: what it is about.
        value: the chosen option, compared to find conflicts.
        scope: where it applies.
        source_ids: ids of the source records it rests on.
        mind: a memory's mind (namespace); `default` when None.
        request_id: an idempotency key: a retried write with the same key returns the
            first write's id and path, and writes nothing (module docstring).
        as_user: a human's own memory, verified.
        by: who verifies (`as_user`); git `user.email` when None.
        now: the current instant; read from the clock when None.
        config: a `govmem.yaml` to use instead of the root's own.

    Returns:
        The new record's id and root-relative path.

    Raises:
        InputError: a bad or missing argument (every problem, in one error).
        CorpusUnavailable: the root or config cannot be read.
    """
    given = {
        "kind": kind,
        "content": content,
        "category": category,
        "key": key,
        "tags": tags,
        "priority": priority,
        "expires_at": expires_at,
        "topic": topic,
        "value": value,
        "scope": scope,
        "source_ids": source_ids,
        "mind": mind,
        "request_id": request_id,
    }
    checked = check_arguments("remember", given)
    return _write_new(root, checked, as_user=as_user, by=by, now=now, config=config)


def remember_from_agent(
    root: str | os.PathLike[str],
    arguments: Mapping[str, object],
    *,
    now: datetime | None = None,
    config: str | os.PathLike[str] | None = None,
) -> Written:
    """`remember` for an agent (the MCP tool): its published arguments only, always unverified.

    `arguments` is a JSON object as an agent sends it, checked against the
    `remember` operation (`govmem.engine.operations`): an unknown field is
    refused, a governed one (`verified`, `approved`, …) with "only a human
    can set this".

    Raises:
        InputError: an unknown or governed field, a wrong type, or a bad value.
    """
    checked = check_arguments("remember", arguments, wire=True)
    return _write_new(root, checked, as_user=False, by=None, now=now, config=config)


def _write_new(
    root: str | os.PathLike[str],
    a: Arguments,
    *,
    as_user: bool,
    by: str | None,
    now: datetime | None,
    config: str | os.PathLike[str] | None,
) -> Written:
    """Write the checked arguments of `remember` as a new record file."""
    now = now or utc_now()
    when = When.from_datetime(now.replace(microsecond=0))
    expires = a.when("expires_at")
    if expires is not None and expires.bound <= now:
        msg = f"{expires} is not in the future; a memory that has expired is never recalled"
        raise InputError("expires_at", msg)
    kind = a.text("kind")
    data = record_data(a)
    real = _root(root)
    cfg, _ = read_config(real, config)
    folder = _memory_folder(real, cfg)
    if kind == "memory":
        data["source"] = "user" if as_user else "agent"
        data["verified"] = as_user
        if as_user and (who := by or git_email(real)):
            data["verified_by"] = who
        if as_user:
            data["verified_at"] = str(when)
        data["created_at"] = str(when)
        data["updated_at"] = str(when)
        if expires is not None:
            data["expires_at"] = str(expires)
    else:
        data["date"] = str(when)
        data["authored_by"] = "human" if as_user else "agent"
    prefix = "mem_" if kind == "memory" else "claim_"
    key = a.optional_text("request_id")
    if key is not None:
        return _write_once(real, folder, prefix, key, data, kind, as_user)
    for _ in range(_ATTEMPTS):
        rid = prefix + secrets.token_hex(6)
        text = new_record_text(rid, data, kind, as_user)
        if len(text.encode("utf-8")) > MAX_BYTES:
            msg = f"the record would take over {MAX_BYTES} bytes; shorten the content"
            raise InputError("content", msg)
        target = folder / f"{rid}.yaml"
        if create_exclusive(target, text):
            return Written(rid, target.relative_to(real).as_posix())
    msg = f"could not find a free file name in {folder} after {_ATTEMPTS} attempts"  # pragma: no cover
    raise GovmemError(msg)  # pragma: no cover


_DATED: Final = frozenset(
    {"created_at", "updated_at", "verified_at", "verified_by", "date", "authored_by"}
)
"""Keys a retry writes differently (the clock, who): not compared with the first write."""


def request_record_id(prefix: str, request_id: str) -> str:
    """The id of the record a request writes: `prefix` + 12 hex digits of its key's SHA-256."""
    digest = hashlib.sha256(b"govmem/remember\0" + request_id.encode("utf-8")).hexdigest()
    return prefix + digest[:12]


def _write_once(
    real: Path,
    folder: Path,
    prefix: str,
    request_id: str,
    data: dict[str, object],
    kind: str,
    as_user: bool,
) -> Written:
    """Write the record of an idempotent request, or return the one a first try wrote.

    The id (and so the file name) is derived from the key, and the file is
    created by an exclusive link: of any number of tries — retries after a
    writer was killed between the rename and its answer, or concurrent ones —
    exactly one writes, and each gets the same `{id, path}`. A file already
    there must hold the same request (its `request_id` and the arguments'
    keys, the dates aside), else the key was reused for another write.

    Raises:
        InputError: the key was used before for a different write.
    """
    rid = request_record_id(prefix, request_id)
    data = {**data, "request_id": request_id}
    text = new_record_text(rid, data, kind, as_user)
    if len(text.encode("utf-8")) > MAX_BYTES:
        msg = f"the record would take over {MAX_BYTES} bytes; shorten the content"
        raise InputError("content", msg)
    target = folder / f"{rid}.yaml"
    written = Written(rid, target.relative_to(real).as_posix())
    if create_exclusive(target, text):
        return written
    first = _first_write(target)
    same = (
        first is not None
        and first.get("kind") == kind
        and first.get("id") == rid
        and all(first.get(k) == v for k, v in data.items() if k not in _DATED)
    )
    if not same:
        msg = (
            f"request_id {request_id!r} was already used for a different write"
            f" ({written.path}); use a new key for a new record"
        )
        raise InputError("request_id", msg)
    return written


def _first_write(path: Path) -> Mapping[str, object] | None:
    """The mapping a first write left in `path` (None when it is not one, or unreadable)."""
    got = read_regular(path)
    if not isinstance(got, bytes):
        return None
    loaded = load_yaml(got.decode("utf-8", "replace"))
    if isinstance(loaded, BadYaml) or not isinstance(loaded.data, Mapping):
        return None
    return loaded.data


# ------------------------------------------------------------- human acts
def verify(
    root: str | os.PathLike[str],
    rid: str,
    *,
    now: datetime,
    by: str | None = None,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
) -> Written:
    """Mark a memory verified by a person: `verified: true`, `verified_by`, `verified_at`.

    Raises:
        InputError: no record or several with that id, or it is not a memory.
        WriteConflict: the file changed while it was being edited.
    """
    real, rec = _find(root, rid, config, dir)
    if rec.kind != "memory":
        msg = f"{rid!r} is a {rec.kind}; verify applies to memories (use approve or reject)"
        raise InputError("id", msg)
    who = by or git_email(real)
    changes: list[tuple[str, object]] = [("verified", True)]
    if who:
        changes.append(("verified_by", who))
    changes.append(("verified_at", str(When.from_datetime(now.replace(microsecond=0)))))
    return _edit(real, rec, changes)


def approve(
    root: str | os.PathLike[str],
    rid: str,
    *,
    by: str | None = None,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
) -> Written:
    """Accept a decision or a claim: `status: accepted` (`Accepted` under `## Status`).

    A claim is promoted to a decision (`kind: decision`): claims only contest,
    and a written accepted status on a claim would be read as proposed. An
    agent-authored record is ratified (`ratified_by`), as adrkit requires.
    The records it supersedes are then marked `Superseded by` it, each in its
    own format (`author.mark_superseded`): the supersession takes effect now.

    Raises:
        InputError: no record or several with that id, or it is a memory.
        WriteConflict: the file changed while it was being edited.
    """
    return _set_status(root, rid, "accepted", by, config, dir)


def reject(
    root: str | os.PathLike[str],
    rid: str,
    *,
    by: str | None = None,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
) -> Written:
    """Reject a decision or a claim: `status: rejected` (`Rejected` under `## Status`).

    Raises:
        InputError: no record or several with that id, or it is a memory.
        WriteConflict: the file changed while it was being edited.
    """
    return _set_status(root, rid, "rejected", by, config, dir)


def forget(
    root: str | os.PathLike[str],
    rid: str,
    *,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
) -> Written:
    """Delete a memory or claim: its file, or its item of a multi-record YAML list.

    Decisions are not forgotten: supersede, deprecate or reject them, or
    delete the file with git, where review sees it.

    Raises:
        InputError: no record or several with that id, or it is a decision.
        WriteConflict: the file changed while it was being edited.
    """
    real, rec = _find(root, rid, config, dir)
    if rec.kind == "decision":
        msg = (
            f"{rid!r} is a decision; reject, deprecate or supersede it, or delete its file with git"
        )
        raise InputError("id", msg)
    path = real / (rec.path or "")
    original = path.read_bytes()
    text = _decode(original)
    remaining: str | None = None
    if path.suffix.lower() in (".yaml", ".yml"):
        remaining = remove_item(text, rec.index)
    if remaining is None:
        remove_unchanged(path, original)
    else:
        replace_unchanged(path, original, remaining)
    return Written(rec.id, rec.path or "")


def _set_status(
    root: str | os.PathLike[str],
    rid: str,
    status: Literal["accepted", "rejected"],
    by: str | None,
    config: str | os.PathLike[str] | None,
    dir: str | None,
) -> Written:
    real, corpus, rec = _find_in(root, rid, config, dir)
    if rec.kind == "memory":
        msg = f"{rid!r} is a memory; use verify (or forget) for memories"
        raise InputError("id", msg)
    written = _write_status(real, rec, status, by, config)
    if status == "accepted":
        mark_superseded(real, corpus, rec)
    return written


def _write_status(
    real: Path,
    rec: Record,
    status: Literal["accepted", "rejected"],
    by: str | None,
    config: str | os.PathLike[str] | None,
) -> Written:
    path = real / (rec.path or "")
    original = path.read_bytes()
    text = _decode(original)
    if path.suffix.lower() in (".md", ".markdown") and frontmatter_span(text) is None:
        new = set_status_section(text, status)
        if new is None:
            msg = f"{rec.path} has no frontmatter and no `## Status` section to set"
            raise InputError("id", msg)
        replace_unchanged(path, original, new)
        return Written(rec.id, rec.path or "")
    key = _dialect_key(real, config, "status")
    changes: list[tuple[str, object]] = [(key, status)]
    if rec.kind == "claim" and status == "accepted":
        changes.append(("kind", "decision"))
    if (
        status == "accepted"
        and rec.authored_by in ("agent", "agent-drafted")
        and not rec.ratified_by
    ):
        changes.append(("ratified_by", by or git_email(real) or "human"))
    return _edit(real, rec, changes)


# ------------------------------------------------------------------ lookup
def _root(root: str | os.PathLike[str]) -> Path:
    return Loader(root).check_root()


def _find(
    root: str | os.PathLike[str],
    rid: str,
    config: str | os.PathLike[str] | None,
    dir: str | None,
) -> tuple[Path, Record]:
    real, _, rec = _find_in(root, rid, config, dir)
    return real, rec


def _find_in(
    root: str | os.PathLike[str],
    rid: str,
    config: str | os.PathLike[str] | None,
    dir: str | None,
) -> tuple[Path, Corpus, Record]:
    loader = Loader(root, config=config, dir=dir)
    real = loader.check_root()
    corpus = loader.load()
    hits = corpus.by_id(rid) or corpus.resolve(rid)  # an id, else a ref: `7` names `0007`
    if not hits:
        raise InputError("id", f"no record has the id {rid!r}")
    if len(hits) > 1:
        where = ", ".join(corpus.records[h].path or "?" for h in hits)
        msg = f"{len(hits)} records have the id {rid!r} ({where}); give each its own id first"
        raise InputError("id", msg)
    rec = corpus.records[hits[0]]
    if rec.path is None:  # pragma: no cover - loaded records always have a path
        raise InputError("id", f"{rid!r} has no file")
    return real, corpus, rec


def _memory_folder(real: Path, cfg: Config) -> Path:
    rel = cfg.memory.replace("\\", "/").strip("/") or "."
    folder = (real / rel).resolve()
    if not folder.is_relative_to(real):
        msg = f"the memory folder {cfg.memory!r} resolves outside the root"
        raise InputError("memory", msg)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _dialect_key(real: Path, config: str | os.PathLike[str] | None, field: str) -> str:
    cfg, _ = read_config(real, config)
    return dict(cfg.fields).get(field, field)


def git_email(root: Path) -> str | None:
    """`git config user.email` in `root`, or None when git or the setting is missing."""
    try:
        done = subprocess.run(
            ["git", "config", "user.email"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    email = done.stdout.strip()
    return email if done.returncode == 0 and email else None


def _decode(data: bytes) -> str:
    return data.decode("utf-8")


def _edit(real: Path, rec: Record, changes: Sequence[tuple[str, object]]) -> Written:
    """Set keys of one record's mapping, in place, and write the file atomically."""
    path = real / (rec.path or "")
    original = path.read_bytes()
    text = _decode(original)
    if path.suffix.lower() in (".md", ".markdown"):
        span = frontmatter_span(text)
        if span is None:
            msg = f"{rec.path} has no frontmatter to record this in"
            raise InputError("id", msg)
        a, b = span
        new = text[:a] + set_keys(text[a:b], None, changes) + text[b:]
    else:
        new = set_keys(text, rec.index, changes)
    if new != text:
        replace_unchanged(path, original, new)
    return Written(rec.id, rec.path or "")
