"""Bot: real turns per second through the loopback Discord, 100,000 games stored.

The real BanneretBot (discord.py 2.7) runs in this process on a database holding
100,000 finished games (bench/growth.py builds it once); the loopback Discord of
tests/e2e runs in its own process and sends, 1 and 10 at a time, a real Samurai
move (`/samurai move`, a mid-game position) each in a channel never played before,
so every turn reads the game, applies the rules, commits, draws and encodes a board
nobody has drawn and posts it. Since every fresh channel's board is the same picture,
the bot keeps no compressed PNG bands (BANNERET_PNG_BANDS=0): each turn compresses all
its rows, where a real game's next board finds most of them kept. Two floors, each a
plain discord.py command in the same bot:
- `/bare` posts the same PNG bytes, ready made (what the issue names: any bot pays
  this to post a picture);
- `/bare-encode` encodes the picture first (Pillow, level 6, in a worker thread):
  the least work that posts a board that did not exist before.
Phases alternate floor and turn at each concurrency so drift cancels out.
"""

from __future__ import annotations

import asyncio

from bench.botrun import Phase, session
from bench.growth import COMMUNITY
from bench.positions import typical_turn
from bench.timing import Figure, Report

NAME = "bot"
TITLE = "Bot: real turns (100,000 games stored) vs plain discord.py posting the picture"
CONCURRENCY = (1, 10)
SECONDS = 2.0  # per phase
MAX_COUNT = 4000  # per phase, so a very fast machine still stops


def plan() -> dict[str, object]:
    """Return the phases: a warm-up, then floors and turns interleaved at each concurrency."""
    move = typical_turn("move")
    options = {k: v for k, v in move.action.items() if k not in ("type", "seat")}
    turn = {"command": "samurai move", "options": options, "user": move.caller.user_id,
            "fresh": True}
    phases: list[dict[str, object]] = [
        {"name": "warm turn", **turn, "concurrency": 10, "count": 40, "seconds": 1.0},
        {"name": "warm bare", "command": "bare", "concurrency": 10, "count": MAX_COUNT,
         "seconds": 0.5},
        {"name": "warm encode", "command": "bare-encode", "concurrency": 10,
         "count": MAX_COUNT, "seconds": 0.5},
    ]
    for c in CONCURRENCY:
        for kind, extra in (("bare", {"command": "bare"}),
                            ("encode", {"command": "bare-encode"}),
                            ("turn", turn), ("turn", turn),
                            ("encode", {"command": "bare-encode"}),
                            ("bare", {"command": "bare"})):
            phases.append({"name": f"{kind} c{c}", **extra, "concurrency": c,
                           "count": MAX_COUNT, "seconds": SECONDS})
    return {"deadline": 90.0, "phases": phases, "turns": True, "stored": COMMUNITY,
            "png_bands": 0}


def _merge(phases: list[Phase], name: str) -> tuple[float, float, float, int]:
    """Return (rps, p50, p99, n) over the phases of that name (p50/p99: the worse)."""
    found = [p for p in phases if p.name == name]
    n = sum(p.figures["n"] for p in found)
    seconds = sum(p.figures["seconds"] for p in found)
    return (n / seconds, max(p.figures["p50"] for p in found),
            max(p.figures["p99"] for p in found), n)


def _versus(turn: tuple[float, float, float, int], floor: tuple[float, float, float, int]) -> str:
    return (f"{turn[0]:.0f}/s vs {floor[0]:.0f}/s; p50 {turn[1] * 1000:.1f} ms vs "
            f"{floor[1] * 1000:.1f} ms; p99 {turn[2] * 1000:.1f} ms vs {floor[2] * 1000:.1f} ms; "
            f"{turn[3]} turns")


def run() -> Report:
    """Run the session and compare the turns with each floor at each concurrency."""
    report = Report(NAME, TITLE)
    phases = asyncio.run(session(plan()))
    for c in CONCURRENCY:
        turn = _merge(phases, f"turn c{c}")
        encode = _merge(phases, f"encode c{c}")
        bare = _merge(phases, f"bare c{c}")
        report.figures.append(Figure(
            f"real turns at concurrency {c}, vs plain bot encoding the picture",
            turn[0] / encode[0], ">= 0.8x", _versus(turn, encode)))
        report.figures.append(Figure(
            f"real turns at concurrency {c}, vs plain bot posting ready-made bytes",
            turn[0] / bare[0], ">= 0.8x", _versus(turn, bare)))
    return report
