"""GameService keeps the board reply of a position; it never serves a stale one."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from bot.store import Store
from tests.bot.conftest import ALICE, BOB


def _counting(store: Store) -> tuple[GameService, list[Any]]:
    drawn: list[Any] = []
    service = GameService(store, render=lambda view: drawn.append(view) or b"png")
    return service, drawn


def test_the_same_position_is_drawn_once(store: Store) -> None:
    service, drawn = _counting(store)
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    first = service.status("c1")
    again = service.status("c1")
    assert len(drawn) == 2  # the new game, then the joined one; status drew nothing
    assert again.lines == first.lines and again.buttons == first.buttons


def test_a_new_position_is_drawn_again(store: Store) -> None:
    service, drawn = _counting(store)
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    before = service.status("c1")
    service.act("c1", ALICE, {"type": "roll"})
    after = service.status("c1")
    assert after.version == before.version + 1
    assert len(drawn) == 3
    assert drawn[-1] != drawn[-2]


def test_a_language_change_is_not_served_in_the_old_language(store: Store) -> None:
    service, _ = _counting(store)
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    english = service.status("c1")
    service.settings("c1", ALICE, language="pt-BR")  # the position (version) stays
    portuguese = service.status("c1")
    assert portuguese.version == english.version
    # The turn line comes from the kept part of the reply.
    assert english.lines[0].startswith("Red to act")
    assert portuguese.lines[0].startswith("Agora joga")


def test_a_reply_changed_by_its_caller_leaves_the_kept_one_alone(store: Store) -> None:
    service, _ = _counting(store)
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    reply = service.status("c1")
    reply.lines.append("scribble")
    reply.buttons.clear()
    fresh = service.status("c1")
    assert "scribble" not in fresh.lines and fresh.buttons
