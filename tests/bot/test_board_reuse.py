"""GameService keeps the board reply of a position; it never serves a stale one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bench.positions import script_turns
from bench.tables import seat_games
from bot.clock import FakeClock
from bot.replies import Reply
from bot.service.boards import BoardReplies
from bot.service.context import Table
from bot.service.gameservice import GameService
from bot.store.faults import StoreError
from bot.store.sqlite import Store
from rules.core.engine import Engine
from tests.bot.conftest import ALICE, BOB, MOD


def _counting(store: Store) -> tuple[GameService, list[Any]]:
    drawn: list[Any] = []
    service = GameService(store, render=lambda view, lineage=None: drawn.append(view) or b"png")
    return service, drawn


def test_the_same_position_is_drawn_once(store: Store) -> None:
    service, drawn = _counting(store)
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    first = service.status("c1")
    again = service.status("c1")
    assert len(drawn) == 2  # the new game, then the joined one; status drew nothing
    assert again.lines == first.lines and again.buttons == first.buttons


def test_a_games_boards_are_drawn_as_its_own_lineage(store: Store) -> None:
    """The renderer is told which game a board follows, so it draws over that game's last."""
    lineages: list[Any] = []

    def render(view: Any, *, lineage: Any = None) -> bytes:
        lineages.append(lineage)
        return f"png-{len(lineages)}".encode()

    service = GameService(store, render=render)
    for channel in ("c1", "c2"):
        service.new_game(channel, "g1", ALICE, "race", "short", opponent=BOB)
        service.join(channel, BOB)
    service.act("c1", ALICE, {"type": "roll"})
    games = [service.status(channel).game_id for channel in ("c1", "c2")]
    assert games[0] != games[1]
    assert lineages == [games[0], games[0], games[1], games[1], games[0]]


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
    service.settings("c1", MOD, language="pt-BR")  # the position (version) stays
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


def test_a_turn_whose_commit_fails_leaves_no_picture_behind(tmp_path: Path) -> None:
    # A turn whose commit fails draws and keeps no board: the same action played again
    # (same version, same position, and at the same moment, so the same row) draws
    # the picture of the commit that happened.
    store = Store(tmp_path / "games.db", clock=FakeClock())
    drawn: list[bytes] = []

    def render(view: Any, *, lineage: Any = None) -> bytes:
        drawn.append(f"png-{len(drawn) + 1}".encode())
        return drawn[-1]

    service = GameService(store, render=render, seed_factory=lambda: "seed")
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    before = len(drawn)
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
    assert len(drawn) == before
    assert service.status("c1").version == 1  # nothing was stored
    reply = service.act("c1", ALICE, {"type": "roll"})
    assert reply.version == 2
    assert len(drawn) == before + 1 and reply.image == drawn[-1]
    assert service.status("c1").image == reply.image


def test_the_position_a_turn_keeps_is_the_one_stored(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A turn's table keeps the position it has just stored rather than reading it back
    # (Table(row, state=...)): each action reads one position, the one it is played on.
    # For every action of every demo the kept position equals the stored one read back.
    tables: list[Table] = []
    reads: list[int] = []
    reply_to_turn = BoardReplies.turn
    read_state = Engine.load_state

    def keep(self: BoardReplies, table: Table, *args: Any, **kwargs: Any) -> Reply:
        tables.append(table)
        return reply_to_turn(self, table, *args, **kwargs)

    def counted(self: Engine[Any], data: dict[str, Any]) -> Any:
        reads.append(1)
        return read_state(self, data)

    monkeypatch.setattr(BoardReplies, "turn", keep)
    monkeypatch.setattr(Engine, "load_state", counted)
    service = GameService(store)
    played = 0
    for system_id in ("samurai", "wh40k", "fantasy_warriors", "bushido"):
        turns = script_turns(system_id)
        assert turns, system_id
        for turn in turns:
            channel = f"{system_id}-{turn.index}"
            seat_games(store, turn.before, [channel])
            tables.clear()
            reads.clear()
            service.act(channel, turn.caller, dict(turn.action))
            if tables:  # a report waiting for the other side's word stores no position
                played += 1
                assert len(reads) == 1, (system_id, turn.index)
                [table] = tables
                monkeypatch.setattr(Engine, "load_state", read_state)
                assert table.state == table.system.load_state(table.game.state), system_id
                monkeypatch.setattr(Engine, "load_state", counted)
    assert played > 350  # the four demo scripts (the Samurai one 167 lines since ruleset 3)
