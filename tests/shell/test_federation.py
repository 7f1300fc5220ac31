"""Federated logs end to end (SPEC v5 §2): a platform repository and a service repository.

Through the library and the installed `govmem` CLI (a subprocess): the
platform's rule answers in the service, the local exception is listed as
its exception, the local supersession replaces the platform decision, and
removing the platform folder leaves the service answering its own records.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import govmem
from govmem.parse.config import parse_config
from tests.federation import make_repos

AS_OF = "2025-12-01"


@pytest.fixture
def repos(tmp_path: Path) -> tuple[Path, Path]:
    return make_repos(tmp_path)


def cli(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("govmem")
    return subprocess.run(
        [str(script), *argv], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def ask(corpus: govmem.Corpus, question: str, topic: str, scope: str | None = None) -> Any:
    """`query` as JSON."""
    return corpus.query(question, topic, scope, AS_OF).to_dict()


def get(corpus: govmem.Corpus, ref: str) -> Any:
    """`get_decision` as JSON."""
    return corpus.get_decision(ref).to_dict()


def superseded(corpus: govmem.Corpus) -> Any:
    """`list_superseded` entries as JSON."""
    return corpus.list_superseded().to_dict()["items"]


def codes(corpus: govmem.Corpus) -> set[tuple[str, str | None]]:
    return {(f.code, f.id) for f in corpus.findings}


def test_the_platform_rule_answers_in_the_service_with_the_local_exception(
    repos: tuple[Path, Path],
) -> None:
    corpus = govmem.load(repos[1])
    answer = ask(corpus, "How do services log?", "logging")
    assert answer["decision"]["id"] == "platform:1"
    assert answer["decision"]["value"] == "JSON to stdout"
    assert [e["id"] for e in answer["scope_exceptions"]] == ["1"]
    batch = ask(corpus, "How do batch jobs log?", "logging", "batch")
    assert batch["decision"]["id"] == "1"


def test_a_local_decision_supersedes_a_platform_one(repos: tuple[Path, Path]) -> None:
    corpus = govmem.load(repos[1])
    answer = ask(corpus, "Which database?", "db")
    assert answer["decision"]["id"] == "2"
    assert [s["id"] for s in answer["superseded_decisions"]] == ["platform:2"]
    history: Any = corpus.get_decision_history("database").to_dict()
    events = [(i["id"], i["event"]) for i in history["items"]]
    assert events == [
        ("platform:2", "recorded"),
        ("2", "recorded"),
        ("platform:2", "superseded-by 2"),
    ]
    listed = superseded(corpus)
    assert [(e["id"], e["source_path"]) for e in listed] == [
        ("platform:2", "platform:docs/adr/0002-postgresql.md")
    ]
    assert listed[0]["superseded_by"]["target"]["id"] == "2"


def test_get_decision_takes_log_refs(repos: tuple[Path, Path]) -> None:
    corpus = govmem.load(repos[1])
    found = get(corpus, "platform:2")
    assert found["outcome"] == "found"
    assert found["decision"]["source_path"] == "platform:docs/adr/0002-postgresql.md"
    assert get(corpus, "platform:0002")["outcome"] == "found"  # the ref forms of §2
    assert get(corpus, "platform:9")["outcome"] == "not-found"
    unknown = get(corpus, "core:7")
    assert (unknown["outcome"], unknown["log"], unknown["id"]) == (
        "federated-log-unavailable",
        "core",
        "7",
    )
    assert get(corpus, "2")["decision"]["id"] == "2"  # a bare ref stays local


def test_findings_name_the_log_and_a_ref_to_an_unconfigured_log(repos: tuple[Path, Path]) -> None:
    platform, service = repos
    adr = platform / "docs/adr/0002-postgresql.md"
    adr.write_text(
        adr.read_text().replace("value: PostgreSQL\n", "value: PostgreSQL\nrelates_to: '9'\n")
    )
    corpus = govmem.load(service)
    assert ("unknown-log", "3") in codes(corpus)
    assert {(f.code, f.path) for f in corpus.findings if f.id == "platform:2"} == {
        ("dangling-ref", "platform:docs/adr/0002-postgresql.md")
    }
    assert corpus.health.record_count == 5
    assert corpus.folders == ("docs/adr", "platform:docs/adr")


def test_the_fingerprint_covers_the_log(repos: tuple[Path, Path]) -> None:
    platform, service = repos
    before = govmem.load(service).health.fingerprint
    adr = platform / "docs/adr/0001-log-json.md"
    adr.write_text(adr.read_text().replace("JSON to stdout\n---", "JSON lines\n---"))
    after = govmem.load(service)
    assert after.health.fingerprint != before
    assert get(after, "platform:1")["outcome"] == "found"


def test_removing_the_platform_folder_leaves_the_service_answering(
    repos: tuple[Path, Path],
) -> None:
    platform, service = repos
    shutil.rmtree(platform)
    corpus = govmem.load(service)
    assert ("federated-log-unavailable", None) in codes(corpus)
    answer = ask(corpus, "Which database?", "database")
    assert answer["decision"]["id"] == "2"
    assert get(corpus, "platform:2")["outcome"] == "federated-log-unavailable"
    done = cli(service, "lint")
    assert done.returncode == 0, done.stderr
    assert "warn federated-log-unavailable: Log 'platform'" in done.stdout
    assert "Traceback" not in done.stderr


def test_the_cli_shows_the_log_in_readable_output_and_name_ids_in_json(
    repos: tuple[Path, Path],
) -> None:
    service = repos[1]
    done = cli(service, "query", "How do services log?", "--topic", "logging", "--as-of", AS_OF)
    assert done.returncode == 0, done.stderr
    assert "platform:1 [accepted, all from 2025-01-10] = JSON to stdout" in done.stdout
    assert "platform:1: Log JSON to stdout (platform:docs/adr/0001-log-json.md)" in done.stdout
    as_json: dict[str, Any] = json.loads(
        cli(service, "--json", "query", "Which database?", "--topic", "database").stdout
    )
    assert as_json["superseded_decisions"][0]["id"] == "platform:2"
    history = cli(service, "history", "database")
    assert "platform:2" in history.stdout
    lint = cli(service, "lint")
    assert lint.returncode == 0
    assert lint.stdout.startswith("Read docs/adr (3 records), platform:docs/adr (2 records).")
    assert "warn unknown-log" in lint.stdout


def test_an_error_in_a_log_counts_for_lint(repos: tuple[Path, Path]) -> None:
    platform, service = repos
    (platform / "docs/adr/0003-broken.md").write_text("---\nid: [\n---\n# Broken\n")
    done = cli(service, "lint")
    assert done.returncode == 1
    assert "platform:docs/adr/0003-broken.md" in done.stdout


def test_a_log_ref_inside_a_log_resolves_inside_it(tmp_path: Path) -> None:
    """A platform record's own `superseded_by: 2` names the platform's 2, not the service's."""
    platform, service = make_repos(tmp_path)
    adr = platform / "docs/adr/0001-log-json.md"
    adr.write_text(
        adr.read_text().replace("status: accepted", "status: superseded\nsuperseded_by: 2")
    )
    corpus = govmem.load(service)
    entry = next(e for e in superseded(corpus) if e["id"] == "platform:1")
    assert entry["superseded_by"]["target"]["id"] == "platform:2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("logs: [a]", "`logs` must map log names to {path, scope}"),
        ("logs: {Bad_Name: ../x}", "name 'Bad_Name' must be lowercase"),
        ("logs: {p: {scope: all}}", "entry 'p' needs a folder `path`"),
        ("logs: {p: {path: ../x, extra: 1}}", "entry 'p' must be {path, scope}"),
    ],
)
def test_a_bad_logs_entry_is_a_finding(text: str, message: str) -> None:
    config, findings = parse_config(text)
    assert config.logs == ()
    assert [f.code for f in findings] == ["invalid-field"]
    assert message in findings[0].message


def test_a_log_path_is_relative_to_the_config_that_names_it(
    repos: tuple[Path, Path], tmp_path: Path
) -> None:
    elsewhere = tmp_path / "conf"
    elsewhere.mkdir()
    config = elsewhere / "govmem.yaml"
    config.write_text("logs: {platform: ../platform}\n")
    corpus = govmem.load(repos[1], config=config)
    assert get(corpus, "platform:1")["outcome"] == "found"


def test_a_supersession_from_another_log_is_no_one_sided_link(repos: tuple[Path, Path]) -> None:
    """The platform cannot know that the service supersedes `platform:2`: no `one-sided-link`,
    and `platform:2` is still superseded; a one-sided link inside a log is still one."""
    platform, service = repos
    corpus = govmem.load(service)
    assert not [f for f in corpus.findings if f.code == "one-sided-link"]
    assert get(corpus, "platform:2")["decision"]["status"] == "superseded"
    (platform / "docs/adr/0003-mysql.md").write_text(
        "---\nid: '3'\ntitle: MySQL for new services\nstatus: accepted\ndate: 2025-03-01\n"
        "topic: database\nvalue: MySQL\nsupersedes: '2'\n---\n# MySQL\n\nMySQL instead.\n"
    )
    again = govmem.load(service)
    assert [(f.code, f.id, f.path) for f in again.findings if f.code == "one-sided-link"] == [
        ("one-sided-link", "platform:2", "platform:docs/adr/0002-postgresql.md")
    ]
    done = cli(service, "lint")
    assert "'platform:3' supersedes 'platform:2'" in done.stdout


def _platform_with_evidence_and_affects(platform: Path, service: Path) -> None:
    """platform:1 cites a platform source with a quote and affects `src/**`; so does local 1."""
    (platform / "govmem.yaml").write_text(
        "paths: [docs/adr, sources]\ntopics:\n  logging: {aliases: [logs]}\n"
        "  database: {aliases: [db]}\n"
    )
    (platform / "sources").mkdir()
    (platform / "sources/chat.md").write_text(
        "---\nkind: source\nid: chat-1\ntitle: Platform chat\ntype: team-chat\n"
        "occurred_at: 2025-01-05\n---\nWe agreed: all services log JSON lines to stdout.\n"
    )
    adr = platform / "docs/adr/0001-log-json.md"
    adr.write_text(
        adr.read_text().replace(
            "value: JSON to stdout\n",
            "value: JSON to stdout\nsources: [chat-1]\naffects: ['src/**']\nevidence:\n"
            "  - {source_id: chat-1, excerpt: all services log JSON lines to stdout}\n",
        )
    )
    local = service / "docs/adr/0001-batch-plain-logs.md"
    local.write_text(
        local.read_text().replace("scope: batch\n", "scope: batch\naffects: [src/**]\n")
    )


def test_a_log_records_evidence_names_the_logs_source(repos: tuple[Path, Path]) -> None:
    """`evidence: [{source_id: chat-1}]` in the platform is `platform:chat-1`, and verified."""
    _platform_with_evidence_and_affects(*repos)
    corpus = govmem.load(repos[1])
    answer = ask(corpus, "How do services log?", "logging")
    assert answer["decision"]["id"] == "platform:1"
    assert answer["evidence"] == [
        {
            "source_id": "platform:chat-1",
            "excerpt": "all services log JSON lines to stdout",
            "verified": True,
        }
    ]
    assert {s["source_id"]: s["reference"] for s in answer["sources"]}["platform:1"] == (
        "platform:docs/adr/0001-log-json.md"
    )
    assert not [f for f in corpus.findings if f.id == "platform:1"]


def test_a_log_records_affects_are_relative_to_the_logs_root(repos: tuple[Path, Path]) -> None:
    """`src/**` in the platform matches `platform:src/db.py`, never the service's `src/db.py`."""
    _platform_with_evidence_and_affects(*repos)
    corpus = govmem.load(repos[1])

    def governing(*files: str) -> list[str]:
        found: Any = corpus.get_decision_context(files).to_dict()
        return [e["id"] for e in found["governing"]]

    assert governing("src/db.py") == ["1"]
    assert governing("platform:src/db.py") == ["platform:1"]
    assert governing("src/db.py", "platform:src/db.py") == ["1", "platform:1"]
    assert governing("platform:docs/x.md", "core:src/db.py") == []


def test_a_log_relations_winner_names_the_log() -> None:
    """A relation's `between` and its resolution's winner are the log's records."""
    from govmem.index.federate import _relation
    from govmem.model.records import Relation, Resolution

    rel = Relation("r1", ("1", "2"), "resolved", resolution=Resolution(winner="2"), path="r.yaml")
    moved = _relation(rel, "platform")
    assert moved.between == ("platform:1", "platform:2")
    assert moved.resolution is not None
    assert moved.resolution.winner == "platform:2"
    assert moved.path == "platform:r.yaml"


def test_known_as_of_reads_each_logs_own_git_history(repos: tuple[Path, Path]) -> None:
    """A platform decision committed after the date is not known then; a log without git
    history is `federated-log-unavailable` and the service still answers."""
    from tests.conftest import git

    platform, service = repos
    (platform / "docs/adr/0003-queue.md").write_text(
        "---\nid: '3'\ntitle: Kafka for queues\nstatus: accepted\ndate: 2025-08-01\n---\n"
        "# Kafka\n\nKafka for queues.\n"
    )
    git(platform, "add", "-A")
    git(platform, "commit", "-qm", "queue", date="2025-08-01T12:00:00Z")
    before = govmem.load(service, known_as_of="2025-07-01")
    assert {r.id for r in before.records} >= {"2", "platform:1", "platform:2"}
    assert "platform:3" not in {r.id for r in before.records}
    assert ask(before, "Which database?", "database")["superseded_decisions"][0]["id"] == (
        "platform:2"
    )
    after = govmem.load(service, known_as_of="2025-09-01")
    assert "platform:3" in {r.id for r in after.records}
    shutil.rmtree(platform / ".git")
    alone = govmem.load(service, known_as_of="2025-09-01")
    assert ("federated-log-unavailable", None) in codes(alone)
    assert ask(alone, "Which database?", "database")["decision"]["id"] == "2"
