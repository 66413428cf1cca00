"""League start: a 1,000-player round robin beside other commands; a 5,000-player Swiss league.

Issue 28 found a 1,000-player round robin's `/league start` holding the write lock for
16 s (its 499,500 fixtures in one transaction) while every game on the bot waited, and a
Swiss league of about 1,000 players unable to start at all. Here a 1,000-player round
robin starts in one thread while another plays ordinary commands (a Samurai turn, a
player joining another league), one after another, for as long as the start runs. Each
write transaction is timed on the store itself: from the moment a command asks for the
write lock to the moment it has it (the other commands' waits), and from then to its
commit (how long the start holds it). The same start writing the whole season in one
transaction (as before) is measured alike, for the ratio.

Then a 5,000-player Swiss league of three rounds: its start (round 1 paired), each
round's last result (which pairs the next round, or ends the league) and the whole,
results other than each round's last settled straight in the store, untimed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bench.positions import typical_turn
from bench.tables import seat_games, temp_store
from bench.timing import Figure, Report, ms
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.service.leagues import rounds
from bot.store.faults import StoreError
from bot.store.sqlite import Store
from renderers import render_png

NAME = "leaguestart"
TITLE = "League start: a 1,000-player round robin beside other commands; 5,000-player Swiss"
ROUND_ROBIN = 1_000
SWISS = 5_000
REFEREE = Caller("900", "referee")
SYSTEM = "bushido"  # keeps no score: a referee's verdict is who won


def _crowd(service: GameService, name: str, count: int, **options: Any) -> None:
    """Create a league and put `count` players in it in one write (joining is not timed)."""
    service.leagues.create("g1", REFEREE, name, channel_id="lc", system_id=SYSTEM, **options)
    with service.store.transaction() as tx:
        league = tx.league_season("g1", name)
        assert league is not None
        for i in range(count):
            tx.join_league(league.id, str(100_000 + i), f"Player {i}")


@contextmanager
def _timed(store: Store, seen: list[tuple[int, float, float]]) -> Iterator[None]:
    """Record (thread, wait for the lock, hold of it) for each write transaction of `store`."""
    real = Store.transaction

    @contextmanager
    def timed(self: Store) -> Iterator[Any]:
        asked = time.perf_counter()
        with real(self) as tx:
            got = time.perf_counter()
            yield tx
        if self is store:
            seen.append((threading.get_ident(), got - asked, time.perf_counter() - got))

    Store.transaction = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        Store.transaction = real  # type: ignore[method-assign]


def _start_beside_turns(batch: int) -> tuple[float, float, float, int]:
    """Start a round robin of ROUND_ROBIN players (writing `batch` fixtures at most at once)
    while this thread plays turns; return the longest wait of a turn for the write lock, the
    longest hold by the start, the start's time and how many turns were played."""
    store = temp_store("leaguestart.db")
    service = GameService(store, render=render_png)
    turn = typical_turn("move")
    channels = [f"turn-{i}" for i in range(2_000)]
    seat_games(store, turn.before, channels)
    _crowd(service, "Marathon", ROUND_ROBIN)
    _crowd(service, "Side", 0)
    service.act(channels[-1], turn.caller, dict(turn.action))  # warm the caches
    seen: list[tuple[int, float, float]] = []
    took: list[float] = []
    real_batch = rounds.WRITE_BATCH
    rounds.WRITE_BATCH = batch
    try:
        with _timed(store, seen):
            def start() -> None:
                t0 = time.perf_counter()
                service.leagues.start("g1", REFEREE, "Marathon")
                took.append(time.perf_counter() - t0)

            starter = threading.Thread(target=start)
            starter.start()
            played = 0
            while starter.is_alive() and played < len(channels) - 1:
                asked = time.perf_counter()
                try:  # a turn, and a player joining another league: two ordinary writes
                    service.act(channels[played], turn.caller, dict(turn.action))
                    service.leagues.join("g1", Caller(str(played), f"p{played}"), "Side")
                except StoreError:  # gave up waiting for the lock (WRITE_WAIT)
                    seen.append((threading.get_ident(), time.perf_counter() - asked, 0.0))
                played += 1
            starter.join()
    finally:
        rounds.WRITE_BATCH = real_batch
        store.close()
    here = threading.get_ident()
    waits = [wait for who, wait, _ in seen if who == here]
    holds = [hold for who, _, hold in seen if who != here]
    return max(waits, default=0.0), max(holds), took[0] if took else 0.0, played


def _round_robin(report: Report) -> None:
    wait, hold, took, played = _start_beside_turns(rounds.WRITE_BATCH)
    whole_wait, whole_hold, whole_took, whole_played = _start_beside_turns(10**9)
    report.figures.append(Figure(
        f"the longest another command waited for the write lock while a {ROUND_ROBIN:,}-player "
        "round robin started", wait * 1000, "<= 200 ms",
        f"({played} turns and joins meanwhile; the start held the lock {ms(hold)} at most, "
        f"took {ms(took)})", unit="ms"))
    report.figures.append(Figure(
        "that wait vs the whole season written in one transaction (as before)",
        wait / whole_wait if whole_wait else 0.0, "<= 0.1x",
        f"{ms(wait)} vs {ms(whole_wait)} (held {ms(whole_hold)}, start {ms(whole_took)}, "
        f"{whole_played} turns and joins meanwhile)"))


def _settle_round(service: GameService, name: str) -> int:
    """Settle all open fixtures of the lowest open round but one (home wins), untimed;
    return the id of the one left."""
    with service.store.transaction() as tx:
        league = tx.league_season("g1", name)
        assert league is not None
        waiting = [f for f in tx.fixtures(league.id) if f.status == "pending"]
        lowest = min(f.round for f in waiting)
        waiting = [f for f in waiting if f.round == lowest]
        for f in waiting[:-1]:
            tx.update_fixture(f, status="done", winner=f.home, settled_by="referee",
                              settled_at=tx.now())
    return waiting[-1].id


def _swiss(report: Report) -> None:
    store = temp_store("swiss.db")
    service = GameService(store, render=render_png)
    _crowd(service, "Five", SWISS, format_="swiss", rounds=3)
    t0 = time.perf_counter()
    service.leagues.start("g1", REFEREE, "Five")
    start = time.perf_counter() - t0
    steps: list[float] = []
    for _ in range(3):
        last = _settle_round(service, "Five")
        t = time.perf_counter()
        reply = service.leagues.resolve("g1", REFEREE, "Five", last, result="home")
        steps.append(time.perf_counter() - t)
    with store.reading() as tx:
        league = tx.league_season("g1", "Five")
        assert league is not None and league.status == "finished", reply.lines
    store.close()
    report.figures.append(Figure(
        f"a {SWISS:,}-player Swiss league's start (round 1 paired)", start * 1000,
        "<= 2000 ms", unit="ms"))
    report.figures.append(Figure(
        "the result that completes a round and pairs the next (rounds 2 and 3), the slower",
        max(steps[:2]) * 1000, "<= 3000 ms", f"({ms(steps[0])}, {ms(steps[1])})", unit="ms"))
    report.figures.append(Figure(
        "the last result, which ends the league", steps[2] * 1000, "<= 1000 ms", unit="ms"))
    report.notes.append(f"start, two pairings and the end: {ms(start + sum(steps))} in all "
                        "(the other results settled untimed)")


def run() -> Report:
    """Start a big round robin beside turns; start, pair and end a big Swiss league."""
    report = Report(NAME, TITLE)
    _round_robin(report)
    _swiss(report)
    return report
