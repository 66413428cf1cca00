"""Actions and events of Honor & Fortune and the Dragon cards (games of ruleset 3 on).

Kept beside rules.samurai.actions (whose unions list them) so the economy's vocabulary
is in one place; rules.samurai.honor and rules.samurai.dragon apply them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import field_validator

from rules.core.model import Action, Event
from rules.core.text import Named, SeatName

DragonName = Annotated[str, Named("dragon")]
FaceName = Annotated[str, Named("face")]

# Why a side's reserve changed (the catalogue's `honor-reason-<reason>`).
TokenReason = Literal[
    "start", "faces", "reward", "discard", "retreat", "escape", "inspire", "dragon", "seppuku"
]


def _upper(value: object) -> object:
    return value.strip().upper() if isinstance(value, str) else value


def _lower(value: object) -> object:
    return value.strip().lower().replace(" ", "-") if isinstance(value, str) else value


def _hex(value: object) -> object:
    if isinstance(value, str):
        return value.strip().upper() or None
    return value


# -------------------------------------------------------------------- actions


class PlayDragon(Action):
    """Play a Dragon card from your hand: `card` its id, and for some cards your unit
    (`piece`) and the enemy hex (`target`) it names."""

    type: Literal["dragon"] = "dragon"
    card: str
    piece: str | None = None
    target: str | None = None

    normalise_card = field_validator("card", mode="before")(_lower)
    normalise_piece = field_validator("piece", mode="before")(_upper)
    normalise_target = field_validator("target", mode="before")(_hex)


class Inspire(Action):
    """Spend a token so a leader inspires a unit: one more die in its next close combat."""

    type: Literal["inspire"] = "inspire"
    piece: str

    normalise_piece = field_validator("piece", mode="before")(_upper)


class Decline(Action):
    """Let the opponent's close combat go on without playing a Dragon card."""

    type: Literal["decline"] = "decline"


class Seppuku(Action):
    """Have the leader who must fall back commit seppuku instead."""

    type: Literal["seppuku"] = "seppuku"


class Reward(Action):
    """End of your turn: draw a Dragon card, or take two Honor & Fortune tokens."""

    type: Literal["reward"] = "reward"
    choice: Literal["dragon", "tokens"]

    normalise_choice = field_validator("choice", mode="before")(_lower)


class DiscardDragon(Action):
    """End of your turn: discard a Dragon card for one Honor & Fortune token."""

    type: Literal["dragon_discard"] = "dragon_discard"
    card: str

    normalise_card = field_validator("card", mode="before")(_lower)


# --------------------------------------------------------------------- events


class TokensChanged(Event):
    """A side's Honor & Fortune reserve grew (`change` > 0) or was spent (`amount`: its size)."""

    type: Literal["tokens_changed"] = "tokens_changed"
    seat: SeatName
    change: int
    amount: int
    total: int
    reason: TokenReason


class HonorLacking(Event):
    """A side could not pay what a retreat cost: the piece lost figures instead."""

    type: Literal["honor_lacking"] = "honor_lacking"
    seat: SeatName
    piece: str
    owed: int


class DragonPlayed(Event):
    """A seat played a Dragon card (the card is face up from now on)."""

    type: Literal["dragon_played"] = "dragon_played"
    seat: SeatName
    card: DragonName
    cost: int


class DragonDrawn(Event):
    """A seat drew Dragon cards (which ones stays secret)."""

    type: Literal["dragon_drawn"] = "dragon_drawn"
    seat: SeatName
    count: int


class DragonDiscarded(Event):
    """A seat discarded a Dragon card face up."""

    type: Literal["dragon_discarded"] = "dragon_discarded"
    seat: SeatName
    card: DragonName


class DragonDeckReshuffled(Event):
    """The Dragon discards were shuffled back into the Dragon deck."""

    type: Literal["dragon_reshuffled"] = "dragon_reshuffled"
    cards: int


class ReactionOffered(Event):
    """A close combat waits: the defender may answer it before the dice are rolled."""

    type: Literal["reaction_offered"] = "reaction_offered"
    seat: SeatName
    piece: str
    target: str


class ReactionDeclined(Event):
    """The defender let the close combat go on."""

    type: Literal["reaction_declined"] = "reaction_declined"
    seat: SeatName


class Inspired(Event):
    """A leader inspired a unit for its next close combat."""

    type: Literal["inspired"] = "inspired"
    leader: str
    unit: str


class SeppukuCommitted(Event):
    """A leader committed seppuku rather than fall back: no banner for the enemy."""

    type: Literal["seppuku_committed"] = "seppuku_committed"
    leader: str
    seat: SeatName
    hex: str


class CommandCardLost(Event):
    """A seat lost a command card drawn at random from its hand (it is discarded face up)."""

    type: Literal["command_card_lost"] = "command_card_lost"
    seat: SeatName
    card: Annotated[str, Named("card")]


class ChallengeRolled(Event):
    """A Personal Challenge: both leaders' dice, and who fell (None on a tie)."""

    type: Literal["challenge_rolled"] = "challenge_rolled"
    leader: str
    enemy: str
    faces: list[FaceName]
    enemy_faces: list[FaceName]
    slain: str | None = None


HONOR_ACTIONS = (PlayDragon, Inspire, Decline, Seppuku, Reward, DiscardDragon)
