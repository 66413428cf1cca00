"""Statistics as a picture: results as shared bars and ratings as small line charts (pure; Pillow).

The caller words everything (title, headings, legends, notes, axis words); this module lays it
out 720 pixels wide, as the standings picture (renderers/standings.py), so that shown about
400 wide on a phone its words are still set at about 12 pixels or more. A picture is a title
band and sections, one under the other:

- a bar section: one bar per row (a game system, a side), each cut into shares of its total
  in the legend's colours (won / drawn / lost, or the sides of a scenario), a share's count
  written inside it where it fits; the legend under the section names the colours;
- a chart section: one small line chart per row (a rating after each game), the first and
  last values and the highest and lowest written on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from renderers.canvas import Canvas
from renderers.colours import INK, PALETTE, RGB, WHITE, side_colour, text_on
from renderers.png import encode_png
from renderers.standings import (
    BACKGROUND,
    FOOTER,
    FOOTER_SIZE,
    HEADER_BAND,
    PAD,
    RULE,
    SUBTITLE,
    SUBTITLE_SIZE,
    TITLE_BAND,
    TITLE_SIZE,
    draw_text,
    fit_text,
    text_width,
)

__all__ = ["WIDTH", "Bar", "BarSection", "Chart", "ChartSection", "StatsPicture", "colour_of",
           "render_stats", "section_tops", "wrap"]

WIDTH = 720
HEADING_SIZE = 26
LABEL_SIZE = 24
COUNT_SIZE = 22
AXIS_SIZE = 20
BAR_HEIGHT = 34
CHART_HEIGHT = 150
LINE = (36, 92, 204)
GRID = (222, 216, 200)
EMPTY = (232, 228, 218)
# The colours of results; a seat's colour is its own (renderers/colours.py side_colour).
RESULT_COLOURS: dict[str, RGB] = {
    "won": PALETTE["green"], "drawn": (150, 150, 154), "lost": PALETTE["red"],
}


@dataclass(frozen=True)
class Bar:
    """One bar: a label over it, a note at its right (e.g. "24 games"), and its counts, one
    for each entry of its section's legend."""

    label: str
    counts: tuple[int, ...]
    note: str = ""


@dataclass(frozen=True)
class BarSection:
    """Bars that share a legend: (colour key, worded name) per share, in order.

    A colour key is `won`, `drawn`, `lost`, or `seat:<seat id>` (the seat's own colour).
    """

    heading: str
    legend: tuple[tuple[str, str], ...]
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class Chart:
    """One small line chart: a label, its values in order, and the worded values to write at
    its first, lowest, highest and last points (the caller words numbers)."""

    label: str
    values: tuple[float, ...]
    worded: tuple[str, ...]  # one per value


@dataclass(frozen=True)
class ChartSection:
    """Line charts under one heading, with the words under each chart's axis."""

    heading: str
    axis: str
    charts: tuple[Chart, ...]


@dataclass(frozen=True)
class StatsPicture:
    """Everything a statistics picture shows, already worded."""

    title: str
    subtitle: str
    sections: tuple[BarSection | ChartSection, ...]
    footer: str = ""


def colour_of(key: str, legend: tuple[tuple[str, str], ...]) -> RGB:
    """Return the colour of a legend key: a result's, or a seat's own (told apart by order)."""
    if key in RESULT_COLOURS:
        return RESULT_COLOURS[key]
    seats = {k.removeprefix("seat:"): "" for k, _ in legend if k.startswith("seat:")}
    return side_colour(key.removeprefix("seat:"), seats)


def _title_height() -> int:
    return round(TITLE_SIZE * 1.55 + SUBTITLE_SIZE * 1.45 + 20)


def _bar_row_height() -> int:
    return round(LABEL_SIZE * 1.5) + BAR_HEIGHT + 14


def _legend_height() -> int:
    return round(LABEL_SIZE * 1.6)


def _chart_row_height() -> int:
    return round(LABEL_SIZE * 1.5) + CHART_HEIGHT + round(AXIS_SIZE * 1.5) + 10


def _section_height(section: BarSection | ChartSection) -> int:
    heading = round(HEADING_SIZE * 1.9)
    if isinstance(section, BarSection):
        return heading + len(section.bars) * _bar_row_height() + _legend_height() + 8
    axis = len(wrap(section.axis, AXIS_SIZE, WIDTH - 2 * PAD))
    return heading + len(section.charts) * _chart_row_height() + round(axis * AXIS_SIZE * 1.4)


def wrap(text: str, size: int, width: float) -> list[str]:
    """Break `text` into lines no wider than `width` at spaces (a word too long is cut)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return [fit_text(line, size, width) for line in lines]


def section_tops(picture: StatsPicture) -> tuple[tuple[int, ...], int]:
    """Return where each section starts and the picture's height (for tests and drawing)."""
    tops: list[int] = []
    y = _title_height() + 12
    for section in picture.sections:
        tops.append(y)
        y += _section_height(section) + 10
    footer = len(wrap(picture.footer, FOOTER_SIZE, WIDTH - 2 * PAD))
    return tuple(tops), y + round(footer * FOOTER_SIZE * 1.4) + 10


def _draw_title(draw: Canvas, picture: StatsPicture) -> None:
    inner = WIDTH - 2 * PAD
    draw.rectangle((0, 0, WIDTH, _title_height()), fill=TITLE_BAND)
    title_y = 14 + TITLE_SIZE * 0.7
    draw_text(draw, (PAD, title_y), fit_text(picture.title, TITLE_SIZE, inner, bold=True),
              TITLE_SIZE, WHITE, bold=True)
    subtitle_y = title_y + TITLE_SIZE * 0.6 + SUBTITLE_SIZE * 0.95
    draw_text(draw, (PAD, subtitle_y), fit_text(picture.subtitle, SUBTITLE_SIZE, inner),
              SUBTITLE_SIZE, SUBTITLE)


def _draw_heading(draw: Canvas, top: int, heading: str) -> int:
    """Draw a section's heading band; return the y under it."""
    bottom = top + round(HEADING_SIZE * 1.6)
    draw.rectangle((0, top, WIDTH, bottom), fill=HEADER_BAND)
    draw_text(draw, (PAD, (top + bottom) / 2),
              fit_text(heading, HEADING_SIZE, WIDTH - 2 * PAD, bold=True),
              HEADING_SIZE, WHITE, bold=True)
    return top + round(HEADING_SIZE * 1.9)


def _draw_label(draw: Canvas, y: float, label: str, note: str) -> None:
    """Draw a row's label at the left and its note at the right, the label cut to fit."""
    inner = WIDTH - 2 * PAD
    note_width = text_width(note, LABEL_SIZE) if note else 0.0
    room = inner - note_width - (LABEL_SIZE if note else 0)
    draw_text(draw, (PAD, y), fit_text(label, LABEL_SIZE, room, bold=True), LABEL_SIZE, INK,
              bold=True)
    if note:
        draw_text(draw, (WIDTH - PAD, y), note, LABEL_SIZE, FOOTER, anchor="rm")


def _draw_bar(draw: Canvas, top: int, bar: Bar, legend: tuple[tuple[str, str], ...]) -> None:
    """Draw one bar: its shares side by side, each count inside its share where it fits."""
    _draw_label(draw, top + LABEL_SIZE * 0.75, bar.label, bar.note)
    y0 = top + round(LABEL_SIZE * 1.5)
    y1 = y0 + BAR_HEIGHT
    left, right = PAD, WIDTH - PAD
    total = sum(bar.counts)
    if total <= 0:
        draw.rectangle((left, y0, right, y1), fill=EMPTY, outline=RULE)
        return
    x = float(left)
    for (key, _), count in zip(legend, bar.counts, strict=True):
        if count <= 0:
            continue
        width = (right - left) * count / total
        colour = colour_of(key, legend)
        draw.rectangle((round(x), y0, round(x + width) - 1, y1), fill=colour)
        words = str(count)
        if text_width(words, COUNT_SIZE, bold=True) + 8 <= width:
            draw_text(draw, (x + width / 2, (y0 + y1) / 2), words, COUNT_SIZE,
                      text_on(colour), bold=True, anchor="mm")
        x += width
    draw.rectangle((left, y0, right, y1), outline=INK, width=1)


def _draw_legend(draw: Canvas, y: float, legend: tuple[tuple[str, str], ...]) -> None:
    """Draw the legend on one line: a square of each colour and its name, one after the
    other; names cut to equal shares of the line only when they do not all fit."""
    square = LABEL_SIZE * 0.7
    gap = LABEL_SIZE * 1.2
    inner = WIDTH - 2 * PAD
    widths = [square + LABEL_SIZE * 0.3 + text_width(name, LABEL_SIZE) for _, name in legend]
    fits = sum(widths) + gap * (len(legend) - 1) <= inner
    room = inner / max(len(legend), 1)
    x = float(PAD)
    for (key, name), width in zip(legend, widths, strict=True):
        draw.rectangle((x, y - square / 2, x + square, y + square / 2),
                       fill=colour_of(key, legend), outline=INK)
        words = name if fits else fit_text(name, LABEL_SIZE, room - square - LABEL_SIZE * 0.8)
        draw_text(draw, (x + square + LABEL_SIZE * 0.3, y), words, LABEL_SIZE, INK)
        x += width + gap if fits else room


def _draw_bars(draw: Canvas, top: int, section: BarSection) -> None:
    y = _draw_heading(draw, top, section.heading)
    for bar in section.bars:
        _draw_bar(draw, y, bar, section.legend)
        y += _bar_row_height()
    _draw_legend(draw, y + _legend_height() / 2, section.legend)


def _scale(values: tuple[float, ...]) -> tuple[float, float]:
    """Return the lowest and highest value a chart's height spans (a flat line sits mid-way)."""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return low - 1, high + 1
    return low, high


def _points(chart: Chart, box: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    left, top, right, bottom = box
    low, high = _scale(chart.values)
    count = len(chart.values)
    step = (right - left) / (count - 1) if count > 1 else 0.0
    return [(left + i * step if count > 1 else (left + right) / 2,
             bottom - (v - low) / (high - low) * (bottom - top))
            for i, v in enumerate(chart.values)]


def _marked(chart: Chart) -> list[int]:
    """Return the points whose values are written: first, lowest, highest and last, once each."""
    values = chart.values
    picks = [0, values.index(min(values)), values.index(max(values)), len(values) - 1]
    return sorted(set(picks))


def _draw_chart(draw: Canvas, top: int, chart: Chart) -> None:
    """Draw one line chart under its label: a frame, the line, dots, and marked values."""
    _draw_label(draw, top + LABEL_SIZE * 0.75, chart.label, "")
    box = (PAD + 8, top + round(LABEL_SIZE * 1.5) + 10, WIDTH - PAD - 8,
           top + round(LABEL_SIZE * 1.5) + CHART_HEIGHT - 6)
    draw.rectangle((PAD, box[1] - 10, WIDTH - PAD, box[3] + 6), fill=WHITE, outline=RULE)
    for f in (0.25, 0.5, 0.75):
        y = box[1] + (box[3] - box[1]) * f
        draw.line(((PAD + 1, y), (WIDTH - PAD - 1, y)), fill=GRID, width=1)
    if not chart.values:
        return
    # Room above the highest point and below the lowest for their values.
    points = _points(chart, (box[0], box[1] + AXIS_SIZE + 6, box[2], box[3] - AXIS_SIZE - 6))
    if len(points) > 1:
        draw.line(points, fill=LINE, width=4, joint="curve")
    radius = 4 if len(points) <= 60 else 2
    for x, y in points:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=LINE)
    _mark_values(draw, chart, points, box)


def _mark_values(draw: Canvas, chart: Chart, points: list[tuple[float, float]],
                 box: tuple[int, int, int, int]) -> None:
    """Write the marked values beside their points: the last, highest, lowest and first, in
    that order, each left out where it would cover one already written."""
    low_at = chart.values.index(min(chart.values))
    taken: list[tuple[float, float, float, float]] = []
    for i in sorted(_marked(chart), key=lambda i: (i != len(points) - 1,
                                                   chart.values[i] != max(chart.values),
                                                   i != low_at)):
        x, y = points[i]
        words = chart.worded[i] if i < len(chart.worded) else ""
        width = text_width(words, AXIS_SIZE, bold=True)
        side = "l" if x - width / 2 < box[0] else ("r" if x + width / 2 > box[2] else "m")
        below = i == low_at and len(points) > 1
        left = {"l": x, "m": x - width / 2, "r": x - width}[side]
        top = y + 8 if below else y - 8 - AXIS_SIZE
        area = (left - 4, top, left + width + 4, top + AXIS_SIZE)
        if any(area[0] < t[2] and t[0] < area[2] and area[1] < t[3] and t[1] < area[3]
               for t in taken):
            continue
        taken.append(area)
        draw_text(draw, (x, y + 8 if below else y - 8), words, AXIS_SIZE, INK, bold=True,
                  anchor=side + ("a" if below else "d"))


def _draw_charts(draw: Canvas, top: int, section: ChartSection) -> None:
    y = _draw_heading(draw, top, section.heading)
    for chart in section.charts:
        _draw_chart(draw, y, chart)
        y += _chart_row_height()
    for i, line in enumerate(wrap(section.axis, AXIS_SIZE, WIDTH - 2 * PAD)):
        draw_text(draw, (PAD, y + AXIS_SIZE * (0.2 + 1.4 * i)), line, AXIS_SIZE, FOOTER)


def render_image(picture: StatsPicture) -> Image.Image:
    """Draw the statistics as an RGB image WIDTH pixels wide."""
    tops, height = section_tops(picture)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = Canvas(image)
    _draw_title(draw, picture)
    for top, section in zip(tops, picture.sections, strict=True):
        if isinstance(section, BarSection):
            _draw_bars(draw, top, section)
        else:
            _draw_charts(draw, top, section)
    lines = wrap(picture.footer, FOOTER_SIZE, WIDTH - 2 * PAD)
    for i, line in enumerate(lines):
        y = height - 10 - (len(lines) - i - 0.5) * FOOTER_SIZE * 1.4
        draw_text(draw, (PAD, y), line, FOOTER_SIZE, FOOTER)
    return image


def render_stats(picture: StatsPicture) -> bytes:
    """Draw the statistics and encode them as a palette PNG (the same bytes every time)."""
    return encode_png(render_image(picture))
