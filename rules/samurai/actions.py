"""Actions a seat may take and events the engine reports, as pydantic models.

Both are discriminated unions on `type`. Actions accept the strings a person types
(piece ids in any case, hex names like "e5", card names or ids) and normalise them;
`prepare` refuses, before validation, a hex that is not on the board and a card
the deck does not hold (rule core/bad-input, as every unreadable option).

Events carry data only: ids, numbers, and names the catalogue gives (typed with
`Named`); `event-<type>` in data/locales/<language>/samurai.ftl words each one.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, TypeAdapter, field_validator

from rules.core.errors import refuse
from rules.core.hexgrid import Hex
from rules.core.model import Action, Event
from rules.core.text import Msg, Named, SeatName
from rules.samurai.catalogue import BOARD, card_aliases, cards, slug
from rules.samurai.honor_actions import (
    ChallengeRolled,
    CommandCardLost,
    Decline,
    DiscardDragon,
    DragonDeckReshuffled,
    DragonDiscarded,
    DragonDrawn,
    DragonPlayed,
    HonorLacking,
    Inspire,
    Inspired,
    PlayDragon,
    ReactionDeclined,
    ReactionOffered,
    Reward,
    Seppuku,
    SeppukuCommitted,
    TokensChanged,
)

CardName = Annotated[str, Named("card")]
FaceName = Annotated[str, Named("face")]

# ---------------------------------------------------------------- reading what was typed


def prepare(raw: dict[str, Any]) -> dict[str, Any]:
    """Read the hexes and the card of an action as typed, or refuse them as bad input."""
    out = dict(raw)
    for name in ("to", "target"):
        value = out.get(name)
        if isinstance(value, str) and value.strip():
            out[name] = board_hex(value)
    card = out.get("card")
    if out.get("type") in ("play", "keep", "adjust_cards") and isinstance(card, str):
        out["card"] = card_id(card)
    return out


def board_hex(text: str) -> str:
    """Return the label of a hex on the board ("e5" -> "E5"), or refuse the name."""
    try:
        found = Hex.parse(text)
    except ValueError:
        refuse("core/bad-input", "refusal-hex-name", text=text.strip())
    if not BOARD.contains(found):
        refuse("core/bad-input", "refusal-off-board", hex=found.label)
    return found.label


def card_id(text: str) -> str:
    """Return the id of a card named by its id or its printed name, or refuse the name."""
    key = slug(text)
    found = card_aliases().get(key, key)
    if found not in cards():
        refuse("core/bad-input", "refusal-unknown-card", text=text.strip())
    return found


# The validators below only normalise: `prepare` has refused what cannot be read.


def _piece_id(value: object) -> object:
    return value.strip().upper() if isinstance(value, str) else value


def _hex_label(value: object) -> object:
    if isinstance(value, str):
        try:
            return Hex.parse(value).label
        except ValueError:
            return value
    return value


def _optional_hex(value: object) -> object:
    if isinstance(value, str) and not value.strip():
        return None
    return _hex_label(value)


def _card_id(value: object) -> object:
    if isinstance(value, str):
        key = slug(value)
        return card_aliases().get(key, key)
    return value


def pieces_list(text: str) -> list[str]:
    """Split an order string such as 'u3, L1' into piece ids ['U3', 'L1']."""
    return [t for t in re.split(r"[\s,;]+", text.strip().upper()) if t]


# -------------------------------------------------------------------- actions


class Play(Action):
    """Play a command card from your hand: `card` is its id or name ("order-two-left")."""

    type: Literal["play"] = "play"
    card: str

    normalise_card = field_validator("card", mode="before")(_card_id)


class Order(Action):
    """Name the pieces to order: "U3" (with its leader), "L1" (leader alone), "L1 U3" (both).

    An empty string, or "none", orders nothing.
    """

    type: Literal["order"] = "order"
    pieces: str = ""

    @field_validator("pieces", mode="before")
    @classmethod
    def _pieces(cls, value: object) -> object:
        if isinstance(value, list | tuple):
            value = " ".join(str(v) for v in value)
        if isinstance(value, str):
            ids = pieces_list(value)
            return "" if ids == ["NONE"] else " ".join(ids)
        return value


class Move(Action):
    """Move an ordered piece (a unit carries its leader) to a hex."""

    type: Literal["move"] = "move"
    piece: str
    to: str

    normalise_piece = field_validator("piece", mode="before")(_piece_id)
    normalise_to = field_validator("to", mode="before")(_hex_label)


class Battle(Action):
    """Battle with an ordered piece against the enemy on `target` (a hex)."""

    type: Literal["battle"] = "battle"
    piece: str
    target: str

    normalise_piece = field_validator("piece", mode="before")(_piece_id)
    normalise_target = field_validator("target", mode="before")(_hex_label)


class Retreat(Action):
    """Choose the next hex of a retreat."""

    type: Literal["retreat"] = "retreat"
    to: str

    normalise_to = field_validator("to", mode="before")(_hex_label)


class Gain(Action):
    """Gain ground: move the unit that won a close combat into the hex its enemy left."""

    type: Literal["gain"] = "gain"


class Hold(Action):
    """Stay where you are instead of gaining ground or battling again."""

    type: Literal["hold"] = "hold"


class Keep(Action):
    """Keep one of the two cards drawn after an Order One Unit card."""

    type: Literal["keep"] = "keep"
    card: str

    normalise_card = field_validator("card", mode="before")(_card_id)


class EndTurn(Action):
    """Finish moving and battling, draw, and pass the turn."""

    type: Literal["end_turn"] = "end_turn"


class Adjust(Action):
    """A referee's correction; every field given is one change, applied in this order.

    - `piece` + `figures`: add that many figures to the piece (negative removes them).
      The count must stay between 0 and full strength; reaching 0 takes the piece off
      the map without awarding a banner (grant one with `banner` if it is owed).
    - `piece` + `to`: put that piece on another hex (a free hex, or a leader onto a
      friendly unit he may lead). An attached leader stays where he is.
    - `banner`: that seat gains one victory banner (this can end the game).
    - `tokens`: add Honor & Fortune tokens (negative removes, never below 0) to `side`;
      without `side`, to the owner of `piece`, else to the acting seat.
    - `piece` + `order`: "add" gives that piece of the side whose turn it is an order this
      turn (a unit takes its leader along), "remove" takes its order away (a leader
      ordered with his unit is left out of the unit's order).
    - `note`: why; shown in the log.
    """

    type: Literal["adjust"] = "adjust"
    piece: str | None = None
    figures: int | None = None
    to: str | None = None
    banner: str | None = None
    side: str | None = None
    tokens: int | None = None
    order: Literal["add", "remove"] | None = None
    note: str = ""

    @field_validator("piece", mode="before")
    @classmethod
    def _piece(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return _piece_id(value)

    normalise_to = field_validator("to", mode="before")(_optional_hex)

    @field_validator("banner", "side", mode="before")
    @classmethod
    def _seat(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip().lower() or None
        return value


Pile = Literal["hand", "deck", "discard"]


class AdjustCards(Action):
    """A referee moves one card between a seat's hand, the deck and the discard pile.

    `card` leaves `origin` and goes into `into`; `side` names the hand when either is
    "hand". A card put into the deck goes on top (it is the next drawn: the reverse of a
    draw), one put on the discards goes on top of them. Which card it is stays in the
    action, a private one (rules.samurai.engine `private_actions`); the event names it
    only when the discard pile, whose cards lie face up, is one end of the move.
    """

    type: Literal["adjust_cards"] = "adjust_cards"
    card: str
    origin: Pile
    into: Pile
    side: str | None = None
    note: str = ""

    normalise_card = field_validator("card", mode="before")(_card_id)

    @field_validator("side", mode="before")
    @classmethod
    def _seat(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip().lower() or None
        return value

    @field_validator("origin", "into", mode="before")
    @classmethod
    def _pile(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value


SamuraiAction = Annotated[
    Play | Order | Move | Battle | Retreat | Gain | Hold | Keep | EndTurn | Adjust | AdjustCards
    # Honor & Fortune and the Dragon cards (rules.samurai.honor_actions)
    | PlayDragon | Inspire | Decline | Seppuku | Reward | DiscardDragon,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[SamuraiAction] = TypeAdapter(SamuraiAction)

# --------------------------------------------------------------------- events


class CardPlayed(Event):
    """A seat played a command card."""

    type: Literal["card_played"] = "card_played"
    seat: SeatName
    card: CardName


class OrdersLost(Event):
    """A card gave more orders somewhere than there were pieces to take them.

    `where` is the slot the orders were lost in, as everyone reads it
    (rules.samurai.orders.public_slot: a board section, a standard, a kind or any piece).
    """

    type: Literal["orders_lost"] = "orders_lost"
    seat: SeatName
    where: Msg
    count: int


class ShogunRolled(Event):
    """The Shogun card's dice, one per card in hand: the orders and tokens they gave."""

    irreversible: ClassVar[bool] = True
    type: Literal["shogun_rolled"] = "shogun_rolled"
    seat: SeatName
    faces: list[FaceName]
    orders: int
    tokens: int


class PieceOrdered(Event):
    """A piece received an order (`leader`: ordered with it; `split`: leader ordered away).

    `slot` is the id of the card's order it took (rules.samurai.orders).
    """

    type: Literal["piece_ordered"] = "piece_ordered"
    seat: SeatName
    piece: str
    leader: str | None = None
    split: bool = False
    slot: str


class NothingOrdered(Event):
    """A seat chose to order no piece this turn."""

    type: Literal["nothing_ordered"] = "nothing_ordered"
    seat: SeatName


class PieceMoved(Event):
    """A piece moved (with the leader it carries, if any)."""

    type: Literal["piece_moved"] = "piece_moved"
    piece: str
    leader: str | None = None
    start: str
    end: str


class LeaderJoined(Event):
    """A leader moved onto a friendly unit's hex and is now attached to it."""

    type: Literal["leader_joined"] = "leader_joined"
    leader: str
    unit: str
    unit_ordered: bool


class BattleRolled(Event):
    """Battle dice were rolled, and what they scored."""

    irreversible: ClassVar[bool] = True
    type: Literal["battle_rolled"] = "battle_rolled"
    attacker: str
    defender: str
    start: str
    target: str
    ranged: bool = False
    battle_back: bool = False
    dice: int
    faces: list[FaceName]
    hits: int
    swords_ignored: int = 0
    flags: int = 0
    flags_ignored: int = 0
    # The target was a leader alone: only swords counted, flags did nothing.
    lone_leader: bool = False


class FiguresLost(Event):
    """Figures were removed from a unit (the standard bearer always goes last)."""

    type: Literal["figures_lost"] = "figures_lost"
    piece: str
    lost: int
    remaining: int


class UnitEliminated(Event):
    """A unit or leader lost its standard bearer and left the map."""

    type: Literal["unit_eliminated"] = "unit_eliminated"
    piece: str
    side: SeatName
    hex: str


class LeaderCasualtyCheck(Event):
    """Dice rolled to see whether a leader falls with his unit."""

    irreversible: ClassVar[bool] = True
    type: Literal["leader_casualty_check"] = "leader_casualty_check"
    leader: str
    unit: str
    faces: list[FaceName]
    killed: bool


class BannerWon(Event):
    """A seat gained a victory banner (`piece`: the enemy piece whose fall gave it)."""

    type: Literal["banner_won"] = "banner_won"
    seat: SeatName
    banners: int
    target: int
    piece: str | None = None


class RetreatPending(Event):
    """A unit must retreat further and its owner must choose the hex."""

    type: Literal["retreat_pending"] = "retreat_pending"
    piece: str
    seat: SeatName
    remaining: int
    choices: list[str]


class EscapePending(Event):
    """A leader left alone by a battle must fall back and his owner must choose the hex."""

    type: Literal["escape_pending"] = "escape_pending"
    leader: str
    seat: SeatName
    choices: list[str]


class LeaderEscaped(Event):
    """A leader fell back from a battle (`unit`: the friendly unit he joined there)."""

    type: Literal["leader_escaped"] = "leader_escaped"
    leader: str
    start: str
    end: str
    unit: str | None = None


class Retreated(Event):
    """A unit retreated one hex."""

    type: Literal["retreated"] = "retreated"
    piece: str
    start: str
    end: str


class RetreatBlocked(Event):
    """A unit could not retreat all the way and took hits instead."""

    type: Literal["retreat_blocked"] = "retreat_blocked"
    piece: str
    hexes: int
    hits: int


class GroundGained(Event):
    """A unit that won a close combat moved into the hex its enemy left (`leader`: with it)."""

    type: Literal["ground_gained"] = "ground_gained"
    piece: str
    leader: str | None = None
    start: str
    end: str


class GroundHeld(Event):
    """The winner of a close combat stayed on `hex` (no ground gained, or no bonus battle)."""

    type: Literal["ground_held"] = "ground_held"
    piece: str
    hex: str
    bonus: bool = False


class BonusBattle(Event):
    """A unit that gained ground battles again (a bonus close combat) against `target`."""

    type: Literal["bonus_battle"] = "bonus_battle"
    piece: str
    target: str


class LeaderLeftBattlefield(Event):
    """A leader who had to fall back from his own baseline left the map; nobody gains a banner."""

    type: Literal["leader_left_battlefield"] = "leader_left_battlefield"
    leader: str
    side: SeatName
    hex: str


class CardsDrawn(Event):
    """A seat drew cards (only the count is public)."""

    irreversible: ClassVar[bool] = True
    type: Literal["cards_drawn"] = "cards_drawn"
    seat: SeatName
    count: int


class CardDiscarded(Event):
    """A drawn card was put face up on the discards."""

    irreversible: ClassVar[bool] = True
    type: Literal["card_discarded"] = "card_discarded"
    seat: SeatName
    card: CardName


class DeckReshuffled(Event):
    """The discards (and the rest of the deck) were shuffled into a new deck."""

    irreversible: ClassVar[bool] = True
    type: Literal["deck_reshuffled"] = "deck_reshuffled"
    cards: int


class TurnEnded(Event):
    """A turn ended; the banners and tokens of the seat that played and of the next one."""

    type: Literal["turn_ended"] = "turn_ended"
    seat: SeatName
    banners: int
    tokens: int
    next_seat: SeatName
    next_banners: int
    next_tokens: int


class GameWon(Event):
    """The game is over: `seat` reached its target of `banners` victory banners."""

    type: Literal["game_won"] = "game_won"
    seat: SeatName
    banners: int


AdjustedWhat = Literal["figures", "hex", "tokens", "banner", "ordered", "unordered"]


class Adjusted(Event):
    """A referee changed the game by hand; one event per change.

    - figures: `piece` went from `before` to `after` figures;
    - hex: `piece` was put on `end` (it stood on `start`);
    - tokens: `seat`'s tokens went from `before` to `after`;
    - banner: `seat` was granted a victory banner (a BannerWon event follows);
    - ordered: `piece` was given an order this turn (`leader`: taken along with it);
    - unordered: `piece`'s order this turn was taken away.
    """

    type: Literal["adjusted"] = "adjusted"
    change: AdjustedWhat
    piece: str | None = None
    seat: Annotated[str | None, Named("seat")] = None
    before: int | None = None
    after: int | None = None
    start: str | None = None
    end: str | None = None
    leader: str | None = None
    note: str | None = None


class CardsAdjusted(Event):
    """A referee moved a card between a hand (`seat`'s), the deck and the discards.

    `card` is named only when the discard pile is one end of the move (its cards lie
    face up); a card going into or out of a hand or the deck is never named here.
    """

    type: Literal["cards_adjusted"] = "cards_adjusted"
    seat: Annotated[str | None, Named("seat")] = None
    origin: Pile
    into: Pile
    count: int = 1
    card: Annotated[str | None, Named("card")] = None
    note: str | None = None


SamuraiEvent = Annotated[
    CardPlayed
    | OrdersLost
    | ShogunRolled
    | PieceOrdered
    | NothingOrdered
    | PieceMoved
    | LeaderJoined
    | BattleRolled
    | FiguresLost
    | UnitEliminated
    | LeaderCasualtyCheck
    | BannerWon
    | RetreatPending
    | EscapePending
    | LeaderEscaped
    | Retreated
    | RetreatBlocked
    | GroundGained
    | GroundHeld
    | BonusBattle
    | LeaderLeftBattlefield
    | CardsDrawn
    | CardDiscarded
    | DeckReshuffled
    | TurnEnded
    | GameWon
    | Adjusted
    | CardsAdjusted
    # Honor & Fortune and the Dragon cards (rules.samurai.honor_actions)
    | TokensChanged | HonorLacking | DragonPlayed | DragonDrawn | DragonDiscarded
    | DragonDeckReshuffled | ReactionOffered | ReactionDeclined | Inspired
    | SeppukuCommitted | CommandCardLost | ChallengeRolled,
    Field(discriminator="type"),
]
EVENTS: TypeAdapter[SamuraiEvent] = TypeAdapter(SamuraiEvent)
