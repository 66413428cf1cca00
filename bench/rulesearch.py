"""Rules questions: answering one, against the least work that could find a rule.

Every question of the test set (tests/bot/rule_questions.toml, both languages) is
answered the way `/rules ask` does: read (its language, question words, players'
words, spelling, the system), stemmed and ranked by BM25 over every rule in both
languages; a question whose language is unsure is read and ranked in both. The
floor is the least work that gives the same answer: the one FTS5 query of the same
search words, read in advance. The ratio is what reading a question as a player
means it costs on top of the query.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from bench.timing import Figure, Report, ms, paired
from bot.service.rulesearch import RuleIndex

NAME = "rulesearch"
TITLE = "Rules questions: /rules ask vs a plain FTS5 query"
QUESTIONS = Path(__file__).resolve().parents[1] / "tests" / "bot" / "rule_questions.toml"


def run() -> Report:
    """Time each question both ways over the whole index."""
    report = Report(NAME, TITLE)
    questions = tomllib.loads(QUESTIONS.read_text(encoding="utf-8"))["q"]
    index = RuleIndex()

    def answer(i: int) -> object:
        q = questions[i % len(questions)]
        return index.ask(q["text"], q["language"], q.get("system"))

    read = [index.read(q["text"], q["language"], q.get("system")) for q in questions]

    def plain(i: int) -> object:
        return index.rank(read[i % len(questions)])

    for i in range(len(questions)):  # warm both paths (stemmer caches, statements)
        answer(i)
        plain(i)
    timed = paired(answer, plain, rounds=20 * len(questions))
    report.figures.append(Figure(
        "one question, read and ranked", timed.ratio, "<= 3x",
        f"{ms(timed.a_median)} vs {ms(timed.b_median)} for the FTS5 query alone; "
        f"{len(questions)} questions, both languages, every rule"))
    return report
