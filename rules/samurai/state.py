"""The state of a Samurai Battles game: a pydantic model that round-trips through JSON exactly.

The engine works on a deep copy of a state, so these models are mutable; nothing
outside the engine should change one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.dice import DiceState
from rules.samurai.catalogue import UnitType, unit_types

ENGINE_VERSION = "samurai-1"

Step = Literal["card", "orders", "moves", "battles", "retreat", "keep", "over"]
ArrowKind = Literal["move", "battle", "retreat"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Piece(_Model):
    """A unit or a leader on the map: the figures on one hex that belong together."""

    id: str
    type: str
    side: str
    hex: str
    figures: int

    @property
    def unit_type(self) -> UnitType:
        """Return the static definition of this piece's type."""
        return unit_types()[self.type]

    @property
    def is_leader(self) -> bool:
        """Say whether this piece is a leader."""
        return self.unit_type.leader


class OrderEntry(_Model):
    """One order given this turn.

    `piece` is the piece that acts: a unit (with `leader` when the leader it is with
    was ordered together with it), or a leader on his own (`split` when he was with a
    unit and is ordered away from it). `slot` is the part of the card it used.
    """

    piece: str
    leader: str | None = None
    split: bool = False
    slot: str


class ArrowRecord(_Model):
    """A move, battle or retreat of this turn, for the board picture."""

    start: str
    end: str
    kind: ArrowKind


class TurnRecord(_Model):
    """The card played this turn, the orders it gave and what the ordered pieces did.

    It stays in the state after the turn ends (for the picture of the last turn) and is
    replaced when the next card is played.
    """

    seat: str
    card: str
    helmet: bool
    slots: list[str]
    orders: list[OrderEntry] = []
    moved: list[str] = []
    battled: list[str] = []
    joined: list[str] = []
    arrows: list[ArrowRecord] = []
    bonus_dice: int = 0
    close_bonus: int = 0
    ranged: bool = True
    draw_two: bool = False
    reshuffle: bool = False

    def entry(self, piece_id: str) -> OrderEntry | None:
        """Return the order whose acting piece is `piece_id`, if any."""
        for entry in self.orders:
            if entry.piece == piece_id:
                return entry
        return None

    def carrier(self, leader_id: str) -> OrderEntry | None:
        """Return the order of the unit that was ordered together with this leader, if any."""
        for entry in self.orders:
            if entry.leader == leader_id:
                return entry
        return None


class PendingRetreat(_Model):
    """A unit that still has hexes to retreat and must be told where (its owner chooses)."""

    piece: str
    seat: str
    remaining: int
    moved: int = 0


class SamuraiState(_Model):
    """A whole game: map, hands, deck, score, dice and where the turn stands."""

    system: Literal["samurai"] = "samurai"
    engine: str = ENGINE_VERSION
    scenario: str
    seats: list[str]
    active: str
    step: Step
    turn_number: int = 1
    pieces: list[Piece]
    hands: dict[str, list[str]]
    deck: list[str]
    discard: list[str] = []
    banners: dict[str, int]
    tokens: dict[str, int]
    dice: DiceState
    turn: TurnRecord | None = None
    retreat: PendingRetreat | None = None
    keep_choices: list[str] = []
    winner: str | None = None
    end_reason: str = ""

    def clone(self) -> SamuraiState:
        """Return an independent copy for the engine to change (much faster than a deep copy).

        Every container the engine changes is copied; the values inside are either
        immutable or copied one level down (pieces, the turn record, a pending retreat).
        """
        turn = self.turn
        return self.model_copy(
            update={
                "seats": list(self.seats),
                "pieces": [p.model_copy() for p in self.pieces],
                "hands": {seat: list(hand) for seat, hand in self.hands.items()},
                "deck": list(self.deck),
                "discard": list(self.discard),
                "banners": dict(self.banners),
                "tokens": dict(self.tokens),
                "turn": None
                if turn is None
                else turn.model_copy(
                    update={
                        "slots": list(turn.slots),
                        "orders": list(turn.orders),
                        "moved": list(turn.moved),
                        "battled": list(turn.battled),
                        "joined": list(turn.joined),
                        "arrows": list(turn.arrows),
                    }
                ),
                "retreat": None if self.retreat is None else self.retreat.model_copy(),
                "keep_choices": list(self.keep_choices),
            }
        )

    def piece(self, piece_id: str) -> Piece | None:
        """Return a piece by id, or None when it is not (or no longer) on the map."""
        for p in self.pieces:
            if p.id == piece_id:
                return p
        return None

    def at(self, hex_label: str) -> list[Piece]:
        """Return the pieces on a hex (at most a unit and a leader)."""
        return [p for p in self.pieces if p.hex == hex_label]

    def unit_at(self, hex_label: str) -> Piece | None:
        """Return the unit (not leader) on a hex, if any."""
        for p in self.pieces:
            if p.hex == hex_label and not p.is_leader:
                return p
        return None

    def leader_at(self, hex_label: str) -> Piece | None:
        """Return the leader on a hex, if any."""
        for p in self.pieces:
            if p.hex == hex_label and p.is_leader:
                return p
        return None

    def other(self, seat: str) -> str:
        """Return the opponent of a seat."""
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def occupied(self) -> set[str]:
        """Return the labels of every hex holding a piece."""
        return {p.hex for p in self.pieces}
