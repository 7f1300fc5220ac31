"""What the `govmem.parse.file` tests share: parsing one text, and reading what came out."""

from __future__ import annotations

from govmem import Record, When
from govmem.model.time import parse_iso
from govmem.parse.file import (
    ParsedFile,
)


def when(text: str) -> When:
    """An ISO date as a `When`."""
    value = parse_iso(text)
    assert value is not None
    return value


def one(parsed: ParsedFile) -> Record:
    """The single record of a parsed file."""
    assert len(parsed.records) == 1, parsed
    return parsed.records[0]


def codes(parsed: ParsedFile) -> list[str]:
    """The finding codes of a parsed file, in order."""
    return [f.code for f in parsed.findings]


NYGARD = """# 4. DNS definitions for hosts and services

Date: 2017-07-14

## Status

Superseded by [DNS Infrastructure](0015-dns-infrastructure.md)

## Context

Icinga needs to reach hosts.
"""

TENDERMINT = """# ADR 105: Refactor list of senders in mempool

## Changelog

- 2023-07-19: Choose callbacks option and mark as accepted (@hvanz)
- 2023-07-10: Add callback alternative (@hvanz)
- 2023-06-26: Initial draft (@hvanz)
- 2024-05-22: Reverted (@hvanz)

## Status

Reverted
"""

REJECTED_IN_FAVOUR = """# ADR 100: Data Companion Push API

## Changelog

- 2023-05-03: Mark as rejected in favour of ADR-101 (@thanethomson)
- 2022-09-10: First draft (@thanethomson)

## Status

Rejected
"""
