"""The glossary: what a question's words in another language mean in English.

A question asked in Italian, German, French, Spanish, Portuguese or Dutch of a
folder written in English shares few words with it: "Quale libreria usiamo
per sorvegliare le modifiche ai file?" holds `libreria`, `modifiche`, which no
record holds. The glossary (`glossary_data`) gives the English words for the
other six languages' words of the vocabulary ADR folders share — the 1,225
words whose stem occurs in at least 10 of the 21 corpora of `tests/data/`,
found in the records alone (`benchmarks/glossary_words.py`), never in the
questions.

* **Which languages.** A question is read in the languages whose stop words
  (`stopwords`) it holds most — several when they tie — and only when it
  holds more of them than English stop words. A question with no stop word at
  all ("Exception tracking service?") is read in none: reading it in all six
  built every language's table on first use (0.6 s) and put no more right
  topics first over the 631 questions (docs/accuracy.md). An English question
  is never translated.
* **Matching.** A word meets a translation on that language's Snowball stem
  of both, folded (`modifiche` and `modifica` -> `modif`), and means the
  English words whose translations stem so (their English stems, as
  `terms.stem` gives them). A German or Dutch word with no entry is split
  once into two words that both have one, the longest head first, a
  linking `s` allowed (`Zustellstatus` -> `zustell` + `status`): it means
  what both mean.

Topic inference uses the glossary only to rank the candidates of a question
it cannot answer with confidence (`bm25`, docs/query.md §1): a translated
word never chooses a topic.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from govmem.model.text import fold, words

from . import glossary_data, stopwords
from .terms import snowball_stemmer, stem

if TYPE_CHECKING:
    import snowballstemmer

LANGUAGES: Final = {
    "italian": (stopwords.ITALIAN, glossary_data.ITALIAN),
    "german": (stopwords.GERMAN, glossary_data.GERMAN),
    "french": (stopwords.FRENCH, glossary_data.FRENCH),
    "spanish": (stopwords.SPANISH, glossary_data.SPANISH),
    "portuguese": (stopwords.PORTUGUESE, glossary_data.PORTUGUESE),
    "dutch": (stopwords.DUTCH, glossary_data.DUTCH),
}
"""Each language's folded stop words and its glossary (`english: word, word` lines)."""
COMPOUNDING: Final = frozenset({"german", "dutch"})
"""The languages whose words without an entry are split into two (module docstring)."""
_MIN_PART: Final = 3
"""A compound's part has at least this many letters."""

_local = threading.local()
_lock = threading.Lock()
_tables: dict[str, Mapping[str, frozenset[str]]] = {}


def _stemmer(language: str) -> snowballstemmer.stemmer:
    """This thread's Snowball stemmer for `language` (a stemmer keeps state while it works)."""
    found: dict[str, snowballstemmer.stemmer] | None = getattr(_local, "stemmers", None)
    if found is None:
        found = _local.stemmers = {}
    if (stemmer := found.get(language)) is None:
        stemmer = found[language] = snowball_stemmer(language)
    return stemmer


@lru_cache(maxsize=1 << 14)
def _stem(language: str, word: str) -> str:
    """`language`'s Snowball stem of a word (`words`), folded: the stemmer's rules read the
    accents (`chargées` -> `charg`, as `charger`; folded first, `chargees` -> `chargee`)."""
    return fold(_stemmer(language).stemWord(word))


def table(language: str) -> Mapping[str, frozenset[str]]:
    """`language`'s glossary: the stem of each of its words -> the English stems it means.

    A translation of several words that are not stop words is left out: its
    words alone do not mean the English word. Built on first use, then kept.
    """
    if (found := _tables.get(language)) is not None:
        return found
    with _lock:
        if (found := _tables.get(language)) is None:
            stops, data = LANGUAGES[language]
            meanings: dict[str, set[str]] = {}
            for line in data.splitlines():
                english, _, translations = line.partition(":")
                if not english or not translations:
                    continue
                meaning = stem(english.strip().lower())
                for word in translations.split(","):
                    content = [w for w in words(word) if fold(w) not in stops]
                    if len(content) == 1:
                        meanings.setdefault(_stem(language, content[0]), set()).add(meaning)
            found = _tables[language] = MappingProxyType(
                {key: frozenset(value) for key, value in meanings.items()}
            )
    return found


def languages(question_tokens: Iterable[str]) -> tuple[str, ...]:
    """The languages a question is read in (module docstring), in `LANGUAGES` order."""
    counts = dict.fromkeys(LANGUAGES, 0)
    english = 0
    for token in question_tokens:
        english += token in stopwords.ENGLISH
        for language, (stops, _) in LANGUAGES.items():
            counts[language] += token in stops
    most = max(counts.values())
    if most == 0:
        return ()
    if english >= most:
        return ()
    return tuple(language for language in LANGUAGES if counts[language] == most)


def meaning(word: str, language: str) -> frozenset[str]:
    """The English stems a word of `language` (`words`) means (none: not in its glossary)."""
    known = table(language)
    if (found := known.get(_stem(language, word))) is not None:
        return found
    if language not in COMPOUNDING:
        return frozenset()
    for cut in range(len(word) - _MIN_PART, _MIN_PART - 1, -1):
        head, tail = word[:cut], word[cut:]
        tail_means = known.get(_stem(language, tail))
        if tail_means is None:
            continue
        for part in (head, head[:-1] if head.endswith("s") else None):
            if part and len(part) >= _MIN_PART:
                head_means = known.get(_stem(language, part))
                if head_means is not None:
                    return head_means | tail_means
    return frozenset()


def translate(question: str) -> dict[str, frozenset[str]]:
    """The English meanings of a question's words, keyed by each word's English term
    (`terms.stem`), for the words the glossary knows in the question's languages (their
    stop words aside: `der` is no form of `deren`, whatever its stem)."""
    found_words = words(question)
    read_in = languages(fold(w) for w in found_words)
    out: dict[str, frozenset[str]] = {}
    if not read_in:
        return out
    for word in found_words:
        folded = fold(word)
        if folded.isdigit():
            continue
        found = frozenset().union(
            *(
                meaning(word, language)
                for language in read_in
                if folded not in LANGUAGES[language][0]
            )
        )
        if found:
            key = stem(folded)
            out[key] = out.get(key, frozenset()) | found
    return out
