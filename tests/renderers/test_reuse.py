"""What renderers keep between boards (stamps, panel lines, palettes) never shows.

A board must be a function of its view: the same view gives the same pixels and
the same PNG bytes whatever was drawn before, and kept pieces and panel lines are
the pixels drawing them would give.
"""

from __future__ import annotations

import pytest

from renderers import clear_caches, hexboard, render_image, render_png
from renderers.caches import Painter, Reach, StampCache
from renderers.canvas import Canvas, Point
from renderers.colours import RGB
from rules.core.board import HexBoardView, HexMarker, Panel, PanelLine, TabletopView


def _paint_directly(
    self: StampCache,
    draw: Canvas,
    key: object,
    centre: Point,
    reach: Reach,
    paint: Painter,
    backdrop: RGB | None = None,
) -> None:
    paint(draw, centre[0], centre[1])


@pytest.mark.parametrize("width", [1200, 900, 640])
def test_kept_pieces_and_lines_are_the_pixels_drawing_gives(
    samurai: HexBoardView, table: TabletopView, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Highlight rings are left out: theirs may differ by a pixel on an exact half.
    calm = samurai.model_copy(
        update={"markers": tuple(m.model_copy(update={"highlight": False})
                                 for m in samurai.markers)}
    )
    for view in (calm, table):
        clear_caches()
        render_image(view, width)  # panel lines are kept the second time they are seen
        kept = render_image(view, width).tobytes()
        with monkeypatch.context() as m:
            m.setattr(StampCache, "draw", _paint_directly)
            assert render_image(view, width).tobytes() == kept


def test_the_png_depends_on_the_view_only(samurai: HexBoardView, table: TabletopView) -> None:
    clear_caches()
    first = render_png(samurai)
    render_png(table)
    moved = samurai.model_copy(
        update={"markers": (HexMarker(hex="A1", side="Red", shape="star", label="L9"),)}
    )
    render_png(moved)
    assert render_png(samurai) == first
    clear_caches()
    render_png(moved)
    assert render_png(samurai) == first


def test_one_palette_per_map_and_sides(samurai: HexBoardView) -> None:
    clear_caches()
    render_png(samurai)
    later = samurai.model_copy(update={"panel": Panel(title="Turn 9", lines=(
        PanelLine(text="Red: banners 3/6", side="Red"),))})
    render_png(later)
    assert hexboard.PALETTES.info().misses == 1
    green = samurai.model_copy(update={"sides": {"Blue": "blue", "Red": "green"}})
    render_png(green)  # another colour is another palette
    assert hexboard.PALETTES.info().misses == 2


def test_a_piece_that_cannot_be_kept_is_drawn(samurai: HexBoardView) -> None:
    # Too small for a clean stamp: drawn each time, and still the same picture.
    clear_caches()
    once = render_image(samurai, 333).tobytes()
    assert render_image(samurai, 333).tobytes() == once
