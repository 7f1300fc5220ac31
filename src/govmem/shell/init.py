"""`govmem init`: a commented `govmem.yaml` for the folders found, written once, atomically.

`init_config(root, dir=...)` plans the folders as a load would with no
`govmem.yaml` and creates the file with `atomic.create_exclusive` — complete
or not at all, and never over an existing one (`ConfigExists`).
`config_text(adr, memory, given=..., memory_exists=...)` is its text (pure):
it turns the ADR folders of the plan into a file that loads without findings:

* the ADR folder was found: `paths` is written commented out, listing what
  was found (log4brains packages with their scopes) and `memory` — left
  unset, the same folders are found again, and the memory folder is read
  once `remember` creates it;
* `--dir` named it: `paths` is set, to that folder and `memory` (commented
  out while the memory folder does not exist: a `paths` entry that does not
  exist is a `missing-path` finding);
* nothing was found: `paths` is a commented placeholder to fill in.

Then `memory`, and commented examples of `exclude`, `scopes`, `topics`,
`fields`, `statuses` and `default_status` — except that when most decision
records of the folders found write no status (v6), `default_status: accepted`
comes right after `memory`, with how many write none, for the team to
uncomment: they read as `unknown`, never in force, until it says otherwise
(govmem never assumes a record accepted).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Final

from attrs import frozen

from govmem.model.errors import GovmemError
from govmem.model.records import Config, PathEntry
from govmem.parse.config import CONFIG_NAME

from .atomic import create_exclusive
from .load import Loader

_PLAIN: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*")

_HEAD: Final = """\
# govmem.yaml: how govmem reads the decisions of this repository.
# Every key is optional; a bad value is a finding (`govmem lint`), never an error.
"""

_DEFAULT_STATUS: Final = """\
# The status of decision files that write none. Without it they read as
# unknown, never in force; a team whose ADRs are accepted once merged sets:
# default_status: accepted

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

@DEFAULT_STATUS@# Other decision logs this one follows (docs/federation.md): a folder on disk
# (a clone, a submodule, a CI checkout; govmem never fetches), relative to this
# file, and the scope its decisions apply to. Their records read `platform:12`.
# logs:
#   platform: {path: ../platform, scope: all}
"""


def _scalar(text: str) -> str:
    """`text` as a YAML scalar: plain when safe, else double-quoted (JSON is YAML)."""
    return text if _PLAIN.fullmatch(text) else json.dumps(text, ensure_ascii=False)


def _entry(entry: PathEntry) -> str:
    if entry.scope:
        return f"{{path: {_scalar(entry.path)}, scope: {_scalar(entry.scope)}}}"
    return _scalar(entry.path)


def offer_default_status(unstated: int, decisions: int) -> str:
    """The `default_status` lines offered when most decision records write no status."""
    return (
        f"# {unstated} of the {decisions} decision records found write no status: they read as\n"
        "# unknown, never in force, so no answer about them is verified. If your ADRs are\n"
        "# accepted once merged, uncomment:\n"
        "# default_status: accepted\n"
    )


def config_text(
    adr: tuple[PathEntry, ...],
    memory: str,
    *,
    given: bool,
    memory_exists: bool,
    unstated: tuple[int, int] = (0, 0),
) -> str:
    """The commented `govmem.yaml` for these ADR folders (module docstring).

    Args:
        adr: the ADR folders found (or the one `--dir` named), with their scopes.
        memory: the memory folder.
        given: `--dir` named the folder (so `paths` is set).
        memory_exists: whether the memory folder exists now.
        unstated: (decision records that write no status, decision records) in them.
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
    none, decisions = unstated
    if decisions and 2 * none > decisions:
        lines.append(offer_default_status(none, decisions))
        lines.append(_EXAMPLES.replace("@DEFAULT_STATUS@", ""))
    else:
        lines.append(_EXAMPLES.replace("@DEFAULT_STATUS@", _DEFAULT_STATUS))
    return "\n".join(lines).rstrip("\n") + "\n"


class ConfigExists(GovmemError):
    """`govmem init` found a `govmem.yaml` already: nothing was written."""


@frozen
class Initialized:
    """What `init_config` wrote: the file, the ADR folders it names (none: none found), and
    (decision records that write no status, decision records) in them."""

    path: Path
    folders: tuple[str, ...]
    unstated: tuple[int, int] = (0, 0)

    @property
    def offers_default_status(self) -> bool:
        """Most decision records write no status: the file offers `default_status`."""
        none, decisions = self.unstated
        return bool(decisions) and 2 * none > decisions

    def to_dict(self) -> dict[str, object]:
        """`{path, folders}`."""
        return {"path": str(self.path), "folders": list(self.folders)}


def init_config(root: str | os.PathLike[str], *, dir: str | None = None) -> Initialized:
    """Write a commented `govmem.yaml` at `root` for the ADR folder found there (or `dir`).

    The file is created atomically and never replaces one (`config_text` says what it holds).

    Raises:
        ConfigExists: the root has a `govmem.yaml` already.
        CorpusUnavailable: the root, or `dir`, cannot be read.
        GovmemError: the file cannot be written (a read-only root).
    """
    loader = Loader(root, dir=dir)
    real = loader.check_root()
    shown = Path(root) / CONFIG_NAME
    if (real / CONFIG_NAME).exists():
        msg = f"{shown} already exists; nothing was written"
        raise ConfigExists(msg)
    cfg = Config()
    plan = loader.plan(real, cfg)
    adr = tuple(e for e in plan.entries if e.path != cfg.memory)
    unstated = loader.load().unstated_statuses() if adr else (0, 0)
    text = config_text(
        adr,
        cfg.memory,
        given=dir is not None,
        memory_exists=(real / cfg.memory).is_dir(),
        unstated=unstated,
    )
    try:
        created = create_exclusive(real / CONFIG_NAME, text)
    except OSError as exc:
        msg = f"cannot write {shown}: {exc.strerror}"
        raise GovmemError(msg) from exc
    if not created:
        msg = f"{shown} already exists; nothing was written"
        raise ConfigExists(msg)
    return Initialized(shown, tuple(e.path for e in adr), unstated)
