"""The state of a Bushido game: a pydantic model that round-trips through JSON exactly.

The skeleton works on a copy of a state, so these models are mutable; nothing outside
the engine should change one. The faces of face-down movement pieces are in here too:
`picture.py` says what may be shown, never the state itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from rules.bushido.catalogue import TroopType, field, scenarios, troop_types
from rules.core.engine import GameState
from rules.core.text import Msg, msg, term

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


# The rules edition a game is played under. 1: games made before the lost right to flee was
# kept in the state (it was read from where the commander stood); 2: today's.
RULESET = 2


class BushidoState(GameState):
    """A whole game: pieces, the two stacks of movement pieces, dice and where the turn stands."""

    system: Literal["bushido"] = "bushido"
    # See RULESET; a state stored without it was made under edition 1.
    ruleset: int = 1
    step: Step
    seats: list[str]
    active: str
    turn_number: int = 1
    pieces: list[Piece]
    # Face-down movement pieces still to draw, per seat, the next one first.
    stacks: dict[str, list[str]]
    # The face-up movement piece a commander left on its camp when it fled, per seat.
    left_on_camp: dict[str, str | None]
    pending: PendingAttack | None = None
    # Seats whose commander left its camp by choice and so may never flee again
    # (bushido/flee-only-from-camp); only a referee's adjustment gives the right back.
    flight_lost: list[str] = []
    arrows: list[ArrowRecord] = []
    winner: str | None = None
    # Why the battle ended, as the catalogue words it (None while it goes on).
    ending: Msg | None = None

    @model_validator(mode="before")
    @classmethod
    def _ending_of_version_1(cls, data: Any) -> Any:
        """Give a finished game stored by version 1 (an English `end_reason`) its ending."""
        if isinstance(data, dict) and data.get("step") == "over" and "ending" not in data:
            return {**data, "ending": _v1_ending(data)}
        return data

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


def strength_of(pieces: list[Piece], seat: str) -> int:
    """Return the combat values of a seat's troops added up (its commander left out)."""
    return sum(p.troop_type.combat for p in pieces if p.side == seat and not p.is_commander)


def commander_fell(fallen: Piece, by: Piece) -> Msg:
    """Return why a battle ended when a commander lost a fight."""
    return msg(
        "ending-commander-fell", commander=term("troop", fallen.type), piece=fallen.id, by=by.id
    )


def nightfall_ending(pieces: list[Piece], seats: list[str]) -> tuple[str | None, Msg]:
    """Return the winner at nightfall (None: a draw) and why."""
    a, b = seats
    sa, sb = strength_of(pieces, a), strength_of(pieces, b)
    if sa == sb:
        return None, msg("ending-nightfall-draw", strength=sa)
    winner = a if sa > sb else b
    return winner, msg("ending-nightfall", high=max(sa, sb), low=min(sa, sb))


def _v1_ending(data: dict[str, Any]) -> Msg:
    """Work out from a finished version-1 position why it ended.

    Version 1 kept the reason as an English sentence. Nothing moves once a battle is
    over, so the position still tells: a missing commander fell to the piece standing
    at one end of the last fight's arrow; otherwise night fell on the strengths left.
    """
    pieces = [Piece.model_validate(p) for p in data["pieces"]]
    scenario = scenarios()[data["scenario"]]
    on_field = {p.id for p in pieces}
    fallen = [s for s in scenario.sides if s.commander not in on_field]
    if not fallen:
        return nightfall_ending(pieces, list(data["seats"]))[1]
    side = fallen[0]
    anchor = field(scenario.id).anchor
    ends = {end for a in data.get("arrows", []) for end in (a["start"], a["end"])}
    by = next(p for p in pieces if anchor.get(p.space, p.space) in ends)
    loser = Piece(
        id=side.commander, type=side.commander_type, side=side.seat, space="", movement=""
    )
    return commander_fell(loser, by)
