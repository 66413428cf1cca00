"""Caches of drawn pieces: the static-layer LRU and the stamps pieces are pasted from.

Both are thread-safe and keep only pure results: the same key always draws the same pixels.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PIL import Image, ImageChops

from renderers.canvas import Canvas, Point
from renderers.colours import BLACK, RGB, WHITE


@dataclass(frozen=True)
class CacheInfo:
    """Counters of a layer cache, for tests and benchmarks."""

    hits: int
    misses: int
    size: int
    maxsize: int


Kept = TypeVar("Kept")


class LayerCache(Generic[Kept]):
    """A small thread-safe LRU of drawn static layers (or any other costly, pure result).

    Cached images are shared: callers must treat them as read-only and paste or copy
    them before drawing.
    """

    def __init__(self, maxsize: int = 16) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._maxsize = maxsize
        self._hits = 0
        self._misses = 0

    def get(self, key: Hashable, build: Callable[[], Kept]) -> Kept:
        """Return the layer for `key`, drawing it with `build` on a miss."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self._hits += 1
                return found
        # Draw outside the lock so other boards keep rendering; a rare duplicate
        # draw of the same key is harmless because drawing is pure.
        layer = build()
        with self._lock:
            self._misses += 1
            kept = self._items.setdefault(key, layer)
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)
            return kept

    def peek(self, key: Hashable) -> Kept | None:
        """Return the item for `key`, or None (counted as a hit or a miss)."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self._misses += 1
                return None
            self._items.move_to_end(key)
            self._hits += 1
            return found

    def put(self, key: Hashable, item: Kept) -> None:
        """Keep `item` for `key`, in place of any item kept for it before."""
        with self._lock:
            self._items[key] = item
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)

    def resize(self, maxsize: int) -> None:
        """Keep at most `maxsize` items from now on (0: keep nothing)."""
        with self._lock:
            self._maxsize = maxsize
            while len(self._items) > maxsize:
                self._items.popitem(last=False)

    def info(self) -> CacheInfo:
        """Return hit and miss counts and the current size."""
        with self._lock:
            return CacheInfo(self._hits, self._misses, len(self._items), self._maxsize)

    def clear(self) -> None:
        """Forget every layer and reset the counters."""
        with self._lock:
            self._items.clear()
            self._hits = self._misses = 0


@dataclass(frozen=True)
class Stamp:
    """The pixels a drawing covers, cut out so that pasting it repeats the drawing.

    Pasted where it was drawn (to the pixel, and at the same offset inside the pixel)
    a stamp gives the drawing's own pixels; the one exception is an edge that falls
    exactly between two pixels, which Pillow may round the other way at another
    distance from the corner of the image. Either way a view always gives the same
    picture.
    """

    left: int
    top: int
    image: Image.Image
    mask: Image.Image


# Draws something centred on (x, y) on a canvas.
Painter = Callable[[Canvas, float, float], None]
# How far a drawing goes from its centre: one distance, or (left, up, right, down).
Reach = float | tuple[float, float, float, float]
# Lookup tables to a 1-bit mask (pasting through one is three times faster than 8-bit).
_ANY = [0] + [255] * 255  # any change at all is covered
_NONE = [255] + [0] * 255  # no difference at all is covered


def make_stamp(
    reach: Reach,
    fx: float,
    fy: float,
    paint: Painter,
    backdrop: RGB | None = None,
) -> Stamp | None:
    """Draw `paint` around (fx, fy) once and keep what it covers.

    `reach` bounds how far from its centre the drawing goes. Without a `backdrop` it
    is drawn on black and on white: a pixel the drawing leaves alone stays black on
    one and white on the other, a pixel it paints is the same on both, and anything
    else is a blend with what lies under it, which such a stamp cannot repeat: then
    (as when the drawing overflows `reach`) there is no stamp. With a `backdrop` it
    is drawn on that colour, blends and all, for pasting where the picture is that
    colour (text on the panel).
    """
    left, up, right, down = reach if isinstance(reach, tuple) else (reach,) * 4
    px = 2 * math.ceil(left / 2) + 4  # even: see StampCache.draw
    py = 2 * math.ceil(up / 2) + 4
    size = (px + math.ceil(right) + 4, py + math.ceil(down) + 4)
    if backdrop is not None:
        drawn = Image.new("RGB", size, backdrop)
        paint(Canvas(drawn), px + fx, py + fy)
        bands = ImageChops.difference(drawn, Image.new("RGB", size, backdrop)).split()
        changed = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
        mask = changed.point(_ANY, "1")
    else:
        drawn = Image.new("RGB", size, BLACK)
        on_white = Image.new("RGB", size, WHITE)
        paint(Canvas(drawn), px + fx, py + fy)
        paint(Canvas(on_white), px + fx, py + fy)
        diff = ImageChops.difference(drawn, on_white)
        found = diff.getcolors(2)
        if found is None or not {c for _, c in found} <= {BLACK, WHITE}:
            return None
        mask = diff.convert("L").point(_NONE, "1")
    box = mask.getbbox()
    if box is None or box[0] == 0 or box[1] == 0 or box[2] == size[0] or box[3] == size[1]:
        return None
    return Stamp(box[0] - px, box[1] - py, drawn.crop(box), mask.crop(box))


def _even_floor(v: float) -> int:
    n = math.floor(v)
    return n - (n % 2)


class StampCache:
    """A thread-safe LRU of stamps: pieces and rings drawn once, then pasted."""

    def __init__(self, maxsize: int = 1024) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, Stamp | None] = OrderedDict()
        self._maxsize = maxsize

    def draw(
        self,
        draw: Canvas,
        key: Hashable,
        centre: Point,
        reach: Reach,
        paint: Painter,
        backdrop: RGB | None = None,
    ) -> None:
        """Paint at `centre` from the stamp for `key` (made on first use), or directly.

        `key` must name everything `paint` depends on except where it is drawn; the
        centre's offset from an even pixel is added here, so the stamp is the same
        pixels. Even, because round() takes halves to the even neighbour: moving a
        drawing by an even number of pixels moves every rounded coordinate with it.
        """
        x0, y0 = _even_floor(centre[0]), _even_floor(centre[1])
        fx, fy = centre[0] - x0, centre[1] - y0
        full = (key, fx, fy, backdrop)
        with self._lock:
            missing = full not in self._items
            stamp = self._items.get(full)
            if not missing:
                self._items.move_to_end(full)
        if missing:
            stamp = make_stamp(reach, fx, fy, paint, backdrop)
            with self._lock:
                self._items[full] = stamp
                while len(self._items) > self._maxsize:
                    self._items.popitem(last=False)
        if stamp is None:
            paint(draw, centre[0], centre[1])
        else:
            draw.paste_mask(stamp.image, (x0 + stamp.left, y0 + stamp.top), stamp.mask)

    def clear(self) -> None:
        """Forget every stamp."""
        with self._lock:
            self._items.clear()


PILL_STAMPS = StampCache(maxsize=512)
