"""A new record composed from a folder's template or latest record (`govmem.author`), read back.

Each case composes a record the way `govmem new` does — the shape of a
folder (`shape_of`), then `compose` — and reads the text with govmem's own
parser: the title, status, date and links it was given are what it says.
"""

from __future__ import annotations

from datetime import date

import pytest

from govmem.author.compose import Draft, Target, compose, is_placeholder, request_of
from govmem.author.relink import NewRecord, amended_by, superseded_by
from govmem.author.shape import Sample, shape_of
from govmem.model.records import Config, Record
from govmem.parse.file import ParseContext, parse_file
from govmem.parse.yamledit import set_status_section
from tests.conftest import CORPORA

DAY = date(2026, 5, 4)


def _read(text: str, path: str = "docs/adr/0007-x.md", config: Config | None = None) -> Record:
    parsed = parse_file(path, text, ParseContext(config=config or Config()))
    assert len(parsed.records) == 1, parsed.findings
    return parsed.records[0]


def _draft(**kw: object) -> Draft:
    base: dict[str, object] = {"title": "Use Redis for caching", "number": 7, "day": DAY}
    return Draft(**{**base, **kw})  # type: ignore[arg-type]


def test_an_adr_tools_template_is_filled_as_adr_new_fills_it() -> None:
    template = (
        "# NUMBER. TITLE\n\nDate: DATE\n\n## Status\n\nSTATUS\n\n## Context\n\nWhy?\n\n"
        "## Decision\n\nWhat?\n\n## Consequences\n\nSo what?\n"
    )
    shape = shape_of([], ("templates/template.md", template))
    text = compose(shape, _draft(decision="We will use Redis.")).text
    assert text == (
        "# 7. Use Redis for caching\n\nDate: 2026-05-04\n\n## Status\n\nProposed\n\n"
        "## Context\n\nWhy?\n\n## Decision\n\nWe will use Redis.\n\n## Consequences\n\nSo what?\n"
    )
    rec = _read(text)
    assert (rec.title, rec.status, str(rec.valid_from)) == (
        "7. Use Redis for caching",
        "proposed",
        "2026-05-04",
    )


MADR_TEMPLATE = (
    "---\n# These are optional metadata elements. Feel free to remove any of them.\n"
    'status: "{proposed | rejected | accepted | deprecated | … | superseded by ADR-0123}"\n'
    "date: {YYYY-MM-DD when the decision was last updated}\n"
    "decision-makers: {list everyone involved in the decision}\n---\n\n"
    "# {short title, representative of solved problem and found solution}\n\n"
    "## Context and Problem Statement\n\n{Describe the context and problem statement.}\n\n"
    '## Decision Outcome\n\nChosen option: "{title of option 1}", because {justification}.\n'
)


def test_a_madr_template_loses_its_placeholders_where_govmem_writes() -> None:
    """MADR 4's `adr-template.md`: status (quoted as the template quotes it) and date set, an
    unfilled optional key removed, the chosen-option placeholder replaced by the decision; its
    comment kept."""
    shape = shape_of([], ("adr-template.md", MADR_TEMPLATE))
    text = compose(shape, _draft(decision="We will cache sessions in Redis.")).text
    assert text.startswith(
        "---\n# These are optional metadata elements. Feel free to remove any of them.\n"
        'status: "proposed"\ndate: 2026-05-04\n---\n\n# Use Redis for caching\n'
    )
    assert "## Decision Outcome\n\nWe will cache sessions in Redis.\n" in text
    rec = _read(text)
    assert (rec.title, rec.status, str(rec.valid_from)) == (
        "Use Redis for caching",
        "proposed",
        "2026-05-04",
    )


def test_adrkit_s_template_takes_the_folder_s_words_and_provenance() -> None:
    """adrkit's `0000-template.md`: `id` as `NNNN`, `# ADR-NNNN: <title>`, its `draft` word
    for a proposal, and an agent's record `provenance.authoredBy: agent` with its key."""
    folder = CORPORA / "adrkit-fixtures" / "adrkit-docs-adr"
    template = (folder / "0000-template.md").read_text(encoding="utf-8")
    shape = shape_of([], ("0000-template.md", template))
    text = compose(shape, _draft(agent=True, request_id="r-9", decision="Redis.")).text
    rec = _read(text)
    assert (rec.id, rec.title, rec.status, rec.authored_by) == (
        "0007",
        "ADR-0007: Use Redis for caching",
        "proposed",
        "agent",
    )
    assert rec.written_status == "draft"
    assert request_of(text) == "r-9"
    assert "provenance:\n  authoredBy: agent\n" in text


def test_the_latest_record_gives_the_shape_and_none_of_its_content() -> None:
    latest = (CORPORA / "govuk-aws").glob("0038-*.md").__next__()
    sample = Sample(latest.name, 38, latest.read_text(encoding="utf-8"))
    text = compose(shape_of([sample]), _draft(number=39, decision="We will use Redis.")).text
    assert text == (
        "# 39. Use Redis for caching\n\nDate: 2026-05-04\n\n## Status\n\nProposed\n\n"
        "## Context\n\n## Decision\n\nWe will use Redis.\n\n## Consequences\n"
    )


@pytest.mark.parametrize(
    ("block", "written"),
    [
        # dependencytrack-hyades: keys over a row of values; the author's cell is emptied
        (
            (
                "| Status   | Date       | Author(s) |\n|:---------|:-----------|:----------|\n"
                "| Accepted | 2025-01-19 | @nscuro   |\n"
            ),
            (
                "| Status   | Date       | Author(s) |\n|:---------|:-----------|:----------|\n"
                "| Proposed | 2026-05-04 |           |\n"
            ),
        ),
        # a key and its value per row
        (
            "| Field | Value |\n| --- | --- |\n| Status | Accepted |\n| Date | 2025-01-19 |\n",
            "| Field | Value |\n| --- | --- |\n| Status | Proposed |\n| Date | 2026-05-04 |\n",
        ),
    ],
)
def test_a_metadata_table_is_written_as_the_folder_writes_it(block: str, written: str) -> None:
    latest = "## Context\n\nWords.\n\n## Decision\n\nWe do.\n"
    sample = Sample("017-x.md", 17, f"{block}\n{latest}")
    text = compose(shape_of([sample]), _draft(number=18)).text
    assert written in text
    record = _read(text, "docs/adr/018-use-redis-for-caching.md")
    assert (record.status, str(record.valid_from)) == ("proposed", "2026-05-04")
    accepted = set_status_section(text, "accepted")
    assert accepted is not None
    assert _read(accepted, "docs/adr/018-use-redis-for-caching.md").status == "accepted"
    assert accepted.replace("Accepted", "Proposed") == text


def test_a_folder_that_dates_its_records_by_their_changelog_gets_a_changelog_line() -> None:
    """Tendermint records (cometbft, celestia-app) write no `Date:`: their changelog dates them.
    The new record keeps the section, with one line that dates it, and reads back dated."""
    latest = (
        "# ADR 029: Fibre Upload Rate Limiting\n\n## Changelog\n\n- 2026-07-21: Initial draft\n"
        "- 2026-07-31: Implemented\n\n## Status\n\nImplemented\n\n## Context\n\nWords.\n\n"
        "## Decision\n\nWe cap it.\n"
    )
    shape = shape_of([Sample("adr-029-fibre-upload-rate-limit.md", 29, latest)])
    text = compose(shape, _draft(number=30, decision="We will cache sessions in Redis.")).text
    assert "## Changelog\n\n- 2026-05-04: Initial draft\n\n## Status" in text
    assert "2026-07" not in text
    record = _read(text, "docs/adr/adr-030-use-redis-for-caching.md")
    assert (record.status, str(record.valid_from)) == ("proposed", "2026-05-04")


def test_links_go_where_the_folder_keeps_them() -> None:
    """adr-tools: in the Status section; MADR bullets: a `## Links` list; frontmatter: a key."""
    old = Target("supersedes", "0004", "4. Use MySQL", "0004-use-mysql.md")
    amends = Target("amends", "0003", "3. Use Kafka", "0003-use-kafka.md")
    nygard = Sample(
        "0006-x.md", 6, "# 6. X\n\nDate: 2020-01-01\n\n## Status\n\nAccepted\n\n## Context\n"
    )
    text = compose(shape_of([nygard]), _draft(links=(old, amends))).text
    assert (
        "## Status\n\nProposed\n\nSupersedes [4. Use MySQL](0004-use-mysql.md)\n\nAmends [3. Use Kafka](0003-use-kafka.md)\n\n## Context"
        in text
    )
    bullets = Sample(
        "0006-x.md",
        6,
        "# X\n\n- Status: accepted\n- Date: 2020-01-01\n\n## Context and Problem Statement\n",
    )
    text = compose(shape_of([bullets]), _draft(links=(old, amends))).text
    assert text.endswith(
        "## Links\n\n- Supersedes [4. Use MySQL](0004-use-mysql.md)\n- Amends [3. Use Kafka](0003-use-kafka.md)\n"
    )
    fm = Sample("0006-x.md", 6, "---\nstatus: accepted\ndate: 2020-01-01\n---\n# X\n")
    text = compose(shape_of([fm]), _draft(links=(old, amends))).text
    rec = _read(text)
    assert rec.supersedes == ("0004",)
    assert [(x.kind, x.ref) for x in rec.links] == [("amends", "0003-use-kafka.md")]


def test_what_a_format_has_no_place_for_is_a_note_not_a_guess() -> None:
    nygard = Sample("0006-x.md", 6, "# 6. X\n\nDate: 2020-01-01\n\n## Status\n\nAccepted\n")
    done = compose(shape_of([nygard]), _draft(topic="cache", value="Redis"))
    assert done.notes == (
        "The folder's records have no place for a topic; it was not written.",
        "The folder's records have no place for a value; it was not written.",
    )
    assert "cache" not in done.text


def test_an_agent_s_record_without_frontmatter_says_so_in_a_comment_the_reader_ignores() -> None:
    nygard = Sample(
        "0006-x.md", 6, "# 6. X\n\nDate: 2020-01-01\n\n## Status\n\nAccepted\n\n## Decision\n"
    )
    text = compose(
        shape_of([nygard]), _draft(agent=True, request_id="a-->b", decision="Redis.")
    ).text
    assert text.endswith(
        '\n<!-- govmem: {"authoredBy": "agent", "request_id": "a--\\u003eb"} -->\n'
    )
    assert request_of(text) == "a-->b"
    rec = _read(text)
    assert rec.status == "proposed"
    assert "govmem" not in rec.frontmatter


def test_placeholders() -> None:
    assert is_placeholder("{list everyone involved}")
    assert is_placeholder({"list everyone involved in the decision": None})
    assert is_placeholder("YYYY-MM-DD when the decision was last updated")
    assert is_placeholder("NNNN")
    assert not is_placeholder("component")
    assert not is_placeholder([])


def test_old_records_are_marked_in_their_own_format() -> None:
    new = NewRecord("20260504-use-redis", "Use Redis", "20260504-use-redis.md", by_stem=True)
    block = "# Old\n\n- Status: accepted\n- Date: 2020-01-01\n"
    assert superseded_by(block, "block", new).startswith(
        "# Old\n\n- Status: superseded by [20260504-use-redis](20260504-use-redis.md)\n"
    )
    camel = "---\nid: '0003'\nstatus: accepted\nrelatesTo: []\n---\n# Old\n\n> **Status: Accepted.** Ratified.\n"
    marked = superseded_by(camel, "frontmatter", NewRecord("0009", "9. New", "0009-new.md"))
    assert "status: superseded\n" in marked
    assert "supersededBy: '0009'\n" in marked
    assert "> **Status: Superseded.** Ratified.\n" in marked
    none = "# Old\n\nSome text.\n"
    assert superseded_by(none, None, NewRecord("0009", "9. New", "0009-new.md")).startswith(
        "# Old\n\nStatus: Superseded by [9. New](0009-new.md)\n\nSome text.\n"
    )
    assert amended_by(block, "block", new).endswith(
        "\n## Links\n\n- Amended by [20260504-use-redis](20260504-use-redis.md)\n"
    )
