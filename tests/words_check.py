"""Check that what an engine says has words in every language, and no English in the others.

`Speech` collects every message a game system produced during a test (prompts,
events, refusals, panel lines, private lines, button labels) and words each one
strictly (a missing key, term or value fails) in every language. `english_leaks`
finds words of the English catalogue that appear in a text of another language:
they would mean an English template, or English from Python, reached a player.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from wordfreq import zipf_frequency

from bot.text import Words, event_message, languages, locales_root, term_key
from rules.core.engine import Engine
from rules.core.model import Event
from rules.core.text import Items, Msg, Term

WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)
# Placeables and selectors of a Fluent file are not words a player reads.
PLACEABLE = re.compile(r"\{[^{}]*\}")


def _catalogue_text(language: str, system: Engine[Any] | None) -> str:
    folders = [locales_root() / language / "core.ftl"]
    if system is not None:
        folders.append((system.locales or locales_root()) / language / f"{system.id}.ftl")
    text = ""
    for path in folders:
        if path.is_file():
            text += path.read_text(encoding="utf-8") + "\n"
    return text


@cache
def _vocabulary(language: str, system: Engine[Any] | None) -> frozenset[str]:
    """Return the words of a language's catalogues (templates only, no comments or keys)."""
    out: set[str] = set()
    for line in _catalogue_text(language, system).splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "=" in stripped and not stripped.startswith(("[", "*", "{", ".")):
            stripped = stripped.split("=", 1)[1]
        elif stripped.startswith("."):
            stripped = stripped.split("=", 1)[1] if "=" in stripped else ""
        elif stripped.startswith(("[", "*[")):
            stripped = stripped.split("]", 1)[1] if "]" in stripped else ""
        out |= {w.lower() for w in WORD.findall(PLACEABLE.sub(" ", stripped))}
    return frozenset(out)


def english_only_words(system: Engine[Any] | None, language: str) -> frozenset[str]:
    """Return words the English catalogues use that `language`'s catalogues never do."""
    return _vocabulary("en", system) - _vocabulary(language, system)


@cache
def belongs_to(word: str, other: str, language: str) -> bool:
    """Say whether a word is clearly of language `other` rather than `language`.

    Judged by how often each language uses it (wordfreq's corpora, a source that
    does not depend on our own catalogues, so English pasted into the Portuguese
    catalogue is still English): common in `other`, and at least ten times rarer in
    `language`. Words both use alike ("total", "base") belong to neither.
    """
    here = zipf_frequency(word, language.split("-")[0])
    there = zipf_frequency(word, other.split("-")[0])
    return there >= 3.0 and there - here >= 1.0


# Portuguese words spelt like common English ones ("o Leste move", "role o dado").
HOMOGRAPHS = {"pt-BR": frozenset({"move", "role", "tanque", "real", "total", "base"}),
              "en": frozenset()}
# Code, commands and ids a text quotes, and mentions, are not words of a language.
QUOTED = re.compile(r"`[^`]*`|<[@#][^>]*>")


@cache
def kept_names() -> frozenset[str]:
    """Return the words of catalogue entries worded alike in English and Portuguese.

    Those are names a translation keeps as the game prints them (a card, a
    Stratagem, an order on the counters, a game's title), not English left behind.
    """
    words: set[str] = set()
    root = locales_root()
    for english in (root / "en").glob("*.ftl"):
        portuguese = root / "pt-BR" / english.name
        if not portuguese.is_file():
            continue
        theirs = _entries(portuguese)
        for key, text in _entries(english).items():
            if theirs.get(key) == text:
                words |= {w.lower() for w in WORD.findall(QUOTED.sub(" ", text))}
    return frozenset(words)


def _entries(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([a-zA-Z][\w-]*) = (.+)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def foreign_words(text: str, language: str, allowed: Iterable[str] = ()) -> list[str]:
    """Return the words of a text in `language` that belong to the other language we speak.

    Names are left out: those the game's data gives (`allowed`), those the
    catalogues word alike in both languages (`kept_names`), and words in capitals
    (a 40k keyword such as CHARACTER, an order printed as STORM).
    """
    other = "en" if language != "en" else "pt-BR"
    skip = {a.lower() for a in allowed} | HOMOGRAPHS.get(language, frozenset())
    names = kept_names()
    # A capitalised compound ("Counter-offensive") is a name as a whole.
    plain = " ".join(t for t in QUOTED.sub(" ", text).split() if not ("-" in t and t[0].isupper()))
    return sorted({w for w in WORD.findall(plain)
                   if not w.isupper() and w.lower() not in skip
                   and not (w[:1].isupper() and w.lower() in names)  # a name, as printed
                   and belongs_to(w.lower(), other, language)})


def english_leaks(
    text: str, system: Engine[Any] | None, language: str, allowed: Iterable[str] = ()
) -> list[str]:
    """Return the English words found in a text worded in another language.

    A word counts when our English catalogues use it and the other language's never
    do, or when it is clearly English by the languages' word frequencies.
    """
    only = english_only_words(system, language) - {a.lower() for a in allowed}
    found = {w for w in WORD.findall(QUOTED.sub(" ", text)) if w.lower() in only}
    return sorted(found | set(foreign_words(text, language, allowed)))


class Speech:
    """Everything a system said during a test, to be worded in every language."""

    def __init__(self, system: Engine[Any]) -> None:
        self.system = system
        self.messages: list[Msg] = []
        self.terms: list[Term] = []

    def add(self, *values: Any) -> None:
        """Collect messages: Msgs, events, prompts, outcomes, views, lists of them."""
        for value in values:
            self._add(value)

    def _add(self, value: Any) -> None:
        if value is None or isinstance(value, str | int | float | bool):
            return
        if isinstance(value, Msg):
            self.messages.append(value)
        elif isinstance(value, Event):
            self.messages.append(event_message(value))
        elif isinstance(value, Term):
            self.terms.append(value)
        elif isinstance(value, Items):
            for item in value.items:
                self._add(item)
        elif isinstance(value, BaseModel):
            for _, item in value:
                self._add(item)
        elif isinstance(value, tuple | list):
            for item in value:
                self._add(item)
        elif isinstance(value, dict):
            for item in value.values():
                self._add(item)

    def check(self, allowed: Iterable[str] = ()) -> dict[str, list[str]]:
        """Word everything strictly in every language; return the texts by language.

        Fails on a missing message, term or value, and on English words in the text
        of another language (names in `allowed` excepted).
        """
        out: dict[str, list[str]] = {}
        for language in languages():
            words = Words.of(language, self.system)
            texts = [words.strict(m) for m in self.messages]
            for t in self.terms:
                assert words.has(term_key(t)), f"{language}: no term {term_key(t)}"
                texts.append(words.term(t))
            if language != "en":
                for text in texts:
                    leaks = english_leaks(text, self.system, language, allowed)
                    assert not leaks, f"English in {language}: {leaks} in {text!r}"
            out[language] = texts
        return out


def catalogue_keys(language: str, system: Engine[Any] | None) -> set[str]:
    """Return the message keys a catalogue file defines (not core's)."""
    if system is None:
        path = locales_root() / language / "core.ftl"
    else:
        path = (system.locales or locales_root()) / language / f"{system.id}.ftl"
    keys: set[str] = set()
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([a-zA-Z][a-zA-Z0-9_-]*)\s*=", line)
        if m:
            keys.add(m.group(1))
    return keys
