"""Hypothesis strategies for corpora, questions and dates (the `govmem[testing]` extra).

Agent authors property-test their own code against govmem with these; govmem
tests itself with them. Everything generated is valid input of
`Corpus.from_records` — records with supersession chains (never cycles),
scopes from a declared tree, claims, memories of two minds, sources with
text, declared evidence, relations open and resolved — and is small enough
to shrink well. Values, dates, authorities and confidences are drawn from
small pools so that ties, equal values and overlapping windows are common.
`linked_corpora` draws small one-topic corpora of supersession links (cycles
included), and `move_links` writes every link on one side: SPEC §4 says the
answers must not change.
`federated_corpora` draws a local corpus and its federated logs (SPEC v5
§2), with local refs into the logs (`FederatedInputs.build()` federates
them as `govmem.load` does).
`file_edits` draws a folder of ADR files and the edits made to it between
two loads (`apply_edit`, `write_folder`): the parse cache's equality test;
`settle` waits until files are old enough for a load to snapshot them.
`dialect_folders` draws ADR folders as adr-tools, MADR, log4brains and
frontmatter tools write them: the round-trip property of `govmem new`.
`markdown_texts` draws Markdown that probes a block parser's corners (lazy
lines, empty items, code in items, look-alike headings, fences and
definitions): the quick scanner's equality test (`govmem.parse.scan`).
`hostile` draws what a hostile-corpus test throws at a loader (and
`cache_values` what a crafted or damaged parse cache may hold): names that
are not UTF-8 (`non_utf8_names`), special files as configuration or records
(`special_files`, `make_special`: FIFOs, device links, sockets, loops) and
dates at the ends of the calendar (`calendar_edge_dates`,
`calendar_edge_instants`).

Bodies and source texts are Markdown with ATX and setext headings, decision
sections (`## Decision`, `Decision Outcome`, a setext `Decision`) next to
context sections, headings hidden in code blocks and comments, lists and
quotes — or any text at all.

`import govmem` never imports this module (nor hypothesis); import it
yourself::

    from hypothesis import given
    from govmem.testing import as_of_dates, corpora, questions

    @given(corpora(), questions(), as_of_dates())
    def test_my_agent_never_serves_a_rejected_decision(inputs, question, as_of):
        answer = inputs.build().query(question, as_of=as_of)
        assert answer.decision is None or answer.decision.status != "rejected"
"""

from __future__ import annotations

from .corpora import (
    TOPICS,
    VALUES,
    CorpusInputs,
    as_of_dates,
    configs,
    corpora,
    questions,
    records,
    scope_trees,
    sources,
)
from .dialects import DIALECTS, DialectFolder, Existing, dialect_folders
from .edits import Edit, FileEdits, apply_edit, file_edits, settle, write_folder
from .federated import LOG_NAMES, FederatedInputs, federated_corpora
from .hostile import (
    BAD_BYTES,
    SPECIAL_FILES,
    cache_values,
    calendar_edge_dates,
    calendar_edge_instants,
    f1_gadget,
    make_special,
    non_utf8_names,
    special_files,
)
from .linked import LINKED_SCOPES, linked_corpora, move_links
from .markdown import markdown_texts

__all__ = [
    "BAD_BYTES",
    "DIALECTS",
    "LINKED_SCOPES",
    "LOG_NAMES",
    "SPECIAL_FILES",
    "TOPICS",
    "VALUES",
    "CorpusInputs",
    "DialectFolder",
    "Edit",
    "Existing",
    "FederatedInputs",
    "FileEdits",
    "apply_edit",
    "as_of_dates",
    "cache_values",
    "calendar_edge_dates",
    "calendar_edge_instants",
    "configs",
    "corpora",
    "dialect_folders",
    "f1_gadget",
    "federated_corpora",
    "file_edits",
    "linked_corpora",
    "make_special",
    "markdown_texts",
    "move_links",
    "non_utf8_names",
    "questions",
    "records",
    "scope_trees",
    "settle",
    "sources",
    "special_files",
    "write_folder",
]
