"""Hex maths, section membership and inch geometry."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core import hexgrid, inches
from rules.core.hexgrid import Hex, HexBoard

BOARD = HexBoard()
ON_BOARD = st.sampled_from(list(BOARD.hexes()))


def test_labels_round_trip_and_reject_nonsense() -> None:
    assert Hex.parse("e5") == Hex(col=4, row=4)
    assert Hex(col=0, row=0).label == "A1"
    for bad in ("", "55", "EE", "E"):
        with pytest.raises(ValueError):
            Hex.parse(bad)
    with pytest.raises(ValueError):
        BOARD.parse("M2")  # odd rows are one hex shorter


def test_board_shape_is_command_and_colors_like() -> None:
    assert BOARD.row_length(0) == 13 and BOARD.row_length(1) == 12
    assert len(list(BOARD.hexes())) == 5 * 13 + 4 * 12


def test_neighbours_are_at_distance_one() -> None:
    h = Hex.parse("E5")
    around = BOARD.neighbours(h)
    assert len(around) == 6
    assert all(hexgrid.distance(h, n) == 1 for n in around)
    assert len(BOARD.neighbours(Hex.parse("A1"))) == 2


@given(ON_BOARD, ON_BOARD)
def test_distance_is_a_metric_and_lines_step_by_one(a: Hex, b: Hex) -> None:
    d = hexgrid.distance(a, b)
    assert d == hexgrid.distance(b, a)
    assert (d == 0) == (a == b)
    path = hexgrid.line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == d + 1
    assert all(hexgrid.distance(p, q) == 1 for p, q in zip(path, path[1:], strict=False))


@given(ON_BOARD)
def test_axial_round_trip(h: Hex) -> None:
    assert Hex.from_axial(*h.axial()) == h


def test_section_lines_split_hexes_into_two_sections() -> None:
    # Long rows: the 5th and 9th hexes sit on the section lines.
    assert BOARD.sections_of(Hex.parse("E1")) == ("left", "center")
    assert BOARD.sections_of(Hex.parse("I3")) == ("center", "right")
    assert BOARD.sections_of(Hex.parse("D1")) == ("left",)
    # Short rows are shifted half a hex: no hex there straddles a line.
    assert BOARD.sections_of(Hex.parse("D2")) == ("left",)
    assert BOARD.sections_of(Hex.parse("E2")) == ("center",)
    assert all(1 <= len(BOARD.sections_of(h)) <= 2 for h in BOARD.hexes())


def test_inch_distances_edge_to_edge() -> None:
    a, b = inches.Point(x=0, y=0), inches.Point(x=3, y=4)
    assert inches.distance(a, b) == 5
    assert inches.gap(a, b, 1, 1) == 3
    assert inches.within(a, b, 3, 1, 1)
    assert not inches.within(a, b, 2.9, 1, 1)
    assert inches.Table(width=60, height=44).contains(b)
