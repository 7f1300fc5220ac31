"""File names as folders write them (`govmem.author.naming`): the next record's name and number."""

from __future__ import annotations

from datetime import date

import pytest

from govmem.author.naming import make_slug, naming_of

DAY = date(2026, 5, 4)
TITLE = "Use Redis for caching"


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ([], "0001-use-redis-for-caching.md"),
        (["0001-record.md", "0002-use-x.md", "README.md"], "0003-use-redis-for-caching.md"),
        (["0009-a.md", "0010-b.md", "0004a-c.md"], "0011-use-redis-for-caching.md"),
        (["ADR-007-use-x.md", "ADR-012-use-y.md"], "ADR-013-use-redis-for-caching.md"),
        (["ADR046-use-x.md", "ADR047-use-y.md"], "ADR048-use-redis-for-caching.md"),
        (["adr-01.md", "adr-64.md"], "adr-65.md"),
        (["001.md", "011.md", "024.md"], "025.md"),
        (["008_styling.md", "014_overlays.md"], "015_use_redis_for_caching.md"),
        (["001-Use-AWS.md", "049-Use-Kubernetes.md"], "050-Use-Redis-for-caching.md"),
        (["7-a.md", "12-b.md"], "13-use-redis-for-caching.md"),
        (["20200924-a.md", "20201016-b.md", "template.md"], "20260504-use-redis-for-caching.md"),
        (
            ["2023-06-26-a.md", "2026-02-03-work_flow.md", "2025-01-02-b.md"],
            "2026-05-04-use-redis-for-caching.md",
        ),
        # sylius: a date written with underscores, its `_readme.md` and `_template.md` aside
        (
            ["2020_09_01_admin_split.md", "2024_10_22_filters.md", "_readme.md", "_template.md"],
            "2026_05_04_use_redis_for_caching.md",
        ),
    ],
)
def test_the_next_name_follows_the_folder(names: list[str], expected: str) -> None:
    assert naming_of(names).file_name(TITLE, DAY) == expected


def test_an_empty_log4brains_folder_takes_dated_names() -> None:
    assert (
        naming_of([], log4brains=True).file_name(TITLE, DAY) == "20260504-use-redis-for-caching.md"
    )


def test_the_number_is_one_more_than_the_highest_of_its_prefix() -> None:
    """As adr-tools counts: the highest leading number, whatever the file's age in the listing."""
    got = naming_of(["0001-a.md", "0003-c.md", "0002-b.md"])
    assert got.next_number == 4


def test_slugs_fold_accents_and_punctuation() -> None:
    assert make_slug("Mettre le cache à jour (v2)!") == "mettre-le-cache-a-jour-v2"
    assert make_slug("Use PostgreSQL for new services") == "use-postgresql-for-new-services"
    assert make_slug("Café", "_", keep_case=True) == "Cafe"
