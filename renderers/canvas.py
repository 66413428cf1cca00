"""The drawing surface: a canvas that keeps its image (pixel-exact polygons), pasting, coordinates.

It sits below every other drawing module; nothing here keeps state but one blank
mask per thread and size.
"""

from __future__ import annotations

import threading
from typing import Any

from PIL import Image, ImageDraw

from renderers.colours import RGB

Point = tuple[float, float]


class Canvas(ImageDraw.ImageDraw):
    """A drawing context that keeps its image, so text can be pasted from cached sprites."""

    def __init__(self, image: Image.Image, mode: str | None = None) -> None:
        super().__init__(image, mode)
        self.image = image

    def polygon(
        self,
        xy: Any,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        """Draw a polygon as Pillow's ImageDraw.polygon does, pixel for pixel.

        An outline wider than one pixel is kept inside the shape through a mask of the
        polygon: Pillow makes a new mask the size of the whole image for each one (a
        board-sized fill for every unit block). Here the mask is kept blank between
        polygons, per thread and size: the polygon is filled into it, used, and filled
        out again with 0 (the same pixels), so the mask each outline sees is the same.
        """
        ink, fill_ink = self._getink(outline, fill)
        if fill_ink is not None:
            self.draw.draw_polygon(xy, fill_ink, 1)
        if ink is None or ink == fill_ink or width == 0:
            return
        if width == 1:
            self.draw.draw_polygon(xy, ink, 0, width)
            return
        mask_draw = _blank_mask(self.image.size)
        mask_ink = self._getink(1)[0]
        mask_draw.draw.draw_polygon(xy, mask_ink, 1)
        try:
            self.draw.draw_polygon(xy, ink, 0, width * 2 - 1, mask_draw.image.im)
        finally:
            mask_draw.draw.draw_polygon(xy, 0, 1)

    def paste_mask(self, source: Image.Image | RGB, at: tuple[int, int],
                   mask: Image.Image) -> None:
        """Paste `source` through `mask` at `at` (see `paste`): text and kept pieces."""
        paste(self.image, source, at, mask)


_masks = threading.local()


def _blank_mask(size: tuple[int, int]) -> Canvas:
    """Return this thread's blank 1-bit mask of `size`, with its drawing context."""
    kept: dict[tuple[int, int], Canvas] | None = getattr(_masks, "by_size", None)
    if kept is None:
        kept = _masks.by_size = {}
    found = kept.get(size)
    if found is None:
        if len(kept) >= 8:
            kept.clear()
        found = kept[size] = Canvas(Image.new("1", size))
    return found


def paste(target: Image.Image, source: Image.Image | RGB, at: tuple[int, int],
          mask: Image.Image) -> None:
    """Paste `source` (a picture in `target`'s mode, or a colour) through `mask` at `at`.

    What `Image.paste` does for these arguments, pixel for pixel, without its checks of
    them: a board pastes about fifty text sprites and stamps a turn, and the checks
    cost as much as the copying.
    """
    x, y = at
    w, h = mask.size
    core = source.im if isinstance(source, Image.Image) else source
    target.im.paste(core, (x, y, x + w, y + h), mask.im)


Box = tuple[float, float, float, float]
