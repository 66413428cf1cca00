"""The state of a Bushido game: a pydantic model that round-trips through JSON exactly.

The engine works on a copy of a state (`BushidoState.clone`), so these models are
mutable; nothing outside the engine should change one. The faces of face-down movement
pieces are in here too: `view` and `board` are what may be shown, never the state itself.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.bushido.catalogue import TroopType, troop_types
from rules.core.dice import DiceState

ENGINE_VERSION = "bushido-1"

Step = Literal["turn", "defend", "over"]
ArrowKind = Literal["move", "battle", "retreat"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Piece(_Model):
    """A troop or commander on the field, with the movement piece it stands on.

    `space` is a hex label, or a camp (e.g. "west-camp") for a commander still in it.
    `movement` is the id of the movement piece under it; `revealed` once it is face up.
    """

    id: str
    type: str
    side: str
    space: str
    movement: str
    revealed: bool = False

    @property
    def troop_type(self) -> TroopType:
        """Return the static definition of this piece's type."""
        return troop_types()[self.type]

    @property
    def is_commander(self) -> bool:
        """Say whether this piece is its side's commander."""
        return self.troop_type.commander


class PendingAttack(_Model):
    """An attack on a commander in its own camp, waiting for the defender's answer."""

    attacker: str
    defender: str
    seat: str


class ArrowRecord(_Model):
    """A move, attack or flight of this turn, for the board picture (hex labels)."""

    start: str
    end: str
    kind: ArrowKind


class BushidoState(_Model):
    """A whole game: pieces, the two stacks of movement pieces, dice and where the turn stands."""

    system: Literal["bushido"] = "bushido"
    engine: str = ENGINE_VERSION
    scenario: str
    seats: list[str]
    active: str
    step: Step
    turn_number: int = 1
    pieces: list[Piece]
    # Face-down movement pieces still to draw, per seat, the next one first.
    stacks: dict[str, list[str]]
    # The face-up movement piece a commander left on its camp when it fled, per seat.
    left_on_camp: dict[str, str | None]
    pending: PendingAttack | None = None
    arrows: list[ArrowRecord] = []
    dice: DiceState
    winner: str | None = None
    end_reason: str = ""

    def clone(self) -> BushidoState:
        """Return an independent copy for the engine to change."""
        return self.model_copy(
            update={
                "seats": list(self.seats),
                "pieces": [p.model_copy() for p in self.pieces],
                "stacks": {seat: list(s) for seat, s in self.stacks.items()},
                "left_on_camp": dict(self.left_on_camp),
                "pending": None if self.pending is None else self.pending.model_copy(),
                "arrows": list(self.arrows),
            }
        )

    def piece(self, piece_id: str) -> Piece | None:
        """Return a piece by id, or None when it is not (or no longer) on the field."""
        for p in self.pieces:
            if p.id == piece_id:
                return p
        return None

    def at(self, space: str) -> Piece | None:
        """Return the piece on a space, if any (one piece per space)."""
        for p in self.pieces:
            if p.space == space:
                return p
        return None

    def commander(self, seat: str) -> Piece | None:
        """Return a seat's commander while it is on the field."""
        for p in self.pieces:
            if p.side == seat and p.is_commander:
                return p
        return None

    def other(self, seat: str) -> str:
        """Return the opponent of a seat."""
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def occupied(self) -> set[str]:
        """Return every space holding a piece."""
        return {p.space for p in self.pieces}
