"""GameService keeps the board reply of a position; it never serves a stale one."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bench.positions import script_turns
from bench.tables import seat_games
from bot.boards import BoardReplies
from bot.clock import FakeClock
from bot.replies import Reply
from bot.service import GameService
from bot.store import Store
from bot.storeerrors import StoreError
from bot.table import Table
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


def test_a_turns_board_is_begun_in_a_drawing_thread(store: Store) -> None:
    threads: list[str] = []

    def render(view: Any) -> bytes:
        threads.append(threading.current_thread().name)
        return b"png"

    service = GameService(store, render=render)
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    threads.clear()
    reply = service.act("c1", ALICE, {"type": "roll"})
    assert reply.image == b"png"
    assert len(threads) == 1 and threads[0].startswith("banneret-draw")


def test_a_turn_whose_commit_fails_leaves_no_picture_behind(tmp_path: Path) -> None:
    # The board is begun before the commit. When the commit then fails, that drawing
    # is dropped: the same action played again (same version, same position, and at
    # the same moment, so the same row) shows the picture drawn for the commit that
    # happened.
    store = Store(tmp_path / "games.db", clock=FakeClock())
    count = itertools.count(1)
    service = GameService(store, render=lambda view: f"png-{next(count)}".encode(),
                          seed_factory=lambda: "seed")
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    drawn_so_far = next(count) - 1
    real = store.transaction

    @contextmanager
    def failing() -> Iterator[Any]:
        with real() as tx:
            yield tx
            raise StoreError("full", "test.db", "no space left")

    store.transaction = failing  # type: ignore[method-assign]
    with pytest.raises(StoreError):
        service.act("c1", ALICE, {"type": "roll"})
    store.transaction = real  # type: ignore[method-assign]
    assert service.status("c1").version == 1  # nothing was stored
    reply = service.act("c1", ALICE, {"type": "roll"})
    assert reply.version == 2
    # drawn so far, the number this test took, the dropped drawing, then this one
    assert reply.image == f"png-{drawn_so_far + 3}".encode()
    assert service.status("c1").image == reply.image


def test_the_position_a_turn_keeps_is_the_one_stored(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A turn's table keeps the position it has just stored rather than reading it back
    # (Table(row, state=...)); for every action of every demo the two are equal.
    tables: list[Table] = []
    reply_to_turn = BoardReplies.turn

    def keep(self: BoardReplies, table: Table, *args: Any, **kwargs: Any) -> Reply:
        tables.append(table)
        return reply_to_turn(self, table, *args, **kwargs)

    monkeypatch.setattr(BoardReplies, "turn", keep)
    service = GameService(store)
    for system_id in ("samurai", "wh40k", "fantasy_warriors", "bushido"):
        turns = script_turns(system_id)
        assert turns, system_id
        for turn in turns:
            channel = f"{system_id}-{turn.index}"
            seat_games(store, turn.before, [channel])
            service.act(channel, turn.caller, dict(turn.action))
    assert len(tables) > 400
    for table in tables:
        assert "state" in vars(table)  # kept, not read back
        assert table.state == table.system.load_state(table.game.state), table.game.system
