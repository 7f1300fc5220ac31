"""ADR folders in the dialects teams write, for the round-trip property of `govmem new`.

`dialect_folders()` draws a folder of one to four decision records written
the way one tool or template writes them, with the files that tool keeps
beside them:

* `adr-tools` — `doc/adr/0007-use-x.md` and `.adr-dir`: `# 7. Use X`,
  `Date:`, a `## Status` section, `Supersedes [..](..)` /
  `Superseded by [..](..)` and `Amends` / `Amended by` links in it
  (sometimes a custom `templates/template.md` with adr-tools' placeholders);
* `alphagov` — `ADR007-use-x.md`, `# ADR007: Use X`, otherwise adr-tools';
* `madr-bullets` — MADR 2: `- Status:` / `- Date:` bullets under the title,
  `## Context and Problem Statement`, `## Decision Outcome` with `Chosen
  option: "X"`, links in a `## Links` list;
* `log4brains` — `docs/adr/20201016-use-x.md`, `.log4brains.yml`, its
  `template.md`, bullets as MADR 2, `superseded by [slug](file)`;
* `madr-frontmatter` — MADR 3/4: `status:` and `date:` in a frontmatter,
  `status: "superseded by ADR-0005"` (sometimes its `adr-template.md`);
* `yaml-frontmatter` — adrkit / govmem: `id: adr-007`, `title`, `status`,
  `date`, `topic`, `value`, `supersedes` (camelCase keys and a
  `provenance` mapping in the adrkit variant).

Records are numbered from 1 (dated names: one day apart), titled from a
small pool (accents included), mostly accepted, some proposed or rejected,
and one may supersede an earlier one (both sides written, as the tools
write them). `DialectFolder.records` says what each file is, so that a test
can pick what a new record supersedes or amends; `write(root)` puts the
files on disk.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Final, Literal, TypeAlias

from attrs import frozen
from hypothesis import strategies as st

from govmem.author.naming import make_slug

Dialect: TypeAlias = Literal[
    "adr-tools", "alphagov", "madr-bullets", "log4brains", "madr-frontmatter", "yaml-frontmatter"
]
DIALECTS: Final[tuple[Dialect, ...]] = (
    "adr-tools",
    "alphagov",
    "madr-bullets",
    "log4brains",
    "madr-frontmatter",
    "yaml-frontmatter",
)
TITLES: Final = (
    "Use PostgreSQL for new services",
    "Use Kafka for events",
    "Define event schemas in Avro",
    "Run services on Kubernetes",
    "Log with OpenTelemetry",
    "Serve the café menu from a CDN",
    "Deploy with GitHub Actions",
)
"""Titles of existing records (a new record takes one of `NEW_TITLES`)."""
NEW_TITLES: Final = ("Use Redis for caching", "Adopt Ruff for linting", "Mettre le cache à jour")
SENTENCES: Final = (
    "We will do this for every new service.",
    "The team agreed on it after a spike.",
    "It replaces the hand-written scripts.",
)
START: Final = date(2024, 3, 1)

_TEMPLATE_ADR_TOOLS: Final = (
    "# NUMBER. TITLE\n\nDate: DATE\n\n## Status\n\nSTATUS\n\n## Context\n\n"
    "What is the issue that we're seeing that is motivating this decision?\n\n"
    "## Decision\n\nWhat is the change that we're proposing and/or doing?\n\n"
    "## Consequences\n\nWhat becomes easier or more difficult to do?\n"
)
_TEMPLATE_LOG4BRAINS: Final = (
    "# [short title of solved problem and solution]\n\n"
    "- Status: [draft | proposed | rejected | accepted | deprecated | superseded by XXX]\n"
    "- Deciders: [list everyone involved in the decision] <!-- optional -->\n"
    "- Date: [YYYY-MM-DD when the decision was last updated]\n\n"
    "## Context and Problem Statement\n\n[Describe the context and problem statement.]\n\n"
    '## Decision Outcome\n\nChosen option: "[option 1]", because [justification].\n\n'
    "## Links\n\n- [Link type] [Link to ADR] <!-- example: Refined by [xxx](yyyymmdd-xxx.md) -->\n"
)
_TEMPLATE_MADR: Final = (
    "---\n# These are optional metadata elements. Feel free to remove any of them.\n"
    'status: "{proposed | rejected | accepted | deprecated | superseded by ADR-0123}"\n'
    "date: {YYYY-MM-DD when the decision was last updated}\n"
    "decision-makers: {list everyone involved in the decision}\n---\n\n"
    "# {short title, representative of solved problem and found solution}\n\n"
    "## Context and Problem Statement\n\n{Describe the context and problem statement.}\n\n"
    "## Considered Options\n\n* {title of option 1}\n* {title of option 2}\n\n"
    '## Decision Outcome\n\nChosen option: "{title of option 1}", because {justification}.\n'
)

Status: TypeAlias = Literal["accepted", "proposed", "rejected", "superseded"]


@frozen
class Existing:
    """One record of a drawn folder."""

    number: int
    id: str
    """The id it reads as (its frontmatter id, else its file's leading id)."""
    title: str
    path: str
    """Relative to the root."""
    status: Status


@frozen
class DialectFolder:
    """A drawn folder: its files (root-relative), its ADR folder, what each record is."""

    dialect: Dialect
    folder: str
    files: tuple[tuple[str, str], ...]
    records: tuple[Existing, ...]

    def write(self, root: Path) -> None:
        """Write the files under `root`."""
        for rel, text in self.files:
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))


@frozen
class _Spec:
    number: int
    title: str
    status: Status
    day: date
    decision: str
    supersedes: int | None = None
    superseded_by: int | None = None


def _name(dialect: Dialect, s: _Spec) -> str:
    slug = make_slug(s.title)
    if dialect == "alphagov":
        return f"ADR{s.number:03d}-{slug}.md"
    if dialect == "log4brains":
        return f"{s.day:%Y%m%d}-{slug}.md"
    if dialect == "yaml-frontmatter":
        return f"adr-{s.number:03d}-{slug}.md"
    return f"{s.number:04d}-{slug}.md"


def _id(dialect: Dialect, s: _Spec) -> str:
    if dialect == "alphagov":
        return f"ADR{s.number:03d}"
    if dialect == "log4brains":
        return f"{s.day:%Y%m%d}-{make_slug(s.title)}"
    if dialect == "yaml-frontmatter":
        return f"adr-{s.number:03d}"
    return f"{s.number:04d}"


def _heading(dialect: Dialect, s: _Spec) -> str:
    if dialect == "adr-tools":
        return f"{s.number}. {s.title}"
    if dialect == "alphagov":
        return f"ADR{s.number:03d}: {s.title}"
    return s.title


def _render(dialect: Dialect, s: _Spec, specs: dict[int, _Spec], camel: bool) -> str:
    """One record's text in `dialect`."""
    word = s.status.capitalize()

    def link(n: int) -> str:
        """A link to record `n`, named as the dialect's tool names it (log4brains: the stem)."""
        name = _name(dialect, specs[n])
        text = name.removesuffix(".md") if dialect == "log4brains" else _heading(dialect, specs[n])
        return f"[{text}]({name})"

    body = [f"## Decision\n\n{s.decision}\n"]
    if dialect in ("adr-tools", "alphagov"):
        said = [word] if s.superseded_by is None else [f"Superseded by {link(s.superseded_by)}"]
        if s.supersedes is not None:
            said += [f"Supersedes {link(s.supersedes)}"]
        return (
            f"# {_heading(dialect, s)}\n\nDate: {s.day}\n\n## Status\n\n"
            + "\n\n".join(said)
            + "\n\n## Context\n\nWe need to decide.\n\n"
            + "".join(body)
            + "\n## Consequences\n\nNone yet.\n"
        )
    outcome = f'## Decision Outcome\n\nChosen option: "{s.title}", because {s.decision}\n'
    links = f"\n## Links\n\n- Supersedes {link(s.supersedes)}\n" if s.supersedes else ""
    if dialect in ("madr-bullets", "log4brains"):
        status: str = word.lower() if dialect == "log4brains" else word
        if s.superseded_by is not None:
            status = f"superseded by {link(s.superseded_by)}"
        return (
            f"# {s.title}\n\n- Status: {status}\n- Deciders: the platform team\n- Date: {s.day}\n\n"
            f"## Context and Problem Statement\n\nWe need to decide.\n\n{outcome}{links}"
        )
    if dialect == "madr-frontmatter":
        written: str = s.status
        if s.superseded_by is not None:
            written = f"superseded by ADR-{s.superseded_by:04d}"
        return (
            f'---\nstatus: "{written}"\ndate: {s.day}\n---\n\n# {s.title}\n\n'
            f"## Context and Problem Statement\n\nWe need to decide.\n\n{outcome}{links}"
        )
    lines = [
        "---",
        f"id: adr-{s.number:03d}",
        f"title: {s.title}",
        f"status: {s.status}",
        f"date: {s.day}",
        "topic: platform" if s.number % 2 else f"value: {s.title.split()[1]}",
    ]
    if s.supersedes is not None:
        lines.append(f"supersedes: adr-{s.supersedes:03d}")
    if s.superseded_by is not None:
        lines.append(f"{'supersededBy' if camel else 'superseded_by'}: adr-{s.superseded_by:03d}")
    if camel:
        lines += ["provenance:", "  authoredBy: human"]
    lines.append("---")
    return "\n".join(lines) + f"\n# {s.title}\n\n## Context\n\nWe need to decide.\n\n" + body[0]


@st.composite
def dialect_folders(draw: st.DrawFn, dialects: tuple[Dialect, ...] = DIALECTS) -> DialectFolder:
    """A folder of one to four records in one dialect (module docstring)."""
    dialect = draw(st.sampled_from(dialects))
    n = draw(st.integers(1, 4))
    titles = draw(st.permutations(TITLES))[:n]
    statuses: list[Status] = [
        draw(st.sampled_from(["accepted", "accepted", "accepted", "proposed", "rejected"]))
        for _ in range(n)
    ]
    days = [START + timedelta(days=3 * i) for i in range(n)]
    specs = {
        i + 1: _Spec(i + 1, titles[i], statuses[i], days[i], draw(st.sampled_from(SENTENCES)))
        for i in range(n)
    }
    if n >= 2 and draw(st.booleans()):
        old, new = sorted(draw(st.lists(st.integers(1, n), min_size=2, max_size=2, unique=True)))
        specs[old] = _Spec(
            old, titles[old - 1], "superseded", days[old - 1], specs[old].decision, None, new
        )
        specs[new] = _Spec(
            new, titles[new - 1], "accepted", days[new - 1], specs[new].decision, old
        )
    camel = dialect == "yaml-frontmatter" and draw(st.booleans())
    folder = "doc/adr" if dialect == "adr-tools" else "docs/adr"
    files = [
        (f"{folder}/{_name(dialect, s)}", _render(dialect, s, specs, camel)) for s in specs.values()
    ]
    if dialect == "adr-tools":
        files.append((".adr-dir", "doc/adr\n"))
        if draw(st.booleans()):
            files.append((f"{folder}/templates/template.md", _TEMPLATE_ADR_TOOLS))
    if dialect == "log4brains":
        files.append(
            (".log4brains.yml", "project:\n  name: Test\n  tz: Etc/UTC\n  adrFolder: ./docs/adr\n")
        )
        files.append((f"{folder}/template.md", _TEMPLATE_LOG4BRAINS))
    if dialect == "madr-frontmatter" and draw(st.booleans()):
        files.append((f"{folder}/adr-template.md", _TEMPLATE_MADR))
    records = tuple(
        Existing(s.number, _id(dialect, s), s.title, f"{folder}/{_name(dialect, s)}", s.status)
        for s in specs.values()
    )
    return DialectFolder(dialect, folder, tuple(files), records)
