"""Tests for `govmem.engine.bm25`: topic inference, records ranked with BM25F."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import Final

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from govmem.engine.bm25 import (
    LIKELY_MARGIN,
    MARGIN,
    MAX_UNMATCHED_IDF,
    RIVAL,
    TITLE_BONUS,
    TITLE_WEIGHT,
    UNKNOWN_ONLY,
    Document,
    TopicGuess,
    TopicIndex,
    protected_tokens,
)
from govmem.engine.postings import idf
from govmem.engine.stopwords import STOP_WORDS
from govmem.engine.terms import INTENT_WORDS, asks_if_still, question_terms, terms
from govmem.model.text import tokens

SEED_QUESTION = "Quale database è approvato per i nuovi servizi?"


def rank_documents(
    question: str, documents: list[Document] | tuple[Document, ...], protected: Iterable[str] = ()
) -> TopicGuess:
    """`TopicIndex.from_documents(documents, protected).rank(question)`, in one call."""
    return TopicIndex.from_documents(documents, protected).rank(question)


def doc(topic: str, title: str = "", body: str = "", *, known: bool = True) -> Document:
    """A record on `topic` whose title field is its title and its topic's name."""
    return Document(topic, (title, topic), body, known)


SEED = [
    doc("database", "ADR 001", "MySQL è il database di default."),
    doc("database", "ADR 011", "MongoDB resta approvato per i servizi legacy."),
    doc("database", "ADR 024", "PostgreSQL è il database approvato per i nuovi servizi."),
    doc("service-mesh", "ADR 030", "I nuovi servizi usano Istio per il traffico tra servizi."),
    doc("messaging", "ADR 040", "Kafka è approvato per gli eventi di dominio."),
    doc("frontend", "ADR 050", "React for every new web application."),
]


def rank(question: str, docs: list[Document], protected: tuple[str, ...] = ()) -> TopicGuess:
    names = [*{d.topic for d in docs}, *protected]
    return rank_documents(question, docs, protected_tokens(names))


def test_the_seed_question_ranks_database_first() -> None:
    """The Italian question is about `database`: its title field names it."""
    guess = rank(SEED_QUESTION, SEED)
    assert guess.topic == "database"
    assert guess.candidates == ()
    assert guess.scores[0][0] == "database"


@pytest.mark.parametrize(
    ("question", "body"),
    [
        ("How do we name clusters?", "Each cluster name starts with the environment."),
        ("How do users authenticate?", "Users: authentication goes through the identity provider."),
        ("Where is logging configured?", "Logs are configured centrally."),
    ],
)
def test_stemming_lets_word_forms_meet(question: str, body: str) -> None:
    """`clusters` meets `cluster`, `authenticate` meets `authentication`, `logging` meets `logs`."""
    docs = [doc("naming", "Names", body), doc("zebra", "Zebra", "Unrelated words entirely.")]
    assert rank(question, docs).topic == "naming"


def test_intent_words_are_dropped_from_the_question_only() -> None:
    """`in force` asks about governance: a draft whose body says `force` twice does not win."""
    assert {"force", "decided", "still"} <= INTENT_WORDS
    docs = [
        doc("flavor naming", "SCS Flavor Naming Standard", "Flavor names encode the hardware."),
        doc(
            "flavor naming strategy",
            "SCS Flavor Naming Strategy",
            "Force the names. We force a strategy.",
        ),
    ]
    guess = rank("Which flavor naming standard is in force?", docs)
    assert guess.topic == "flavor naming"


def test_tokens_of_topic_names_and_aliases_are_never_dropped() -> None:
    """A stop word (`it`) or an intent word (`status`) that names a topic still counts."""
    assert "it" in STOP_WORDS
    assert "status" in INTENT_WORDS
    docs = [
        Document("information-technology", ("IT", "it"), "Laptops are renewed yearly.", True),
        doc("status page", "Status page", "Incidents are published on a page."),
        doc("frontend", "Frontend", "React for every web application and page."),
    ]
    assert rank("IT?", docs, ("it",)).topic == "information-technology"
    assert rank("Where is the status page?", docs).topic == "status page"
    unprotected = rank_documents("IT?", docs, protected_tokens(["frontend"]))
    assert unprotected == TopicGuess(None)


def test_a_topic_scores_its_best_record_not_the_sum_of_its_records() -> None:
    """Many records that each mention a word once do not outweigh one record about it."""
    docs = [doc("kubernetes", f"Cluster tests {n}", "We run kubernetes.") for n in range(8)]
    docs.append(doc("autoscaling", "Use Karpenter for autoscaling", "Karpenter scales nodes."))
    guess = rank("Which autoscaling do we use for kubernetes nodes?", docs)
    assert guess.topic == "autoscaling"


def test_a_record_without_a_status_competes_as_a_decision() -> None:
    """A supplement (no status) that says what its standard says scores `UNKNOWN_ONLY` of it
    (1: in full, as the decisions of a folder that writes no status must), so the two tie
    and neither is chosen: both are offered."""
    title = ("SCS K8S Version Policy",)
    standard = Document("policy", title, "Kubernetes versions are supported.", True)
    notes = Document("policy-notes", title, "Kubernetes versions are supported.", False)
    guess = rank("Kubernetes version policy", [standard, notes])
    scores = dict(guess.scores)
    assert scores["policy-notes"] == pytest.approx(UNKNOWN_ONLY * scores["policy"])
    assert UNKNOWN_ONLY == 1.0
    assert guess.topic is None
    assert set(guess.candidates) == {"policy", "policy-notes"}


def test_a_question_the_corpus_cannot_answer_gets_no_topic() -> None:
    """`RabbitMQ or Kafka?` of a corpus naming neither: no topic, even though `services` matches."""
    docs = [
        doc("dns", "DNS infrastructure", "Our services resolve names through Route 53."),
        doc("logging", "Logging", "Services send logs to the platform."),
    ]
    guess = rank("Which message queue should our services use, RabbitMQ or Kafka?", docs)
    assert guess.topic is None
    assert sorted(guess.candidates) == ["dns", "logging"]


def test_a_word_no_record_holds_leaves_the_question_to_the_candidates() -> None:
    """`MAX_UNMATCHED_IDF` 0.25: a word that no competing record holds (`frobnicate`) and that
    weighs more than a quarter of the question means the folder may not be what the question
    is about: no topic, the record holding the rest first among the candidates. In a longer
    question it weighs less, and the rest chooses."""
    docs = [
        doc("dns", "DNS infrastructure", "Route 53 hosts the public zones."),
        doc("logging", "Logging", "Logs go to the platform."),
        *(doc(f"other{n}", f"Other {n}", f"Filler text {n}.") for n in range(6)),
    ]
    assert MAX_UNMATCHED_IDF == 0.25
    guess = rank("Frobnicate DNS zones?", docs)
    assert guess.topic is None
    assert guess.candidates[0] == "dns"
    assert rank("DNS zones?", docs).topic == "dns"
    longer = "Where do we frobnicate the public DNS zones that Route 53 hosts?"
    assert rank(longer, docs).topic == "dns"


def test_a_lone_competing_topic_allows_a_third_of_its_words_unknown() -> None:
    """One topic competes: IDF tells nothing apart, so only the count rule (`MAX_UNMATCHED`)
    decides: one unknown word of three is allowed, two are not."""
    docs = [doc("dns", "DNS infrastructure", "Route 53 hosts the public zones.")]
    assert rank("Frobnicate public DNS?", docs).topic == "dns"
    assert rank("Frobnicate wibble DNS?", docs).topic is None


def test_the_best_topic_must_hold_half_of_the_matched_idf() -> None:
    """A topic that matches only the common half of a question is not confidently chosen."""
    filler = " ".join(f"word{n}" for n in range(40))
    docs = [
        doc("dns", "DNS", "Route 53 hosts the zones."),
        doc("streams", "Streams", f"{filler} kafka"),
        doc("queues", "Queues", f"{filler} brokers"),
        doc("keys", "Keys", f"{filler} certificates"),
    ]
    guess = rank("DNS, Kafka brokers and certificates?", docs)
    assert guess.scores[0][0] == "dns"
    assert guess.scores[0][1] > 1.1 * guess.scores[1][1]
    assert guess.topic is None
    assert guess.candidates[0] == "dns"


@pytest.mark.parametrize(
    ("bodies", "expected"),
    [
        ({"alpha": "postgres postgres", "beta": "postgres"}, None),
        ({"beta": "postgres", "alpha": "postgres"}, None),
    ],
)
def test_equal_scores_choose_neither_and_list_both_by_name(
    bodies: dict[str, str], expected: str | None
) -> None:
    """Without a 10 % margin there is no topic; candidates tie by name in UTF-16 order."""
    docs = [doc(name, "", body) for name, body in bodies.items()]
    guess = rank("postgres", docs)
    assert guess.topic is expected
    assert guess.candidates == ("alpha", "beta")


def test_candidates_are_at_most_three_best_first() -> None:
    """Five topics matching alike: the three first by name."""
    docs = [doc(name, "", "postgres") for name in ("delta", "beta", "alpha", "gamma", "e")]
    assert rank("postgres", docs).candidates == ("alpha", "beta", "delta")


def test_competing_topics_limit_the_ranking_and_a_lone_one_needs_only_a_positive_score() -> None:
    """Only competing topics are scored; a single competing topic wins with any match."""
    index = TopicIndex.from_documents(SEED, protected_tokens(d.topic for d in SEED))
    guess = index.rank(SEED_QUESTION, competing={"service-mesh", "messaging", "nowhere"})
    assert {name for name, _ in guess.scores} <= {"service-mesh", "messaging"}
    assert index.rank("Kafka eventi?", competing=["messaging"]).topic == "messaging"


def test_repeated_question_words_count_once() -> None:
    """The question's distinct terms count once each."""
    index = TopicIndex.from_documents(SEED)
    assert index.rank("database database DATABASE") == index.rank("database")


def test_the_record_score_follows_the_bm25f_formula() -> None:
    """One term in one record's body and title: IDF · w/(k1 + w) + TITLE_BONUS · IDF."""
    docs = [
        Document("a", ("kafka",), "kafka kafka react", True),
        Document("b", ("zebra",), "react", True),
    ]
    (top, score), *_ = TopicIndex.from_documents(docs).rank("kafka").scores
    avg_title, avg_body = 1.0, (3 + 1) / 2
    w = TITLE_WEIGHT * 1 / (0.5 + 0.5 * 1 / avg_title) + 2 / (0.25 + 0.75 * 3 / avg_body)
    weight = idf(2, 1)
    assert top == "a"
    assert score == pytest.approx(weight * w / (1.2 + w) + TITLE_BONUS * weight)


@given(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_idf_is_always_positive(case: tuple[int, int]) -> None:
    """ln(1 + (N - n + 0.5)/(n + 0.5)) > 0 for every 0 <= n <= N."""
    n_docs, containing = case
    value = idf(n_docs, containing)
    assert value > 0.0
    assert math.isfinite(value)


_WORDS = st.sampled_from(
    ["db", "postgres", "postgresql", "kafka", "il", "the", "nuovi", "servizi", "react", "front-end"]
)
_DOCS = st.lists(
    st.builds(
        Document,
        st.sampled_from(["alpha", "beta", "gamma", "delta", "epsilon"]),
        st.lists(_WORDS, max_size=3).map(tuple),
        st.lists(_WORDS, max_size=12).map(" ".join),
        st.booleans(),
    ),
    max_size=8,
)


@given(_DOCS, st.lists(_WORDS, max_size=6).map(" ".join), st.randoms(use_true_random=False))
def test_ranking_is_deterministic_and_ignores_record_order(
    docs: list[Document], question: str, rnd: random.Random
) -> None:
    """The same records in any order give the same guess, scores included."""
    shuffled = docs[:]
    rnd.shuffle(shuffled)
    protected = protected_tokens(["db"])
    first = rank_documents(question, docs, protected)
    assert first == rank_documents(question, docs, protected)
    assert first == rank_documents(question, shuffled, protected)


@given(_DOCS, st.lists(_WORDS, max_size=6).map(" ".join))
def test_a_guess_is_consistent_with_its_scores(docs: list[Document], question: str) -> None:
    """A chosen topic has no candidates; candidates are positive, best first, at most 3."""
    guess = rank_documents(question, docs)
    score = dict(guess.scores)
    assert all(value > 0.0 for value in score.values())
    if guess.topic is not None:
        assert guess.candidates == ()
        assert guess.scores[0][0] == guess.topic
    else:
        assert len(guess.candidates) <= 3
        values = [score[c] for c in guess.candidates]
        assert values == sorted(values, reverse=True)


def reference_rank(
    question: str, docs: list[Document], competing: Iterable[str] | None = None
) -> TopicGuess:
    """The module docstring's formula read literally, one pass over every record."""
    from collections import Counter

    from govmem.engine.bm25 import (
        GLOSS_WEIGHT,
        K1,
        LIKELY_MARGIN,
        LIKELY_SHARE,
        LIKELY_UNMATCHED,
        MARGIN,
        MAX_UNMATCHED,
        MAX_UNMATCHED_IDF,
        MIN_IDF_SHARE,
        NAME_BONUS,
        NAME_COVER,
        NEAR_DICE,
        NEAR_WEIGHT,
        RIVAL,
        TITLE_BONUS,
        TITLE_COVER,
        TITLE_WEIGHT,
        UNKNOWN_ONLY,
    )
    from govmem.engine.glossary import translate
    from govmem.engine.near import MAX_NEAR, dice, trigrams
    from govmem.engine.terms import compound_parts, question_terms, terms
    from govmem.model.text import u16

    pool = {d.topic for d in docs} if competing is None else set(competing)
    records = [d for d in docs if d.topic in pool]
    if not records:
        return TopicGuess(None)
    fields = [
        (Counter(t for text in d.title for t in terms(text)), Counter(terms(d.body)))
        for d in records
    ]
    n = len(records)
    avg_title = sum(sum(t.values()) for t, _ in fields) / n or 1.0
    avg_body = sum(sum(b.values()) for _, b in fields) / n or 1.0
    wanted = question_terms(question)
    score = [0.0] * n
    in_title = [0.0] * n  # the IDF of the question's terms each record's title holds
    holders: list[tuple[float, set[str]]] = []
    unknown_terms: list[str] = []

    def gains(term: str) -> dict[int, float]:
        """Each record holding `term`: its gain for it."""
        hits = [i for i, (t, b) in enumerate(fields) if term in t or term in b]
        weight = idf(n, len(hits))
        out = {}
        for i in hits:
            title, body = fields[i]
            w = TITLE_WEIGHT * title[term] / (0.5 + 0.5 * sum(title.values()) / avg_title)
            w += body[term] / (0.25 + 0.75 * sum(body.values()) / avg_body)
            out[i] = weight * w / (K1 + w) + (TITLE_BONUS * weight if title[term] else 0.0)
        return out

    def add(term: str, times: float = 1.0) -> list[int]:
        """Add each record's gain for `term`, times `times`; the records holding it."""
        found = gains(term)
        for i, gain in found.items():
            score[i] += times * gain
        return list(found)

    for term in wanted:
        hits = add(term)
        if not hits:
            unknown_terms.append(term)
            continue
        weight = idf(n, len(hits))
        holders.append((weight, {records[i].topic for i in hits}))
        for i in hits:
            in_title[i] += weight if fields[i][0][term] else 0.0
    unmatched = len(unknown_terms)
    # each record's name cover: the share of its name's IDF that the question's terms hold
    # (IDF over every record, whatever competes)
    every = [{t for text in (*d.title, d.body) for t in terms(text)} for d in docs]
    name_cover = [0.0] * n
    for i, d in enumerate(records):
        name = {t for text in (d.name or d.title[:1]) for t in terms(text)}
        weights = {t: idf(len(docs), sum(t in held for held in every)) for t in name}
        held = sum(w for t, w in weights.items() if t in wanted)
        name_cover[i] = held / sum(weights.values()) if held else 0.0
    known = {d.topic for d in records if d.known_status}

    def ranking() -> list[tuple[str, float]]:
        best: dict[str, float] = {}
        for i, value in enumerate(score):
            if value > best.get(records[i].topic, 0.0):
                best[records[i].topic] = value
        scores = {t: v * (1.0 if t in known else UNKNOWN_ONLY) for t, v in best.items()}
        return sorted(scores.items(), key=lambda item: (-item[1], u16(item[0])))[:3]

    def unsure() -> TopicGuess:
        """No confident topic: the candidates, near words of the unknown terms and name
        covers counted; the first is likely when it leads and the corpus can answer."""
        vocabulary = sorted({t for d in docs for text in (*d.title, d.body) for t in terms(text)})
        parts = compound_parts(question)
        held = {t for title, body in fields for t in (*title, *body)}
        glossed = translate(question) if GLOSS_WEIGHT else {}
        for term in unknown_terms:
            # a word in another language: its best English meaning; a compound's unheld
            # parts each theirs when the compound has none
            meanings = [glossed[term]] if term in glossed else []
            if not meanings:
                meanings = [
                    glossed[p] for p in parts.get(term, ()) if p in glossed and p not in held
                ]
            for meant_words in meanings:
                best: dict[int, float] = {}
                for meant in sorted(meant_words):
                    for i, gain in gains(meant).items():
                        best[i] = max(best.get(i, 0.0), gain)
                for i, gain in best.items():
                    score[i] += GLOSS_WEIGHT * gain
            for word in parts.get(term) or (term,):
                if word != term and word in held:
                    add(word, NEAR_WEIGHT)
                    continue
                grams = trigrams(word)
                near = [(v, dice(grams, trigrams(v))) for v in vocabulary if v != word]
                near = sorted(
                    ((v, d) for v, d in near if d >= NEAR_DICE), key=lambda i: (-i[1], i[0])
                )
                for v, similarity in near[:MAX_NEAR]:
                    add(v, NEAR_WEIGHT * similarity)
        for i, cover in enumerate(name_cover):
            if cover:
                score[i] += NAME_BONUS * cover
        ranked = ranking()
        likely = False
        if ranked:
            (first, top), second = ranked[0], ranked[1][1] if len(ranked) > 1 else 0.0
            matched = sum(w for w, _ in holders)
            known_terms = set(wanted) - set(unknown_terms)
            named = any(
                known_terms <= {t for text in (d.name or d.title[:1]) for t in terms(text)}
                for d in records
                if d.topic == first
            )
            likely = (
                top >= LIKELY_MARGIN * second
                and sum(w for w, held in holders if first in held) >= LIKELY_SHARE * matched
                and (
                    not unknown_terms
                    or (unmatched <= LIKELY_UNMATCHED * len(wanted) and bool(known_terms) and named)
                )
            )
        return TopicGuess(None, tuple(name for name, _ in ranked), tuple(ranked), likely)

    ranked = ranking()
    if not ranked:
        return unsure()
    (top_name, top), second = ranked[0], ranked[1][1] if len(ranked) > 1 else 0.0
    matched = sum(w for w, _ in holders)
    unknown = unmatched * idf(n, 0)
    mine = max((v for i, v in enumerate(in_title) if records[i].topic == top_name), default=0.0)
    others = max((v for i, v in enumerate(in_title) if records[i].topic != top_name), default=0.0)
    names_it = mine >= TITLE_COVER * (matched + unknown) and mine > RIVAL * others
    mine = max((v for i, v in enumerate(name_cover) if records[i].topic == top_name), default=0.0)
    others = max((v for i, v in enumerate(name_cover) if records[i].topic != top_name), default=0)
    names_it = names_it or (mine >= NAME_COVER and mine > RIVAL * others)
    clear = len(pool) == 1 or top >= MARGIN * second or names_it
    answerable = (
        unmatched <= MAX_UNMATCHED * len(wanted)
        and (len(pool) == 1 or unknown <= MAX_UNMATCHED_IDF * (matched + unknown))
        and sum(w for w, held in holders if top_name in held) >= MIN_IDF_SHARE * matched
    )
    if clear and answerable:
        return TopicGuess(top_name, (), tuple(ranked))
    return unsure()


_TOPICS = ["alpha", "beta", "gamma", "delta", "epsilon"]


@given(
    _DOCS,
    st.lists(st.lists(_WORDS, max_size=6).map(" ".join), min_size=1, max_size=4),
    st.none() | st.sets(st.sampled_from(_TOPICS), min_size=1),
)
def test_the_index_ranks_as_the_formula_reads(
    docs: list[Document], questions: list[str], competing: set[str] | None
) -> None:
    """Postings, pools and kept gains give the scores of the formula computed from scratch,
    whatever the index was asked before (the same floats: sums in the same order)."""
    index = TopicIndex.from_documents(docs)
    present = {d.topic for d in docs}
    pool = None if competing is None else competing & present
    for question in [*questions, *questions]:
        got = index.rank(question, competing)
        if pool is not None and not pool:
            assert got == TopicGuess(None)
            continue
        want = reference_rank(question, docs, pool)
        assert got.topic == want.topic
        assert got.candidates == want.candidates
        assert got.likely == want.likely
        assert [n for n, _ in got.scores] == [n for n, _ in want.scores]
        assert [v for _, v in got.scores] == pytest.approx([v for _, v in want.scores], rel=1e-12)


def _naming_docs(other_title: str) -> list[Document]:
    """Two records a question about naming clusters scores close together (docs/query.md)."""
    return [
        Document("naming convention", ("Naming convention for clusters",), "Short names.", True),
        Document(
            "domains",
            (other_title,),
            "Every cluster gets a name under the platform domain; a cluster name is its domain.",
            True,
        ),
        Document("logging", ("Logging",), "Logs go to the cluster's log store.", True),
    ]


def test_a_title_that_names_the_question_is_clearly_best_without_the_margin() -> None:
    """`name` and `cluster` are both in one title, and no other title holds more than
    `cluster` (in every record: little IDF): chosen, though its score is not MARGIN × the
    runner-up's (the body of `domains` holds both too)."""
    docs = _naming_docs("Cluster domains")
    docs[1] = evolve(
        docs[1],
        body="Each cluster is named under the platform domain; a cluster's name is the name of"
        " its domain.",
    )
    guess = rank("How do we name clusters?", docs)
    (_, top), (_, second) = guess.scores[:2]
    assert top < MARGIN * second
    assert guess.topic == "naming convention"


def test_a_title_that_names_the_question_must_clearly_beat_the_other_titles() -> None:
    """`Domain names` holds `name`, most of the question's IDF: the whole-question title is
    not RIVAL × as much, so the titles do not tell the topics apart (as "Use X" and "Get rid
    of X" do not, for "Do we still use X?")."""
    docs = _naming_docs("Domain names")
    guess = rank("How do we name clusters?", docs)
    assert guess.topic is None
    assert guess.candidates[0] == "naming convention"
    index = TopicIndex.from_documents(docs)
    with_rival = {"name": 0.0, "cluster": 0.0}
    for term in with_rival:
        scored = index._score(None, term)
        assert scored is not None
        with_rival[term] = scored.idf
    assert sum(with_rival.values()) < RIVAL * with_rival["name"]


def test_two_titles_naming_the_question_alike_choose_neither() -> None:
    """When another topic's title holds as much of the question, and its name is as much
    the question's, the title tells nothing."""
    guess = rank("How do we name clusters?", _naming_docs("Cluster naming convention"))
    assert guess.topic is None
    assert set(guess.candidates[:2]) == {"naming convention", "domains"}


def test_a_title_holding_too_little_of_the_question_does_not_choose() -> None:
    """Unknown words count in the question's IDF: a title holding `name` and `cluster` of a
    question that also asks about `gpu` and `quota` holds too little of it."""
    guess = rank("How do we name GPU quota clusters?", _naming_docs("Domain names"))
    assert guess.topic is None


_BROKER: Final = [
    Document("broker", ("Message broker",), "We chose Kafka over RabbitMQ.", True),
    Document(
        "events",
        ("Events on the message broker",),
        "Services publish events; each has a schema.",
        True,
    ),
    Document("logging", ("Logging",), "Logs go to the log store.", True),
]
"""Two titles that hold the whole question and score alike; only one is nothing but the
question's words."""


def test_a_record_the_question_names_is_clearly_best_without_the_margin() -> None:
    """`Message broker` is all the question's words (name cover 1 ≥ NAME_COVER), the other
    title has a word more: chosen, though neither the margin nor the title cover decides."""
    guess = rank("Which message broker do we use?", _BROKER)
    (_, top), (_, second) = guess.scores[:2]
    assert top < MARGIN * second
    assert guess.topic == "broker"


def test_a_name_the_question_does_not_hold_enough_of_gains_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the bar above 1 no name decides: the same question is left to the margin."""
    monkeypatch.setattr("govmem.engine.bm25.NAME_COVER", 1.01)
    guess = rank("Which message broker do we use?", _BROKER)
    assert guess.topic is None
    assert guess.candidates[:2] == ("broker", "events")


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("DB", "databases"),
        ("repo", "repository"),
        ("K8s", "Kubernetes"),
        ("config", "configuration"),
        ("env", "environments"),
        ("infra", "infrastructure"),
        ("E2E", "end-to-end"),
    ],
)
def test_a_short_form_is_the_term_of_its_long_one(short: str, long: str) -> None:
    """`DB choices` and `Database choices` give the same terms (a compound's joined term)."""
    assert terms(f"{short} choices")[0] == terms(f"{long} choices")[-1 if "-" in long else 0]


def test_a_question_in_long_words_finds_a_title_in_short_ones() -> None:
    """ "Which database do we use?" meets the record the team titled `DB choices`."""
    docs = [
        Document("db choices", ("DB choices",), "We chose PostgreSQL.", True),
        Document("search", ("Search engine",), "OpenSearch indexes the grants.", True),
        Document("migrations", ("Schema migrations",), "Alembic runs them.", True),
    ]
    assert rank("Which database do we use?", docs).topic == "db choices"


_SCANNING = [
    doc("trivy", "Use the Trivy operator", "The operator scans images for vulnerabilities."),
    doc("tekton", "Run Tekton on the management cluster", "Tekton pipelines in the cluster."),
    doc("argo", "Run Argo CD in the cluster", "Argo CD syncs the cluster."),
    doc("dex", "Persist Dex", "Dex keeps its state in the cluster."),
    doc("kured", "Reboot nodes with Kured", "Kured reboots the cluster's nodes."),
    doc("ttl", "Enforce a TTL on jobs", "Finished jobs leave the cluster."),
]


def test_words_no_record_holds_rank_the_candidates_by_their_near_words() -> None:
    """A French question about an English corpus: only `cluster` is the corpus's word, and it
    points away (five records of six hold it); `opérateur` and `vulnérabilités` are near `operator` and `vulnerabilities`,
    so the record they name is the first candidate — still no topic is chosen."""
    question = "Quel opérateur scanne les vulnérabilités dans le cluster ?"
    guess = rank(question, _SCANNING)
    assert guess.topic is None
    assert guess.candidates[0] == "trivy"
    assert rank("Which cluster?", _SCANNING).candidates[0] != "trivy"  # without near words


def test_near_words_never_choose_a_topic() -> None:
    """A question whose every word is only near the corpus's words gets candidates, no topic."""
    guess = rank("opérateur vulnérabilités", _SCANNING)
    assert (guess.topic, guess.candidates) == (None, ("trivy",))


def test_near_words_leave_a_confident_answer_and_known_words_alone() -> None:
    """A term some competing record holds has no near words: `operator` chooses Trivy whatever
    is near it, and the scores are the exact terms' alone."""
    guess = rank("Which operator scans for vulnerabilities?", _SCANNING)
    assert guess.topic == "trivy"
    reference = reference_rank("Which operator scans for vulnerabilities?", _SCANNING)
    assert guess.scores == reference.scores


def test_a_compound_no_record_holds_stands_for_its_parts() -> None:
    """`Notification-Modul` is one term no record holds; its parts `notification` and `modul`
    are the corpus's words, so the record holding them is the candidate."""
    docs = [
        doc("errors", "Handle errors in the notification module", "Errors carry their cause."),
        doc("keys", "Generate the idempotency key", "A key per payment."),
    ]
    guess = rank("Wie arbeitet das Notification-Modul?", docs)
    assert (guess.topic, guess.candidates) == (None, ("errors",))


def test_a_compound_part_no_record_holds_stands_for_its_english_meaning() -> None:
    """`Build-Kommentar`: `build` is the folder's word, `kommentar` is not but means
    *comment* (the glossary): the record about the build's comment comes before the one
    about builds alone."""
    question = "Wie wird der Build-Kommentar seinem Autor zugeordnet?"
    docs = [
        doc("bot-comments", "Post one comment per build", "The bot edits its comment."),
        doc("builds", "Build on every push", "Every push starts a build."),
    ]
    guess = rank(question, docs)
    assert (guess.topic, guess.candidates) == (None, ("bot-comments", "builds"))
    assert guess.scores == reference_rank(question, docs).scores


def test_a_compound_of_dropped_words_is_no_term() -> None:
    """`utilisons-nous` ("do we use") is an intent word and a stop word joined: the question
    asks about its other words alone, so the folder can answer it."""
    assert "utilisonsn" not in question_terms("Quel outil utilisons-nous pour les tests ?")
    assert question_terms("Which back-end?") == ("backend",)


_FIVE = [
    doc(
        "postgresql", "Use PostgreSQL for new services", "We will use PostgreSQL for new services."
    ),
    doc("kafka", "Use Kafka for events", "We will use Kafka for events."),
    doc("avro", "Use Avro for event schemas", "We will define event schemas in Avro."),
    doc("adr", "Record architecture decisions", "We will use Architecture Decision Records."),
]


def test_the_first_candidate_is_likely_when_it_leads_and_the_question_names_it() -> None:
    """ "database" is in no record, but the rest of the question ("new services") is the
    whole of what a record's name holds of it: the first candidate is likely. Asked about
    something the folder never mentions, no candidate is."""
    guess = rank("Which database do new services use?", _FIVE)
    assert (guess.topic, guess.candidates[0], guess.likely) == (None, "postgresql", True)
    assert not rank("Do we use GraphQL?", _FIVE).likely
    assert not rank("Which message broker do we use?", _FIVE).likely


def test_an_unknown_word_the_first_candidates_name_does_not_cover_is_not_likely() -> None:
    """ "frobnicate" is unknown and "schemas" is not in the first candidate's name: candidates
    only, none likely, whatever the margin."""
    guess = rank("Frobnicate new services schemas?", _FIVE)
    assert guess.topic is None
    assert guess.candidates[0] == "postgresql"
    assert not guess.likely


def test_a_first_candidate_that_does_not_lead_is_not_likely() -> None:
    """Two records hold the question's words as much as each other: no margin, no likely."""
    docs = [
        doc("a", "Queues for jobs", "Jobs wait in queues."),
        doc("b", "Queues for mail", "Mail waits in queues."),
        *(doc(f"other{n}", f"Other {n}", f"Filler text {n}.") for n in range(4)),
    ]
    guess = rank("Queues?", docs)
    assert guess.topic is None
    assert guess.scores[0][1] < LIKELY_MARGIN * guess.scores[1][1]
    assert not guess.likely


@pytest.mark.parametrize(
    ("question", "still"),
    [
        ("Do we still use Jenkins?", True),
        ("Is Jenkins no longer our CI?", True),
        ("Which CI do we use these days?", True),
        ("Don't we use Jenkins any more?", True),
        ("Usiamo ancora Jenkins?", True),
        ("Nutzen wir noch Jenkins?", True),
        ("Why did we choose Jenkins?", False),
        ("How long does the build take?", False),
        ("Which days are deploy days?", False),
    ],
)
def test_a_question_asking_whether_a_decision_still_holds(question: str, still: bool) -> None:
    assert asks_if_still(tokens(question)) is still
