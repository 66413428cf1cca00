"""The static layer of a hex board: terrain, grid, areas, section lines and coordinates.

It is drawn once per board shape and width and cached (`CACHE`); hexboard.py pastes it
under every render and paints the pieces, arrows, highlights and panel on top.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from PIL import Image

from renderers.caches import LayerCache
from renderers.canvas import Box, Canvas, Point
from renderers.colours import BLACK, INK, RGB, WHITE, mix, text_on
from renderers.hexlayout import (
    HexLayout,
    area_hexes,
    area_label_size,
    parse_hex,
    touches_end,
    touches_side,
)
from renderers.lettering import draw_text, fit_text, lay_out, plain
from renderers.panels import lay_out_vocabulary
from renderers.pieces import values
from renderers.shapes import dashed_line, disc, pill, pill_layout
from rules.core.board import HexBoardView
from rules.core.hexgrid import Hex, HexBoard

BOARD_BG: RGB = (70, 82, 64)
GRID: RGB = (120, 128, 104)
SECTION_INK: RGB = (150, 20, 20)
AREA_EDGE: RGB = (150, 96, 20)
AREA_TINT: RGB = (255, 232, 170)
AREA_LABEL_BG: RGB = (250, 236, 196)
AREA_LABEL_INK: RGB = (110, 66, 10)

# Static layers drawn, per board shape and width.
CACHE: LayerCache[Image.Image] = LayerCache(maxsize=16)

# Neighbour across edge k (corner k to corner k+1), as (dx in hex widths, drow).
_EDGE_NEIGHBOUR: tuple[tuple[float, int], ...] = (
    (0.5, -1),
    (1.0, 0),
    (0.5, 1),
    (-0.5, 1),
    (-1.0, 0),
    (-0.5, -1),
)


Glyph = Callable[[Canvas, Point, HexLayout], None]


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


def _trees(d: Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    for x, y in _spots(c, lay, "ul ur ll b lr"):
        h, half = 0.17 * u, 0.075 * u
        d.rectangle((x - u * 0.012, y + h * 0.3, x + u * 0.012, y + h * 0.55), fill=(70, 50, 30))
        d.polygon(
            [(x, y - h * 0.6), (x + half, y + h * 0.35), (x - half, y + h * 0.35)],
            fill=(28, 86, 40),
            outline=(18, 56, 26),
        )


def _hills(d: Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    wd = max(2, round(u / 40))
    for x, y in _spots(c, lay, "ll b lr ul ur"):
        r = 0.09 * u
        d.arc((x - r, y - r * 0.8, x + r, y + r * 1.2), 200, 340, fill=(120, 84, 40), width=wd)


def _waves(d: Canvas, c: Point, lay: HexLayout) -> None:
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


def _ford(d: Canvas, c: Point, lay: HexLayout) -> None:
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


def _houses(d: Canvas, c: Point, lay: HexLayout) -> None:
    u = lay.hex_w
    for x, y in _spots(c, lay, "ll b lr"):
        h = 0.065 * u
        d.rectangle((x - h, y - h * 0.2, x + h, y + h), fill=(236, 224, 200), outline=(90, 60, 40))
        d.polygon(
            [(x - h * 1.3, y - h * 0.2), (x, y - h * 1.3), (x + h * 1.3, y - h * 0.2)],
            fill=(170, 50, 40),
            outline=(90, 30, 20),
        )


def _reeds(d: Canvas, c: Point, lay: HexLayout) -> None:
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
    def draw(d: Canvas, c: Point, lay: HexLayout) -> None:
        size = max(10, round(lay.hex_w * 0.2), lay.least)
        for x, y in _spots(c, lay, "ll lr"):
            draw_text(d, (x, y), kind[:1].upper(), size, INK, bold=True)

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


def layer_key(view: HexBoardView, width: int) -> Hashable:
    """Return the key of a board's map: everything its static layer is drawn from.

    The static parts themselves are in the key, so a scenario whose terrain changes
    under the same static_key can never be served a stale map. The terrain is in it as
    plain tuples: the key is compared three times a board (map, palette, last frame),
    and a hundred view models compare through Python code (renderers/pieces.py).
    """
    return (
        view.static_key,
        width,
        view.flipped,
        view.cols,
        view.rows,
        view.short_odd_rows,
        view.section_lines,
        view.areas,
        tuple(map(values, view.terrain)),
    )


def static_layer(view: HexBoardView, width: int, key: Hashable | None = None) -> Image.Image:
    """Return the cached map for this board and width (shared: paste it, never draw on it).

    `key` is the view's `layer_key`, when the caller has it already. Drawing the map
    also lays out the scenario's words (panels.lay_out_vocabulary).
    """

    def draw() -> Image.Image:
        layer = _draw_static(view, width)
        names = (*view.sides, *(plain(m.label) for m in view.markers))
        lay_out_vocabulary(view.panel, width, *names)
        _lay_out_names(view, width)
        return layer

    return CACHE.get(layer_key(view, width) if key is None else key, draw)


def _lay_out_names(view: HexBoardView, width: int) -> None:
    """Lay out every hex's name haloed, as `draw_coordinate` prints it again over a ring,
    an arrow's end or a badge: most turns print one or two names never printed before."""
    size = coordinate_size(HexLayout.of(view, width))
    board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
    lay_out((h.label for h in board.hexes()), size, anchor="mm", halo_width=_halo_width(size))


def _halo_width(size: int) -> int:
    return max(1, size // 6)


def _draw_static(view: HexBoardView, width: int) -> Image.Image:
    lay = HexLayout.of(view, width)
    img = Image.new("RGB", (lay.width, lay.height), BOARD_BG)
    d = Canvas(img)
    board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
    kinds = terrain_kinds(view)
    hexes = [(h, lay.point(h.x, h.row), terrain_style(kinds.get(h.label))) for h in board.hexes()]
    grid_w = max(1, round(lay.hex_w / 45))
    # A multi-hex area (a camp) is one space: a light tint over its hexes says so.
    tinted = {
        h.label for _, members in view.areas if len(members) > 1 for h in area_hexes(members)
    }
    for h, c, style in hexes:
        fill = mix(style.fill, AREA_TINT, 0.55) if h.label in tinted else style.fill
        d.polygon(lay.corners(c), fill=fill, outline=GRID, width=grid_w)
    for _, c, style in hexes:
        if style.glyph is not None:
            style.glyph(d, c, lay)
    for _, members in view.areas:
        _draw_area(d, lay, members)
    for name, members in view.areas:
        if name and (touches_side(view, members) or touches_end(view, members)):
            _draw_edge_area_label(d, view, lay, plain(name), members)
    _draw_section_lines(d, lay, view.section_lines)
    for h, c, style in hexes:
        fill = mix(style.fill, AREA_TINT, 0.55) if h.label in tinted else style.fill
        draw_coordinate(d, lay, h, c, fill, halo=False)
    return img


def terrain_kinds(view: HexBoardView) -> dict[str, str]:
    kinds: dict[str, str] = {}
    for t in view.terrain:
        h = parse_hex(t.hex)
        if h is not None:
            kinds[h.label] = t.kind
    return kinds


def coordinate_size(lay: HexLayout) -> int:
    """Return the font size of the hex names on this board."""
    return max(9, round(lay.hex_w * 0.155), lay.least)


def coordinate_spot(lay: HexLayout, c: Point) -> Point:
    """Return where the name of the hex centred on `c` is printed, near its top corner.

    At the phone's smallest size (renderers/legibility.py) a name may fill the corner;
    it then sits as high as clears a piece's rim, its top over the grid line.
    """
    size = coordinate_size(lay)
    return (c[0], c[1] - max(lay.size * 0.72, lay.size * 0.6 + size * 0.4))


def draw_coordinate(
    d: Canvas, lay: HexLayout, h: Hex, c: Point, fill: RGB, *, halo: bool = True
) -> None:
    """Print the hex's name near its top corner (upright whichever way the board is).

    In an ink a little lighter than the map's text, and with a `halo` only where it is
    printed again over an arrow or a ring: on a phone the names are big enough to read
    bare, and a halo round each of a map's hundred names costs about 3 KB of its PNG.
    """
    size = coordinate_size(lay)
    dark = text_on(fill) == INK
    draw_text(
        d,
        coordinate_spot(lay, c),
        h.label,
        size,
        mix(text_on(fill), fill, 0.35),
        halo=mix(fill, WHITE if dark else BLACK, 0.25) if halo else None,
        halo_width=_halo_width(size),
    )


def _draw_section_lines(d: Canvas, lay: HexLayout, xs: Iterable[float]) -> None:
    wd = max(3, round(lay.hex_w / 22))
    dash, gap = lay.hex_w * 0.24, lay.hex_w * 0.14
    for x in xs:
        px = lay.section_x(x)
        top, bottom = lay.margin_y * 0.35, lay.height - lay.margin_y * 0.35
        # Dashes start at the player's own edge so both ends look alike when flipped.
        dashed_line(
            d,
            (px, top),
            (px, bottom),
            SECTION_INK,
            wd,
            dash,
            gap,
            casing=WHITE,
            casing_width=max(1, wd // 3),
        )


def _draw_area(d: Canvas, lay: HexLayout, members: Iterable[str]) -> None:
    """Outline an area round its outside edges."""
    hexes = area_hexes(members)
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
        d.line((a, b), fill=WHITE, width=wd + 4)
    for a, b in edges:
        d.line((a, b), fill=AREA_EDGE, width=wd)
    for a, b in edges:  # round the joints
        for p in (a, b):
            disc(d, p[0], p[1], wd / 2, AREA_EDGE)


def area_pill(d: Canvas, centre: Point, name: str, size: int) -> Box:
    return pill(d, centre, name, size, AREA_LABEL_BG, ink=AREA_LABEL_INK, outline=AREA_EDGE)


def _draw_edge_area_label(
    d: Canvas, view: HexBoardView, lay: HexLayout, name: str, members: Iterable[str]
) -> None:
    """Name an area on the board's edge in the margin beside it, where no piece can cover it."""
    hexes = area_hexes(members)
    centres = [lay.point(h.x, h.row) for h in hexes]
    size = area_label_size(lay.hex_w, lay.width)
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    if touches_side(view, members):
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
    text = fit_text(name, size, lay.width - 2 * lay.margin_x)
    area_pill(d, (mx, y), text, size)


def _rotated_pill(
    d: Canvas, centre: Point, name: str, size: int, room: float, reads_up: bool
) -> None:
    """Draw an area's name tag turned a quarter round, centred on `centre`."""
    text, box = pill_layout((0.0, 0.0), name, size, max_width=room)
    w, h = math.ceil(box[2] - box[0]) + 6, math.ceil(box[3] - box[1]) + 6
    x0, y0 = round(centre[0] - h / 2), round(centre[1] - w / 2)
    region = (x0, y0, x0 + h, y0 + w)
    # Turn what lies there so the tag can be drawn level, then turn it all back.
    there = d.image.crop(region)
    level = there.transpose(
        Image.Transpose.ROTATE_270 if reads_up else Image.Transpose.ROTATE_90
    )
    pill(Canvas(level), (w / 2, h / 2), text, size, AREA_LABEL_BG, ink=AREA_LABEL_INK,
           outline=AREA_EDGE)
    back = level.transpose(Image.Transpose.ROTATE_90 if reads_up else Image.Transpose.ROTATE_270)
    d.image.paste(back, region[:2])
