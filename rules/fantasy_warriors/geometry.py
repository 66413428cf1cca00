"""Inch geometry of lines and areas: nearest points, centres, insides and corridors.

Points are `rules.core.inches.Point`; a line is its list of corner points, an area the corners
of a polygon (not repeated at the end). Nothing here knows the game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rules.core.inches import Point, distance


def _nearest_xy(
    px: float, py: float, ax: float, ay: float, bx: float, by: float
) -> tuple[float, float]:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return ax, ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return ax + t * dx, ay + t * dy


def _nearest_on_chain(p: Point, line: Sequence[Point]) -> tuple[float, float, float]:
    """Return (x, y, distance) of the point of a chain of segments nearest to p."""
    best = (line[0].x, line[0].y, math.hypot(p.x - line[0].x, p.y - line[0].y))
    for a, b in zip(line, line[1:], strict=False):
        x, y = _nearest_xy(p.x, p.y, a.x, a.y, b.x, b.y)
        d = math.hypot(p.x - x, p.y - y)
        if d < best[2]:
            best = (x, y, d)
    return best


def nearest_on_line(p: Point, line: Sequence[Point]) -> Point:
    """Return the point of a line (a chain of segments) nearest to p."""
    x, y, _ = _nearest_on_chain(p, line)
    return Point(x=x, y=y)


def inside(p: Point, area: Sequence[Point]) -> bool:
    """Say whether p lies inside a polygon (even-odd rule; points on an edge may go either way)."""
    found = False
    j = len(area) - 1
    for i in range(len(area)):
        a, b = area[i], area[j]
        if (a.y > p.y) != (b.y > p.y):
            cross_x = (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
            if p.x < cross_x:
                found = not found
        j = i
    return found


def outline(area: Sequence[Point]) -> list[Point]:
    """Return a polygon's corners with the first repeated at the end (its boundary as a line)."""
    return [*area, area[0]]


def distance_to_area(p: Point, area: Sequence[Point]) -> float:
    """Return how far p is from a polygon: 0 inside it, else the distance to its edge."""
    if inside(p, area):
        return 0.0
    return _nearest_on_chain(p, outline(area))[2]


def distance_to_line(p: Point, line: Sequence[Point]) -> float:
    """Return how far p is from a line."""
    return _nearest_on_chain(p, line)[2]


def centre(area: Sequence[Point]) -> Point:
    """Return the centre (centroid) of a polygon; the mean of its corners if it has no area."""
    twice_area = 0.0
    cx = cy = 0.0
    for i, a in enumerate(area):
        b = area[(i + 1) % len(area)]
        cross = a.x * b.y - b.x * a.y
        twice_area += cross
        cx += (a.x + b.x) * cross
        cy += (a.y + b.y) * cross
    if abs(twice_area) < 1e-9:
        return Point(x=sum(p.x for p in area) / len(area), y=sum(p.y for p in area) / len(area))
    return Point(x=cx / (3 * twice_area), y=cy / (3 * twice_area))


def midpoint(line: Sequence[Point]) -> Point:
    """Return the point halfway along a line."""
    lengths = [distance(a, b) for a, b in zip(line, line[1:], strict=False)]
    half = sum(lengths) / 2
    for (a, b), length in zip(zip(line, line[1:], strict=False), lengths, strict=True):
        if half <= length and length > 0:
            t = half / length
            return Point(x=a.x + t * (b.x - a.x), y=a.y + t * (b.y - a.y))
        half -= length
    return line[-1]


def across(p: Point, start: Point, end: Point, half_width: float) -> bool:
    """Say whether p lies in the corridor `half_width` either side of the path start -> end.

    Points behind `start` do not count: only what lies ahead of a unit stands between it and
    where it goes.
    """
    dx, dy = end.x - start.x, end.y - start.y
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, start) <= half_width
    t = ((p.x - start.x) * dx + (p.y - start.y) * dy) / length2
    if t <= 0:
        return False
    x, y = _nearest_xy(p.x, p.y, start.x, start.y, end.x, end.y)
    return math.hypot(p.x - x, p.y - y) <= half_width


def step_toward(p: Point, goal: Point, inches: float) -> Point:
    """Return where p ends after going straight toward goal by up to `inches` (2 decimals)."""
    d = distance(p, goal)
    t = 1.0 if d <= inches or d == 0 else inches / d
    return Point(x=round(p.x + t * (goal.x - p.x), 2), y=round(p.y + t * (goal.y - p.y), 2))


def strip(line: Sequence[Point], width: float) -> list[tuple[float, float]]:
    """Return a polygon `width` wide around a line, for drawing a river, road or wall."""
    half = width / 2
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i, p in enumerate(line):
        a = line[max(0, i - 1)]
        b = line[min(len(line) - 1, i + 1)]
        dx, dy = b.x - a.x, b.y - a.y
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm * half, dx / norm * half
        left.append((round(p.x + nx, 3), round(p.y + ny, 3)))
        right.append((round(p.x - nx, 3), round(p.y - ny, 3)))
    return left + right[::-1]


def diamond(p: Point, size: float) -> list[tuple[float, float]]:
    """Return a small diamond around a point, for drawing a point feature."""
    return [(p.x, p.y + size), (p.x + size, p.y), (p.x, p.y - size), (p.x - size, p.y)]
