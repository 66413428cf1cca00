"""Contention: a player's turn while hostile uploads or the deadline scan keep the bot busy.

Two things once froze every channel: a roster file of dotted keys that took the TOML
parser seconds inside the write transaction, and the deadline scan that held the
write lock over all 10,000 overdue games (now the scheduler, bot/service/scheduler.py, which
claims due clocks in short batches). Here the same Samurai turn is timed alone
and while, in other threads, five players upload hostile rosters (the 48 KB dotted-key
bomb, and the costliest file the upload budgets still let through), or while the
deadline scan works through 10,000 overdue games. The floor is the turn alone, on the
same data, in the same run, plus (for uploads) the CPU the five uploads need, since one
interpreter runs one thread at a time; figures are medians of paired rounds.
The longest the scan holds the write lock is measured on the store itself, over the
scan's own write transactions (its thread's); the turns' writes meanwhile are noted.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.positions import typical_turn
from bench.tables import seat_games, temp_store
from bench.timing import Figure, Report, median, ms, paired
from bot.errors import PlayerError
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from renderers import render_png

NAME = "contention"
TITLE = "Contention: a turn while hostile uploads or the deadline scan run"
ROUNDS = 20
SCAN_ROUNDS = 5  # each scans all 10,000 games (about 5 s)
OVERDUE = 10_000
BOMB = "a" + ".a" * 24_000 + " = 1\n"
# The costliest roster the budgets let through (rules/wh40k/roster.py): as many keys of
# the most dots a line may have as the size allows.
WORST = "".join(f"k{i}" + ".a" * 7 + " = 1\n" for i in range(900))[: 16 * 1024 - 16]
ALICE, BOB = Caller("1001", "alice"), Caller("1002", "bob")


def _uploaders(service: GameService) -> list[str]:
    """Five 40k games in set-up, one per hostile player."""
    channels = [f"hostile-{i}" for i in range(5)]
    for channel in channels:
        service.new_game(channel, "g", ALICE, "wh40k", "take-and-hold", opponent=BOB)
        service.join(channel, BOB)
    return channels


def _upload(service: GameService, channel: str, text: str) -> float:
    """Send one roster; return the CPU seconds this thread spent on it."""
    start = time.thread_time()
    try:
        service.act(channel, ALICE, {"type": "roster", "text": text})
    except PlayerError:
        pass  # refused, as it should be
    return time.thread_time() - start


def _while(work: Callable[[], object], turn: Callable[[], object]) -> float:
    """Time `turn` while `work` runs in another thread that starts just before it."""
    thread = threading.Thread(target=work)
    thread.start()
    t0 = time.perf_counter()
    turn()
    elapsed = time.perf_counter() - t0
    thread.join()
    return elapsed


def _bombs(report: Report, service: GameService, channels: list[str],
           turn: Callable[[int], object]) -> None:
    for label, text in (("the 48 KB dotted-key bomb", BOMB),
                        ("the costliest roster the budgets allow", WORST)):
        cpu = [_upload(service, channels[0], text) for _ in range(5)]

        def five(text: str = text) -> None:
            workers = [threading.Thread(target=_upload, args=(service, c, text))
                       for c in channels]
            for w in workers:
                w.start()
            for w in workers:
                w.join()

        result = paired(lambda i: _while(five, lambda: turn(i)), turn, ROUNDS)
        # One interpreter runs one thread at a time: the least a turn can take beside
        # five uploads is its own time plus theirs. More than that would be blocking.
        floor = result.b_median + 5 * median(cpu)
        report.figures.append(Figure(
            f"a turn while five players upload {label}, vs alone plus the uploads' CPU",
            result.a_median / floor, "<= 1.2x",
            f"{ms(result.a_median)} vs {ms(result.b_median)} alone ({result.ratio:.2f}x); "
            f"each upload costs {ms(median(cpu))} of CPU",
        ))


@contextmanager
def _lock_times(store: Store, held: list[float], others: list[float]) -> Iterator[None]:
    """Record how long each write transaction of `store` keeps the lock: those the scan
    makes (in its own thread) in `held`, the turns' (this thread) in `others`."""
    real = Store.transaction
    here = threading.get_ident()

    @contextmanager
    def timed(self: Store) -> Iterator[Any]:
        with real(self) as tx:
            t0 = time.perf_counter()  # from the moment the lock is held to its commit
            yield tx
        if self is store:
            (others if threading.get_ident() == here else held).append(
                time.perf_counter() - t0)

    Store.transaction = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        Store.transaction = real  # type: ignore[method-assign]


def _scan(report: Report) -> None:
    turn = typical_turn("move")
    store = temp_store("deadlines.db")
    service = GameService(store, render=render_png)
    late = (datetime.now(UTC) - timedelta(hours=48)).isoformat(timespec="milliseconds")
    # Games whose 24 h deadline (the older setting) ran out while the bot was down.
    due = replace(turn.before, settings={"deadline_hours": 24}, updated_at=late,
                  pending={}, clock={}, due_at=late)
    seat_games(store, due, [f"due-{i}" for i in range(OVERDUE)])
    channels = [f"play-{i}" for i in range(2 * SCAN_ROUNDS + 2)]
    seat_games(store, turn.before, channels)

    def play(i: int) -> object:
        return service.act(channels[i], turn.caller, dict(turn.action))

    play(len(channels) - 1)  # warm the caches
    held: list[float] = []
    turns: list[float] = []
    scans: list[float] = []
    alone: list[float] = []
    during: list[float] = []
    with _lock_times(store, held, turns):
        for i in range(SCAN_ROUNDS):
            t0 = time.perf_counter()
            play(2 * i)
            alone.append(time.perf_counter() - t0)
            # Each round scans a fresh batch of due games: clear the marks first.
            store._connection().execute(
                "UPDATE games SET clock = '{}', due_at = updated_at "
                "WHERE channel_id LIKE 'due-%'")

            def scan() -> None:
                t = time.perf_counter()
                service.scheduler.due()
                scans.append(time.perf_counter() - t)

            during.append(_while(scan, functools.partial(play, 2 * i + 1)))
    ratio = median([d / a for d, a in zip(during, alone, strict=True)])
    report.figures.append(Figure(
        f"a turn while the deadline scan runs over {OVERDUE:,} overdue games, vs alone",
        ratio, "<= 3x",
        f"{ms(median(during))} vs {ms(median(alone))}; a whole scan takes "
        f"{ms(median(scans))}",
    ))
    report.figures.append(Figure(
        "the longest the scan holds the write lock", max(held) * 1000, "<= 50 ms",
        f"({len(held)} transactions)", unit="ms",
    ))
    report.notes.append(f"the longest a turn's own write held the lock meanwhile: "
                        f"{ms(max(turns))} ({len(turns)} turns)")


def run() -> Report:
    """Time a turn alone and beside hostile uploads and the deadline scan."""
    report = Report(NAME, TITLE)
    turn = typical_turn("move")
    store = temp_store("contention.db")
    service = GameService(store, render=render_png)
    channels = [f"turn-{i}" for i in range(4 * ROUNDS + 2)]
    seat_games(store, turn.before, channels)
    counter = iter(range(len(channels)))

    def play(_: int) -> object:
        return service.act(channels[next(counter)], turn.caller, dict(turn.action))

    play(0)  # warm the caches
    _bombs(report, service, _uploaders(service), play)
    _scan(report)
    return report
