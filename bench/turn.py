"""Turn: GameService handling a typical action vs. the sum of its floors.

The turn is the whole path a player waits for: read the game, check the seat,
validate and apply the action, append it to the log and write the new position in
one WAL transaction, then draw and encode the board and build the reply.

The floors are the three things no implementation can skip, timed on the same data:
the PNG encode of that very board image (same settings), one raw sqlite3 WAL commit
of the same rows (read the game row, insert the log row, update the game, in
BEGIN IMMEDIATE, synchronous=FULL as the bot runs) and a pydantic JSON round trip of the state.
Actions are taken from the middle of the Samurai demo, one of each common kind.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from bench.positions import Turn, picture, typical_turn
from bench.tables import game_values, seat_games, temp_store
from bench.timing import Figure, Report, median, ms, paired, timed
from bot.service import GameService
from bot.store import Store
from renderers import board_palette, render_image, render_png
from renderers.primitives import encode_png
from rules.core.system import system

NAME = "turn"
TITLE = "Turn: GameService.act vs. encode + sqlite commit + pydantic round trip"
KINDS = ("play", "order", "move", "battle", "end_turn")
ROUNDS = 24


class Floors:
    """The unavoidable parts of one turn, on the data of a real one."""

    def __init__(self, turn: Turn, scratch: Store) -> None:
        sys = system(turn.before.system)
        state = sys.load_state(turn.before.state)
        action = sys.parse_action({**turn.action, "seat": _seat(turn)})
        new_state, events = sys.apply(state, action)
        view = picture(turn.before.system, new_state, turn.before.language)
        render_png(view)  # static layer and palette cached, as in play
        self.image = render_image(view)
        self.palette = board_palette(view)
        self.model = type(new_state)
        self.state_json = new_state.model_dump_json()
        # The rows a turn writes, as JSON text, ready for a raw commit.
        self.conn = sqlite3.connect(scratch.path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")
        self.channel = f"floor-{turn.index}"
        row = game_values(turn.before, self.channel)
        columns = list(row)
        self.conn.execute(
            f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
            tuple(row.values()),
        )
        self.game_id = self.conn.execute(
            "SELECT id FROM games WHERE channel_id = ?", (self.channel,)
        ).fetchone()[0]
        self.action_json = json.dumps(turn.action, separators=(",", ":"), sort_keys=True)
        self.events_json = json.dumps(
            [e.model_dump(mode="json") for e in events],
            separators=(",", ":"),
            sort_keys=True,
        )
        self.state_text = json.dumps(new_state.model_dump(mode="json"), separators=(",", ":"),
                                     sort_keys=True)
        self.seq = 0

    def encode(self) -> None:
        encode_png(self.image, palette=self.palette)

    def commit(self) -> None:
        self.seq += 1
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        c.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('open', 'active')",
            (self.channel,),
        ).fetchone()
        c.execute(
            "INSERT INTO actions (game_id, seq, kind, actor_id, seat, action, events, "
            "irreversible, created_at) VALUES (?, ?, 'action', 'bob', 'uesugi', ?, ?, 0, "
            "'2026-01-01T00:00:00.000+00:00')",
            (self.game_id, self.seq, self.action_json, self.events_json),
        )
        c.execute(
            "UPDATE games SET state = ?, version = version + 1 WHERE id = ?",
            (self.state_text, self.game_id),
        )
        c.execute("COMMIT")

    def round_trip(self) -> None:
        self.model.model_validate_json(self.state_json).model_dump_json()

    def all(self) -> None:
        self.encode()
        self.commit()
        self.round_trip()


def _seat(turn: Turn) -> str:
    game = turn.before
    seats = [s for s, uid in game.seats.items() if uid == turn.caller.user_id]
    prompt = system(game.system).prompt(system(game.system).load_state(game.state))
    return prompt.seat if prompt.seat in seats else seats[0]


def measure(
    kind: str, service: GameService, scratch: Store, rounds: int = ROUNDS
) -> tuple[list[float], list[float], dict[str, float]]:
    """Time act() on `rounds` channels at the same position against the floors."""
    turn = typical_turn(kind)
    channels = [f"turn-{kind}-{i}" for i in range(rounds + 1)]
    seat_games(service.store, turn.before, channels)
    floors = Floors(turn, scratch)
    service.act(channels[-1], turn.caller, dict(turn.action))  # warm: fonts, sprites, caches

    def act(i: int) -> Any:
        return service.act(channels[i], turn.caller, dict(turn.action))

    timing = paired(act, lambda i: floors.all(), rounds)
    parts = {
        "encode": median(timed(floors.encode, 5)),
        "commit": median(timed(floors.commit, 5)),
        "round trip": median(timed(floors.round_trip, 5)),
    }
    return timing.a, timing.b, parts


def run() -> Report:
    """Measure one action of each common kind, then all together."""
    report = Report(NAME, TITLE)
    store = temp_store()
    scratch = temp_store("floor.db")
    service = GameService(store, render=render_png)
    acts: list[float] = []
    floors: list[float] = []
    for kind in KINDS:
        a, b, parts = measure(kind, service, scratch)
        acts += a
        floors += b
        report.notes.append(
            f"{kind}: act {ms(median(a))} vs floors {ms(median(b))} "
            f"({median([x / y for x, y in zip(a, b, strict=True)]):.2f}x; encode "
            f"{ms(parts['encode'])}, commit {ms(parts['commit'])}, "
            f"round trip {ms(parts['round trip'])})"
        )
    ratio = median([x / y for x, y in zip(acts, floors, strict=True)])
    report.figures.append(
        Figure(
            "act (validate, apply, commit, render, encode) vs sum of floors",
            ratio,
            "<= 1.3x",
            f"act {ms(median(acts))} vs floors {ms(median(floors))} "
            f"(medians of {len(acts)} turns: {', '.join(KINDS)})",
        )
    )
    return report
