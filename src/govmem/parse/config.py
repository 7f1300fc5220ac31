"""`govmem.yaml`: the corpus's own settings, parsed from text (SPEC §2 Files).

`parse_config(text)` never raises on a bad file: what cannot be read becomes
a finding and the default for that key. The scope tree built from `scopes:`
is `govmem.index.scopes.ScopeTree`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from govmem.model.records import (
    ROOT_SCOPE,
    Config,
    Finding,
    LogSpec,
    PathEntry,
    ScopeSpec,
    TopicSpec,
)
from govmem.model.status import STATUS_CLASSES
from govmem.model.text import fold

from .status import read_status
from .yaml import BadYaml, Loaded, load_yaml

CONFIG_NAME: Final = "govmem.yaml"
_LOG_NAME: Final = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def parse_config(text: str, path: str = CONFIG_NAME) -> tuple[Config, tuple[Finding, ...]]:
    """Parse `govmem.yaml`; bad parts become findings and defaults."""
    findings: list[Finding] = []
    # The bounded loader of the records (alias expansion, nesting, no C-stack
    # crash): govmem.yaml is written by the same people and agents as they are.
    loaded = load_yaml(text) if text.strip() else Loaded({})
    if isinstance(loaded, BadYaml):
        msg = f"govmem.yaml is not valid YAML: {loaded.message}"
        return Config(text=text), (Finding("bad-yaml", msg, path=path),)
    data: Any = loaded.data
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        msg = "govmem.yaml must be a mapping of settings."
        return Config(text=text), (Finding("invalid-field", msg, path=path),)

    def bad(key: str, what: str) -> None:
        findings.append(Finding("invalid-field", f"`{key}` {what}; ignored.", path=path, field=key))

    paths = _paths(data.get("paths"), bad)
    memory = data.get("memory", "memory")
    if not isinstance(memory, str) or not memory.strip():
        bad("memory", "must be a folder path")
        memory = "memory"
    scopes = _scopes(data.get("scopes"), bad)
    topics = _topics(data.get("topics"), bad)
    fields = _pairs(data.get("fields"), "fields", bad)
    statuses = tuple(
        (fold(k), v.strip().lower()) for k, v in _pairs(data.get("statuses"), "statuses", bad)
    )
    order = data.get("date_order")
    if order not in (None, "dmy", "mdy"):
        bad("date_order", "must be dmy or mdy")
        order = None
    exclude = _strings(data.get("exclude"), "exclude", bad)
    min_conf = data.get("min_confidence", 0.5)
    if (
        isinstance(min_conf, bool)
        or not isinstance(min_conf, int | float)
        or not 0 <= min_conf <= 1
    ):
        bad("min_confidence", "must be a number from 0 to 1")
        min_conf = 0.5
    default_status = data.get("default_status")
    if default_status is not None and (
        not isinstance(default_status, str)
        or read_status(default_status, statuses).status == "unknown"
    ):
        known = ", ".join(c for c in STATUS_CLASSES if c != "unknown")
        bad("default_status", f"must be a status ({known})")
        default_status = None
    config = Config(
        paths=paths,
        memory=memory.strip().strip("/"),
        scopes=scopes,
        topics=topics,
        fields=fields,
        statuses=statuses,
        date_order=order,
        exclude=exclude,
        min_confidence=float(min_conf),
        default_status=default_status.strip() if default_status else None,
        logs=_logs(data.get("logs"), bad),
        text=text,
    )
    return config, tuple(findings)


def _strings(value: Any, key: str, bad: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    bad(key, "must be a string or a list of strings")
    return ()


def _pairs(value: Any, key: str, bad: Any) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if isinstance(value, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        return tuple((str(k), str(v)) for k, v in value.items())
    bad(key, "must map names to names")
    return ()


def _paths(value: Any, bad: Any) -> tuple[PathEntry, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    out: list[PathEntry] = []
    for item in items:
        if isinstance(item, str) and item.strip():
            out.append(PathEntry(_clean_path(item)))
        elif isinstance(item, Mapping) and isinstance(item.get("path"), str):
            scope = item.get("scope")
            out.append(
                PathEntry(_clean_path(item["path"]), scope if isinstance(scope, str) else None)
            )
        else:
            bad("paths", f"entry {item!r} is neither a folder nor {{path, scope}}")
    return tuple(out)


def _logs(value: Any, bad: Any) -> tuple[LogSpec, ...]:
    """`logs: {name: {path, scope}}` (or `name: path`); a bad entry is a finding and skipped."""
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        bad("logs", "must map log names to {path, scope}")
        return ()
    out: list[LogSpec] = []
    for name, spec in value.items():
        if not isinstance(name, str) or not _LOG_NAME.match(name):
            bad("logs", f"name {name!r} must be lowercase letters, digits and dashes")
            continue
        if isinstance(spec, str):
            spec = {"path": spec}
        if not isinstance(spec, Mapping) or set(spec) - {"path", "scope"}:
            bad("logs", f"entry {name!r} must be {{path, scope}}")
            continue
        path, scope = spec.get("path"), spec.get("scope", "all")
        if not isinstance(path, str) or not path.strip():
            bad("logs", f"entry {name!r} needs a folder `path`")
            continue
        if not isinstance(scope, str) or not scope.strip():
            bad("logs", f"entry {name!r}: `scope` must be a scope name")
            continue
        out.append(LogSpec(name, path.strip(), scope.strip()))
    return tuple(out)


def _clean_path(path: str) -> str:
    cleaned = path.strip().replace("\\", "/").strip("/")
    while cleaned.startswith("./"):
        cleaned = cleaned[2:]
    return cleaned or "."


def _scopes(value: Any, bad: Any) -> tuple[ScopeSpec, ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        bad("scopes", "must be a tree of mappings")
        return ()
    out: list[ScopeSpec] = []

    def walk(node: Mapping[Any, Any], parent: str | None) -> None:
        for name, spec in node.items():
            if not isinstance(name, str) or name in ("aliases",):
                continue
            aliases: tuple[str, ...] = ()
            children: Mapping[Any, Any] = {}
            if isinstance(spec, Mapping):
                raw = spec.get("aliases")
                aliases = tuple(
                    a
                    for a in (raw if isinstance(raw, list) else [raw] if raw else [])
                    if isinstance(a, str)
                )
                children = {k: v for k, v in spec.items() if k != "aliases"}
            elif spec is not None:
                bad("scopes", f"scope {name!r} must be a mapping")
            out.append(ScopeSpec(name=name, parent=parent, aliases=aliases))
            walk(children, name)

    if set(value) == {ROOT_SCOPE} and isinstance(value[ROOT_SCOPE], Mapping | None):
        root = value[ROOT_SCOPE] or {}
        raw = root.get("aliases")
        out.append(ScopeSpec(ROOT_SCOPE, None, tuple(a for a in (raw or []) if isinstance(a, str))))
        walk({k: v for k, v in root.items() if k != "aliases"}, ROOT_SCOPE)
    else:
        walk(value, ROOT_SCOPE)
    return tuple(out)


def _topics(value: Any, bad: Any) -> tuple[TopicSpec, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        value = {t: {} for t in value if isinstance(t, str)}
    if not isinstance(value, Mapping):
        bad("topics", "must map topic names to {aliases, values}")
        return ()
    out: list[TopicSpec] = []
    for name, spec in value.items():
        if not isinstance(name, str):
            continue
        spec = spec if isinstance(spec, Mapping) else {}
        raw_aliases = spec.get("aliases") or []
        aliases = tuple(
            a
            for a in (raw_aliases if isinstance(raw_aliases, list) else [raw_aliases])
            if isinstance(a, str)
        )
        raw_values = spec.get("values") or {}
        values: list[tuple[str, tuple[str, ...]]] = []
        if isinstance(raw_values, Mapping):
            for canon, spellings in raw_values.items():
                sp = spellings if isinstance(spellings, list) else [spellings] if spellings else []
                values.append((str(canon), tuple(str(s) for s in sp)))
        out.append(TopicSpec(name=name, aliases=aliases, values=tuple(values)))
    return tuple(out)
