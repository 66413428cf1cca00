"""Sample views for the renderer tests."""

from __future__ import annotations

import pytest

from renderers import tabletop, terrain
from renderers.samples import samurai_board, wh40k_table
from rules.core.board import HexBoardView, TabletopView


@pytest.fixture
def samurai() -> HexBoardView:
    """A 13x9 Samurai Battles-like board: 14 units, terrain, sections, every arrow kind."""
    return samurai_board()


@pytest.fixture
def samurai_flipped() -> HexBoardView:
    """The same board seen by the player at the top."""
    return samurai_board(flipped=True)


@pytest.fixture
def table() -> TabletopView:
    """A 60x44 inch 40k-like table with 5 objectives and 10 units."""
    return wh40k_table()


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    terrain.CACHE.clear()
    tabletop.CACHE.clear()
