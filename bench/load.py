"""Load: many channels each playing its own game, against a plain bot posting the same pictures.

The real BanneretBot (this process, drawing as deployed: BANNERET_RENDER) on a database of
100,000 finished games, driven by the loopback Discord (bench/fakeserver.py) in another
process. Each of N channels (1, 10 and 100; `BENCH_LOAD_CHANNELS=1,10,100,1000` for more)
holds a Samurai game at its own point of the demo game, and plays the demo's next slash
commands in real game order, each sent once the one before it is answered; all channels at
once. Every phase plays at least COMMANDS commands in all (TURNS a channel at least, a lone
channel as many as the demo has): with fewer, a phase lasted half a second and its ratio moved
by a fifth from one run to the next, and a fifth of its turns were each channel's first, drawn
over another game's board. So every channel draws a different position, and its next
board shares most of its rows with its last one (as in a real game, where the kept frames pay
off). The 1-channel run stands for the former `bot` benchmark's one command at a time (it
played one move on one position in fresh channels, every board the same picture: with
boards drawn over the last frame, that flattered).

The floor is a plain discord.py command in the same bot posting that same position's
picture. `/bare-encode-at position:N` holds the picture's pixels and encodes them (level 6,
in a worker thread) before posting it: the least work that posts a board that did not exist
before, the floor the issue's targets are set against (its own figures, 0.81x and 0.76x, were
against that plain bot), and the floor of the `turn` benchmark. `/bare-at position:N` posts
the PNG bytes drawn beforehand: what posting costs with no picture made at all, printed
beside it as a second line. Each N runs ready-made, encoding, turns, encoding, ready-made
(each floor's two phases merged against drift). Printed per N: turns a second against the
floor's posts a second, p50/p99 time from the interaction to its answer (for a move, the turn
message's edit), CPU time per turn (the bot's process and its render workers), the event
loop's longest stall, the requests the bot made to Discord per command, the loopback
Discord's own CPU time per command (sending the interaction, serving the bot's requests: it
shares the two cores with the bot, where the real Discord's work is done elsewhere), and the
memory of each render worker at the end of the turn phase (RSS, and PSS/USS where
/proc/PID/smaps_rollup is readable), the largest against the issue's 80 MiB a worker.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from bench.botrun import MIB, Phase, demo_lines, session
from bench.growth import COMMUNITY
from bench.positions import demo_turns
from bench.timing import Figure, Report

NAME = "load"
TITLE = "Load: N channels each playing its own game (100,000 stored) vs a plain bot"
TURNS = 5  # commands each channel plays in a phase, at least
COMMANDS = 300  # commands a phase plays in all, at least (as the demo allows)
WARM = 10  # channels of the warm-up phase
# The plain bot's commands: the picture encoded before posting (the floor), or ready-made.
FLOORS = {"encode": "bare-encode-at", "ready": "bare-at"}


def channel_counts() -> tuple[int, ...]:
    """Return the channel counts to run (BENCH_LOAD_CHANNELS, else 1, 10 and 100)."""
    text = os.environ.get("BENCH_LOAD_CHANNELS", "1,10,100")
    return tuple(int(part) for part in text.split(",") if part.strip())


def plan(counts: tuple[int, ...]) -> dict[str, Any]:
    """Return the phases and each pool channel's starting demo position."""
    lines = demo_lines(10**6)[:len(demo_turns())]
    starts: list[int] = []
    phases: list[dict[str, Any]] = []

    def channels(count: int, turns: int) -> tuple[int, list[int]]:
        first = len(starts)
        # Channel k starts at its own point of the game: positions spread over all of it.
        for k in range(first, first + count):
            starts.append((k * 37) % (len(lines) - turns))
        return first, starts[first:]

    def games(first: int, chosen: list[int], plain: str | None,
              turns: int = TURNS) -> list[list[list[Any]]]:
        out = []
        for start in chosen:
            steps = lines[start:start + turns]
            out.append([[who, plain, {"position": start + j + 1}] if plain
                        else [who, command, options]
                        for j, (who, command, options) in enumerate(steps)])
        return out

    first, chosen = channels(WARM, TURNS)
    phases.append({"name": "warm turn", "games": games(first, chosen, None), "first": first})
    for kind, floor in FLOORS.items():
        phases.append({"name": f"warm {kind}", "games": games(first, chosen, floor),
                       "first": first})
    for count in counts:
        turns = min(len(lines) - 1, max(TURNS, -(-COMMANDS // count)))
        first, chosen = channels(count, turns)
        for kind in ("ready", "encode", "turn", "encode", "ready"):
            phases.append({"name": f"{kind} c{count}",
                           "games": games(first, chosen, FLOORS.get(kind), turns),
                           "first": first, "timeout": 300.0})
    return {"deadline": 1800.0, "phases": phases, "turns": True, "stored": COMMUNITY,
            "seat": starts}


def _merged(phases: list[Phase], name: str) -> dict[str, float]:
    found = [p for p in phases if p.name == name]
    n = sum(p.figures["n"] for p in found)
    seconds = sum(p.figures["seconds"] for p in found)
    calls = sum(sum(p.figures.get("requests", {}).values()) for p in found)
    return {"rate": n / seconds if seconds else 0.0, "n": n,
            "p50": max(p.figures["p50"] for p in found),
            "p99": max(p.figures["p99"] for p in found),
            "cpu": sum(p.cpu for p in found) / n if n else 0.0,
            "workers": sum(p.worker_cpu for p in found) / n if n else 0.0,
            "stall": max(p.stall_max for p in found),
            "failed": sum(p.figures.get("failed", 0) for p in found),
            "server": sum(p.figures.get("server_cpu", 0.0) for p in found) / n if n else 0.0,
            "requests": calls / n if n else 0.0}


def _said(m: dict[str, float]) -> str:
    return (f"{m['rate']:.1f}/s, p50 {m['p50'] * 1000:.0f} ms, p99 {m['p99'] * 1000:.0f} ms, "
            f"CPU {m['cpu'] * 1000:.1f} ms each ({m['workers'] * 1000:.1f} ms of it in render "
            f"workers), longest stall {m['stall'] * 1000:.0f} ms, "
            f"{m['requests']:.2f} requests to Discord each (the loopback Discord's CPU "
            f"{m['server'] * 1000:.1f} ms a command), "
            f"{m['n']:.0f} commands" + (f", {m['failed']:.0f} NOT ANSWERED in time (Discord's "
                                          "3 s to acknowledge, or the phase's limit)"
                                          if m["failed"] else ""))


def run() -> Report:
    """Play the load and compare the bot's turns with the plain bot at each channel count."""
    counts = channel_counts()
    report = Report(NAME, TITLE)
    phases = asyncio.run(session(plan(counts)))
    for count in counts:
        turn = _merged(phases, f"turn c{count}")
        plain, ready = _merged(phases, f"encode c{count}"), _merged(phases, f"ready c{count}")
        detail = f"bot: {_said(turn)}; plain bot encoding: {_said(plain)}"
        report.figures.append(Figure(f"{count} channels: turns a second vs the plain bot's posts",
                                     turn["rate"] / plain["rate"], ">= 0.9x", detail))
        report.figures.append(Figure(f"{count} channels: p99 answer time vs the plain bot's",
                                     turn["p99"] / plain["p99"], "<= 1.5x"))
        report.notes.append(
            f"{count} channels, against the plain bot posting ready-made bytes (no picture "
            f"made): turns a second {turn['rate'] / ready['rate']:.2f}x, p99 "
            f"{turn['p99'] / ready['p99']:.2f}x; it: {_said(ready)}")
        memory = _workers(phases, f"turn c{count}")
        if memory is not None:
            report.figures.append(memory)
    return report


def _workers(phases: list[Phase], name: str) -> Figure | None:
    """Return the largest render worker's RSS at the end of a phase, each worker's beside it
    (None when the boards were drawn in the bot's threads)."""
    found = [p for p in phases if p.name == name and p.workers]
    if not found:
        return None
    last = found[-1]
    largest = last.largest_worker
    assert largest is not None
    detail = "; ".join(f"worker {m.pid}: {m.said()}" for m in last.workers)
    boards = sum(p.figures.get("n", 0) for p in found)
    detail += f"; games moved to another worker: {sum(p.moves for p in found)} in {boards} turns"
    return Figure(f"{name.removeprefix('turn c')} channels: largest render worker's RSS",
                  largest.rss / MIB, "<= 80 MiB", detail, unit="MiB")


__all__ = ["NAME", "TITLE", "channel_counts", "plan", "run"]
