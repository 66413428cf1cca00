"""Hex grid maths for boards of pointy-top hexes in offset rows.

A board has `rows` rows; long rows hold `cols` hexes and, when `short_odd_rows`
is set (the Command & Colors layout), the odd rows hold `cols - 1` and are shifted
half a hex to the right. Hexes are named like map squares, column letter then row
number from the top: "A1", "E5". Geometry works in axial/cube coordinates.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

from rules.core.model import Frozen

_LABEL = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")


class Hex(Frozen):
    """One hex, by offset column and row (both from 0, row 0 at the top)."""

    col: int
    row: int

    @property
    def label(self) -> str:
        """Return the human name printed on the board, e.g. 'E5'."""
        return f"{string.ascii_uppercase[self.col]}{self.row + 1}"

    @property
    def x(self) -> float:
        """Return the centre's horizontal position in hex widths (odd rows shift right)."""
        return self.col + (0.5 if self.row % 2 else 0.0)

    def axial(self) -> tuple[int, int]:
        """Return axial (q, r) coordinates."""
        return self.col - (self.row - (self.row & 1)) // 2, self.row

    @classmethod
    def from_axial(cls, q: int, r: int) -> Hex:
        """Build a hex from axial coordinates."""
        return cls(col=q + (r - (r & 1)) // 2, row=r)

    @classmethod
    def parse(cls, label: str) -> Hex:
        """Read a label such as 'e5' or 'E5'; raise ValueError on anything else."""
        m = _LABEL.match(label)
        if not m:
            raise ValueError(f"not a hex name: {label!r} (expected a letter and a row, like E5)")
        return cls(col=string.ascii_uppercase.index(m.group(1).upper()), row=int(m.group(2)) - 1)

    def __str__(self) -> str:
        return self.label


_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def distance(a: Hex, b: Hex) -> int:
    """Return the number of hex steps between two hexes."""
    aq, ar = a.axial()
    bq, br = b.axial()
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> list[Hex]:
    """Return the six hexes around `h` (some may lie off the board)."""
    q, r = h.axial()
    return [Hex.from_axial(q + dq, r + dr) for dq, dr in _DIRECTIONS]


def _cube_round(x: float, y: float, z: float) -> tuple[int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, rz


def line(a: Hex, b: Hex) -> list[Hex]:
    """Return the hexes on the straight line from a to b, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.axial()
    bq, br = b.axial()
    ax, az, ay = aq + 1e-6, ar + 1e-6, -aq - ar - 2e-6
    bx, bz, by = bq + 1e-6, br + 1e-6, -bq - br - 2e-6
    out = []
    for i in range(n + 1):
        t = i / n
        q, r = _cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t)
        out.append(Hex.from_axial(q, r))
    return out


class HexBoard(Frozen):
    """The shape of a hex map and its section lines."""

    cols: int = 13
    rows: int = 9
    short_odd_rows: bool = True
    # Section lines as horizontal positions in hex widths, left to right.
    section_lines: tuple[float, ...] = (4.0, 8.0)
    section_names: tuple[str, ...] = ("left", "center", "right")

    def row_length(self, row: int) -> int:
        """Return how many hexes a row holds."""
        return self.cols - 1 if (self.short_odd_rows and row % 2) else self.cols

    def contains(self, h: Hex) -> bool:
        """Say whether a hex lies on the board."""
        return 0 <= h.row < self.rows and 0 <= h.col < self.row_length(h.row)

    def hexes(self) -> Iterator[Hex]:
        """Yield every hex, row by row."""
        for row in range(self.rows):
            for col in range(self.row_length(row)):
                yield Hex(col=col, row=row)

    def neighbours(self, h: Hex) -> list[Hex]:
        """Return the on-board hexes around `h`."""
        return [n for n in neighbours(h) if self.contains(n)]

    def sections_of(self, h: Hex) -> tuple[str, ...]:
        """Return the sections a hex lies in: two when a section line cuts through it."""
        lo, hi = h.x - 0.5, h.x + 0.5
        edges = (float("-inf"), *self.section_lines, float("inf"))
        return tuple(
            name
            for name, left, right in zip(self.section_names, edges[:-1], edges[1:], strict=True)
            if lo < right and hi > left
        )

    def parse(self, label: str) -> Hex:
        """Read a hex name and check it is on this board; raise ValueError otherwise."""
        h = Hex.parse(label)
        if not self.contains(h):
            raise ValueError(f"{h.label} is not on the board")
        return h
