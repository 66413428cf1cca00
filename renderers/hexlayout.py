"""Where a hex board's hexes land in a picture, and the hexes a board view names.

Shared by the static terrain layer (terrain.py) and the pieces drawn over it (hexboard.py).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from renderers.canvas import Point
from renderers.legibility import smallest
from rules.core.board import HexBoardView
from rules.core.hexgrid import Hex

log = logging.getLogger(__name__)


SQRT3 = math.sqrt(3.0)


@lru_cache(maxsize=1024)
def hex_named(label: str) -> Hex:
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
        if any(touches_side(view, members) for name, members in view.areas if name):
            # Room beside the board for the name of an area on a side edge, set upright.
            margin_x = max(margin_x, area_label_size(hex_w, width) * 1.6)
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

    @property
    def least(self) -> int:
        """Return the smallest a label or badge may be on this board (renderers/legibility.py)."""
        return smallest(self.width)

    def point(self, x: float, row: float) -> Point:
        """Return the pixel for a position in hex widths across and rows down."""
        px = self.margin_x + (x + 0.5) * self.hex_w
        py = self.margin_y + self.size + row * 1.5 * self.size
        if self.flipped:
            return (self.width - px, self.height - py)
        return (px, py)

    def centre(self, label: str) -> Point:
        """Return the pixel centre of the hex named `label` (e.g. 'E5')."""
        h = hex_named(label)
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


def parse_hex(label: str) -> Hex | None:
    try:
        return hex_named(label)
    except ValueError:
        log.warning("board view names no hex %r; skipped", label)
        return None


def area_label_size(hex_w: float, width: int) -> int:
    """Return the font size of an area's name on a board `width` pixels wide."""
    return max(10, round(hex_w * 0.17), smallest(width))


def area_hexes(members: Iterable[str]) -> list[Hex]:
    return [h for h in (parse_hex(m) for m in members) if h is not None]


def touches_side(view: HexBoardView, members: Iterable[str]) -> bool:
    """Say whether an area has a hex on the board's left or right edge."""
    for h in area_hexes(members):
        short = view.short_odd_rows and h.row % 2 == 1
        if h.col == 0 or h.col == view.cols - (2 if short else 1):
            return True
    return False


def touches_end(view: HexBoardView, members: Iterable[str]) -> bool:
    """Say whether an area has a hex on the board's top or bottom row."""
    return any(h.row in (0, view.rows - 1) for h in area_hexes(members))
