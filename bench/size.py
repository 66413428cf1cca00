"""Bytes: the size of a 1200-pixel-wide hex board PNG, and how close it stays to the picture.

Boards are 256-colour palette PNGs (zlib level 6). The sample board and every
position of the Samurai demo are measured; the decoded PNG is compared with the
full-colour picture pixel by pixel (mean and largest difference per channel, 0-255)
so "no visible loss" is a number too. The largest board is written out to look at.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from PIL import Image, ImageChops

from bench.positions import boards, demo_turns
from bench.timing import Figure, Report, median
from renderers import render_image, render_png
from renderers.samples import samurai_board
from rules.core.board import HexBoardView, TabletopView

NAME = "bytes"
TITLE = "Bytes: 1200-pixel hex board PNG size and fidelity"


def difference(view: HexBoardView | TabletopView, png: bytes) -> tuple[float, int]:
    """Return the mean and the largest channel difference between the PNG and the picture."""
    picture = render_image(view)
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    hist = ImageChops.difference(picture, decoded).convert("L").histogram()
    return sum(i * n for i, n in enumerate(hist)) / sum(hist), max(
        i for i, n in enumerate(hist) if n
    )


def run() -> Report:
    """Measure the sample board and the demo game's boards."""
    report = Report(NAME, TITLE)
    sample = samurai_board()
    png = render_png(sample)
    mean, worst = difference(sample, png)
    report.figures.append(
        Figure(f"sample board (1200x{Image.open(io.BytesIO(png)).height})",
               len(png) / 1000, "<= 60 KB", f"pixel difference mean {mean:.2f}, max {worst}",
               unit="KB")
    )
    views = boards(demo_turns())
    sizes = []
    errors = []
    for view in views:
        data = render_png(view)
        sizes.append((len(data), view, data))
        errors.append(difference(view, data))
    sizes.sort(key=lambda s: s[0])
    largest = sizes[-1]
    over = sum(1 for s in sizes if s[0] > 60_000)
    report.figures.append(
        Figure("demo game, median board", median([s[0] for s in sizes]) / 1000, "<= 60 KB",
               f"{len(sizes)} positions; worst pixel difference mean "
               f"{max(e[0] for e in errors):.2f}, max {max(e[1] for e in errors)}", unit="KB")
    )
    report.figures.append(
        Figure("demo game, largest board", largest[0] / 1000, "<= 60 KB",
               f"{over} of {len(sizes)} positions over 60 KB", unit="KB")
    )
    out = Path(tempfile.gettempdir()) / "banneret-bench-largest-board.png"
    out.write_bytes(largest[2])
    report.notes.append(f"largest board written to {out} (look at it)")
    return report
