"""Pixel helpers for renderer tests."""

from __future__ import annotations

from PIL import Image

from renderers.canvas import Point
from renderers.colours import RGB


def dominant(img: Image.Image, centre: Point, half: int) -> RGB:
    """Return the most common colour in a square of side 2*half around `centre`."""
    x, y = round(centre[0]), round(centre[1])
    colours = img.crop((x - half, y - half, x + half, y + half)).getcolors(4 * half * half)
    assert colours is not None
    _, top = max(colours)
    assert isinstance(top, tuple)
    return (top[0], top[1], top[2])


def pixel(img: Image.Image, at: Point) -> RGB:
    """Return the RGB colour at a point."""
    p = img.getpixel((round(at[0]), round(at[1])))
    assert isinstance(p, tuple)
    return (p[0], p[1], p[2])


def count(img: Image.Image, box: tuple[int, int, int, int], colour: RGB) -> int:
    """Count the pixels of exactly `colour` in `box`."""
    region = img.crop(box)
    for n, c in region.getcolors(region.width * region.height) or []:
        if c == colour:
            return int(n)
    return 0


def near(a: RGB, b: RGB, tolerance: int = 12) -> bool:
    """Say whether two colours differ by at most `tolerance` in every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
