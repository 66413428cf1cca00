"""The static definitions of Bushido, read from data/bushido/.

Troop types, the movement pieces and the bundled scenarios live in TOML so a group can
change a value without touching code. States refer to them by id only, and their names are
words of the catalogues (`troop-<id>`, `face-<id>`, `scenario-<id>`, `seat-<id>`).

The field is a hex map whose two camps are special spaces: three hexes drawn as one
outlined area that counts as a single space. `Field` turns a scenario's map into the
graph pieces move on: every hex outside a camp is a space, each camp is one more, and
`links` says through which of the six hex directions one space touches another.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from rules.core.board import Shape
from rules.core.data import read_folder, read_model, read_records
from rules.core.hexgrid import Hex, HexBoard, neighbours
from rules.core.model import Frozen

Edge = Literal["left", "right"]
RelativeDirection = Literal[
    "forward", "forward-left", "back-left", "back", "back-right", "forward-right"
]

# Relative names in the turning order of rules.core.hexgrid.neighbours (E, NE, NW, W, SW,
# SE), so "forward" of a side facing east is E.
RELATIVE: tuple[RelativeDirection, ...] = (
    "forward",
    "forward-left",
    "back-left",
    "back",
    "back-right",
    "forward-right",
)
CAMP_BORDER = 5


class TroopType(Frozen):
    """A kind of piece: the combat value added to its die, and the badge drawn for it."""

    id: str
    combat: int
    commander: bool = False
    shape: Shape = "circle"
    mounted: bool = False


class MovementPiece(Frozen):
    """A movement piece: the directions (from its owner's side) its arrows point."""

    id: str
    arrows: tuple[RelativeDirection, ...]
    count: int


class SideSetup(Frozen):
    """One seat of a scenario: its colour, edge, camp and commander."""

    seat: str
    colour: str
    edge: Edge
    camp: tuple[str, str, str]
    commander: str
    commander_type: str

    @property
    def facing(self) -> int:
        """Return how many sixth-turns this side's 'forward' is from east (0 or 3)."""
        return 0 if self.edge == "left" else 3

    @property
    def camp_id(self) -> str:
        """Return the name of this side's camp as a space, e.g. 'west-camp'."""
        return f"{self.seat}-camp"


class PieceSetup(Frozen):
    """A troop placed by a scenario (commanders start in their camps)."""

    id: str
    type: str
    side: str
    hex: str


class Scenario(Frozen):
    """A bundled starting position."""

    id: str
    first: str
    cols: int
    rows: int
    turn_limit: int
    hills: tuple[str, ...] = ()
    sides: tuple[SideSetup, SideSetup]
    pieces: tuple[PieceSetup, ...]

    def side(self, seat: str) -> SideSetup:
        """Return the set-up of one seat; KeyError if the scenario has no such seat."""
        for side in self.sides:
            if side.seat == seat:
                return side
        raise KeyError(seat)

    @property
    def turned(self) -> str:
        """Return the seat whose picture is turned half a circle (the one on the right edge)."""
        return next(s.seat for s in self.sides if s.edge == "right")

    @property
    def board(self) -> HexBoard:
        """Return the shape of the map."""
        return HexBoard(cols=self.cols, rows=self.rows, short_odd_rows=True, section_lines=())


@dataclass(frozen=True)
class Field:
    """A scenario's map as spaces: the hexes outside camps, and one space per camp."""

    board: HexBoard
    camps: dict[str, tuple[str, ...]]
    camp_of: dict[str, str]
    # The hex of each camp that touches most of its border: pieces in the camp are drawn there.
    anchor: dict[str, str]
    # space -> neighbouring space -> the directions (0-5) leading from the one to the other.
    links: dict[str, dict[str, frozenset[int]]]
    # (camp, border hex) -> [(camp hex, direction from it to the border hex)].
    exits: dict[tuple[str, str], tuple[tuple[str, int], ...]]
    hills: frozenset[str]

    def space_of(self, label: str) -> str:
        """Return the space a hex belongs to: its camp, or the hex itself."""
        return self.camp_of.get(label, label)

    def contains(self, label: str) -> bool:
        """Say whether a hex name lies on this map."""
        try:
            return self.board.contains(Hex.parse(label))
        except ValueError:
            return False

    def border(self, camp: str) -> tuple[str, ...]:
        """Return the hexes a camp touches, in board order."""
        return tuple(sorted(self.links[camp], key=_board_order))

    def hexes(self) -> list[str]:
        """Return every hex label, row by row."""
        return [h.label for h in self.board.hexes()]


def _board_order(label: str) -> tuple[int, int]:
    h = Hex.parse(label)
    return (h.row, h.col)


def direction(start: Hex, end: Hex) -> int | None:
    """Return the direction (0-5) from one hex to a neighbouring one, or None."""
    for k, n in enumerate(neighbours(start)):
        if n == end:
            return k
    return None


def absolute(arrows: tuple[RelativeDirection, ...], facing: int) -> frozenset[int]:
    """Turn a movement piece's arrows into board directions for a side facing `facing`."""
    return frozenset((RELATIVE.index(a) + facing) % 6 for a in arrows)


def relative(direction_: int, facing: int) -> RelativeDirection:
    """Name a board direction (0-5) as a side facing `facing` sees it ('forward', 'back-left')."""
    return RELATIVE[(direction_ - facing) % 6]


@cache
def troop_types() -> dict[str, TroopType]:
    """Return every troop type by id."""
    return read_records(TroopType, "bushido/troops.toml", "troop", key=lambda t: t.id)


@cache
def movement_pieces() -> dict[str, MovementPiece]:
    """Return every movement piece by id."""
    return read_records(
        MovementPiece, "bushido/movement_pieces.toml", "movement", key=lambda m: m.id,
        check=_check_piece,
    )


def _check_piece(piece: MovementPiece) -> None:
    """Refuse a movement piece without distinct arrows or without a count."""
    if not piece.arrows or len(set(piece.arrows)) != len(piece.arrows) or piece.count < 1:
        raise ValueError(f"movement piece {piece.id}: needs distinct arrows and a count")


def stack() -> list[str]:
    """Return one side's stack of movement pieces, unshuffled (ids repeat by count)."""
    return [m.id for m in movement_pieces().values() for _ in range(m.count)]


@cache
def scenarios() -> dict[str, Scenario]:
    """Return every bundled scenario by id, each checked for consistency."""
    return read_folder(
        Scenario, "bushido/scenarios/*.toml", key=lambda s: s.id, check=check_scenario,
        shape=_scenario_fields,
    )


def _scenario_fields(raw: dict[str, Any]) -> dict[str, Any]:
    """Rename a scenario file's [[side]] and [[piece]] tables to the model's fields."""
    return {
        **{k: v for k, v in raw.items() if k not in ("side", "piece")},
        "sides": raw["side"],
        "pieces": raw.get("piece", []),
    }


@cache
def field(scenario_id: str) -> Field:
    """Return the map of a scenario as a graph of spaces (cached: read on every step)."""
    scenario = scenarios()[scenario_id]
    board = scenario.board
    camps = {side.camp_id: tuple(side.camp) for side in scenario.sides}
    camp_of = {h: camp for camp, hexes in camps.items() for h in hexes}
    links: dict[str, dict[str, set[int]]] = {}
    exits: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for h in board.hexes():
        here = camp_of.get(h.label, h.label)
        for k, n in enumerate(neighbours(h)):
            if not board.contains(n):
                continue
            there = camp_of.get(n.label, n.label)
            if there == here:
                continue
            links.setdefault(here, {}).setdefault(there, set()).add(k)
            if here in camps:
                exits.setdefault((here, n.label), []).append((h.label, k))
    anchor = {
        camp: max(hexes, key=lambda h: (len(_outside(board, h, hexes)), -_board_order(h)[0]))
        for camp, hexes in camps.items()
    }
    return Field(
        board=board,
        camps=camps,
        camp_of=camp_of,
        anchor=anchor,
        links={a: {b: frozenset(d) for b, d in near.items()} for a, near in links.items()},
        exits={key: tuple(sorted(value)) for key, value in exits.items()},
        hills=frozenset(scenario.hills),
    )


def _outside(board: HexBoard, label: str, camp: tuple[str, ...]) -> list[str]:
    return [n.label for n in board.neighbours(Hex.parse(label)) if n.label not in camp]


def check_scenario(scenario: Scenario) -> None:
    """Refuse a scenario whose seats, camps, pieces or stacks do not fit together."""
    seats = {s.seat for s in scenario.sides}
    if len(seats) != 2 or {s.edge for s in scenario.sides} != {"left", "right"}:
        raise ValueError(f"scenario {scenario.id}: needs two seats, one on each edge")
    if scenario.first not in seats or scenario.turn_limit < 1:
        raise ValueError(f"scenario {scenario.id}: bad first seat or turn limit")
    board = scenario.board
    types = troop_types()
    taken: set[str] = set()
    for side in scenario.sides:
        camp = set(side.camp)
        if len(camp) != 3 or not all(board.contains(Hex.parse(h)) for h in camp):
            raise ValueError(f"scenario {scenario.id}: camp of {side.seat} must be 3 hexes")
        touching = set().union(*(_outside(board, h, side.camp) for h in side.camp))
        if len(touching) != CAMP_BORDER:
            raise ValueError(
                f"scenario {scenario.id}: camp of {side.seat} touches {len(touching)} hexes, "
                f"not {CAMP_BORDER}"
            )
        if camp & taken or touching & taken:
            raise ValueError(f"scenario {scenario.id}: camps overlap or touch")
        taken |= camp
        commander = types.get(side.commander_type)
        if commander is None or not commander.commander:
            raise ValueError(f"scenario {scenario.id}: {side.commander_type} is no commander")
    ids = {s.commander for s in scenario.sides}
    for piece in scenario.pieces:
        kind = types.get(piece.type)
        if piece.id in ids or kind is None or kind.commander or piece.side not in seats:
            raise ValueError(f"scenario {scenario.id}: bad piece {piece.id}")
        ids.add(piece.id)
        if not board.contains(Hex.parse(piece.hex)) or piece.hex in taken:
            raise ValueError(f"scenario {scenario.id}: {piece.id} is not on a free hex")
        taken.add(piece.hex)
    for hill in scenario.hills:
        if not board.contains(Hex.parse(hill)):
            raise ValueError(f"scenario {scenario.id}: hill {hill} is off the map")
    for seat in seats:
        # A commander, every troop and the one spare a flight draws must all find a piece.
        needed = 2 + sum(1 for p in scenario.pieces if p.side == seat)
        if needed > len(stack()):
            raise ValueError(f"scenario {scenario.id}: too few movement pieces for {seat}")


class BattleTable(Frozen):
    """How a fight is settled: the die rolled by each side and the hill bonus."""

    die: int
    hill_bonus: int


@cache
def battle_table() -> BattleTable:
    """Return the fight settings."""
    return read_model(BattleTable, "bushido/battle.toml")
