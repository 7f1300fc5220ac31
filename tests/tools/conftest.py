"""The fixtures of the adrkit tools' tests: seed 002's corpus, and one with every successor state."""

from __future__ import annotations

from pathlib import Path

import pytest

from govmem import Corpus
from tests.tools.seed_002 import SEED, STATES, _load


@pytest.fixture
def seed(tmp_path: Path) -> Corpus:
    """Seed 002's two decisions: 0003 Use MySQL, superseded by 0007 Adopt Postgres."""
    return _load(tmp_path, SEED)


@pytest.fixture
def states(tmp_path: Path) -> Corpus:
    """The seed corpus plus one superseded record per `supersededBy` state."""
    return _load(tmp_path, STATES)
