"""Run the real BanneretBot against bench/fakeserver.py in another process.

Shared by the `bot` and `loop` benchmarks. The bot gets one extra command, `/bare`,
a plain discord.py command that answers with the same PNG bytes as a board: the
floor any bot pays to post a picture. A probe task wakes every millisecond on the
bot's event loop and notes how late it was: the loop's stalls, phase by phase.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from PIL import Image

from bench.positions import demo_turns, typical_turn
from bench.tables import seat_games, temp_store
from bot.config import Settings
from bot.discord.client import BanneretBot, point_at
from bot.service.context import Table
from bot.service.gameservice import GameService
from bot.service.renderpool import RenderPool, close_renderer, renderer
from bot.service.rulesearch import warm
from bot.store.rows import GameRow
from renderers import render_png

ROOT = Path(__file__).resolve().parents[1]
PROBE_INTERVAL = 0.001


def cpu_split(server: int | None = None) -> tuple[float, float]:
    """Return the CPU time of this process, and that of its live children (the render
    workers) but not of the loopback Discord server's process (`server`, also a child):
    the bot's figures are the bot's work, and the server's share differs between bot and
    floor."""
    own = os.times()
    children = 0.0
    me = str(os.getpid())
    for stat in Path("/proc").glob("[0-9]*/stat"):
        if stat.parent.name == str(server):
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if fields[1] == me:  # ppid
                children += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own.user + own.system, children


MIB = 1024 * 1024


@dataclass(frozen=True)
class Memory:
    """A process's memory: resident (RSS), its proportional share (PSS) and what it alone
    holds (USS: its private pages), in bytes; PSS and USS are None where
    /proc/PID/smaps_rollup cannot be read."""

    pid: int
    rss: int
    pss: int | None = None
    uss: int | None = None

    def said(self) -> str:
        """Return the figures in MiB, as printed beside a benchmark's results."""
        out = f"RSS {self.rss / MIB:.1f}"
        if self.pss is not None and self.uss is not None:
            out += f", PSS {self.pss / MIB:.1f}, USS {self.uss / MIB:.1f}"
        return out + " MiB"


def memory_of(pid: int) -> Memory | None:
    """Return a process's memory from /proc (None once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return None
    kb = {k: int(v.split()[0]) * 1024 for k, _, v in
          (line.partition(":") for line in status.splitlines()) if v.strip().endswith("kB")}
    if "VmRSS" not in kb:
        return None
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text(encoding="ascii")
    except OSError:
        return Memory(pid, kb["VmRSS"])
    fields = {k: int(v.split()[0]) * 1024 for k, _, v in
              (line.partition(":") for line in rollup.splitlines()) if v.strip().endswith("kB")}
    private = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return Memory(pid, kb["VmRSS"], fields.get("Pss"), private)


def pool_moves(render: Any) -> int:
    """Return how many games a `RenderPool` has moved between its workers (0 for threads)."""
    return render.moves if isinstance(render, RenderPool) else 0


def workers_memory(render: Any) -> list[Memory]:
    """Return the memory of each render worker of a `RenderPool` (none for threads)."""
    if not isinstance(render, RenderPool):
        return []
    found = (memory_of(pid) for pid in render.pids())
    return [m for m in found if m is not None]


@dataclass
class Phase:
    """What the server measured for one phase, what the probe saw meanwhile, the CPU
    time the bot's process and its workers spent in it, and each render worker's memory
    at its end."""

    name: str
    figures: dict[str, Any] = field(default_factory=dict)
    lags: list[float] = field(default_factory=list)
    cpu: float = 0.0
    worker_cpu: float = 0.0  # the part of `cpu` spent in the render workers
    workers: list[Memory] = field(default_factory=list)
    moves: int = 0  # games the render pool sent to another worker than their last board's

    @property
    def largest_worker(self) -> Memory | None:
        """Return the render worker holding the most memory (by RSS) at the phase's end."""
        return max(self.workers, key=lambda m: m.rss, default=None)

    @property
    def stall_max(self) -> float:
        """Return the longest the loop could not run the probe (seconds)."""
        return max(self.lags, default=0.0)

    def stall_quantile(self, q: float) -> float:
        """Return a quantile of the probe's lateness (seconds)."""
        ordered = sorted(self.lags)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0

    def blocked_per_request(self, baseline: float = 0.0) -> float:
        """Return the loop's blocked time per request: the probe's lateness beyond
        `baseline` (its lateness on an idle loop, timer slack), summed (seconds)."""
        n = self.figures.get("n", 0)
        return sum(max(0.0, lag - baseline) for lag in self.lags) / n if n else 0.0


def _seated(row: GameRow, users: dict[str, str]) -> GameRow:
    """Return the row with its seats held by the fake server's users."""
    names = {"alice": users["alice"], "bob": users["bob"]}
    return replace(
        row,
        seats={s: names.get(u or "", u) for s, u in row.seats.items()},
        creator_id=names.get(row.creator_id, row.creator_id),
    )


def _bare_command(png: bytes) -> app_commands.Command[Any, Any, None]:
    async def bare(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Board", description="The same picture, nothing else.")
        embed.set_image(url="attachment://board.png")
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(png), filename="board.png")
        )

    return app_commands.Command(name="bare", description="Post a board PNG", callback=bare)


def demo_lines(limit: int) -> list[tuple[str, str, dict[str, Any]]]:
    """Return the demo's board-changing slash commands as (user, command, options)."""
    from bot.surface.dispatch import surface
    from bot.surface.options import coerce, split_options
    from rules.core.data import data_dir

    out: list[tuple[str, str, dict[str, Any]]] = []
    script = (data_dir() / "demo" / "samurai.txt").read_text(encoding="utf-8").splitlines()
    for line in script[4:]:  # after /game new and the invitation's button
        words = line.split(None, 3)
        if len(words) < 3 or not words[0].startswith("@") or not words[1].startswith("/"):
            continue
        path = f"{words[1][1:]} {words[2]}"
        if path == "game hand":
            continue
        options = coerce(surface().entries[path], split_options(words[3] if len(words) > 3 else ""))
        out.append((words[0][1:], path, options))
        if len(out) >= limit:
            break
    return out


async def session(plan: dict[str, Any]) -> list[Phase]:
    """Start the server process and the bot, run the plan, return each phase's figures."""
    text = json.dumps(plan)
    handed: Path | None = None
    if len(text) > 64_000:  # past what an argument may hold: hand it over in a file
        kept = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
        with kept:
            kept.write(text)
        handed = Path(kept.name)
        text = "@" + kept.name
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.fakeserver", text,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=str(ROOT),
    )
    assert proc.stdout is not None and proc.stdin is not None
    phases: list[Phase] = []
    bot: BanneretBot | None = None
    render: Any = None
    tasks: list[asyncio.Task[Any]] = []
    try:
        hello = json.loads(await asyncio.wait_for(proc.stdout.readline(), 30))
        bot, render = _bot(hello, plan)
        # The rules index the bot builds once at start-up (about a second of Python in a
        # thread, holding the GIL) is built before it connects: left to the bot, it was
        # still being built during the first phases on a busy machine, counted against
        # their turns (or the idle phase's baseline), which is start-up, not serving.
        await asyncio.to_thread(warm)
        current: list[Phase] = [Phase("setup")]

        async def probe() -> None:
            loop = asyncio.get_running_loop()
            last = loop.time()
            while True:
                await asyncio.sleep(PROBE_INTERVAL)
                now = loop.time()
                current[0].lags.append(max(0.0, now - last - PROBE_INTERVAL))
                last = now

        tasks.append(asyncio.create_task(bot.start(hello["token"])))
        tasks.append(asyncio.create_task(probe()))
        while True:
            line = await asyncio.wait_for(proc.stdout.readline(), plan["deadline"] + 30)
            if not line:
                raise RuntimeError("the fake Discord server stopped early")
            msg = json.loads(line)
            if msg["kind"] == "start":
                own, children = cpu_split(proc.pid)
                current[0] = Phase(msg["phase"], cpu=-own - children, worker_cpu=-children,
                                   moves=-pool_moves(render))
            elif msg["kind"] == "end":
                own, children = cpu_split(proc.pid)
                current[0].cpu += own + children
                current[0].worker_cpu += children
                current[0].workers = workers_memory(render)
                current[0].moves += pool_moves(render)
                current[0].figures = {k: v for k, v in msg.items() if k not in ("kind", "phase")}
                phases.append(current[0])
                current[0] = Phase("between")
            elif msg["kind"] == "error":
                raise RuntimeError(f"the fake Discord server failed: {msg['errors']}")
            elif msg["kind"] == "done":
                break
            if tasks[0].done():
                tasks[0].result()
                raise RuntimeError("the bot stopped")
    finally:
        if bot is not None:
            await bot.close()
            close_renderer(render)
        for task in tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        if handed is not None:
            handed.unlink(missing_ok=True)
        proc.stdin.close()  # the server stops once the bot has gone
        try:
            await asyncio.wait_for(proc.wait(), 15)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
    return phases


def _bot(hello: dict[str, Any], plan: dict[str, Any]) -> tuple[BanneretBot, Any]:
    """The bot under test and its renderer, its store laid out for the plan.

    A plan with `stored` games starts from a database of that many finished games in
    other channels (bench/growth.py builds it once); its `fresh` channels each get the
    position of a mid-game Samurai move (`typical_turn("move")`), to be played once.
    """
    if plan.get("stored"):
        from bench.growth import community

        store = community(int(plan["stored"]))
    else:
        store = temp_store("bot.db")
    users = hello["users"]
    position = _seated(typical_turn("move").before, users)
    seat_games(store, position, hello["channels"])
    if plan.get("seat"):  # bench/load.py: each fresh channel at its own demo position
        by_position: dict[int, list[str]] = {}
        for channel, index in zip(hello["fresh"], plan["seat"], strict=False):
            by_position.setdefault(int(index), []).append(channel)
        for index, channels in by_position.items():
            seat_games(store, _seated(demo_turns()[index].before, users), channels)
    elif hello.get("fresh"):
        seat_games(store, position, hello["fresh"])
    seat_games(store, _seated(demo_turns()[0].before, users), [hello["demo"]])
    settings = Settings(
        _env_file=None,
        DISCORD_TOKEN=hello["token"],
        DISCORD_DEV_GUILD=None,
        BANNERET_DB=store.path,
        BANNERET_API_BASE=hello["base_url"],
        BANNERET_GATEWAY_URL=hello["gateway_url"],
    )
    # Boards drawn as the deployed bot draws them (BANNERET_RENDER, threads by default).
    render = renderer(settings)
    service = GameService(store, render=render)
    point_at(settings.api_base, settings.gateway_url)
    bot = BanneretBot(service, settings)
    png = render_png(Table(position).picture())
    bot.tree.add_command(_bare_command(png))
    if plan.get("seat"):
        for command in _pictures_commands():
            bot.tree.add_command(command)
    return bot, render


def _pictures_commands() -> list[app_commands.Command[Any, Any, None]]:
    """The plain bot's commands for the demo's board after its Nth action (the pictures a
    load run's turns post): `/bare-at position:N` posts its PNG bytes drawn beforehand (none
    of the work); `/bare-encode-at position:N` holds its pixels and encodes them (Pillow,
    level 6, in a worker thread) before posting: the least work that posts a new board."""
    turns = demo_turns()
    pngs = [render_png(Table(t.before).picture()) for t in turns]
    pixels = []
    for png in pngs:
        picture = Image.open(io.BytesIO(png))
        picture.load()
        pixels.append(picture)

    async def post(interaction: discord.Interaction, png: bytes) -> None:
        embed = discord.Embed(title="Board", description="A game's picture, nothing else.")
        embed.set_image(url="attachment://board.png")
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(png), filename="board.png"))

    def encode(picture: Image.Image) -> bytes:
        buf = io.BytesIO()
        picture.save(buf, "PNG", compress_level=6)
        return buf.getvalue()

    async def bare_at(interaction: discord.Interaction, position: int) -> None:
        await post(interaction, pngs[min(position, len(pngs) - 1)])

    async def bare_encode_at(interaction: discord.Interaction, position: int) -> None:
        picture = pixels[min(position, len(pixels) - 1)]
        await post(interaction, await asyncio.to_thread(encode, picture))

    return [app_commands.Command(name="bare-at", description="Post a demo position's board",
                                 callback=bare_at),
            app_commands.Command(name="bare-encode-at", callback=bare_encode_at,
                                 description="Encode and post a demo position's board")]


