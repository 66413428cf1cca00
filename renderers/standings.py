"""A league's standings as a picture: a table readable on a phone (pure; Pillow).

The caller words everything (title, subtitle, headings, cells, footer); this module only
lays it out: 720 pixels wide, so that shown about 400 wide on a phone the rows are still
set at about 15 pixels. The first column is the rank (ranks 1, 2 and 3 on a gold, silver
and bronze disc), the second the player (cut with '…' to fit), the others sized to their
widest cell and right-aligned when every cell is a number. Rows are shaded alternately;
the height grows with the rows, at most `MAX_ROWS` of them (the caller says in the footer
what was left out). The PNG is a palette one written by renderers/png.py.

`python -m renderers OUTDIR` writes the sample league (renderers/samples.py) as standings.png.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from renderers.canvas import Canvas
from renderers.colours import INK, RGB, WHITE, mix, text_on
from renderers.lettering import font, printable
from renderers.png import write_png
from renderers.shapes import disc

__all__ = [
    "MAX_ROWS",
    "WIDTH",
    "Layout",
    "StandingsPicture",
    "layout",
    "render_image",
    "render_standings",
    "shown",
    "text_width",
]

WIDTH = 720
MAX_ROWS = 32

BACKGROUND: RGB = (250, 248, 242)
SHADE: RGB = (236, 231, 218)
TITLE_BAND: RGB = INK
SUBTITLE: RGB = (206, 210, 216)
HEADER_BAND: RGB = (70, 74, 84)
FOOTER: RGB = (84, 88, 96)
RULE: RGB = (190, 182, 160)
MEDALS: dict[int, RGB] = {1: (226, 178, 34), 2: (182, 186, 194), 3: (196, 126, 66)}

PAD = 24  # left and right margin
TITLE_SIZE = 38
SUBTITLE_SIZE = 26
HEADER_SIZE = 24
ROW_SIZE = 28  # shrinks (to MIN_ROW_SIZE) only when the columns would squeeze the names
MIN_ROW_SIZE = 22
FOOTER_SIZE = 24
MIN_NAME_WIDTH = 200

INSET = 0.35  # of the text size, between a cell's text and its column's edge

_NUMBER = re.compile(r"[+\-\u2212\u00b1]?\s?\d[\d.,\u00a0 ]*%?|[\u2014\u2013-]")


@dataclass(frozen=True)
class StandingsPicture:
    """Everything the standings picture shows, already worded."""

    title: str  # worded by the caller ("Autumn League — standings")
    subtitle: str  # e.g. "Round 3 of 5 · Samurai Battles"
    headers: tuple[str, ...]  # worded column headings
    rows: tuple[tuple[str, ...], ...]  # worded cells, first column the rank, second the player
    footer: str = ""  # e.g. tie-break order


@dataclass(frozen=True)
class Layout:
    """Where things go: for tests and for the drawing itself."""

    size: int  # the rows' text size
    columns: tuple[tuple[float, float], ...]  # each column's left and right edge
    align: tuple[str, ...]  # "l", "m" or "r" per column
    header_top: int
    rows_top: int
    row_height: int
    shown: int  # rows drawn (at most MAX_ROWS)
    footer_lines: tuple[str, ...]
    footer_top: int
    height: int


# The words are the caller's, so marks such as '·', '—' and '−' are kept whenever the
# font has them (the shared board helpers swap them for ASCII stand-ins everywhere);
# characters it lacks (other scripts, emoji) still get lettering.printable's stand-ins.


@lru_cache(maxsize=1)
def _missing() -> bytes:
    return _glyph("\uffff")


@lru_cache(maxsize=1024)
def _glyph(ch: str) -> bytes:
    im = Image.new("L", (48, 48))
    Canvas(im).text((8, 8), ch, font=font(24), fill=255)
    return im.tobytes()


@lru_cache(maxsize=1024)
def _shown_char(ch: str) -> str:
    if ch.isspace() or ch.isascii() or _glyph(ch) != _missing():
        return ch
    return printable(ch)


def shown(text: str) -> str:
    """Return `text` as drawn: characters the font lacks replaced by readable stand-ins."""
    return "".join(_shown_char(ch) for ch in text)


def _stroke(size: int, bold: bool) -> float:
    # No bold face: a thin stroke in the text colour stands in (as in lettering.py).
    return max(0.5, round(size / 30, 1)) if bold else 0.0


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, *, bold: bool = False) -> float:
    """Return the advance width of `text` as drawn at `size`."""
    return float(font(size).getlength(shown(text))) + 2 * _stroke(size, bold)


def fit_text(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """Shorten `text` with a trailing '…' until it fits `max_width`."""
    text = shown(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    while len(text) > 1 and text_width(text.rstrip() + "\u2026", size, bold=bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def draw_text(
    draw: Canvas, xy: tuple[float, float], text: str, size: int, fill: RGB, *,
    bold: bool = False, anchor: str = "lm"
) -> None:
    """Draw `text` at `xy` (anchored as Pillow anchors), faux-bold when asked."""
    stroke = _stroke(size, bold)
    draw.text(xy, shown(text), font=font(size), fill=fill, anchor=anchor,
              stroke_width=stroke, stroke_fill=fill)


def _numeric(cells: list[str]) -> bool:
    filled = [c.strip() for c in cells if c.strip()]
    return bool(filled) and all(_NUMBER.fullmatch(c) for c in filled)


def _wrap(text: str, size: int, width: float) -> list[str]:
    """Break `text` into lines no wider than `width` (a word too long is cut with '…')."""
    lines: list[str] = []
    for paragraph in text.splitlines():
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(fit_text(line, size, width))
    return [line for line in lines if line.strip()] if text.strip() else []


def _widths(picture: StandingsPicture, size: int, shown: int) -> list[float]:
    gap = size * INSET * 2
    widths: list[float] = []
    for c, header in enumerate(picture.headers):
        cells = [row[c] for row in picture.rows[:shown]]
        widest = max((text_width(cell, size) for cell in cells), default=0.0)
        widest = max(widest, text_width(header, HEADER_SIZE, bold=True))
        if c == 0:
            widest = max(widest, size * 1.5)  # the medal disc
        widths.append(widest + gap)
    return widths


def layout(picture: StandingsPicture) -> Layout:
    """Work out the picture's columns, bands and height."""
    if len(picture.headers) < 2:
        raise ValueError("a standings picture has a rank and a player column at least")
    for row in picture.rows:
        if len(row) != len(picture.headers):
            raise ValueError(f"a row has {len(row)} cells for {len(picture.headers)} headings")
    shown = min(len(picture.rows), MAX_ROWS)
    inner = WIDTH - 2 * PAD
    size = ROW_SIZE
    widths = _widths(picture, size, shown)
    while size > MIN_ROW_SIZE and inner - (sum(widths) - widths[1]) < MIN_NAME_WIDTH:
        size -= 1
        widths = _widths(picture, size, shown)
    widths[1] = max(inner - (sum(widths) - widths[1]), 0.0)
    columns: list[tuple[float, float]] = []
    x = float(PAD)
    for w in widths:
        columns.append((x, x + w))
        x += w
    align = ["m", "l"] + [
        "r" if _numeric([row[c] for row in picture.rows[:shown]]) else "m"
        for c in range(2, len(picture.headers))
    ]
    header_top = round(TITLE_SIZE * 1.55 + SUBTITLE_SIZE * 1.45 + 20)
    rows_top = header_top + round(HEADER_SIZE * 1.9)
    row_height = round(size * 1.6)
    footer_lines = tuple(_wrap(picture.footer, FOOTER_SIZE, inner))
    footer_top = rows_top + shown * row_height + 14
    height = footer_top + round(len(footer_lines) * FOOTER_SIZE * 1.4) + 14
    return Layout(
        size=size,
        columns=tuple(columns),
        align=tuple(align),
        header_top=header_top,
        rows_top=rows_top,
        row_height=row_height,
        shown=shown,
        footer_lines=footer_lines,
        footer_top=footer_top,
        height=height,
    )


def _place(column: tuple[float, float], align: str, size: int) -> tuple[float, str]:
    """The x to anchor a cell's text at, and the anchor, for a column's alignment."""
    inset = size * INSET
    left, right = column
    if align == "l":
        return left + inset, "lm"
    if align == "r":
        return right - inset, "rm"
    return (left + right) / 2, "mm"


def _medal(rank_cell: str) -> RGB | None:
    digits = re.search(r"\d+", rank_cell)
    return MEDALS.get(int(digits.group())) if digits else None


def render_image(picture: StandingsPicture) -> Image.Image:
    """Draw the standings as an RGB image WIDTH pixels wide."""
    lay = layout(picture)
    image = Image.new("RGB", (WIDTH, lay.height), BACKGROUND)
    draw = Canvas(image)
    inner = WIDTH - 2 * PAD
    # The title band: title and subtitle, each cut to the width.
    draw.rectangle((0, 0, WIDTH, lay.header_top), fill=TITLE_BAND)
    title_y = 14 + TITLE_SIZE * 0.7
    title = fit_text(picture.title, TITLE_SIZE, inner, bold=True)
    draw_text(draw, (PAD, title_y), title, TITLE_SIZE, WHITE, bold=True, anchor="lm")
    subtitle_y = title_y + TITLE_SIZE * 0.6 + SUBTITLE_SIZE * 0.95
    subtitle = fit_text(picture.subtitle, SUBTITLE_SIZE, inner)
    draw_text(draw, (PAD, subtitle_y), subtitle, SUBTITLE_SIZE, SUBTITLE, anchor="lm")
    # The headings.
    draw.rectangle((0, lay.header_top, WIDTH, lay.rows_top - 1), fill=HEADER_BAND)
    header_y = (lay.header_top + lay.rows_top) / 2
    for c, header in enumerate(picture.headers):
        column = lay.columns[c]
        x, anchor = _place(column, lay.align[c], lay.size)
        room = column[1] - column[0] - lay.size * INSET * 2 + 1
        words = fit_text(header, HEADER_SIZE, room, bold=True)
        draw_text(draw, (x, header_y), words, HEADER_SIZE, WHITE, bold=True, anchor=anchor)
    # The rows.
    for r, row in enumerate(picture.rows[: lay.shown]):
        top = lay.rows_top + r * lay.row_height
        if r % 2:
            draw.rectangle((0, top, WIDTH, top + lay.row_height - 1), fill=SHADE)
        y = top + lay.row_height / 2
        medal = _medal(row[0])
        for c, cell in enumerate(row):
            column = lay.columns[c]
            room = column[1] - column[0] - lay.size * INSET * 2 + 1
            x, anchor = _place(column, lay.align[c], lay.size)
            ink = INK
            if c == 0 and medal is not None:
                disc(draw, x, y, lay.size * 0.72, medal, outline=INK, width=1)
                ink = text_on(medal)
            words = fit_text(cell, lay.size, room, bold=c == 0)
            draw_text(draw, (x, y), words, lay.size, ink, bold=c == 0, anchor=anchor)
    bottom = lay.rows_top + lay.shown * lay.row_height
    draw.line(((0, bottom), (WIDTH, bottom)), fill=RULE, width=2)
    for i, line in enumerate(lay.footer_lines):
        y = lay.footer_top + (i + 0.5) * FOOTER_SIZE * 1.4
        draw_text(draw, (PAD, y), line, FOOTER_SIZE, FOOTER, anchor="lm")
    return image


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Return the one palette every standings picture is encoded with (as a 1x1 image).

    The picture's own colours exactly, and 11 steps of anti-aliasing between each ink and
    the ground it is drawn on: so the grounds stay their colour and every picture is
    encoded alike (a picture's pixels depend on nothing but its own words).
    """
    pairs: list[tuple[RGB, RGB]] = [
        (INK, BACKGROUND), (INK, SHADE), (WHITE, TITLE_BAND), (SUBTITLE, TITLE_BAND),
        (WHITE, HEADER_BAND), (FOOTER, BACKGROUND), (RULE, BACKGROUND), (RULE, SHADE),
    ]
    for medal in MEDALS.values():
        pairs += [(medal, BACKGROUND), (medal, SHADE), (INK, medal), (text_on(medal), medal)]
    colours: list[RGB] = []
    for ink, ground in pairs:
        for step in range(13):
            colour = mix(ground, ink, step / 12)
            if colour not in colours:
                colours.append(colour)
    if len(colours) > 256:
        raise RuntimeError(f"{len(colours)} colours do not fit a PNG palette")
    carrier = Image.new("P", (1, 1))
    carrier.putpalette([v for colour in colours for v in colour])
    return carrier


def render_standings(picture: StandingsPicture) -> bytes:
    """Draw the standings and encode them as a palette PNG (the same bytes every time)."""
    image = render_image(picture)
    return write_png(image.quantize(palette=palette(), dither=Image.Dither.NONE))

