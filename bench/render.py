"""Render: a board PNG (draw on the cached static layer, then encode) vs. the encode floor.

The floor is `encode_png` of the identical finished image with the same settings
(the board's cached 256-colour palette, zlib level 6), so the ratio says what
drawing adds on top of the encoding every board must pay.
Positions come from a game of each system, in order, as a live game shows them
(the bundled demo where there is one, a short scripted 40k round, else a game
played by a fixed policy): the static layer is cached, and in the first pass each
position is drawn for the first time (text and pieces seen earlier in the game are
cached, new ones are not). The later passes are the steady state of a busy bot,
where every line and piece has been seen before; each board is drawn over the frame
the position before it in the same pass left (renderers/layers.py).
"""

from __future__ import annotations

import time

from bench.positions import system_boards
from bench.timing import Figure, Report, median, ms, quiet_gc
from renderers import board_palette, clear_caches, layers, render_image, render_png
from renderers.png import encode_png
from rules.core.board import HexBoardView, TabletopView
from rules.core.system import available

NAME = "render"
TITLE = "Render: board PNG vs. the encode floor"


def measure(views: list[HexBoardView | TabletopView]) -> tuple[list[float], list[float]]:
    """Time render_png of each view, then encode_png of the identical finished image."""
    renders: list[float] = []
    floors: list[float] = []
    clock = time.perf_counter
    with quiet_gc():
        for view in views:
            t0 = clock()
            render_png(view)
            t1 = clock()
            image = render_image(view)  # the same picture again, untimed, for the floor
            palette = board_palette(view)  # the same settings: the board's cached palette
            t2 = clock()
            encode_png(image, palette=palette)
            t3 = clock()
            renders.append(t1 - t0)
            floors.append(t3 - t2)
    return renders, floors


def _figures(
    label: str, views: list[HexBoardView | TabletopView], target: str, steady_passes: int
) -> list[Figure]:
    clear_caches()
    render_png(views[0])  # the static layer: drawn once per scenario and width
    first = measure(views)
    steady: tuple[list[float], list[float]] = ([], [])
    for _ in range(steady_passes):
        # Each pass in game order: a board is drawn over the board before it in this
        # pass, as in a game, not over its own from the last pass.
        layers.FRAMES.clear()
        r, f = measure(views)
        steady[0].extend(r)
        steady[1].extend(f)
    out = []
    for name, (renders, floors) in (("first sight", first), ("steady", steady)):
        ratio = median([a / b for a, b in zip(renders, floors, strict=True)])
        out.append(
            Figure(
                f"{label}, {name}",
                ratio,
                target,
                f"render {ms(median(renders))} vs encode {ms(median(floors))}",
            )
        )
    return out


def run() -> Report:
    """Measure every game system: hex boards and measured tabletops."""
    report = Report(NAME, TITLE)
    for system_id in available():
        views = system_boards(system_id)
        if not views:
            continue
        hexes = isinstance(views[0], HexBoardView)
        kind = "hex board" if hexes else "tabletop"
        views = views[:: max(1, len(views) // 60)]  # enough positions, a bounded run
        report.figures += _figures(
            f"{system_id} {kind} ({len(views)} positions)",
            views,
            "<= 1.2x" if hexes else "<= 1.3x",
            max(1, 60 // len(views)),
        )
    return report
