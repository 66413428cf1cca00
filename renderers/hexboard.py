"""Draw a hex board (Samurai Battles, Bushido) from a `HexBoardView`.

The static layer (terrain, grid, coordinates, areas, section lines) is drawn once per
board shape and size and cached; each render pastes it and paints the pieces,
arrows, highlights and panel on top.
"""

from __future__ import annotations

import logging
import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import renderers.primitives as P
from renderers.primitives import RGB, Point
from rules.core.board import Arrow, HexBoardView, HexMarker, Panel, PanelLine
from rules.core.hexgrid import Hex, HexBoard

log = logging.getLogger(__name__)

SQRT3 = math.sqrt(3.0)

BOARD_BG: RGB = (70, 82, 64)
GRID: RGB = (120, 128, 104)
SECTION_INK: RGB = (150, 20, 20)
AREA_EDGE: RGB = (150, 96, 20)
AREA_TINT: RGB = (255, 232, 170)
AREA_LABEL_BG: RGB = (250, 236, 196)
AREA_LABEL_INK: RGB = (110, 66, 10)

CACHE: P.LayerCache[Image.Image] = P.LayerCache(maxsize=16)
# Pieces drawn once and pasted after: a piece that has not moved or changed is
# the same pixels turn after turn.
STAMPS = P.StampCache()
PALETTES: P.LayerCache[Image.Image] = P.LayerCache(maxsize=16)


# ---------------------------------------------------------------------------
# Geometry


@lru_cache(maxsize=1024)
def _hex(label: str) -> Hex:
    """Return the hex named `label` (ValueError if none); hexes are immutable, so shared."""
    return Hex.parse(label)


@dataclass(frozen=True)
class HexLayout:
    """Where a board's hexes land in an image `width` pixels wide."""

    width: int
    height: int
    cols: int
    rows: int
    short_odd_rows: bool
    flipped: bool
    margin_x: float
    margin_y: float
    hex_w: float
    size: float

    @classmethod
    def of(cls, view: HexBoardView, width: int) -> HexLayout:
        """Fit the board of `view` into `width` pixels."""
        span = view.cols + (0.5 if not view.short_odd_rows and view.rows > 1 else 0.0)
        margin_x = max(8.0, width / 60)
        hex_w = (width - 2 * margin_x) / span
        if any(_touches_side(view, members) for name, members in view.areas if name):
            # Room beside the board for the name of an area on a side edge, set upright.
            margin_x = max(margin_x, _area_label_size(hex_w) * 1.6)
            hex_w = (width - 2 * margin_x) / span
        size = hex_w / SQRT3
        # Room above and below for area names that sit on the board's edge.
        margin_y = max(10.0, hex_w * 0.32)
        height = math.ceil(2 * margin_y + 2 * size + (view.rows - 1) * 1.5 * size)
        return cls(
            width,
            height,
            view.cols,
            view.rows,
            view.short_odd_rows,
            view.flipped,
            margin_x,
            margin_y,
            hex_w,
            size,
        )

    def point(self, x: float, row: float) -> Point:
        """Return the pixel for a position in hex widths across and rows down."""
        px = self.margin_x + (x + 0.5) * self.hex_w
        py = self.margin_y + self.size + row * 1.5 * self.size
        if self.flipped:
            return (self.width - px, self.height - py)
        return (px, py)

    def centre(self, label: str) -> Point:
        """Return the pixel centre of the hex named `label` (e.g. 'E5')."""
        h = _hex(label)
        return self.point(h.x, h.row)

    def corners(self, c: Point, inset: float = 0.0) -> list[Point]:
        """Return a hex's six corners from its top corner clockwise, in board order.

        On a flipped board corner k is still the board's corner k, so edge k always
        faces the same neighbour whichever way up the image is.
        """
        s = self.size - inset * 2 / SQRT3
        sign = -1.0 if self.flipped else 1.0
        out: list[Point] = []
        for k in range(6):
            a = math.radians(-90 + 60 * k)
            out.append((c[0] + sign * s * math.cos(a), c[1] + sign * s * math.sin(a)))
        return out

    def section_x(self, x: float) -> float:
        """Return the pixel column of a section line at `x` hex widths."""
        return self.point(x, 0)[0]


# Neighbour across edge k (corner k to corner k+1), as (dx in hex widths, drow).
_EDGE_NEIGHBOUR: tuple[tuple[float, int], ...] = (
    (0.5, -1),
    (1.0, 0),
    (0.5, 1),
    (-0.5, 1),
    (-1.0, 0),
    (-0.5, -1),
)


def _parse(label: str) -> Hex | None:
    try:
        return _hex(label)
    except ValueError:
        log.warning("board view names no hex %r; skipped", label)
        return None


def _area_label_size(hex_w: float) -> int:
    return max(10, round(hex_w * 0.17))


def _area_hexes(members: Iterable[str]) -> list[Hex]:
    return [h for h in (_parse(m) for m in members) if h is not None]


def _touches_side(view: HexBoardView, members: Iterable[str]) -> bool:
    """Say whether an area has a hex on the board's left or right edge."""
    for h in _area_hexes(members):
        short = view.short_odd_rows and h.row % 2 == 1
        if h.col == 0 or h.col == view.cols - (2 if short else 1):
            return True
    return False


def _touches_end(view: HexBoardView, members: Iterable[str]) -> bool:
    """Say whether an area has a hex on the board's top or bottom row."""
    return any(h.row in (0, view.rows - 1) for h in _area_hexes(members))


# ---------------------------------------------------------------------------
# Terrain


Glyph = Callable[[P.Canvas, Point, HexLayout], None]


def _spots(c: Point, lay: HexLayout, which: str) -> list[Point]:
    """Return glyph spots near a hex's corners, clear of a piece in the middle."""
    w, s = lay.hex_w, lay.size
    table = {
        "ll": (-0.36 * w, 0.4 * s),
        "b": (0.0, 0.74 * s),
        "lr": (0.36 * w, 0.4 * s),
        "ul": (-0.36 * w, -0.4 * s),
        "ur": (0.36 * w, -0.4 * s),
    }
    return [(c[0] + table[k][0], c[1] + table[k][1]) for k in which.split()]


def _trees(d: P.Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    for x, y in _spots(c, lay, "ul ur ll b lr"):
        h, half = 0.17 * u, 0.075 * u
        d.rectangle((x - u * 0.012, y + h * 0.3, x + u * 0.012, y + h * 0.55), fill=(70, 50, 30))
        d.polygon(
            [(x, y - h * 0.6), (x + half, y + h * 0.35), (x - half, y + h * 0.35)],
            fill=(28, 86, 40),
            outline=(18, 56, 26),
        )


def _hills(d: P.Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    wd = max(2, round(u / 40))
    for x, y in _spots(c, lay, "ll b lr ul ur"):
        r = 0.09 * u
        d.arc((x - r, y - r * 0.8, x + r, y + r * 1.2), 200, 340, fill=(120, 84, 40), width=wd)


def _waves(d: P.Canvas, c: Point, lay: HexLayout) -> None:
    u, s = lay.hex_w, lay.size
    wd = max(2, round(u / 40))
    for dy in (-0.42 * s, 0.0, 0.42 * s):
        half = 0.4 * u if dy == 0 else 0.3 * u
        pts = []
        for i in range(13):
            t = i / 12
            pts.append(
                (c[0] - half + 2 * half * t, c[1] + dy + math.sin(t * math.pi * 4) * u * 0.025)
            )
        d.line(pts, fill=(236, 246, 255), width=wd, joint="curve")


def _ford(d: P.Canvas, c: Point, lay: HexLayout) -> None:
    """Draw shallow water crossed by a sandy causeway of stepping stones."""
    u, s = lay.hex_w, lay.size
    d.rectangle(
        (c[0] - u * 0.5, c[1] - s * 0.16, c[0] + u * 0.5, c[1] + s * 0.16), fill=(214, 190, 140)
    )
    for dx in (-0.3, -0.1, 0.1, 0.3):
        r = 0.06 * u
        x = c[0] + dx * u
        d.ellipse(
            (x - r, c[1] - r * 0.7, x + r, c[1] + r * 0.7),
            fill=(150, 138, 118),
            outline=(96, 86, 70),
        )
    wd = max(2, round(u / 40))
    for dy in (-0.5 * s, 0.5 * s):
        pts = [
            (
                c[0] - 0.25 * u + 0.5 * u * i / 8,
                c[1] + dy + math.sin(i / 8 * math.pi * 2) * u * 0.02,
            )
            for i in range(9)
        ]
        d.line(pts, fill=(236, 246, 255), width=wd, joint="curve")


def _houses(d: P.Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    for x, y in _spots(c, lay, "ll b lr"):
        h = 0.065 * u
        d.rectangle((x - h, y - h * 0.2, x + h, y + h), fill=(236, 224, 200), outline=(90, 60, 40))
        d.polygon(
            [(x - h * 1.3, y - h * 0.2), (x, y - h * 1.3), (x + h * 1.3, y - h * 0.2)],
            fill=(170, 50, 40),
            outline=(90, 30, 20),
        )


def _reeds(d: P.Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    wd = max(1, round(u / 60))
    for x, y in _spots(c, lay, "ll b lr ul ur"):
        d.line(
            ((x - u * 0.07, y + u * 0.03), (x + u * 0.07, y + u * 0.03)),
            fill=(60, 90, 110),
            width=wd,
        )
        for dx in (-0.035, 0.0, 0.035):
            d.line(
                ((x + dx * u, y + u * 0.02), (x + dx * u * 1.6, y - u * 0.06)),
                fill=(50, 90, 50),
                width=wd,
            )


def _letter(kind: str) -> Glyph:
    def draw(d: P.Canvas, c: Point, lay: HexLayout) -> None:
        size = max(10, round(lay.hex_w * 0.2))
        for x, y in _spots(c, lay, "ll lr"):
            P.draw_text(d, (x, y), kind[:1].upper(), size, P.INK, bold=True)

    return draw


@dataclass(frozen=True)
class TerrainStyle:
    """How one kind of terrain looks: the hex fill and a small glyph."""

    fill: RGB
    glyph: Glyph | None


OPEN = TerrainStyle((222, 228, 190), None)
_STYLES: dict[str, TerrainStyle] = {
    "forest": TerrainStyle((132, 178, 108), _trees),
    "hill": TerrainStyle((222, 196, 140), _hills),
    "river": TerrainStyle((120, 180, 226), _waves),
    "water": TerrainStyle((120, 180, 226), _waves),
    "ford": TerrainStyle((150, 198, 226), _ford),
    "lake": TerrainStyle((104, 164, 214), _waves),
    "village": TerrainStyle((232, 214, 184), _houses),
    "marsh": TerrainStyle((176, 200, 170), _reeds),
}
_SYNONYMS = {
    "woods": "forest",
    "wood": "forest",
    "hills": "hill",
    "town": "village",
    "swamp": "marsh",
    "stream": "river",
}
_UNKNOWN_FILLS: tuple[RGB, ...] = ((206, 206, 196), (214, 200, 214), (200, 214, 214))


def terrain_style(kind: str | None) -> TerrainStyle:
    """Return the fill and glyph for a terrain kind; unknown kinds get a letter."""
    if kind is None:
        return OPEN
    key = kind.strip().lower()
    key = _SYNONYMS.get(key, key)
    if key in ("", "open", "plain", "clear"):
        return OPEN
    found = _STYLES.get(key)
    if found is not None:
        return found
    fill = _UNKNOWN_FILLS[sum(key.encode()) % len(_UNKNOWN_FILLS)]
    return TerrainStyle(fill, _letter(key))


# ---------------------------------------------------------------------------
# Static layer


def _static_key(view: HexBoardView, width: int) -> Hashable:
    # The static parts themselves are in the key, so a scenario whose terrain changes
    # under the same static_key can never be served a stale map.
    return (
        view.static_key,
        width,
        view.flipped,
        view.cols,
        view.rows,
        view.short_odd_rows,
        view.section_lines,
        view.areas,
        view.terrain,
    )


def static_layer(view: HexBoardView, width: int) -> Image.Image:
    """Return the cached map for this board and width (shared: paste it, never draw on it)."""
    return CACHE.get(_static_key(view, width), lambda: _draw_static(view, width))


def _draw_static(view: HexBoardView, width: int) -> Image.Image:
    lay = HexLayout.of(view, width)
    img = Image.new("RGB", (lay.width, lay.height), BOARD_BG)
    d = P.Canvas(img)
    board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
    kinds = _terrain_kinds(view)
    hexes = [(h, lay.point(h.x, h.row), terrain_style(kinds.get(h.label))) for h in board.hexes()]
    grid_w = max(1, round(lay.hex_w / 45))
    # A multi-hex area (a camp) is one space: a light tint over its hexes says so.
    tinted = {
        h.label for _, members in view.areas if len(members) > 1 for h in _area_hexes(members)
    }
    for h, c, style in hexes:
        fill = P.mix(style.fill, AREA_TINT, 0.55) if h.label in tinted else style.fill
        d.polygon(lay.corners(c), fill=fill, outline=GRID, width=grid_w)
    for _, c, style in hexes:
        if style.glyph is not None:
            style.glyph(d, c, lay)
    for _, members in view.areas:
        _draw_area(d, lay, members)
    for name, members in view.areas:
        if name and (_touches_side(view, members) or _touches_end(view, members)):
            _draw_edge_area_label(d, view, lay, P.plain(name), members)
    _draw_section_lines(d, lay, view.section_lines)
    for h, c, style in hexes:
        fill = P.mix(style.fill, AREA_TINT, 0.55) if h.label in tinted else style.fill
        _draw_coordinate(d, lay, h, c, fill)
    return img


def _terrain_kinds(view: HexBoardView) -> dict[str, str]:
    kinds: dict[str, str] = {}
    for t in view.terrain:
        h = _parse(t.hex)
        if h is not None:
            kinds[h.label] = t.kind
    return kinds


def _draw_coordinate(d: P.Canvas, lay: HexLayout, h: Hex, c: Point, fill: RGB) -> None:
    """Print the hex's name small near its top corner (upright whichever way the board is)."""
    size = max(9, round(lay.hex_w * 0.155))
    ink = P.text_on(fill)
    halo = P.mix(fill, P.WHITE if ink == P.INK else P.BLACK, 0.25)
    P.draw_text(
        d,
        (c[0], c[1] - lay.size * 0.72),
        h.label,
        size,
        ink,
        halo=halo,
        halo_width=max(1, size // 6),
    )


def _draw_section_lines(d: P.Canvas, lay: HexLayout, xs: Iterable[float]) -> None:
    wd = max(3, round(lay.hex_w / 22))
    dash, gap = lay.hex_w * 0.24, lay.hex_w * 0.14
    for x in xs:
        px = lay.section_x(x)
        top, bottom = lay.margin_y * 0.35, lay.height - lay.margin_y * 0.35
        # Dashes start at the player's own edge so both ends look alike when flipped.
        P.dashed_line(
            d,
            (px, top),
            (px, bottom),
            SECTION_INK,
            wd,
            dash,
            gap,
            casing=P.WHITE,
            casing_width=max(1, wd // 3),
        )


def _draw_area(d: P.Canvas, lay: HexLayout, members: Iterable[str]) -> None:
    """Outline an area round its outside edges."""
    hexes = _area_hexes(members)
    if not hexes:
        return
    inside = {(round(h.x * 2), h.row) for h in hexes}
    edges: list[tuple[Point, Point]] = []
    for h in hexes:
        corners = lay.corners(lay.point(h.x, h.row), inset=lay.hex_w * 0.03)
        for k, (dx, dr) in enumerate(_EDGE_NEIGHBOUR):
            if (round((h.x + dx) * 2), h.row + dr) not in inside:
                edges.append((corners[k], corners[(k + 1) % 6]))
    wd = max(3, round(lay.hex_w / 16))
    for a, b in edges:
        d.line((a, b), fill=P.WHITE, width=wd + 4)
    for a, b in edges:
        d.line((a, b), fill=AREA_EDGE, width=wd)
    for a, b in edges:  # round the joints
        for p in (a, b):
            P.disc(d, p[0], p[1], wd / 2, AREA_EDGE)


def _area_pill(d: P.Canvas, centre: Point, name: str, size: int) -> P.Box:
    return P.pill(d, centre, name, size, AREA_LABEL_BG, ink=AREA_LABEL_INK, outline=AREA_EDGE)


def _draw_edge_area_label(
    d: P.Canvas, view: HexBoardView, lay: HexLayout, name: str, members: Iterable[str]
) -> None:
    """Name an area on the board's edge in the margin beside it, where no piece can cover it."""
    hexes = _area_hexes(members)
    centres = [lay.point(h.x, h.row) for h in hexes]
    size = _area_label_size(lay.hex_w)
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    if _touches_side(view, members):
        # Set upright along the side edge, reading up on the left and down on the right.
        my = (min(ys) + max(ys)) / 2
        room = max(ys) - min(ys) + lay.size * 1.2
        left = sum(xs) / len(xs) < lay.width / 2
        x = lay.margin_x / 2 if left else lay.width - lay.margin_x / 2
        _rotated_pill(d, (x, my), name, size, room, left)
        return
    mx = sum(xs) / len(xs)
    if sum(ys) / len(ys) < lay.height / 2:
        y = min(ys) - lay.size - size * 0.35
    else:
        y = max(ys) + lay.size + size * 0.35
    text = P.fit_text(name, size, lay.width - 2 * lay.margin_x)
    _area_pill(d, (mx, y), text, size)


def _rotated_pill(
    d: P.Canvas, centre: Point, name: str, size: int, room: float, reads_up: bool
) -> None:
    """Draw an area's name tag turned a quarter round, centred on `centre`."""
    text, box = P.pill_layout((0.0, 0.0), name, size, max_width=room)
    w, h = math.ceil(box[2] - box[0]) + 6, math.ceil(box[3] - box[1]) + 6
    x0, y0 = round(centre[0] - h / 2), round(centre[1] - w / 2)
    region = (x0, y0, x0 + h, y0 + w)
    # Turn what lies there so the tag can be drawn level, then turn it all back.
    there = d.image.crop(region)
    level = there.transpose(
        Image.Transpose.ROTATE_270 if reads_up else Image.Transpose.ROTATE_90
    )
    P.pill(P.Canvas(level), (w / 2, h / 2), text, size, AREA_LABEL_BG, ink=AREA_LABEL_INK,
           outline=AREA_EDGE)
    back = level.transpose(Image.Transpose.ROTATE_90 if reads_up else Image.Transpose.ROTATE_270)
    d.image.paste(back, region[:2])


def _free_area_label_spot(
    lay: HexLayout, members: Iterable[str], size: int, name: str, pieces: list[_Placed]
) -> Point | None:
    """Return where an inland area's name covers no piece: above, below or on the area."""
    hexes = _area_hexes(members)
    if not hexes:
        return None
    centres = [lay.point(h.x, h.row) for h in hexes]
    mx = sum(c[0] for c in centres) / len(centres)
    top, bottom = min(c[1] for c in centres), max(c[1] for c in centres)
    spots = [
        (mx, top - lay.size * 0.78),
        (mx, bottom + lay.size * 0.78),
        *sorted(centres, key=lambda c: abs(c[0] - mx)),
        (mx, (top + bottom) / 2),
    ]

    def covered(spot: Point) -> int:
        _, box = P.pill_layout(spot, name, size)
        return sum(
            1
            for pl in pieces
            if box[0] < pl.centre[0] + pl.radius * 1.4
            and pl.centre[0] - pl.radius * 1.4 < box[2]
            and box[1] < pl.centre[1] + pl.radius * 1.4
            and pl.centre[1] - pl.radius * 1.4 < box[3]
        )

    return min(spots, key=covered)


# ---------------------------------------------------------------------------
# Pieces


@dataclass(frozen=True)
class _Placed:
    marker: HexMarker
    centre: Point
    radius: float


def _place_markers(lay: HexLayout, markers: Iterable[HexMarker]) -> list[_Placed]:
    by_hex: dict[str, list[HexMarker]] = defaultdict(list)
    for m in markers:
        h = _parse(m.hex)
        if h is not None:
            by_hex[h.label].append(m)
    r = lay.hex_w * 0.345
    out: list[_Placed] = []
    for label, group in by_hex.items():
        c = lay.centre(label)
        if len(group) == 1:
            out.append(_Placed(group[0], c, r))
            continue
        # Several pieces in one hex (a leader beside a unit): overlap them like
        # stacked counters, left to right, the later ones on top.
        small = r * (0.78 if len(group) == 2 else 0.62)
        step = r * 1.0 / (len(group) - 1)
        for i, m in enumerate(group):
            dx = -r * 0.5 + step * i
            dy = 0.0 if len(group) == 2 else (r * 0.3 if i % 2 else -r * 0.3)
            out.append(_Placed(m, (c[0] + dx, c[1] + dy), small))
    return out


def _draw_bow(d: P.Canvas, c: Point, r: float, ink: RGB) -> None:
    """Draw a bow with a nocked arrow pointing up and right: the ranged mark."""
    cos, sin = math.cos(math.radians(-45)), math.sin(math.radians(-45))

    def at(u: float, v: float) -> Point:
        return (c[0] + (u * cos - v * sin) * r, c[1] + (u * sin + v * cos) * r)

    wd = max(2, round(r / 4))
    thin = max(1, round(r / 7))
    limb = [at(-0.4 + 0.85 * (1 - t * t), 0.95 * t) for t in (i / 6 - 1 for i in range(13))]
    d.line(limb, fill=ink, width=wd, joint="curve")
    d.line((at(-0.4, -0.95), at(-0.4, 0.95)), fill=ink, width=thin)
    d.line((at(-0.85, 0), at(0.7, 0)), fill=ink, width=thin)
    d.polygon([at(1.05, 0), at(0.6, -0.3), at(0.6, 0.3)], fill=ink)


def _draw_marker(d: P.Canvas, placed: _Placed, sides: dict[str, str], flipped: bool) -> None:
    """Paint a piece from its stamp (drawn the first time this piece is seen just so)."""
    m, (cx, cy), r = placed.marker, placed.centre, placed.radius
    base = P.side_colour(m.side, sides)
    pointers = _pointer_angles(m.pointers, flipped)
    look = (base, m.shape, m.label, m.count, m.leader, m.cavalry, m.ranged, m.faded, r, pointers)
    STAMPS.draw(
        d,
        look,
        (cx, cy),
        r * 2 + 4,
        lambda dd, x, y: _paint_marker(dd, m, x, y, r, base, pointers),
    )


def _pointer_angles(directions: Iterable[int], flipped: bool) -> tuple[int, ...]:
    """Return the screen angles (degrees, clockwise from east) of a piece's pointers.

    Direction k (E, NE, NW, W, SW, SE: `rules.core.hexgrid` order) faces the neighbour
    across edge (k + 1) % 6 of `HexLayout.corners`, 60 degrees further anticlockwise
    each time; a flipped board turns them half a circle with the picture.
    """
    turn = 180 if flipped else 0
    return tuple(sorted({(turn - 60 * (k % 6)) % 360 for k in directions}))


def _paint_pointer(d: P.Canvas, cx: float, cy: float, r: float, angle: int, ink: RGB) -> None:
    """Paint a chevron straddling a piece's rim, pointing out at `angle` degrees."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)

    def at(out: float, across: float) -> Point:
        return (cx + (ux * out - uy * across) * r, cy + (uy * out + ux * across) * r)

    tip, back, notch, half = 1.4, 0.86, 1.06, 0.36
    chevron = [at(tip, 0), at(back, half), at(notch, 0), at(back, -half)]
    d.polygon(chevron, fill=P.WHITE, outline=P.WHITE, width=max(2, round(r / 9)))
    d.polygon(chevron, fill=ink)


def _paint_marker(
    d: P.Canvas,
    m: HexMarker,
    cx: float,
    cy: float,
    r: float,
    base: RGB,
    pointers: tuple[int, ...] = (),
) -> None:
    fade = 0.6 if m.faded else 0.0

    def f(c: RGB) -> RGB:
        return P.mix(c, OPEN.fill, fade) if fade else c

    fill = f(base)
    ink = f(P.text_on(base))
    edge = f(P.INK)
    badge_bg = f(P.WHITE)
    P.disc(d, cx, cy, r, fill, outline=edge, width=max(2, round(r / 12)))
    # A faded piece's pointers fade less than the piece, so its arrows still read.
    pointer_ink = P.mix(P.INK, OPEN.fill, 0.3) if fade else P.INK
    for angle in pointers:
        _paint_pointer(d, cx, cy, r, angle, pointer_ink)
    only_leader = m.leader is not None and m.leader == m.label
    if only_leader:
        P.draw_shape(d, "star", cx, cy - r * 0.45, r * 0.3, f((255, 210, 40)), outline=edge)
    else:
        P.draw_shape(d, m.shape, cx, cy - r * 0.52, r * 0.21, ink, outline=None)
    # Long names shrink to fit the disc before they are cut short.
    label_size = max(8, round(r * 0.62))
    while label_size > max(8, r * 0.4) and P.text_width(m.label, label_size, bold=True) > r * 1.8:
        label_size -= 1
    label = P.fit_text(m.label, label_size, r * 1.8, bold=True)
    P.draw_text(
        d,
        (cx, cy + r * 0.16),
        label,
        label_size,
        ink,
        bold=True,
        halo=P.mix(fill, P.BLACK if ink == P.WHITE else P.WHITE, 0.35),
        halo_width=1,
    )
    _paint_badges(d, m, cx, cy, r, f(P.WHITE), edge)
    if m.leader is not None and not only_leader:
        _paint_leader_tag(d, m.leader, cx, cy, r, f((255, 210, 40)), edge)
    if m.count is not None:
        _paint_count(d, m.count, cx, cy, r, badge_bg, edge)


def _paint_badges(
    d: P.Canvas, m: HexMarker, cx: float, cy: float, r: float, badge_bg: RGB, edge: RGB
) -> None:
    """Mark cavalry (a "C" tag, top left) and shooters (a bow, top right) on a piece."""
    tag_size = max(8, round(r * 0.42))
    if m.cavalry:
        tc = (cx - r * 0.8, cy - r * 0.62)
        half = r * 0.3
        d.rounded_rectangle(
            (tc[0] - half, tc[1] - half, tc[0] + half, tc[1] + half),
            radius=half * 0.35,
            fill=badge_bg,
            outline=edge,
            width=1,
        )
        P.draw_text(d, tc, "C", tag_size, edge, bold=True)
    if m.ranged:
        tc = (cx + r * 0.8, cy - r * 0.62)
        P.disc(d, tc[0], tc[1], r * 0.33, badge_bg, outline=edge, width=1)
        _draw_bow(d, tc, r * 0.25, edge)


def _paint_leader_tag(
    d: P.Canvas, leader: str, cx: float, cy: float, r: float, gold: RGB, edge: RGB
) -> None:
    """Hang the attached leader's gold tag under the disc, left of the count."""
    size = max(9, round(r * 0.48))
    text = P.fit_text(leader, size, r * 1.3, bold=True)
    tw = P.text_width(text, size, bold=True)
    h = size * 1.3
    star_w = size * 1.05
    total = star_w + tw + size * 0.6
    x0 = cx - r * 0.15 - total / 2
    y0 = cy + r * 0.98 - h / 2
    d.rounded_rectangle(
        (x0, y0, x0 + total, y0 + h),
        radius=h / 2,
        fill=gold,
        outline=edge,
        width=1,
    )
    P.draw_shape(d, "star", x0 + size * 0.3 + star_w / 2, y0 + h / 2, size * 0.45, edge)
    P.draw_text(
        d, (x0 + size * 0.3 + star_w, y0 + h / 2), text, size, edge, bold=True, anchor="lm"
    )


def _paint_count(
    d: P.Canvas, count: int, cx: float, cy: float, r: float, badge_bg: RGB, edge: RGB
) -> None:
    """Put the figure count in a white badge at the piece's lower right."""
    bc = (cx + r * 0.82, cy + r * 0.58)
    br = r * 0.38
    P.disc(d, bc[0], bc[1], br, badge_bg, outline=edge, width=max(1, round(r / 16)))
    digits = str(count)
    size = max(9, round(r * (0.52 if len(digits) == 1 else 0.42)))
    P.draw_text(d, bc, digits, size, edge, bold=True)


def _draw_highlight(d: P.Canvas, lay: HexLayout, c: Point) -> None:
    wd = max(3, round(lay.hex_w / 14))

    def paint(dd: P.Canvas, x: float, y: float) -> None:
        ring = lay.corners((x, y), inset=wd / 2 + 1)
        dd.polygon(ring, outline=P.HIGHLIGHT, width=wd)
        dd.polygon(lay.corners((x, y), inset=wd + 1), outline=P.INK, width=1)

    # A wide outline makes Pillow build four masks the size of the whole board: stamp it.
    STAMPS.draw(d, ("highlight", lay.size, wd, lay.flipped), c, lay.size + wd, paint)


# ---------------------------------------------------------------------------
# Arrows


_ARROW_INK: dict[str, RGB] = {
    "move": P.INK,
    "battle": P.BATTLE_RED,
    "retreat": (226, 110, 0),
}


def _draw_arrow(
    d: P.Canvas,
    lay: HexLayout,
    a: Arrow,
    radius_at: dict[str, float],
    bursts: list[tuple[Point, float]],
) -> tuple[Hex, ...]:
    """Draw one arrow; return the hexes at its ends."""
    start, end = _parse(a.start), _parse(a.end)
    if start is None or end is None or start == end:
        return ()
    p, q = lay.point(start.x, start.row), lay.point(end.x, end.row)
    pad = lay.hex_w * 0.06
    from_r = radius_at.get(start.label, lay.hex_w * 0.1) + pad
    to_r = radius_at.get(end.label, lay.hex_w * 0.1)
    wd = max(3, round(lay.hex_w / 15))
    if a.kind == "battle":
        # No head: a burst just off the target's rim, facing the attacker.
        br = lay.hex_w * 0.16
        p2, q2 = P.shorten(p, q, from_r, to_r + br * 0.8)
        P.cased_line(d, p2, q2, P.BATTLE_RED, wd)
        bursts.append((q2, br))
        return (start, end)
    p2, q2 = P.shorten(p, q, from_r, to_r + pad)
    P.arrow(d, p2, q2, _ARROW_INK[a.kind], wd, dashed=a.kind == "retreat")
    return (start, end)


# ---------------------------------------------------------------------------
# Public


def render(view: HexBoardView, width: int = 1200) -> Image.Image:
    """Draw the board, pieces, arrows and panel; return a new RGB image."""
    lay = HexLayout.of(view, width)
    layer = static_layer(view, width)
    panel_h = P.panel_height(view.panel, width)
    img = Image.new("RGB", (width, lay.height + panel_h), P.PANEL_BG)
    img.paste(layer, (0, 0))
    d = P.Canvas(img)
    placed = _place_markers(lay, view.markers)
    lit = {
        h.label: h
        for h in (_parse(pl.marker.hex) for pl in placed if pl.marker.highlight)
        if h is not None
    }
    for h in lit.values():
        _draw_highlight(d, lay, lay.point(h.x, h.row))
    radius_at: dict[str, float] = {}
    for pl in placed:
        label = _hex(pl.marker.hex).label
        radius_at[label] = max(radius_at.get(label, 0.0), pl.radius)
    bursts: list[tuple[Point, float]] = []
    ends: dict[str, Hex] = {}
    for a in view.arrows:
        for h in _draw_arrow(d, lay, a, radius_at, bursts):
            ends[h.label] = h
    # Rings and arrow ends cross the hex names next to them; print those names again.
    reprint = lit | ends
    if reprint:
        kinds = _terrain_kinds(view)
        board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
        for label, h in reprint.items():
            if board.contains(h):
                _draw_coordinate(
                    d, lay, h, lay.point(h.x, h.row), terrain_style(kinds.get(label)).fill
                )
    # Bursts go under the pieces so they never cover a figure count.
    for c, r in bursts:
        P.burst(d, c, r, (255, 200, 40), P.BATTLE_RED)
    for pl in placed:
        _draw_marker(d, pl, view.sides, view.flipped)
    # Areas inland have their names put, each turn, where no piece covers them.
    size = _area_label_size(lay.hex_w)
    for area, members in view.areas:
        name = P.plain(area)
        if name and not (_touches_side(view, members) or _touches_end(view, members)):
            spot = _free_area_label_spot(lay, members, size, name, placed)
            if spot is not None:
                _area_pill(d, spot, P.fit_text(name, size, lay.hex_w * 2.5), size)
    P.draw_panel(d, view.panel, view.sides, lay.height, width, filled=True)
    return img


# ---------------------------------------------------------------------------
# Palette


def _sides_in_use(view: HexBoardView) -> tuple[tuple[str, RGB], ...]:
    names = {*view.sides, *(m.side for m in view.markers)}
    names |= {ln.side for ln in view.panel.lines if ln.side is not None}
    return tuple((n, P.side_colour(n, view.sides)) for n in sorted(names))


def palette(view: HexBoardView, width: int = 1200) -> Image.Image:
    """Return the palette every picture of this map, width and sides is encoded with.

    It is found once, from a sample board: this map with a piece of every kind for
    every side, each kind of arrow and highlight, and panel text in every ink. So it
    depends on the view's map and sides only, and the same view always gives the
    same PNG.
    """
    sides = _sides_in_use(view)
    key = (_static_key(view, width), sides)
    return PALETTES.get(key, lambda: P.palette_of(render(_palette_sample(view, sides), width)))


def _palette_sample(view: HexBoardView, sides: tuple[tuple[str, RGB], ...]) -> HexBoardView:
    board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
    spots = [h.label for h in board.hexes()]
    markers: list[HexMarker] = []
    for name, _ in sides:
        kinds = [
            HexMarker(
                hex="", side=name, shape="circle", label="U1", count=4, highlight=True,
                pointers=(0, 2, 4),
            ),
            HexMarker(hex="", side=name, shape="triangle", label="U12", count=3, ranged=True),
            HexMarker(hex="", side=name, shape="square", label="U5", count=2, cavalry=True),
            HexMarker(hex="", side=name, shape="diamond", label="U8", count=1, leader="L1"),
            HexMarker(hex="", side=name, shape="star", label="L2", count=1, leader="L2"),
            HexMarker(
                hex="", side=name, shape="circle", label="U3", count=1, faded=True,
                pointers=(1, 3, 5),
            ),
        ]
        for m in kinds:
            if len(markers) < len(spots):
                markers.append(m.model_copy(update={"hex": spots[len(markers) * 2 % len(spots)]}))
    arrows = tuple(
        Arrow(start=spots[i], end=spots[i + 1], kind=kind)
        for i, kind in zip((1, 3, 5), ("move", "battle", "retreat"), strict=True)
        if i + 1 < len(spots)
    )
    lines = [PanelLine(text="Turn 10 | step: moves", bold=True)]
    for name, _ in sides:
        lines.append(PanelLine(text=f"{name}: banners 1/5 | 4 cards | 0 tokens", side=name))
    names = " ".join(name for name, _ in sides)
    lines.append(PanelLine(text=f"Deck 25 | discards 8 {names}"))
    return view.model_copy(
        update={
            "markers": tuple(markers),
            "arrows": arrows,
            "panel": Panel(title=f"Sample: {view.panel.title or 'Board'}", lines=tuple(lines)),
        }
    )
