"""Board images: pure functions from a public board view to a picture.

`render_image` gives a Pillow image, `render_png` the bytes to post. Both depend on
the view and the width only; static layers are cached between calls and the cache
is safe to share between worker threads. `render_png` draws a board over its game's
last one (its `lineage`), else the last one of the same map (renderers/layers.py):
only what changed is drawn, mapped to the palette and compressed again, and the
bytes are those of drawing it whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TypeVar

from PIL import Image

from renderers import hexboard, layers, png, tabletop, terrain
from renderers.legibility import BOARD_WIDTH
from renderers.lettering import clear_text_cache
from renderers.pieces import clear_pieces
from rules.core.board import HexBoardView, TabletopView

Made = TypeVar("Made")

__all__ = ["BOARD_WIDTH", "board_palette", "clear_caches", "render_image", "render_png"]


def render_image(view: HexBoardView | TabletopView, width: int = BOARD_WIDTH) -> Image.Image:
    """Draw `view` as a new RGB image `width` pixels wide (height follows the board)."""
    return layers.picture(_recorded(view, width))


def _recorded(view: HexBoardView | TabletopView, width: int) -> layers.Board:
    return _by_kind(view, _checked(width), hexboard.record, tabletop.record)


def _board(view: HexBoardView | TabletopView, width: int) -> layers.Board:
    return _by_kind(view, _checked(width), hexboard.board, tabletop.board)


def _checked(width: int) -> int:
    if width < 200:
        raise ValueError(f"a board image needs at least 200 pixels of width, not {width}")
    return width


def _by_kind(view: HexBoardView | TabletopView, width: int,
             hexes: Callable[[HexBoardView, int], Made],
             table: Callable[[TabletopView, int], Made]) -> Made:
    """Return what the renderer of the view's kind (hex map or tabletop) makes of it."""
    if isinstance(view, HexBoardView):
        return hexes(view, width)
    if isinstance(view, TabletopView):
        return table(view, width)
    raise TypeError(f"no renderer for {type(view).__name__}")


# How much narrower each new try at a board over the upload budget is drawn, and the
# narrowest it is drawn.
NARROWER = 0.9
NARROWEST = 800


def render_png(view: HexBoardView | TabletopView, width: int = BOARD_WIDTH, *,
               lineage: Hashable | None = None) -> bytes:
    """Draw `view` and encode it as a palette PNG ready to upload (renderers/png.py).

    `lineage` names the boards this one follows (a game's id): it is drawn over that
    lineage's last frame, which it then replaces. The bytes do not depend on it.

    A busy board whose PNG would pass the upload budget (`png.BUDGET`) is drawn again a
    tenth narrower, until it fits: its words are sized to the picture's width
    (renderers/legibility.py), so a phone reads it just as well, and it uploads as fast.
    """
    while True:
        board = _board(view, width)
        data, frame = _board_png(board, lineage)
        posted = len(data) <= png.BUDGET or width <= NARROWEST
        # A board drawn again narrower is not its game's last: kept as its map's alone,
        # for the next of its width to draw over.
        layers.keep(board.key, frame, lineage if posted else None)
        if posted:
            return data
        width = max(NARROWEST, round(width * NARROWER))


def _board_png(board: layers.Board, lineage: Hashable | None) -> tuple[bytes, layers.Frame]:
    """Draw `board` over its lineage's (or its map's) last frame; return its PNG and the
    frame to keep."""
    frame = layers.draw(board, lineage)
    bands, checks = png.frame_bands(frame.indices, frame.bands, frame.checks, frame.dirty)
    # Denser bands are kept too: the next board of a busy game is most likely near the
    # budget as well, and most of its bands the same.
    posted, denser = png.denser_bands(frame.indices, bands, frame.denser, frame.dirty)
    data = png.board_png(frame.indices, posted, checks)
    return data, replace(frame, bands=bands, checks=checks, denser=denser)


def board_palette(view: HexBoardView | TabletopView, width: int = BOARD_WIDTH) -> Image.Image:
    """Return the palette `render_png` encodes this view with (cached per board and sides)."""
    return _by_kind(view, width, hexboard.palette, tabletop.palette)


def clear_caches() -> None:
    """Forget every cached static layer, text sprite, piece, layout and frame (tests and
    benchmarks start cold)."""
    for cache in (terrain.CACHE, tabletop.CACHE):
        cache.clear()
    for module in (hexboard, tabletop):
        module.STAMPS.clear()
        module.PALETTES.clear()
    clear_text_cache()
    tabletop.clear_tag_cache()
    hexboard.clear_layouts()
    clear_pieces()
    layers.FRAMES.clear()
