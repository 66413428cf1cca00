"""Bot: interactions per second and p99 latency, a board command vs. a bare discord.py one.

The real BanneretBot (discord.py 2.7) runs in this process; the loopback Discord of
tests/e2e runs in its own process and sends slash commands, 1 and 10 at a time,
each from its own channel with a game in the middle of play, for two seconds a
phase. `/game status` goes
the whole way (read the game, the turn line, the buttons, the board PNG, the embed
and the view); `/bare` answers with the same PNG bytes and nothing else. Phases
alternate bare, game, game, bare at each concurrency so drift cancels out.
"""

from __future__ import annotations

import asyncio

from bench.botrun import Phase, session
from bench.timing import Figure, Report

NAME = "bot"
TITLE = "Bot: /game status vs. a bare discord.py command, through the loopback Discord"
CONCURRENCY = (1, 10)
SECONDS = 2.0  # per phase; four phases per concurrency
MAX_COUNT = 4000  # per phase, so a very fast machine still stops


def plan() -> dict[str, object]:
    """Return the phases: a warm-up, then bare, game, game, bare at each concurrency."""
    phases: list[dict[str, object]] = [
        {"name": "warm game", "command": "game status", "concurrency": 10, "count": MAX_COUNT,
         "seconds": 1.0},
        {"name": "warm bare", "command": "bare", "concurrency": 10, "count": MAX_COUNT,
         "seconds": 1.0},
    ]
    for c in CONCURRENCY:
        for kind, command in (("bare", "bare"), ("game", "game status"),
                              ("game", "game status"), ("bare", "bare")):
            phases.append({"name": f"{kind} c{c}", "command": command, "concurrency": c,
                           "count": MAX_COUNT, "seconds": SECONDS})
    return {"deadline": 60.0, "phases": phases}


def _merge(phases: list[Phase], name: str) -> tuple[float, float, float]:
    """Return (rps, p50, p99) over the phases of that name (p99: the worse of the two)."""
    found = [p for p in phases if p.name == name]
    n = sum(p.figures["n"] for p in found)
    seconds = sum(p.figures["seconds"] for p in found)
    return n / seconds, max(p.figures["p50"] for p in found), max(p.figures["p99"] for p in found)


def run() -> Report:
    """Run the session and compare game with bare at each concurrency."""
    report = Report(NAME, TITLE)
    phases = asyncio.run(session(plan()))
    for c in CONCURRENCY:
        bare = _merge(phases, f"bare c{c}")
        game = _merge(phases, f"game c{c}")
        report.figures.append(
            Figure(
                f"/game status throughput at concurrency {c}, vs bare",
                game[0] / bare[0],
                ">= 0.75x",
                f"{game[0]:.0f}/s vs {bare[0]:.0f}/s; p99 {game[2] * 1000:.1f} ms vs "
                f"{bare[2] * 1000:.1f} ms; p50 {game[1] * 1000:.1f} ms vs {bare[1] * 1000:.1f} ms",
            )
        )
    return report
