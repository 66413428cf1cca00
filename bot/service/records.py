"""Game records: the action log replayed through the rules, exported, and checked.

A game is its scenario, its dice seed and the actions in its log; the stored
state is a cache of replaying them. These functions rebuild, export and check
that, without the database or a transport: GameService feeds them rows.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.service.audit import Wrong, compare, derive, in_order
from bot.service.context import Table
from bot.service.logwalk import walk
from bot.store.gamestore import GameStore
from bot.store.rows import ACTIVE, GameRow, LogEntry
from bot.text import Words, event_record
from rules.core.system import GameSystem, system
from rules.core.text import Msg

EXPORT_FORMAT = "banneret-game/1"

log = logging.getLogger(__name__)


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
    sys: GameSystem, scenario: str, seed: str, actions: Iterable[dict[str, Any]],
    stamp: str = "",
) -> tuple[BaseModel, list[list[dict[str, Any]]]]:
    """Replay actions from the scenario through the checked entry point (`stamp`: the
    engine version the game was stored with, so it keeps the rules it began under)."""
    state = sys.replay_start(scenario, seed, stamp)
    events: list[list[dict[str, Any]]] = []
    for data in actions:
        state, evs = sys.apply(state, sys.parse_action(data))
        events.append([event_record(sys, e) for e in evs])
    return state, events


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

    log = [
        {
            "seq": e.seq,
            "kind": e.kind,
            "seat": e.seat,
            "actor": e.actor_id,
            "action": shown(e.action),
            "events": e.events,
            "at": e.created_at,
        }
        for e in entries
    ]
    record = {
        "format": EXPORT_FORMAT,
        "game": game.id,
        "system": game.system,
        "scenario": game.scenario,
        "engine_version": game.engine_version,
        "creator": game.creator_id,
        "status": game.status,
        "winner": game.winner,
        "result": game.result,
        "seats": game.seats,
        "version": game.version,
        "seed_revealed": game.seed_revealed,
        "pending": {k: v for k, v in game.pending.items() if k in ("claims", "undo")},
        "seed_hash": game.seed_hash,
        "seed": game.seed if game.seed_revealed else None,
        "position": position,
        "log": log,
    }
    record["digest"] = record_digest(record)
    return record


def record_digest(record: dict[str, Any]) -> str:
    """Return a record's digest: SHA-256 over everything it says and its log's chain.

    It is said in the channel when the record is exported; a copy whose header (players,
    result...) or log was changed, cut short or reordered gives another digest.
    """
    header = {k: v for k, v in record.items() if k not in ("log", "digest")}
    log = record.get("log", [])
    last = chain(log)[-1] if log else ""
    body = json.dumps(header, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{body}{last}".encode()).hexdigest()


def chain(log: list[dict[str, Any]]) -> list[str]:
    """Return the digest after each log item: SHA-256 of the previous digest and the item."""
    digests: list[str] = []
    previous = ""
    for item in log:
        body = json.dumps(item, sort_keys=True, separators=(",", ":"))
        previous = hashlib.sha256(f"{previous}{body}".encode()).hexdigest()
        digests.append(previous)
    return digests


def record_entries(record: dict[str, Any]) -> list[LogEntry]:
    """Read the log of an exported record back into log entries."""
    game = record.get("game", "?")
    return [
        LogEntry(
            game_id=int(game) if str(game).isdigit() else 0,
            seq=item["seq"],
            kind=item["kind"],
            actor_id=str(item.get("actor", "")),
            seat=item.get("seat"),
            action=item["action"],
            events=item.get("events", []),
            created_at=str(item.get("at") or ""),
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
    claimed: dict[str, Any] | None = None,
    flags: bool = True,
) -> Msg | None:
    """Return what is wrong with a game's record (a message naming the first wrong entry),
    or None when it replays exactly.

    Checked in order: the seed against its published fingerprint; every action and
    claim of the log, replayed on the position it was made on (bot/service/logwalk.py),
    must be read, be legal and give the events and irreversibility it logged, and every
    undo must take back the last action standing; the position must be the stored one;
    and the facts the row or record `claimed` (creator, seats, status, winner, result,
    version, open requests) must be the ones its log gives, each entry made by someone
    who could make it then, at a time in order (bot/service/audit.py). `flags=False`
    leaves out the entries' irreversible flags (an exported record does not carry them).
    """
    if hashlib.sha256(seed.encode()).hexdigest() != published_hash:
        return Msg(key="verify-seed-mismatch")
    other_engine = bool(stamp) and stamp != engine_version(sys)
    note: dict[str, Any] = (
        {"recorded": stamp, "replayed": engine_version(sys)} if other_engine
        else {"recorded": "none", "replayed": "none"}
    )
    walked = walk(sys, sys.replay_start(scenario, seed, stamp), entries, note,
                  same_engine=not other_engine, flags=flags)
    if isinstance(walked, Msg):
        return walked
    state = walked.state
    if stored_state is not None and not _same_position(sys, state, stored_state):
        return Msg(key="verify-position-differs", args=note)
    if claimed is None:
        return None
    info = sys.scenario_info(scenario)
    seats = info.seats if info is not None else ()
    try:
        facts = derive(sys, seats, entries, state, walked.ended_by_play, walked.refereeable)
        in_order(entries, claimed.get("created_at"), claimed.get("updated_at"))
    except Wrong as wrong:
        return Msg(key="verify-entry-wrong", args={"seq": wrong.seq, "what": wrong.what})
    return compare(facts, claimed)


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

    def __init__(self, store: GameStore) -> None:
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
        claimed = {"creator": game.creator_id, "seats": game.seats, "status": game.status,
                   "winner": game.winner, "result": game.result, "version": game.version,
                   "seed_revealed": game.seed_revealed, "pending": game.pending,
                   "created_at": game.created_at, "updated_at": game.updated_at}
        try:
            problem = problem_with(system(game.system), game.scenario, game.seed,
                                   game.seed_hash, game.engine_version, entries, game.state,
                                   claimed)
        except Exception as err:  # noqa: BLE001 - one bad record must not stop the run
            log.exception("verify could not check game %s", game.id)
            problem = Msg(key="verify-crashed", args={"detail": type(err).__name__})
        if problem:
            return False, Msg(key="game-verify-bad", args={"game": game.id, "problem": problem})
        return True, Msg(key="game-verify-ok",
                         args={"game": game.id, "actions": len(effective_actions(entries))})

    def verify_all(self) -> list[tuple[int, bool, Msg]]:
        """Verify every stored game; a game that cannot be read is reported, and the run
        goes on to the next."""
        with self.store.reading() as tx:
            ids = tx.game_ids()
        out: list[tuple[int, bool, Msg]] = []
        for gid in ids:
            try:
                out.append((gid, *self.verify_game(gid)))
            except (ValueError, TypeError, KeyError) as err:
                # A row whose stored JSON no longer reads (a damaged column).
                out.append((gid, False, Msg(key="game-verify-bad", args={
                    "game": gid,
                    "problem": Msg(key="verify-crashed", args={"detail": type(err).__name__}),
                })))
        return out

    def verify_record(self, record: Any) -> tuple[bool, Msg]:
        """Check an exported game record on its own (it needs the revealed seed)."""
        if not isinstance(record, dict) or record.get("format") != EXPORT_FORMAT:
            return False, Msg(key="verify-not-a-record", args={"format": EXPORT_FORMAT})
        game = record.get("game", "?")
        try:
            return self._verify_record(record, str(game))
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            return False, Msg(key="game-verify-bad", args={"game": str(game), "problem": Msg(
                key="verify-malformed-record", args={"detail": f"{type(err).__name__}: {err}"})})

    def _verify_record(self, record: dict[str, Any], game: str) -> tuple[bool, Msg]:
        seed = record.get("seed")
        if not seed:
            return False, Msg(key="game-verify-pending-seed", args={"game": game})
        try:
            sys = system(str(record["system"]))
        except KeyError:
            return False, Msg(key="verify-no-system", args={"system": str(record.get("system"))})
        log_items = record.get("log", [])
        if "digest" in record and record_digest(record) != record["digest"]:
            return False, Msg(key="game-verify-bad", args={
                "game": game, "problem": Msg(key="verify-digest-differs")})
        entries = record_entries(record)
        # A finished game's record carries its whole final position: check it too.
        final = record.get("position") if record.get("status") not in ACTIVE else None
        claimed: dict[str, Any] = {
            k: record[k] for k in ("status", "winner", "result", "version", "seed_revealed",
                                   "pending") if k in record
        }
        if log_items and all("actor" in item for item in log_items):
            claimed |= {k: record[k] for k in ("creator", "seats") if k in record}
        problem = problem_with(sys, record["scenario"], seed, record["seed_hash"],
                               record.get("engine_version", ""), entries,
                               final if isinstance(final, dict) else None, claimed,
                               flags=False)
        if problem:
            return False, Msg(key="game-verify-bad", args={"game": game, "problem": problem})
        return True, Msg(key="game-verify-ok",
                         args={"game": game, "actions": len(effective_actions(entries))})


def said(ok_and_message: tuple[bool, Msg], language: str | None = None) -> str:
    """Word a verification result (the console and the CLI speak English by default)."""
    return Words.of(language)(ok_and_message[1].key, **ok_and_message[1].args)
