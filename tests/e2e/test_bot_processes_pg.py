"""Four bot processes, one shard each, on ONE PostgreSQL database; one is killed and
restarted mid-run (issue 16's multi-process test).

Four real `BanneretBot` processes (shards 0/4 .. 3/4, `BANNERET_SHARDS`) serve the
guilds of the loopback Discord, which routes each guild's interactions to the process
of its shard. Players mark race games in every channel at once. On Discord a guild
lives on one shard, so two bot processes never receive the same guild's commands; the
other writers of a game are the ones a sharded deployment really has: a fifth process
running a GameService on the same channels (as tests/reliability/test_concurrency.py
does) and the schedulers of all four bots, which race to claim the reminders and
expiries of timed games as they fall due (`BANNERET_SCHEDULER_EVERY=1`). One bot is
killed with SIGKILL while its commands are in flight and started again; play goes on.

Then the run is counted from the database and from what the fake server received:
lost updates (an acknowledged mark missing from its game's state or log), duplicated
actions, reminders or expiries posted twice, and games failing `verify`. All must be 0.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from bot.timecontrol import TimeControl
from fakediscord import FakeChannel, FakeDiscord, InteractionResult, Message, shard_of
from rules.core.system import system
from tools.pgcluster import Cluster

from . import test_bot_support  # noqa: F401  # registers the race

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 4
PER_SHARD = 4  # guilds per shard: 16 channels, each with a race
TIMED_PER_SHARD = 2  # of them, races with a clock whose reminder and expiry fall due
MARKS = 2  # marks per stream per channel in each wave (two waves)
STREAMS = ("a", "b")  # two streams of marks per channel at once (the seat to act's player:
# on Discord an action command acts for the caller's seat, and only Red is to act)
KILLED = 1  # the shard whose process is killed
REFUSAL = 0xC0392B  # the colour of a refusal's embed
INVITE = "Accept the invitation"

BOT = r"""
import logging, sys
from bot.app import make_service
from bot.config import Settings
from bot.discord.client import run_bot
from rules.core.system import register
from tests.race.engine import SYSTEM
register(SYSTEM)
logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                    format="%(levelname)s %(name)s: %(message)s")
settings = Settings(_env_file=None)
sys.exit(run_bot(settings, make_service(settings.db)))
"""

# The fifth process: marks every channel's game through its own GameService until told
# to stop, printing each acknowledged mark.
WRITER = r"""
import itertools, sys, threading, time
from bot.service.gameservice import GameService
from bot.store.location import open_store
from bot.service.context import Caller
from rules.core.system import register
from tests.race.engine import SYSTEM
register(SYSTEM)
url, user, channels = sys.argv[1], sys.argv[2], sys.argv[3:]
service = GameService(open_store(url))
caller = Caller(user_id=user, name="alice")
stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
print("ready", flush=True)
for n in itertools.count():
    for channel in channels:
        note = f"svc-{channel}-{n}"
        service.act(channel, caller, {"type": "mark", "note": note})
        print("ack", channel, note, flush=True)
        time.sleep(0.05)
    if stop.is_set():
        break
print("done", flush=True)
"""


class Bots:
    """The bot processes, one per shard, their output kept in files."""

    def __init__(self, fake: FakeDiscord, url: str, folder: Path) -> None:
        self.fake, self.url, self.folder = fake, url, folder
        self.procs: dict[int, subprocess.Popen[bytes]] = {}
        self.starts = itertools.count()
        self.logs: list[Path] = []

    def start(self, shard: int) -> None:
        env = dict(os.environ)
        env.update(
            DISCORD_TOKEN=self.fake.token, BANNERET_DB=self.url,
            BANNERET_API_BASE=self.fake.base_url, BANNERET_GATEWAY_URL=self.fake.gateway_url,
            BANNERET_SHARDS=f"{shard}/{SHARDS}", BANNERET_IDENTIFY_GAP="0",
            BANNERET_SCHEDULER_EVERY="1", BANNERET_LOG_LEVEL="WARNING",
        )
        env.pop("DISCORD_DEV_GUILD", None)
        log = self.folder / f"bot-{shard}-{next(self.starts)}.log"
        self.logs.append(log)
        with log.open("wb") as out:
            self.procs[shard] = subprocess.Popen([sys.executable, "-c", BOT], cwd=ROOT,
                                                 env=env, stdout=out, stderr=out)

    async def serving(self, shards: set[int], timeout: float = 90.0) -> None:
        """Wait until a live gateway session serves each of `shards`."""
        def up() -> bool:
            live = {s.shard[0] for s in self.fake._live_sessions()}
            return shards <= live
        await self.fake.wait_for(up, timeout=timeout, what=f"shards {sorted(shards)} online")

    def kill(self, shard: int) -> None:
        proc = self.procs[shard]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    def stop_all(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def errors(self) -> list[str]:
        """Return the ERROR lines and tracebacks the bots logged."""
        return [line for log in self.logs
                for line in log.read_text(encoding="utf-8", errors="replace").splitlines()
                if line.startswith(("ERROR", "CRITICAL", "Traceback"))]


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    """A loopback Discord with four shards and PER_SHARD guilds on each.

    The machine this runs on is small and shared (four bots, a writer and other test
    workers on two cores), so the fake waits up to 30 s for a first answer instead of
    Discord's 3 s: what is checked here is the store, not the bot's speed. A deferred
    answer may take up to 120 s (at a load of 15 on the two cores, 45 s was once too
    short for a /game new to complete while the killed shard's games moved over).
    """
    async with FakeDiscord(shard_count=SHARDS, response_deadline=30.0, timeout=120.0,
                           quiet=0.25) as fake:
        for n in itertools.count():
            counts = Counter(shard_of(g.id, SHARDS) for g in fake.guilds)
            if all(counts[s] >= PER_SHARD for s in range(SHARDS)):
                break
            fake.create_guild(f"guild {n}")
        yield fake
    # The one kind of server error allowed: the killed bot's requests cut off mid-way.
    assert all("Connection lost" in e for e in fake.server_errors), fake.server_errors


def _channels(fake: FakeDiscord) -> dict[int, list[FakeChannel]]:
    """Return PER_SHARD guild channels per shard (the first TIMED_PER_SHARD get clocks)."""
    by_shard: dict[int, list[FakeChannel]] = {s: [] for s in range(SHARDS)}
    for guild in fake.guilds:
        shard = shard_of(guild.id, SHARDS)
        if len(by_shard[shard]) < PER_SHARD:
            by_shard[shard].append(guild.channel("general"))
    return by_shard


async def until(predicate: Callable[[], bool], timeout: float = 45.0) -> bool:
    """Wait for something the bot processes do (they run on their own, in real time);
    say whether it happened in time."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.1)
    return True


def _labels(message: Message) -> list[str]:
    return [c.get("label", "") for row in message.components for c in row["components"]]


def _started(store: GameStore, channel: FakeChannel) -> bool:
    with store.reading() as tx:
        game = tx.latest_game(str(channel.id))
    return game is not None and game.status == "active"


def _expired(store: GameStore, channel: FakeChannel) -> bool:
    with store.reading() as tx:
        game = tx.latest_game(str(channel.id))
        return game is not None and any(e.kind == "time_expired" for e in tx.log(game.id))


def _acknowledged(result: InteractionResult) -> bool:
    """Say whether the player saw the command done: an answer that is not a refusal
    (a slow command's "thinking…" placeholder, removed before its answer, is no answer)."""
    shown = [m for m in result.messages if not m.deleted and not m.loading]
    return bool(shown) and not any(m.embed is not None and m.embed.get("color") == REFUSAL
                                   for m in shown)


def _timed_games(url: str, channels: list[FakeChannel], alice: Caller, bob: Caller) -> None:
    """Start timed races an hour ago (a 1 h deadline, a reminder 30 min before it).

    Their reminder is due already, so the four schedulers race for it at once; their
    expiries (policy `remind`: the game goes on) fall due 12 to 26 s after each start,
    around the kill and the restart.
    """
    for n, channel in enumerate(channels):
        started = datetime.now(UTC) - timedelta(hours=1) + timedelta(seconds=12 + 2 * n)
        store = open_store(url, clock=FakeClock(started))
        try:
            service = GameService(store, seed_factory=lambda: "processes")
            service.new_game(str(channel.id), str(channel.guild.id), alice, "race", "short",
                             opponent=bob, time_control=TimeControl.parse("1h remind"))
            service.settings(str(channel.id), alice, remind="30m")  # before Bob sits down
            service.join(str(channel.id), bob)
        finally:
            store.close()


async def test_four_processes_one_killed_lose_nothing_and_repeat_nothing(
    sharded: FakeDiscord, pg_cluster: Cluster, tmp_path: Path
) -> None:
    fake = sharded
    name = f"procs{os.getpid()}"
    url = pg_cluster.database(name)
    reader = open_store(url)  # makes the schema once, before four processes open it
    by_shard = _channels(fake)
    channels = [c for s in range(SHARDS) for c in by_shard[s]]
    timed = [c for s in range(SHARDS) for c in by_shard[s][:TIMED_PER_SHARD]]
    alice_u, bob_u = fake.user("alice"), fake.user("bob")
    alice = Caller(user_id=str(alice_u.id), name="alice")
    bob = Caller(user_id=str(bob_u.id), name="bob")

    bots = Bots(fake, url, tmp_path)
    began = time.monotonic()
    phases: list[str] = []

    def phase(what: str) -> None:
        phases.append(f"{what} {time.monotonic() - began:.1f}s")

    writer: subprocess.Popen[str] | None = None
    results: list[tuple[FakeChannel, str, InteractionResult]] = []
    sent: list[tuple[FakeChannel, str]] = []
    try:
        for shard in range(SHARDS):
            bots.start(shard)
        await bots.serving(set(range(SHARDS)))
        phase("four bots online")

        # Untimed races started through Discord, all channels at once.
        async def start_race(channel: FakeChannel) -> None:
            await fake.slash(alice_u, channel, "game new", system="race", scenario="short",
                             opponent=bob_u)
            # The invitation (a loaded machine may post it after the answer seemed settled).
            def invitation() -> Message | None:
                return next((m for m in fake.messages_in(channel)
                             if m.public and INVITE in _labels(m)), None)
            assert await until(lambda: invitation() is not None), "no invitation"
            found = invitation()
            assert found is not None
            await fake.click(bob_u, found, label=INVITE)
            assert await until(lambda: _started(reader, channel)), "the race did not start"

        await asyncio.gather(asyncio.to_thread(_timed_games, url, timed, alice, bob),
                             *(start_race(c) for c in channels if c not in timed))
        phase("games started")

        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, url, alice.user_id, *(str(c.id) for c in channels)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        assert writer.stdout is not None
        line = ""
        while line.strip() != "ready":
            line = await asyncio.to_thread(writer.stdout.readline)
            assert line, "the writer ended before it was ready"

        async def marks(wave: int, channel: FakeChannel, stream: str) -> None:
            for n in range(MARKS):
                note = f"w{wave}-{stream}-{channel.id}-{n}"
                sent.append((channel, note))
                try:
                    result = await fake.slash(alice_u, channel, "race mark", note=note)
                except RuntimeError:  # no live session serves the guild: its bot is dead
                    return
                results.append((channel, note, result))

        # Wave 1: every channel at once; the bot of shard KILLED dies mid-wave.
        wave1 = {(c, stream): asyncio.create_task(marks(1, c, stream))
                 for c in channels for stream in STREAMS}
        doomed = by_shard[KILLED]
        await fake.wait_for(
            lambda: any(ch in doomed and r.response_type is not None
                        for ch, _, r in results)
            or any(i.channel in doomed and i.callback_type is not None
                   for i in fake.interactions if i.label == "/race mark"),
            timeout=45, what="a first answered mark on the doomed shard")
        bots.kill(KILLED)
        phase("killed")
        bots.start(KILLED)  # restarted at once: same shard, same database
        await asyncio.gather(*(t for (c, _), t in wave1.items() if c not in doomed))
        # The dead bot's commands in flight get no answer: never acknowledged.
        for (c, _), t in wave1.items():
            if c in doomed:
                t.cancel()
        await asyncio.gather(*wave1.values(), return_exceptions=True)
        await bots.serving({KILLED})
        phase("restarted")

        # Wave 2: the run goes on, in every guild, the restarted shard's too.
        await asyncio.gather(*(marks(2, c, stream) for c in channels for stream in STREAMS))
        phase("wave 2 done")

        # Let every timed game's expiry fall due and be claimed, then stop the writer.
        assert await until(lambda: all(_expired(reader, c) for c in timed)), "no expiry"
        # The claiming bot posts at once: give the last posts a moment to arrive.
        await until(lambda: all(any((m.content or "").startswith("⌛")
                                    for m in fake.messages_in(c)) for c in timed), 10)
        phase("expiries posted")
        assert writer.stdin is not None
        if writer.poll() is None:  # still writing (if not, its output says why)
            writer.stdin.write("stop\n")
            writer.stdin.flush()
        out, _ = await asyncio.to_thread(writer.communicate, timeout=60)
        assert writer.returncode == 0, out[-3000:]
        assert out.strip().endswith("done"), out
        writer_acks = [(line.split()[1], line.split()[2]) for line in out.splitlines()
                       if line.startswith("ack ")]
    finally:
        reader.close()
        bots.stop_all()
        if writer is not None and writer.poll() is None:
            writer.kill()
            writer.wait()

    # ------------------------------------------------------------ count
    acked: list[tuple[str, str]] = [(str(c.id), note) for c, note, r in results
                                    if _acknowledged(r)]
    acked += writer_acks
    store = open_store(url)
    try:
        service = GameService(store)
        marks_of: dict[str, list[str]] = {}
        logged_of: dict[str, list[str]] = {}
        expiries_of: dict[str, int] = {}
        with store.reading() as tx:
            for channel in channels:
                game = tx.latest_game(str(channel.id))
                assert game is not None, channel
                state = system(game.system).load_state(game.state)
                marks_of[str(channel.id)] = list(state.marks)
                log = tx.log(game.id)
                logged_of[str(channel.id)] = [e.action.get("note", "") for e in log
                                              if e.kind == "action"
                                              and e.action.get("type") == "mark"]
                expiries_of[str(channel.id)] = sum(e.kind == "time_expired" for e in log)
                assert [e.seq for e in log] == list(range(1, len(log) + 1))
        lost = sum(note not in marks_of[ch] or note not in logged_of[ch] for ch, note in acked)
        duplicated = sum(
            n - 1 for ch in marks_of for n in Counter(marks_of[ch]).values() if n > 1
        ) + sum(n - 1 for ch in logged_of for n in Counter(logged_of[ch]).values() if n > 1)
        # Each timed game had one reminder point (30 min) and one expiry due in the run.
        posted: Counter[tuple[int, str]] = Counter()
        for channel in timed:
            for message in fake.messages_in(channel):
                text = message.content or ""
                if text.startswith(("⏰", "⌛")):
                    posted[(channel.id, text[0])] += 1
        twice = sum(n - 1 for n in posted.values() if n > 1)
        reminders = sum(n for (_, kind), n in posted.items() if kind == "⏰")
        expiries = sum(n for (_, kind), n in posted.items() if kind == "⌛")
        failed = [m for _, ok, m in service.verify_all() if not ok]
    finally:
        store.close()
        pg_cluster.drop(name)

    print(f"\nprocesses: {SHARDS} bots + 1 writer; channels: {len(channels)} "
          f"({len(timed)} timed); marks sent by players: {len(sent)}, acknowledged: "
          f"{len(acked) - len(writer_acks)} (the rest were in flight to the killed bot); "
          f"writer's marks: {len(writer_acks)}; "
          f"lost updates: {lost}; duplicated actions: {duplicated}; "
          f"reminders posted: {reminders}, expiries posted: {expiries}; "
          f"reminders or expiries sent twice: {twice}; games failing verify: {len(failed)}\n"
          f"timeline: {', '.join(phases)}")
    assert lost == 0
    assert duplicated == 0
    assert twice == 0
    assert failed == []
    # The run did what it claims: only the killed bot's commands went unanswered, the
    # restarted bot answered its share of wave 2, and the writer wrote throughout.
    assert all(_acknowledged(r) for c, note, r in results
               if note.startswith("w2-") or c not in doomed), "a mark was not answered"
    assert len([n for _, n, _ in results if n.startswith("w2-")]) == len(channels) * len(
        STREAMS) * MARKS
    assert writer_acks
    # Every game's expiry was claimed once (its log) and posted at most once; one claimed
    # by the killed bot in the instant before it died waits in the outbox for its
    # two-minute lease to run out, longer than this test runs, and is then posted by
    # another process (tests/e2e/test_bot_clocks.py and tests/bot/test_clocks.py show it).
    # A reminder is posted at most once, and may be skipped: a scheduler claims a game
    # only if nobody wrote it since it read it, so a game written all the time (as here)
    # can reach its expiry before a claim succeeds, and a reminder past its expiry is
    # not sent.
    assert all(posted[(c.id, "⌛")] <= 1 and posted[(c.id, "⏰")] <= 1 for c in timed), posted
    assert expiries >= len(timed) - 1, posted
    assert reminders >= 1, "no reminder was posted: the schedulers never raced for one"
    assert all(expiries_of[str(c.id)] == 1 for c in timed), expiries_of
    assert bots.errors() == []


async def test_the_scheduler_checks_as_often_as_the_setting_says(tmp_path: Path) -> None:
    """`BANNERET_SCHEDULER_EVERY` sets the seconds between checks (a minute by default)."""
    from bot.config import Settings
    from bot.discord.client import BanneretBot
    from bot.discord.notices import Scheduled

    service = GameService(open_store(str(tmp_path / "games.db")))
    try:
        for env, seconds in (({}, 60.0), ({"BANNERET_SCHEDULER_EVERY": "2.5"}, 2.5)):
            settings = Settings(_env_file=None, **env)  # type: ignore[call-arg]
            cog = Scheduled(BanneretBot(service, settings))
            try:
                assert cog.check.seconds + 60 * cog.check.minutes == seconds
            finally:
                cog.check.cancel()
        with pytest.raises(ValueError, match="BANNERET_SCHEDULER_EVERY|greater than 0"):
            Settings(_env_file=None, BANNERET_SCHEDULER_EVERY="0")  # type: ignore[call-arg]
    finally:
        service.store.close()
