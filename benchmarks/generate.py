"""A deterministic corpus generator for the benchmarks (issue 7).

`generate(root, n, seed)` writes a git repository (`git init`, no commit)
holding `n` ADR files and, in proportion, claims, memories and sources, as
real files:

* `govmem.yaml` declares the scope tree (four areas, each with two or three
  children, some with aliases), one topic per about 20 ADRs (so a topic's
  size does not grow with `n`: a `query` on a topic should cost the same at
  1k and at 100k), each with aliases and value spellings, and a folder
  scope (`docs/adr/legacy` is `legacy`);
* `docs/adr/NNNNN-slug.md`: MADR/adrkit-style frontmatter (id, title, topic
  or only a tag naming it, value, scope, status, date, deciders, tags,
  confidence, `affects` patterns, `sources`, `supersedes`/`superseded_by`)
  and a Markdown body of 1–6 KB (Context, Decision, Consequences,
  Alternatives: prose built from a fixed vocabulary);
* about 5 % are Nygard/adr-tools files without frontmatter (`# N. Title`,
  `Date:`, `## Status` with `Superseded by [..](..)` links), which join
  implicit topics through their titles and supersession links;
* each topic is a supersession chain over time: the latest record of each
  scope is accepted, older ones superseded (written on both sides, or on one
  side only now and then), with some proposed, rejected and deprecated
  records mixed in;
* `memory/claims-NNNN.yaml` (lists of claims citing sources),
  `memory/memories-NNNN.yaml` (seed-004 memories, several versions of some
  keys) and `sources/chat-NNNN.md` (chat exports that claims cite).

The same `(n, seed)` always gives byte-identical files. `Manifest` tells the
runner what it can ask: topic names, questions, ids, the paths to give
`get_decision_context`, search terms.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Final

SEED: Final = 7
RECORDS_PER_TOPIC: Final = 20
"""About this many ADRs per topic, whatever `n`: topics grow with the corpus, topic sizes do not."""

AREAS: Final = {
    "platform": ("payments", "identity", "search"),
    "product": ("web", "mobile"),
    "data": ("analytics", "ml-training"),
    "legacy": ("mainframe", "catalogue"),
}
SCOPE_ALIASES: Final = {
    "payments": ["pagamenti", "billing"],
    "identity": ["auth services"],
    "web": ["web apps", "frontend"],
    "mobile": ["mobile apps"],
    "ml-training": ["machine learning"],
}
CONCERNS: Final = {
    "database": ["PostgreSQL", "MySQL", "MongoDB", "DynamoDB", "CockroachDB", "SQLite"],
    "message-queue": ["Kafka", "RabbitMQ", "NATS", "SQS", "Pulsar"],
    "cache": ["Redis", "Memcached", "Hazelcast", "Valkey"],
    "ci": ["GitHub Actions", "GitLab CI", "Jenkins", "Buildkite"],
    "container-runtime": ["Kubernetes", "Nomad", "ECS", "Cloud Run"],
    "observability": ["OpenTelemetry", "Datadog", "Prometheus", "Honeycomb"],
    "api-style": ["REST", "gRPC", "GraphQL", "JSON-RPC"],
    "frontend-framework": ["React", "Vue", "Svelte", "Angular"],
    "feature-flags": ["LaunchDarkly", "Unleash", "Flagsmith", "homegrown flags"],
    "secrets": ["Vault", "AWS Secrets Manager", "SOPS", "Doppler"],
    "search-engine": ["Elasticsearch", "OpenSearch", "Meilisearch", "Typesense"],
    "orm": ["SQLAlchemy", "Django ORM", "Prisma", "jOOQ"],
    "logging": ["structured JSON logs", "syslog", "Loki", "Splunk"],
    "auth": ["OAuth2", "OIDC", "SAML", "mTLS"],
    "build-tool": ["Bazel", "Gradle", "Maven", "Nx"],
    "language": ["Python", "Go", "Kotlin", "TypeScript", "Rust"],
    "ui-testing": ["Playwright", "Cypress", "Selenium"],
    "schema-registry": ["Confluent Schema Registry", "Apicurio", "Buf"],
    "object-storage": ["S3", "GCS", "MinIO", "Azure Blob"],
    "workflow-engine": ["Temporal", "Airflow", "Argo Workflows", "Step Functions"],
}
CONCERN_ALIASES: Final = {
    "database": ["db", "databases", "datastore"],
    "message-queue": ["queue", "broker", "messaging"],
    "cache": ["caching"],
    "ci": ["continuous integration", "pipelines"],
    "container-runtime": ["orchestrator", "scheduler"],
    "observability": ["telemetry", "tracing"],
    "secrets": ["secret management"],
}
COMPONENTS: Final = (
    "orders",
    "billing",
    "checkout",
    "catalogue",
    "accounts",
    "notifications",
    "ledger",
    "gateway",
    "reports",
    "inventory",
    "shipping",
    "profiles",
)
WORDS: Final = [
    "service",
    "team",
    "latency",
    "throughput",
    "migration",
    "rollout",
    "contract",
    "boundary",
    "schema",
    "replica",
    "failover",
    "backup",
    "retention",
    "budget",
    "compliance",
    "audit",
    "tenant",
    "region",
    "cluster",
    "deployment",
    "pipeline",
    "release",
    "incident",
    "runbook",
    "dashboard",
    "alert",
    "capacity",
    "workload",
    "dependency",
    "upgrade",
    "version",
    "support",
    "vendor",
    "license",
    "cost",
    "operator",
    "platform",
    "library",
    "interface",
    "module",
    "adapter",
    "storage",
    "network",
    "request",
    "response",
    "payload",
    "consumer",
    "producer",
    "partition",
    "index",
    "query",
    "transaction",
    "isolation",
    "consistency",
    "durability",
    "availability",
    "observability",
    "security",
    "encryption",
    "rotation",
    "credential",
    "token",
    "session",
    "cache",
    "eviction",
    "warmup",
    "benchmark",
    "regression",
    "coverage",
    "fixture",
    "staging",
    "production",
    "sandbox",
    "customer",
    "partner",
    "onboarding",
    "checkout",
    "invoice",
    "ledger",
    "refund",
    "shipment",
    "catalogue",
    "inventory",
    "profile",
    "notification",
    "report",
    "export",
    "import",
    "batch",
    "stream",
    "event",
    "handler",
    "worker",
    "scheduler",
    "queue",
    "topic",
    "offset",
    "snapshot",
    "archive",
    "lifecycle",
    "policy",
    "review",
    "decision",
    "option",
    "trade-off",
    "risk",
    "mitigation",
    "constraint",
    "requirement",
    "goal",
    "outcome",
    "metric",
    "baseline",
    "threshold",
    "target",
]
VERBS: Final = [
    "reduces",
    "increases",
    "simplifies",
    "complicates",
    "requires",
    "enables",
    "blocks",
    "delays",
    "improves",
    "replaces",
    "extends",
    "limits",
    "protects",
    "exposes",
    "shares",
    "isolates",
    "duplicates",
    "documents",
]
ADJECTIVES: Final = [
    "managed",
    "shared",
    "dedicated",
    "regional",
    "global",
    "internal",
    "external",
    "legacy",
    "critical",
    "optional",
    "stable",
    "experimental",
    "expensive",
    "cheap",
    "slow",
    "fast",
    "simple",
    "complex",
    "strict",
    "lenient",
]
PEOPLE: Final = [
    "alice",
    "bob",
    "carla",
    "dmitri",
    "elena",
    "farid",
    "giulia",
    "hiro",
    "ines",
    "jonas",
    "kofi",
    "lena",
    "marco",
    "nadia",
    "oscar",
    "priya",
    "quentin",
    "rosa",
    "sven",
    "tomoko",
    "ugo",
    "vera",
    "wen",
    "xavier",
    "yusuf",
    "zoe",
]
CATEGORIES: Final = ("identity", "preference", "fact", "project", "skill", "mistake", "context")
START: Final = date(2016, 1, 4)
SPAN_DAYS: Final = 3600


@dataclass
class Manifest:
    """What the runner needs to know about a generated corpus."""

    root: str
    n: int
    seed: int
    files: int = 0
    bytes: int = 0
    decisions: int = 0
    nygard: int = 0
    claims: int = 0
    memories: int = 0
    sources: int = 0
    topics: list[str] = field(default_factory=list)
    """Declared topic names, in generation order."""
    questions: list[list[str]] = field(default_factory=list)
    """[question, topic] pairs: each question names its topic's concern and a value."""
    search_terms: list[str] = field(default_factory=list)
    context_paths: list[str] = field(default_factory=list)
    """256 repo-relative paths, many matched by some record's `affects`."""
    change_file: str = ""
    """A decision file the reload benchmark edits."""


class _Prose:
    """Sentences and paragraphs from a fixed vocabulary (seeded)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def sentence(self, *must: str) -> str:
        r = self.rng
        words = [r.choice(WORDS) for _ in range(r.randint(6, 14))]
        words.insert(r.randint(1, 3), r.choice(VERBS))
        words.insert(r.randint(0, 2), r.choice(ADJECTIVES))
        for m in must:
            words.insert(r.randint(0, len(words)), m)
        text = " ".join(words)
        return text[0].upper() + text[1:] + r.choice(".....?!")

    def paragraph(self, *must: str) -> str:
        count = self.rng.randint(2, 5)
        return " ".join(self.sentence(*(must if i == 0 else ())) for i in range(count))


@dataclass
class _Topic:
    name: str
    concern: str
    component: str
    values: list[str]
    count: int = 0


@dataclass
class _Adr:
    num: int
    topic: _Topic
    scope: str
    value: str
    when: date
    status: str = "accepted"
    supersedes: list[str] = field(default_factory=list)
    superseded_by: list[str] = field(default_factory=list)
    one_sided: bool = False
    nygard: bool = False
    tagged_only: bool = False

    @property
    def id(self) -> str:
        return f"adr-{self.num:05d}"

    @property
    def stem(self) -> str:
        slug = f"{self.topic.component}-{self.topic.concern}-{self.value}".lower()
        slug = "".join(c if c.isalnum() else "-" for c in slug)
        return f"{self.num:05d}-{'-'.join(p for p in slug.split('-') if p)}"


def _scopes() -> list[str]:
    return ["all", *AREAS, *(c for children in AREAS.values() for c in children)]


def _config(topics: Sequence[_Topic]) -> str:
    lines = [
        "# Generated by benchmarks/generate.py: a synthetic corpus for the benchmarks.",
        "paths:",
        "  - docs/adr",
        "  - {path: docs/adr/legacy, scope: legacy}",
        "  - memory",
        "  - sources",
        "scopes:",
        "  all:",
    ]
    for area, children in AREAS.items():
        lines.append(f"    {area}:")
        for child in children:
            aliases = SCOPE_ALIASES.get(child)
            extra = f"aliases: [{', '.join(aliases)}]" if aliases else ""
            lines.append(f"      {child}: {{{extra}}}")
    lines.append("topics:")
    for t in topics:
        aliases = [f"{t.component} {a}" for a in CONCERN_ALIASES.get(t.concern, [])]
        aliases.append(f"{t.component} {t.concern.replace('-', ' ')}")
        lines.append(f"  {t.name}:")
        lines.append(f"    aliases: [{', '.join(aliases)}]")
        spellings = {v: [v.lower().replace(" ", "-")] for v in t.values if " " in v}
        if spellings:
            inner = ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in spellings.items())
            lines.append(f"    values: {{{inner}}}")
    lines.append("exclude: [README.md]")
    lines.append("min_confidence: 0.5")
    return "\n".join(lines) + "\n"


def _plan(n: int, rng: random.Random) -> tuple[list[_Topic], list[_Adr]]:
    """Topics and ADRs with their supersession chains (no text yet)."""
    n_topics = max(3, n // RECORDS_PER_TOPIC)
    concerns = list(CONCERNS)
    topics: list[_Topic] = []
    for i in range(n_topics):
        concern = concerns[i % len(concerns)]
        component = COMPONENTS[(i // len(concerns)) % len(COMPONENTS)]
        generation = i // (len(concerns) * len(COMPONENTS))
        name = f"{component}-{concern}" + (f"-{generation + 1}" if generation else "")
        values = rng.sample(CONCERNS[concern], k=min(4, len(CONCERNS[concern])))
        topics.append(_Topic(name, concern, component, values))
    scopes = [s for s in _scopes() if s != "all"]
    adrs: list[_Adr] = []
    for num in range(1, n + 1):
        t = topics[rng.randrange(n_topics)]
        t.count += 1
        scope = "all" if rng.random() < 0.35 else rng.choice(scopes)
        when = START + timedelta(days=rng.randrange(SPAN_DAYS))
        adrs.append(_Adr(num, t, scope, rng.choice(t.values), when))
    by_chain: dict[tuple[str, str], list[_Adr]] = {}
    for a in adrs:
        by_chain.setdefault((a.topic.name, a.scope), []).append(a)
    for chain in by_chain.values():
        chain.sort(key=lambda a: (a.when, a.num))
        for older, newer in itertools.pairwise(chain):
            older.status = "superseded"
            older.superseded_by.append(newer.id)
            newer.supersedes.append(older.id)
            older.one_sided = rng.random() < 0.1
        for a in chain:
            roll = rng.random()
            if a.status == "accepted" and roll < 0.10:
                a.status = rng.choice(["proposed", "proposed", "deprecated"])
            elif roll < 0.04:
                a.status = "rejected"
    for a in adrs:
        # Nygard files: no frontmatter, so no topic; only for records whose links are all
        # to other Nygard-eligible records would be exact, but mixed links are realistic
        a.nygard = rng.random() < 0.05
        a.tagged_only = not a.nygard and rng.random() < 0.15
    return topics, adrs


def _affects(a: _Adr, rng: random.Random) -> list[str]:
    comp = a.topic.component
    pats = [f"src/{comp}/**"]
    if rng.random() < 0.5:
        pats.append(f"services/{comp}/{a.topic.concern}/*.py")
    if rng.random() < 0.2:
        pats.append(f"!src/{comp}/vendor/**")
    if rng.random() < 0.1:
        pats.append(f"infra/{a.scope}/*.tf")
    return pats


def _body(a: _Adr, title: str, prose: _Prose, target: int) -> str:
    t = a.topic
    parts = [f"# {title}", ""]
    sections = [
        ("Context", prose.paragraph(t.component, t.concern.replace("-", " "))),
        (
            "Decision",
            f"We will use {a.value} for {t.concern.replace('-', ' ')} in {a.scope}. "
            + prose.paragraph(a.value),
        ),
        ("Consequences", prose.paragraph()),
    ]
    for head, text in sections:
        parts += [f"## {head}", "", text, ""]
    parts += ["## Alternatives considered", ""]
    text = "\n".join(parts)
    others = [v for v in t.values if v != a.value]
    i = 0
    while len(text.encode()) < target:
        other = others[i % len(others)] if others else a.value
        text += f"- **{other}**: {prose.paragraph(other)}\n"
        i += 1
        if i % 4 == 0:
            text += f"\n### Notes {i // 4}\n\n{prose.paragraph()}\n\n"
    return text


def _frontmatter(a: _Adr, title: str, rng: random.Random, sources: Sequence[str]) -> str:
    t = a.topic
    lines = [
        "---",
        f"id: {a.id}",
        f"title: {json.dumps(title)}",
    ]
    if a.tagged_only:
        lines.append(f"tags: [{t.name}, {t.concern}]")
    else:
        lines.append(f"topic: {t.name}")
        lines.append(f"tags: [{t.concern}, {t.component}]")
    lines += [
        f"value: {json.dumps(a.value)}",
        f"content: {json.dumps(f'{a.value} is the {t.concern} choice for {t.component} in {a.scope}.')}",
        f"status: {a.status.capitalize() if rng.random() < 0.3 else a.status}",
        f"date: {a.when.isoformat()}",
        f"deciders: [{', '.join(rng.sample(PEOPLE, k=rng.randint(1, 3)))}]",
        f"confidence: {rng.choice([0.7, 0.8, 0.9, 0.9, 0.95])}",
    ]
    if a.scope != "all" and a.scope != "legacy":
        lines.append(f"scope: {a.scope}")
    if a.supersedes:
        lines.append(f"supersedes: [{', '.join(a.supersedes)}]")
    if a.superseded_by and not a.one_sided:
        lines.append(f"superseded_by: {a.superseded_by[0]}")
    lines.append("affects:")
    lines += [f"  - {json.dumps(p)}" for p in _affects(a, rng)]
    if sources and rng.random() < 0.2:
        lines.append(f"sources: [{rng.choice(sources)}]")
    lines.append("---")
    return "\n".join(lines) + "\n"


def _nygard(a: _Adr, title: str, by_id: dict[str, _Adr], prose: _Prose, target: int) -> str:
    status = {"superseded": "Superseded", "proposed": "Proposed", "deprecated": "Deprecated"}.get(
        a.status, a.status.capitalize()
    )
    lines = [f"# {a.num}. {title}", "", f"Date: {a.when.isoformat()}", "", "## Status", ""]
    if a.superseded_by and a.superseded_by[0] in by_id:
        nxt = by_id[a.superseded_by[0]]
        lines.append(f"Superseded by [{nxt.num}. {nxt.topic.name}]({nxt.stem}.md)")
    else:
        lines.append(status)
    for old in a.supersedes:
        if old in by_id:
            o = by_id[old]
            lines += ["", f"Supercedes [{o.num}. {o.topic.name}]({o.stem}.md)"]
    lines.append("")
    body = _body(a, title, prose, target - 120)
    return "\n".join(lines) + "\n" + body.split("\n", 1)[1]


def _source_text(i: int, rng: random.Random, topics: Sequence[_Topic]) -> tuple[str, str]:
    sid = f"chat-{i:05d}"
    day = START + timedelta(days=rng.randrange(SPAN_DAYS))
    lines = [
        "---",
        "kind: source",
        f"id: {sid}",
        f"title: Team chat {day.isoformat()}",
        "type: team-chat",
        f'reference: "#{rng.choice(COMPONENTS)}"',
        f"occurred_at: {day.isoformat()}",
        "---",
    ]
    prose = _Prose(rng)
    for minute in range(rng.randint(5, 15)):
        t = rng.choice(topics)
        who = rng.choice(PEOPLE)
        lines.append(f"[10:{minute:02d}] {who}: {prose.sentence(rng.choice(t.values))}")
    return sid, "\n".join(lines) + "\n"


def _claims_yaml(
    i: int, rng: random.Random, topics: Sequence[_Topic], sources: Sequence[str]
) -> tuple[str, int]:
    out = ["# Claims gathered from team chats (generated)."]
    count = rng.randint(3, 6)
    scopes = _scopes()
    for j in range(count):
        t = rng.choice(topics)
        value = rng.choice(t.values)
        out += [
            "- kind: claim",
            f"  id: claim-{i:05d}-{j}",
            f"  topic: {t.name}",
            f"  value: {json.dumps(value)}",
            f"  scope: {rng.choice(scopes)}",
            f"  content: {json.dumps(f'We are moving {t.component} to {value}.')}",
        ]
        if sources:
            out.append(f"  sources: [{rng.choice(sources)}]")
        else:
            day = START + timedelta(days=rng.randrange(SPAN_DAYS))
            out.append(f"  date: {day.isoformat()}")
    return "\n".join(out) + "\n", count


def _memories_yaml(i: int, rng: random.Random) -> tuple[str, int]:
    out = ["# Agent and user memories (generated)."]
    count = rng.randint(3, 6)
    prose = _Prose(rng)
    for j in range(count):
        category = rng.choice(CATEGORIES)
        key = f"{rng.choice(COMPONENTS)}_{rng.choice(WORDS).replace('-', '_')}"
        created = START + timedelta(days=rng.randrange(SPAN_DAYS))
        user = rng.random() < 0.3
        out += [
            "- kind: memory",
            f"  id: mem-{i:05d}-{j}",
            f"  category: {category}",
            f"  key: {key}",
            f"  content: {json.dumps(prose.sentence())}",
            f"  priority: {rng.choice(['low', 'normal', 'normal', 'high', 'critical'])}",
            f"  source: {'user' if user else 'agent'}",
            f"  created_at: {created.isoformat()}",
            f"  tags: [{rng.choice(COMPONENTS)}, {rng.choice(WORDS)}]",
        ]
        if rng.random() < 0.2:
            out.append(
                f"  expires_at: {(created + timedelta(days=rng.randint(30, 900))).isoformat()}"
            )
        if rng.random() < 0.1:
            out.append(f"  mind: {rng.choice(['ops-bot', 'review-bot'])}")
    return "\n".join(out) + "\n", count


def generate(root: Path, n: int, seed: int = SEED) -> Manifest:
    """Write a corpus of `n` ADRs (plus claims, memories, sources) under `root`.

    `root` is created; it must not hold a corpus already. It becomes a git
    repository (`git init`, no commit), as the MCP server requires.
    """
    rng = random.Random(f"govmem-bench/{seed}/{n}")
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True, capture_output=True)
    adr_dir = root / "docs" / "adr"
    (adr_dir / "legacy").mkdir(parents=True, exist_ok=True)
    (root / "memory").mkdir(exist_ok=True)
    (root / "sources").mkdir(exist_ok=True)
    topics, adrs = _plan(n, rng)
    m = Manifest(root=str(root), n=n, seed=seed)
    m.topics = [t.name for t in topics]

    def write(path: Path, text: str) -> None:
        data = text.encode()
        path.write_bytes(data)
        m.files += 1
        m.bytes += len(data)

    (root / "govmem.yaml").write_text(_config(topics))
    (adr_dir / "README.md").write_text("# Architecture decisions\n\nGenerated for benchmarks.\n")
    source_ids: list[str] = []
    for i in range(max(1, n // 50)):
        sid, text = _source_text(i, rng, topics)
        source_ids.append(sid)
        write(root / "sources" / f"{sid}.md", text)
        m.sources += 1
    by_id = {a.id: a for a in adrs}
    prose = _Prose(rng)
    for a in adrs:
        t = a.topic
        title = f"Use {a.value} for {t.concern.replace('-', ' ')} in {t.component}"
        target = int(1024 * (1 + 5 * rng.random() ** 1.5))
        folder = adr_dir / "legacy" if a.scope == "legacy" else adr_dir
        if a.nygard:
            text = _nygard(a, title, by_id, prose, target)
            m.nygard += 1
        else:
            fm = _frontmatter(a, title, rng, source_ids)
            text = fm + _body(a, title, prose, target - len(fm))
        write(folder / f"{a.stem}.md", text)
        m.decisions += 1
    for i in range(max(1, n // 40)):
        text, count = _claims_yaml(i, rng, topics, source_ids)
        write(root / "memory" / f"claims-{i:05d}.yaml", text)
        m.claims += count
    for i in range(max(1, n // 40)):
        text, count = _memories_yaml(i, rng)
        write(root / "memory" / f"memories-{i:05d}.yaml", text)
        m.memories += count
    for t in topics[:200]:
        value = t.values[0]
        m.questions.append(
            [
                f"Which {t.concern.replace('-', ' ')} do we use for {t.component}, is {value} approved?",
                t.name,
            ]
        )
    m.search_terms = ["postgresql", "kafka", "failover", "checkout", "no-such-term-anywhere"]
    paths: list[str] = []
    for k in range(256):
        comp = COMPONENTS[k % len(COMPONENTS)]
        concern = list(CONCERNS)[k % len(CONCERNS)]
        paths.append(
            [
                f"src/{comp}/handlers/h{k}.py",
                f"services/{comp}/{concern}/m{k}.py",
                f"src/{comp}/vendor/lib{k}.py",
                f"docs/readme-{k}.md",
            ][k % 4]
        )
    m.context_paths = paths
    first = next(a for a in adrs if not a.nygard)
    where = "docs/adr/legacy" if first.scope == "legacy" else "docs/adr"
    m.change_file = f"{where}/{first.stem}.md"
    return m


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m benchmarks.generate N DIR [--seed S]`: write a corpus and print its manifest."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.generate", description=__doc__)
    p.add_argument("n", type=int, help="number of ADR files")
    p.add_argument("dir", type=Path, help="the folder to create")
    p.add_argument("--seed", type=int, default=SEED)
    args = p.parse_args(argv)
    m = generate(args.dir, args.n, args.seed)
    summary = {k: v for k, v in asdict(m).items() if not isinstance(v, list)}
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
