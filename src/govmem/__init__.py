"""govmem: governed memory for LLM agents.

Ask "what is decided about X, in scope Y, as of date D?" of a team's decision
records and get one structured, source-backed verdict::

    import govmem
    corpus = govmem.load("path/to/repo")
    answer = corpus.query("Which database is approved for new services?", as_of="2026-09-08")
    answer.status, answer.to_dict()

Everything in `__all__` is the public API; the modules behind it are private.
"""

from __future__ import annotations

from ._corpus import Corpus
from .engine.answer import Answer
from .index.derive import Facts
from .index.index import Health
from .model.convert import from_json as structure
from .model.convert import to_json as unstructure
from .model.errors import CorpusUnavailable, GitHistoryError, GovmemError, InputError
from .model.records import (
    Config,
    Finding,
    Link,
    Matcher,
    Quote,
    Record,
    Relation,
    Resolution,
    Source,
    StatusChange,
)
from .model.time import When
from .shell.load import Loader, load

__all__ = [
    "Answer",
    "Config",
    "Corpus",
    "CorpusUnavailable",
    "Facts",
    "Finding",
    "GitHistoryError",
    "GovmemError",
    "Health",
    "InputError",
    "Link",
    "Loader",
    "Matcher",
    "Quote",
    "Record",
    "Relation",
    "Resolution",
    "Source",
    "StatusChange",
    "When",
    "load",
    "structure",
    "unstructure",
]
