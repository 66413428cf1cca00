"""Draw a hex board (Samurai Battles, Bushido) from a `HexBoardView`.

The static layer (terrain, grid, coordinates, areas, section lines: terrain.py) is drawn
once per board shape and size and cached; each render pastes it and paints the pieces,
arrows, highlights and panel on top.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from PIL import Image

from renderers.caches import LayerCache, StampCache
from renderers.canvas import Box, Canvas, Point
from renderers.colours import (
    BATTLE_RED,
    BLACK,
    HIGHLIGHT,
    INK,
    RGB,
    WHITE,
    mix,
    palette_of,
    side_colour,
    text_on,
)
from renderers.hexlayout import (
    HexLayout,
    area_hexes,
    area_label_size,
    hex_named,
    parse_hex,
    touches_end,
    touches_side,
)
from renderers.layers import Board, Call, picture
from renderers.legibility import BOARD_WIDTH, note
from renderers.lettering import draw_text, fit_text, plain, text_width
from renderers.panels import PANEL_BG, draw_panel, panel_height
from renderers.pieces import Recording, piece, scope, values
from renderers.shapes import arrow, burst, cased_line, disc, draw_shape, pill_layout, shorten
from renderers.terrain import (
    OPEN,
    area_pill,
    coordinate_size,
    coordinate_spot,
    draw_coordinate,
    layer_key,
    static_layer,
    terrain_kinds,
    terrain_style,
)
from rules.core.board import Arrow, HexBoardView, HexMarker, Panel, PanelLine
from rules.core.hexgrid import Hex, HexBoard

# Pieces drawn once and pasted after: a piece that has not moved or changed is
# the same pixels turn after turn.
STAMPS = StampCache()
PALETTES: LayerCache[Image.Image] = LayerCache(maxsize=16)


@dataclass(frozen=True)
class _Inland:
    """An inland area's name tag: the text it shows, and each spot it may go with the box
    its name covers there (above, below or on the area, in order of preference)."""

    text: str
    spots: tuple[tuple[Point, Box], ...]


def _inland_area(lay: HexLayout, members: Iterable[str], size: int, name: str) -> _Inland | None:
    """Return where an inland area's name may go (None for an area of no hex)."""
    hexes = area_hexes(members)
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
    text = fit_text(name, size, lay.hex_w * 2.5)
    return _Inland(text, tuple((spot, pill_layout(spot, name, size)[1]) for spot in spots))


def _free_spot(area: _Inland, pieces: list[_Placed]) -> Point:
    """Return the first of an area's spots where its name covers fewest pieces."""

    def covered(spot: tuple[Point, Box]) -> int:
        box = spot[1]
        return sum(
            1
            for pl in pieces
            if box[0] < pl.centre[0] + pl.radius * 1.4
            and pl.centre[0] - pl.radius * 1.4 < box[2]
            and box[1] < pl.centre[1] + pl.radius * 1.4
            and pl.centre[1] - pl.radius * 1.4 < box[3]
        )

    return min(area.spots, key=covered)[0]


@dataclass(frozen=True)
class _Map:
    """What every board of one map and width lays its pieces out on, found once (`_MAPS`)."""

    lay: HexLayout
    where: int  # the layout's number in the pieces' keys (pieces.scope)
    names: dict[str, tuple[Hex, RGB]]  # each hex on the board by name, and its fill
    inland: tuple[_Inland, ...]
    area_size: int


# Keyed by the map's layer_key, like the static layers (terrain.CACHE).
_MAPS: LayerCache[_Map] = LayerCache(maxsize=16)


def _map(view: HexBoardView, width: int, key: Hashable) -> _Map:
    """Return the layout, hex names and inland areas of the view's map (`key`: its layer_key)."""
    return _MAPS.get(key, lambda: _find_map(view, width))


def _find_map(view: HexBoardView, width: int) -> _Map:
    """Lay out the view's map: its hexes, their names' fills and its inland areas' spots."""
    lay = HexLayout.of(view, width)
    board = HexBoard(cols=view.cols, rows=view.rows, short_odd_rows=view.short_odd_rows)
    kinds = terrain_kinds(view)
    names = {h.label: (h, terrain_style(kinds.get(h.label)).fill) for h in board.hexes()}
    size = area_label_size(lay.hex_w, lay.width)
    inland = []
    for area, members in view.areas:
        name = plain(area)
        if name and not (touches_side(view, members) or touches_end(view, members)):
            found = _inland_area(lay, members, size, name)
            if found is not None:
                inland.append(found)
    return _Map(lay, scope(lay), names, tuple(inland), size)


# ---------------------------------------------------------------------------
# Pieces


class _Placed(NamedTuple):
    marker: HexMarker
    centre: Point
    radius: float


# Where each marker stands: its index, centre, radius, hex name and hex, in drawing order.
Spots = tuple[tuple[int, Point, float, str, Hex], ...]
# Kept per layout and the markers' hexes: most turns move a piece or none.
_SPOTS: LayerCache[tuple[Spots, dict[str, float]]] = LayerCache(maxsize=256)


def _place_markers(m: _Map, markers: tuple[HexMarker, ...]) -> tuple[Spots, dict[str, float]]:
    """Return where each marker stands, and each occupied hex's largest piece radius.

    Both are shared: read them, never change them.
    """
    hexes = tuple(mk.hex for mk in markers)
    return _SPOTS.get((m.where, hexes), lambda: _spots(m.lay, hexes))


def _spots(lay: HexLayout, hexes: tuple[str, ...]) -> tuple[Spots, dict[str, float]]:
    """Place the markers standing on `hexes` (in their order), stacking those sharing one."""
    by_hex: dict[str, list[int]] = defaultdict(list)
    named: dict[str, Hex] = {}
    for i, name in enumerate(hexes):
        h = parse_hex(name)
        if h is not None:
            by_hex[h.label].append(i)
            named[h.label] = h
    r = lay.hex_w * 0.345
    out: list[tuple[int, Point, float, str, Hex]] = []
    radius_at: dict[str, float] = {}
    for label, group in by_hex.items():
        c, h = lay.centre(label), named[label]
        radius_at[label] = r if len(group) == 1 else r * (0.78 if len(group) == 2 else 0.62)
        if len(group) == 1:
            out.append((group[0], c, r, label, h))
            continue
        # Several pieces in one hex (a leader beside a unit): overlap them like
        # stacked counters, left to right, the later ones on top.
        small = r * (0.78 if len(group) == 2 else 0.62)
        step = r * 1.0 / (len(group) - 1)
        for k, i in enumerate(group):
            dx = -r * 0.5 + step * k
            dy = 0.0 if len(group) == 2 else (r * 0.3 if k % 2 else -r * 0.3)
            out.append((i, (c[0] + dx, c[1] + dy), small, label, h))
    return tuple(out), radius_at


def _draw_bow(d: Canvas, c: Point, r: float, ink: RGB) -> None:
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


@dataclass(frozen=True)
class Piece:
    """Where a piece is painted: its centre, radius, the smallest a label or badge may be
    (renderers/legibility.py) and the width a name too long for the disc may take."""

    cx: float
    cy: float
    r: float
    least: int
    room: float


def _draw_markers(
    d: Canvas, placed: list[_Placed], sides: dict[str, str], flipped: bool, lay: HexLayout
) -> None:
    """Paint each piece from its stamp (drawn the first time this piece is seen just so)."""
    least, room = lay.least, lay.hex_w * 0.92
    colours: dict[str, RGB] = {}
    for pl in placed:
        m = pl.marker
        base = colours.get(m.side)
        if base is None:
            base = colours[m.side] = side_colour(m.side, sides)
        key = ("marker", values(m), pl.centre, pl.radius, base, flipped, least, room)
        piece(d, key, functools.partial(_stamp_marker, d, pl, base, flipped, lay))


def _stamp_marker(d: Canvas, placed: _Placed, base: RGB, flipped: bool, lay: HexLayout) -> None:
    m, (cx, cy), r = placed.marker, placed.centre, placed.radius
    least, room = lay.least, lay.hex_w * 0.92
    pointers = _pointer_angles(m.pointers, flipped)
    look = (base, m.shape, m.label, m.count, m.leader, m.cavalry, m.ranged, m.faded, r, pointers,
            least, room)
    STAMPS.draw(
        d,
        look,
        (cx, cy),
        r * 2 + 4,  # a name spilling over the rim takes at most `room`: under 1.4 r each way
        lambda dd, x, y: _paint_marker(dd, m, Piece(x, y, r, least, room), base, pointers),
    )
    for kind, height in _badge_heights(m, r, least):
        note("badge", kind, height)


def _pointer_angles(directions: Iterable[int], flipped: bool) -> tuple[int, ...]:
    """Return the screen angles (degrees, clockwise from east) of a piece's pointers.

    Direction k (E, NE, NW, W, SW, SE: `rules.core.hexgrid` order) faces the neighbour
    across edge (k + 1) % 6 of `HexLayout.corners`, 60 degrees further anticlockwise
    each time; a flipped board turns them half a circle with the picture.
    """
    turn = 180 if flipped else 0
    return tuple(sorted({(turn - 60 * (k % 6)) % 360 for k in directions}))


def _paint_pointer(d: Canvas, cx: float, cy: float, r: float, angle: int, ink: RGB) -> None:
    """Paint a chevron straddling a piece's rim, pointing out at `angle` degrees."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)

    def at(out: float, across: float) -> Point:
        return (cx + (ux * out - uy * across) * r, cy + (uy * out + ux * across) * r)

    tip, back, notch, half = 1.4, 0.86, 1.06, 0.36
    chevron = [at(tip, 0), at(back, half), at(notch, 0), at(back, -half)]
    d.polygon(chevron, fill=WHITE, outline=WHITE, width=max(2, round(r / 9)))
    d.polygon(chevron, fill=ink)


def _paint_marker(
    d: Canvas,
    m: HexMarker,
    at: Piece,
    base: RGB,
    pointers: tuple[int, ...] = (),
) -> None:
    cx, cy, r = at.cx, at.cy, at.r
    fade = 0.6 if m.faded else 0.0

    def f(c: RGB) -> RGB:
        return mix(c, OPEN.fill, fade) if fade else c

    fill = f(base)
    ink = f(text_on(base))
    edge = f(INK)
    badge_bg = f(WHITE)
    disc(d, cx, cy, r, fill, outline=edge, width=max(2, round(r / 12)))
    # A faded piece's pointers fade less than the piece, so its arrows still read.
    pointer_ink = mix(INK, OPEN.fill, 0.3) if fade else INK
    for angle in pointers:
        _paint_pointer(d, cx, cy, r, angle, pointer_ink)
    only_leader = m.leader is not None and m.leader == m.label
    if only_leader:
        draw_shape(d, "star", cx, cy - r * 0.45, r * 0.3, f((255, 210, 40)), outline=edge)
    else:
        draw_shape(d, m.shape, cx, cy - r * 0.62, r * 0.17, ink, outline=None)
    label, label_size = _piece_label(m.label, at)
    draw_text(
        d,
        (cx, cy - r * 0.06),
        label,
        label_size,
        ink,
        bold=True,
        halo=mix(fill, BLACK if ink == WHITE else WHITE, 0.35),
        halo_width=1 if text_width(label, label_size, bold=True) <= r * 1.8 else 2,
    )
    _paint_badges(d, m, at, f(WHITE), edge)
    if m.leader is not None and not only_leader:
        _paint_leader_tag(d, m.leader, at, f((255, 210, 40)), edge)
    if m.count is not None:
        _paint_count(d, m.count, at, badge_bg, edge)


def _piece_label(label: str, at: Piece) -> tuple[str, int]:
    """Return a piece's name as it is printed on the disc, and its size.

    Long names shrink to fit the disc, down to the smallest readable size; a name still
    too long then spills over the rim (its halo keeps it readable) up to the hex's width,
    and only beyond that is cut short.
    """
    r = at.r
    size = max(8, round(r * 0.62), at.least)
    floor = max(8, r * 0.4, at.least)
    while size > floor and text_width(label, size, bold=True) > r * 1.8:
        size -= 1
    return fit_text(label, size, max(r * 1.8, at.room), bold=True), size


def _badge_sizes(r: float, least: int) -> tuple[int, float, float]:
    """Return a piece's badge lettering size, the cavalry tag's half side, the bow disc's radius."""
    return max(8, round(r * 0.42), least), max(r * 0.3, least * 0.52), max(r * 0.33, least * 0.52)


def _count_badge(count: int, r: float, least: int) -> tuple[str, int, float]:
    """Return a figure count's digits, their size and the radius of the disc they sit in."""
    digits = str(count)
    size = max(9, round(r * (0.52 if len(digits) == 1 else 0.42)), least)
    radius = max(r * 0.38, math.hypot(text_width(digits, size, bold=True), size * 0.72) / 2 + 2)
    return digits, size, radius


def _leader_tag_size(r: float, least: int) -> int:
    return max(9, round(r * 0.48), least)


def _badge_heights(m: HexMarker, r: float, least: int) -> list[tuple[str, float]]:
    """Return the height of each badge a piece wears (for renderers/legibility.py)."""
    _, half, bow = _badge_sizes(r, least)
    out = [("cavalry", half * 2)] if m.cavalry else []
    out += [("ranged", bow * 2)] if m.ranged else []
    if m.leader is not None and m.leader != m.label:
        out.append(("leader", _leader_tag_size(r, least) * 1.3))
    if m.count is not None:
        out.append(("count", _count_badge(m.count, r, least)[2] * 2))
    return out


def _paint_badges(d: Canvas, m: HexMarker, at: Piece, badge_bg: RGB, edge: RGB) -> None:
    """Mark cavalry (a "C" tag, top left) and shooters (a bow, top right) on a piece."""
    cx, cy, r = at.cx, at.cy, at.r
    tag_size, half, bow = _badge_sizes(r, at.least)
    if m.cavalry:
        tc = (cx - r * 0.84, cy - r * 0.78)
        d.rounded_rectangle(
            (tc[0] - half, tc[1] - half, tc[0] + half, tc[1] + half),
            radius=half * 0.35,
            fill=badge_bg,
            outline=edge,
            width=1,
        )
        draw_text(d, tc, "C", tag_size, edge, bold=True)
    if m.ranged:
        tc = (cx + r * 0.84, cy - r * 0.78)
        disc(d, tc[0], tc[1], bow, badge_bg, outline=edge, width=1)
        _draw_bow(d, tc, bow * 0.76, edge)


def _paint_leader_tag(d: Canvas, leader: str, at: Piece, gold: RGB, edge: RGB) -> None:
    """Hang the attached leader's gold tag under the disc, left of the count."""
    cx, cy, r = at.cx, at.cy, at.r
    size = _leader_tag_size(r, at.least)
    text = fit_text(leader, size, max(r * 1.3, at.room - size * 1.4), bold=True)
    tw = text_width(text, size, bold=True)
    h = size * 1.3
    star_w = size * 0.95
    total = size * 0.2 + star_w + tw + size * 0.25
    # Centred under the disc: its ends keep clear of the names of the hexes below.
    x0 = cx - total / 2
    y0 = cy + r * 0.98 - h / 2
    d.rounded_rectangle(
        (x0, y0, x0 + total, y0 + h),
        radius=h / 2,
        fill=gold,
        outline=edge,
        width=1,
    )
    draw_shape(d, "star", x0 + size * 0.2 + star_w / 2, y0 + h / 2, size * 0.45, edge)
    draw_text(
        d, (x0 + size * 0.2 + star_w, y0 + h / 2), text, size, edge, bold=True, anchor="lm"
    )


def _paint_count(d: Canvas, count: int, at: Piece, badge_bg: RGB, edge: RGB) -> None:
    """Put the figure count in a white badge at the piece's lower right."""
    cx, cy, r = at.cx, at.cy, at.r
    digits, size, br = _count_badge(count, r, at.least)
    bc = (cx + r * 1.0, cy + r * 0.52)
    disc(d, bc[0], bc[1], br, badge_bg, outline=edge, width=max(1, round(r / 16)))
    draw_text(d, bc, digits, size, edge, bold=True)


def _draw_highlight(d: Canvas, lay: HexLayout, c: Point) -> None:
    wd = max(3, round(lay.hex_w / 14))

    def paint(dd: Canvas, x: float, y: float) -> None:
        ring = lay.corners((x, y), inset=wd / 2 + 1)
        dd.polygon(ring, outline=HIGHLIGHT, width=wd)
        dd.polygon(lay.corners((x, y), inset=wd + 1), outline=INK, width=1)

    # A wide outline makes Pillow build four masks the size of the whole board: stamp it.
    key = ("highlight", lay.size, wd, lay.flipped)
    piece(d, (key, c), lambda: STAMPS.draw(d, key, c, lay.size + wd, paint))


def _reprint_names(d: Canvas, m: _Map, hexes: dict[str, Hex]) -> None:
    """Print the names of `hexes` again, haloed, over whatever was drawn on them."""
    lay = m.lay
    for label in hexes:
        found = m.names.get(label)  # None: off the board
        if found is not None:
            h, fill = found
            piece(d, ("name", m.where, label, fill), functools.partial(
                draw_coordinate, d, lay, h, lay.point(h.x, h.row), fill, halo=True))


def _names_under_badges(
    m: _Map, placed: list[_Placed], occupied: dict[str, float]
) -> dict[str, Hex]:
    """Return the empty hexes next to a piece whose names its badges may cover.

    Only the badges low on a piece reach a neighbour's name (the names sit at the top
    of the hexes below): its figure count and its leader's tag.
    """
    out: dict[str, Hex] = {}
    for pl in placed:
        mk = pl.marker
        if mk.count is None and (mk.leader is None or mk.leader == mk.label):
            continue  # no low badge
        key = (m.where, mk.hex, pl.centre, pl.radius, mk.count, mk.leader, mk.label)
        for label, h in _COVERED.get(key, functools.partial(_covered_names, m.lay, pl)):
            if label not in occupied and label not in out:
                out[label] = h
    return out


# A piece's covered names, by its layout, hex, place, size, count, leader and name.
_COVERED: LayerCache[tuple[tuple[str, Hex], ...]] = LayerCache(maxsize=1024)


def _covered_names(lay: HexLayout, pl: _Placed) -> tuple[tuple[str, Hex], ...]:
    """Return the neighbours of a piece's hex whose names its low badges cover, in order."""
    names = _name_boxes(lay, lay.cols, lay.rows, lay.short_odd_rows)
    badges = _low_badges(pl, lay.least)
    return tuple(
        (h.label, h) for h, box in names.get(hex_named(pl.marker.hex).label, ())
        if any(b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]
               for b in badges))


@functools.lru_cache(maxsize=64)
def _name_boxes(
    lay: HexLayout, cols: int, rows: int, short_odd_rows: bool
) -> dict[str, tuple[tuple[Hex, Box], ...]]:
    """Return, per hex, its neighbours with the boxes their names are printed in."""
    board = HexBoard(cols=cols, rows=rows, short_odd_rows=short_odd_rows)
    size = coordinate_size(lay)
    half_w, half_h = size * 0.75, size * 0.36  # the ink of a two-character name
    out: dict[str, tuple[tuple[Hex, Box], ...]] = {}
    for h in board.hexes():
        near = []
        for n in board.neighbours(h):
            x, y = coordinate_spot(lay, lay.point(n.x, n.row))
            near.append((n, (x - half_w, y - half_h, x + half_w, y + half_h)))
        out[h.label] = tuple(near)
    return out


def _low_badges(pl: _Placed, least: int) -> list[Box]:
    """Return the boxes of a piece's figure count (the square inside it) and leader tag."""
    m, (cx, cy), r = pl.marker, pl.centre, pl.radius
    out: list[Box] = []
    if m.count is not None:
        half = _count_badge(m.count, r, least)[2] * 0.7
        out.append((cx + r - half, cy + r * 0.52 - half, cx + r + half, cy + r * 0.52 + half))
    if m.leader is not None and m.leader != m.label:
        size = _leader_tag_size(r, least)
        half = (size * 1.45 + text_width(m.leader, size, bold=True)) / 2
        out.append((cx - half, cy + r * 0.98 - size * 0.65, cx + half, cy + r * 0.98 + size * 0.65))
    return out


# ---------------------------------------------------------------------------
# Arrows


_ARROW_INK: dict[str, RGB] = {
    "move": INK,
    "battle": BATTLE_RED,
    "retreat": (226, 110, 0),
}


# An arrow's hexes at its ends, and the burst (centre, radius) a battle arrow ends in.
Drawn = tuple[tuple[Hex, ...], tuple[Point, float] | None]


def _draw_arrow(d: Canvas, m: _Map, a: Arrow, radius_at: dict[str, float]) -> Drawn:
    """Draw one arrow (a piece: renderers/pieces.py); return its ends and its burst."""
    lay = m.lay
    start, end = parse_hex(a.start), parse_hex(a.end)
    if start is None or end is None or start == end:
        return (), None
    from_r = radius_at.get(start.label, lay.hex_w * 0.1)
    to_r = radius_at.get(end.label, lay.hex_w * 0.1)
    return piece(d, ("arrow", m.where, values(a), from_r, to_r),
                 lambda: _paint_arrow(d, lay, a, (start, end), (from_r, to_r)))


def _paint_arrow(d: Canvas, lay: HexLayout, a: Arrow, ends: tuple[Hex, Hex],
                 radii: tuple[float, float]) -> Drawn:
    start, end = ends
    p, q = lay.point(start.x, start.row), lay.point(end.x, end.row)
    pad = lay.hex_w * 0.06
    from_r = radii[0] + pad
    to_r = radii[1]
    wd = max(3, round(lay.hex_w / 15))
    if a.kind == "battle":
        # No head: a burst just off the target's rim, facing the attacker.
        br = lay.hex_w * 0.16
        p2, q2 = shorten(p, q, from_r, to_r + br * 0.8)
        cased_line(d, p2, q2, BATTLE_RED, wd)
        return (start, end), (q2, br)
    p2, q2 = shorten(p, q, from_r, to_r + pad)
    arrow(d, p2, q2, _ARROW_INK[a.kind], wd, dashed=a.kind == "retreat")
    return (start, end), None


# ---------------------------------------------------------------------------
# Public


def board(view: HexBoardView, width: int = BOARD_WIDTH) -> Board:
    """Return the board to draw: its map, its pieces' recorded drawing and its palette."""
    key = layer_key(view, width)
    drawing = record(view, width, key)
    sides = _sides_in_use(view)
    return replace(drawing, key=(key, sides, drawing.size), palette=_palette(view, width, key,
                                                                             sides))


def record(view: HexBoardView, width: int = BOARD_WIDTH, key: Hashable | None = None) -> Board:
    """Record the drawing of the pieces, arrows, highlights and panel over the map.

    `key` is the view's `layer_key`, when the caller has it already.
    """
    key = layer_key(view, width) if key is None else key
    m = _map(view, width, key)
    lay = m.lay
    layer = static_layer(view, width, key)
    picture_size = (width, lay.height + panel_height(view.panel, width))
    calls: list[Call] = []
    d = Recording(calls)
    spots, radius_at = _place_markers(m, view.markers)
    placed = [_Placed(view.markers[i], c, r) for i, c, r, _, _ in spots]
    lit = {label: h for i, _, _, label, h in spots if view.markers[i].highlight}
    for h in lit.values():
        _draw_highlight(d, lay, lay.point(h.x, h.row))
    bursts: list[tuple[Point, float]] = []
    ends: dict[str, Hex] = {}
    for a in view.arrows:
        hexes, struck = _draw_arrow(d, m, a, radius_at)
        for h in hexes:
            ends[h.label] = h
        if struck is not None:
            bursts.append(struck)
    # Rings and arrow ends cross the hex names next to them; print those names again.
    _reprint_names(d, m, lit | ends)
    # Bursts go under the pieces so they never cover a figure count.
    for c, r in bursts:
        piece(d, ("burst", c, r), functools.partial(burst, d, c, r, (255, 200, 40), BATTLE_RED))
    _draw_markers(d, placed, view.sides, view.flipped, lay)
    # A piece's badges reach the name of an empty hex next to it: the name goes on top,
    # for a player names the hex he moves to.
    _reprint_names(d, m, _names_under_badges(m, placed, radius_at))
    # Areas inland have their names put, each turn, where no piece covers them.
    for area in m.inland:
        spot = _free_spot(area, placed)
        piece(d, ("area", spot, area.text, m.area_size),
              functools.partial(area_pill, d, spot, area.text, m.area_size))
    draw_panel(d, view.panel, view.sides, lay.height, width, filled=True)
    return Board(None, picture_size, layer, PANEL_BG, tuple(calls), None)


# ---------------------------------------------------------------------------
# Palette


def _sides_in_use(view: HexBoardView) -> tuple[tuple[str, RGB], ...]:
    names = {*view.sides, *(m.side for m in view.markers)}
    names |= {ln.side for ln in view.panel.lines if ln.side is not None}
    return tuple((n, side_colour(n, view.sides)) for n in sorted(names))


def palette(view: HexBoardView, width: int = BOARD_WIDTH) -> Image.Image:
    """Return the palette every picture of this map, width and sides is encoded with.

    It is found once, from a sample board: this map with a piece of every kind for
    every side, each kind of arrow and highlight, and panel text in every ink. So it
    depends on the view's map and sides only, and the same view always gives the
    same PNG.
    """
    return _palette(view, width, layer_key(view, width), _sides_in_use(view))


def _palette(view: HexBoardView, width: int, key: Hashable,
             sides: tuple[tuple[str, RGB], ...]) -> Image.Image:
    """Return `palette(view, width)`, given the view's layer_key and its sides in use."""

    def sample() -> Image.Image:
        return palette_of(picture(record(_palette_sample(view, sides), width)))

    return PALETTES.get((key, sides), sample)


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


def clear_layouts() -> None:
    """Forget the kept maps, piece places and covered names (renderers.clear_caches)."""
    for cache in (_MAPS, _SPOTS, _COVERED):
        cache.clear()
    _name_boxes.cache_clear()
