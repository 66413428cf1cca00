"""Event loop: how long the bot's event loop is blocked while it serves board commands.

A probe task on the bot's loop wakes every millisecond and notes how late it was;
lateness is time the loop could not run anything else (other players' commands,
the gateway heartbeat). The bot plays the opening of the Samurai demo through the
loopback Discord, one slash command after another, every one a new board to draw
and encode (no cached board helps here). The same is measured while a bare
discord.py command posts the same PNG bytes: what any bot pays to post a picture.
"""

from __future__ import annotations

import asyncio

from bench.botrun import Phase, demo_lines, session
from bench.timing import Figure, Report

NAME = "loop"
TITLE = "Event loop: time blocked per board command (loop-lag probe)"
TURNS = 60


def plan() -> dict[str, object]:
    """Return the phases: a bare reference, then the demo's turns."""
    return {
        "deadline": 60.0,
        "phases": [
            {"name": "idle", "idle": 1.0},
            {"name": "warm bare", "command": "bare", "concurrency": 1, "count": 30,
             "seconds": 5.0},
            {"name": "bare", "command": "bare", "concurrency": 1, "count": TURNS, "seconds": 10.0},
            {"name": "turns", "lines": demo_lines(TURNS), "seconds": 30.0},
        ],
    }


def _stalls(p: Phase, baseline: float) -> str:
    return (
        f"longest stall {p.stall_max * 1000:.1f} ms, p99 {p.stall_quantile(0.99) * 1000:.2f} ms, "
        f"blocked {p.blocked_per_request(baseline) * 1000:.2f} ms per command over "
        f"{p.figures['n']} commands"
    )


def run() -> Report:
    """Play the turns with the probe running; compare with the bare command."""
    report = Report(NAME, TITLE)
    phases = {p.name: p for p in asyncio.run(session(plan()))}
    turns, bare = phases["turns"], phases["bare"]
    # An idle loop still wakes a little late (timer slack): not time anything blocked it.
    baseline = phases["idle"].stall_quantile(0.5)
    report.figures.append(
        Figure("event-loop time blocked per board turn",
               turns.blocked_per_request(baseline) * 1000, "<= 6 ms",
               _stalls(turns, baseline), unit="ms")
    )
    report.figures.append(
        Figure("longest event-loop stall while serving board turns",
               turns.stall_max * 1000, "<= 6 ms",
               f"bare command: {_stalls(bare, baseline)}", unit="ms")
    )
    report.notes.append(
        f"idle loop: the probe wakes {baseline * 1000:.3f} ms late (median); turns: "
        f"{turns.figures['rps']:.0f}/s one at a time, p50 "
        f"{turns.figures['p50'] * 1000:.1f} ms, p99 {turns.figures['p99'] * 1000:.1f} ms"
    )
    return report
