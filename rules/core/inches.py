"""Tabletop geometry in inches for measured systems (40k, Fantasy Warriors)."""

from __future__ import annotations

import math

from rules.core.model import Frozen


class Point(Frozen):
    """A position on the table, in inches from the bottom-left corner."""

    x: float
    y: float

    def __str__(self) -> str:
        return f'({self.x:g}", {self.y:g}")'


def distance(a: Point, b: Point) -> float:
    """Return the straight-line distance between two points."""
    return math.hypot(a.x - b.x, a.y - b.y)


def gap(a: Point, b: Point, radius_a: float = 0.0, radius_b: float = 0.0) -> float:
    """Return the distance between the edges of two round bases (0 when touching or overlapping)."""
    return max(0.0, distance(a, b) - radius_a - radius_b)


def within(a: Point, b: Point, inches: float, radius_a: float = 0.0, radius_b: float = 0.0) -> bool:
    """Say whether two bases are within `inches` of each other, edge to edge."""
    return gap(a, b, radius_a, radius_b) <= inches + 1e-9


class Table(Frozen):
    """The size of a measured battlefield."""

    width: float
    height: float

    def contains(self, p: Point) -> bool:
        """Say whether a point is on the table."""
        return 0 <= p.x <= self.width and 0 <= p.y <= self.height
