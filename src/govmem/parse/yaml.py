"""Safe, bounded YAML: text -> JSON-safe data, or the reason it is `bad-yaml`.

YAML is read with ruamel.yaml `YAML(typ="safe")` (the C parser when
`ruamel.yaml.clib` is installed), YAML 1.2: `yes` stays a string, `052` is
the integer 52. Three departures from a plain load, all deliberate:

* **Timestamps stay strings, as written.** `date: 2026-01-05` is the string
  `"2026-01-05"` (as adrkit's YAML 1.2 core schema reads it), so a
  frontmatter prints back what the file says and every date goes through
  one parser (`dates`).
* **Bounds.** Aliases let a small file describe a huge value ("billion
  laughs"). The loaded graph shares nodes, so it is small; its *expansion*
  is measured without building it (each shared node's size computed once,
  counted at every use). Expanding beyond 64 KiB of scalars, nesting deeper
  than 64 levels, or a recursive alias is `bad-yaml`.
* **Duplicate keys** are `bad-yaml` (ruamel's default, kept).
* **No crash on deep nesting.** The C parser recurses on the C stack and
  crashes the process on a few thousand nested `[` or `- ` (measured:
  beyond ~20,000 on the main thread, ~3,000 on a 512 KiB thread stack), a
  size a 64 KiB file can reach. Text whose `nesting_estimate` exceeds the
  bound is therefore parsed by ruamel's pure-Python parser, which fails
  with a `RecursionError` instead (then `bad-yaml`); an estimate 16 times
  the bound is `bad-yaml` without parsing (the pure parser is slow on it).

The result is JSON-safe (`Json`): mappings with string keys in written
order, lists, strings, numbers, booleans, null. Nothing here does I/O.
"""

from __future__ import annotations

import base64
import math
import re
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Final

from attrs import frozen

from .fastyaml import Json as Json
from .fastyaml import load_plain, load_plain_stream

MAX_EXPANSION: Final = 64 * 1024
"""Most characters of scalars a document may expand to through aliases."""
MAX_DEPTH: Final = 64
"""Deepest nesting of mappings and lists."""


_HOPELESS: Final = 16 * MAX_DEPTH
"""A nesting estimate so far beyond the bound that no parse is attempted."""
_BRACKETS: Final = re.compile(r"[\[\]{}]")
_LINE: Final = re.compile(r"^([ \t]*)((?:[-?][ \t]+)*)[^\s#]", re.MULTILINE)


@frozen
class Loaded:
    """YAML that loaded within bounds, as JSON-safe data (`None` for an empty document)."""

    data: Json


@frozen
class BadYaml:
    """YAML that cannot be read: the reason, for a `bad-yaml` finding."""

    message: str


class _TooBig(Exception):
    """The document exceeds a bound."""


def _measure(node: object, depth: int, sizes: dict[int, int], open_: set[int]) -> int:
    """Expanded size of `node` in scalar characters; raises `_TooBig` past a bound."""
    if not isinstance(node, dict | list | set | tuple):
        return len(str(node))
    if depth > MAX_DEPTH:
        msg = f"nesting deeper than {MAX_DEPTH} levels"
        raise _TooBig(msg)
    key = id(node)
    if key in open_:
        msg = "a recursive alias"
        raise _TooBig(msg)
    if key in sizes:
        return sizes[key]
    open_.add(key)
    items = [x for kv in node.items() for x in kv] if isinstance(node, dict) else list(node)
    total = 1
    for item in items:
        total += _measure(item, depth + 1, sizes, open_)
        if total > MAX_EXPANSION:
            msg = f"alias expansion beyond {MAX_EXPANSION // 1024} KiB"
            raise _TooBig(msg)
    open_.discard(key)
    sizes[key] = total
    return total


def _key(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    scalar = json_safe(value)
    return scalar if isinstance(scalar, str) else str(scalar)


def json_safe(value: object) -> Json:
    """Loaded YAML as JSON-safe data: string keys, dates as ISO strings, bytes as base64."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {_key(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return list[Json](sorted(_key(v) for v in value))
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return str(value)


def nesting_estimate(text: str) -> int:
    """An upper-bound guess of how deeply `text` nests, without parsing it.

    Indentation levels plus compact `- - x` / `? x` indicators on one line,
    plus the deepest run of open flow brackets. Brackets and indentation
    inside strings and block scalars inflate it, never deflate it.
    """
    flow = top_flow = 0
    for bracket in _BRACKETS.findall(text):
        flow = flow + 1 if bracket in "[{" else max(flow - 1, 0)
        top_flow = max(top_flow, flow)
    indents: list[int] = []
    block = 0
    for m in _LINE.finditer(text):
        indent = len(m[1])
        while indents and indents[-1] >= indent:
            indents.pop()
        indents.append(indent)
        block = max(block, len(indents) + m[2].count("-") + m[2].count("?"))
    return block + top_flow


def _load_documents(text: str, pure: bool, *, stream: bool) -> list[Any]:
    """Every document of `text` (only the first unless `stream`), C parser unless `pure`.

    ruamel.yaml is imported on the first document that needs it (`_ruamel`): plain
    frontmatter never does, and a start that answers from the parse cache reads none.
    """
    from ._ruamel import load_documents  # noqa: PLC0415

    return load_documents(text, pure, stream=stream)


def load_yaml(text: str) -> Loaded | BadYaml:
    """Load one YAML document safely and within bounds.

    Plain frontmatter (flat `key: value` lines of simple scalars and lists)
    takes the fast path of `fastyaml`, which gives the same data; anything
    else is parsed by ruamel.

    Returns:
        `Loaded` with JSON-safe data, or `BadYaml` with a one-line reason.
    """
    if (plain := load_plain(text)) is not None:
        return Loaded(plain)
    return parse_yaml(text)


def parse_yaml(text: str) -> Loaded | BadYaml:
    """`load_yaml` through ruamel always (no fast path): the reference the fast path matches."""
    estimate = nesting_estimate(text)
    if estimate > _HOPELESS:
        return BadYaml(f"nesting deeper than {MAX_DEPTH} levels")
    loaded = _bounded(lambda: _load_documents(text, estimate > MAX_DEPTH, stream=False))
    if isinstance(loaded, Loaded) and isinstance(loaded.data, list):
        return Loaded(loaded.data[0])
    return loaded


def load_yaml_documents(text: str) -> Loaded | BadYaml:
    """Load every document of a YAML stream; `Loaded.data` is their list.

    A file that is one block list of flat mappings (memory and claim files) takes the fast
    path of `fastyaml`, which gives the same data; anything else is parsed by ruamel.
    """
    plain = load_plain_stream(text)
    if plain is None:
        return parse_yaml_documents(text)
    try:
        _measure([plain], 0, {}, set())
    except _TooBig as e:
        return BadYaml(str(e))
    return Loaded([plain])


def parse_yaml_documents(text: str) -> Loaded | BadYaml:
    """`load_yaml_documents` through ruamel always: the reference its fast path matches."""
    estimate = nesting_estimate(text)
    if estimate > _HOPELESS:
        return BadYaml(f"nesting deeper than {MAX_DEPTH} levels")
    return _bounded(lambda: _load_documents(text, estimate > MAX_DEPTH, stream=True))


def _bounded(load: Callable[[], list[Any]]) -> Loaded | BadYaml:
    try:
        documents = load()
        _measure(documents, 0, {}, set())
    except _TooBig as e:
        return BadYaml(str(e))
    except RecursionError:
        return BadYaml(f"nesting deeper than {MAX_DEPTH} levels")
    except Exception as e:  # ruamel raises many kinds; all mean "not readable YAML"
        return BadYaml(_first_line(e))
    return Loaded([json_safe(d) for d in documents])


def _first_line(error: Exception) -> str:
    """ruamel's multi-line message as one line: the last problem and where it is."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    problems = [ln for ln in lines if not ln.startswith(("in ", "To suppress", "http"))]
    places = [ln[3:].replace('"<unicode string>", ', "") for ln in lines if ln.startswith("in ")]
    problem = problems[-1] if problems else type(error).__name__
    return f"{problem} ({places[-1]})" if places else problem
