"""Drawing pieces shared by the hex board and the tabletop renderers.

Everything here draws onto an `ImageDraw.ImageDraw` the caller owns; nothing keeps
state except the per-thread font cache and the bounded static-layer cache.
"""

from __future__ import annotations

import io
import math
import re
import threading
import unicodedata
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from PIL import Image, ImageChops, ImageColor, ImageDraw, ImageFont

from rules.core.board import Panel, Shape, Text

RGB = tuple[int, int, int]
Point = tuple[float, float]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (28, 30, 34)
HIGHLIGHT: RGB = (255, 214, 0)
BATTLE_RED: RGB = (214, 32, 32)

# ---------------------------------------------------------------------------
# Fonts and text


def plain(text: Text) -> str:
    """Return words on a picture, which the bot must have worded before drawing."""
    if isinstance(text, str):
        return text
    raise TypeError(f"word the board view before drawing it: {text!r}")


class Canvas(ImageDraw.ImageDraw):
    """A drawing context that keeps its image, so text can be pasted from cached sprites."""

    def __init__(self, image: Image.Image, mode: str | None = None) -> None:
        super().__init__(image, mode)
        self.image = image

    def polygon(
        self,
        xy: Any,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        """Draw a polygon as Pillow's ImageDraw.polygon does, pixel for pixel.

        An outline wider than one pixel is kept inside the shape through a mask of the
        polygon: Pillow makes a new mask the size of the whole image for each one (a
        board-sized fill for every unit block). Here the mask is kept blank between
        polygons, per thread and size: the polygon is filled into it, used, and filled
        out again with 0 (the same pixels), so the mask each outline sees is the same.
        """
        ink, fill_ink = self._getink(outline, fill)
        if fill_ink is not None:
            self.draw.draw_polygon(xy, fill_ink, 1)
        if ink is None or ink == fill_ink or width == 0:
            return
        if width == 1:
            self.draw.draw_polygon(xy, ink, 0, width)
            return
        mask_draw = _blank_mask(self.image.size)
        mask_ink = self._getink(1)[0]
        mask_draw.draw.draw_polygon(xy, mask_ink, 1)
        try:
            self.draw.draw_polygon(xy, ink, 0, width * 2 - 1, mask_draw.image.im)
        finally:
            mask_draw.draw.draw_polygon(xy, 0, 1)


_masks = threading.local()


def _blank_mask(size: tuple[int, int]) -> Canvas:
    """Return this thread's blank 1-bit mask of `size`, with its drawing context."""
    kept: dict[tuple[int, int], Canvas] | None = getattr(_masks, "by_size", None)
    if kept is None:
        kept = _masks.by_size = {}
    found = kept.get(size)
    if found is None:
        if len(kept) >= 8:
            kept.clear()
        found = kept[size] = Canvas(Image.new("1", size))
    return found


_fonts = threading.local()


def _face_path() -> str | None:
    """Return the Roboto face shipped by the font-roboto package (accented Latin), if present."""
    try:
        import font_roboto
    except ImportError:
        return None
    path: str = font_roboto.Roboto
    return path


_FACE = _face_path()


def font(size: int) -> ImageFont.FreeTypeFont:
    """Return the board font at `size` pixels (cached per thread).

    Roboto (from the font-roboto package) covers Portuguese accents; Pillow's scalable
    default font, which covers ASCII only, stands in when it is missing.
    """
    # One cache per thread: a FreeType face is not safe to share between threads.
    cache: dict[int, ImageFont.FreeTypeFont] | None = getattr(_fonts, "cache", None)
    if cache is None:
        cache = {}
        _fonts.cache = cache
    found = cache.get(size)
    if found is None:
        loaded = ImageFont.truetype(_FACE, size) if _FACE else ImageFont.load_default(size=size)
        if not isinstance(loaded, ImageFont.FreeTypeFont):
            raise RuntimeError("Pillow was built without FreeType; board text needs it")
        found = cache[size] = loaded
    return found


# Characters the font lacks (the embedded default covers printable ASCII only) get
# stand-ins that read well in their place; anything else falls back to its
# unaccented letter ("Ação" -> "Acao").
_FALLBACK: dict[str, str] = {
    "\u2014": "-",  # em dash
    "\u2013": "-",  # en dash
    "\u2212": "-",  # minus
    "\u00bd": "1/2",
    "\u00bc": "1/4",
    "\u00be": "3/4",
    "\u2153": "1/3",
    "\u2154": "2/3",
    "\u00d7": "x",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2022": "*",
    "\u00b7": "*",
    "\u00a0": " ",
    "\u00b0": "",
    "\u00df": "ss",
    "\u00e6": "ae",
    "\u00c6": "AE",
    "\u0153": "oe",
    "\u0152": "OE",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u0142": "l",
    "\u0141": "L",
    "\u0111": "d",
    "\u0110": "D",
}


def _glyph_picture(ch: str) -> bytes:
    im = Image.new("L", (48, 48))
    ImageDraw.Draw(im).text((8, 8), ch, font=font(24), fill=255)
    return im.tobytes()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return _glyph_picture("\uffff")


@lru_cache(maxsize=4096)
def _printable(ch: str) -> str:
    if ch in _FALLBACK:
        return _FALLBACK[ch]
    if _glyph_picture(ch) != _missing_glyph():
        return ch
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if base and base != ch and all(_printable(c) == c for c in base):
        return base
    return "?"


def printable(text: str) -> str:
    """Return `text` with characters the default font lacks replaced by readable stand-ins."""
    if text.isascii():
        return text
    return "".join(_printable(c) for c in text)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, *, bold: bool = False) -> float:
    """Return the advance width of `text` drawn by `draw_text` at `size`.

    Text with spaces is measured as `draw_text` sets it, word by word from cached
    advances (`_words`): a panel line is new on most turns, and laying out a whole
    long line costs FreeType about 0.3 ms, where its words are mostly known.
    """
    text = printable(text)
    stroke = _bold_stroke(size) * 2 if bold else 0
    if " " in text:
        return sum(_advance(token, size) for token in _TOKENS.findall(text)) + stroke
    return font(size).getlength(text) + stroke


def _bold_stroke(size: int) -> float:
    # The default font has no bold face; a thin stroke in the text colour stands in.
    return max(0.5, round(size / 30, 1))


@dataclass(frozen=True)
class _Sprite:
    """Coverage masks of one piece of text, placed relative to its anchor point."""

    left: int
    top: int
    fill: Image.Image
    halo: Image.Image | None


def _make_sprite(text: str, size: int, bold_w: float, halo_w: int, anchor: str) -> _Sprite | None:
    """Lay out and rasterise `text` once per mask: FreeType's own masks (`getmask2`, as
    `ImageDraw.text` uses them) placed on one canvas with a pixel to spare all round."""
    f = font(size)
    fill_mask, (fx, fy) = f.getmask2(text, "L", stroke_width=bold_w, anchor=anchor,
                                     stroke_filled=True)
    halo_mask = None
    hx, hy, (w, h) = fx, fy, fill_mask.size
    if halo_w:
        halo_mask, (hx, hy) = f.getmask2(text, "L", stroke_width=bold_w + halo_w,
                                         anchor=anchor, stroke_filled=True)
        w, h = halo_mask.size
    if w == 0 or h == 0:
        return None
    left, top = hx - 1, hy - 1
    fill = Image.new("L", (w + 2, h + 2))
    ImageDraw.Draw(fill).draw.draw_bitmap((fx - left, fy - top), fill_mask, 255)
    halo = None
    if halo_mask is not None:
        halo = Image.new("L", (w + 2, h + 2))
        ImageDraw.Draw(halo).draw.draw_bitmap((1, 1), halo_mask, 255)
    return _Sprite(left, top, fill, halo)


# Words (piece labels, counts, hex names, the words of the panel's lines) recur on
# every turn: render each once. Text with spaces is set word by word from this cache,
# so a new line ("Turn 13 | step: card") is mostly words seen before: FreeType takes
# about 1 ms to render a line, more than the rest of a turn's drawing. The masks are
# only ever read, so threads may share them.
_cached_sprite = lru_cache(maxsize=4096)(_make_sprite)
_SHORT = 24
_TOKENS = re.compile(r"\S+\s*|\s+")


@lru_cache(maxsize=4096)
def _advance(text: str, size: int) -> float:
    return font(size).getlength(text)


def clear_text_cache() -> None:
    """Forget the cached text sprites and widths."""
    _cached_sprite.cache_clear()
    _advance.cache_clear()
    text_width.cache_clear()
    PANEL_STAMPS.clear()
    PILL_STAMPS.clear()


def _words(
    text: str, size: int, bold_w: float, hw: int, anchor: str, xy: Point
) -> list[tuple[tuple[int, int], _Sprite]] | None:
    """Place a long line's words (cached sprites) where the line's layout puts them."""
    if anchor[0] not in "lmr" or anchor[1] not in "masd":
        return None  # top and bottom anchors depend on the whole line's ink
    tokens = _TOKENS.findall(text)
    advances = [_advance(token, size) for token in tokens]
    total = sum(advances)
    x = xy[0] - (0.0 if anchor[0] == "l" else total / 2 if anchor[0] == "m" else total)
    y = round(xy[1])
    placed: list[tuple[tuple[int, int], _Sprite]] = []
    for token, advance in zip(tokens, advances, strict=True):
        word = token.rstrip()
        if word:
            sprite = _cached_sprite(word, size, bold_w, hw, "l" + anchor[1])
            if sprite is not None:
                placed.append(((round(x) + sprite.left, y + sprite.top), sprite))
        x += advance
    return placed


def draw_text(
    draw: Canvas,
    xy: Point,
    text: str,
    size: int,
    fill: RGB,
    *,
    halo: RGB | None = None,
    halo_width: int | None = None,
    bold: bool = False,
    anchor: str = "mm",
) -> None:
    """Draw `text` at `xy`, optionally faux-bold and ringed by a halo for legibility."""
    text = printable(text)
    bold_w = _bold_stroke(size) if bold else 0
    hw = 0
    if halo is not None:
        hw = halo_width if halo_width is not None else max(2, round(size / 7))
    placed = _words(text, size, bold_w, hw, anchor, xy) if " " in text else None
    if placed is None:
        make = _cached_sprite if len(text) <= _SHORT else _make_sprite
        sprite = make(text, size, bold_w, hw, anchor)
        if sprite is None:
            return
        placed = [((round(xy[0]) + sprite.left, round(xy[1]) + sprite.top), sprite)]
    target = draw.image
    if halo is not None:
        # Every halo first, so no halo covers the ink of the word before it.
        for at, sprite in placed:
            if sprite.halo is not None:
                paste(target, halo, at, sprite.halo)
    for at, sprite in placed:
        paste(target, fill, at, sprite.fill)


def paste(target: Image.Image, source: Image.Image | RGB, at: tuple[int, int],
          mask: Image.Image) -> None:
    """Paste `source` (a picture in `target`'s mode, or a colour) through `mask` at `at`.

    What `Image.paste` does for these arguments, pixel for pixel, without its checks of
    them: a board pastes about fifty text sprites and stamps a turn, and the checks
    cost as much as the copying.
    """
    x, y = at
    w, h = mask.size
    core = source.im if isinstance(source, Image.Image) else source
    target.im.paste(core, (x, y, x + w, y + h), mask.im)


@lru_cache(maxsize=1)
def _ellipsis() -> str:
    """Return the mark that ends a cut text: '…' when the font has it, else '.'."""
    return "\u2026" if _printable("\u2026") == "\u2026" else "."


def fit_text(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """Shorten `text` with a trailing '…' ('.' if the font lacks it) until it fits."""
    text = printable(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    mark = _ellipsis()
    while len(text) > 1 and text_width(text.rstrip() + mark, size, bold=bold) > max_width:
        text = text[:-1]
    return text.rstrip() + mark


# ---------------------------------------------------------------------------
# Colours

# Softer than the CSS primaries, and distinct from each other on a phone screen.
PALETTE: dict[str, RGB] = {
    "blue": (36, 92, 204),
    "red": (204, 36, 36),
    "green": (30, 140, 64),
    "yellow": (240, 196, 20),
    "gold": (214, 168, 30),
    "orange": (236, 120, 16),
    "purple": (122, 58, 176),
    "black": (36, 36, 40),
    "white": (244, 244, 240),
    "grey": (128, 128, 132),
    "gray": (128, 128, 132),
    "brown": (128, 78, 36),
    "teal": (0, 128, 128),
    "pink": (226, 84, 160),
    "cyan": (24, 170, 200),
}
_SIDE_FALLBACK: tuple[RGB, ...] = tuple(
    PALETTE[n] for n in ("blue", "red", "green", "yellow", "purple", "orange", "teal", "pink")
)


def parse_colour(spec: str) -> RGB | None:
    """Read a colour name from the palette or any CSS colour Pillow knows; None if unknown."""
    key = spec.strip().lower()
    if key in PALETTE:
        return PALETTE[key]
    try:
        c = ImageColor.getrgb(key)
    except ValueError:
        return None
    return (c[0], c[1], c[2])


def side_colour(side: str, sides: Mapping[str, str]) -> RGB:
    """Return the colour of `side`: its entry in `sides`, its own name, or a stable pick."""
    for spec in (sides.get(side), side):
        if spec:
            found = parse_colour(spec)
            if found is not None:
                return found
    names = list(sides)
    index = names.index(side) if side in names else zlib.crc32(side.encode())
    return _SIDE_FALLBACK[index % len(_SIDE_FALLBACK)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend from `a` (t=0) to `b` (t=1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    """Return the WCAG relative luminance of a colour."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """Return the WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


@lru_cache(maxsize=256)
def text_on(c: RGB) -> RGB:
    """Return white or near-black, whichever reads better on `c`."""
    return WHITE if contrast(WHITE, c) >= contrast(INK, c) else INK


@lru_cache(maxsize=256)
def readable_on(c: RGB, background: RGB, ratio: float = 4.5) -> RGB:
    """Darken or lighten `c` until it reaches `ratio` contrast against `background`."""
    target = INK if luminance(background) > 0.3 else WHITE
    out = c
    for step in range(1, 11):
        if contrast(out, background) >= ratio:
            break
        out = mix(c, target, step / 10)
    return out


# ---------------------------------------------------------------------------
# Shapes and lines


def shape_points(shape: Shape, cx: float, cy: float, r: float) -> list[Point]:
    """Return the outline of a standard symbol inscribed in a circle of radius `r`."""
    if shape == "triangle":
        # Centred on its bounding box, not its centroid, so it sits level with text.
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.72), (cx - r * 0.95, cy + r * 0.72)]
    if shape == "square":
        s = r * 0.8
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if shape == "star":
        return star_points(cx, cy + r * 0.08, r * 1.05, r * 0.45, 5)
    steps = 24
    return [
        (cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def star_points(cx: float, cy: float, outer: float, inner: float, spikes: int) -> list[Point]:
    """Return a star polygon with its first point straight up."""
    pts: list[Point] = []
    for i in range(spikes * 2):
        a = -math.pi / 2 + math.pi * i / spikes
        rad = outer if i % 2 == 0 else inner
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: Shape,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """Draw a standard symbol (circle, triangle, square, diamond, star) centred on (cx, cy)."""
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=fill, outline=outline, width=width)


def disc(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """Draw a circle centred on (cx, cy)."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def _dashes(p: Point, q: Point, dash: float, gap: float) -> list[tuple[Point, Point]]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return []
    ux, uy = dx / length, dy / length
    out: list[tuple[Point, Point]] = []
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        out.append(((p[0] + ux * pos, p[1] + uy * pos), (p[0] + ux * end, p[1] + uy * end)))
        pos = end + gap
    return out


def dashed_line(
    draw: ImageDraw.ImageDraw,
    p: Point,
    q: Point,
    fill: RGB,
    width: int,
    dash: float,
    gap: float,
    *,
    casing: RGB | None = None,
    casing_width: int = 0,
) -> None:
    """Draw a dashed segment from p to q, each dash optionally cased in a second colour."""
    segments = _dashes(p, q, dash, gap)
    if casing is not None:
        for a, b in segments:
            draw.line((a, b), fill=casing, width=width + 2 * casing_width)
    for a, b in segments:
        draw.line((a, b), fill=fill, width=width)


def shorten(p: Point, q: Point, start: float, end: float) -> tuple[Point, Point]:
    """Pull both ends of a segment inwards by `start` and `end` pixels."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length <= start + end + 1:
        return p, q
    ux, uy = dx / length, dy / length
    return (p[0] + ux * start, p[1] + uy * start), (q[0] - ux * end, q[1] - uy * end)


def _head(p: Point, q: Point, length: float, half: float) -> list[Point]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = q[0] - ux * length, q[1] - uy * length
    return [q, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]


def arrow(
    draw: ImageDraw.ImageDraw,
    p: Point,
    q: Point,
    fill: RGB,
    width: int,
    *,
    casing: RGB | None = WHITE,
    dashed: bool = False,
) -> None:
    """Draw an arrow from p to q with a solid head, on a casing that lifts it off the map."""
    head_len = width * 3.2
    half = width * 2.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    if n < 1:
        return
    shaft_end = (q[0] - dx / n * head_len * 0.8, q[1] - dy / n * head_len * 0.8)
    head = _head(p, q, head_len, half)
    cw = max(2, width // 2)
    if dashed:
        dash, gap = width * 2.6, width * 1.6
        dashed_line(draw, p, shaft_end, fill, width, dash, gap, casing=casing, casing_width=cw)
    else:
        if casing is not None:
            draw.line((p, shaft_end), fill=casing, width=width + 2 * cw)
        draw.line((p, shaft_end), fill=fill, width=width)
    if casing is not None:
        draw.polygon(head, fill=casing, outline=casing, width=cw * 2)
    draw.polygon(head, fill=fill)


def cased_line(
    draw: ImageDraw.ImageDraw, p: Point, q: Point, fill: RGB, width: int, casing: RGB = WHITE
) -> None:
    """Draw a solid segment on a slightly wider casing."""
    draw.line((p, q), fill=casing, width=width + 2 * max(2, width // 2))
    draw.line((p, q), fill=fill, width=width)


def burst(draw: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, outline: RGB) -> None:
    """Draw a spiky explosion marking where a battle strikes."""
    pts = star_points(c[0], c[1], r, r * 0.5, 9)
    draw.polygon(pts, fill=fill, outline=outline, width=max(2, round(r / 7)))
    inner = star_points(c[0], c[1], r * 0.5, r * 0.25, 9)
    draw.polygon(inner, fill=WHITE)


Box = tuple[float, float, float, float]


def pill_layout(
    centre: Point, text: str, size: int, *, bold: bool = True, max_width: float | None = None
) -> tuple[str, Box]:
    """Return the text a tag will show (cut to `max_width`) and the tag's box."""
    if max_width is not None:
        text = fit_text(text, size, max_width - size * 0.8, bold=bold)
    w = text_width(text, size, bold=bold) + size * 0.7
    h = size * 1.25
    return text, (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


def pill(
    draw: Canvas,
    centre: Point,
    text: str,
    size: int,
    fill: RGB,
    *,
    ink: RGB | None = None,
    outline: RGB | None = INK,
    bold: bool = True,
    max_width: float | None = None,
) -> Box:
    """Draw `text` in a rounded tag centred on `centre`; return the tag's box."""
    text, box = pill_layout(centre, text, size, bold=bold, max_width=max_width)
    colour = ink if ink is not None else text_on(fill)

    def paint(d: Canvas, x: float, y: float) -> None:
        _, b = pill_layout((x, y), text, size, bold=bold)
        h = b[3] - b[1]
        d.rounded_rectangle(
            b, radius=h / 2, fill=fill, outline=outline, width=1 if outline is not None else 0
        )
        draw_text(d, (x, y), text, size, colour, bold=bold)

    # Tags (unit names, statuses) recur every turn: kept and pasted, like pieces.
    reach = (box[2] - box[0]) / 2 + 2, (box[3] - box[1]) / 2 + 2
    key = ("pill", text, size, fill, colour, outline, bold)
    PILL_STAMPS.draw(draw, key, centre, (reach[0], reach[1], reach[0], reach[1]), paint)
    return box


def exit_distance(origin: Point, direction: Point, box: Box) -> float:
    """Return how far a ray from `origin` along unit `direction` runs before leaving `box`.

    Zero when the ray misses the box or the box lies behind it.
    """
    t_near, t_far = -math.inf, math.inf
    for o, d, lo, hi in (
        (origin[0], direction[0], box[0], box[2]),
        (origin[1], direction[1], box[1], box[3]),
    ):
        if abs(d) < 1e-12:
            if not lo <= o <= hi:
                return 0.0
            continue
        t1, t2 = (lo - o) / d, (hi - o) / d
        t_near, t_far = max(t_near, min(t1, t2)), min(t_far, max(t1, t2))
    if t_far < max(t_near, 0.0):
        return 0.0
    return t_far


# ---------------------------------------------------------------------------
# The side panel

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


def _panel_metrics(panel: Panel, width: int) -> _PanelMetrics:
    title_size = max(16, round(width / 34))
    # A long panel (a legend of many lines) is set smaller, so the picture stays readable
    # in a phone's height and small enough to upload quickly.
    line_size = max(14, round(width / (42 if len(panel.lines) < LONG_PANEL else 54)))
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
    It is long because its two painters close over the band's metrics and colours.
    """
    m = _panel_metrics(panel, width)
    if not m.height:
        return
    if not filled:
        draw.rectangle((0, top, width, top + m.height), fill=PANEL_BG)
    draw.line(((0, top), (width, top)), fill=PANEL_RULE, width=max(2, m.pad // 6))
    colours = tuple((name, side_colour(name, sides)) for name in sorted(sides))

    def line(at: Point, key: Hashable, reach: float, size: int, paint: Painter) -> None:
        if filled:
            # On the plain band a line can be kept, anti-aliasing and all, and pasted
            # again: most lines recur turn after turn.
            box = (size, size, reach, size)  # lines start at `at` and run right
            PANEL_STAMPS.draw(draw, key, at, box, paint, backdrop=PANEL_BG)
        else:
            paint(draw, at[0], at[1])

    def runs(text: str, size: int, bold: bool) -> Painter:
        def paint(d: Canvas, x: float, y: float) -> None:
            _draw_runs(d, (x, y), text, size, bold, sides)

        return paint

    y = top + m.pad
    if panel.title:
        title = plain(panel.title)
        title_at = (float(m.pad), y + m.title_size / 2)
        reach = text_width(title, m.title_size, bold=True) + m.title_size
        paint = runs(title, m.title_size, True)
        line(title_at, ("runs", title, m.title_size, True, colours), reach, m.title_size,
             paint)
        y += round(m.title_size * 1.5)
    size = m.line_size
    for i, ln in enumerate(panel.lines):
        col, row = divmod(i, m.rows)
        x = m.pad + col * m.col_w
        ly = y + row * m.line_h + m.line_h / 2
        max_w = m.col_w - size * 2
        if ln.side is not None:
            c = side_colour(ln.side, sides)
            text = fit_text(plain(ln.text), size, max_w - size * 1.5, bold=ln.bold)
            reach = text_width(text, size, bold=ln.bold) + size * 3
            line((x, ly), ("side", text, size, ln.bold, c), reach, size,
                 _side_line(text, size, ln.bold, c))
            continue
        text = fit_text(plain(ln.text), size, max_w, bold=ln.bold)
        reach = text_width(text, size, bold=ln.bold) + size
        line((x, ly), ("runs", text, size, ln.bold, colours), reach, size,
             runs(text, size, ln.bold))


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


# ---------------------------------------------------------------------------
# Static-layer cache and encoding


@dataclass(frozen=True)
class CacheInfo:
    """Counters of a layer cache, for tests and benchmarks."""

    hits: int
    misses: int
    size: int
    maxsize: int


Kept = TypeVar("Kept")


class LayerCache(Generic[Kept]):
    """A small thread-safe LRU of drawn static layers (or any other costly, pure result).

    Cached images are shared: callers must treat them as read-only and paste or copy
    them before drawing.
    """

    def __init__(self, maxsize: int = 16) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._maxsize = maxsize
        self._hits = 0
        self._misses = 0

    def get(self, key: Hashable, build: Callable[[], Kept]) -> Kept:
        """Return the layer for `key`, drawing it with `build` on a miss."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self._hits += 1
                return found
        # Draw outside the lock so other boards keep rendering; a rare duplicate
        # draw of the same key is harmless because drawing is pure.
        layer = build()
        with self._lock:
            self._misses += 1
            kept = self._items.setdefault(key, layer)
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)
            return kept

    def resize(self, maxsize: int) -> None:
        """Keep at most `maxsize` items from now on (0: keep nothing)."""
        with self._lock:
            self._maxsize = maxsize
            while len(self._items) > maxsize:
                self._items.popitem(last=False)

    def info(self) -> CacheInfo:
        """Return hit and miss counts and the current size."""
        with self._lock:
            return CacheInfo(self._hits, self._misses, len(self._items), self._maxsize)

    def clear(self) -> None:
        """Forget every layer and reset the counters."""
        with self._lock:
            self._items.clear()
            self._hits = self._misses = 0


@dataclass(frozen=True)
class Stamp:
    """The pixels a drawing covers, cut out so that pasting it repeats the drawing.

    Pasted where it was drawn (to the pixel, and at the same offset inside the pixel)
    a stamp gives the drawing's own pixels; the one exception is an edge that falls
    exactly between two pixels, which Pillow may round the other way at another
    distance from the corner of the image. Either way a view always gives the same
    picture.
    """

    left: int
    top: int
    image: Image.Image
    mask: Image.Image


# Draws something centred on (x, y) on a canvas.
Painter = Callable[[Canvas, float, float], None]
# How far a drawing goes from its centre: one distance, or (left, up, right, down).
Reach = float | tuple[float, float, float, float]
# Lookup tables to a 1-bit mask (pasting through one is three times faster than 8-bit).
_ANY = [0] + [255] * 255  # any change at all is covered
_NONE = [255] + [0] * 255  # no difference at all is covered


def make_stamp(
    reach: Reach,
    fx: float,
    fy: float,
    paint: Painter,
    backdrop: RGB | None = None,
) -> Stamp | None:
    """Draw `paint` around (fx, fy) once and keep what it covers.

    `reach` bounds how far from its centre the drawing goes. Without a `backdrop` it
    is drawn on black and on white: a pixel the drawing leaves alone stays black on
    one and white on the other, a pixel it paints is the same on both, and anything
    else is a blend with what lies under it, which such a stamp cannot repeat: then
    (as when the drawing overflows `reach`) there is no stamp. With a `backdrop` it
    is drawn on that colour, blends and all, for pasting where the picture is that
    colour (text on the panel).
    """
    left, up, right, down = reach if isinstance(reach, tuple) else (reach,) * 4
    px = 2 * math.ceil(left / 2) + 4  # even: see StampCache.draw
    py = 2 * math.ceil(up / 2) + 4
    size = (px + math.ceil(right) + 4, py + math.ceil(down) + 4)
    if backdrop is not None:
        drawn = Image.new("RGB", size, backdrop)
        paint(Canvas(drawn), px + fx, py + fy)
        bands = ImageChops.difference(drawn, Image.new("RGB", size, backdrop)).split()
        changed = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
        mask = changed.point(_ANY, "1")
    else:
        drawn = Image.new("RGB", size, BLACK)
        on_white = Image.new("RGB", size, WHITE)
        paint(Canvas(drawn), px + fx, py + fy)
        paint(Canvas(on_white), px + fx, py + fy)
        diff = ImageChops.difference(drawn, on_white)
        found = diff.getcolors(2)
        if found is None or not {c for _, c in found} <= {BLACK, WHITE}:
            return None
        mask = diff.convert("L").point(_NONE, "1")
    box = mask.getbbox()
    if box is None or box[0] == 0 or box[1] == 0 or box[2] == size[0] or box[3] == size[1]:
        return None
    return Stamp(box[0] - px, box[1] - py, drawn.crop(box), mask.crop(box))


def _even_floor(v: float) -> int:
    n = math.floor(v)
    return n - (n % 2)


class StampCache:
    """A thread-safe LRU of stamps: pieces and rings drawn once, then pasted.

    With `second_sight`, a drawing is painted directly the first time it is asked for
    and only made a stamp when it comes back: for things (panel lines) of which many
    are seen once, where a stamp would cost more to make than it saves.
    """

    def __init__(self, maxsize: int = 1024, *, second_sight: bool = False) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, Stamp | None] = OrderedDict()
        self._maxsize = maxsize
        self._seen: OrderedDict[Hashable, None] | None = OrderedDict() if second_sight else None

    def draw(
        self,
        draw: Canvas,
        key: Hashable,
        centre: Point,
        reach: Reach,
        paint: Painter,
        backdrop: RGB | None = None,
    ) -> None:
        """Paint at `centre` from the stamp for `key` (made on first use), or directly.

        `key` must name everything `paint` depends on except where it is drawn; the
        centre's offset from an even pixel is added here, so the stamp is the same
        pixels. Even, because round() takes halves to the even neighbour: moving a
        drawing by an even number of pixels moves every rounded coordinate with it.
        """
        x0, y0 = _even_floor(centre[0]), _even_floor(centre[1])
        fx, fy = centre[0] - x0, centre[1] - y0
        full = (key, fx, fy, backdrop)
        with self._lock:
            missing = full not in self._items
            stamp = self._items.get(full)
            if not missing:
                self._items.move_to_end(full)
            elif self._seen is not None and full not in self._seen:
                self._seen[full] = None
                while len(self._seen) > self._maxsize:
                    self._seen.popitem(last=False)
                missing = False  # painted directly below; a stamp if it comes back
        if missing:
            stamp = make_stamp(reach, fx, fy, paint, backdrop)
            with self._lock:
                self._items[full] = stamp
                while len(self._items) > self._maxsize:
                    self._items.popitem(last=False)
        if stamp is None:
            paint(draw, centre[0], centre[1])
        else:
            paste(draw.image, stamp.image, (x0 + stamp.left, y0 + stamp.top), stamp.mask)

    def clear(self) -> None:
        """Forget every stamp."""
        with self._lock:
            self._items.clear()
            if self._seen is not None:
                self._seen.clear()


PILL_STAMPS = StampCache(maxsize=512)
# Panel lines seen twice are kept on the panel's colour and pasted (see draw_panel).
PANEL_STAMPS = StampCache(maxsize=512, second_sight=True)


# A board's inks, fills and the anti-aliased edges between them fit in 128 colours
# with no visible loss; fewer entries also make the PNG about 4% smaller than 256.
PALETTE_COLOURS = 128


def palette_of(sample: Image.Image, colours: int = PALETTE_COLOURS) -> Image.Image:
    """Return a palette for pictures like `sample` (carried by a 1x1 image)."""
    found = sample.quantize(colours, method=Image.Quantize.FASTOCTREE)
    carrier = Image.new("P", (1, 1))
    carrier.putpalette(found.getpalette() or [])
    return carrier


def encode_png(
    image: Image.Image, *, quantize: bool = True, palette: Image.Image | None = None
) -> bytes:
    """Encode an image as PNG, by default reduced to a 256-colour palette first.

    With `palette` (from `palette_of`) each pixel takes its nearest colour in it: several
    times faster than finding a palette for every picture, and as close when the
    palette was made from pictures of the same board.
    """
    if not quantize:
        out = image
    elif palette is not None:
        out = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        out = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    out.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def polygon_centroid(points: Sequence[Point]) -> Point:
    """Return the area centroid of a simple polygon (the vertex mean if it is degenerate)."""
    a = cx = cy = 0.0
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-9:
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * a), cy / (3 * a))
