"""Turn: each system's demo played in real game order, each turn vs the PNG encode it posted.

Every action of a system's bundled demo goes through GameService.act in the order it
was played, each on the position it was played on (laid down in its own channel
before the clock starts), so every timed turn draws a board nobody has drawn yet, as
in a real game: read the game, check the seat, apply the rules, commit, draw,
quantize, encode, build the reply. Its floor is the level-6 PNG encode (Pillow's
zlib, as a plain bot would post it) of the very picture that turn posted. The
figure is the median and the 90th percentile of the per-turn ratios.

The CPU time of the whole process (every thread) during each turn is printed beside
the median too: work done in another thread alongside the turn would show there, and
not pass for less work.

A board's PNG compresses only the bands of rows no recent board had (renderers/png.py),
which in game order is most of the saving. The share of bands found compressed is
printed, and the demo is played a second time with that cache emptied before every
turn, the case of a game whose last board has long been forgotten: its median is
printed as a note.
"""

from __future__ import annotations

import io
import statistics
import time
from dataclasses import dataclass

from PIL import Image

from bench.positions import Turn, script_turns
from bench.tables import seat_games, temp_store
from bench.timing import Figure, Report, ms, quiet_gc
from bot.service.gameservice import GameService
from renderers import png, render_png

NAME = "turn"
TITLE = "Turn: each demo in game order vs the level-6 PNG encode of the board it posted"
SYSTEMS = ("samurai", "wh40k", "fantasy_warriors", "bushido")
FLOOR_REPEAT = 3


@dataclass
class Played:
    """One timed turn: its time, its floor's, and the size of what it posted."""

    act: float
    encode: float
    size: int
    cpu: float  # the process's CPU time (every thread) during the turn


def _encode_floor(png: bytes) -> float:
    """Time Pillow's level-6 encode of the picture a turn posted (best of a few)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    best = float("inf")
    for _ in range(FLOOR_REPEAT):
        buf = io.BytesIO()
        t0 = time.perf_counter()
        image.save(buf, "PNG", compress_level=6)
        best = min(best, time.perf_counter() - t0)
    return best


def play(system_id: str, turns: tuple[Turn, ...], cold: bool = False) -> list[Played]:
    """Time every turn of a demo in order, each on its own channel at its own position.

    With `cold`, no compressed band of an earlier board is kept for the next one.
    """
    store = temp_store()
    service = GameService(store, render=render_png)
    channels = [f"{system_id}-{t.index}" for t in turns]
    for turn, channel in zip(turns, channels, strict=True):
        seat_games(store, turn.before, [channel])
    out: list[Played] = []
    with quiet_gc():
        for turn, channel in zip(turns, channels, strict=True):
            if cold:
                png.BANDS.clear()
            c0, t0 = time.process_time(), time.perf_counter()
            reply = service.act(channel, turn.caller, dict(turn.action))
            spent, cpu = time.perf_counter() - t0, time.process_time() - c0
            if reply.image is None:
                continue  # a claim waiting for the other side posts no board
            out.append(Played(spent, _encode_floor(reply.image), len(reply.image), cpu))
    return out


def _quantile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run() -> Report:
    """Play every system's demo and compare its turns with their encodes."""
    report = Report(NAME, TITLE)
    for system_id in SYSTEMS:
        turns = script_turns(system_id)
        if not turns:
            report.notes.append(f"{system_id}: no demo to play")
            continue
        before = png.BANDS.info()
        played = play(system_id, turns)
        after = png.BANDS.info()
        ratios = [p.act / p.encode for p in played]
        acts = [p.act for p in played]
        encodes = [p.encode for p in played]
        cpu = statistics.median(p.cpu / p.encode for p in played)
        detail = (f"act {ms(statistics.median(acts))} vs encode "
                  f"{ms(statistics.median(encodes))} (medians of {len(played)} turns); "
                  f"CPU per turn {cpu:.2f}x the encode")
        report.figures.append(Figure(f"{system_id}: turn vs level-6 encode, median",
                                     statistics.median(ratios), "<= 1.15x", detail))
        report.figures.append(Figure(f"{system_id}: turn vs level-6 encode, 90th percentile",
                                     _quantile(ratios, 0.9), "<= 1.3x"))
        report.figures.append(Figure(f"{system_id}: largest board posted",
                                     max(p.size for p in played) / 1000, "<= 60 KB",
                                     unit="KB"))
        found = after.hits - before.hits
        asked = found + after.misses - before.misses
        cold = play(system_id, turns, cold=True)
        report.notes.append(
            f"{system_id}: {found / max(1, asked):.0%} of PNG bands found compressed; "
            f"with none kept, turn vs encode median "
            f"{statistics.median(p.act / p.encode for p in cold):.2f}x")
    return report
