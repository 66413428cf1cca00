"""Game records: the action log replayed through the rules, exported, and checked.

A game is its scenario, its dice seed and the actions in its log; the stored
state is a cache of replaying them. These functions rebuild, export and check
that, without the database or a transport: GameService feeds them rows.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.store import ACTIVE, GameRow, LogEntry, Store
from bot.table import Table
from bot.text import Words, event_record
from rules.core.errors import RuleViolation
from rules.core.system import GameSystem, system
from rules.core.text import Msg

EXPORT_FORMAT = "banneret-game/1"


def engine_version(sys: GameSystem) -> str:
    """Return the stamp stored with a game so a rules change shows up in verify."""
    return f"{sys.id}-{sys.version}"


def effective_actions(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """Return the action entries still in force once undo entries are applied."""
    kept: list[LogEntry] = []
    for entry in entries:
        if entry.kind == "action":
            kept.append(entry)
        elif entry.kind == "undo":
            count = int(entry.action.get("count", 1))
            del kept[len(kept) - count :]
    return kept


def replay(
    sys: GameSystem, scenario: str, seed: str, actions: Iterable[dict[str, Any]]
) -> tuple[BaseModel, list[list[dict[str, Any]]]]:
    """Replay actions from the scenario through the checked entry point."""
    state = sys.new_game(scenario, seed)
    events: list[list[dict[str, Any]]] = []
    for data in actions:
        state, evs = sys.apply(state, sys.parse_action(data))
        events.append([event_record(sys, e) for e in evs])
    return state, events


def _strip_text(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "_text"} for e in events]


def game_record(
    game: GameRow, entries: Iterable[LogEntry], hidden: frozenset[str],
    position: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Return a game's exportable record; actions of the `hidden` types are left out.

    `position` is the position as the export's readers may know it (the public view
    while the game runs, the whole state once it has ended).

    While a game runs, actions a system marks private (a sealed battle plan, the card
    kept from a draw) would tell the channel what one side has not revealed, so the
    caller passes those types, as it holds back the seed. Their events, which engines
    write for everyone, stay.
    """

    def shown(action: dict[str, Any]) -> dict[str, Any]:
        if action.get("type") in hidden:
            return {"type": action["type"], "hidden_until_the_end": True}
        return action

    return {
        "format": EXPORT_FORMAT,
        "game": game.id,
        "system": game.system,
        "scenario": game.scenario,
        "engine_version": game.engine_version,
        "status": game.status,
        "winner": game.winner,
        "result": game.result,
        "seats": game.seats,
        "seed_hash": game.seed_hash,
        "seed": game.seed if game.seed_revealed else None,
        "position": position,
        "log": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "seat": e.seat,
                "action": shown(e.action),
                "events": e.events,
                "at": e.created_at,
            }
            for e in entries
        ],
    }


def record_entries(record: dict[str, Any]) -> list[LogEntry]:
    """Read the log of an exported record back into log entries."""
    game = record.get("game", "?")
    return [
        LogEntry(
            game_id=int(game) if str(game).isdigit() else 0,
            seq=item["seq"],
            kind=item["kind"],
            actor_id="",
            seat=item.get("seat"),
            action=item["action"],
            events=item.get("events", []),
        )
        for item in record.get("log", [])
    ]


def problem_with(
    sys: GameSystem,
    scenario: str,
    seed: str,
    published_hash: str,
    stamp: str,
    entries: list[LogEntry],
    stored_state: dict[str, Any] | None,
) -> Msg | None:
    """Return what is wrong with a game's record (a message), or None when it replays exactly."""
    if hashlib.sha256(seed.encode()).hexdigest() != published_hash:
        return Msg(key="verify-seed-mismatch")
    kept = effective_actions(entries)
    other_engine = bool(stamp) and stamp != engine_version(sys)
    note: dict[str, Any] = (
        {"recorded": stamp, "replayed": engine_version(sys)} if other_engine
        else {"recorded": "none", "replayed": "none"}
    )
    try:
        state, events = replay(sys, scenario, seed, [e.action for e in kept])
    except RuleViolation as violation:
        return Msg(key="verify-action-refused", args={"rule": violation.rule_id, **note})
    for entry, replayed in zip(kept, events, strict=True):
        if not _same_events(entry.events, replayed, same_engine=not other_engine):
            return Msg(key="verify-events-differ", args={"seq": entry.seq, **note})
    if stored_state is not None and not _same_position(sys, state, stored_state):
        return Msg(key="verify-position-differs", args=note)
    return None


def _same_events(
    stored: list[dict[str, Any]], replayed: list[dict[str, Any]], same_engine: bool
) -> bool:
    """Compare a logged action's events with a replay's.

    Events stored by an older engine may have another shape (a sentence that became
    data), so for them only the sequence of event types must match; the position,
    checked after the replay, must match exactly either way.
    """
    if same_engine:
        return _strip_text(stored) == _strip_text(replayed)
    return [e.get("type") for e in stored] == [e.get("type") for e in replayed]


def _same_position(sys: GameSystem, state: BaseModel, stored: dict[str, Any]) -> bool:
    """Say whether a replayed state is the stored one (read as this engine reads it)."""
    replayed = state.model_dump(mode="json")
    if replayed == stored:
        return True
    try:
        return bool(sys.load_state(stored).model_dump(mode="json") == replayed)
    except ValueError:
        return False


class Records:
    """Export a game's record and check that records replay exactly."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def export(self, game: GameRow, entries: list[LogEntry]) -> bytes:
        """Return a game's record as JSON; while it runs, hidden choices are left out."""
        table = Table(game)
        hidden = frozenset() if game.over else table.private_actions
        record = game_record(game, entries, hidden, table.record_position())
        return json.dumps(record, indent=1, sort_keys=True).encode()

    def verify_game(self, game_id: int) -> tuple[bool, Msg]:
        """Replay one stored game through the checked path; compare state and events."""
        with self.store.reading() as tx:
            game = tx.game(game_id)
            entries = tx.log(game_id) if game else []
        if game is None:
            return False, Msg(key="verify-no-game", args={"game": game_id})
        problem = problem_with(system(game.system), game.scenario, game.seed, game.seed_hash,
                               game.engine_version, entries, game.state)
        if problem:
            return False, Msg(key="game-verify-bad", args={"game": game.id, "problem": problem})
        return True, Msg(key="game-verify-ok",
                         args={"game": game.id, "actions": len(effective_actions(entries))})

    def verify_all(self) -> list[tuple[int, bool, Msg]]:
        """Verify every stored game."""
        with self.store.reading() as tx:
            ids = tx.game_ids()
        return [(gid, *self.verify_game(gid)) for gid in ids]

    def verify_record(self, record: dict[str, Any]) -> tuple[bool, Msg]:
        """Check an exported game record on its own (it needs the revealed seed)."""
        game = record.get("game", "?")
        if record.get("format") != EXPORT_FORMAT:
            return False, Msg(key="verify-not-a-record", args={"format": EXPORT_FORMAT})
        seed = record.get("seed")
        if not seed:
            return False, Msg(key="game-verify-pending-seed", args={"game": str(game)})
        entries = record_entries(record)
        try:
            sys = system(str(record["system"]))
        except KeyError:
            return False, Msg(key="verify-no-system", args={"system": str(record.get("system"))})
        # A finished game's record carries its whole final position: check it too.
        final = record.get("position") if record.get("status") not in ACTIVE else None
        problem = problem_with(sys, record["scenario"], seed, record["seed_hash"],
                               record.get("engine_version", ""), entries,
                               final if isinstance(final, dict) else None)
        if problem:
            return False, Msg(key="game-verify-bad", args={"game": str(game), "problem": problem})
        return True, Msg(key="game-verify-ok",
                         args={"game": str(game), "actions": len(effective_actions(entries))})


def said(ok_and_message: tuple[bool, Msg], language: str | None = None) -> str:
    """Word a verification result (the console and the CLI speak English by default)."""
    return Words.of(language)(ok_and_message[1].key, **ok_and_message[1].args)
