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

from PIL import Image, ImageColor, ImageDraw, ImageFont

from rules.core.board import Panel, Shape

RGB = tuple[int, int, int]
Point = tuple[float, float]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (28, 30, 34)
HIGHLIGHT: RGB = (255, 214, 0)
BATTLE_RED: RGB = (214, 32, 32)

# ---------------------------------------------------------------------------
# Fonts and text


class Canvas(ImageDraw.ImageDraw):
    """A drawing context that keeps its image, so text can be pasted from cached sprites."""

    def __init__(self, image: Image.Image, mode: str | None = None) -> None:
        super().__init__(image, mode)
        self.image = image


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
    "\u2026": "...",
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
    """Return the advance width of `text` drawn by `draw_text` at `size`."""
    return font(size).getlength(printable(text)) + (_bold_stroke(size) * 2 if bold else 0)


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
    f = font(size)
    outer = bold_w + halo_w
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=outer)
    left, top = math.floor(left) - 1, math.floor(top) - 1
    w, h = math.ceil(right) + 1 - left, math.ceil(bottom) + 1 - top
    if w <= 2 or h <= 2:
        return None
    at = (-left, -top)
    fill = Image.new("L", (w, h))
    ImageDraw.Draw(fill).text(
        at, text, font=f, fill=255, anchor=anchor, stroke_width=bold_w, stroke_fill=255
    )
    halo = None
    if halo_w:
        halo = Image.new("L", (w, h))
        ImageDraw.Draw(halo).text(
            at, text, font=f, fill=255, anchor=anchor, stroke_width=outer, stroke_fill=255
        )
    return _Sprite(left, top, fill, halo)


# Short texts (piece labels, counts, hex names) recur on every turn: render each once.
# The masks are only ever read, so threads may share them.
_cached_sprite = lru_cache(maxsize=4096)(_make_sprite)


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
    make = _cached_sprite if len(text) <= 24 else _make_sprite
    sprite = make(text, size, bold_w, hw, anchor)
    if sprite is None:
        return
    at = (round(xy[0]) + sprite.left, round(xy[1]) + sprite.top)
    if halo is not None and sprite.halo is not None:
        draw.image.paste(halo, at, sprite.halo)
    draw.image.paste(fill, at, sprite.fill)


def fit_text(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """Shorten `text` with a trailing '.' until it fits `max_width` pixels."""
    text = printable(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    while len(text) > 1 and text_width(text + ".", size, bold=bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "."


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
    h = box[3] - box[1]
    draw.rounded_rectangle(
        box, radius=h / 2, fill=fill, outline=outline, width=1 if outline is not None else 0
    )
    draw_text(draw, centre, text, size, ink if ink is not None else text_on(fill), bold=bold)
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
    line_size = max(14, round(width / 42))
    pad = max(8, round(width / 60))
    line_h = round(line_size * 1.45)
    swatch = line_size
    widest = max(
        (
            text_width(ln.text, line_size, bold=ln.bold) + (swatch * 1.5 if ln.side else 0)
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
) -> None:
    """Draw the panel as a band `width` wide starting at `top`: title, then lines in columns."""
    m = _panel_metrics(panel, width)
    if not m.height:
        return
    draw.rectangle((0, top, width, top + m.height), fill=PANEL_BG)
    draw.line(((0, top), (width, top)), fill=PANEL_RULE, width=max(2, m.pad // 6))
    y = top + m.pad
    if panel.title:
        _draw_runs(draw, (m.pad, y + m.title_size / 2), panel.title, m.title_size, True, sides)
        y += round(m.title_size * 1.5)
    size = m.line_size
    for i, ln in enumerate(panel.lines):
        col, row = divmod(i, m.rows)
        x = m.pad + col * m.col_w
        ly = y + row * m.line_h + m.line_h / 2
        max_w = m.col_w - size * 2
        if ln.side is not None:
            c = side_colour(ln.side, sides)
            draw.rounded_rectangle(
                (x, ly - size * 0.45, x + size * 0.9, ly + size * 0.45),
                radius=size * 0.2,
                fill=c,
                outline=INK,
                width=1,
            )
            x += size * 1.5
            max_w -= size * 1.5
            ink = readable_on(c, PANEL_BG)
            draw_text(
                draw,
                (x, ly),
                fit_text(ln.text, size, max_w, bold=ln.bold),
                size,
                ink,
                bold=ln.bold,
                anchor="lm",
            )
            continue
        _draw_runs(
            draw, (x, ly), fit_text(ln.text, size, max_w, bold=ln.bold), size, ln.bold, sides
        )


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


class LayerCache:
    """A small thread-safe LRU of drawn static layers.

    Cached images are shared: callers must treat them as read-only and paste or copy
    them before drawing.
    """

    def __init__(self, maxsize: int = 16) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._maxsize = maxsize
        self._hits = 0
        self._misses = 0

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
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

    def info(self) -> CacheInfo:
        """Return hit and miss counts and the current size."""
        with self._lock:
            return CacheInfo(self._hits, self._misses, len(self._items), self._maxsize)

    def clear(self) -> None:
        """Forget every layer and reset the counters."""
        with self._lock:
            self._items.clear()
            self._hits = self._misses = 0


def encode_png(image: Image.Image, *, quantize: bool = True) -> bytes:
    """Encode an image as PNG, by default reduced to a 256-colour palette first."""
    out = image.quantize(256, method=Image.Quantize.FASTOCTREE) if quantize else image
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
