"""PostgreSQL: the same real turns on PostgreSQL and SQLite, 1/2/4 bot processes, a big log.

A throwaway server (tools/pgcluster.py) runs durable, as a real one: fsync on, on the
same disk as the SQLite files it is compared with. Against it:

1. Turn cost. Every action of the Samurai demo and of a first 40k battle round, in the
   order it was played, each on its own position laid down in its own channel in both
   stores; each pair (PostgreSQL, SQLite) alternates which goes first. Once with the
   real renderer (what the player waits for), once with a renderer that draws nothing,
   so what is left is the store, the rules and the words: the store's part shows.
2. Throughput. 1, 2 and 4 bot processes (each its own PgStore and GameService,
   rendering as the bot does) play the Samurai demo in real order, each process in
   its own channels, for a few seconds; phases run 1, 2, 4, 4, 2, 1 so drift cancels.
   Then the store alone (renderer that draws nothing): 4 processes each moving a 40k
   unit in its own channel vs all 4 moving it in one channel, and 1 process. A global
   write lock would make "own channels" no faster than "one channel".
3. Log size. A 40k game with 50 real moves in a database holding 1 other log row vs
   one holding 1,000,000 (1,000 games of 1,000 rows, laid down with COPY, then
   ANALYZE, as autovacuum would), and a game at the end of 10,000 real moves in the
   big database vs the 50-move game there. Both logs are longer than the 40 entries a
   turn message words, so the wording is the same work on each side.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import statistics
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any

import psycopg

from bench.growth import long_game
from bench.positions import Turn, script_turns
from bench.tables import fill_log, seat_games, temp_store
from bench.timing import Figure, Paired, Report, median, ms, paired, timed
from bot.service.boards import Render
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.postgres import PgConnection, PgStore
from renderers import render_png
from rules.core.system import system
from tools.pgcluster import Cluster, missing_reason

NAME = "postgres"
TITLE = "PostgreSQL: turns vs SQLite, 1/2/4 bot processes, 1 vs 1,000,000 log rows"
SYSTEMS = ("samurai", "wh40k")
SECONDS = 3.0  # per throughput phase
PHASES = (1, 2, 4, 4, 2, 1)
LOCK_PHASES = ("own", "one", "solo", "solo", "one", "own")
BIG_GAMES, BIG_ROWS = 1_000, 1_000  # 1,000,000 log rows
SHORT, LONG = 50, 10_000
LOG_ROUNDS = 20


def draw_nothing(_picture: Any, *, lineage: Any = None) -> bytes:
    """A renderer that draws nothing, so a turn's time is the store, rules and words."""
    return b"\x89PNG"


# ----------------------------------------------------------------- 1. turn cost


def _statements(service: GameService, channel: str, turn: Turn) -> tuple[int, int]:
    """Play one turn on PostgreSQL; return how many statements it ran and in how many
    round trips to the server (a statement sent with the next one shares its trip; the
    BEGIN goes with the first statement, the COMMIT is a trip of its own)."""
    statements = trips = 0
    execute, send, commit = PgConnection.execute, PgConnection.send, psycopg.Connection.commit

    def counting(self: PgConnection, sql: str, parameters: Any = (), /) -> Any:
        nonlocal statements, trips
        statements, trips = statements + 1, trips + 1
        return execute(self, sql, parameters)

    def queued(self: PgConnection, sql: str, parameters: Any = (), /) -> None:
        nonlocal statements
        statements += 1
        send(self, sql, parameters)

    def committing(self: psycopg.Connection[Any]) -> None:
        nonlocal trips
        trips += self.info.transaction_status != psycopg.pq.TransactionStatus.IDLE
        commit(self)

    PgConnection.execute = counting  # type: ignore[method-assign]
    PgConnection.send = queued  # type: ignore[method-assign]
    psycopg.Connection.commit = committing  # type: ignore[method-assign]
    try:
        service.act(channel, turn.caller, dict(turn.action))
    finally:
        PgConnection.execute = execute  # type: ignore[method-assign]
        PgConnection.send = send  # type: ignore[method-assign]
        psycopg.Connection.commit = commit  # type: ignore[method-assign]
    return statements, trips


def _compare(cluster: Cluster, system_id: str, turns: tuple[Turn, ...],
             render: Render) -> tuple[Paired, tuple[int, int]]:
    """Play every turn on PostgreSQL and on SQLite, pair by pair; return the times and
    the statements and round trips of a mid-game turn on PostgreSQL."""
    kind = "full" if render is render_png else "bare"
    pg = PgStore(cluster.database(f"turn_{system_id}_{kind}"))
    lite = temp_store(f"turn-{system_id}-{kind}.db")
    services = [GameService(store, render=render) for store in (pg, lite)]
    channels = [f"{system_id}-{t.index}" for t in turns]
    for store in (pg, lite):
        for turn, channel in zip(turns, channels, strict=True):
            seat_games(store, turn.before, [channel])
        seat_games(store, turns[0].before, ["warm"])
    middle = turns[len(turns) // 2]
    seat_games(pg, middle.before, ["count"])
    for service in services:  # static layers and palettes, as a running bot has them
        service.act("warm", turns[0].caller, dict(turns[0].action))

    def act(service: GameService, i: int) -> object:
        return service.act(channels[i], turns[i].caller, dict(turns[i].action))

    timing = paired(lambda i: act(services[0], i), lambda i: act(services[1], i), len(turns))
    statements = _statements(services[0], "count", middle)
    pg.close()
    lite.close()
    return timing, statements


def _turn_cost(report: Report, cluster: Cluster) -> None:
    with psycopg.connect(cluster.url()) as conn:
        trips = sorted(timed(lambda: conn.execute("SELECT 1").fetchone(), 200))
    report.notes.append(f"one round trip to the server (SELECT 1): median {ms(median(trips))}, "
                        f"90th percentile {ms(trips[179])}, worst {ms(trips[-1])}")
    for system_id in SYSTEMS:
        turns = script_turns(system_id)
        assert turns
        for label, render, target in (
            ("turn", render_png, "<= 1.2x"),
            ("store's part (renderer draws nothing)", draw_nothing, "<= 1.5x"),
        ):
            timing, (statements, exchanges) = _compare(cluster, system_id, turns, render)
            ratios = sorted(a / b for a, b in zip(timing.a, timing.b, strict=True))
            p90 = ratios[round(0.9 * (len(ratios) - 1))]
            extra = statistics.median(x - y for x, y in zip(timing.a, timing.b, strict=True))
            report.figures.append(Figure(
                f"{system_id}: {label} on PostgreSQL vs SQLite, median", timing.ratio, target,
                f"{ms(timing.a_median)} vs {ms(timing.b_median)} (medians of {len(turns)} "
                f"turns in game order; 90th percentile {p90:.2f}x; "
                f"PostgreSQL adds {ms(extra)})"))
        report.notes.append(f"{system_id}: a mid-game turn runs {statements} statements on "
                            f"PostgreSQL in {exchanges} round trips to the server, its read's and "
                            "its write's BEGIN and COMMIT included")


# ----------------------------------------------------------------- 2. processes


@dataclass(frozen=True)
class Job:
    """What one worker plays in a phase: (channel, caller, action) in order, from
    `start` (time.time()) for `seconds`; `render` says whether it draws."""

    plays: list[tuple[str, Caller, dict[str, Any]]]
    start: float
    seconds: float
    render: bool


def _worker(url: str, warm: list[tuple[str, Caller, dict[str, Any]]], jobs: Queue[Any],
            done: Queue[Any]) -> None:
    """One bot process: its own store and services; play each job it is sent (a failure
    is sent back as its traceback, so the benchmark stops instead of waiting)."""
    try:
        _serve(url, warm, jobs, done)
    except BaseException:
        done.put(traceback.format_exc())
        raise


def _serve(url: str, warm: list[tuple[str, Caller, dict[str, Any]]], jobs: Queue[Any],
           done: Queue[Any]) -> None:
    store = PgStore(url)
    services = {True: GameService(store, render=render_png),
                False: GameService(store, render=draw_nothing)}
    for channel, caller, action in warm:
        services[True].act(channel, caller, dict(action))
    done.put("ready")
    while True:
        job: Job | None = jobs.get()
        if job is None:
            break
        service = services[job.render]
        time.sleep(max(0.0, job.start - time.time()))
        t0, cpu = time.perf_counter(), time.process_time()
        count = 0
        for channel, caller, action in job.plays:
            if time.perf_counter() - t0 >= job.seconds:
                break
            service.act(channel, caller, dict(action))
            count += 1
        done.put((count, time.perf_counter() - t0, count == len(job.plays),
                  time.process_time() - cpu))
    store.close()


@cache
def _wh40k_move() -> tuple[Turn, str]:
    turns = script_turns("wh40k")
    assert turns is not None
    turn = next(t for t in turns if t.action.get("type") == "move")
    sys = system("wh40k")
    seat = sys.prompt(sys.load_state(turn.before.state)).seat
    assert seat is not None
    return turn, seat


def _moves(channel: str, count: int) -> list[tuple[str, Caller, dict[str, Any]]]:
    """A 40k unit moved back and forth `count` times (always legal, always a write)."""
    turn, seat = _wh40k_move()
    return [(channel, turn.caller,
             {**turn.action, "seat": seat, "x": turn.action["x"] + 0.5 + i % 2})
            for i in range(count)]


def server_cpu(cluster: Cluster) -> float:
    """CPU seconds the server's processes (postmaster's children) have used so far."""
    pid = (cluster.root / "data" / "postmaster.pid").read_text().split()[0]
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if fields[1] == pid:  # ppid; then utime, stime at 11, 12 (after the name)
            total += int(fields[11]) + int(fields[12])
    return total / tick


@dataclass
class Phase:
    """What one phase of the throughput runs measured."""

    rate: float  # turns per second, all processes together
    ran_out: bool
    bots: float  # cores the bot processes used
    server: float  # cores the server's processes used


class Workers:
    """Four bot processes kept running between phases (idle ones take no CPU)."""

    def __init__(self, cluster: Cluster, store: PgStore, count: int) -> None:
        self.cluster = cluster
        self.store = store
        self.turns = script_turns("samurai") or ()
        context = multiprocessing.get_context("spawn")
        self.done: Queue[Any] = context.Queue()
        self.jobs: list[Queue[Any]] = [context.Queue() for _ in range(count)]
        self.phase = 0
        self.processes = []
        for w in range(count):
            warm = [f"warm-{w}-{t.index}" for t in self.turns[:8]]
            for turn, channel in zip(self.turns, warm, strict=False):
                seat_games(store, turn.before, [channel])
            plays = [(c, t.caller, t.action) for t, c in zip(self.turns, warm, strict=False)]
            seat_games(store, _wh40k_move()[0].before, [f"warm-move-{w}"])
            plays += _moves(f"warm-move-{w}", 2)
            process = context.Process(target=_worker,
                                      args=(store.url, plays, self.jobs[w], self.done))
            process.start()
            self.processes.append(process)
        for _ in range(count):
            self._answer()

    def _answer(self) -> Any:
        """The next worker's answer; a worker's failure stops the benchmark."""
        answer = self.done.get(timeout=300)
        if isinstance(answer, str) and answer != "ready":
            self.stop()
            raise RuntimeError(f"a bot process failed:\n{answer}")
        return answer

    def demo(self, processes: int) -> Phase:
        """Each of `processes` plays the Samurai demo in its own channels; turns/s."""
        self.phase += 1
        plays = []
        for w in range(processes):
            channels = [f"demo-{self.phase}-{w}-{t.index}" for t in self.turns]
            for turn, channel in zip(self.turns, channels, strict=True):
                seat_games(self.store, turn.before, [channel])
            plays.append([(c, t.caller, t.action)
                          for t, c in zip(self.turns, channels, strict=True)])
        return self._run(plays, render=True)

    def moves(self, processes: int, one_channel: bool) -> Phase:
        """Each of `processes` moves a 40k unit back and forth, in its own channel or
        all in one; the renderer draws nothing. Turns/s."""
        self.phase += 1
        turn, _seat = _wh40k_move()
        names = [f"moves-{self.phase}-{0 if one_channel else w}" for w in range(processes)]
        seat_games(self.store, turn.before, sorted(set(names)))
        return self._run([_moves(name, 2000) for name in names], render=False)

    def _run(self, plays: list[list[tuple[str, Caller, dict[str, Any]]]],
             render: bool) -> Phase:
        start = time.time() + 0.3
        for w, mine in enumerate(plays):
            self.jobs[w].put(Job(mine, start, SECONDS, render))
        server = server_cpu(self.cluster)
        results = [self._answer() for _ in plays]
        server = server_cpu(self.cluster) - server
        wall = max(spent for _, spent, _, _ in results)
        return Phase(rate=sum(count / spent for count, spent, _, _ in results),
                     ran_out=any(ran_out for _, _, ran_out, _ in results),
                     bots=sum(cpu for *_, cpu in results) / wall, server=server / wall)

    def stop(self) -> None:
        """End the worker processes."""
        for queue in self.jobs:
            queue.put(None)
        for process in self.processes:
            process.join(timeout=60)
            if process.is_alive():
                process.terminate()


def _mean(phases: dict[Any, list[Phase]], key: Any) -> float:
    return statistics.mean(p.rate for p in phases[key])


def _cpu_per_turn(phases: dict[Any, list[Phase]], key: Any) -> float:
    """CPU seconds (bot processes and server) per turn, over the phases of that key."""
    return statistics.mean((p.bots + p.server) / p.rate for p in phases[key])


def _cores(phases: dict[Any, list[Phase]]) -> str:
    return "; ".join(
        f"{key}: " + ", ".join(f"{p.rate:.1f}/s on {p.bots:.2f}+{p.server:.2f}" for p in found)
        for key, found in phases.items())


def _throughput(report: Report, cluster: Cluster) -> None:
    store = PgStore(cluster.database("processes"))
    workers = Workers(cluster, store, max(*PHASES, 4))
    try:
        rates: dict[int, list[Phase]] = {n: [] for n in PHASES}
        for n in PHASES:
            rates[n].append(workers.demo(n))
        lock: dict[str, list[Phase]] = {kind: [] for kind in LOCK_PHASES}
        for kind in LOCK_PHASES:
            lock[kind].append(workers.moves(1 if kind == "solo" else 4, kind == "one"))
    finally:
        workers.stop()
        store.close()
    one, two, four = (_mean(rates, n) for n in (1, 2, 4))
    report.figures.append(Figure(
        "2 bot processes vs 1 on one PostgreSQL, real Samurai turns, own channels",
        two / one, ">= 1.5x", f"{two:.1f} vs {one:.1f} turns/s"))
    report.figures.append(Figure(
        "4 bot processes vs 1 (on 2 cores: as many as 2, not fewer)", four / one, ">= 1.5x",
        f"{four:.1f} vs {one:.1f} turns/s; 4 vs 2: {four / two:.2f}x"))
    cpu = {n: _cpu_per_turn(rates, n) for n in (1, 2, 4)}
    report.figures.append(Figure(
        "CPU per turn (bot processes + server) at 4 processes vs 1", cpu[4] / cpu[1],
        "<= 1.1x", f"{ms(cpu[4])} vs {ms(cpu[1])}; 2 processes {ms(cpu[2])}"))
    own, single, solo = (_mean(lock, k) for k in ("own", "one", "solo"))
    report.figures.append(Figure(
        "store's part: 4 processes each on its own channel vs all 4 on one channel",
        own / single, ">= 1.5x",
        f"{own:.1f} vs {single:.1f} turns/s (40k moves, renderer draws nothing); "
        f"1 process: {solo:.1f} turns/s, so own channels {own / solo:.2f}x and one "
        f"channel {single / solo:.2f}x of it"))
    report.notes.append("each phase, processes: turns/s on the cores used by the bot "
                        f"processes + the server: {_cores(rates)}")
    report.notes.append(f"the same for the store's part: {_cores(lock)}")
    if any(p.ran_out for found in (*rates.values(), *lock.values()) for p in found):
        report.notes.append("a process played every turn it was given before its phase "
                            "ended: the throughput above is understated")


# ----------------------------------------------------------------- 3. log size


def _log_size(report: Report, cluster: Cluster) -> None:
    stores = [PgStore(cluster.database(f"log_{name}")) for name in ("big", "small")]
    big, small = stores
    filler = seat_games(big, _wh40k_move()[0].before,
                        [f"old-{i}" for i in range(BIG_GAMES)])
    t0 = time.perf_counter()
    fill_log(big, filler, BIG_ROWS)
    laid = time.perf_counter() - t0
    [lone] = seat_games(small, _wh40k_move()[0].before, ["old-0"])
    fill_log(small, [lone], 1)
    long_game(big, "long", LONG)
    for store in stores:
        long_game(store, "short", SHORT)
    for store in stores:
        with store.pool.connection() as conn:
            conn.autocommit = True
            conn.execute("ANALYZE")
            conn.autocommit = False
    with big.reading() as tx:
        rows = tx.conn.execute("SELECT count(*) FROM actions").fetchone()
    assert rows is not None
    services = [GameService(store, render=draw_nothing) for store in stores]
    _turn, seat = _wh40k_move()
    plays: dict[str, Callable[[int], object]] = {}
    for name, service in (("big", services[0]), ("small", services[1])):
        for channel in ("short", "long") if name == "big" else ("short",):
            def play(i: int, service: GameService = service, channel: str = channel) -> object:
                [(where, caller, action)] = _moves(channel, 1)
                action["x"] += i % 2
                return service.act(where, caller, action)
            play(1)
            plays[f"{name}-{channel}"] = play
    timing = paired(plays["big-short"], plays["small-short"], LOG_ROUNDS)
    report.figures.append(Figure(
        f"store's part of a turn with {rows[0]:,} log rows stored vs 1 (PostgreSQL)",
        timing.ratio, "<= 1.1x",
        f"{ms(timing.a_median)} vs {ms(timing.b_median)} (medians of {LOG_ROUNDS}; "
        f"{BIG_GAMES:,} x {BIG_ROWS:,} rows laid down with COPY in {laid:.1f} s)"))
    timing = paired(plays["big-long"], plays["big-short"], LOG_ROUNDS)
    report.figures.append(Figure(
        f"store's part of a turn at action {LONG:,} vs {SHORT} (PostgreSQL, big database)",
        timing.ratio, "<= 1.1x",
        f"{ms(timing.a_median)} vs {ms(timing.b_median)} (medians of {LOG_ROUNDS})"))
    for store in stores:
        store.close()


def run() -> Report:
    """Start a durable throwaway server and time the three things against it."""
    report = Report(NAME, TITLE)
    reason = missing_reason()
    if reason is not None:
        report.notes.append(f"not run: {reason}")
        return report
    folder = Path(tempfile.mkdtemp(prefix="banneret-pgbench-"))
    cluster = Cluster.start(folder, durable=True)
    loads = [os.getloadavg()[0]]
    try:
        for part in (_turn_cost, _throughput, _log_size):
            part(report, cluster)
            loads.append(os.getloadavg()[0])
        report.notes.append(
            f"load average (1 min) at the start and after each part: "
            f"{', '.join(f'{x:.1f}' for x in loads)} on {os.cpu_count()} cores")
    finally:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return report
