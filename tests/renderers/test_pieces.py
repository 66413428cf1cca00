"""Pieces recorded once and reused (renderers/pieces.py) record what recording afresh would.

Afresh means with no piece, piece place, map or tag layout kept either (hexboard's and
tabletop's own caches of what a board's pieces are laid out from).

Every demo position of every system is recorded in game order, most pieces coming from
the ones kept for the boards before it, and recorded again with no piece kept: the calls
must be the same, the pictures they paste compared by their pixels. A piece whose key
missed something its drawing depends on (a tag's place, a side's colour) would bring back
the calls of another board.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any

import pytest
from PIL import Image

from bench.positions import system_boards
from renderers import BOARD_WIDTH, _recorded, clear_caches, hexboard, tabletop
from renderers.layers import Call
from renderers.legibility import measuring
from renderers.pieces import PIECES, clear_pieces
from rules.core.board import HexBoardView, TabletopView

SYSTEMS = ("samurai", "bushido", "wh40k", "fantasy_warriors")


@cache
def _views(system_id: str) -> tuple[HexBoardView | TabletopView, ...]:
    return tuple(system_boards(system_id))


def _plain(value: Any) -> Hashable:
    """Return a call's argument with pictures given by their pixels, not their identity."""
    if isinstance(value, Image.Image):
        return ("picture", value.mode, value.size, value.tobytes())
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    hashable: Hashable = value
    return hashable


def _calls(calls: tuple[Call, ...]) -> list[Hashable]:
    return [(c.name, c.box, c.blend, _plain(c.args), _plain(c.kwargs)) for c in calls]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_demo_board_recorded_from_kept_pieces_is_recorded_afresh(system_id: str) -> None:
    clear_caches()
    reused = 0
    for i, view in enumerate(_views(system_id)):
        before = PIECES.info().hits
        kept = _recorded(view, BOARD_WIDTH).calls
        reused += PIECES.info().hits - before
        clear_pieces()
        hexboard.clear_layouts()
        tabletop.clear_tag_cache()
        fresh = _recorded(view, BOARD_WIDTH).calls
        assert _calls(kept) == _calls(fresh), f"{system_id} position {i}"
    assert reused > len(_views(system_id))  # pieces were reused: the test compared something


def test_no_piece_is_kept_or_reused_while_legibility_is_measured() -> None:
    """Every word drawn must be noted, so nothing is skipped by reusing its calls."""
    view = _views("samurai")[3]
    clear_caches()
    _recorded(view, BOARD_WIDTH)
    kept = PIECES.info()
    with measuring() as marks:
        _recorded(view, BOARD_WIDTH)
    assert PIECES.info() == kept  # none looked up, none added
    assert any(m.kind == "badge" for m in marks)
