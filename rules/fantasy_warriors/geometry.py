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
    """Return (x, y, distance) of the point of a chain of segments nearest to p.

    `_nearest_xy` written out in the loop (the same sums in the same order): this runs
    for every corner of every block a move or a picture measures.
    """
    hypot = math.hypot
    px, py = p.x, p.y
    first = line[0]
    ax, ay = first.x, first.y
    bx_, by_, best_d = ax, ay, hypot(px - ax, py - ay)
    for b in line[1:]:
        bx, by = b.x, b.y
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        if length2 == 0:
            x, y = ax, ay
        else:
            t = ((px - ax) * dx + (py - ay) * dy) / length2
            if not t < 1.0:  # min(1.0, t) keeps 1.0 unless t is smaller
                t = 1.0
            if not t > 0.0:  # max(0.0, t) keeps 0.0 unless t is larger
                t = 0.0
            x, y = ax + t * dx, ay + t * dy
        d = hypot(px - x, py - y)
        if d < best_d:
            bx_, by_, best_d = x, y, d
        ax, ay = bx, by
    return bx_, by_, best_d


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
    x, y = step_xy(p, goal, inches)
    return Point(x=x, y=y)


def step_xy(p: Point, goal: Point, inches: float) -> tuple[float, float]:
    """step_toward as plain numbers."""
    d = distance(p, goal)
    t = 1.0 if d <= inches or d == 0 else inches / d
    return round(p.x + t * (goal.x - p.x), 2), round(p.y + t * (goal.y - p.y), 2)


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


# --- blocks of figures: rectangles turned to a facing ------------------------------------------
#
# A facing is a compass bearing in degrees: 0 toward the north edge (+y), 90 toward the east
# edge (+x), 180 toward the south edge, 270 toward the west edge.


def heading(facing: float) -> tuple[float, float]:
    """Return the unit vector a facing points along."""
    rad = math.radians(facing)
    return math.sin(rad), math.cos(rad)


def bearing(start: Point, end: Point) -> float:
    """Return the facing (0-360, one decimal) that looks from start toward end."""
    angle = math.degrees(math.atan2(end.x - start.x, end.y - start.y)) % 360
    return round(angle, 1) % 360


def rectangle(middle: Point, frontage: float, depth: float, facing: float) -> list[Point]:
    """Return the corners of a block `frontage` wide and `depth` deep around its middle, its
    front toward `facing` (front left, front right, rear right, rear left)."""
    fx, fy = heading(facing)
    # The right-hand direction of a unit looking along (fx, fy).
    rx, ry = fy, -fx
    hw, hd = frontage / 2, depth / 2
    out = []
    for along, side in ((hd, -hw), (hd, hw), (-hd, hw), (-hd, -hw)):
        out.append(Point(x=middle.x + fx * along + rx * side, y=middle.y + fy * along + ry * side))
    return out


def rectangle_box(x: float, y: float, frontage: float, depth: float,
                  facing: float) -> tuple[float, float, float, float]:
    """Return the bounding box of `rectangle(Point(x, y), frontage, depth, facing)`, from
    the same sums, without building its corners (a search tries many spots)."""
    fx, fy = heading(facing)
    rx, ry = fy, -fx
    hw, hd = frontage / 2, depth / 2
    corners = ((hd, -hw), (hd, hw), (-hd, hw), (-hd, -hw))
    xs = [x + fx * along + rx * side for along, side in corners]
    ys = [y + fy * along + ry * side for along, side in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull(points: Sequence[Point]) -> list[Point]:
    """Return the convex hull of points, counter-clockwise (monotone chain)."""
    pts = sorted({(p.x, p.y) for p in points})
    if len(pts) <= 2:
        return [Point(x=x, y=y) for x, y in pts]
    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return [Point(x=x, y=y) for x, y in lower[:-1] + upper[:-1]]


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Say whether segments ab and cd touch or cross."""
    d1 = (d.x - c.x) * (a.y - c.y) - (d.y - c.y) * (a.x - c.x)
    d2 = (d.x - c.x) * (b.y - c.y) - (d.y - c.y) * (b.x - c.x)
    d3 = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    d4 = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and (
            (d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    if d1 and d2 and d3 and d4:
        return False
    # Collinear ends: touching counts when the end lies on the other segment.
    return any(
        s == 0 and _nearest_xy(p.x, p.y, u.x, u.y, v.x, v.y) == (p.x, p.y)
        for s, p, u, v in ((d1, a, c, d), (d2, b, c, d), (d3, c, a, b), (d4, d, a, b))
    )


def _edges(chain: Sequence[Point], closed: bool) -> list[tuple[Point, Point]]:
    pairs = list(zip(chain, chain[1:], strict=False))
    if closed and len(chain) > 2:
        pairs.append((chain[-1], chain[0]))
    return pairs


def _box(pts: Sequence[Point]) -> tuple[float, float, float, float]:
    first = pts[0]
    x0 = x1 = first.x
    y0 = y1 = first.y
    for p in pts:
        x, y = p.x, p.y
        if x < x0:
            x0 = x
        elif x > x1:
            x1 = x
        if y < y0:
            y0 = y
        elif y > y1:
            y1 = y
    return x0, y0, x1, y1


def shape_gap(a: Sequence[Point], b: Sequence[Point], a_closed: bool = True,
              b_closed: bool = True) -> float:
    """Return the distance between two shapes, 0 where they touch or overlap.

    Each shape is a polygon (`closed`, its inside counts) or a chain of segments (a line); a
    single point is a chain of one.
    """
    if len(a) == 1 and len(b) == 1:
        return distance(a[0], b[0])
    ax0, ay0, ax1, ay1 = _box(a)
    bx0, by0, bx1, by1 = _box(b)
    apart = ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0
    if not apart:
        if a_closed and len(a) > 2 and any(inside(p, a) for p in b):
            return 0.0
        if b_closed and len(b) > 2 and any(inside(p, b) for p in a):
            return 0.0
        ea, eb = _edges(a, a_closed), _edges(b, b_closed)
        if any(_segments_cross(p, q, r, t) for p, q in ea for r, t in eb):
            return 0.0
    best = math.inf
    for pts, chain, closed in ((a, b, b_closed), (b, a, a_closed)):
        if len(chain) == 1:
            best = min(best, *(distance(p, chain[0]) for p in pts))
            continue
        line = outline(chain) if closed and len(chain) > 2 else chain
        best = min(best, _chain_gap(pts, line))
    return best


def _chain_gap(pts: Sequence[Point], line: Sequence[Point]) -> float:
    """Return the least distance from any of `pts` to a chain of segments: the least
    `_nearest_on_chain(p, line)[2]`, with the same sums in the same order, each segment's
    sides worked out once for all the points (shape_gap measures every corner of a block)."""
    hypot = math.hypot
    first = line[0]
    fx, fy = first.x, first.y
    segments = []
    ax, ay = fx, fy
    for b in line[1:]:
        bx, by = b.x, b.y
        dx, dy = bx - ax, by - ay
        segments.append((ax, ay, dx, dy, dx * dx + dy * dy))
        ax, ay = bx, by
    best = math.inf
    for p in pts:
        px, py = p.x, p.y
        d = hypot(px - fx, py - fy)
        if d < best:
            best = d
        for ax, ay, dx, dy, length2 in segments:
            if length2 == 0:
                x, y = ax, ay
            else:
                t = ((px - ax) * dx + (py - ay) * dy) / length2
                if not t < 1.0:
                    t = 1.0
                if not t > 0.0:
                    t = 0.0
                x, y = ax + t * dx, ay + t * dy
            d = hypot(px - x, py - y)
            if d < best:
                best = d
    return best


Box = tuple[float, float, float, float]


def box(pts: Sequence[Point]) -> Box:
    """Return the bounding box of points: (least x, least y, most x, most y)."""
    return _box(pts)


def boxes_apart(a: Box, b: Box, margin: float = 0.0) -> bool:
    """Say whether two bounding boxes share no inside (then their polygons cannot overlap:
    the test `overlap` makes first); with a `margin`, whether they are more than that
    apart."""
    return (a[2] + margin < b[0] or b[2] + margin < a[0] or a[3] + margin < b[1]
            or b[3] + margin < a[1]) if margin else (
        a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Say whether two polygons share more than an edge (one pokes into the other).

    Blocks whose boxes meet are measured once per pair of corner lists (`_OVERLAPS`):
    a turn's moves and buttons test the same blocks against each other many times, and
    the next turn tests most of them again.
    """
    ax0, ay0, ax1, ay1 = _box(a)
    bx0, by0, bx1, by1 = _box(b)
    if ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0:
        return False
    key = (tuple([c for p in a for c in (p.x, p.y)]), tuple([c for p in b for c in (p.x, p.y)]))
    found = _OVERLAPS.get(key)
    if found is None:
        found = shape_gap(_shrink(a, 1e-6), b) == 0.0
        if len(_OVERLAPS) >= _OVERLAPS_MAX:
            _OVERLAPS.clear()
        _OVERLAPS[key] = found
    return found


# overlap's answers by the corners' coordinates (floats compare as they compute here: a
# zero's sign never changes a comparison or a division in these tests). Bounded: emptied
# whole when full.
_OVERLAPS: dict[tuple[tuple[float, ...], tuple[float, ...]], bool] = {}
_OVERLAPS_MAX = 8192


def _shrink(poly: Sequence[Point], by: float) -> list[Point]:
    """Return a convex polygon pulled toward its centre by `by` inches (for strict overlap)."""
    mid = Point(x=sum(p.x for p in poly) / len(poly), y=sum(p.y for p in poly) / len(poly))
    out = []
    for p in poly:
        d = distance(p, mid)
        t = 0.0 if d == 0 else max(0.0, d - by) / d
        out.append(Point(x=mid.x + (p.x - mid.x) * t, y=mid.y + (p.y - mid.y) * t))
    return out


def lane(start: Sequence[Point], goal_shift: tuple[float, float]) -> list[Point]:
    """Return the ground a block sweeps going straight, unturned, by `goal_shift` (dx, dy)."""
    dx, dy = goal_shift
    moved = [Point(x=p.x + dx, y=p.y + dy) for p in start]
    return hull([*start, *moved])


def within(poly: Sequence[Point], area: Sequence[Point]) -> bool:
    """Say whether every corner of a polygon lies inside (or on) a convex area."""
    return all(inside(p, area) or _nearest_on_chain(p, outline(area))[2] < 1e-9 for p in poly)
