"""One file's text -> its records, sources, relations and findings. No I/O.

`parse_file(path, text, ctx)` is the whole contract: the I/O shell reads a
file and hands over its root-relative POSIX path and text; what comes back
is a `ParsedFile`, never an exception. What a file can be (SPEC §2 Files):

* **Not a record** — `README.md`, `index.md`, `template.md`, `*-template.md`,
  or Markdown with neither a heading nor frontmatter: `skipped`, with an
  `info` `not-a-record` finding.
* **Markdown with frontmatter** — one record; without `kind` a decision.
  adrkit, MADR and log4brains keys are read, and the body's conventional
  places fill what the frontmatter leaves out (`markdown`).
* **Markdown without frontmatter** (Nygard, adr-tools, log4brains,
  Tendermint) — a decision whose id comes from the file stem, its status
  from `## Status` or a `- Status:` bullet, its date from a `Date:` line, a
  prose date under the title, or the `## Changelog`.
* **YAML** (`.yaml`/`.yml`) — one record or a list, each with its `kind`.

Excluded whole, counted in `excluded`: a file whose YAML cannot be read
(`bad-yaml`), a YAML record without an `id` (`missing-id`; memories get a
generated one), a memory without category, key or content (`invalid-memory`).
A decision with no date at all takes `ctx.git_date` (`info` `git-date`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Final

from attrs import field, frozen

from govmem.model.records import Config, Finding, Record, Relation, Resolution, Source
from govmem.model.time import When

from .dates import DateOrder
from .fields import FieldReader
from .markdown import MarkdownDoc, body_spans_hold, read_markdown, split_frontmatter
from .records import build_decision, build_memory, dump_json, memory_id
from .yaml import BadYaml, Json, load_yaml, load_yaml_documents

_YAML_SUFFIXES: Final = (".yaml", ".yml")
_DATED: Final = r"(?:(?:19|20)\d{6}|(?:19|20)\d{2}(?:-\d{2}(?:-\d{2})?|_\d{2}(?:_\d{2})?))"
"""A date a file name starts with: `20200926`, `2023-07-18`, `2026-01`, `2020_09_01`."""
_DATE_PREFIX: Final = re.compile("^" + _DATED + r"[-_]")
_VERSION_SUFFIX: Final = re.compile(r"[-_.]v\d+$", re.IGNORECASE)
_STEM_ID: Final = re.compile(
    r"^(?:(?P<slug>" + _DATED + r"[-_].+)"
    r"|(?P<id>(?:[A-Za-z]+-\d+[A-Za-z]?(?:-[A-Za-z]\d+)?|(?:[A-Za-z]{1,5}(?=\d{2}))?\d+[A-Za-z]?))"
    r"(?:[-_.\s].*)?)$"
)


@frozen
class ParseContext:
    """What parsing one file needs beyond its text, supplied by the I/O shell."""

    config: Config = field(factory=Config)
    date_order: DateOrder = "dmy"
    """How to read ambiguous numeric dates, decided once per corpus."""
    git_date: When | None = None
    """Author date of the commit that first added the file, if known."""


@frozen
class ParsedFile:
    """Everything one file contributes to a corpus."""

    records: tuple[Record, ...] = ()
    sources: tuple[Source, ...] = ()
    relations: tuple[Relation, ...] = ()
    findings: tuple[Finding, ...] = ()
    skipped: bool = False
    """Not a record (README, template, no heading): counted nowhere."""
    excluded: int = 0
    """Records (or the whole file) left out because they could not be read."""


def decode_text(data: bytes) -> str | None:
    """A file's bytes as text; None when binary (a NUL byte) or not UTF-8."""
    if b"\x00" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


_NOT_RECORDS: Final = re.compile(
    r"(?:0+[-_ ]|_)?(?:readme|index|template)|0+[-_ ]sample|.*[-_]template"
)
"""README, index and template files, also numbered zero or marked with a leading `_` so that
they sort first (`000-index.md`, `_template.md`, `000-sample.md`), and `*-template.md`,
`*_template.md`."""


_RECORD_FOLDER: Final = re.compile(r"(?:" + _DATED + r"|(?:[A-Za-z]+-)?\d+)[-_].+")
"""A folder named as a record file is (`2023-03-02_gradle_build/`, `0007-use-x/`): its
`README.md` or `index.md` is that record (tractusx-edc keeps each decision so)."""


def record_stem(path: str) -> str:
    """The name a record's file gives it: its stem, or for the `README.md` or `index.md` of a
    folder named as a record (`_RECORD_FOLDER`), that folder's name."""
    stem = posixpath.splitext(posixpath.basename(path))[0].strip()
    if stem.lower() in ("readme", "index"):
        folder = posixpath.basename(posixpath.dirname(path))
        if _RECORD_FOLDER.fullmatch(folder):
            return folder
    return stem


def is_not_a_record(path: str) -> bool:
    """README, index and template files are never records (`_NOT_RECORDS`), but for the
    `README.md` of a folder named as a record (`record_stem`)."""
    stem = record_stem(path).lower()
    return _NOT_RECORDS.fullmatch(stem) is not None


def id_from_stem(path: str) -> str:
    """The id a file name gives: `0004a-x.md` -> `0004a`, `adr-101-x` -> `adr-101`.

    Letters and digits with no separator are one id (`ADR046-use-x` ->
    `ADR046`, two digits at least, so `k8s-x` stays whole). A version after a
    named id is part of it (`scs-0100-v3-x` -> `scs-0100-v3`); after a bare
    number it is the subject's first word (`0033-s3-bucket` -> `0033`). Dated slugs
    (`20200926-use-x` of log4brains, `2023-07-18-x`, `2026-01-x`) are ids
    whole, as their tools use them; a stem without a leading number is its
    own id.
    """
    stem = record_stem(path)
    m = _STEM_ID.match(stem)
    if m is None or m["slug"]:
        return stem
    return m["id"]


def file_subject(path: str | None) -> str | None:
    """What a file name says a record is about: its stem without the leading id or date
    and without a version suffix (`2023-07-19-backend-testing.md` -> `backend-testing`,
    `scs-0100-v3-flavor-naming.md` -> `flavor-naming`, `0007-use-x-v2.md` -> `use-x`)."""
    if not path:
        return None
    stem = record_stem(path)
    rid = id_from_stem(path)
    rest = stem[len(rid) :] if rid != stem else _DATE_PREFIX.sub("", stem)
    return _VERSION_SUFFIX.sub("", rest.strip("-_. ")).lower() or None


def subject_title(path: str | None) -> str | None:
    """A file name's subject as a title, for a Markdown record that writes none in a `#`
    heading: `003-notification-publishing.md` -> `Notification publishing`."""
    subject = file_subject(path)
    words = re.sub(r"[-_]+", " ", subject or "").strip()
    if not any(c.isalpha() for c in words):  # `0007.md` names nothing
        return None
    return words[0].upper() + words[1:]


def parse_file(path: str, text: str, ctx: ParseContext | None = None) -> ParsedFile:
    """Parse one file's text (SPEC §2 Files); never raises on any text.

    What the file holds is found first (`_items`: its records, sources and relations, each
    as keys and a body, or why it holds none), then each is built (`_build`).

    Args:
        path: root-relative POSIX path; names the file in findings and ids.
        text: the file's decoded text (a leading byte-order mark is ignored).
        ctx: configuration, the corpus's date order, the file's git date.
    """
    ctx = ctx or ParseContext()
    found = _items(path, text)
    if isinstance(found, ParsedFile):
        return found
    parts = [_build(path, item, ctx) if isinstance(item, _Item) else item for item in found]
    if len(parts) == 1:
        return parts[0]
    merged = _merge(parts)
    if not (merged.records or merged.sources or merged.relations or merged.excluded):
        return ParsedFile(findings=merged.findings, skipped=True)
    return merged


@frozen
class _Item:
    """One record, source or relation a file holds, its keys not yet read."""

    kind: str
    """`decision`, `claim`, `memory`, `source` or `relation`."""
    data: Mapping[str, Json]
    index: int = 0
    """Its place in a YAML file's list."""
    body: str | None = None
    """A Markdown file's body; None in a YAML file."""
    frontmatter: bool = True
    """Whether its keys are written (a Markdown file without frontmatter writes none)."""


def _items(path: str, text: str) -> ParsedFile | list[_Item | ParsedFile]:
    """What a file holds: its items, each as found or why it is none (a part of its own);
    or the whole file's reason for holding none."""
    if is_not_a_record(path):
        return _skip(path, "README, index and template files are not records.")
    text = text.removeprefix("\ufeff")
    if path.lower().endswith(_YAML_SUFFIXES):
        return _yaml_items(path, text)
    return _markdown_item(path, text)


def _skip(path: str, message: str) -> ParsedFile:
    return ParsedFile(findings=(Finding("not-a-record", message, path=path),), skipped=True)


def _bad_yaml(path: str, message: str) -> ParsedFile:
    finding = Finding("bad-yaml", f"The YAML cannot be read: {message}.", path=path)
    return ParsedFile(findings=(finding,), excluded=1)


def _markdown_item(path: str, text: str) -> ParsedFile | list[_Item | ParsedFile]:
    fm_text, body, unclosed = split_frontmatter(text)
    if unclosed:
        return _bad_yaml(path, "the frontmatter opened with `---` is never closed")
    if fm_text is None:
        return [_Item("decision", {}, body=body, frontmatter=False)]
    loaded = load_yaml(fm_text)
    if isinstance(loaded, BadYaml):
        return _bad_yaml(path, loaded.message)
    data = loaded.data if loaded.data is not None else {}
    if not isinstance(data, dict):
        return _bad_yaml(path, "the frontmatter is not a mapping")
    kind = _written_kind(data) or "decision"
    if kind not in _KINDS:
        return _skip(path, f"Unknown kind `{kind}`: not a record.")
    return [_Item(kind, data, body=body)]


def _yaml_items(path: str, text: str) -> ParsedFile | list[_Item | ParsedFile]:
    loaded = load_yaml_documents(text)
    if isinstance(loaded, BadYaml):
        return _bad_yaml(path, loaded.message)
    documents = loaded.data if isinstance(loaded.data, list) else []
    items: list[Json] = []
    for doc in documents:
        items.extend(doc if isinstance(doc, list) else [] if doc is None else [doc])
    if not items:
        return _skip(path, "An empty YAML file: not a record.")
    listed = len(items) > 1
    return [_yaml_item(path, item, i, listed) for i, item in enumerate(items)]


def _yaml_item(path: str, item: Json, index: int, listed: bool) -> _Item | ParsedFile:
    where = f"Item {index} of the file" if listed else "The YAML"
    if not isinstance(item, dict):
        return _skip(path, f"{where} is not a mapping: not a record.")
    kind = _yaml_kind(item)
    if kind is None:
        return _skip(path, f"{where} has no `kind`: not a record.")
    if kind not in _KINDS:
        return _skip(path, f"{where} has the unknown kind `{kind}`: not a record.")
    return _Item(kind, item, index=index)


_KINDS: Final = frozenset(("decision", "claim", "memory", "source", "relation"))


def _written_kind(data: Mapping[str, Json]) -> str | None:
    kind = data.get("kind")
    return kind.strip().lower() if isinstance(kind, str) and kind.strip() else None


def _yaml_kind(data: Mapping[str, Json]) -> str | None:
    """A YAML item's kind: written, else a memory's or a relation's telltale keys."""
    if (kind := _written_kind(data)) is not None:
        return kind
    if "category" in data or "key" in data:
        return "memory"
    return "relation" if "between" in data else None


def _merge(parts: list[ParsedFile]) -> ParsedFile:
    return ParsedFile(
        records=tuple(r for p in parts for r in p.records),
        sources=tuple(s for p in parts for s in p.sources),
        relations=tuple(r for p in parts for r in p.relations),
        findings=tuple(f for p in parts for f in p.findings),
        excluded=sum(p.excluded for p in parts),
    )


def _build(path: str, item: _Item, ctx: ParseContext) -> ParsedFile:
    """One item's record, source or relation: its keys read (`FieldReader`), its body's
    places (`read_markdown`), then built (`records`)."""
    reader = FieldReader(
        item.data, path=path, dialect=dict(ctx.config.fields), order=ctx.date_order
    )
    body = item.body
    doc = None
    if body is not None and item.kind not in ("memory", "relation"):  # they read no body
        doc = read_markdown(body, ctx.date_order, ctx.config.statuses)
    if doc is not None and not item.frontmatter and not doc.has_heading:
        return _skip(path, "No heading and no frontmatter: not a record.")
    if item.kind == "source":
        return _source(reader, doc, body, path)
    if item.kind == "relation":
        return _relation(reader)
    if item.kind == "memory":
        record = build_memory(reader, ctx.config, index=item.index, body=body or "")
    elif body is None and _missing_id(reader, "id"):
        record = None
    else:
        record = build_decision(
            reader,
            ctx.config,
            kind="claim" if item.kind == "claim" else "decision",
            fallback_id=None if body is None else id_from_stem(path),
            fallback_title=None if body is None else subject_title(path),
            doc=doc,
            body=(reader.text("body") or "") if body is None else body,
            frontmatter_json=dump_json(dict(item.data)) if item.frontmatter else None,
            git_date=ctx.git_date,
            index=item.index,
        )
    if record is None:
        return ParsedFile(findings=tuple(reader.findings), excluded=1)
    return ParsedFile(records=(record,), findings=tuple(reader.findings))


def _missing_id(reader: FieldReader, *fields: str) -> bool:
    if any(reader.text(f) for f in fields):
        return False
    reader.warn("missing-id", "A record in a YAML file needs an `id`; it was left out.", "id")
    return True


def _source(
    reader: FieldReader, doc: MarkdownDoc | None, body: str | None, path: str
) -> ParsedFile:
    sid = reader.text("id") or reader.text("source_id")
    if sid is None and body is not None:
        sid = id_from_stem(path)
    if sid is None:
        _missing_id(reader, "id", "source_id")
        return ParsedFile(findings=tuple(reader.findings), excluded=1)
    reader.id = sid
    raw_text = reader.data.get("text")
    text = body if body is not None else raw_text if isinstance(raw_text, str) else ""
    title = reader.text("title")
    prose = None
    if body is not None and doc is not None:
        title = doc.title if title is None else title
        prose = doc.prose if body_spans_hold(body) else None
    source = Source(
        id=sid,
        title=title,
        type=reader.text("type"),
        reference=reader.text("reference"),
        occurred_at=reader.when("occurred_at"),
        text=text,
        path=reader.path,
        prose=prose,
    )
    return ParsedFile(sources=(source,), findings=tuple(reader.findings))


def _relation(reader: FieldReader) -> ParsedFile:
    if _missing_id(reader, "id"):
        return ParsedFile(findings=tuple(reader.findings), excluded=1)
    reader.id = reader.text("id")
    between = reader.strings("between")
    if len(between) != 2:
        msg = "`between` must name exactly two records; the relation was left out."
        reader.warn("invalid-field", msg, "between")
        return ParsedFile(findings=tuple(reader.findings), excluded=1)
    resolution = _resolution(reader.data.get("resolution"), reader)
    written = reader.choice("status", ("open", "resolved"))
    resolved = written == "resolved" if written else resolution is not None
    relation = Relation(
        id=reader.id or "",
        between=(between[0], between[1]),
        status="resolved" if resolved else "open",
        rationale=reader.text("rationale"),
        resolution=resolution,
        path=reader.path,
    )
    return ParsedFile(relations=(relation,), findings=tuple(reader.findings))


def _resolution(value: Json, reader: FieldReader) -> Resolution | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        reader.warn("invalid-field", "`resolution` should be {winner, by, at}.", "resolution")
        return None
    sub = FieldReader(value, path=reader.path, dialect={}, order=reader.order)
    sub.id = reader.id
    resolution = Resolution(winner=sub.text("winner"), by=sub.text("by"), at=sub.when("at"))
    reader.findings.extend(sub.findings)
    return resolution


__all__ = [
    "ParseContext",
    "ParsedFile",
    "decode_text",
    "file_subject",
    "id_from_stem",
    "is_not_a_record",
    "memory_id",
    "parse_file",
]
