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

A board is drawn over the last board of its map (renderers/layers.py): only what
changed is drawn, mapped to the palette and compressed, which in game order is most
of the saving. The share of turns drawn over a kept frame and of the PNG bands
compressed again are printed, and the demo is played a second time with no frame
kept before every turn, the case of a game whose last board has long been forgotten:
its median is printed as a note.

The share of the turns' time spent recording the boards' drawing calls (hexboard and
tabletop `record`, renderers/pieces.py) is printed as a note too, with the number of
recordings: a board near the upload budget is recorded and drawn again narrower.
"""

from __future__ import annotations

import io
import itertools
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from bench.positions import Turn, script_turns
from bench.tables import seat_games, temp_store
from bench.timing import Figure, Report, ms, quiet_gc
from bot.service.gameservice import GameService
from renderers import hexboard, layers, png, render_png, tabletop

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
    encode_cpu: float  # the CPU time of the encode (best of a few)


def _encode_floor(png: bytes) -> tuple[float, float]:
    """Time Pillow's level-6 encode of the picture a turn posted: wall and CPU (best of a few)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    best, best_cpu = float("inf"), float("inf")
    for _ in range(FLOOR_REPEAT):
        buf = io.BytesIO()
        c0, t0 = time.process_time(), time.perf_counter()
        image.save(buf, "PNG", compress_level=6)
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    return best, best_cpu


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
                layers.FRAMES.clear()
            c0, t0 = time.process_time(), time.perf_counter()
            reply = service.act(channel, turn.caller, dict(turn.action))
            spent, cpu = time.perf_counter() - t0, time.process_time() - c0
            if reply.image is None:
                continue  # a claim waiting for the other side posts no board
            wall, encode_cpu = _encode_floor(reply.image)
            out.append(Played(spent, wall, len(reply.image), cpu, encode_cpu))
    return out


def _bands_redone() -> Callable[[], float]:
    """Count the PNG bands compressed from now on; the callable returned gives their share."""
    compress = png.frame_bands
    counts = [0, 0]  # bands compressed, bands written

    def counting(indices: Image.Image, bands: tuple[bytes, ...], checks: tuple[int, ...],
                 spans: tuple[tuple[int, int], ...], level: int = png.LEVEL
                 ) -> tuple[tuple[bytes, ...], tuple[int, ...]]:
        out = compress(indices, bands, checks, spans, level)
        if level == png.LEVEL:
            counts[1] += len(out[0])
            counts[0] += sum(1 for a, b in itertools.zip_longest(out[0], bands) if a is not b)
        return out

    png.frame_bands = counting

    def share() -> float:
        png.frame_bands = compress
        return counts[0] / max(1, counts[1])

    return share


def _recording() -> Callable[[], list[float]]:
    """Time every board recording from now on; the callable returned gives their times."""
    spent: list[float] = []
    kept = hexboard.record, tabletop.record

    def timed(record: Callable[..., layers.Board]) -> Callable[..., layers.Board]:
        def recording(*args: object) -> layers.Board:
            t0 = time.perf_counter()
            try:
                return record(*args)
            finally:
                spent.append(time.perf_counter() - t0)

        return recording

    hexboard.record, tabletop.record = timed(kept[0]), timed(kept[1])

    def total() -> list[float]:
        hexboard.record, tabletop.record = kept
        return spent

    return total


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
        before = layers.FRAMES.info()
        redone = _bands_redone()
        recorded = _recording()
        played = play(system_id, turns)
        after = layers.FRAMES.info()
        share = redone()
        recordings = recorded()
        ratios = [p.act / p.encode for p in played]
        acts = [p.act for p in played]
        encodes = [p.encode for p in played]
        cpu = statistics.median(p.cpu / p.encode for p in played)
        # On a loaded machine the wall times are mostly other processes' turns: the
        # CPU time of the turn against that of the encode reads through that.
        by_cpu = [p.cpu / max(p.encode_cpu, 1e-6) for p in played]
        detail = (f"act {ms(statistics.median(acts))} vs encode "
                  f"{ms(statistics.median(encodes))} (medians of {len(played)} turns); "
                  f"CPU per turn {cpu:.2f}x the encode")
        report.figures.append(Figure(f"{system_id}: turn vs level-6 encode, median",
                                     statistics.median(ratios), "<= 0.6x", detail))
        report.figures.append(Figure(f"{system_id}: turn vs level-6 encode, 90th percentile",
                                     _quantile(ratios, 0.9), "<= 0.8x"))
        report.figures.append(Figure(f"{system_id}: largest board posted",
                                     max(p.size for p in played) / 1000, "<= 60 KB",
                                     unit="KB"))
        found = after.hits - before.hits
        asked = found + after.misses - before.misses
        cold = play(system_id, turns, cold=True)
        report.notes.append(
            f"{system_id}: by CPU time, turn vs encode median "
            f"{statistics.median(by_cpu):.2f}x, 90th percentile {_quantile(by_cpu, 0.9):.2f}x")
        report.notes.append(
            f"{system_id}: recording the boards' calls {sum(recordings) / sum(acts):.0%} of the "
            f"turns' time (a map's first drawing included), median "
            f"{ms(statistics.median(recordings))}; {len(recordings)} recordings for "
            f"{len(played)} boards")
        report.notes.append(
            f"{system_id}: {found / max(1, asked):.0%} of turns drawn over a kept frame, "
            f"{share:.0%} of PNG bands compressed again; with no frame kept, turn vs "
            f"encode median {statistics.median(p.act / p.encode for p in cold):.2f}x")
    return report
