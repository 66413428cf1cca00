"""`verify` checks everything a record claims (issue 17, item 6).

Each tampering the issue lists is made here to a finished game's export and to the
database, and must be reported with the game and what is wrong; a record that is not
even well formed is reported, not a crash; the run goes on past a bad game.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.service.gameservice import GameService
from bot.service.records import record_digest, said
from bot.store.sqlite import Store
from tests.bot.conftest import ALICE, BOB, MOD

Record = dict[str, Any]


def _played(service: GameService, channel: str = "c1", started: bool = False) -> None:
    """A race between Alice (Red) and Bob (Blue), played to its end (from its start, or
    on from where it is when `started`)."""
    if not started:
        service.new_game(channel, "g1", ALICE, "race", "short", opponent=BOB)
        service.join(channel, BOB)
    for _ in range(100):
        with service.store.reading() as tx:
            game = tx.active_game(channel)
        if game is None:
            return
        status = service.status(channel)
        player = ALICE if status.lines[0].startswith("Red") else BOB
        service.act(channel, player, {"type": "roll"})
        with service.store.reading() as tx:
            rolled = tx.active_game(channel).state["rolled"]
        service.act(channel, player, {"type": "move", "steps": rolled})
    raise AssertionError("the race did not end")


@pytest.fixture
def record(race_service: GameService) -> Record:
    _played(race_service)
    data: Record = json.loads(race_service.export("c1").files[0][1])
    assert race_service.verify_record(data)[0]
    return data


@pytest.fixture
def race_service(store: Store) -> GameService:
    return GameService(store, seed_factory=lambda: "seed-0")


def _resealed(record: Record) -> Record:
    """What a careful forger does after an edit: recompute the digest chain."""
    record["digest"] = record_digest(record)
    return record


def _other(seat: str | None) -> str:
    return "blue" if seat == "red" else "red"


TAMPERINGS: dict[str, Callable[[Record], None]] = {
    "winner": lambda r: r.update(winner=_other(r["winner"])),
    "result": lambda r: r.update(result=json.dumps({"key": "result-resigned", "args": {}})),
    "players": lambda r: r["seats"].update(red=CAROL_ID),
    "creator": lambda r: r.update(creator=CAROL_ID),
    "half the log": lambda r: r.update(log=r["log"][: len(r["log"]) // 2]),
    "an appended undo": lambda r: r["log"].append(
        {**r["log"][-1], "seq": r["log"][-1]["seq"] + 1, "kind": "undo",
         "action": {"count": 1}, "events": []}),
    "event data": lambda r: r["log"][-1]["events"][0].update(
        pos=r["log"][-1]["events"][0]["pos"] + 1),
    "a removed join": lambda r: r.update(log=[e for e in r["log"] if not (
        e["kind"] == "join" and not e["action"].get("creator"))]),
    "the seat column": lambda r: r["log"][-1].update(seat=_other(r["log"][-1]["seat"])),
    "status": lambda r: r.update(status="ended"),
    "version": lambda r: r.update(version=r["version"] + 3),
}
CAROL_ID = "1003"


@pytest.mark.parametrize("change", list(TAMPERINGS))
def test_every_tampered_export_is_reported(
    race_service: GameService, record: Record, change: str
) -> None:
    TAMPERINGS[change](record)
    ok, message = race_service.verify_record(record)
    assert not ok and "digest does not match" in said((ok, message)), change
    ok, message = race_service.verify_record(_resealed(record))
    assert not ok, f"{change} went unnoticed once the digest was recomputed"
    assert "NOT consistent" in said((ok, message))


def test_a_malformed_export_is_reported_not_raised(race_service: GameService) -> None:
    for broken in ([], "text", {"format": "banneret-game/1"},
                   {"format": "banneret-game/1", "seed": "s", "system": "race", "log": [{}]},
                   {"format": "banneret-game/1", "seed": "s", "system": "race",
                    "scenario": "short", "seed_hash": "x", "log": "not a list"}):
        ok, message = race_service.verify_record(broken)
        assert not ok and said((ok, message))


DB_TAMPERINGS = {
    "seats": "UPDATE games SET seats = json_set(seats, '$.red', '1003')",
    "creator": "UPDATE games SET creator_id = '1003'",
    "status": "UPDATE games SET status = 'ended'",
    "winner": "UPDATE games SET winner = CASE winner WHEN 'red' THEN 'blue' ELSE 'red' END",
    "result": "UPDATE games SET result = '{\"key\": \"result-ended\", \"args\": {}}'",
    "version": "UPDATE games SET version = version + 1",
    "seed_revealed": "UPDATE games SET seed_revealed = 0",
    "pending": "UPDATE games SET pending = '{\"undo\": {\"seat\": \"red\", \"of\": 3}}'",
    "the seat column": "UPDATE actions SET seat = 'blue' WHERE kind = 'action' AND seat = 'red'",
    "event data": "UPDATE actions SET events = '[{\"type\": \"moved\", \"seat\": \"red\"}]' "
                  "WHERE seq = 3",
    "a deleted join": "DELETE FROM actions WHERE kind = 'join' AND seq = 2",
    "a stored action that no longer reads": "UPDATE actions SET action = '{\"type\": \"fly\"}' "
                                            "WHERE seq = 3",
}


@pytest.mark.parametrize("change", list(DB_TAMPERINGS))
def test_every_tampered_database_row_is_reported(
    race_service: GameService, store: Store, change: str
) -> None:
    _played(race_service, "c1")
    _played(race_service, "c2")
    assert [ok for _, ok, _ in race_service.verify_all()] == [True, True]
    conn = sqlite3.connect(store.path)
    conn.execute(DB_TAMPERINGS[change].replace("WHERE", "WHERE game_id = 1 AND")
                 if "WHERE" in DB_TAMPERINGS[change] else
                 DB_TAMPERINGS[change] + (" WHERE id = 1" if "games" in DB_TAMPERINGS[change]
                                          else ""))
    conn.commit()
    conn.close()
    results = race_service.verify_all()
    assert [(gid, ok) for gid, ok, _ in results] == [(1, False), (2, True)], change
    assert "Game 1: NOT consistent" in said(results[0][1:])


def test_random_bit_flips_never_crash_verify(
    race_service: GameService, store: Store, tmp_path: Path
) -> None:
    """Flip one byte of the database file at a time: verify reports or refuses, never raises."""
    for channel in ("c1", "c2", "c3"):
        _played(race_service, channel)
    store.close()
    conn = sqlite3.connect(store.path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    pristine = Path(store.path).read_bytes()
    rng = random.Random(17)
    outcomes = {"reported": 0, "refused": 0, "unchanged": 0}
    for flip in range(100):
        damaged = bytearray(pristine)
        at = rng.randrange(100, len(damaged))
        damaged[at] ^= 1 << rng.randrange(8)
        path = tmp_path / f"flip{flip}.db"
        path.write_bytes(bytes(damaged))
        try:
            results = GameService(Store(path, read_only=True)).verify_all()
        except Exception as err:  # noqa: BLE001 - only a StoreError may end it
            assert type(err).__name__ == "StoreError", f"flip at {at}: {err!r}"
            outcomes["refused"] += 1
            continue
        key = "reported" if not all(ok for _, ok, _ in results) else "unchanged"
        outcomes[key] += 1
    assert sum(outcomes.values()) == 100
    assert outcomes["reported"] + outcomes["refused"] > 0, outcomes


def test_a_referee_end_is_derived_with_its_referee(race_service: GameService) -> None:
    race_service.new_game("c9", "g1", ALICE, "race", "short", opponent=BOB)
    race_service.join("c9", BOB)
    race_service.end("c9", MOD)
    assert [ok for _, ok, _ in race_service.verify_all()] == [True]


def test_games_whose_settings_changed_still_verify(race_service: GameService) -> None:
    """Changes of settings (made, asked, agreed, disputed) are log entries verify accepts,
    in a running game, once it is over, and in its export."""
    race_service.new_game("c8", "g1", ALICE, "race", "short", opponent=BOB)
    race_service.settings("c8", ALICE, time="2d")  # before Bob sits: made at once
    race_service.join("c8", BOB)
    asked = race_service.settings("c8", ALICE, remind="none")  # now it needs Bob
    race_service.settle("c8", BOB, int(asked.buttons[0].arg), agree=True)
    disputed = race_service.settings("c8", BOB, language="pt-BR")
    race_service.settle("c8", ALICE, int(disputed.buttons[0].arg), agree=False)
    race_service.settings("c8", MOD, time="none")
    race_service.settings("c8", ALICE, remind="1h")  # left waiting
    with race_service.store.reading() as tx:
        game = tx.active_game("c8")
        assert game is not None
        kinds = [entry.kind for entry in tx.log(game.id)]
    assert kinds.count("settings") == 3 and kinds.count("claim") == 3
    assert [ok for _, ok, _ in race_service.verify_all()] == [True]
    race_service.resign("c8", BOB)
    assert [ok for _, ok, _ in race_service.verify_all()] == [True]
    record: Record = json.loads(race_service.export("c8").files[0][1])
    assert race_service.verify_record(record)[0]


def _eventful(service: GameService, channel: str) -> None:
    """A race with an undone mark, a referee's adjustment, a claim agreed to, then played out."""
    service.new_game(channel, "g1", ALICE, "race", "short", opponent=BOB)
    service.join(channel, BOB)
    service.act(channel, ALICE, {"type": "mark", "note": "here"})
    service.undo(channel, ALICE)
    service.act(channel, MOD, {"type": "fix", "pos": 1})  # a neutral referee: no claim
    service.act(channel, ALICE, {"type": "fix", "pos": 2})  # the creator plays: Bob agrees
    with service.store.reading() as tx:
        game = tx.active_game(channel)
    assert game is not None
    claim = game.pending["claims"][0]["seq"]
    service.settle(channel, BOB, claim, agree=True)
    _played(service, channel, started=True)


def _last(kind: str, actor: str = "%", extra: str = "") -> str:
    """SQL naming the last entry of game 1 of a kind (by an actor)."""
    return (f"game_id = 1 AND seq = (SELECT MAX(seq) FROM actions WHERE game_id = 1 AND "
            f"kind = '{kind}' AND actor_id LIKE '{actor}' {extra})")


def _time_of(seq: str) -> str:
    return f"(SELECT created_at FROM actions WHERE game_id = 1 AND seq = {seq})"


LAST_SEQ = "(SELECT MAX(seq) FROM actions WHERE game_id = 1)"
# One edit per stored column of an entry that verify did not check before (issue 28, 8).
ENTRY_EDITS = {
    "actor_id: the other player": f"UPDATE actions SET actor_id = '1002' "
                                  f"WHERE {_last('action', '1001')}",
    "actor_id: someone with no seat": f"UPDATE actions SET actor_id = '1003' "
                                      f"WHERE {_last('action', '1002')}",
    "actor_id: a player as the referee": f"UPDATE actions SET actor_id = '1002' "
                                         f"WHERE {_last('action', '1004')}",
    "actor_id: an undo": f"UPDATE actions SET actor_id = '1002' WHERE {_last('undo')}",
    "actor_id: an agreement": f"UPDATE actions SET actor_id = '1001' "
                              f"WHERE {_last('claim_agreed')}",
    "events: an action undone": "UPDATE actions SET events = '[{\"type\": \"marked\", "
                                "\"seat\": \"red\", \"note\": \"there\"}]' "
                                "WHERE game_id = 1 AND seq = 3",
    "events: a claim": "UPDATE actions SET events = '[{\"type\": \"fixed\", \"pos\": 2}]' "
                       f"WHERE {_last('claim')}",
    "events: a join": "UPDATE actions SET events = '[{\"type\": \"moved\"}]' "
                      f"WHERE {_last('join')}",
    "irreversible": f"UPDATE actions SET irreversible = 1 - irreversible "
                    f"WHERE {_last('action', '1002')}",
    "created_at: moved later": f"UPDATE actions SET created_at = {_time_of(LAST_SEQ)} "
                               "WHERE game_id = 1 AND seq = 6",
    "created_at: moved earlier": f"UPDATE actions SET created_at = {_time_of('2')} "
                                 "WHERE game_id = 1 AND seq = 6",
    "created_at: before the game": "UPDATE actions SET created_at = "
                                   "'2020-01-01T00:00:00.000+00:00' WHERE game_id = 1 AND seq = 1",
    "created_at: after the game's last change": "UPDATE actions SET created_at = "
                                                "'2030-01-01T00:00:00.000+00:00' WHERE "
                                                f"{_last('action')}",
    "created_at: not a time": f"UPDATE actions SET created_at = 'yesterday' WHERE {_last('join')}",
    "action: the undo's target": "UPDATE actions SET action = '{\"count\": 1, \"of\": 2}' "
                                 f"WHERE {_last('undo')}",
}


@pytest.fixture
def timed_service(tmp_path: Path) -> Iterator[GameService]:
    """A race service whose clock moves a minute at every read of the time."""
    clock = _Ticking()
    store = Store(tmp_path / "timed.db", clock=clock)
    yield GameService(store, seed_factory=lambda: "seed-0")
    store.close()


class _Ticking(FakeClock):
    def now(self) -> datetime:
        return self.advance(minutes=1)


@pytest.mark.parametrize("change", list(ENTRY_EDITS))
def test_issue28_finding8_every_column_of_a_log_entry_is_checked(
    timed_service: GameService, change: str
) -> None:
    race_service = timed_service
    _eventful(race_service, "c1")
    _eventful(race_service, "c2")
    assert [ok for _, ok, _ in race_service.verify_all()] == [True, True]
    conn = sqlite3.connect(race_service.store.path)
    assert conn.execute(ENTRY_EDITS[change]).rowcount == 1, change
    conn.commit()
    conn.close()
    results = race_service.verify_all()
    assert [(gid, ok) for gid, ok, _ in results] == [(1, False), (2, True)], change
    assert "Game 1: NOT consistent — log entry #" in said(results[0][1:]) or (
        "gives different events" in said(results[0][1:])), said(results[0][1:])


def test_issue28_finding8_an_exported_actor_or_time_edit_is_reported(
    timed_service: GameService
) -> None:
    race_service = timed_service
    _eventful(race_service, "c1")
    data: Record = json.loads(race_service.export("c1").files[0][1])
    assert race_service.verify_record(data)[0]
    for edit in ({"actor": "1003"}, {"at": "2020-01-01T00:00:00.000+00:00"}):
        forged = json.loads(json.dumps(data))
        forged["log"][-2].update(edit)
        ok, message = race_service.verify_record(_resealed(forged))
        assert not ok and "log entry #" in said((ok, message)), edit


def test_a_change_of_settings_made_by_someone_else_is_reported(race_service: GameService
                                                                ) -> None:
    """A `settings` entry is its seat holder's (or a referee's holding no seat): verify
    reports one whose actor was edited to the other player."""
    race_service.new_game("c9", "g1", ALICE, "race", "short", opponent=BOB)
    race_service.join("c9", BOB)
    asked = race_service.settings("c9", ALICE, remind="none")
    race_service.settle("c9", BOB, int(asked.buttons[0].arg), agree=True)
    assert [ok for _, ok, _ in race_service.verify_all()] == [True]
    conn = sqlite3.connect(race_service.store.path)
    edited = conn.execute("UPDATE actions SET actor_id = ? WHERE kind = 'settings'",
                          (BOB.user_id,)).rowcount
    conn.commit()
    conn.close()
    assert edited == 1
    assert [ok for _, ok, _ in race_service.verify_all()] == [False]
