"""Every real corpus of `tests/data/corpora` loads, and the relations its files state are read.

Each corpus is loaded through `govmem.load(root, config=...)` with a test
config that excludes `SOURCE.md` and gives the corpus its folders, scopes or
field dialect. The tables below come from each corpus's `SOURCE.md`: the
relations written where SPEC §2 reads them (frontmatter, status section, H1
title, changelog) must be recovered; those written only in body prose, or
that `SOURCE.md` calls implicit, must not be (they are listed in
`docs/corpus-format.md`).
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Final

import pytest

import govmem
from govmem import Corpus
from govmem.cli import main
from tests.conftest import CORPORA

CONFIGS: Final[dict[str, str]] = {
    "cometbft": (
        "paths: [{path: ., scope: cometbft}, {path: tendermint-core, scope: tendermint-core}]\n"
        "scopes: {all: {cometbft: {}, tendermint-core: {}}}\n"
    ),
    "log4brains": (
        "paths: [{path: docs/adr, scope: project}, {path: packages/core/docs/adr, scope: core}]\n"
        "scopes: {all: {project: {core: {}}}}\n"
    ),
    "scs-standards": "fields: {scope: track}\n",
    # its records sit in category sub-folders (api/, cli/, …) under an index: govmem does not
    # recognise the folder by its files, so it is named (docs/accuracy.md, its first contact)
    "dapr-decision-records": "paths: [.]\n",
    # its files are named `YYYY_MM_DD_topic.md`, with underscores, which are not ADR-named
    # (`NNNN-*.md`): govmem does not recognise the folder by its files, so it is named
    # (docs/accuracy.md, its first contact)
    "sylius": "paths: [.]\n",
    # every record is a folder's `README.md` (`2023-03-02_gradle_build/README.md`): a folder of
    # folders, which govmem does not recognise as an ADR folder by its files, so it is named
    "tractusx-edc": "paths: [.]\n",
}
"""What each corpus needs beyond `exclude: [SOURCE.md]` (the root is read when no ADR folder is found)."""


def _corpus_names() -> list[str]:
    names = [
        p.name for p in sorted(CORPORA.iterdir()) if p.is_dir() and p.name != "adrkit-fixtures"
    ]
    fixtures = CORPORA / "adrkit-fixtures"
    names += [f"adrkit-fixtures/{p.name}" for p in sorted(fixtures.iterdir()) if p.is_dir()]
    return names


NAMES: Final = _corpus_names()


@pytest.fixture(scope="module")
def loaded(corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Corpus]:
    """Every corpus, loaded once for this module through its test config."""
    out: dict[str, Corpus] = {}
    for name in NAMES:
        config = tmp_path_factory.mktemp("config") / "govmem.yaml"
        config.write_text("exclude: [SOURCE.md]\n" + CONFIGS.get(name, ""), encoding="utf-8")
        out[name] = govmem.load(corpora / name, config=config)
    return out


def _pos(corpus: Corpus, rid: str) -> int:
    hits = corpus.by_id(rid)
    assert len(hits) == 1, f"{rid!r} names {len(hits)} records"
    return hits[0]


def _ids(corpus: Corpus, positions: tuple[int, ...]) -> set[str]:
    return {corpus.records[i].id for i in positions}


def _states(corpus: Corpus, a: int, b: int) -> set[str]:
    """The relations record `a` writes about record `b` (resolved refs)."""
    rec = corpus.records[a]
    found: set[str] = set()
    for kind, refs in (
        ("supersedes", rec.supersedes),
        ("superseded-by", rec.superseded_by),
        ("relates-to", rec.relates_to),
        ("conflicts-with", rec.conflicts_with),
    ):
        if any(b in corpus.resolve(ref, rec.path) for ref in refs):
            found.add(kind)
    found |= {link.kind for link in rec.links if b in corpus.resolve(link.ref, rec.path)}
    found |= {"changelog" for c in rec.changes if c.ref and b in corpus.resolve(c.ref, rec.path)}
    return found


# ------------------------------------------------------------------------- loading


@pytest.mark.parametrize("name", NAMES)
def test_every_record_file_is_a_record_or_excluded(loaded: dict[str, Corpus], name: str) -> None:
    """record_count + excluded_count = files read - not-a-record skips, and no exception."""
    corpus = loaded[name]
    read = [p for p in (CORPORA / name).rglob("*.md") if p.name != "SOURCE.md"]
    skipped = {f.path for f in corpus.findings if f.code == "not-a-record"}
    health = corpus.health
    assert health.record_count + health.excluded_count == len(read) - len(skipped)
    assert health.record_count > 0


@pytest.mark.parametrize("name", NAMES)
def test_lint_json_on_each_corpus_prints_valid_json(name: str) -> None:
    """`govmem --root <corpus> --dir . lint --json`: one JSON document, no traceback."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        code = main(["--root", str(CORPORA / name), "--dir", ".", "lint", "--json"])
    data = json.loads(stdout.getvalue())
    assert set(data) == {"corpus_health", "findings", "parse_cache"}
    cache = data["parse_cache"]
    assert (
        cache["cached_records"] + cache["parsed_records"] == data["corpus_health"]["record_count"]
    )
    errors = [f for f in data["findings"] if f["severity"] == "error"]
    assert code == (1 if errors else 0)
    assert "Traceback" not in stderr.getvalue()
    assert all(set(f) <= {"code", "severity", "path", "id", "field", "message"} for f in errors)


# ----------------------------------------------------------------- relations read

SUPERSEDED: Final = [
    # (corpus, old, new): a full supersession that takes effect (the new record is in force)
    ("govuk-aws", "0004", "0015"),
    ("moj-cloud-platform", "021", "036"),
    ("bbc-tams", "0002", "0018"),
    ("bbc-tams", "0021", "0032"),
    ("jabref", "0045", "0057"),
    (
        "log4brains",
        "20200926-use-the-adr-number-as-its-unique-id",
        "20201016-use-the-adr-slug-as-its-unique-id",
    ),
    ("scs-standards", "scs-0002-v1", "scs-0002-v2"),
    ("scs-standards", "scs-0005-v1", "scs-0005-v2"),
    ("scs-standards", "scs-0007-v1", "scs-0007-v2"),
    ("scs-standards", "scs-0100-v1", "scs-0100-v2"),
    ("scs-standards", "scs-0100-v2", "scs-0100-v3"),
    ("scs-standards", "scs-0210-v1", "scs-0210-v2"),
    ("scs-standards", "scs-0214-v1", "scs-0214-v2"),
    ("scs-standards", "scs-0501-v2", "scs-0501-v3"),
    ("scs-standards", "scs-0501-v3", "scs-0501-v4"),
    ("scs-standards", "scs-0501-v4", "scs-0501-v5"),
    ("adrkit-fixtures/adrkit-docs-adr", "0005", "0027"),
    ("adrkit-fixtures/adrkit-docs-adr", "0021", "0022"),
    ("adrkit-fixtures/mcp-status-corpus", "0005", "0001"),
    ("adrkit-fixtures/mcp-edge-corpus", "0014", "0015"),
]


@pytest.mark.parametrize(("name", "old", "new"), SUPERSEDED)
def test_a_written_supersession_takes_effect(
    loaded: dict[str, Corpus], name: str, old: str, new: str
) -> None:
    """The old record is superseded (or deprecated) and its successor is the new one."""
    corpus = loaded[name]
    o, n = _pos(corpus, old), _pos(corpus, new)
    facts = corpus.facts[o]
    assert facts.status in ("superseded", "deprecated")
    assert n in facts.written_successors
    assert n in facts.successors
    assert o in corpus.facts[n].predecessors
    assert facts.topic == corpus.facts[n].topic


SUPERSEDED_BY_NOT_IN_FORCE: Final = [
    # (corpus, old, new): the old record says `Superseded by new`, but new is only proposed
    ("zooniverse-fem", "adr-15", "adr-22"),
]


@pytest.mark.parametrize(("name", "old", "new"), SUPERSEDED_BY_NOT_IN_FORCE)
def test_a_status_naming_a_successor_not_in_force_ends_at_an_unknown_date(
    loaded: dict[str, Corpus], name: str, old: str, new: str
) -> None:
    """The old record's own status is authoritative; its end is unknown (SPEC §4)."""
    corpus = loaded[name]
    o, n = _pos(corpus, old), _pos(corpus, new)
    facts = corpus.facts[o]
    assert (facts.status, facts.valid_to, facts.end_unknown) == ("superseded", None, True)
    assert facts.written_successors == (n,)
    assert facts.successors == ()


PENDING: Final = [
    # (corpus, old, new): new `replaces` old but is only a Draft: a pending supersession
    ("scs-standards", "scs-0102-v1", "scs-0102-v2"),
    ("scs-standards", "scs-0104-v1", "scs-0104-v2"),
    ("scs-standards", "scs-0123-v1", "scs-0123-v2"),
    ("scs-standards", "scs-0211-v1", "scs-0211-v2"),
    ("scs-standards", "scs-0003-v1", "scs-0003-v2"),
]


@pytest.mark.parametrize(("name", "old", "new"), PENDING)
def test_a_draft_replacement_is_a_pending_supersession(
    loaded: dict[str, Corpus], name: str, old: str, new: str
) -> None:
    """The old record keeps its status; the draft only proposes to supersede it."""
    corpus = loaded[name]
    o, n = _pos(corpus, old), _pos(corpus, new)
    facts = corpus.facts[o]
    assert facts.pending == (n,)
    assert facts.successors == ()
    assert facts.status == corpus.records[o].status
    assert facts.valid_to is None


LINKS: Final = [
    # (corpus, record, link kind, target): partial relations and rejections in favour of
    ("govuk-aws", "0003", "partly-superseded-by", "0033"),
    ("celestia-app", "adr-006", "partly-superseded-by", "adr-020"),  # "Parts of this ADR were …"
    ("govuk-aws", "0010", "amended-by", "0017"),
    ("govuk-aws", "0017", "amends", "0010"),
    ("zooniverse-fem", "adr-34", "partly-supersedes", "adr-18"),
    ("cometbft", "adr-114", "partly-undoes", "adr-109"),
    ("cometbft", "adr-100", "rejected-in-favour-of", "adr-101"),
    ("cometbft", "adr-110", "rejected-in-favour-of", "adr-111"),
    ("moj-cloud-platform", "018", "rejected-in-favour-of", "019"),
]


@pytest.mark.parametrize(("name", "rid", "kind", "target"), LINKS)
def test_partial_and_rejected_in_favour_links_are_read(
    loaded: dict[str, Corpus], name: str, rid: str, kind: str, target: str
) -> None:
    """The link resolves; a partial one ends nothing, a rejection joins the two topics."""
    corpus = loaded[name]
    a, b = _pos(corpus, rid), _pos(corpus, target)
    assert kind in _states(corpus, a, b)
    fa, fb = corpus.facts[a], corpus.facts[b]
    if kind == "rejected-in-favour-of":
        assert fa.status == "rejected"
        assert fa.topic == fb.topic
    else:
        assert fa.status == fb.status == "accepted" or "proposed" in (fa.status, fb.status)
        assert (fa.valid_to, fb.valid_to) == (None, None)
        assert fa.successors == fb.successors == ()
        assert a in corpus.partial_links_to(b)


STATUSES: Final = [
    # (corpus, id, class, label, valid_from, valid_to) as SOURCE.md lists them
    ("govuk-aws", "0006", "proposed", "proposed", "2017-07-04", None),  # Pending
    ("govuk-aws", "0038", "accepted", "approved", "2019-10-17", None),
    ("govuk-aws", "0004", "superseded", "superseded", "2017-07-14", "2018-03-06"),
    ("moj-cloud-platform", "001", "accepted", "accepted", "2018-02-05", None),  # 05/02/2018
    ("moj-cloud-platform", "004", "accepted", "accepted", "2018-04-10", None),  # 10/04/18
    ("moj-cloud-platform", "006", "accepted", "accepted", "2018-04-09", None),  # Date 09/04/2018
    ("moj-cloud-platform", "021", "superseded", "superseded", "2021-05-11", "2022-09-16"),
    ("moj-cloud-platform", "018", "rejected", "rejected", "2020-09-02", None),
    ("moj-cloud-platform", "037", "rejected", "rejected", "2022-09-22", None),
    ("moj-cloud-platform", "034", "proposed", "proposed", "2022-01-21", None),  # Incomplete
    ("moj-cloud-platform", "028", "unknown", "unknown", "2021-11-05", None),  # no status
    ("zooniverse-fem", "adr-05", "accepted", "accepted", "2018-07-25", None),  # Created wins
    ("zooniverse-fem", "adr-08", "accepted", "approved", "2018-10-15", None),
    ("zooniverse-fem", "adr-09", "proposed", "proposed", "2018-10-23", None),  # Discussed by
    ("zooniverse-fem", "adr-29", "accepted", "approved", "2020-12-08", None),  # Dec 8, 2020
    ("zooniverse-fem", "adr-42", "unknown", "unknown", "2022-03-11", None),  # Ongoing.
    ("zooniverse-fem", "adr-48", "accepted", "approved", "2023-06-08", None),  # 8th June 2023
    ("zooniverse-fem", "adr-49", "accepted", "accepted", "2023-05-01", None),  # May 2023
    ("zooniverse-fem", "adr-22", "proposed", "proposed", None, None),
    ("bbc-tams", "0002", "superseded", "superseded", None, None),
    ("bbc-tams", "0006", "deprecated", "deprecated", None, None),
    ("bbc-tams", "0004", "rejected", "rejected", None, None),
    ("bbc-tams", "0004a", "rejected", "rejected", None, None),
    ("bbc-tams", "0009", "rejected", "rejected", None, None),
    ("bbc-tams", "0033", "rejected", "rejected", None, None),
    ("bbc-tams", "0041", "proposed", "proposed", None, None),
    ("bbc-tams", "0046", "accepted", "accepted", None, None),  # "accepted "
    ("jabref", "0045", "superseded", "superseded", None, None),
    ("jabref", "0057", "accepted", "accepted", None, None),  # accepted; supersedes ADR-0045
    ("jabref", "0047", "accepted", "accepted", "2025-07-31", None),
    ("jabref", "0001", "unknown", "unknown", None, None),
    ("cometbft", "adr-100", "rejected", "rejected", "2022-01-05", None),
    ("cometbft", "adr-105", "deprecated", "deprecated", "2023-07-19", "2024-05-22"),  # Reverted
    ("cometbft", "adr-110", "rejected", "rejected", "2023-11-03", None),
    ("cometbft", "adr-109", "accepted", "accepted", "2023-10-09", None),
    ("cometbft", "adr-114", "accepted", "accepted", "2024-04-25", None),
    ("cometbft", "adr-029", "rejected", "rejected", "2018-09-19", None),
    ("cometbft", "adr-058", "rejected", "rejected", "2020-07-17", None),  # Declined
    ("cometbft", "adr-024", "accepted", "accepted", None, None),  # Partially Accepted
    ("cometbft", "adr-030", "proposed", "draft", None, None),  # Draft.
    ("cometbft", "adr-036", "unknown", "unknown", None, None),  # {Deprecated|Proposed|...}
    ("cometbft", "adr-006", "accepted", "approved", None, None),  # Approved.
    ("cometbft", "adr-023", "proposed", "proposed", "2018-06-25", None),  # Pending
    (
        "log4brains",
        "20200926-use-the-adr-number-as-its-unique-id",
        "superseded",
        "superseded",
        "2020-09-26",
        "2020-10-16",
    ),
    (
        "identus-cloud-agent",
        "20230405-did-linked-resources",
        "proposed",
        "draft",
        "2023-04-05",
        None,
    ),
    (
        "identus-cloud-agent",
        "20230206-use-flyway-to-manage-migrations-for-application-services",
        "unknown",
        "unknown",
        None,
        None,
    ),
    ("scs-standards", "scs-0100-v1", "deprecated", "deprecated", "2022-09-08", "2023-10-31"),
    ("scs-standards", "scs-0100-v2", "deprecated", "deprecated", "2023-02-21", "2023-11-30"),
    ("scs-standards", "scs-0100-v3", "accepted", "accepted", "2023-06-14", None),
    ("scs-standards", "scs-0501-v1", "deprecated", "deprecated", "2021-01-01", "2023-10-31"),
    ("scs-standards", "scs-0501-v2", "deprecated", "deprecated", "2023-03-23", "2023-11-30"),
    ("scs-standards", "scs-0501-v3", "deprecated", "deprecated", "2023-06-15", "2024-07-31"),
    ("scs-standards", "scs-0501-v4", "deprecated", "deprecated", "2024-02-28", "2025-07-01"),
    ("scs-standards", "scs-0501-v5", "accepted", "accepted", "2024-12-19", None),
    ("scs-standards", "scs-0210-v1", "deprecated", "deprecated", "2023-02-07", "2024-02-08"),
    ("scs-standards", "scs-0210-v2", "accepted", "accepted", "2024-02-08", None),
    ("scs-standards", "scs-0214-v1", "deprecated", "deprecated", "2024-02-08", "2024-11-20"),
    ("scs-standards", "scs-0214-v2", "accepted", "accepted", "2024-11-21", None),
    ("scs-standards", "scs-0002-v1", "deprecated", "deprecated", "2023-02-06", "2026-02-17"),
    ("scs-standards", "scs-0002-v2", "accepted", "accepted", "2026-02-17", None),
    ("scs-standards", "scs-0005-v1", "deprecated", "deprecated", "2025-01-16", "2025-12-16"),
    ("scs-standards", "scs-0005-v2", "accepted", "accepted", "2025-12-16", None),
    ("scs-standards", "scs-0007-v1", "deprecated", "deprecated", "2025-08-01", "2026-04-07"),
    ("scs-standards", "scs-0007-v2", "accepted", "accepted", "2026-04-07", None),
    ("scs-standards", "scs-0102-v1", "accepted", "accepted", "2022-10-31", None),
    ("scs-standards", "scs-0102-v2", "proposed", "draft", None, None),
    ("scs-standards", "scs-0110-v1", "accepted", "accepted", "2023-06-14", None),
    ("scs-standards", "scs-0100-w1", "unknown", "unknown", None, None),  # a supplement
    ("adrkit-fixtures/mcp-status-corpus", "0002", "proposed", "draft", "2026-01-02", None),
]


@pytest.mark.parametrize(("name", "rid", "status", "label", "start", "end"), STATUSES)
def test_statuses_and_validity_dates_are_read_as_written(
    loaded: dict[str, Corpus],
    name: str,
    rid: str,
    status: str,
    label: str,
    start: str | None,
    end: str | None,
) -> None:
    """The status class, its printed label and the validity interval of one record."""
    corpus = loaded[name]
    facts = corpus.facts[_pos(corpus, rid)]
    assert (facts.status, facts.label) == (status, label)
    assert (str(facts.valid_from) if facts.valid_from else None) == start
    assert (str(facts.valid_to) if facts.valid_to else None) == end


SCOPES: Final = [
    ("cometbft", "adr-100", "cometbft"),
    ("cometbft", "adr-029", "tendermint-core"),
    ("log4brains", "20201016-use-the-adr-slug-as-its-unique-id", "project"),
    ("log4brains", "20201002-use-explicit-architecture-and-ddd-for-the-core-api", "core"),
    ("scs-standards", "scs-0100-v3", "iaas"),
    ("scs-standards", "scs-0210-v2", "kaas"),
    ("scs-standards", "scs-0501-v5", "scopes"),
    ("govuk-aws", "0004", "all"),
]


@pytest.mark.parametrize(("name", "rid", "scope"), SCOPES)
def test_folder_and_dialect_scopes(
    loaded: dict[str, Corpus], name: str, rid: str, scope: str
) -> None:
    """cometbft and log4brains scopes come from folders, scs-standards' from `track`."""
    corpus = loaded[name]
    assert corpus.facts[_pos(corpus, rid)].scope == scope


# ------------------------------------------------------------ relations not read

NOT_RECOVERED: Final = [
    # (corpus, a, b, why): a's text states no relation to b that govmem reads; for the
    # implicit ones, b states none either and no supersession links the two
    (
        "govuk-aws",
        "0033",
        "0003",
        "prose: 'This ADR in part supersedes [0003]' (0003's status says it)",
    ),
    ("govuk-aws", "0038", "0028", "implicit: DocumentDB plans to replace the Mongo cluster"),
    ("moj-cloud-platform", "021", "012", "implicit: 012's 'May 2021 Update' paragraph"),
    ("moj-cloud-platform", "048", "036", "implicit: 048 extends 036 in prose"),
    ("moj-cloud-platform", "022", "014", "implicit: EKS 'replaces usage of kOps' in prose"),
    ("moj-cloud-platform", "040", "003", "implicit: GitHub Actions replaces Concourse"),
    ("moj-cloud-platform", "040", "033", "implicit: retires the manager cluster"),
    ("moj-cloud-platform", "045", "008", "implicit: unmarked conflict"),
    ("moj-cloud-platform", "046", "008", "implicit: unmarked conflict"),
    ("moj-cloud-platform", "023", "001", "implicit: re-evaluates Elasticsearch logging"),
    ("zooniverse-fem", "adr-56", "adr-11", "implicit: silently reverses the parser choice"),
    ("zooniverse-fem", "adr-41", "adr-06", "implicit: replaces counterpart, cited in prose"),
    ("zooniverse-fem", "adr-48", "adr-28", "implicit: generalises, cited in prose"),
    ("zooniverse-fem", "adr-49", "adr-46", "implicit: planned then completed"),
    ("zooniverse-fem", "adr-21", "adr-03", "implicit: same topic, different titles"),
    ("zooniverse-fem", "adr-10", "adr-05", "prose, and the link `adr-5.md` is broken"),
    ("bbc-tams", "0018", "0002", "prose: 'This ADR modifies [ADR 0002]' (0002's status says it)"),
    ("bbc-tams", "0032", "0021", "prose: 'Supersede [ADR0021]' (0021's status says it)"),
    ("bbc-tams", "0012", "0002", "prose: builds on"),
    ("jabref", "0033", "0032", "prose: a follow-up"),
    ("jabref", "0060", "0033", "implicit: an undeclared overlap"),
    ("jabref", "0053", "0052", "implicit: same topic, same day"),
    ("cometbft", "adr-112", "adr-071", "changelog 'Renamed to ADR 112' and body prose"),
    ("cometbft", "adr-073", "adr-060", "prose: 'supersedes the decisions made in ADRs 60 and 61'"),
    ("cometbft", "adr-073", "adr-061", "prose: 'supersedes the decisions made in ADRs 60 and 61'"),
    ("cometbft", "adr-118", "adr-067", "prose: the v1 mempool 'deprecated as of v0.37.x'"),
    ("cometbft", "adr-106", "adr-057", "prose: revisits the gRPC decision"),
    ("cometbft", "adr-109", "adr-060", "prose: follows its approach"),
    ("cometbft", "adr-080", "adr-068", "implicit: same topic, both proposed"),
    (
        "log4brains",
        "20201002-use-explicit-architecture-and-ddd-for-the-core-api",
        "20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna",
        "prose: a cross-scope builds-on",
    ),
    ("scs-standards", "scs-0501-v2", "scs-0501-v1", "data error: v2 `replaces` itself"),
    ("scs-standards", "scs-0110-v1", "scs-0100-v2", "`enhances` is not a relation govmem reads"),
    ("scs-standards", "scs-0100-w1", "scs-0100-v3", "`supplements` is not a relation"),
    ("scs-standards", "scs-0114-v1", "scs-0111-v1", "prose: based on the decision record"),
]


@pytest.mark.parametrize(("name", "a", "b", "why"), NOT_RECOVERED)
def test_relations_only_in_prose_or_implicit_are_not_read(
    loaded: dict[str, Corpus], name: str, a: str, b: str, why: str
) -> None:
    """Neither record supersedes, proposes to supersede or links the other."""
    corpus = loaded[name]
    pa, pb = _pos(corpus, a), _pos(corpus, b)
    assert _states(corpus, pa, pb) == set(), why
    if "status says it" in why:
        return  # the relation is read, from b's own status (tested above)
    assert _states(corpus, pb, pa) == set(), why
    for x, y in ((pa, pb), (pb, pa)):
        facts = corpus.facts[x]
        assert y not in (*facts.written_successors, *facts.pending, *facts.predecessors), why


def test_the_one_sided_partial_supersession_of_govuk_0003_is_read_from_0003_only(
    loaded: dict[str, Corpus],
) -> None:
    """0003's `Partly superseded` names 0033 (in its body); 0033's prose is not read."""
    corpus = loaded["govuk-aws"]
    old, new = _pos(corpus, "0003"), _pos(corpus, "0033")
    assert _states(corpus, old, new) == {"partly-superseded-by"}
    assert _states(corpus, new, old) == set()
    assert corpus.partial_links_to(new) == (old,)


def test_the_self_replacing_scs_0501_v2_is_a_cycle_finding(loaded: dict[str, Corpus]) -> None:
    """v2 `replaces` itself: a `supersession-cycle` warning; v1 keeps its written end."""
    corpus = loaded["scs-standards"]
    cycles = [f for f in corpus.findings if f.code == "supersession-cycle"]
    assert [(f.id, f.severity) for f in cycles] == [("scs-0501-v2", "warn")]
    v1 = corpus.facts[_pos(corpus, "scs-0501-v1")]
    assert (v1.successors, v1.end_unknown) == ((), False)


def test_dangling_and_federated_targets_are_findings_not_relations(
    loaded: dict[str, Corpus],
) -> None:
    """adrkit's edge corpus and scs-0102-v1: ambiguous, dangling and federated refs."""
    edge = loaded["adrkit-fixtures/mcp-edge-corpus"]
    by_code = {(f.code, f.id) for f in edge.findings}
    assert {("ambiguous-ref", "0011"), ("dangling-ref", "0012"), ("duplicate-id", "0010")} <= (
        by_code
    )
    for rid in ("0011", "0012", "0013"):
        facts = edge.facts[_pos(edge, rid)]
        assert (facts.status, facts.written_successors) == ("superseded", ())
    assert edge.records[_pos(edge, "0013")].superseded_by == ("payments:0020",)
    scs = loaded["scs-standards"]
    dangling = [(f.id, f.field) for f in scs.findings if f.code == "dangling-ref"]
    assert dangling == [("scs-0102-v1", "supersedes")]


def test_the_negative_control_has_no_relations(loaded: dict[str, Corpus]) -> None:
    """identus-cloud-agent states no relation at all; its 3 template statuses are unknown."""
    corpus = loaded["identus-cloud-agent"]
    for rec, facts in zip(corpus.records, corpus.facts, strict=True):
        assert (rec.supersedes, rec.superseded_by, rec.links) == ((), (), ())
        assert (facts.written_successors, facts.pending) == ((), ())
    unknown = [
        r.id for r, f in zip(corpus.records, corpus.facts, strict=True) if f.status == "unknown"
    ]
    assert len(unknown) == 3


def test_jabref_files_without_status_are_unknown_never_accepted(
    loaded: dict[str, Corpus],
) -> None:
    """64 of 70 jabref files write no status: unknown, each with a finding."""
    corpus = loaded["jabref"]
    unknown = [f for f in corpus.facts if f.status == "unknown"]
    findings = [f for f in corpus.findings if f.code == "unknown-status"]
    assert len(unknown) == len(findings) == 64


def test_adrkit_docs_relates_to_links_all_resolve(loaded: dict[str, Corpus]) -> None:
    """adrkit's own log: 126 `relatesTo` refs, none dangling."""
    corpus = loaded["adrkit-fixtures/adrkit-docs-adr"]
    assert sum(len(r.relates_to) for r in corpus.records) == 126
    assert not [f for f in corpus.findings if f.code in ("dangling-ref", "ambiguous-ref")]
