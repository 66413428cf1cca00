"""The side panel of a board: its lines, side names in their colours, and its height."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from renderers.caches import LayerCache, Painter
from renderers.canvas import Canvas, Point
from renderers.colours import INK, RGB, readable_on, side_colour
from renderers.legibility import smallest
from renderers.lettering import draw_text, fit_text, lay_out, plain, text_width
from renderers.pieces import piece, values
from rules.core.board import Panel, PanelLine

PANEL_BG: RGB = (246, 243, 234)
PANEL_RULE: RGB = (190, 182, 160)
LONG_PANEL = 10  # lines from which a panel's text is set smaller


@dataclass(frozen=True)
class _PanelMetrics:
    pad: int
    title_size: int
    line_size: int
    line_h: int
    columns: int
    rows: int
    col_w: float
    height: int


# A panel's metrics by its title, lines and width (asked twice a board: height, drawing).
_METRICS: LayerCache[_PanelMetrics] = LayerCache(maxsize=256)


def _panel_metrics(panel: Panel, width: int) -> _PanelMetrics:
    """Return where the panel's title and lines go under a board `width` pixels wide."""
    key = (panel.title, tuple(values(ln) for ln in panel.lines), width)
    return _METRICS.get(key, lambda: _measure(panel, width))


def _measure(panel: Panel, width: int) -> _PanelMetrics:
    title_size = max(16, round(width / 34))
    # A long panel (a legend of many lines) is set smaller, so the picture stays readable
    # in a phone's height and small enough to upload quickly, though never below the
    # smallest a phone can read (renderers/legibility.py).
    line_size = max(14, round(width / (42 if len(panel.lines) < LONG_PANEL else 54)),
                    smallest(width))
    pad = max(8, round(width / 60))
    line_h = round(line_size * 1.45)
    swatch = line_size
    widest = max(
        (
            text_width(plain(ln.text), line_size, bold=ln.bold) + (swatch * 1.5 if ln.side else 0)
            for ln in panel.lines
        ),
        default=0.0,
    )
    gap = line_size * 2
    avail = width - 2 * pad
    n = len(panel.lines)
    columns = max(1, min(n, int((avail + gap) // (widest + gap)) if widest else 1, 3))
    rows = math.ceil(n / columns) if n else 0
    col_w = (avail + gap) / columns
    title_h = round(title_size * 1.5) if panel.title else 0
    height = (pad * 2 + title_h + rows * line_h) if (panel.title or n) else 0
    return _PanelMetrics(pad, title_size, line_size, line_h, columns, rows, col_w, height)


# Numbers a panel's lines are most likely to show (turns, counts, points).
NUMBERS = tuple(str(n) for n in range(100))


def lay_out_vocabulary(panel: Panel, width: int, *names: str) -> None:
    """Lay out a scenario's panel words, its `names` and the small numbers, at both line sizes.

    Called when the scenario's static layer is drawn, so that a turn sets its panel
    from words already laid out (`lettering.lay_out`).
    """
    words = {w for ln in panel.lines for w in plain(ln.text).split()}
    words |= {w for name in names for w in name.split()}
    words.update(NUMBERS)
    for lines in (0, LONG_PANEL):  # a short panel's size and a long one's
        size = _panel_metrics(panel.model_copy(update={"lines": panel.lines[:1] * lines}),
                              width).line_size
        for bold in (False, True):
            lay_out(sorted(words), size, bold=bold)
    if panel.title:
        lay_out(plain(panel.title).split(), _panel_metrics(panel, width).title_size, bold=True)


def panel_height(panel: Panel, width: int) -> int:
    """Return the height in pixels the panel needs under a board `width` pixels wide."""
    return _panel_metrics(panel, width).height


def _side_words(text: str, sides: Mapping[str, str]) -> list[tuple[str, str | None]]:
    """Split a line into runs, tagging whole words that name a side with that side."""
    names = {name.lower(): name for name in sides}
    out: list[tuple[str, str | None]] = []
    plain = ""
    for token in _split_words(text):
        key = token.lower()
        if key in names:
            if plain:
                out.append((plain, None))
                plain = ""
            out.append((token, names[key]))
        else:
            plain += token
    if plain:
        out.append((plain, None))
    return out


def _split_words(text: str) -> list[str]:
    return re.findall(r"\w+|\W+", text)


def draw_panel(
    draw: Canvas,
    panel: Panel,
    sides: Mapping[str, str],
    top: int,
    width: int,
    *,
    filled: bool = False,
) -> None:
    """Draw the panel as a band `width` wide starting at `top`: title, then lines in columns.

    `filled` says the band is PANEL_BG already (a new image made in that colour).
    Its lines are drawn word by word from cached sprites: a board drawn over the last
    one (renderers/layers.py) draws only the lines that changed.
    """
    m = _panel_metrics(panel, width)
    if not m.height:
        return
    if not filled:
        draw.rectangle((0, top, width, top + m.height), fill=PANEL_BG)
    draw.line(((0, top), (width, top)), fill=PANEL_RULE, width=max(2, m.pad // 6))

    # Each line is a piece (renderers/pieces.py): most lines read the same turn after turn.
    named = tuple(sides.items())
    y = top + m.pad
    if panel.title:
        title = plain(panel.title)
        at = (float(m.pad), y + m.title_size / 2)
        piece(draw, ("title", title, m.title_size, at, named),
              lambda: _draw_runs(draw, at, title, m.title_size, True, sides))
        y += round(m.title_size * 1.5)
    for i, ln in enumerate(panel.lines):
        col, row = divmod(i, m.rows)
        x = m.pad + col * m.col_w
        ly = y + row * m.line_h + m.line_h / 2
        piece(draw, ("line", values(ln), x, ly, m.line_size, m.col_w, named),
              functools.partial(_draw_line, draw, ln, (x, ly), m, sides))


def _draw_line(draw: Canvas, ln: PanelLine, at: Point, m: _PanelMetrics,
               sides: Mapping[str, str]) -> None:
    """Draw one of the panel's lines at `at` (its left end, mid-height), cut to its column."""
    size = m.line_size
    max_w = m.col_w - size * 2
    if ln.side is not None:
        c = side_colour(ln.side, sides)
        text = fit_text(plain(ln.text), size, max_w - size * 1.5, bold=ln.bold)
        _side_line(text, size, ln.bold, c)(draw, at[0], at[1])
        return
    text = fit_text(plain(ln.text), size, max_w, bold=ln.bold)
    _draw_runs(draw, at, text, size, ln.bold, sides)


def _side_line(text: str, size: int, bold: bool, c: RGB) -> Painter:
    """Paint a panel line tinted with a side: its swatch, then its text."""

    def paint(draw: Canvas, x: float, ly: float) -> None:
        draw.rounded_rectangle(
            (x, ly - size * 0.45, x + size * 0.9, ly + size * 0.45),
            radius=size * 0.2,
            fill=c,
            outline=INK,
            width=1,
        )
        ink = readable_on(c, PANEL_BG)
        draw_text(draw, (x + size * 1.5, ly), text, size, ink, bold=bold, anchor="lm")

    return paint


def _draw_runs(
    draw: Canvas,
    xy: Point,
    text: str,
    size: int,
    bold: bool,
    sides: Mapping[str, str],
) -> None:
    """Draw a line left-aligned at `xy`, with side names in bold in their side's colour."""
    x, y = xy
    for run, side in _side_words(text, sides):
        if side is None:
            draw_text(draw, (x, y), run, size, INK, bold=bold, anchor="lm")
        else:
            ink = readable_on(side_colour(side, sides), PANEL_BG)
            draw_text(draw, (x, y), run, size, ink, bold=True, anchor="lm")
        x += text_width(run, size, bold=bold or side is not None)
