"""Actions a seat may take and events the engine reports, as pydantic models.

Both are discriminated unions on `type`. Actions accept the strings a person types
(piece ids in any case, hex names like "c4", camps as "east camp" or "east-camp") and
normalise them; the engine checks them against the scenario's map. A name that cannot be
read is a pydantic error of type `hex-name` or `space-name` (worded as `input-<type>`).
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter, field_validator

# PydanticCustomError lives in pydantic_core, which rules/ may not import by name
# (tests/core/test_boundaries.py); pydantic.types imports it for its own use.
from pydantic.types import PydanticCustomError  # type: ignore[attr-defined]

from rules.bushido.catalogue import RelativeDirection
from rules.core.hexgrid import Hex
from rules.core.model import Action, Event
from rules.core.text import Msg, Named, SeatName

# ---------------------------------------------------------------- normalisers

_HEXLIKE = re.compile(r"^\s*[A-Za-z]\s*\d{1,2}\s*$")


def _piece_id(value: object) -> object:
    return value.strip().upper() if isinstance(value, str) else value


def _hex_label(value: object) -> object:
    if isinstance(value, str):
        if not _HEXLIKE.match(value):
            raise PydanticCustomError("hex-name", "not a hex name: {value}", {"value": value})
        return Hex.parse(value).label
    return value


def space_name(value: str) -> str:
    """Normalise a hex name ('c4' -> 'C4') or a camp ('East Camp', 'camp:east' -> 'east-camp')."""
    if _HEXLIKE.match(value):
        return Hex.parse(value).label
    slug = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")
    if slug.startswith("camp-"):
        slug = f"{slug[5:]}-camp"
    if slug != "camp" and not slug.endswith("-camp"):
        raise PydanticCustomError(
            "space-name", "not a hex name or a camp: {value}", {"value": value}
        )
    return slug


def _space(value: object) -> object:
    return space_name(value) if isinstance(value, str) else value


def _optional_space(value: object) -> object:
    if isinstance(value, str) and not value.strip():
        return None
    return _space(value)


# -------------------------------------------------------------------- actions


class Move(Action):
    """Move one of your pieces (your commander too) one hex along an arrow of its movement piece."""

    type: Literal["move"] = "move"
    piece: str
    to: str

    normalise_piece = field_validator("piece", mode="before")(_piece_id)
    normalise_to = field_validator("to", mode="before")(_hex_label)


class Attack(Action):
    """Attack the enemy on `target` (a hex, or a camp) with one of your pieces next to it."""

    type: Literal["attack"] = "attack"
    piece: str
    target: str

    normalise_piece = field_validator("piece", mode="before")(_piece_id)
    normalise_target = field_validator("target", mode="before")(_space)


class Flee(Action):
    """Answer an attack on your camp by taking your commander to a hex on its border."""

    type: Literal["flee"] = "flee"
    to: str

    normalise_to = field_validator("to", mode="before")(_hex_label)


class Counter(Action):
    """Answer an attack on your camp by fighting the attacker."""

    type: Literal["counter"] = "counter"


class Hold(Action):
    """Do nothing this turn: every piece holds its ground."""

    type: Literal["hold"] = "hold"


class Adjust(Action):
    """A referee's correction; every field given is one change, applied in this order.

    - `piece` + `to`: put that piece on another free hex (a commander also on its own camp).
    - `piece` + `remove`: take that troop off the field (commanders cannot be removed).
    - `piece` + `reveal`: turn that piece's movement piece face up.
    - `piece` + `restore`: give that commander back the right to flee it lost by
      leaving its camp (bushido/flee-only-from-camp).
    - `piece` + `conceal`: turn that piece's movement piece face down again.
    - `note`: why; shown in the log.

    An attack waiting for an answer is called off when either piece is changed; the turn
    then passes to the defending side.
    """

    type: Literal["adjust"] = "adjust"
    piece: str | None = None
    to: str | None = None
    remove: bool = False
    reveal: bool = False
    restore: bool = False
    conceal: bool = False
    note: str = ""

    @field_validator("piece", mode="before")
    @classmethod
    def _piece(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return _piece_id(value)

    normalise_to = field_validator("to", mode="before")(_optional_space)


class AdjustMovement(Action):
    """A referee swaps the movement piece under `piece` for one of `face` from its stack.

    The piece's old movement piece takes the new one's place in its side's stack, and
    the piece stays face up or face down as it was. Which face went under a face-down
    piece stays in the action, a private one (rules.bushido.engine `private_actions`).
    """

    type: Literal["adjust_movement"] = "adjust_movement"
    piece: str
    face: str
    note: str = ""

    normalise_piece = field_validator("piece", mode="before")(_piece_id)

    @field_validator("face", mode="before")
    @classmethod
    def _face(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip().lower().split(" ")[0]
        return value


BushidoAction = Annotated[
    Move | Attack | Flee | Counter | Hold | Adjust | AdjustMovement,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[BushidoAction] = TypeAdapter(BushidoAction)

# --------------------------------------------------------------------- events
#
# Each event is worded by the catalogue message `event-<type>` with its fields as values;
# fields typed `Named` are names the catalogue gives (a seat, a movement piece's face, an
# arrow). Piece ids and hex labels are written as on the board.

FaceName = Annotated[str, Named("face")]
ArrowName = Annotated[RelativeDirection, Named("arrow")]


class PieceMoved(Event):
    """A piece moved one hex (`left_camp`: a commander walked out of its camp of its own accord)."""

    type: Literal["piece_moved"] = "piece_moved"
    seat: SeatName
    piece: str
    start: str
    end: str
    left_camp: bool = False


class AttackDeclared(Event):
    """A piece attacked an enemy next to it (`in_camp`: a commander in its own camp)."""

    type: Literal["attack_declared"] = "attack_declared"
    seat: SeatName
    piece: str
    start: str
    defender: str
    target: str
    in_camp: bool = False


class MovementRevealed(Event):
    """A movement piece was turned face up; `arrows` as its owner names them ('forward')."""

    irreversible: ClassVar[bool] = True
    type: Literal["movement_revealed"] = "movement_revealed"
    seat: SeatName
    piece: str
    movement: FaceName
    arrows: tuple[ArrowName, ...]


class AnswerAwaited(Event):
    """A commander attacked in its own camp: its side must counter-attack or flee."""

    type: Literal["answer_awaited"] = "answer_awaited"
    seat: SeatName
    piece: str
    attacker: str
    flee_to: list[str]
    can_flee: bool = True


class CommanderFled(Event):
    """A commander fled its camp; its revealed movement piece stays on the camp at `placed_at`."""

    type: Literal["commander_fled"] = "commander_fled"
    seat: SeatName
    piece: str
    start: str
    end: str
    placed_at: str
    attacker: str


class MovementDrawn(Event):
    """A seat drew a new face-down movement piece for a piece (its face stays hidden)."""

    irreversible: ClassVar[bool] = True
    type: Literal["movement_drawn"] = "movement_drawn"
    seat: SeatName
    piece: str
    left: int


class CombatRolled(Event):
    """An attack and its counter-attack were fought out with the dice."""

    irreversible: ClassVar[bool] = True
    type: Literal["combat_rolled"] = "combat_rolled"
    attacker: str
    defender: str
    attacker_roll: int
    attacker_total: int
    defender_roll: int
    defender_total: int
    hill: bool = False
    winner: str
    chosen: bool = False


class PieceRemoved(Event):
    """A piece lost a fight and left the field from `hex` (`in_camp`: its camp's hex)."""

    type: Literal["piece_removed"] = "piece_removed"
    seat: SeatName
    piece: str
    hex: str
    in_camp: bool = False


class CommanderDefeated(Event):
    """A commander lost a fight: the battle ends at once."""

    type: Literal["commander_defeated"] = "commander_defeated"
    seat: SeatName
    piece: str
    by: str


class Held(Event):
    """A seat held its ground for a turn."""

    type: Literal["held"] = "held"
    seat: SeatName


class TurnEnded(Event):
    """A turn ended and the other seat is to act."""

    type: Literal["turn_ended"] = "turn_ended"
    seat: SeatName
    next_seat: SeatName
    turn_number: int


class BattleEnded(Event):
    """The battle is over (`winner` None: a draw at nightfall); `reason` says why."""

    type: Literal["battle_ended"] = "battle_ended"
    winner: SeatName | None
    reason: Msg


class Adjusted(Event):
    """A referee changed the game by hand: one `change` to one piece.

    `placed`: the piece was put from `start` on `end` (hex labels; `start_camp`/`end_camp`
    when that is its own camp); `revealed`: its movement piece turned up; `removed`: taken
    off the field; `called-off`: the attack `piece` made, waiting for an answer, was called
    off. `note` is the referee's reason, as typed.
    """

    type: Literal["adjusted"] = "adjusted"
    change: Literal[
        "placed", "revealed", "removed", "called-off", "flight-restored", "concealed"
    ]
    piece: str
    start: str = ""
    end: str = ""
    start_camp: bool = False
    end_camp: bool = False
    note: str | None = None


class MovementAdjusted(Event):
    """A referee swapped the movement piece under `piece` for another from its stack.

    `face` (the new one) is named only when the piece stands face up; under a face-down
    piece it stays hidden like any other.
    """

    type: Literal["movement_adjusted"] = "movement_adjusted"
    seat: SeatName
    piece: str
    face: Annotated[str | None, Named("face")] = None
    note: str | None = None


BushidoEvent = Annotated[
    PieceMoved
    | AttackDeclared
    | MovementRevealed
    | AnswerAwaited
    | CommanderFled
    | MovementDrawn
    | CombatRolled
    | PieceRemoved
    | CommanderDefeated
    | Held
    | TurnEnded
    | BattleEnded
    | Adjusted
    | MovementAdjusted,
    Field(discriminator="type"),
]
EVENTS: TypeAdapter[BushidoEvent] = TypeAdapter(BushidoEvent)
