"""Growth: the commands at community scale, 10 vs 100,000 stored games, 10 vs 10,000 actions.

Games: the same Samurai turn, `/game status` and `/game hand` in a database of 10
games and in one of 100,000 (finished games in other channels, built once in one
transaction and kept under the temp folder, keyed by the schema's migrations).

Log: a 40k game whose log holds 10 or 10,000 real moves (a unit moved back and forth,
each applied by the engine, checkpoints laid down as the store keeps them); a turn,
status, hand, undo, export and verify on each. Every pair alternates which goes first.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from bench.positions import Turn, script_turns, typical_turn
from bench.tables import game_values, seat_games
from bench.timing import Figure, Report, ms, paired
from bot.service.gameservice import GameService
from bot.store.gamestore import GameStore
from bot.store.migrations import migrations
from bot.store.rows import CHECKPOINT_EVERY
from bot.store.sqlite import Store
from bot.text import event_record
from renderers import render_png
from rules.core.system import system

NAME = "growth"
TITLE = "Growth: 10 vs 100,000 stored games; 10 vs 10,000 actions in the log"
ROUNDS = 8
COMMUNITY = 100_000
DEEP = 10_000
CACHE = Path(tempfile.gettempdir()) / "banneret-bench-cache"


def _schema() -> str:
    names = [m.name for m in migrations.pending(Database(memory=True))]
    return hashlib.sha256(",".join(names).encode()).hexdigest()[:12]


def community(games: int) -> Store:
    """Return a copy of a database holding `games` finished games (built once, cached)."""
    kept = CACHE / f"community-{_schema()}-{games}.db"
    if not kept.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        building = kept.with_suffix(".building")
        building.unlink(missing_ok=True)
        store = Store(building)
        row = replace(typical_turn("move").before, status="finished")
        values = game_values(row, "x")
        columns = list(values)
        conn = store._connection()
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(
            f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
            (tuple({**values, "channel_id": f"old-{i}"}[c] for c in columns)
             for i in range(games)),
        )
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.close()
        building.rename(kept)
    folder = Path(tempfile.mkdtemp(prefix="banneret-bench-"))
    shutil.copyfile(kept, folder / "games.db")
    return Store(folder / "games.db")


@cache
def _wh40k_move() -> Turn:
    turns = script_turns("wh40k")
    assert turns is not None
    return next(t for t in turns if t.action.get("type") == "move")


def long_game(store: GameStore, channel: str, actions: int) -> int:
    """Put a 40k game in `channel` whose log holds `actions` real moves; return its id."""
    turn = _wh40k_move()
    sys = system(turn.before.system)
    state = sys.load_state(turn.before.state)
    seat = sys.prompt(state).seat
    [game_id] = seat_games(store, turn.before, [channel])
    rows: list[tuple[Any, ...]] = []
    checkpoints: list[tuple[int, str]] = []
    stamp = "2026-01-01T00:00:00.000+00:00"
    for seq in range(1, actions + 1):
        action = {**turn.action, "seat": seat, "x": turn.action["x"] + seq % 2}
        parsed = sys.parse_action(action)
        state, events = sys.apply(state, parsed)
        rows.append((game_id, seq, "action", turn.caller.user_id, seat,
                     json.dumps(parsed.model_dump(mode="json"), sort_keys=True),
                     json.dumps([event_record(sys, e) for e in events], sort_keys=True),
                     0, stamp))
        if seq % CHECKPOINT_EVERY == 0:
            checkpoints.append((seq, json.dumps(state.model_dump(mode="json"))))
    with store.transaction() as tx:
        tx.conn.executemany(
            "INSERT INTO actions (game_id, seq, kind, actor_id, seat, action, events, "
            "irreversible, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        for seq, text in checkpoints:
            tx.save_checkpoint(game_id, seq, text)
        tx.conn.execute("UPDATE games SET state = ?, version = ? WHERE id = ?",
                        (json.dumps(state.model_dump(mode="json")), actions, game_id))
    return game_id


def _pair(report: Report, name: str, big: Any, small: Any, target: str = "<= 1.1x",
          rounds: int = ROUNDS) -> None:
    timing = paired(big, small, rounds)
    line = f"{ms(timing.a_median)} vs {ms(timing.b_median)} (medians of {rounds})"
    if target:
        report.figures.append(Figure(name, timing.ratio, target, line))
    else:
        report.notes.append(f"{name}: {timing.ratio:.2f}x, {line}")


def _games(report: Report) -> None:
    turn = typical_turn("move")
    hand = typical_turn("order")
    services = []
    for store in (community(COMMUNITY), community(10)):
        seat_games(store, turn.before, [f"turn-{i}" for i in range(ROUNDS)])
        seat_games(store, hand.before, [f"hand-{i}" for i in range(ROUNDS)])
        services.append(GameService(store, render=render_png))
    big, small = services
    for service in services:  # static layers and palettes, as a running bot has them
        service.status("hand-0")
    _pair(report, f"turn at {COMMUNITY:,} stored games vs 10",
          lambda i: big.act(f"turn-{i}", turn.caller, dict(turn.action)),
          lambda i: small.act(f"turn-{i}", turn.caller, dict(turn.action)))
    _pair(report, f"/game status at {COMMUNITY:,} stored games vs 10",
          lambda i: big.status(f"turn-{i}"), lambda i: small.status(f"turn-{i}"))
    _pair(report, f"/game hand at {COMMUNITY:,} stored games vs 10 (each a new position)",
          lambda i: big.private(f"hand-{i}", hand.caller),
          lambda i: small.private(f"hand-{i}", hand.caller))


def _log(report: Report) -> None:
    turn = _wh40k_move()
    services, ids = [], []
    for actions in (DEEP, 10):
        store = community(10)
        service = GameService(store, render=render_png)
        ids.append(long_game(store, f"log-{actions}", actions))
        service.status(f"log-{actions}")
        services.append(service)
    big, small = services
    seat = system("wh40k").prompt(system("wh40k").load_state(turn.before.state)).seat

    def move(service: GameService, channel: str, i: int) -> Any:
        action = {**turn.action, "seat": seat, "x": turn.action["x"] + 0.5 + i % 2}
        return service.act(channel, turn.caller, action)

    _pair(report, f"turn at action {DEEP:,} vs 10", lambda i: move(big, f"log-{DEEP}", i),
          lambda i: move(small, "log-10", i))
    _pair(report, f"/game status at action {DEEP:,} vs 10",
          lambda i: big.status(f"log-{DEEP}"), lambda i: small.status("log-10"))
    _pair(report, f"/game hand at action {DEEP:,} vs 10",
          lambda i: big.private(f"log-{DEEP}", turn.caller),
          lambda i: small.private("log-10", turn.caller))
    _pair(report, f"undo at action {DEEP:,} vs 10",
          lambda i: big.undo(f"log-{DEEP}", turn.caller),
          lambda i: small.undo("log-10", turn.caller), "<= 2x")
    _pair(report, f"export at action {DEEP:,} vs 10 (linear, outside the write lock)",
          lambda i: big.export(f"log-{DEEP}"), lambda i: small.export("log-10"), "", 3)
    _pair(report, f"verify at action {DEEP:,} vs 10 (linear, outside the write lock)",
          lambda i: big.verify_game(ids[0]), lambda i: small.verify_game(ids[1]), "", 3)


def run() -> Report:
    """Time each command at both sizes."""
    report = Report(NAME, TITLE)
    _games(report)
    _log(report)
    return report
