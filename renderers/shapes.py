"""Shapes and lines drawn on a canvas: symbols, discs, dashed lines, arrows, bursts, tags."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from renderers.caches import PILL_STAMPS
from renderers.canvas import Box, Canvas, Point
from renderers.colours import INK, RGB, WHITE, text_on
from renderers.legibility import note
from renderers.lettering import draw_text, text_width, wrap
from rules.core.board import Shape


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


def pill_layout(
    centre: Point, text: str, size: int, *, bold: bool = True, max_width: float | None = None
) -> tuple[str, Box]:
    """Return the text a tag will show and the tag's box.

    A tag wider than `max_width` is wrapped onto more lines between words (`wrap`),
    never cut; a text with newlines is a tag of that many lines.
    """
    if max_width is not None and "\n" not in text:
        text = wrap(text, size, max_width - size * 0.7, bold=bold)
    lines = text.split("\n")
    w = max(text_width(line, size, bold=bold) for line in lines) + size * 0.7
    h = size * (1.25 + LINE_STEP * (len(lines) - 1))
    return text, (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


# The distance between a tag's lines, in font sizes.
LINE_STEP = 1.1


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
    """Draw `text` in a rounded tag centred on `centre` (wrapped: `pill_layout`); return its box."""
    text, box = pill_layout(centre, text, size, bold=bold, max_width=max_width)
    colour = ink if ink is not None else text_on(fill)
    lines = text.split("\n")

    def paint(d: Canvas, x: float, y: float) -> None:
        _, b = pill_layout((x, y), text, size, bold=bold)
        d.rounded_rectangle(
            b, radius=size * 0.625, fill=fill, outline=outline,
            width=1 if outline is not None else 0,
        )
        top = y - size * LINE_STEP * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            draw_text(d, (x, top + i * size * LINE_STEP), line, size, colour, bold=bold)

    # Tags (unit names, statuses) recur every turn: kept and pasted, like pieces.
    reach = (box[2] - box[0]) / 2 + 2, (box[3] - box[1]) / 2 + 2
    key = ("pill", text, size, fill, colour, outline, bold)
    PILL_STAMPS.draw(draw, key, centre, (reach[0], reach[1], reach[0], reach[1]), paint)
    note("badge", text, box[3] - box[1])
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
