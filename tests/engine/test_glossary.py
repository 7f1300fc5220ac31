"""The glossary: a question's words in another language, read as the English words they mean,
only to rank the candidates of a question no topic answers with confidence."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem.engine import glossary, stopwords
from govmem.engine.glossary import LANGUAGES, languages, meaning, table, translate
from govmem.engine.terms import stem
from govmem.model.text import tokens

from .test_bm25 import doc, rank, reference_rank

_WATCHING = [
    doc("0030", "Use the directory watcher library", "It watches a folder for file changes."),
    doc("0031", "Store the preferences in a file", "The preferences file lives in the home."),
    doc("0032", "Log with SLF4J", "Every library logs through SLF4J."),
    doc("0033", "Build with Gradle", "The build runs on the CI."),
]

_QUESTIONS = {
    "italian": "Quale libreria usiamo per sorvegliare le modifiche ai file in una cartella?",
    "german": "Welche Bibliothek beobachtet die Änderungen an den Dateien in einem Ordner?",
    "french": "Quelle bibliothèque surveille les modifications des fichiers dans un dossier ?",
    "spanish": "¿Qué biblioteca vigila los cambios de los archivos en una carpeta?",
    "portuguese": "Que biblioteca vigia as alterações dos arquivos numa pasta?",
    "dutch": "Welke bibliotheek bewaakt de wijzigingen van de bestanden in een map?",
}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_has_a_glossary_of_the_shared_words(language: str) -> None:
    """Each language translates the vocabulary the corpora share (about 1,200 words)."""
    assert len(table(language)) >= 1000


@pytest.mark.parametrize(("language", "question"), sorted(_QUESTIONS.items()))
def test_a_question_is_read_in_the_language_of_its_stop_words(language: str, question: str) -> None:
    assert language in languages(tokens(question))


def test_an_english_question_is_never_translated() -> None:
    question = "Which library do we use to watch the changes of the files in a folder?"
    assert languages(tokens(question)) == ()
    assert translate(question) == {}


def test_a_question_without_stop_words_is_read_in_no_language() -> None:
    """No stop word tells its language ("Exception tracking service?" is English): none."""
    assert languages(tokens("libreria modifiche")) == ()
    assert translate("Exception tracking service?") == {}


@given(
    st.lists(st.sampled_from(sorted(stopwords.ENGLISH)), min_size=1, max_size=6),
    st.lists(st.text("abcdefghijklmnopqrstuvwxyzàéü", min_size=1, max_size=12), max_size=6),
)
def test_a_question_holding_as_many_english_stop_words_as_any_other_is_not_translated(
    english: list[str], words: list[str]
) -> None:
    """Whatever its other words, a question whose English stop words are at least as many as
    any other language's is English: the glossary gives nothing."""
    question = " ".join(english + words)
    folded = tokens(question)
    n_english = sum(t in stopwords.ENGLISH for t in folded)
    most = max(sum(t in stops for t in folded) for stops, _ in LANGUAGES.values())
    if n_english >= most:
        assert translate(question) == {}


@pytest.mark.parametrize(
    ("word", "language", "english"),
    [
        ("modifiche", "italian", "change"),
        ("libreria", "italian", "library"),
        ("änderungen", "german", "change"),
        ("fichiers", "french", "file"),
        ("cambios", "spanish", "change"),
        ("arquivos", "portuguese", "file"),
        ("wijzigingen", "dutch", "change"),
    ],
)
def test_a_word_means_its_english_words_whatever_its_form(
    word: str, language: str, english: str
) -> None:
    assert stem(english) in meaning(word, language)


def test_a_german_compound_means_what_its_two_parts_mean() -> None:
    """`Datenbankmigration` has no entry; `Datenbank` and `Migration` do."""
    assert not glossary.table("german").get("datenbankmigration")
    means = meaning("datenbankmigration", "german")
    assert {stem("database"), stem("migration")} <= means


def test_a_word_outside_the_glossary_means_nothing() -> None:
    assert meaning("xyzzyplugh", "italian") == frozenset()
    assert meaning("xyzzyplugh", "german") == frozenset()


@pytest.mark.parametrize(("language", "question"), sorted(_QUESTIONS.items()))
def test_a_question_in_another_language_offers_the_record_as_its_first_candidate(
    language: str, question: str
) -> None:
    """The English folder holds none of the question's words but `file`: the glossary's
    meanings rank the watcher's record first — as a candidate, never as the topic."""
    guess = rank(question, _WATCHING)
    assert guess.topic is None
    assert guess.candidates[0] == "0030"
    assert guess.scores == reference_rank(question, _WATCHING).scores


def test_the_glossary_never_chooses_a_topic() -> None:
    """A question whose every word is known only through the glossary gets candidates."""
    guess = rank("la libreria per sorvegliare le modifiche della cartella", _WATCHING)
    assert (guess.topic, guess.candidates[:1]) == (None, ("0030",))


def test_the_glossary_is_the_same_from_every_thread() -> None:
    """Stemmers are per thread and the tables are built once under a lock: eight threads
    translating at once agree with one."""
    questions = list(_QUESTIONS.values()) * 8
    alone = [translate(q) for q in questions]
    with ThreadPoolExecutor(8) as pool:
        assert list(pool.map(translate, questions)) == alone


_FIRST_STEMS_AT_ONCE: Final = """
import sys, threading
from govmem.engine import glossary, terms
barrier = threading.Barrier(16)
errors = []
def work(n):
    barrier.wait()
    try:
        if n % 2:
            terms._english()
        else:
            glossary._stemmer("italian").stemWord("modifiche")
    except BaseException as e:  # noqa: BLE001
        errors.append(repr(e))
threads = [threading.Thread(target=work, args=(n,)) for n in range(16)]
for t in threads: t.start()
for t in threads: t.join()
print(errors)
sys.exit(1 if errors else 0)
"""


def test_the_first_stems_taken_at_once_by_many_threads_never_fail() -> None:
    """An MCP server's concurrent tool calls may take their first English and Italian stems
    at the same time: `terms._english` puts a stand-in package in `sys.modules` for a moment,
    which neither the other English call nor a whole-package import may see or remove
    (KeyError: 'snowballstemmer' came out of `check_proposal` under fuzzing)."""
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-c", _FIRST_STEMS_AT_ONCE],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert done.returncode == 0, done.stdout + done.stderr
