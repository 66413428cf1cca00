"""The Samurai Battles demo player: order the most pieces, close in, battle whenever possible.

`tools/make_demo.py` lets it play both sides of data/demo/samurai.txt (see
rules/core/autoplay.py).
"""

from __future__ import annotations

from typing import Any

from rules.core import hexgrid
from rules.core.engine import Engine, Memory, Player
from rules.core.hexgrid import Hex
from rules.core.model import Action
from rules.samurai.catalogue import cards
from rules.samurai.orders import board_section, lost_orders
from rules.samurai.tactics import charge_slots


def _orders_someone(state: Any, card_id: str) -> bool:
    """Say whether a card (the Shogun aside, whose orders are rolled) would order any piece.

    An order of nobody cannot be typed as a command line, so the demo avoids it.
    """
    card = cards()[card_id]
    seat = state.active
    top = state.at_top(seat)
    if card.kind == "section":
        slots = [f"section:{board_section(s, top)}" for s in card.orders]
    elif card.kind == "advance":
        assert card.section is not None
        slots = [f"section:{board_section(card.section, top)}"]
    elif card.kind == "charge":
        slots = charge_slots(state, seat, card)  # ruleset 3 on: a substitute without cavalry
    else:
        return True
    kept, _ = lost_orders(state, seat, slots, card.helmet)
    return bool(kept)


def _fortune(state: Any, options: list[Any]) -> Action | None:
    """Pick a Dragon card or token spending worth making now, if any.

    Play any Dragon card offered; answer a close combat by inspiring when rich, else let it
    go on; inspire a unit about to battle when rich; take tokens while poor, else a Dragon
    card; commit seppuku only when falling back would cost more than is held.
    """
    kinds = {a.type for a in options}
    tokens = state.tokens.get(state.active if state.reaction is None else state.reaction.seat, 0)
    dragons = [a for a in options if a.type == "dragon"]
    if dragons:
        return dragons[0]  # type: ignore[no-any-return]
    inspire = [a for a in options if a.type == "inspire"]
    if "decline" in kinds:
        return inspire[0] if inspire and tokens >= 3 else next(  # type: ignore[no-any-return]
            a for a in options if a.type == "decline"
        )
    battling = {a.piece for a in options if a.type == "battle"}
    ready = [a for a in inspire if a.piece in battling]
    if ready and tokens >= 3:
        return ready[0]  # type: ignore[no-any-return]
    if "reward" in kinds:
        want = "tokens" if tokens < 4 else "dragon"
        return next(  # type: ignore[no-any-return]
            (a for a in options if a.type == "reward" and a.choice == want),
            next(a for a in options if a.type == "reward"),
        )
    if "seppuku" in kinds and state.tokens.get(state.retreat.seat, 0) < 3:
        return next(a for a in options if a.type == "seppuku")  # type: ignore[no-any-return]
    return None


def _choice(state: Any, options: list[Any]) -> Action:
    """Pick an action: most orders, then close in, then battle, then end the turn.

    Ground won in close combat is always taken, and a bonus battle always fought.
    """
    fortune = _fortune(state, options)
    if fortune is not None:
        return fortune
    kinds = {a.type for a in options}
    if "play" in kinds:
        rank = ("shogun", "three", "two", "advance", "charge", "one")
        card: Action = min(
            options,
            key=lambda a: (
                not _orders_someone(state, a.card),
                next((i for i, w in enumerate(rank) if w in a.card), 9),
            ),
        )
        return card
    if "order" in kinds:
        most: Action = max(options, key=lambda a: len(a.pieces))
        return most
    if "battle" in kinds:
        battle: Action = next(a for a in options if a.type == "battle")
        return battle
    moves = [a for a in options if a.type == "move"]
    if moves:
        pieces = {p.id: p for p in state.pieces}
        enemies = [Hex.parse(p.hex) for p in state.pieces if p.side != state.active]

        def gap(h: str) -> int:
            return min(hexgrid.distance(Hex.parse(h), e) for e in enemies) if enemies else 0

        best = min(moves, key=lambda a: gap(a.to) - gap(pieces[a.piece].hex))
        if gap(best.to) < gap(pieces[best.piece].hex):
            return best  # type: ignore[no-any-return]
    for preferred in ("gain", "end_turn", "retreat", "keep", "hold"):
        for a in options:
            if a.type == preferred:
                return a  # type: ignore[no-any-return]
    return options[0]  # type: ignore[no-any-return]


def policy(sys_: Engine[Any], state: Any, memory: Memory) -> Action | None:
    """Play the seat the prompt names (None once nobody is to act)."""
    seat = sys_.prompt(state).seat
    return None if seat is None else _choice(state, sys_.legal_actions(state, seat))


def hand(state: Any, action: Action, memory: Memory) -> bool:
    """Say whether to look at one's hand first."""
    return action.type in ("play", "keep")  # look at the cards before choosing one


PLAYER = Player(
    policy, hand,
    "order the most pieces, close in, battle whenever possible, play every Dragon card",
)
