"""Which language a rules question is written in, read from its own words.

A player's Discord language says nothing about the language of a question: a Brazilian
with an English client asks in Portuguese. Each word of the question is weighed for
each language: a question word that only one language uses ("posso", "quando"; "can",
"how") weighs ASKED, a letter that only one language writes ("ã", "ç") LETTER, and a
word that only one language's rules or players' words use (as written, or by its stem
in that language: "fugir" and "foge" meet "fuga") one. Words both languages use
("shogun", "a", "test") weigh nothing. One language must outweigh every other by
LEAD times, else the question is unsure (mixed, or too short to tell) and is read in
every language (bot/service/rulesearch.py, RuleIndex.ask). No model, no dependency:
the vocabularies are those of our own rules and data/search.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from bot.text import folded as fold

# A question word of one language only.
ASKED = 2.0
# A word holding a letter only one language writes (per word, not per letter).
LETTER = 2.0
# How many times the leading language must outweigh the next to decide.
LEAD = 2.0
# How many stems of question words each language keeps (a few hundred KB at most).
STEMS_KEPT = 4096
RAW_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Speech:
    """What marks a question as written in one language.

    `words` are folded words of its rule titles and statements, stop words and players'
    words; `stems` their stems under `stem`; `asks` its question words; `letters` the
    letters it writes that the other languages do not.
    """

    words: frozenset[str]
    stems: frozenset[str]
    asks: frozenset[str]
    letters: frozenset[str]
    stem: Callable[[str], str]

    def knows(self, word: str) -> bool:
        """Say whether a folded word is one of this language's, as written or by its stem."""
        return word in self.words or self.stem(word) in self.stems


@dataclass(frozen=True)
class Guess:
    """A question's language (None when unsure) and each language's weight."""

    language: str | None
    weights: dict[str, float]


def speech(words: Iterable[str], asks: Iterable[str], letters: str,
           stem: Callable[[str], str]) -> Speech:
    """Return one language's Speech from its (folded) words and its question words."""
    known = frozenset(words)
    # Snowball in pure Python costs tens of microseconds a word; players reuse words.
    cached = lru_cache(maxsize=STEMS_KEPT)(stem)
    return Speech(known, frozenset(stem(w) for w in known), frozenset(fold(w) for w in asks),
                  frozenset(letters), cached)


class Detector:
    """Guess the language of a question from its words."""

    def __init__(self, speeches: dict[str, Speech]) -> None:
        self.speeches = speeches

    def weigh(self, question: str) -> dict[str, float]:
        """Return each language's weight in a question.

        A word counts for a language only when no other language has it too: as a
        question word (ASKED), else as a word of its rules (one); a letter of its own
        adds LETTER either way."""
        weights = dict.fromkeys(self.speeches, 0.0)
        for raw in RAW_WORD.findall(question.lower()):
            word = fold(raw)
            asking = [lang for lang, s in self.speeches.items() if word in s.asks]
            knowing = [lang for lang, s in self.speeches.items() if s.knows(word)]
            for lang, own in self.speeches.items():
                if any(ch in own.letters for ch in raw):
                    weights[lang] += LETTER
                if asking == [lang]:
                    weights[lang] += ASKED
                elif not asking and knowing == [lang]:
                    weights[lang] += 1.0
        return weights

    def guess(self, question: str) -> Guess:
        """Return the language a question is written in, or None when unsure."""
        weights = self.weigh(question)
        ranked = sorted(weights.items(), key=lambda kv: -kv[1])
        (first, top), second = ranked[0], (ranked[1][1] if len(ranked) > 1 else 0.0)
        sure = top > 0 and top >= LEAD * second
        return Guess(first if sure else None, weights)


__all__ = ["ASKED", "LEAD", "LETTER", "Detector", "Guess", "Speech", "speech"]
