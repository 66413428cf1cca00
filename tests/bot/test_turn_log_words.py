"""A turn message words each log entry once: the stretch it shows is kept worded."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.service import turnlog
from bot.service.context import Table
from bot.service.gameservice import GameService
from rules.core.model import Event
from tests.bot.conftest import ALICE

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL


def _mark(race: GameService, note: str) -> Any:
    reply = race.act("c1", ALICE, {"type": "mark", "note": note})
    assert reply.turn is not None
    return reply.turn


def test_a_long_stretch_words_only_its_new_entry(
    race: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(turnlog, "WORDED", turnlog._Worded(1000))
    for i in range(turnlog.MOST_ENTRIES + 5):
        _mark(race, f"m{i}")
    worded: list[str] = []
    real = Table.event

    def counted(self: Table, record: Event | dict[str, Any]) -> str:
        # A stored entry comes as its record; the move's own reply words its events as made.
        worded.append(record["note"] if isinstance(record, dict) else record.model_dump()["note"])
        return real(self, record)

    monkeypatch.setattr(Table, "event", counted)
    turn = _mark(race, "last")
    # The message shows 40 entries, after a line saying the earlier ones are left out...
    assert len(turn.log) == turnlog.MOST_ENTRIES + 1
    assert turn.log[0].startswith("(6 earlier entries are not shown here")
    # ...and words the new one only (once for the message, once for the move's reply)
    assert worded == ["last", "last"]
    # The same lines as wording every entry afresh.
    monkeypatch.setattr(turnlog, "WORDED", turnlog._Worded(1000))
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
        shown = tx.log(game.id, turnlog.MOST_ENTRIES, turn.since)
    assert tuple(turnlog.entry_lines(Table(game), shown)) == turn.log[1:]


def test_lines_are_kept_by_what_an_entry_says_and_in_which_language(
    race: GameService,
) -> None:
    worded = turnlog._Worded(2)
    _mark(race, "first")
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
        [entry] = tx.log(game.id, 1)
    english = Table(game)
    portuguese = Table(replace(game, language="pt-BR"))
    other = replace(entry, events=[{**entry.events[0], "note": "other"}])
    said = worded.lines(english, entry)
    assert said == tuple(english.event(e) for e in entry.events)
    assert worded.lines(portuguese, entry) != said  # same entry, another language
    assert worded.lines(english, other) != said  # same game and seq, other events
    assert worded.lines(english, entry) == said
    assert len(worded) == 2  # bounded: the oldest went
