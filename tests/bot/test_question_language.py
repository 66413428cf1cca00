"""A rules question is read in its own language, whatever the asker's Discord language
(bot/service/questionlanguage.py, RuleIndex.ask); the answer is in the caller's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service.gameservice import GameService
from bot.service.rulesearch import index
from tests.bot.conftest import ALICE, BOB, CAROL

PT_CAROL = replace(CAROL, locale="pt-BR")


@pytest.mark.parametrize("question", [
    "flee", "retreat", "leader split", "how many dice", "can i play 2 dragon cards",
    "whats a bye", "CP", "swiss pairing", "dragon card or two tokens?", "who wins",
    "can my general run away", "how does inspiration work", "knockout",
])
def test_short_english_questions_are_english(question: str) -> None:
    guess = index().detector.guess(question)
    assert guess.language == "en", guess.weights


@pytest.mark.parametrize("question", [
    "fugir", "recuar", "líder", "lider sozinho?", "quantos dados", "PC", "oq é bye",
    "posso jogar 2 cartas", "qnd jogo a carta dragao", "quem vence", "sair da liga",
    "emboscada", "desafio pessoal", "como funciona a inspiração", "fichas",
    "meu lider pode fazer seppuku", "quantas fichas pra recuar",
])
def test_short_portuguese_questions_are_portuguese(question: str) -> None:
    guess = index().detector.guess(question)
    assert guess.language == "pt-BR", guess.weights


@pytest.mark.parametrize(("question", "language"), [
    # the other language's game terms do not outweigh the question's own words
    ("posso usar stratagem?", "pt-BR"),
    ("insane bravery na unidade", "pt-BR"),
    ("quando uso o insane bravery", "pt-BR"),
    ("meu leader can split off", "en"),
])
def test_a_question_keeps_its_language_when_it_names_the_others_terms(
    question: str, language: str
) -> None:
    assert index().detector.guess(question).language == language


@pytest.mark.parametrize("question", [
    # as much of one language as of the other, or words both write the same
    "leader pode split?", "fichas retreat", "leader sozinho", "seppuku", "ambush",
    "shogun", "bye", "battleshock",
])
def test_a_mixed_or_neutral_question_is_unsure(question: str) -> None:
    assert index().detector.guess(question).language is None


@pytest.mark.parametrize(("question", "rule_id"), [
    ("leader pode split?", "samurai/order-leader-split"),
    ("fichas retreat", "samurai/honor-retreat-cost"),
    ("ambush", "samurai/dragon-ambush"),
    ("bye", "core/league-bye"),
])
def test_an_unsure_question_is_read_both_ways_and_the_stronger_reading_answers(
    question: str, rule_id: str
) -> None:
    answers = {}
    for client in ("en", "pt-BR"):
        query, found = index().ask(question, client)
        answers[client] = (query.language, found[0].rule.id)
    assert answers["en"] == answers["pt-BR"]  # the caller's language did not decide
    assert answers["en"][1] == rule_id


def test_the_stronger_reading_is_the_one_whose_words_the_rules_hold() -> None:
    portuguese = index().read("meu comandante pode fugir do acampamento", "pt-BR")
    english = index().read("meu comandante pode fugir do acampamento", "en")
    strong = index().strength(portuguese, index().rank(portuguese))
    weak = index().strength(english, index().rank(english))
    assert strong > weak


def test_letters_and_question_words_weigh_more_than_a_word_of_the_rules() -> None:
    weights = index().detector.weigh("líder")  # a Portuguese letter and a rules word
    assert weights == {"en": 0.0, "pt-BR": 3.0}
    assert index().detector.weigh("posso")["pt-BR"] == 2.0
    assert index().detector.weigh("how")["en"] == 2.0


def test_a_portuguese_question_from_an_english_client_is_answered_in_english(
    service: GameService,
) -> None:
    reply = service.rulebook.ask("t", CAROL, "meu comandante pode fugir do acampamento?")
    assert reply.text.startswith("You asked")
    assert "`bushido/flee-only-from-camp`" in reply.text
    assert "camp" in reply.lines[0] and "acampamento" not in reply.lines[0]


def test_an_english_question_in_a_portuguese_game_is_answered_in_portuguese(
    service: GameService,
) -> None:
    service.new_game("c", "g", ALICE, "bushido", "skirmish", opponent=BOB, language="pt-BR")
    reply = service.rulebook.ask("c", CAROL, "can my commander flee from his camp")
    assert reply.text.startswith("Você perguntou")
    assert "`bushido/flee-only-from-camp`" in reply.text
    assert "acampamento" in reply.lines[0]


def test_nothing_found_offers_titles_in_the_callers_language(service: GameService) -> None:
    reply = service.rulebook.ask("t", PT_CAROL, "zzzyzx qqq")
    assert reply.text == "Nenhuma regra corresponde a `zzzyzx qqq`."
    assert len(reply.lines) == 4
