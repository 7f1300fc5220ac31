"""The text of a record `remember` writes: its keys, in order, and its YAML. Pure.

`record_data(arguments)` turns the checked arguments of `remember`
(`govmem.engine.operations`) into the record's keys in the order a file
shows them — trimmed, categories and priorities lower-cased, tags and
sources without repeats, a default mind left out — and
`new_record_text(id, data, kind, as_user)` writes them as a YAML file with a
comment that says who wrote it and what a person may do next. The shell
(`govmem.shell.write`) adds the dates and provenance and writes the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from govmem.engine.validate import Arguments
from govmem.parse.yamledit import dump


def record_data(a: Arguments) -> dict[str, Any]:
    """The record's keys from the checked arguments of `remember`, in file order."""
    kind = a.text("kind")
    data: dict[str, Any] = {}
    if kind == "memory":
        data["category"] = (a.optional_text("category") or "").strip().lower()
        data["key"] = (a.optional_text("key") or "").strip()
    data["content"] = a.text("content").strip()
    if tags := [t.strip() for t in a.texts("tags")]:
        data["tags"] = list(dict.fromkeys(tags))
    if kind == "memory":
        data["priority"] = (a.optional_text("priority") or "normal").strip().lower()
        mind = a.optional_text("mind")
        if mind is not None and mind.strip() != "default":
            data["mind"] = mind.strip()
    for name in ("topic", "value", "scope"):
        given = a.optional_text(name)
        if given is not None:
            data[name] = given.strip()
    if sources := a.texts("source_ids"):
        data["sources"] = list(dict.fromkeys(s.strip() for s in sources))
    return data


def new_record_text(rid: str, data: Mapping[str, Any], kind: str, as_user: bool) -> str:
    """The YAML file of a new record, headed by who wrote it and what a person may do next."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq  # noqa: PLC0415 - yamledit._yaml

    doc = CommentedMap()
    doc["kind"] = kind
    doc["id"] = rid
    for k, v in data.items():
        doc[k] = CommentedSeq(v) if isinstance(v, list) else v
    who = "a person (govmem remember --as-user)" if as_user else "an agent (govmem remember)"
    note = f"Written by {who}."
    if kind == "memory" and not as_user:
        note += f" Only a person can verify it: govmem verify {rid}"
    elif kind == "claim":
        note += f" A claim only contests; a person may run: govmem approve {rid}"
    doc.yaml_set_start_comment(note)
    return dump(doc)
