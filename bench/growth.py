"""Growth: the same turn early in a short log, and deep in a long one.

The same Samurai action, from the same position, through GameService: once as
action 10 of a game in a small database, once as action 10,000 of a game in a
database whose action log holds a million rows (other games fill the rest). Big
logs are laid down with sqlite3 `executemany`. Nothing on the turn path should
read the log, so the two should take the same time; the service alone (no
drawing) is shown too, where a slip would show most.
"""

from __future__ import annotations

from dataclasses import replace

from bench.positions import typical_turn
from bench.tables import fill_log, seat_games, temp_store
from bench.timing import Figure, Report, ms, paired
from bot.service import GameService
from renderers import render_png

NAME = "growth"
TITLE = "Growth: action 10 vs action 10,000 with a million log rows"
ROUNDS = 30
MILLION = 1_000_000
DEEP = 10_000


def _stores(rounds: int) -> tuple[GameService, GameService, list[str], list[str]]:
    turn = typical_turn("move")
    small = temp_store("small.db")
    big = temp_store("big.db")
    early = [f"early-{i}" for i in range(2 * rounds + 1)]
    deep = [f"deep-{i}" for i in range(2 * rounds + 1)]
    fill_log(small, seat_games(small, turn.before, early), 9)
    deep_ids = seat_games(big, turn.before, deep)
    fill_log(big, deep_ids, DEEP - 1)
    others = -(-(MILLION - len(deep_ids) * (DEEP - 1)) // DEEP)
    finished = replace(turn.before, status="finished")
    filler = seat_games(big, finished, [f"filler-{i}" for i in range(others)])
    fill_log(big, filler, DEEP)
    return GameService(small), GameService(big), early, deep


def run() -> Report:
    """Time the same turn in the small and the big database, alternating."""
    report = Report(NAME, TITLE)
    turn = typical_turn("move")
    small, big, early, deep = _stores(ROUNDS)
    rows = big.store._connection().execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    for service in (small, big):
        service._render = render_png
        service.act((early if service is small else deep)[-1], turn.caller, dict(turn.action))

    def in_big(i: int) -> object:
        return big.act(deep[i], turn.caller, dict(turn.action))

    def in_small(i: int) -> object:
        return small.act(early[i], turn.caller, dict(turn.action))

    full = paired(in_big, in_small, ROUNDS)
    report.figures.append(
        Figure(
            f"turn at action {DEEP:,} ({rows:,} log rows) vs at action 10",
            full.ratio,
            "<= 1.1x",
            f"{ms(full.a_median)} vs {ms(full.b_median)} (medians of {ROUNDS} turns)",
        )
    )
    for service in (small, big):
        service._render = None

    def in_big_bare(i: int) -> object:
        return big.act(deep[ROUNDS + i], turn.caller, dict(turn.action))

    def in_small_bare(i: int) -> object:
        return small.act(early[ROUNDS + i], turn.caller, dict(turn.action))

    bare = paired(in_big_bare, in_small_bare, ROUNDS)
    report.figures.append(
        Figure(
            "the same, service only (no board drawn)",
            bare.ratio,
            "<= 1.1x",
            f"{ms(bare.a_median)} vs {ms(bare.b_median)} (medians of {ROUNDS} turns)",
        )
    )
    return report
