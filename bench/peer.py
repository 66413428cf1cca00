"""Peer: the same Samurai Battles board drawn with matplotlib at the same pixel size.

matplotlib is what many bots reach for to draw a map. This draws the equivalent
content honestly: every hex with its terrain fill and grid line, every hex's name,
unit discs with their standard, label and figure count, the dashed section lines,
and the panel's title and lines; then writes a PNG, as a turn would. Ours is
`render_png` on the same view (static layer cached, as in play). Positions are
spread over the demo game.
"""

from __future__ import annotations

import io
import math
import time

from bench.positions import boards, demo_turns
from bench.timing import Figure, Report, median, ms, quiet_gc
from renderers import hexlayout, render_png, terrain
from renderers.colours import PALETTE, side_colour
from rules.core.board import HexBoardView
from rules.core.hexgrid import Hex, HexBoard

NAME = "peer"
TITLE = "Peer: matplotlib drawing the same board vs. ours"


def _worded(text: object) -> str:
    """The words of a worded view (the board words Msgs and Terms before drawing)."""
    assert isinstance(text, str), f"an unworded value reached the drawing: {text!r}"
    return text


def _hex(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    return f"#{r:02x}{g:02x}{b:02x}"


def _glyphs(
    kind: str, c: tuple[float, float], lay: hexlayout.HexLayout
) -> tuple[list[list[tuple[float, float]]], list[list[tuple[float, float]]]]:
    """Return (filled shapes, lines) for a terrain hex's marks, like ours: trees, waves..."""
    u, s = lay.hex_w, lay.size
    spots = [(c[0] + dx * u, c[1] + dy * s) for dx, dy in
             ((-0.36, -0.4), (0.36, -0.4), (-0.36, 0.4), (0.0, 0.74), (0.36, 0.4))]
    shapes: list[list[tuple[float, float]]] = []
    lines: list[list[tuple[float, float]]] = []
    if kind in ("forest", "village"):
        for x, y in spots:
            h = 0.085 * u
            shapes.append([(x, y - h), (x + h * 0.9, y + h * 0.5), (x - h * 0.9, y + h * 0.5)])
    elif kind in ("river", "ford", "lake", "hill", "marsh"):
        for dy in (-0.42 * s, 0.0, 0.42 * s):
            half = 0.4 * u if dy == 0 else 0.3 * u
            lines.append([(c[0] - half + 2 * half * i / 12,
                           c[1] + dy + math.sin(i / 12 * math.pi * 4) * u * 0.025)
                          for i in range(13)])
    return shapes, lines


def matplotlib_png(view: HexBoardView, width: int = 1200) -> bytes:
    """Draw the board with matplotlib (Agg) at `width` pixels and return PNG bytes.

    Idiomatic and not wasteful: collections for the hexes, terrain marks, pieces and
    lines; text with a stroke halo where ours has one.
    """
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import patheffects
    from matplotlib.collections import LineCollection, PatchCollection, PolyCollection
    from matplotlib.figure import Figure as MplFigure
    from matplotlib.patches import Circle, FancyArrow, Rectangle, RegularPolygon

    lay = hexlayout.HexLayout.of(view, width)
    panel_h = 48 + 34 * len(view.panel.lines)
    height = lay.height + panel_h
    dpi = 100
    fig = MplFigure(figsize=(width / dpi, height / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.axis("off")
    fig.patch.set_facecolor(_hex(terrain.BOARD_BG))
    ink = "#1c1e22"
    halo = [patheffects.withStroke(linewidth=3, foreground="white")]
    kinds = {t.hex: t.kind for t in view.terrain}
    board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
    polys, fills, shapes, lines = [], [], [], []
    for h in board.hexes():
        c = lay.point(h.x, h.row)
        polys.append(lay.corners(c))
        kind = kinds.get(h.label)
        fills.append(_hex(terrain.terrain_style(kind).fill))
        if kind:
            more_shapes, more_lines = _glyphs(kind, c, lay)
            shapes += more_shapes
            lines += more_lines
        ax.text(c[0], c[1] - lay.size * 0.72, h.label, fontsize=9, ha="center", va="center",
                color=ink, path_effects=halo)
    ax.add_collection(
        PolyCollection(polys, facecolors=fills, edgecolors=_hex(terrain.GRID), linewidths=2)
    )
    ax.add_collection(PolyCollection(shapes, facecolors="#1c5628", edgecolors="#12381a"))
    ax.add_collection(LineCollection(lines, colors="#ecf6ff", linewidths=2))
    sections = [[(lay.section_x(x), lay.margin_y * 0.35),
                 (lay.section_x(x), lay.height - lay.margin_y * 0.35)] for x in view.section_lines]
    ax.add_collection(LineCollection(sections, colors=_hex(terrain.SECTION_INK), linewidths=4,
                                     linestyles=(0, (5, 3))))
    r = lay.hex_w * 0.345
    discs, symbols, badges, rings = [], [], [], []
    for m in view.markers:
        h = Hex.parse(m.hex)
        cx, cy = lay.point(h.x, h.row)
        colour = _hex(side_colour(m.side, view.sides))
        discs.append(Circle((cx, cy), r, facecolor=colour, edgecolor=ink, linewidth=2))
        sides = {"triangle": 3, "square": 4, "diamond": 4}.get(m.shape, 24)
        symbols.append(RegularPolygon((cx, cy - r * 0.52), sides, radius=r * 0.21, color="white"))
        ax.text(cx, cy + r * 0.16, m.label, fontsize=14, fontweight="bold", color="white",
                ha="center", va="center",
                path_effects=[patheffects.withStroke(linewidth=2, foreground=colour)])
        if m.count is not None:
            badges.append(Circle((cx + r * 0.82, cy + r * 0.58), r * 0.38, facecolor="white",
                                 edgecolor=ink))
            ax.text(cx + r * 0.82, cy + r * 0.58, str(m.count), fontsize=11, fontweight="bold",
                    ha="center", va="center", color=ink)
        if m.leader is not None and m.leader != m.label:
            ax.text(cx, cy + r * 0.98, f"* {m.leader}", fontsize=10, fontweight="bold",
                    ha="center", va="center", color=ink,
                    bbox={"boxstyle": "round", "facecolor": "#ffd228", "edgecolor": ink})
        if m.highlight:
            rings.append(RegularPolygon((cx, cy), 6, radius=lay.size * 0.9, fill=False,
                                        edgecolor=_hex(PALETTE["yellow"]), linewidth=4))
    for group in (rings, discs, symbols, badges):
        ax.add_collection(PatchCollection(group, match_original=True))
    for a in view.arrows:
        p, q = Hex.parse(a.start), Hex.parse(a.end)
        (x1, y1), (x2, y2) = lay.point(p.x, p.row), lay.point(q.x, q.row)
        ax.add_patch(FancyArrow(x1, y1, (x2 - x1) * 0.6, (y2 - y1) * 0.6, width=5,
                                head_width=16, color="#d62020" if a.kind == "battle" else ink))
    ax.add_patch(Rectangle((0, lay.height), width, panel_h, color="#f6f3ea"))
    ax.text(16, lay.height + 26, _worded(view.panel.title), fontsize=22, fontweight="bold",
            va="center", color=ink)
    for i, line in enumerate(view.panel.lines):
        y = lay.height + 66 + 34 * i
        colour = _hex(side_colour(line.side, view.sides)) if line.side else ink
        if line.side:
            ax.add_patch(Rectangle((16, y - 9), 18, 18, facecolor=colour, edgecolor=ink))
        ax.text(46 if line.side else 16, y, _worded(line.text), fontsize=17, color=colour,
                fontweight="bold" if line.bold else "normal", va="center")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def run() -> Report:
    """Time both on positions spread over the demo game, alternating."""
    report = Report(NAME, TITLE)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        report.notes.append("matplotlib is not installed: pip install -e '.[bench]'")
        return report
    views = [v for v in boards(demo_turns())[5::34] if isinstance(v, HexBoardView)]
    render_png(views[0])  # our static layer, drawn once per scenario as in play
    matplotlib_png(views[0])  # matplotlib's fonts and caches
    ours: list[float] = []
    theirs: list[float] = []
    clock = time.perf_counter
    # In blocks, not pair by pair: a matplotlib figure churns enough memory to slow
    # whatever runs right after it. Blocks alternate so drift falls on both sides.
    with quiet_gc():
        for block in range(4):
            first_ours = block % 2 == 0
            for draw in (render_png, matplotlib_png) if first_ours else (matplotlib_png,
                                                                         render_png):
                times = ours if draw is render_png else theirs
                for view in views:
                    t0 = clock()
                    draw(view)
                    times.append(clock() - t0)
    ratio = median(theirs) / median(ours)
    report.figures.append(
        Figure(
            "ours faster than matplotlib (Samurai board, 1200 px, PNG)",
            ratio,
            ">= 15x",
            f"ours {ms(median(ours))} vs matplotlib {ms(median(theirs))} "
            f"(medians of {len(ours)} boards each)",
        )
    )
    sample = matplotlib_png(views[0])
    report.notes.append(
        f"matplotlib PNG {len(sample) // 1000} KB vs ours {len(render_png(views[0])) // 1000} KB "
        "for the same position"
    )
    return report
