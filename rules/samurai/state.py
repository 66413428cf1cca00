"""The state of a Samurai Battles game: a pydantic model that round-trips through JSON exactly.

The skeleton applies every action to a copy of the state (rules.core.engine), so these
models are mutable; nothing outside a handler changes one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.engine import GameState
from rules.samurai.catalogue import Scenario, UnitType, scenario_of, unit_types

# The rules edition a game is played under. 1: games made before leaders escaped and lone
# leaders were hit by swords only (they keep their old rules when replayed); 2: games made
# before the published box (the 35-card command deck, no Dragon cards, Honor & Fortune from
# the Shogun roll only); 3: the game as published (issue 30). A stored game keeps its own.
RULESET = 3

StepName = Literal[
    "card", "orders", "moves", "battles", "retreat", "momentum", "keep", "react", "reward", "over"
]
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
    unit and is ordered away from it). `slot` is the part of the card it used
    (see rules.samurai.orders for the slot ids).
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
    """A unit that still has hexes to retreat and must be told where (its owner chooses).

    `escape`: a leader falling back 1 to 3 hexes in one go (samurai/leader-escape), not
    a retreat hex by hex.
    """

    piece: str
    seat: str
    remaining: int
    moved: int = 0
    escape: bool = False


class PendingMomentum(_Model):
    """A close combat that may win ground, and where its gaining ground stands (ruleset 3 on).

    `stage`: "wait" while the combat (or the retreat it caused) is being resolved,
    "advance" while the attacker's owner decides whether to take `vacated`, "bonus"
    while he decides on a bonus close combat. `bonus`: a bonus close combat may follow
    the advance (rules.samurai.momentum).
    """

    piece: str
    seat: str
    start: str
    vacated: str
    bonus: bool
    stage: Literal["wait", "advance", "bonus"] = "wait"
class PendingBattle(_Model):
    """A close combat declared and waiting for the defender's answer (ruleset 3).

    The defender (`seat`) may play a Dragon card that answers it, inspire the unit
    attacked for its battle back, or let the battle go on (rules.samurai.dragon).
    """

    piece: str
    start: str
    target: str
    seat: str
    bonus: int = 0


class SamuraiState(GameState):
    """A whole game: map, hands, deck, score, dice and where the turn stands.

    The hands, the deck order and the two cards drawn to keep (`keep_choices`) are
    secret; rules.samurai.picture decides what each seat may see of them.
    """

    system: Literal["samurai"] = "samurai"
    # See RULESET; a state stored without it was made under edition 1.
    ruleset: int = 1
    step: StepName
    seats: list[str]
    active: str
    turn_number: int = 1
    pieces: list[Piece]
    hands: dict[str, list[str]]
    deck: list[str]
    discard: list[str] = []
    banners: dict[str, int]
    tokens: dict[str, int]
    turn: TurnRecord | None = None
    retreat: PendingRetreat | None = None
    momentum: PendingMomentum | None = None
    keep_choices: list[str] = []
    winner: str | None = None
    # Ruleset 3 (rules.samurai.honor, rules.samurai.dragon): the Dragon cards in each hand
    # (secret), the Dragon deck (secret order) and its face-up discards; the seats that
    # played a Dragon card this turn; units inspired for their next close combat; a close
    # combat waiting for the defender's answer; whether the active seat has discarded a
    # Dragon card for a token at this end of turn.
    dragon_hands: dict[str, list[str]] = {}
    dragon_deck: list[str] = []
    dragon_discard: list[str] = []
    dragon_played: list[str] = []
    inspired: list[str] = []
    reaction: PendingBattle | None = None
    dragon_discarded: bool = False

    @property
    def current(self) -> TurnRecord:
        """Return this turn's record (there is one from the first card played on)."""
        assert self.turn is not None, "no card has been played yet"
        return self.turn

    @property
    def setup(self) -> Scenario:
        """Return the scenario this game was set up from (every rule reads it through here).

        An uploaded scenario is read from the game's own stored copy (`scenario`), never
        from a file, so a game replays as it was set up.
        """
        return scenario_of(self.scenario)

    def at_top(self, seat: str | None) -> bool:
        """Say whether a seat plays from the top edge (its left is the board's right)."""
        return seat is not None and self.setup.top == seat

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
