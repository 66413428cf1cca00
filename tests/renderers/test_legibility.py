"""Every demo board is readable at a phone's width (renderers/legibility.py).

Discord shows a board about 400 pixels wide on a phone. Each system's demo game is
drawn board by board while the renderers note every text (its font's em size) and
badge (its height) they draw; scaled to 400 pixels wide, none may be under 8 pixels.
40k unit names are wrapped, never cut.
"""

from __future__ import annotations

from functools import cache

import pytest

from bench.positions import system_boards
from renderers import BOARD_WIDTH, clear_caches, render_image, terrain
from renderers.legibility import PHONE_WIDTH, SMALLEST, Mark, measuring, smallest
from renderers.samples import samurai_board
from rules.core.board import TabletopView

SYSTEMS = ("samurai", "bushido", "wh40k", "fantasy_warriors")
WIDTH = BOARD_WIDTH  # what the bot posts


def _marks(views: list, width: int = WIDTH) -> list[Mark]:
    """Draw `views` in order from cold caches, noting every label and badge drawn."""
    clear_caches()  # a stamp notes its words when it is first drawn, so start with none
    with measuring() as marks:
        for view in views:
            render_image(view, width)
    clear_caches()
    return marks


@cache
def _demo_marks(system_id: str) -> tuple[Mark, ...]:
    return tuple(_marks(system_boards(system_id)))


def _at_phone_width(mark: Mark, width: int = WIDTH) -> float:
    return mark.height * PHONE_WIDTH / width


def test_the_floor_is_eight_pixels_at_the_phone_width() -> None:
    assert smallest(400) == 8 and smallest(1200) == 24 and smallest(800) == 16


@pytest.mark.parametrize("system_id", SYSTEMS)
@pytest.mark.parametrize("kind", ["text", "badge"])
def test_no_label_or_badge_of_a_demo_board_is_under_8_px_at_400_px(
    system_id: str, kind: str
) -> None:
    marks = [m for m in _demo_marks(system_id) if m.kind == kind]
    assert len(marks) >= (20 if kind == "text" else 2)  # the drawing itself was measured
    small = sorted({(round(_at_phone_width(m), 2), m.what) for m in marks
                    if _at_phone_width(m) < SMALLEST})
    assert not small, small[:10]


def test_a_shrunken_hex_name_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terrain, "coordinate_size", lambda lay: 13)
    small = {m.what for m in _marks([samurai_board()]) if _at_phone_width(m) < SMALLEST}
    assert {"A1", "M9"} <= small


@pytest.mark.parametrize("width", [800, 1200, 1600])
def test_the_floor_follows_the_width_the_board_is_drawn_at(width: int) -> None:
    marks = _marks([samurai_board()], width)
    assert min(_at_phone_width(m, width) for m in marks) >= SMALLEST


def test_every_40k_unit_name_is_drawn_whole() -> None:
    views = [v for v in system_boards("wh40k") if isinstance(v, TabletopView)]
    drawn = [m.what for m in _demo_marks("wh40k") if m.kind == "text"]
    assert not [t for t in drawn if t.endswith(("\u2026", "."))]
    words = {w for text in drawn for w in text.split()}
    labels = {str(u.label) for v in views for u in v.units}
    assert any(" + " in label for label in labels)  # long names (a leader attached) are there
    for label in labels:
        assert set(label.split()) <= words, label
