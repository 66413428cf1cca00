"""Draw a measured tabletop (40k, Fantasy Warriors) from a `TabletopView`.

The static layer (mat, 6-inch grid, edge measurements, terrain features) is cached
per table and width; each render paints objectives, units, arrows and the panel.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from PIL import Image

from renderers.caches import LayerCache, Painter, StampCache
from renderers.canvas import Box, Canvas, Point
from renderers.colours import (
    BATTLE_RED,
    HIGHLIGHT,
    INK,
    RGB,
    WHITE,
    mix,
    palette_of,
    side_colour,
    text_on,
)
from renderers.layers import Board, Call, picture
from renderers.legibility import BOARD_WIDTH, note, smallest
from renderers.lettering import draw_text, fit_text, plain, text_width
from renderers.panels import PANEL_BG, draw_panel, lay_out_vocabulary, panel_height
from renderers.pieces import Recording, piece, scope, values
from renderers.shapes import (
    arrow,
    burst,
    cased_line,
    dashed_line,
    disc,
    exit_distance,
    pill,
    pill_layout,
    polygon_centroid,
    shorten,
)
from rules.core.board import (
    Panel,
    PanelLine,
    StatusTag,
    TableArrow,
    TableObjective,
    TabletopView,
    TableUnit,
)

MAT: RGB = (200, 204, 178)
MAT_EDGE: RGB = (58, 62, 54)
GRID: RGB = (168, 174, 144)
GRID_MID: RGB = (128, 136, 108)
CONTESTED: RGB = (120, 120, 124)

CACHE: LayerCache[Image.Image] = LayerCache(maxsize=16)
# Objective rings and tokens drawn once and pasted after (they never move).
STAMPS = StampCache(maxsize=256)
PALETTES: LayerCache[Image.Image] = LayerCache(maxsize=16)


@dataclass(frozen=True)
class TableLayout:
    """Where the table's inches land in an image `width` pixels wide.

    Like the rules (`rules.core.inches.Point`), y counts up from the table's bottom
    edge: (0, 0) is the bottom-left corner of the picture's table.
    """

    width: int
    height: int
    left: float
    top: float
    scale: float
    table_w: float
    table_h: float
    label: float

    @classmethod
    def of(cls, view: TabletopView, width: int) -> TableLayout:
        """Fit a `view.width` by `view.height` inch table into `width` pixels."""
        # Room for the inch marks on the bottom and left edges, printed readably small.
        label = max(18.0, width / 38, smallest(width) * 1.35)
        pad = max(8.0, width / 90)
        scale = (width - label - pad) / view.width
        height = math.ceil(pad + view.height * scale + label)
        return cls(width, height, label, pad, scale, view.width, view.height, label)

    @property
    def least(self) -> int:
        """Return the smallest a label or badge may be on this table (renderers/legibility.py)."""
        return smallest(self.width)

    @property
    def bottom(self) -> float:
        """Return the pixel row of the table's bottom edge (y = 0 inches)."""
        return self.top + self.table_h * self.scale

    @property
    def mat(self) -> tuple[float, float, float, float]:
        """Return the table's box in pixels (left, top, right, bottom)."""
        return (self.left, self.top, self.left + self.table_w * self.scale, self.bottom)

    def to_px(self, x: float, y: float) -> Point:
        """Return the pixel for a point `x` inches from the left and `y` from the bottom."""
        return (self.left + x * self.scale, self.bottom - y * self.scale)


# ---------------------------------------------------------------------------
# Static layer


@dataclass(frozen=True)
class FeatureStyle:
    """How a kind of terrain piece is filled and outlined."""

    fill: RGB
    edge: RGB


_FEATURES: dict[str, FeatureStyle] = {
    "ruin": FeatureStyle((150, 146, 140), (78, 74, 70)),
    "forest": FeatureStyle((104, 150, 88), (46, 86, 40)),
    "crater": FeatureStyle((170, 140, 104), (106, 80, 52)),
    "hill": FeatureStyle((214, 188, 138), (140, 110, 64)),
    "building": FeatureStyle((120, 118, 128), (58, 56, 64)),
    "water": FeatureStyle((120, 170, 214), (56, 100, 150)),
    "wall": FeatureStyle((150, 110, 80), (86, 60, 40)),
    "container": FeatureStyle((180, 100, 60), (100, 52, 30)),
}
_FEATURE_SYNONYMS = {
    "ruins": "ruin",
    "woods": "forest",
    "wood": "forest",
    "river": "water",
    "lake": "water",
    "barricade": "wall",
    "obstacle": "wall",
    "craters": "crater",
    "hills": "hill",
}
_OTHER = FeatureStyle((164, 164, 154), (90, 90, 84))


def feature_style(kind: str) -> FeatureStyle:
    """Return the fill and outline for a terrain piece's kind."""
    key = kind.strip().lower()
    return _FEATURES.get(_FEATURE_SYNONYMS.get(key, key), _OTHER)


def feature_label_size(lay: TableLayout) -> int:
    """Return the size of a terrain piece's name, written on it in the static layer."""
    return max(10, round(lay.scale * 0.85), lay.least)


def _static_key(view: TabletopView, width: int) -> Hashable:
    # The features as plain tuples: view models compare slowly (renderers/pieces.py).
    return (view.static_key, width, view.width, view.height, tuple(map(values, view.features)))


def static_layer(view: TabletopView, width: int, key: Hashable | None = None) -> Image.Image:
    """Return the cached table for this view and width (shared: paste it, never draw on it).

    `key` is the view's static key, when the caller has it already. Drawing the table
    also lays out the scenario's words (panels.lay_out_vocabulary).
    """

    def draw() -> Image.Image:
        layer = _draw_static(view, width)
        names = (*view.sides, *(plain(u.label) for u in view.units))
        lay_out_vocabulary(view.panel, width, *names)
        return layer

    return CACHE.get(_static_key(view, width) if key is None else key, draw)


def _draw_static(view: TabletopView, width: int) -> Image.Image:
    lay = TableLayout.of(view, width)
    img = Image.new("RGB", (lay.width, lay.height), (236, 232, 220))
    d = Canvas(img)
    # Pixel rows grow downwards: the table's top edge (y = height) is y0.
    x0, y0 = lay.to_px(0, view.height)
    x1, y1 = lay.to_px(view.width, 0)
    d.rectangle((x0, y0, x1, y1), fill=MAT)
    size = max(10, round(lay.label * 0.48), lay.least)
    step = 6
    for i in range(0, math.floor(view.width) + 1, step):
        x = lay.to_px(i, 0)[0]
        mid = abs(i - view.width / 2) < 1e-6
        d.line(((x, y0), (x, y1)), fill=GRID_MID if mid else GRID, width=2 if mid else 1)
        # Inches along the bottom edge, from the bottom-left corner where 0" meets 0".
        mark = f'{i}"'
        # The last mark keeps inside the picture, however big the phone needs it.
        at = min(x, width - 2 - text_width(mark, size) / 2)
        draw_text(d, (at, y1 + lay.label * 0.5), mark, size, (80, 80, 72))
    for j in range(0, math.floor(view.height) + 1, step):
        y = lay.to_px(0, j)[1]
        mid = abs(j - view.height / 2) < 1e-6
        d.line(((x0, y), (x1, y)), fill=GRID_MID if mid else GRID, width=2 if mid else 1)
        if j:
            draw_text(d, (x0 - lay.left * 0.5, y), f"{j}", size, (80, 80, 72))
    d.rectangle((x0, y0, x1, y1), outline=MAT_EDGE, width=max(2, round(width / 400)))
    label_size = feature_label_size(lay)
    for f in view.features:
        if len(f.points) < 3:
            continue
        style = feature_style(f.kind)
        pts = [lay.to_px(x, y) for x, y in f.points]
        d.polygon(pts, fill=style.fill, outline=style.edge, width=max(2, round(lay.scale / 8)))
    for f in view.features:
        if f.label and len(f.points) >= 3:
            style = feature_style(f.kind)
            c = polygon_centroid([lay.to_px(x, y) for x, y in f.points])
            draw_text(d, c, plain(f.label), label_size, WHITE, halo=style.edge, bold=True)
    return img


# ---------------------------------------------------------------------------
# Objectives, units, arrows


def _draw_objective_ring(
    d: Canvas,
    blend: Canvas,
    lay: TableLayout,
    o: TableObjective,
    sides: dict[str, str],
) -> None:
    cx, cy = lay.to_px(o.x, o.y)
    ring = o.radius * lay.scale
    wd = max(3, round(lay.scale * 0.2))
    box = (cx - ring, cy - ring, cx + ring, cy + ring)
    if o.contested:
        blend.ellipse(box, fill=(*CONTESTED, 60))
        STAMPS.draw(d, ("contested", ring, wd), (cx, cy), ring + wd, _stripes(ring, wd))
    elif o.holder is not None:
        c = side_colour(o.holder, sides)
        blend.ellipse(box, fill=(*c, 56))
        d.ellipse(box, outline=c, width=wd)
    else:
        STAMPS.draw(d, ("open", ring, wd), (cx, cy), ring + wd, _dashes(ring, wd))


def _stripes(ring: float, wd: int) -> Painter:
    def paint(d: Canvas, cx: float, cy: float) -> None:
        # Grey and white stripes round the ring: held by nobody, fought over.
        box = (cx - ring, cy - ring, cx + ring, cy + ring)
        for k in range(0, 360, 20):
            d.arc(box, k, k + 10, fill=CONTESTED, width=wd)
            d.arc(box, k + 10, k + 20, fill=WHITE, width=wd)

    return paint


def _dashes(ring: float, wd: int) -> Painter:
    def paint(d: Canvas, cx: float, cy: float) -> None:
        box = (cx - ring, cy - ring, cx + ring, cy + ring)
        for k in range(0, 360, 15):
            d.arc(box, k, k + 8, fill=(96, 96, 90), width=max(2, wd // 2))

    return paint


def _draw_objective_token(
    d: Canvas, lay: TableLayout, o: TableObjective, sides: dict[str, str]
) -> None:
    # Drawn over unit bases and tags: the objective's number matters more than what is under it.
    cx, cy = lay.to_px(o.x, o.y)
    r = _token_radius(lay)
    token_fill: RGB = (250, 246, 232)
    if o.holder is not None and not o.contested:
        token_fill = mix(side_colour(o.holder, sides), WHITE, 0.75)
    width = max(2, round(lay.scale / 8))
    label = plain(o.label)
    size = max(10, round(r * (0.95 if len(label) <= 2 else 0.6)), lay.least)
    text = fit_text(label, size, r * 1.7, bold=True)
    note("badge", "objective", r * 2)

    def paint(dd: Canvas, x: float, y: float) -> None:
        dd.regular_polygon(
            (x, y, r), 6, rotation=30, fill=token_fill, outline=INK, width=width
        )
        draw_text(dd, (x, y), text, size, INK, bold=True)

    STAMPS.draw(d, ("token", r, width, token_fill, text, size), (cx, cy), r + width, paint)


STATUS_COLOURS: dict[str, RGB] = {
    "shocked": BATTLE_RED,
    "fleeing": BATTLE_RED,
    "below-half": (236, 150, 20),
}


def _status_colour(tag: str | StatusTag) -> RGB:
    if isinstance(tag, StatusTag):
        return STATUS_COLOURS.get(tag.kind, (70, 70, 76))
    t = tag.lower()
    if "shock" in t or "flee" in t or "rout" in t or "broken" in t:
        return BATTLE_RED
    if "½" in t or "1/2" in t or "half" in t or "below" in t:
        return (236, 150, 20)
    return (70, 70, 76)


def _block_corners(lay: TableLayout, u: TableUnit, grow: float = 0.0) -> list[Point]:
    """Return a block's corners in pixels (front left, front right, rear right, rear left),
    `grow` pixels larger all round."""
    fx, fy = math.sin(math.radians(u.facing)), math.cos(math.radians(u.facing))
    rx, ry = fy, -fx
    hw = (u.frontage or 0.0) / 2 * lay.scale + grow
    hd = (u.depth or 0.0) / 2 * lay.scale + grow
    cx, cy = lay.to_px(u.x, u.y)
    # Pixels run down the image while inches run up the table.
    return [(cx + (fx * a + rx * s), cy - (fy * a + ry * s))
            for a, s in ((hd, -hw), (hd, hw), (-hd, hw), (-hd, -hw))]


def _draw_unit_block(d: Canvas, lay: TableLayout, u: TableUnit, sides: dict[str, str]) -> None:
    """Draw a block of figures turned to its facing, its front edge marked in white."""
    if u.highlight:
        wd = max(3, round(lay.scale * 0.22))
        d.polygon(_block_corners(lay, u, wd + 1), fill=None, outline=HIGHLIGHT, width=wd)
    c = side_colour(u.side, sides)
    corners = _block_corners(lay, u)
    d.polygon(corners, fill=c, outline=INK, width=max(2, round(lay.scale / 10)))
    d.line([corners[0], corners[1]], fill=mix(c, WHITE, 0.75),
           width=max(2, round(lay.scale / 5)))


def _draw_unit_base(d: Canvas, lay: TableLayout, u: TableUnit, sides: dict[str, str]) -> None:
    if u.frontage is not None and u.depth is not None:
        _draw_unit_block(d, lay, u, sides)
        return
    cx, cy = lay.to_px(u.x, u.y)
    r = max(4.0, u.radius * lay.scale)
    if u.highlight:
        wd = max(3, round(lay.scale * 0.22))
        disc(d, cx, cy, r + wd + 2, None, outline=INK, width=1)
        disc(d, cx, cy, r + wd + 1, None, outline=HIGHLIGHT, width=wd)
    c = side_colour(u.side, sides)
    disc(d, cx, cy, r, c, outline=INK, width=max(2, round(r / 10)))
    disc(d, cx, cy, r * 0.78, None, outline=mix(c, WHITE, 0.4), width=max(1, round(r / 14)))


class _Tag(NamedTuple):
    """A name or status tag hung under a unit's base (a tuple: hashed in pieces' keys)."""

    centre: Point
    text: str
    size: int
    fill: RGB
    ink: RGB | None
    box: Box
    # A stack laid out away from its unit (`_further`): how many times its own height
    # further out, and on its first tag the line drawn from the base to it (x0, y0, x1, y1)
    # and the box that line covers.
    far: int = 0
    leader: tuple[float, float, float, float] | None = None
    leader_box: Box | None = None


def _label_inside(lay: TableLayout, u: TableUnit) -> bool:
    r = max(4.0, u.radius * lay.scale)
    return text_width(plain(u.label), _label_size(lay), bold=True) <= r * 1.7


def _label_size(lay: TableLayout) -> int:
    return max(11, round(lay.scale * 0.95), lay.least)


def _token_radius(lay: TableLayout) -> float:
    """Return an objective token's radius: room for its name at the smallest readable size."""
    return max(lay.scale * 0.8, lay.least * 0.95)


def _tag_width(lay: TableLayout) -> float:
    """Return how wide a unit's tag may be before its words wrap onto another line."""
    return max(lay.scale * 9, lay.least * 9)


def _token_boxes(lay: TableLayout, objectives: tuple[TableObjective, ...]) -> tuple[Box, ...]:
    """Return the boxes of the objective tokens, with a little room round each."""
    r = _token_radius(lay) + lay.scale * 0.15
    out: list[Box] = []
    for o in objectives:
        cx, cy = lay.to_px(o.x, o.y)
        out.append((cx - r, cy - r, cx + r, cy + r))
    return tuple(out)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


Tags = dict[int, list[_Tag]]


def _side_colours(names: Iterable[str], sides: dict[str, str]) -> tuple[RGB, ...]:
    """Return the colour of each side named, finding each side's once."""
    found: dict[str, RGB] = {}
    out = []
    for name in names:
        c = found.get(name)
        if c is None:
            c = found[name] = side_colour(name, sides)
        out.append(c)
    return tuple(out)


def _place_tags(
    lay: TableLayout, units: tuple[TableUnit, ...], sides: dict[str, str],
    tokens: tuple[Box, ...], colours: tuple[RGB, ...] | None = None,
) -> Tags:
    """Lay out every unit's tags (its name when too long for the base, then statuses).

    Each unit's tags hang under its base, centred, or where they cover least: over the
    base, hung toward one side, beside it, or further out past what stands by it (a line
    drawn from the base to them). A token or the table's edge costs most (the token is
    drawn on top), then another tag, then tags laid further out, then a base. Neighbours
    whose tags still meet are laid out together, every pair of choices tried. Returned by
    `id()` of the unit.
    `colours` are the units' sides' colours, when the caller has them already.
    """
    if colours is None:
        colours = _side_colours((u.side for u in units), sides)
    where = scope(lay)
    keys = tuple(_tag_key(where, u, c) for u, c in zip(units, colours, strict=True))
    laid = _LAYOUTS.get((keys, tokens),
                        lambda: _TagLayout(lay, units, colours, tokens, keys).run())
    return {id(u): tags for u, tags in zip(units, laid, strict=True)}


# Every unit's tags, in the units' order (read-only: shared), by what they are laid out
# from (_tag_key) and the tokens: a turn that moves no unit (an order given, a phase
# passed) lays out nothing.
_LAYOUTS: LayerCache[tuple[list[_Tag], ...]] = LayerCache(maxsize=256)


class _TagLayout:
    """Laying out a table's tags: each unit's options, its choice, and what lies near it.

    What stays put while the tags move (the tokens and bases near where a unit's tags
    may go) is found once per unit and set of options, and what each option covers of
    them (and of the table's edge) once per option: a comparison counts only the other
    tags it covers.
    """

    def __init__(self, lay: TableLayout, units: tuple[TableUnit, ...], colours: tuple[RGB, ...],
                 tokens: tuple[Box, ...], keys: tuple[Hashable, ...]) -> None:
        self.lay, self.units, self.colours, self.tokens = lay, units, colours, tokens
        self.bases = [_base_box(lay, u) for u in units]
        # Each unit's first choice; the others are laid out only for a unit that needs
        # them. Both are kept per unit (_BELOW, _ELSEWHERE): most units stand still.
        self.keys = keys  # each unit's _tag_key
        self.options: list[list[list[_Tag]]] = [
            [_below(lay, u, c, k)] for u, c, k in zip(units, colours, self.keys, strict=True)]
        self.chosen = [o[0] for o in self.options]
        self.boxes = [_boxes(tags) for tags in self.chosen]
        self.mat = lay.mat
        self.still: dict[int, tuple[int, Box, tuple[Box, ...], tuple[Box, ...]]] = {}
        self.fixed_costs: dict[tuple[int, int, int], int] = {}

    def choose(self, i: int, tags: list[_Tag]) -> None:
        self.chosen[i] = tags
        self.boxes[i] = _boxes(tags)

    def more(self, i: int) -> None:
        """Give unit i its other layouts: by its base, then further out."""
        if len(self.options[i]) == 1 and self.options[i][0]:
            args = (self.lay, self.units[i], self.colours[i], self.keys[i], self.bases[i])
            self.options[i] += _elsewhere(*args) + _far_away(*args)

    def _still(self, i: int) -> tuple[int, Box, tuple[Box, ...], tuple[Box, ...]]:
        """Return the span of unit i's options and the tokens and other bases it meets."""
        found = self.still.get(i)
        if found is None or found[0] != len(self.options[i]):
            boxes = [t.box for tags in self.options[i] for t in tags]
            span = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                    max(b[2] for b in boxes), max(b[3] for b in boxes))
            bases = (b for j, b in enumerate(self.bases) if j != i)
            found = self.still[i] = (len(self.options[i]), span,
                                     tuple(b for b in self.tokens if _overlaps(span, b)),
                                     tuple(b for b in bases if _overlaps(span, b)))
        return found

    def near_tags(self, i: int, *but: int) -> tuple[Box, ...]:
        """Return the other tags (but those of units `but`) unit i's could cover anywhere."""
        _, (s0, s1, s2, s3), _, _ = self._still(i)
        return tuple(b for j, mine in enumerate(self.boxes) if j != i and j not in but
                     for b in mine if s0 < b[2] and b[0] < s2 and s1 < b[3] and b[1] < s3)

    def fixed(self, i: int, k: int) -> int:
        """Return what unit i's option k covers whatever the other tags do: tokens, bases
        and the table's edge (found once per option: only the other tags move)."""
        key = (i, k, len(self.options[i]))
        found = self.fixed_costs.get(key)
        if found is None:
            _, _, tokens, bases = self._still(i)
            tags = self.options[i][k]
            found = self.fixed_costs[key] = (
                (4 * _hits(tags, tokens, leaders=False) if tokens else 0)
                + (_hits(tags, bases) if bases else 0)
                + 4 * _off_table(tags, self.mat) + _far_cost(tags))
        return found

    def cost(self, i: int, k: int, tags: tuple[Box, ...]) -> int:
        """Return what unit i's option k covers, `tags` being the other tags near it."""
        return self.fixed(i, k) + (2 * _hits(self.options[i][k], tags) if tags else 0)

    def best(self, i: int) -> list[_Tag]:
        """Return unit i's option that covers least, the first such."""
        near = self.near_tags(i)
        return self.options[i][min(range(len(self.options[i])),
                                   key=lambda k: self.cost(i, k, near))]

    def pair(self, i: int, j: int) -> tuple[list[_Tag], list[_Tag]]:
        """Return the pair of choices for units i and j that covers least, the first such."""
        oi, oj = self.options[i], self.options[j]
        near_i, near_j = self.near_tags(i, j), self.near_tags(j, i)
        # Each choice's own cost once, not once per choice of the other unit.
        ci = [self.cost(i, k, near_i) for k in range(len(oi))]
        cj = [self.cost(j, m, near_j) for m in range(len(oj))]
        bj = [_boxes(o) for o in oj]

        def cost(kl: tuple[int, int]) -> int:
            k, m = kl
            return ci[k] + cj[m] + 4 * _hits(oi[k], bj[m])

        k, m = min(itertools.product(range(len(oi)), range(len(oj))), key=cost)
        return oi[k], oj[m]

    def run(self) -> tuple[list[_Tag], ...]:
        """Choose every unit's tags: alone, then by meeting pairs, then once more."""
        chosen, options = self.chosen, self.options
        for i in range(len(self.units)):
            # Unit i's tags are still its first option here.
            if chosen[i] and self.cost(i, 0, self.near_tags(i)):
                self.more(i)
                self.choose(i, self.best(i))
        for i, j in itertools.combinations(range(len(self.units)), 2):
            if _hits(chosen[i], self.boxes[j]):
                self.more(i)
                self.more(j)
                best = self.pair(i, j)
                self.choose(i, best[0])
                self.choose(j, best[1])
        # Big tags meet in threes: each unit still meeting another's moves once more.
        for i in range(len(self.units)):
            if chosen[i] and len(options[i]) > 1 and _hits(chosen[i], self.near_tags(i)):
                self.choose(i, self.best(i))
        return tuple(chosen)


def _tag_key(where: int, u: TableUnit, colour: RGB) -> Hashable:
    """Return what a unit's tags are laid out from: its place, size and shape (a block's
    frontage, depth and facing), name, statuses, colour.

    Plain values: a unit's model hashes and compares through Python code (pieces.values).
    """
    status = tuple(values(s) if isinstance(s, StatusTag) else s for s in u.status)
    return (where, u.x, u.y, u.radius, u.frontage, u.depth, u.facing, u.label, status, colour)


_BELOW: LayerCache[list[_Tag]] = LayerCache(maxsize=2048)
_ELSEWHERE: LayerCache[tuple[list[_Tag], ...]] = LayerCache(maxsize=2048)
_FAR: LayerCache[tuple[list[_Tag], ...]] = LayerCache(maxsize=2048)


def _below(lay: TableLayout, u: TableUnit, colour: RGB, key: Hashable) -> list[_Tag]:
    """A unit's tags hanging under its base (`key`: its _tag_key; read-only: shared)."""
    return _BELOW.get(key, lambda: _within(_stack_tags(lay, u, colour, down=True), lay.width))


def _elsewhere(lay: TableLayout, u: TableUnit, colour: RGB, key: Hashable, base: Box
               ) -> tuple[list[_Tag], ...]:
    """A unit's other tag layouts: over its base, either one hung toward each side, and
    the stack beside the base on its left or right (where a neighbour stands close in
    front or behind: a second line of blocks). `base` is its `_base_box`."""

    def lay_out() -> tuple[list[_Tag], ...]:
        below, above = _below(lay, u, colour, key), _stack_tags(lay, u, colour, down=False)
        r = max(4.0, u.radius * lay.scale)
        gap = lay.scale * 0.2
        return tuple(_within(stack, lay.width) for stack in (
            above, *(_hung(stack, r, side) for stack in (below, above) for side in (-1, 1)),
            *(_beside(below, base, gap, side) for side in (-1, 1))))

    return _ELSEWHERE.get(key, lay_out)


def _far_away(lay: TableLayout, u: TableUnit, colour: RGB, key: Hashable, base: Box
              ) -> tuple[list[_Tag], ...]:
    """A unit's tag stacks laid further out (`_further`): under or over its base, once
    or twice their height away, those that stay on the table whole."""

    def lay_out() -> tuple[list[_Tag], ...]:
        below = _below(lay, u, colour, key)
        above = _within(_stack_tags(lay, u, colour, down=False), lay.width)
        cx = lay.to_px(u.x, u.y)[0]
        further = (_further(stack, base, cx, steps, sign) for steps in (1, 2)
                   for stack, sign in ((below, 1), (above, -1)))
        return tuple(_within(stack, lay.width) for stack in further
                     if not _off_table(stack, lay.mat))

    return _FAR.get(key, lay_out)


def clear_tag_cache() -> None:
    """Forget every unit's kept tag layouts."""
    for cache in (_BELOW, _ELSEWHERE, _FAR, _LAYOUTS):
        cache.clear()


def _hung(tags: list[_Tag], r: float, side: int) -> list[_Tag]:
    """Move tags wider than a base toward one side (-1 left, 1 right), one edge on its rim."""
    out = []
    for t in tags:
        dx = side * max(0.0, (t.box[2] - t.box[0]) / 2 - r)
        box = (t.box[0] + dx, t.box[1], t.box[2] + dx, t.box[3])
        out.append(t._replace(centre=(t.centre[0] + dx, t.centre[1]), box=box))
    return out


def _beside(tags: list[_Tag], base: Box, gap: float, side: int) -> list[_Tag]:
    """Move a stack of tags beside a base (-1 left, 1 right), `gap` pixels off its edge,
    each tag's near edge lined up, the stack centred on the base's middle row."""
    if not tags:
        return tags
    dy = (base[1] + base[3]) / 2 - (tags[0].box[1] + tags[-1].box[3]) / 2
    edge = base[2] + gap if side > 0 else base[0] - gap
    out = []
    for t in tags:
        half = (t.box[2] - t.box[0]) / 2
        x = edge + side * half
        box = (x - half, t.box[1] + dy, x + half, t.box[3] + dy)
        out.append(t._replace(centre=(x, t.centre[1] + dy), box=box))
    return out


# What a stack of tags laid further out costs, by how far (`_further`): more than covering
# a base (a line leads the eye to them, across whatever stands between), less than
# covering another tag or a token, which hides words.
FURTHER_COST = (0, 2, 3)


def _further(tags: list[_Tag], base: Box, cx: float, steps: int, sign: int) -> list[_Tag]:
    """Move a stack hung below (`sign` 1) or above (-1) a base `steps` times its own height
    further out, and lead a line from the base's edge to its first tag."""
    if not tags:
        return tags
    dy = sign * steps * (tags[-1].box[3] - tags[0].box[1] if sign > 0
                         else tags[0].box[3] - tags[-1].box[1])
    out = [t._replace(centre=(t.centre[0], t.centre[1] + dy), far=steps,
                      box=(t.box[0], t.box[1] + dy, t.box[2], t.box[3] + dy)) for t in tags]
    first = out[0]
    if sign > 0:  # from the base's lower edge down to the top of the stack
        line, top, bottom = (cx, base[3], cx, first.box[1]), base[3], first.box[1]
    else:  # from its upper edge up to the bottom of the stack
        line, top, bottom = (cx, base[1], cx, first.box[3]), first.box[3], base[1]
    out[0] = first._replace(leader=line, leader_box=(cx - 1, top, cx + 1, bottom))
    return out


def _within(tags: list[_Tag], width: int) -> list[_Tag]:
    """Move each tag that would pass the picture's left or right edge (its words cut off
    there) just inside it, over the inch marks if need be."""
    out = []
    for t in tags:
        dx = max(0.0, EDGE - t.box[0]) or min(0.0, width - EDGE - t.box[2])
        out.append(t._replace(centre=(t.centre[0] + dx, t.centre[1]),
                              box=(t.box[0] + dx, t.box[1], t.box[2] + dx, t.box[3]))
                   if dx else t)
    return out


EDGE = 2  # pixels a tag keeps from the picture's left and right edges


def _far_cost(tags: list[_Tag]) -> int:
    """Return what laying a stack of tags away from its base costs (0 by it)."""
    return FURTHER_COST[tags[0].far] if tags else 0


def _base_box(lay: TableLayout, u: TableUnit) -> Box:
    """Return the box a unit's base or block covers (a block turned to its facing)."""
    if u.frontage is not None and u.depth is not None:
        corners = _block_corners(lay, u)
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        return (min(xs), min(ys), max(xs), max(ys))
    cx, cy = lay.to_px(u.x, u.y)
    r = max(4.0, u.radius * lay.scale)
    return (cx - r, cy - r, cx + r, cy + r)


def _off_table(tags: list[_Tag], mat: Box) -> int:
    """Count the tags that reach past the table's edge (over the inch marks, or cut off)."""
    return sum(1 for t in tags if t.box[0] < mat[0] or t.box[1] < mat[1] or t.box[2] > mat[2]
               or t.box[3] > mat[3])


def _hits(tags: list[_Tag], avoid: tuple[Box, ...], *, leaders: bool = True) -> int:
    """Count the (tag, box) pairs that overlap (`_overlaps` written out: it runs a lot),
    a stack's leader line as one more tag unless `leaders` is false (a token is drawn over
    the line: it hides nothing)."""
    n = 0
    for t in tags:
        a0, a1, a2, a3 = t.box
        for b in avoid:
            if a0 < b[2] and b[0] < a2 and a1 < b[3] and b[1] < a3:
                n += 1
        if leaders and t.leader_box is not None:
            a0, a1, a2, a3 = t.leader_box
            for b in avoid:
                if a0 < b[2] and b[0] < a2 and a1 < b[3] and b[1] < a3:
                    n += 1
    return n


def _boxes(tags: list[_Tag]) -> tuple[Box, ...]:
    """Return what a stack of tags covers: each tag's box, and its leader line's."""
    return tuple(t.box for t in tags) + tuple(
        t.leader_box for t in tags if t.leader_box is not None)


def _stack_tags(lay: TableLayout, u: TableUnit, colour: RGB, *, down: bool) -> list[_Tag]:
    """Stack a unit's tags from its base's rim, downwards or upwards, the name nearest."""
    cx, cy = lay.to_px(u.x, u.y)
    sign = 1.0 if down else -1.0
    y = cy + sign * max(4.0, u.radius * lay.scale)
    tags: list[_Tag] = []
    if not _label_inside(lay, u):
        # Long names go on a tag by the base, wrapped rather than cut (pill_layout).
        size = _label_size(lay)
        tag = _hang(cx, y, sign, plain(u.label), size, lay, -size * 0.175)
        tags.append(_Tag(tag[0], tag[1], size, colour, None, tag[2]))
        y = tag[2][3] - size * 0.1 if down else tag[2][1] + size * 0.1
    size = max(9, round(_label_size(lay) * 0.75), lay.least)
    for s in u.status:
        words = plain(s.text) if isinstance(s, StatusTag) else s
        tag = _hang(cx, y, sign, words.upper(), size, lay, size * 0.125)
        tags.append(_Tag(tag[0], tag[1], size, _status_colour(s), WHITE, tag[2]))
        y = tag[2][3] if down else tag[2][1]
    return tags


def _hang(
    cx: float, y: float, sign: float, words: str, size: int, lay: TableLayout, gap: float
) -> tuple[Point, str, Box]:
    """Lay out a tag hung `gap` pixels beyond row `y` (down if `sign` is 1): centre, text, box."""
    text, box = pill_layout((cx, 0.0), words, size, max_width=_tag_width(lay))
    half = (box[3] - box[1]) / 2
    centre = (cx, y + sign * (half + gap))
    return centre, text, (box[0], centre[1] - half, box[2], centre[1] + half)


def _draw_leader(d: Canvas, t: _Tag) -> None:
    """Draw the line from a base to its tags laid out further away: thin, in the first
    tag's colour, cased in white (drawn before every tag: it passes under them)."""
    if t.leader is None:
        return
    x0, y0, x1, y1 = (round(v) for v in t.leader)
    cased_line(d, (x0, y0), (x1, y1), t.fill, max(2, round(t.size / 8)))


def _draw_unit_text(
    d: Canvas, lay: TableLayout, u: TableUnit, sides: dict[str, str], tags: Tags
) -> None:
    if _label_inside(lay, u):
        c = side_colour(u.side, sides)
        draw_text(d, lay.to_px(u.x, u.y), plain(u.label), _label_size(lay), text_on(c),
                    bold=True)
    for t in tags[id(u)]:
        # Drawn at the whole pixel nearest its laid-out centre (half a pixel off at most):
        # a tag's stamp (renderers/caches.py) is then found again wherever it hangs, where
        # at a new fraction of a pixel it was drawn anew, three times over.
        pill(d, (round(t.centre[0]), round(t.centre[1])), t.text, t.size, t.fill, ink=t.ink)


_TABLE_ARROW_INK: dict[str, RGB] = {
    "move": INK,
    "battle": BATTLE_RED,
    "retreat": (226, 110, 0),
    "target": BATTLE_RED,
}


def _unit_at(units: tuple[TableUnit, ...], x: float, y: float) -> TableUnit | None:
    for u in units:
        if math.hypot(u.x - x, u.y - y) <= max(0.25, u.radius * 0.5):
            return u
    return None


def _clearance(lay: TableLayout, u: TableUnit | None, toward: Point, tags: Tags) -> float:
    """Return how far from a unit an arrow heading `toward` must stop to miss it and its tags."""
    if u is None:
        return lay.scale * 0.2
    dist = u.radius * lay.scale + lay.scale * (0.55 if u.highlight else 0.3)
    c = lay.to_px(u.x, u.y)
    n = math.hypot(toward[0] - c[0], toward[1] - c[1]) or 1.0
    direction = ((toward[0] - c[0]) / n, (toward[1] - c[1]) / n)
    pad = lay.scale * 0.3
    for t in tags[id(u)]:
        if t.far:
            break  # laid out away from the unit: the arrow may pass them
        box = (t.box[0] - pad, t.box[1] - pad, t.box[2] + pad, t.box[3] + pad)
        dist = max(dist, exit_distance(c, direction, box))
    return dist


Mark = tuple[Point, float, str]  # where a reticle or a burst goes, its radius, which


def _draw_arrow(
    d: Canvas, lay: TableLayout, a: TableArrow, units: tuple[TableUnit, ...], tags: Tags
) -> Mark | None:
    """Draw one arrow (a piece: renderers/pieces.py); return the mark at its end, if any."""
    source, target = _unit_at(units, a.x1, a.y1), _unit_at(units, a.x2, a.y2)
    ends = (source, target)
    hung = tuple(None if u is None else (values(u), *tags[id(u)]) for u in ends)
    return piece(d, ("arrow", scope(lay), values(a), hung),
                 lambda: _paint_arrow(d, lay, a, ends, tags))


def _paint_arrow(
    d: Canvas, lay: TableLayout, a: TableArrow,
    ends: tuple[TableUnit | None, TableUnit | None], tags: Tags,
) -> Mark | None:
    p, q = lay.to_px(a.x1, a.y1), lay.to_px(a.x2, a.y2)
    source, target = ends
    ink = _TABLE_ARROW_INK[a.kind]
    if a.kind == "target":
        # A sight line ending in a reticle round the target.
        ring = (target.radius * lay.scale if target else 0) + lay.scale * 0.45
        p2, q2 = shorten(p, q, _clearance(lay, source, q, tags), ring)
        wd = max(2, round(lay.scale * 0.14))
        dashed_line(
            d, p2, q2, ink, wd, lay.scale * 0.6, lay.scale * 0.35, casing=WHITE, casing_width=1
        )
        return (q if target else q2, ring, "target")
    wd = max(3, round(lay.scale * 0.26))
    if a.kind == "battle":
        br = lay.scale * 0.85
        reach = target.radius * lay.scale if target else 0.0
        p2, q2 = shorten(p, q, _clearance(lay, source, q, tags), reach + br * 0.2)
        cased_line(d, p2, q2, ink, wd)
        return (q2, br, "battle")
    start = _clearance(lay, source, q, tags)
    p2, q2 = shorten(p, q, start, _clearance(lay, target, p, tags))
    arrow(d, p2, q2, ink, wd, dashed=a.kind == "retreat")
    return None


def _reticle(d: Canvas, c: Point, r: float) -> None:
    wd = max(2, round(r / 10))
    disc(d, c[0], c[1], r, None, outline=WHITE, width=wd + 2)
    disc(d, c[0], c[1], r, None, outline=BATTLE_RED, width=wd)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        a = (c[0] + dx * r * 0.45, c[1] + dy * r * 0.45)
        b = (c[0] + dx * r * 1.35, c[1] + dy * r * 1.35)
        d.line((a, b), fill=BATTLE_RED, width=wd)


def board(view: TabletopView, width: int = BOARD_WIDTH) -> Board:
    """Return the table to draw: its mat, its units' recorded drawing and its palette."""
    key = _static_key(view, width)
    drawing = record(view, width, key)
    sides = _sides_in_use(view)
    return replace(drawing, key=(key, sides, drawing.size), palette=_palette(view, width, key,
                                                                             sides))


def record(view: TabletopView, width: int = BOARD_WIDTH, key: Hashable | None = None) -> Board:
    """Record the drawing of the objectives, units, arrows and panel over the table.

    `key` is the view's static key, when the caller has it already.
    """
    lay = TableLayout.of(view, width)
    layer = static_layer(view, width, key)
    picture_size = (width, lay.height + panel_height(view.panel, width))
    calls: list[Call] = []
    d = Recording(calls)
    blend = Recording(calls, blend=True)
    at = scope(lay)
    # Each objective, unit, arrow and mark is a piece (renderers/pieces.py), recorded
    # once and reused while what it is drawn from stays the same.
    held = [None if o.holder is None else side_colour(o.holder, view.sides)
            for o in view.objectives]
    for o, ink in zip(view.objectives, held, strict=True):
        piece(d, ("ring", at, values(o), ink),
              functools.partial(_draw_objective_ring, d, blend, lay, o, view.sides))
    colours = _side_colours((u.side for u in view.units), view.sides)
    # Unit tags keep clear of the objective tokens where they can.
    tags = _place_tags(lay, view.units, view.sides, _token_boxes(lay, view.objectives), colours)
    marks = [m for a in view.arrows if (m := _draw_arrow(d, lay, a, view.units, tags))]
    for u, fill in zip(view.units, colours, strict=True):
        body = (u.x, u.y, u.radius, u.frontage, u.depth, u.facing, u.highlight)
        piece(d, ("base", at, body, fill),
              functools.partial(_draw_unit_base, d, lay, u, view.sides))
    for c, r, kind in marks:
        if kind == "target":
            piece(d, ("reticle", c, r), functools.partial(_reticle, d, c, r))
    for c, r, kind in marks:
        if kind == "battle":
            piece(d, ("burst", c, r),
                  functools.partial(burst, d, c, r, (255, 200, 40), BATTLE_RED))
    for u in view.units:
        first = tags[id(u)][0] if tags[id(u)] else None
        if first is not None and first.leader is not None:
            piece(d, ("leader", first), functools.partial(_draw_leader, d, first))
    for u, fill in zip(view.units, colours, strict=True):
        words = (u.label, u.x, u.y, u.radius, tuple(tags[id(u)]))
        piece(d, ("words", at, words, fill),
              functools.partial(_draw_unit_text, d, lay, u, view.sides, tags))
    # Objective tokens last: O1..O5 stay readable whatever stands on or beside them.
    for o, ink in zip(view.objectives, held, strict=True):
        piece(d, ("token", at, values(o), ink),
              functools.partial(_draw_objective_token, d, lay, o, view.sides))
    draw_panel(d, view.panel, view.sides, lay.height, width, filled=True)
    return Board(None, picture_size, layer, PANEL_BG, tuple(calls), None)


# ---------------------------------------------------------------------------
# Palette


def _sides_in_use(view: TabletopView) -> tuple[tuple[str, RGB], ...]:
    names = {*view.sides, *(u.side for u in view.units)}
    names |= {o.holder for o in view.objectives if o.holder is not None}
    names |= {ln.side for ln in view.panel.lines if ln.side is not None}
    return tuple((n, side_colour(n, view.sides)) for n in sorted(names))


def palette(view: TabletopView, width: int = BOARD_WIDTH) -> Image.Image:
    """Return the palette every picture of this table, width and sides is encoded with.

    Found once from a sample: this table with units, objectives, tags, arrows and panel
    text of every kind and side, so the same view always gives the same PNG.
    """
    return _palette(view, width, _static_key(view, width), _sides_in_use(view))


def _palette(view: TabletopView, width: int, key: Hashable,
             sides: tuple[tuple[str, RGB], ...]) -> Image.Image:
    """Return `palette(view, width)`, given the view's static key and its sides in use."""

    def sample() -> Image.Image:
        return palette_of(picture(record(_palette_sample(view, sides), width)))

    return PALETTES.get((key, sides), sample)


def _palette_sample(view: TabletopView, sides: tuple[tuple[str, RGB], ...]) -> TabletopView:
    w, h = view.width, view.height
    units: list[TableUnit] = []
    objectives = [
        TableObjective(x=w * 0.2, y=h * 0.5, label="1"),
        TableObjective(x=w * 0.5, y=h * 0.5, label="2", contested=True),
    ]
    for i, (name, _) in enumerate(sides):
        y = h * (0.2 + 0.6 * (i % 2)) + (i // 2) * 2.0
        units += [
            TableUnit(x=w * 0.15, y=y, side=name, label="U1", radius=1.0, highlight=True),
            TableUnit(x=w * 0.35, y=y, side=name, label="U2 5/10 Boyz (second mob)", radius=1.5,
                      status=("SHOCKED", "BELOW HALF")),
            TableUnit(x=w * 0.6, y=y, side=name, label="U3", radius=2.0, status=("\u00bd",)),
        ]
        objectives.append(TableObjective(x=w * 0.8, y=y, label=f"O{i + 3}", holder=name))
    arrows = tuple(
        TableArrow(x1=w * 0.1, y1=h * (0.3 + 0.1 * i), x2=w * 0.3, y2=h * (0.35 + 0.1 * i), kind=k)
        for i, k in enumerate(("move", "battle", "retreat", "target"))
    )
    lines = [PanelLine(text="Battle round 1 of 5", bold=True)]
    for name, _ in sides:
        lines.append(PanelLine(text=f"{name}: 2 CP, 10 VP (primary 5, secondary 5)", side=name))
    lines.append(PanelLine(text="Primary: " + " ".join(name for name, _ in sides)))
    return view.model_copy(
        update={
            "units": tuple(units),
            "objectives": tuple(objectives),
            "arrows": arrows,
            "panel": Panel(title=f"Sample: {view.panel.title or 'Table'}", lines=tuple(lines)),
        }
    )
