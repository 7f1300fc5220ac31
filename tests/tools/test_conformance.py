"""Replay adrkit 0.8.0's recorded answers against govmem on the same corpora (SPEC §6).

`tests/data/adrkit-conformance/outputs/*.json` holds real `tools/call` exchanges
of adrkit-mcp on its fixture corpora (`tests/data/corpora/adrkit-fixtures/`), on
copies of three real corpora and on small corpora given inline. Each corpus
is copied into `tmp_path/docs/adr/` (the layout adrkit was served from), so
`sourcePath` is `docs/adr/<file>` on both sides.

Each exchange is compared **aspect by aspect**:

* `outcome`, or for a schema violation (`isError`) that govmem raises `InputError`;
* `items`: the primary answer, normalised per outcome — ids and their order,
  source paths, statuses, `matchedFields`, typed frontmatter and body,
  candidates, the three context buckets with `firedMatchers` and relations,
  `supersededBy` states, the `invalid-cursor` reason;
* `cursor`: whether a next page exists;
* `findings`: the multiset of (rule, path, id) — adrkit's rule names mapped
  to govmem's (`RULES`) — plus severity for rules both share, and whether
  more findings follow. Messages and fingerprints are never compared.

Cursors recorded by adrkit carry adrkit's fingerprint; before replaying, each
is re-bound to govmem's fingerprint (its channel, query hash and offset kept:
govmem hashes the same query-shape parts, so the recorded `qh` is valid
here). The `corpus-changed` exchange keeps the recorded cursor.

Every aspect that differs must be listed in `DIVERGENCES` with its reason
(mirrored in `docs/tools.md`); an aspect listed there that agrees fails too,
so the table stays exact.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import pytest

import govmem
from govmem import Corpus, InputError, Matcher, Record
from govmem.engine.cursor import Cursor, decode_cursor, encode_cursor
from tests.conftest import CORPORA, DATA, run_tool

OUTPUTS: Final = DATA / "adrkit-conformance" / "outputs"
CASES: Final = DATA / "adrkit-conformance" / "affects-cases"
FIXTURES: Final = CORPORA / "adrkit-fixtures"
REAL: Final = CORPORA

RULES: Final = {
    "unique-id": "duplicate-id",
    "dangling-supersedes": "dangling-ref",
    "dangling-supersededBy": "dangling-ref",
    "dangling-relatesTo": "dangling-ref",
    "dangling-conflictsWith": "dangling-ref",
}
"""adrkit rule -> govmem code, where govmem names the same problem differently."""
SHARED_RULES: Final = frozenset(
    {
        "affects-bad-pattern",
        "affects-unresolvable",
        "affects-unknown-type",
        "superseded-target-ambiguous",
        "superseded-target-federated-unavailable",
        "record-too-large",
    }
)
"""Rules both implementations emit under one name: their severity is compared too."""

_READS_MORE: Final = (
    "govmem reads files adrkit's strict schema rejects, and reports its own "
    "findings (SPEC §2) instead of adrkit's zod issues"
)
_RULE_SCOPE: Final = (
    "govmem keeps a federated `log:id` ref verbatim without a finding (SPEC §2) and "
    "reports a ref naming two records as `ambiguous-ref`, where adrkit calls a "
    "federated ref dangling and an ambiguous one fine"
)
DIVERGENCES: Final[dict[tuple[str, str], tuple[frozenset[str], str]]] = {
    # per-tool.edge-corpus: the recorded answers agree; only finding rules differ
    **{
        ("per-tool.edge-corpus.json", label): (frozenset({"findings"}), _RULE_SCOPE)
        for label in (
            "ambiguous-local-id",
            "ambiguous-local-id-paged",
            "entries-four-supersededBy-states",
            "results-duplicate-ids",
        )
    },
    # per-tool.degraded-corpus: 0030 has a two-character title
    ("per-tool.degraded-corpus.json", "matches-with-derived-affects-finding"): (
        frozenset({"findings"}),
        (
            "0030's title `ab` is too short for adrkit's schema (invalid-size); govmem "
            "reads the record (SPEC §2: forgiving types)"
        ),
    ),
    ("per-tool.degraded-corpus.json", "schema-invalid-record-is-not-found"): (
        frozenset({"outcome", "items", "findings"}),
        "govmem reads 0030 (title `ab`) and answers `found`; adrkit excludes it (invalid-size)",
    ),
    ("per-tool.degraded-corpus.json", "results"): (
        frozenset({"findings"}),
        "no invalid-size finding: govmem reads 0030",
    ),
    # real corpora: adrkit reads none of their files
    ("findings-page.real-jabref.json", "findings-page-1"): (
        frozenset({"items", "findings"}),
        "adrkit rejects all 70 MADR files (0 records); govmem reads them and finds "
        "`database` in several. " + _READS_MORE,
    ),
    ("findings-page.real-jabref.json", "findings-page-2"): (
        frozenset({"items", "findings"}),
        "the second page of govmem's own findings (the cursor re-bound to govmem's "
        "fingerprint is valid here). " + _READS_MORE,
    ),
    ("findings-page.real-govuk-aws.json", "findings-page-1"): (
        frozenset({"items", "findings"}),
        (
            "adrkit rejects every Nygard file without frontmatter (frontmatter-fence); "
            "govmem reads all 38 (SPEC §2 Files)"
        ),
    ),
    ("findings-page.real-govuk-aws.json", "findings-page-2"): (
        frozenset({"outcome", "items", "findings"}),
        (
            "adrkit's second findings page of frontmatter-fence errors has no counterpart: "
            "govmem's findings fit one page (offset-out-of-range)"
        ),
    ),
    ("findings-page.real-cometbft.json", "findings-page-1"): (
        frozenset({"items", "findings"}),
        (
            "adrkit discovers no `adr-NNN-*.md` file (its name rule); govmem reads every "
            "ADR and reports its own findings"
        ),
    ),
    # input validation: govmem's inputs are wider by design
    ("input-errors.json", "bad-scope-enum"): (
        frozenset({"error"}),
        "`scope` takes govmem scope names (SPEC §6), not adrkit's component/domain/org",
    ),
    ("input-errors.json", "bad-ref-pattern"): (
        frozenset({"error"}),
        "`ref` is any 1–128 string matched by the ref forms of SPEC §2 (`ADR-1` finds 0001)",
    ),
    # adrkit-docs-adr: the answers agree; govmem also names the template it skips
    **{
        ("invalid-cursor.adrkit-docs-adr.json", label): (
            frozenset({"findings"}),
            (
                "govmem reports `0000-template.md` as an info `not-a-record` (SPEC §2 Files); "
                "adrkit never discovers it"
            ),
        )
        for label in ("page-1-mints-cursor", "page-2-valid")
    },
    # inline edge corpora: YAML and schema quirks adrkit rejects and govmem reads
    **{
        ("edge-cases.json", f"edge-yaml #{i}"): (
            frozenset({"findings"}),
            "govmem reads 0101 (numeric id), 0102 (`Accepted`), 0103 (BOM), 0107 (timestamp "
            "date), 0108 (uppercase tag), 0110/0111 (accepted without deciders or ratifier: "
            "0111 reads proposed), 0115 (no frontmatter: a heading-less file is not a record), "
            "0117 (unknown keys), sub/0200 (nested); duplicate keys, a bad date and an "
            "unclosed fence are bad-yaml/bad-date. " + _READS_MORE,
        )
        for i in range(6)
    },
    ("edge-cases.json", "edge-fs #0"): (
        frozenset({"findings"}),
        (
            "govmem reads a symlink that stays inside the root (0002 is a second record "
            "with id 0001, hence duplicate-id); adrkit ignores symlinked records silently"
        ),
    ),
}
"""(file, exchange label) -> (aspects that differ, why). Mirrored in docs/tools.md."""

NOT_REPLAYED: Final = {
    "tools-list.legacy.json": "protocol: tools/list belongs to the MCP adapter (tests/mcp)",
    "tools-list.modern.json": "protocol: tools/list belongs to the MCP adapter (tests/mcp)",
    "corpus-unavailable.json": "root and folder checks belong to the I/O shell and MCP adapter",
}
"""Recorded files whose exchanges are not tool answers of a corpus."""


# --- corpora --------------------------------------------------------------------------


def _copy_folder(source: Path, root: Path) -> Path:
    """`source`'s top-level Markdown files (not SOURCE.md) into `root/docs/adr/`."""
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)
    for path in sorted(source.glob("*.md")):
        if path.name != "SOURCE.md":
            shutil.copyfile(path, adr / path.name)
    return root


def _write_inputs(inputs: dict[str, Any], root: Path) -> Path:
    """An inline corpus of `edge-cases.json`: text, symlinks and sized files."""
    for name, spec in inputs.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(spec, str):
            path.write_bytes(spec.encode("utf-8"))
        elif "symlinkTo" in spec:
            path.symlink_to(spec["symlinkTo"])
        else:
            rid = name.rsplit("/", 1)[-1][:4]
            head = f'---\nid: "{rid}"\ntitle: Sized record {rid}\nstatus: proposed\ndate: 2026-01-01\n---\n'
            path.write_bytes(head.encode() + b"x" * (spec["bytes"] - len(head)))
    return root


def _corpus_of(document: dict[str, Any], root: Path) -> Corpus:
    name = str(document["corpus"]).split(" ", 1)[0]
    real = name.startswith("real-")
    source = REAL / name.removeprefix("real-") if real else FIXTURES / name
    return govmem.load(_copy_folder(source, root))


# --- exchanges ------------------------------------------------------------------------


@attrs.frozen
class Exchange:
    """One recorded tool call: where it came from, its request and adrkit's response."""

    file: str
    label: str
    tool: str
    arguments: dict[str, Any]
    response: dict[str, Any]
    inputs: dict[str, Any] | None = None


def _exchanges() -> Iterator[Exchange]:
    if not OUTPUTS.is_dir():
        return
    for path in sorted(OUTPUTS.glob("*.json")):
        if path.name in NOT_REPLAYED:
            continue
        document = json.loads(path.read_text(encoding="utf-8"))
        if "corpora" in document:
            for corpus in document["corpora"]:
                for i, ex in enumerate(corpus["exchanges"]):
                    yield Exchange(
                        path.name,
                        f"{corpus['corpus']} #{i}",
                        ex["request"]["name"],
                        ex["request"]["arguments"],
                        ex["response"],
                        corpus["inputs"],
                    )
            continue
        for ex in document["exchanges"]:
            params = ex["request"]["params"]
            yield Exchange(
                path.name, ex["label"], params["name"], params["arguments"], ex["response"]
            )


EXCHANGES: Final = list(_exchanges())


def _rebind(value: str, fingerprint: str) -> str:
    """A recorded cursor with govmem's fingerprint in place of adrkit's."""
    decoded = decode_cursor(value)
    if not isinstance(decoded, Cursor) or value != encode_cursor(decoded):
        return value
    return encode_cursor(attrs.evolve(decoded, fp=fingerprint))


def _arguments(ex: Exchange, corpus: Corpus) -> dict[str, Any]:
    if ex.label.startswith("corpus-changed"):
        return ex.arguments
    return {
        k: _rebind(v, corpus.health.fingerprint) if k in ("cursor", "findingsCursor") else v
        for k, v in ex.arguments.items()
    }


# --- normalisation --------------------------------------------------------------------


def _entry(item: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(
        json.dumps(item.get(k), sort_keys=True)
        for k in (
            "id",
            "title",
            "status",
            "sourcePath",
            "matchedFields",
            "firedMatchers",
            "relations",
            "supersededBy",
        )
    )


def _primary(result: dict[str, Any]) -> Any:
    """The answer without findings, cursors and free text, as comparable data."""
    outcome = result["outcome"]
    if outcome in ("results", "entries"):
        return [_entry(i) for i in result["items"]]
    if outcome == "found":
        return json.dumps(result["decision"], sort_keys=True)
    if outcome == "ambiguous-local-id":
        return [_entry(i) for i in result["candidates"]]
    if outcome == "matches":
        return {
            k: [_entry(i) for i in result[k]] for k in ("governing", "activeProposals", "history")
        }
    if outcome == "invalid-cursor":
        return result["reason"]
    return {k: result.get(k) for k in ("requestedRef", "log", "id")}


def _findings(result: dict[str, Any]) -> tuple[Counter[tuple[str, ...]], bool]:
    page = result.get("findings") or {"items": [], "cursor": None}
    keys: Counter[tuple[str, ...]] = Counter()
    for f in page["items"]:
        rule = RULES.get(f["rule"], f["rule"])
        severity = f["severity"] if rule in SHARED_RULES else ""
        keys[(rule, severity, f.get("path", ""), f.get("id", ""), f.get("pattern", ""))] += 1
    return keys, page["cursor"] is not None


def _differences(ex: Exchange, corpus: Corpus) -> set[str]:
    """The aspects on which govmem's answer differs from adrkit's."""
    expected_error = bool(ex.response.get("isError")) or "jsonrpcError" in ex.response
    try:
        got = run_tool(corpus, ex.tool, _arguments(ex, corpus))
    except InputError:
        return set() if expected_error else {"error"}
    if expected_error:
        return {"error"}
    want = ex.response["structuredContent"]["result"]
    diff: set[str] = set()
    if got["outcome"] != want["outcome"]:
        return {"outcome", "items", *(["findings"] if "findings" in want else [])}
    if _primary(got) != _primary(want):
        diff.add("items")
    if (got.get("cursor") is not None) != (want.get("cursor") is not None):
        diff.add("cursor")
    if _findings(got) != _findings(want):
        diff.add("findings")
    return diff


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Corpus]:
    """One govmem corpus per recorded file (or inline corpus), loaded once."""
    out: dict[str, Corpus] = {}
    for ex in EXCHANGES:
        key = ex.file if ex.inputs is None else ex.label.split(" #")[0]
        if key in out:
            continue
        root = tmp_path_factory.mktemp("adrkit")
        if ex.inputs is not None:
            out[key] = govmem.load(_write_inputs(ex.inputs, root))
        else:
            document = json.loads((OUTPUTS / ex.file).read_text(encoding="utf-8"))
            out[key] = _corpus_of(document, root)
    return out


@pytest.mark.parametrize("ex", EXCHANGES, ids=lambda ex: f"{ex.file}:{ex.label}")
def test_each_recorded_exchange_agrees_or_is_a_documented_divergence(
    corpora: dict[str, Corpus], ex: Exchange
) -> None:
    """govmem answers as adrkit did, except on the aspects `DIVERGENCES` lists and explains."""
    key = ex.file if ex.inputs is None else ex.label.split(" #")[0]
    expected, _why = DIVERGENCES.get((ex.file, ex.label), (frozenset(), ""))
    assert _differences(ex, corpora[key]) == set(expected)


def test_every_documented_divergence_names_a_recorded_exchange() -> None:
    """The table has no stale rows."""
    labels = {(ex.file, ex.label) for ex in EXCHANGES}
    assert set(DIVERGENCES) <= labels


def test_the_recorded_answers_are_all_replayed() -> None:
    """Every recorded file is replayed or explained in `NOT_REPLAYED`."""
    files = {p.name for p in OUTPUTS.glob("*.json")}
    assert files == {ex.file for ex in EXCHANGES} | set(NOT_REPLAYED)
    assert len(EXCHANGES) >= 40


def test_corpus_changed_after_a_one_byte_edit(tmp_path: Path) -> None:
    """As recorded on adrkit-docs-adr: one newline in one body, and the old cursor is refused."""
    root = _copy_folder(FIXTURES / "adrkit-docs-adr", tmp_path)
    first = govmem.load(root).search_decisions("the").to_wire()
    assert first["cursor"] is not None
    body = next((root / "docs" / "adr").glob("0001-*.md"))
    body.write_text(body.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    again = govmem.load(root).search_decisions("the", cursor=first["cursor"]).to_wire()
    assert again == {
        "outcome": "invalid-cursor",
        "reason": "corpus-changed",
        "message": "Corpus changed after this cursor was issued.",
    }


# --- adrkit's published affects cases --------------------------------------------------


def _case_names() -> list[str]:
    return sorted(p.stem for p in CASES.glob("*.json")) if CASES.is_dir() else []


@pytest.mark.parametrize("name", _case_names())
def test_each_published_affects_case(name: str) -> None:
    """adrkit's nine portable cases: the same matches, fired matchers and findings."""
    case = json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))
    records = [
        Record(
            id=r["id"],
            kind="decision",
            title=f"Case {r['id']}",
            content="",
            status="accepted",
            label="accepted",
            path=f"docs/adr/{r['id']}-case.md",
            affects=tuple(
                Matcher(m["pattern"], m.get("type", "path"), m.get("negate", False), m.get("repo"))
                for m in r["affects"]
            ),
        )
        for r in case["records"]
    ]
    result = (
        Corpus.from_records(records).get_decision_context(case["changedFiles"], limit=100).to_wire()
    )
    got = [(e["id"], e["firedMatchers"]) for e in result["governing"]]
    if "snapshots" in case:
        # the MCP tools never pass a dependency snapshot (adrkit's server neither):
        # a package matcher stays inert, as in `package-inert`
        assert got == []
        assert [f["rule"] for f in result["findings"]["items"]] == ["affects-unresolvable"]
        return
    want = [(m["recordId"], m["firedMatchers"]) for m in case["expected"]["matches"]]
    assert got == want
    assert result["findings"]["items"] == case["expected"]["findings"]
