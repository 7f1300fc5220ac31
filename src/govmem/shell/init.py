"""The text `govmem init` writes: a commented `govmem.yaml` for the folders found. No I/O.

`config_text(adr, memory, given=..., memory_exists=...)` turns the ADR
folders of a plan (`_load.plan_paths` run with no `govmem.yaml`) into a file
that loads without findings:

* the ADR folder was found: `paths` is written commented out, listing what
  was found (log4brains packages with their scopes) and `memory` — left
  unset, the same folders are found again, and the memory folder is read
  once `remember` creates it;
* `--dir` named it: `paths` is set, to that folder and `memory` (commented
  out while the memory folder does not exist: a `paths` entry that does not
  exist is a `missing-path` finding);
* nothing was found: `paths` is a commented placeholder to fill in.

Then `memory`, and commented examples of `exclude`, `scopes`, `topics`,
`fields`, `statuses` and `default_status`.
"""

from __future__ import annotations

import json
import re
from typing import Final

from govmem.model.records import PathEntry

_PLAIN: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*")

_HEAD: Final = """\
# govmem.yaml: how govmem reads the decisions of this repository.
# Every key is optional; a bad value is a finding (`govmem lint`), never an error.
"""

_EXAMPLES: Final = """\
# Files never read, as gitignore patterns:
# exclude: [CHANGELOG.md, "**/template.md"]

# The scope tree, under the root scope `all`; a folder's or a record's `scope`
# names one, and a question can name one by an alias:
# scopes:
#   all:
#     backend: {aliases: [server side]}
#     frontend: {}

# Declared topics, with other names for them and spellings of their values:
# topics:
#   database:
#     aliases: [db, databases]
#     values: {postgresql: [postgres, pg]}

# A dialect: a govmem field <- the key the records write it as.
# fields: {scope: track}

# More status spellings, each -> a status class (accepted, proposed, rejected,
# superseded, deprecated, revoked).
# statuses: {stable: accepted}

# The status of decision files that write none. Without it they read as
# unknown, never in force; a team whose ADRs are accepted once merged sets:
# default_status: accepted
"""


def _scalar(text: str) -> str:
    """`text` as a YAML scalar: plain when safe, else double-quoted (JSON is YAML)."""
    return text if _PLAIN.fullmatch(text) else json.dumps(text, ensure_ascii=False)


def _entry(entry: PathEntry) -> str:
    if entry.scope:
        return f"{{path: {_scalar(entry.path)}, scope: {_scalar(entry.scope)}}}"
    return _scalar(entry.path)


def config_text(
    adr: tuple[PathEntry, ...], memory: str, *, given: bool, memory_exists: bool
) -> str:
    """The commented `govmem.yaml` for these ADR folders (module docstring).

    Args:
        adr: the ADR folders found (or the one `--dir` named), with their scopes.
        memory: the memory folder.
        given: `--dir` named the folder (so `paths` is set).
        memory_exists: whether the memory folder exists now.
    """
    lines = [_HEAD]
    if given:
        lines.append("# The folders read, recursively, relative to this file.")
        lines.append("paths:")
        lines += [f"  - {_entry(e)}" for e in adr]
        if memory_exists:
            lines.append(f"  - {_scalar(memory)}")
        else:
            lines.append(f"  # - {_scalar(memory)}   # uncomment once `govmem remember` creates it")
    elif adr:
        found = ", ".join(e.path for e in adr)
        lines.append("# The folders read, recursively, relative to this file. Left unset, govmem")
        lines.append(f"# finds the ADR folder itself; it found {found}. To fix the list:")
        lines.append("# paths:")
        lines += [f"#   - {_entry(e)}" for e in adr]
        lines.append(f"#   - {_scalar(memory)}")
    else:
        lines.append("# No ADR folder was found: name yours (relative to this file) and uncomment.")
        lines.append("# paths:")
        lines.append("#   - docs/adr")
        lines.append(f"#   - {_scalar(memory)}")
    lines.append("")
    lines.append("# Where `govmem remember` writes new memories and claims.")
    lines.append(f"memory: {_scalar(memory)}")
    lines.append("")
    lines.append(_EXAMPLES)
    return "\n".join(lines).rstrip("\n") + "\n"
