"""The English words the glossary translates, derived from the records alone.

    python -m benchmarks.glossary_words > words.txt       # the word list
    python -m benchmarks.glossary_words --module DIR      # src/govmem/engine/glossary_data.py


A word is listed when its stem (`govmem.engine.terms.stem`) occurs in the
Markdown files of at least `MIN_CORPORA` of the corpora in `tests/data/corpora/`:
the vocabulary ADR folders share, whatever their subject. Each stem is written
as its most frequent folded token (ties: the shortest, then the first in
alphabetical order). The questions are never read (docs/accuracy.md).

Each word was then translated into the six languages, as a team writes them
in a question (`english<TAB>word, word` lines, one file per language in
DIR: `it.tsv`, `de.tsv`, `fr.tsv`, `es.tsv`, `pt.tsv`, `nl.tsv`), and
`--module` writes them as `govmem.engine.glossary_data`, which the core reads.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Final

from govmem.engine.stopwords import STOP_WORDS
from govmem.engine.terms import stem
from govmem.model.text import tokens

ROOT: Final = Path(__file__).resolve().parent.parent
CORPORA: Final = ROOT / "tests" / "data" / "corpora"
MIN_CORPORA: Final = 10


def corpora() -> list[Path]:
    """Every corpus: a folder of `CORPORA`, one project's records (its subfolders included)."""
    return sorted(d for d in CORPORA.iterdir() if d.is_dir())


def words(min_corpora: int = MIN_CORPORA) -> list[str]:
    """The listed words (module docstring), in alphabetical order."""
    seen_in: Counter[str] = Counter()
    surface: dict[str, Counter[str]] = {}
    for corpus in corpora():
        stems: set[str] = set()
        for path in sorted(corpus.rglob("*.md")):
            text = path.read_text(encoding="utf-8", errors="replace")
            for token in tokens(text):
                if token in STOP_WORDS or len(token) < 3 or not token.isalpha():
                    continue
                s = stem(token)
                stems.add(s)
                surface.setdefault(s, Counter())[token] += 1
        seen_in.update(stems)
    out = []
    for s, n in seen_in.items():
        if n >= min_corpora:
            counts = surface[s]
            out.append(min(counts, key=lambda t: (-counts[t], len(t), t)))
    return sorted(set(out))


LANGUAGES: Final = {
    "it": "ITALIAN",
    "de": "GERMAN",
    "fr": "FRENCH",
    "es": "SPANISH",
    "pt": "PORTUGUESE",
    "nl": "DUTCH",
}
MODULE: Final = ROOT / "src" / "govmem" / "engine" / "glossary_data.py"


def module(folder: Path) -> str:
    """The text of `glossary_data.py` from the six translation files of `folder`."""
    head = (
        '"""The glossary\'s data: English words and their translations (`glossary`).\n\n'
        "One constant per language, one line per English word: the word, a colon, its\n"
        "translations separated by commas. The words are `benchmarks/glossary_words.py`'s;\n"
        'this file is written by `python -m benchmarks.glossary_words --module DIR`.\n"""\n\n'
        "from typing import Final\n"
    )
    out = [head]
    for code, name in LANGUAGES.items():
        lines = []
        for line in (folder / f"{code}.tsv").read_text(encoding="utf-8").splitlines():
            english, tab, translated = line.partition("\t")
            if not tab or not english.strip() or any(c in line for c in ('"', "\\", ":")):
                continue
            words_ = ", ".join(w.strip().lower() for w in translated.split(",") if w.strip())
            if words_:
                lines.append(f"{english.strip().lower()}: {words_}")
        body = "\n".join(lines)
        out.append(f'\n{name}: Final = """\\\n{body}\n"""\n')
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--module", type=Path, metavar="DIR", help="write glossary_data.py")
    args = parser.parse_args(argv)
    if args.module is None:
        sys.stdout.write("".join(f"{w}\n" for w in words()))
    else:
        MODULE.write_text(module(args.module), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
