"""Replay: making one animated replay vs. rendering the same frames one by one.

Both sides draw the same public boards of a real game (the bundled demo, else a
playout) at the replay's width: the replay draws each distinct view once, reduces
it to the board's palette and encodes every frame into one animated GIF;
the peer is `render_png` of each position, as the bot posts boards after turns (its
PNGs compress only bands no earlier board of the round had, as in a game). The
ratio says what one animation costs over the pictures it is made of. The notes
give the same frames encoded as lossless WebP and APNG, the formats the GIF was chosen over.
"""

from __future__ import annotations

import io
import time

from PIL import Image

from bench.positions import system_boards
from bench.timing import Figure, Report, median, paired
from renderers import board_palette, layers, render_image, render_png
from renderers.animation import animate
from rules.core.board import HexBoardView, TabletopView

NAME = "replay"
TITLE = "Replay: one animated GIF vs. rendering its frames one by one"
WIDTH = 800
# The WebP settings replays used before GIF: effort 1, no key frames after the first.
WEBP_OPTIONS: dict[str, object] = {"lossless": True, "quality": 20, "method": 1,
                                   "kmin": 0, "kmax": 0}
SYSTEMS = ("samurai", "wh40k")


def _others(views: list[HexBoardView | TabletopView]) -> list[str]:
    """Encode the same palette frames as WebP and APNG; say their sizes and times."""
    frames = [render_image(v, WIDTH).quantize(palette=board_palette(v, WIDTH),
                                               dither=Image.Dither.NONE) for v in views]
    height = max(f.height for f in frames)
    padded = []
    for frame in frames:
        canvas = Image.new("P", (WIDTH, height), frame.getpixel((0, frame.height - 1)))
        canvas.putpalette(frame.getpalette() or [])
        canvas.paste(frame, (0, 0))
        padded.append(canvas)
    out = []
    for label, fmt, options in (("lossless WebP", "WEBP", WEBP_OPTIONS), ("APNG", "PNG", {})):
        buf = io.BytesIO()
        t0 = time.perf_counter()
        padded[0].save(buf, fmt, save_all=True, append_images=padded[1:], duration=800, loop=0,
                       **options)
        spent = time.perf_counter() - t0
        out.append(f"{label}: {len(buf.getvalue()) / 1024:.0f} KB, encoded in {spent:.2f} s")
    return out


def run() -> Report:
    """Time a whole game's replay against its frames drawn as board PNGs."""
    report = Report(NAME, TITLE)
    for system_id in SYSTEMS:
        views = system_boards(system_id)
        render_png(views[0], WIDTH)  # the static layer and palette, as a running bot has them
        sizes: list[int] = []

        def replay(_: int, views: list[HexBoardView | TabletopView] = views,
                   sizes: list[int] = sizes) -> None:
            sizes.append(len(animate(views, width=WIDTH).data))

        def frames(_: int, views: list[HexBoardView | TabletopView] = views) -> None:
            layers.FRAMES.clear()  # as in a game: each board drawn over the one before it
            for view in views:
                render_png(view, WIDTH)

        timing = paired(replay, frames, rounds=4)
        label = f"{system_id} ({len(views)} positions, {WIDTH} px)"
        report.figures.append(Figure(
            f"{label}: replay vs its frames as PNGs", timing.ratio, "<= 1.5x",
            f"replay {timing.a_median:.2f} s vs frames {timing.b_median:.2f} s"))
        report.figures.append(Figure(
            f"{label}: animated GIF size", median(sizes) / 1024, "<= 8192 KB", unit="KB"))
        report.notes += [f"{system_id}, same frames: {note}" for note in _others(views)]
    return report
