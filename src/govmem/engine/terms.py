"""Terms: the words topic inference and evidence compare, in any language.

A text's *terms* are its folded Unicode word tokens (`govmem.model.text.tokens`), with
the short function-word lists of seven languages dropped (`stopwords`),
each reduced by the Snowball English stemmer (`clusters` -> `cluster`,
`logs`/`logging` -> `log`, `authenticate`/`authentication` -> `authent`).
Both sides of a comparison go through the same steps, so a question and a
record meet on their stems.

A question drops one more kind of word: *intent words*, which ask about
the governance ("which rule is in force", "what did we decide", "is it
still valid") instead of naming the subject. They are listed below for the
same seven languages.

A token of a topic's name or alias (`protected`) is never dropped, whatever
list holds it, so a topic named "status page" or "it" can still be asked
about; it is stemmed like every other term.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
import threading
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import snowballstemmer
    from snowballstemmer.english_stemmer import EnglishStemmer

from govmem.model.text import fold, tokens

from .stopwords import STOP_WORDS

_INTENT_ENGLISH: Final = """
force forced decide decided decides decision decisions chosen choose chose choice current
currently apply applies applied use used uses using allowed approve approved rule rules valid
still today now status adopted agreed
"""
_INTENT_ITALIAN: Final = """
vigore vigente deciso decisa decisi decise decidere decisione decisioni scelto scelta scelti
scegliere attuale attualmente applica applicano usare uso usa usano usiamo usato usata usati
usate utilizza utilizzano utilizziamo utilizzare approvato approvata approvati approvate regola
regole valido valida validi ancora oggi ora stato
"""
_INTENT_GERMAN: Final = """
kraft gilt gelten gültig gültige entschieden entscheiden entscheidet entscheidung entscheidungen
beschlossen beschluss gewählt wählen wahl aktuell aktuelle aktuellen derzeit momentan angewendet
anwenden verwenden verwendet verwendung benutzen benutzt nutzen genutzt eingesetzt erlaubt
genehmigt freigegeben regel regeln noch heute jetzt status übernommen vereinbart
"""
_INTENT_FRENCH: Final = """
vigueur décidé décidée décidés décidées décider décide décision décisions choisi choisie choisis
choix choisir actuel actuelle actuellement applique appliquer appliqué appliquée utiliser
utilise utilisé utilisée utilisons utilisent autorisé autorisée approuvé approuvée règle règles
valide valable encore aujourd hui maintenant statut adopté convenu
"""
_INTENT_SPANISH: Final = """
vigor vigente decidido decidida decidir decide decidimos decisión decisiones elegido elegida
elegir elección escogido actual actualmente aplica aplican aplicar aplicado usar uso usa usan
usamos usado usada utiliza utilizar utilizamos permitido aprobado aprobada regla reglas válido
válida todavía aún hoy ahora adoptado acordado
"""
_INTENT_PORTUGUESE: Final = """
vigor vigente decidido decidida decidir decide decidimos decisão decisões escolhido escolhida
escolher escolha atual atualmente aplica aplicam aplicar aplicado usar uso usa usam usamos usado
usada utiliza utilizar utilizamos permitido aprovado aprovada regra regras válido válida ainda
hoje agora adotado acordado
"""
_INTENT_DUTCH: Final = """
kracht geldig geldt gelden besloten besluit besluiten beslissing beslist gekozen kiezen keuze
huidig huidige momenteel toegepast toepassen gebruiken gebruikt gebruik gebruiken toegestaan
goedgekeurd goedkeuren regel regels steeds vandaag status aangenomen afgesproken
overeengekomen vastgesteld
"""

INTENT_WORDS: Final = frozenset(
    t
    for words in (
        _INTENT_ENGLISH,
        _INTENT_ITALIAN,
        _INTENT_GERMAN,
        _INTENT_FRENCH,
        _INTENT_SPANISH,
        _INTENT_PORTUGUESE,
        _INTENT_DUTCH,
    )
    for word in words.split()
    for t in tokens(word)
)
"""The folded intent tokens of the seven languages: dropped from questions only."""
_QUESTION_DROPS: Final = STOP_WORDS | INTENT_WORDS

_local = threading.local()
_importing = threading.Lock()


def _stemmer() -> EnglishStemmer:
    """This thread's English stemmer (a Snowball stemmer keeps state while it works)."""
    found: EnglishStemmer | None = getattr(_local, "stemmer", None)
    if found is None:
        found = _local.stemmer = _english()()
    return found


@cache
def _english() -> type[EnglishStemmer]:
    """snowballstemmer's English stemmer, imported on first use without the package's
    `__init__`, which imports its thirty languages' stemmers (a tenth of a warm start): the
    package is made from its spec for the import of `english_stemmer` alone, then taken
    out of `sys.modules`, so that a later `import snowballstemmer` runs as usual (and finds
    the English module loaded). The pure-Python stemmer always: the same stems whether or
    not PyStemmer is installed. One thread at a time: two first calls at once (an MCP
    server's concurrent tool calls) must not take the stand-in package out from under each
    other."""
    with _importing:
        if "snowballstemmer" in sys.modules:
            return importlib.import_module("snowballstemmer.english_stemmer").EnglishStemmer  # type: ignore[no-any-return]
        spec = importlib.util.find_spec("snowballstemmer")
        if spec is None or spec.submodule_search_locations is None:  # pragma: no cover
            msg = "snowballstemmer is not installed"
            raise ImportError(msg)
        sys.modules["snowballstemmer"] = importlib.util.module_from_spec(spec)
        try:
            module = importlib.import_module("snowballstemmer.english_stemmer")
        finally:
            del sys.modules["snowballstemmer"]
        return module.EnglishStemmer  # type: ignore[no-any-return]


def snowball_stemmer(language: str) -> snowballstemmer.stemmer:
    """A new Snowball stemmer of `language` from the whole `snowballstemmer` package, imported
    under the lock `_english` takes, so that it never meets that function's stand-in package."""
    with _importing:
        import snowballstemmer  # noqa: PLC0415  (loaded on first use: a tenth of a warm start)

    return snowballstemmer.stemmer(language)


SHORT_FORMS: Final = {
    "db": "databas",
    "repo": "repositori",
    "k8s": "kubernet",
    "config": "configur",
    "env": "environ",
    "infra": "infrastructur",
    "e2e": "endtoend",
}
"""The stems of software's common short forms, read as the stems of the words they stand for
(`db` -> `databas`, as `databases` gives): `DB choices` meets "Which database?"."""


@lru_cache(maxsize=1 << 17)
def stem(token: str) -> str:
    """The Snowball English stem of a folded token (`clusters` -> `cluster`), a short form's
    that of its long one (`SHORT_FORMS`)."""
    stemmed: str = _stemmer().stemWord(token)
    return SHORT_FORMS.get(stemmed, stemmed)


_STILL: Final = frozenset(
    (
        *("still", "anymore", "nowadays", "currently"),
        *("ancora", "noch", "encore", "todavia", "aun", "ainda", "nog", "steeds"),
    )
)
"""The folded words that ask whether a decision still holds: English's, then the same in
Italian, German, French, Spanish, Portuguese and Dutch."""
_STILL_PAIRS: Final = frozenset({("no", "longer"), ("any", "more"), ("these", "days")})


def asks_if_still(question_tokens: Sequence[str]) -> bool:
    """Whether a question asks if a decision still holds: "Do we still …?", "… anymore?",
    "no longer", "these days", "currently" (and `ancora`, `noch`, `encore`, `todavía`, `aún`,
    `ainda`, `nog`, `steeds`), from its folded tokens."""
    return not _STILL.isdisjoint(question_tokens) or any(
        pair in _STILL_PAIRS for pair in pairwise(question_tokens)
    )


_COMPOUND: Final = re.compile(r"(?<![\w-])[^\W\d_]+(?:-[^\W\d_]+)+(?![\w-])")
"""A hyphenated compound of letters: `back-end`, `front-end`, `end-to-end` (folded)."""


def compounds(text: str) -> list[str]:
    """The hyphenated compounds of `text`, folded and joined: `Back-end` -> `backend`."""
    folded = fold(text)
    if "-" not in folded:
        return []
    return [m[0].replace("-", "") for m in _COMPOUND.finditer(folded)]


def terms(text: str, protected: frozenset[str] = frozenset()) -> list[str]:
    """The stemmed terms of `text`, in order, stop words dropped (unless protected).

    A hyphenated compound (`front-end`) gives its parts and, after them,
    itself joined (`frontend`), so a question's `back-end` (one term,
    `backend`) meets a record's `back-end` or `backend`, never `front-end`.
    """
    out = [stem(t) for t in tokens(text) if t in protected or t not in STOP_WORDS]
    out += [stem(c) for c in compounds(text)]
    return out


def question_terms(
    question: str, protected: frozenset[str] = frozenset(), drop: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """A question's distinct terms, in order: stop words, intent words and `drop` dropped.

    A hyphenated compound counts as one term, joined (`back-end` -> `backend`):
    its parts are no terms of the question. A compound whose every part is dropped
    is dropped too: `utilisons-nous` ("do we use") asks nothing of the folder.
    """

    def dropped(t: str) -> bool:
        return t not in protected and (t in _QUESTION_DROPS or t in drop)

    folded = fold(question)
    found = list(_COMPOUND.finditer(folded)) if "-" in folded else []
    parts = {p for c in found for p in c[0].split("-")}
    kept = [stem(t) for t in tokens(question) if not dropped(t) and t not in parts]
    kept += [
        stem(c[0].replace("-", "")) for c in found if not all(dropped(p) for p in c[0].split("-"))
    ]
    return tuple(dict.fromkeys(kept))


def compound_parts(
    question: str, protected: frozenset[str] = frozenset(), drop: frozenset[str] = frozenset()
) -> dict[str, tuple[str, ...]]:
    """A question's hyphenated compounds, each joined term (as `question_terms` gives it) with
    its parts' terms, stop, intent and `drop` words dropped: `CI-Kommentar` -> `cikommentar`:
    (`ci`, `kommentar`)."""
    out: dict[str, tuple[str, ...]] = {}
    for m in _COMPOUND.finditer(fold(question)):
        parts = [
            stem(p)
            for p in m[0].split("-")
            if p in protected or (p not in _QUESTION_DROPS and p not in drop)
        ]
        out.setdefault(stem(m[0].replace("-", "")), tuple(dict.fromkeys(parts)))
    return out


def term_set(texts: Iterable[str | None]) -> frozenset[str]:
    """The distinct terms of several texts (None and empty ones skipped)."""
    return frozenset(t for text in texts if text for t in terms(text))
