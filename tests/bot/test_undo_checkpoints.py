"""Undo replays from the newest checkpoint still in force, outside the write transaction."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

import bot.store.transaction as store_module
from bot.errors import Stale
from bot.service.gameservice import GameService
from bot.service.records import effective_actions, replay
from bot.service.rewind import STRETCH, Standing
from bot.store.rows import CHECKPOINT_EVERY
from bot.store.transaction import Transaction
from rules.core.system import system
from tests.bot.conftest import ALICE

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL


def _marks(race: GameService, notes: list[str]) -> None:
    for note in notes:
        race.act("c1", ALICE, {"type": "mark", "note": note})


def _full_replay(race: GameService) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return (stored state, state replayed from the scenario) of the game in c1."""
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
        entries = tx.log(game.id)
    state, _ = replay(system(game.system), game.scenario, game.seed,
                      [e.action for e in effective_actions(entries)], game.engine_version)
    return game.state, state.model_dump(mode="json")


def _replayed_count(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the log entries an undo reads in full to replay."""
    counts: list[int] = []
    real = Standing.rewound

    def counting(self: Standing, tx: Any, sys: Any, game: Any, count: int = 1) -> Any:
        calls = tx.entries

        def entries(game_id: int, seqs: list[int]) -> Any:
            counts.append(len(seqs))
            return calls(game_id, seqs)

        tx.entries = entries
        return real(self, tx, sys, game, count)

    monkeypatch.setattr(Standing, "rewound", counting)
    return counts


def test_undo_deep_in_a_long_log_replays_from_a_checkpoint(
    race: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    _marks(race, [f"m{i}" for i in range(3 * CHECKPOINT_EVERY + 5)])
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
        assert len(tx.checkpoints(game.id)) == 3
    counts = _replayed_count(monkeypatch)
    race.undo("c1", ALICE)
    assert counts and counts[-1] < CHECKPOINT_EVERY  # only the tail after a checkpoint
    stored, replayed = _full_replay(race)
    assert stored == replayed
    assert stored["marks"][-1] == f"m{3 * CHECKPOINT_EVERY + 3}"
    assert race.verify_game(game.id)[0]


def test_undo_skips_checkpoints_whose_actions_were_taken_back(
    race: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A checkpoint is written, then undos take back actions it counted: it no longer
    # stands, and the next undo must start from an older one (or the scenario).
    _marks(race, [f"a{i}" for i in range(CHECKPOINT_EVERY + 2)])
    for _ in range(6):
        race.undo("c1", ALICE)
    _marks(race, ["b0", "b1"])
    race.undo("c1", ALICE)
    stored, replayed = _full_replay(race)
    assert stored == replayed
    assert stored["marks"][-2:] == [f"a{CHECKPOINT_EVERY - 5}", "b0"]


def test_undo_is_stale_when_the_game_moves_during_its_replay(
    race: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    _marks(race, ["x", "y"])
    real = Standing.rewound

    def write_meanwhile() -> None:
        # Another command (here a settings-like write) lands while the undo replays.
        with race.store.transaction() as write:
            moved = write.active_game("c1")
            assert moved is not None
            write.update_game(moved, pending=dict(moved.pending))

    def meanwhile(self: Standing, tx: Any, sys: Any, game: Any, count: int = 1) -> Any:
        out = real(self, tx, sys, game, count)
        other = threading.Thread(target=write_meanwhile)
        other.start()
        other.join()
        return out

    monkeypatch.setattr(Standing, "rewound", meanwhile)
    with pytest.raises(Stale):
        race.undo("c1", ALICE)
    stored, _ = _full_replay(race)
    assert stored["marks"] == ["x", "y"]


def _undo_agrees_with_a_full_replay(race: GameService) -> None:
    """Undo once; the stored position is the replay of the actions left standing."""
    race.undo("c1", ALICE)
    stored, replayed = _full_replay(race)
    assert stored == replayed


def test_any_mix_of_moves_and_undos_rewinds_as_a_full_replay_does(race: GameService) -> None:
    # Undos that cross checkpoints, take back what checkpoints counted, and follow
    # each other: each undo's position is the one a replay from the scenario gives,
    # and the action it takes back is the last one a forward reading leaves standing.
    rng = random.Random(13)
    marks = 0
    for step in range(4 * CHECKPOINT_EVERY):
        with race.store.reading() as tx:
            game = tx.active_game("c1")
            assert game is not None
            standing = effective_actions(tx.log(game.id))
            last = Standing.read(tx, game.id).last(tx, game.id)
        assert (last.seq if last else None) == (standing[-1].seq if standing else None)
        if standing and rng.random() < 0.35:
            _undo_agrees_with_a_full_replay(race)
        else:
            _marks(race, [f"s{step}"])
            marks += 1
    assert marks > 2 * CHECKPOINT_EVERY


def test_a_log_kept_at_another_checkpoint_interval_still_undoes(
    race: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Games stored before keep the checkpoints they were written with (here every
    # 5 entries), or none at all (stored before checkpoints existed).
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 5)
    _marks(race, [f"m{i}" for i in range(23)])
    monkeypatch.undo()
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
        assert len(tx.checkpoints(game.id)) >= 4
    for _ in range(7):
        _undo_agrees_with_a_full_replay(race)
    with race.store.transaction() as tx:
        tx.conn.execute("DELETE FROM checkpoints WHERE game_id = ?", (game.id,))
    for _ in range(3):
        _undo_agrees_with_a_full_replay(race)
    stored, _ = _full_replay(race)
    assert stored["marks"] == [f"m{i}" for i in range(13)]


def test_undo_deep_in_a_long_log_reads_only_its_tail(
    race: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    _marks(race, [f"m{i}" for i in range(4 * STRETCH)])
    read: list[int] = []
    real = Transaction.log_outline

    def counted(self: Transaction, game_id: int, before: int | None = None,
                last: int | None = None) -> list[tuple[int, str, int]]:
        rows = real(self, game_id, before, last)
        read.append(len(rows))
        return rows

    monkeypatch.setattr(Transaction, "log_outline", counted)
    race.undo("c1", ALICE)
    assert 0 < sum(read) <= STRETCH  # one stretch of the outline, not 4 of them
    stored, replayed = _full_replay(race)
    assert stored == replayed
