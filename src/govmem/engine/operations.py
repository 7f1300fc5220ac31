"""Every operation's arguments, declared once (`govmem.engine.validate` explains the parts).

`OPERATIONS` is what the Python API checks its arguments against, what the
CLI checks before it loads a corpus, and what the MCP adapter publishes as
each tool's input schema (in this order of arguments, with these
descriptions) and enforces before a tool runs. `check_arguments(name,
arguments)` validates against one of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from attrs import evolve

from govmem.model.errors import InputError, Issue
from govmem.model.records import MEMORY_CATEGORIES, PRIORITIES
from govmem.model.status import STATUS_FILTERS

from .validate import (
    Arg,
    Arguments,
    Operation,
    Value,
    duration,
    instant,
    non_blank,
    one_of_folded,
    page_size,
    repo_path,
    validate,
)

# --- values shared by several operations --------------------------------------------------

NAME: Final = Value("string", min_length=1, max_length=128)
CURSOR: Final = Value(
    "string", max_length=4096, description="The `cursor` of the previous page, unchanged."
)
LIMIT: Final = Value(
    "integer", minimum=1, maximum=100, rule=page_size, description="Page size, 1–100 (default 20)."
)
FINDINGS_CURSOR: Final = evolve(CURSOR, description="The findings page's `cursor`, unchanged.")
FINDINGS_LIMIT: Final = evolve(LIMIT, description="Findings page size, 1–100 (default 20).")
INSTANT: Final = Value(
    "string", min_length=10, max_length=64, pattern=r"^\d{4}-\d{2}-\d{2}([T ].*)?$", rule=instant
)
AS_OF: Final = evolve(
    INSTANT,
    description="The date to answer for: YYYY-MM-DD or an ISO timestamp (default: now).",
)
KNOWN_AS_OF: Final = Value(
    "string",
    min_length=7,
    max_length=64,
    pattern=r"^(\d{4}-\d{2}-\d{2}([T ].*)?|[0-9a-fA-F]{7,40})$",
)
TAG: Final = Value("string", min_length=1, max_length=64)
CATEGORY: Final = Value("string", rule=one_of_folded(MEMORY_CATEGORIES, "memory category"))
"""A memory category, compared trimmed and lower-cased (its normal form)."""


def _paging() -> tuple[Arg, ...]:
    return (Arg("cursor", CURSOR), Arg("limit", LIMIT, default=20))


def _adrkit_paging() -> tuple[Arg, ...]:
    return (
        *_paging(),
        Arg("findings_cursor", FINDINGS_CURSOR, wire="findingsCursor"),
        Arg("findings_limit", FINDINGS_LIMIT, wire="findingsLimit", default=20),
    )


def _mind(description: str) -> Arg:
    return Arg("mind", NAME, default="default", description=description)


# --- remember: what a memory and a claim take ----------------------------------------------

MAX_CONTENT: Final = 16 * 1024
MAX_TAGS: Final = 32
MAX_NAME: Final = 128
GOVERNED_FIELDS: Final = frozenset(
    {
        "verified",
        "approved",
        "accepted",
        "authority",
        "supersedes",
        "superseded_by",
        "conflicts_with",
    }
)
"""Fields nothing an agent can call sets (SPEC §2 Governance): refused by name."""
_KEY: Final = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)*$")
_NOT_KEY: Final = re.compile(r"[^a-z0-9]+")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _strings(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list | tuple) else ()


def remember_rules(a: Mapping[str, object]) -> tuple[Issue, ...]:
    """Which fields a memory and a claim take, and what each must hold (every problem)."""
    issues: list[Issue] = []
    kind, content = a["kind"], _text(a["content"]) or ""
    category, key, priority, mind = (_text(a[n]) for n in ("category", "key", "priority", "mind"))
    text = content.strip()
    if not text:
        issues.append(Issue("content", "must not be empty"))
    elif len(text) > MAX_CONTENT:
        issues.append(Issue("content", f"must be at most {MAX_CONTENT} characters"))
    if kind == "memory":
        cats = ", ".join(MEMORY_CATEGORIES)
        if category is None or not category.strip():
            issues.append(Issue("category", f"is required for a memory: one of {cats}"))
        elif category.strip().lower() not in MEMORY_CATEGORIES:
            issues.append(Issue("category", f"{category!r} is not one of {cats}"))
        if key is None or not key.strip():
            issues.append(Issue("key", "is required for a memory: a stable snake_case name"))
        elif not _KEY.match(key.strip()) or len(key.strip()) > MAX_NAME:
            hint = _NOT_KEY.sub("_", key.strip().lower()).strip("_")
            issues.append(
                Issue("key", f"{key!r} is not snake_case (letters, digits, _); e.g. {hint!r}")
            )
        if priority is not None and priority.strip().lower() not in PRIORITIES:
            issues.append(Issue("priority", f"{priority!r} is not one of {', '.join(PRIORITIES)}"))
        if mind is not None and not (0 < len(mind.strip()) <= MAX_NAME):
            issues.append(Issue("mind", f"must be 1–{MAX_NAME} characters"))
    elif kind == "claim":
        for name, given in (
            ("category", category),
            ("key", key),
            ("priority", priority),
            ("mind", mind),
        ):
            if given is not None:
                issues.append(
                    Issue(name, "is for memories; a claim has none (use topic, value, scope)")
                )
        if a["expires_at"] is not None:
            issues.append(Issue("expires_at", "is for memories; a claim has none"))
    else:
        issues.append(Issue("kind", f"{kind!r} is not memory or claim"))
    tags = [t.strip() for t in _strings(a["tags"])]
    if len(tags) > MAX_TAGS:
        issues.append(Issue("tags", f"at most {MAX_TAGS} tags"))
    issues += [
        Issue(f"tags.{i}", f"must be 1–{TAG.max_length} characters")
        for i, t in enumerate(tags)
        if not 0 < len(t) <= (TAG.max_length or 0)
    ]
    for name in ("topic", "value", "scope"):
        given = _text(a[name])
        if given is not None and not (0 < len(given.strip()) <= MAX_NAME * 4):
            issues.append(Issue(name, "must not be empty"))
    issues += [
        Issue(f"source_ids.{i}", f"must be 1–{MAX_NAME} characters")
        for i, s in enumerate(_strings(a["source_ids"]))
        if not 0 < len(s.strip()) <= MAX_NAME
    ]
    return tuple(issues)


# --- proposals: what check_proposal and propose_decision take ---------------------------------

MAX_TITLE: Final = 200
MAX_REFS: Final = 16
TITLE: Final = Value("string", min_length=1, max_length=MAX_TITLE, rule=non_blank)
PROSE: Final = Value("string", min_length=1, max_length=MAX_CONTENT, rule=non_blank)
AGENT_REFUSED: Final = MappingProxyType(
    dict.fromkeys(
        sorted(GOVERNED_FIELDS - {"supersedes"} | {"status", "ratified_by", "amends", "date"}),
        "an agent writes only a new proposed record, dated today; a person accepts it"
        " (govmem approve at the CLI, or a reviewed edit)",
    )
)
"""What `propose_decision` refuses by name: the governed fields, its status, its date."""


def one_line(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
    """A title: one line, something left after trimming."""
    if isinstance(value, str) and ("\n" in value or "\r" in value):
        return value, (Issue(name, f"{name} must be one line"),)
    return non_blank(name, value)


def _proposal_args(*, agent: bool) -> tuple[Arg, ...]:
    title = Arg(
        "title",
        evolve(TITLE, rule=one_line),
        required=True,
        description="The decision's title, as a heading would say it (`Use Redis for caching`).",
    )
    decision = Arg(
        "decision",
        PROSE,
        required=agent,
        description="What would be decided, in a sentence or a paragraph (`We will use Redis …`).",
    )
    topic = Arg(
        "topic", NAME, description="The topic (a name or alias); inferred from the words if absent."
    )
    scope = Arg(
        "scope", NAME, description="Where it would apply (a scope name or alias); default: all."
    )
    if not agent:
        return (
            title,
            decision,
            topic,
            scope,
            Arg("as_of", AS_OF),
            Arg("value", NAME, published=False),
        )
    return (
        title,
        decision,
        Arg("context", PROSE, description="Why: the facts and forces behind the proposal."),
        topic,
        scope,
        Arg(
            "supersedes",
            Value("array", items=evolve(NAME, rule=non_blank), max_items=MAX_REFS, unique=True),
            description=(
                "Records it would replace (ids or numbers: `0004`, `adr-001`): a link in the new"
                " record only, pending until a person accepts it."
            ),
        ),
        Arg(
            "request_id",
            Value("string", min_length=1, max_length=MAX_NAME),
            description=(
                "An idempotency key you choose (a UUID): a retry with the same key returns the"
                " first call's record and writes nothing."
            ),
        ),
    )


# --- the operations ---------------------------------------------------------------------------

OPERATIONS: Final[Mapping[str, Operation]] = MappingProxyType(
    {
        op.name: op
        for op in (
            Operation(
                "query",
                (
                    Arg(
                        "question",
                        Value("string", min_length=1, max_length=2000),
                        required=True,
                        description="The question in words, any language.",
                    ),
                    Arg(
                        "topic",
                        NAME,
                        description="The topic (a name or alias); inferred from the question if absent.",
                    ),
                    Arg(
                        "scope",
                        NAME,
                        description="The scope (a name or alias); else one named in the question.",
                    ),
                    Arg("as_of", AS_OF),
                    Arg(
                        "known_as_of",
                        KNOWN_AS_OF,
                        description=(
                            "Read the records as they were committed then: a date (YYYY-MM-DD or ISO "
                            "timestamp) or a 7–40 hex commit. as_of then defaults to that date."
                        ),
                    ),
                    _mind("Whose memories to include (default: default)."),
                ),
            ),
            Operation(
                "get_decision_history",
                (
                    Arg(
                        "topic",
                        NAME,
                        required=True,
                        description="A topic name or alias, or the id of one of its records.",
                    ),
                    Arg("scope", NAME, description="Only records of scopes overlapping this one."),
                    *_paging(),
                ),
            ),
            Operation(
                "find_conflicts",
                (
                    Arg("topic", NAME, description="Only this topic."),
                    Arg("scope", NAME, description="Only this scope."),
                    Arg("as_of", AS_OF),
                    *_paging(),
                ),
            ),
            Operation(
                "list_topics",
                (
                    Arg(
                        "scope",
                        NAME,
                        description="Only topics with a record on this scope, its parents or children.",
                    ),
                    Arg("as_of", AS_OF),
                    _mind("Whose memories count (default: default)."),
                    *_paging(),
                ),
            ),
            Operation("recall", (Arg("as_of", AS_OF), _mind("Whose memories (default: default)."))),
            Operation(
                "search_memories",
                (
                    Arg("tag", TAG, description="A tag, case-insensitive."),
                    Arg(
                        "text",
                        Value("string", min_length=1, max_length=256),
                        description="Text to find in a memory's key or content, case-insensitive.",
                    ),
                    _mind("Whose memories (default: default)."),
                    *_paging(),
                ),
            ),
            Operation(
                "expiring",
                (
                    Arg(
                        "within",
                        Value("string", rule=duration),
                        required=True,
                        description="How soon: 12h, 7d, 2w…",
                    ),
                    Arg("as_of", AS_OF),
                    _mind("Whose memories (default: default)."),
                    *_paging(),
                ),
            ),
            Operation(
                "memory_history",
                (
                    Arg("category", CATEGORY, required=True),
                    Arg("key", Value("string"), required=True),
                    _mind("Whose memories (default: default)."),
                ),
            ),
            Operation(
                "remember",
                (
                    Arg(
                        "content",
                        Value("string", min_length=1, max_length=MAX_CONTENT),
                        required=True,
                        description="The statement, in words.",
                    ),
                    Arg(
                        "kind",
                        Value("string", choices=("memory", "claim")),
                        default="memory",
                        description="`memory` (needs category and key) or `claim` (neither).",
                    ),
                    Arg(
                        "category",
                        Value("string", choices=MEMORY_CATEGORIES),
                        description="A memory's category (required for memories).",
                    ),
                    Arg(
                        "key",
                        Value(
                            "string",
                            min_length=1,
                            max_length=MAX_NAME,
                            pattern=r"^[a-z0-9]+(_[a-z0-9]+)*$",
                        ),
                        description="A memory's stable snake_case key (required for memories).",
                    ),
                    Arg(
                        "tags",
                        Value("array", items=TAG, max_items=MAX_TAGS),
                        description="Labels.",
                    ),
                    Arg(
                        "priority",
                        Value("string", choices=("low", "normal", "high", "critical")),
                        description="A memory's priority (default normal).",
                    ),
                    Arg(
                        "expires_at",
                        INSTANT,
                        description="When a memory is forgotten: YYYY-MM-DD or an ISO timestamp.",
                    ),
                    Arg("topic", NAME, description="What it is about."),
                    Arg(
                        "value",
                        NAME,
                        description="The option it states, compared to find conflicts.",
                    ),
                    Arg("scope", NAME, description="Where it applies."),
                    Arg(
                        "source_ids",
                        Value("array", items=NAME, max_items=MAX_TAGS),
                        description="Ids of source records it rests on.",
                    ),
                    Arg(
                        "request_id",
                        Value("string", min_length=1, max_length=MAX_NAME),
                        description=(
                            "An idempotency key you choose (a UUID): a retried write with the"
                            " same key returns the first write's id and path and writes nothing."
                        ),
                    ),
                    Arg("mind", NAME, published=False),
                ),
                cross=remember_rules,
                refused=MappingProxyType(
                    dict.fromkeys(
                        GOVERNED_FIELDS,
                        "only a human can set this (govmem verify/approve at the CLI)",
                    )
                ),
            ),
            Operation(
                "search_decisions",
                (
                    Arg(
                        "query",
                        Value("string", min_length=1, max_length=256, rule=non_blank),
                        required=True,
                        description="Text to find (literal, case-insensitive) in id, title, tags, body.",
                    ),
                    Arg(
                        "status",
                        Value(
                            "array",
                            items=Value("string", choices=STATUS_FILTERS),
                            min_items=1,
                            max_items=6,
                            unique=True,
                        ),
                        description="Any of these statuses.",
                    ),
                    Arg(
                        "tags",
                        Value("array", items=TAG, min_items=1, max_items=32, unique=True),
                        description="All of these tags.",
                    ),
                    Arg(
                        "scope",
                        Value(
                            "array",
                            items=evolve(NAME, rule=non_blank),
                            min_items=1,
                            max_items=3,
                            unique=True,
                        ),
                        description="Any of these scopes (or narrower).",
                    ),
                    *_adrkit_paging(),
                ),
                strict=True,
            ),
            Operation(
                "get_decision",
                (
                    Arg(
                        "ref",
                        evolve(NAME, or_integer=True),
                        required=True,
                        description=(
                            'An id (`adr-024`, `0042`), a number (`24` or "24"), a file name or a link.'
                        ),
                    ),
                    *_adrkit_paging(),
                ),
                strict=True,
            ),
            Operation(
                "get_decision_context",
                (
                    Arg(
                        "files",
                        Value(
                            "array",
                            items=Value("string", min_length=1, max_length=1024, rule=repo_path),
                            min_items=1,
                            max_items=256,
                        ),
                        required=True,
                        description="Repo-relative POSIX paths (no leading /, no .., no backslash).",
                    ),
                    *_adrkit_paging(),
                ),
                strict=True,
            ),
            Operation("list_superseded", _adrkit_paging(), strict=True),
            Operation("check_proposal", _proposal_args(agent=False)),
            Operation("propose_decision", _proposal_args(agent=True), refused=AGENT_REFUSED),
        )
    }
)
"""Every operation, by name (the MCP tool's name, where it is one)."""


def check_arguments(name: str, arguments: object, *, wire: bool = False) -> Arguments:
    """Validate `arguments` of the operation `name` (`validate.validate`).

    Raises:
        InputError: an unknown operation, or arguments that break its contract.
    """
    op = OPERATIONS.get(name)
    if op is None:
        msg = f"unknown operation {name!r}; expected one of {', '.join(sorted(OPERATIONS))}"
        raise InputError("", msg)
    return validate(op, arguments, wire=wire)
