"""Game records: the action log replayed through the rules, exported, and checked.

A game is its scenario, its dice seed and the actions in its log; the stored
state is a cache of replaying them. These functions rebuild, export and check
that, without the database or a transport: GameService feeds them rows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.store import GameRow, LogEntry
from rules.core.errors import RuleViolation
from rules.core.model import Event
from rules.core.system import GameSystem

EXPORT_FORMAT = "banneret-game/1"


def engine_version(sys: GameSystem) -> str:
    """Return the stamp stored with a game so a rules change shows up in verify."""
    return f"{sys.id}-{getattr(sys, 'version', '1')}"


def event_record(sys: GameSystem, event: Event) -> dict[str, Any]:
    """Return an event as stored in the log: its fields plus its English text."""
    data = event.model_dump(mode="json")
    data["_text"] = sys.describe(event)
    return data


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
    game: GameRow, entries: Iterable[LogEntry], hidden: frozenset[str]
) -> dict[str, Any]:
    """Return a game's exportable record; actions of the `hidden` types are left out.

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
) -> str | None:
    """Return what is wrong with a game's record, or None when it replays exactly."""
    if hashlib.sha256(seed.encode()).hexdigest() != published_hash:
        return "the seed does not match the published fingerprint"
    kept = effective_actions(entries)
    note = ""
    if stamp and stamp != engine_version(sys):
        note = f" (recorded with engine {stamp}, replayed with {engine_version(sys)})"
    try:
        state, events = replay(sys, scenario, seed, [e.action for e in kept])
    except RuleViolation as violation:
        return f"a logged action is now refused: [{violation.rule_id}] {violation.message}" + note
    for entry, replayed in zip(kept, events, strict=True):
        if not _same_events(entry.events, replayed, same_engine=not note):
            return f"action #{entry.seq} gives different events on replay" + note
    if stored_state is not None and not _same_position(sys, state, stored_state):
        return "the stored position differs from the replayed one" + note
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
