"""What a tactic card does to the pieces it ordered, beyond the orders themselves.

The card's orders are slots (rules.samurai.orders); this module answers, for one ordered
piece, how far it may move, whether it may shoot and how many extra close-combat dice it
rolls under the card played this turn. Games begun before the published deck (ruleset 1
and 2) keep the effects they were played with: every answer falls back to the old
turn-wide values when `state.ruleset` is below PUBLISHED, so their replays do not change.
"""

from __future__ import annotations

from rules.core.errors import RuleViolation
from rules.core.text import msg, term
from rules.samurai.catalogue import CommandCard, cards
from rules.samurai.orders import orderable
from rules.samurai.state import Piece, SamuraiState

# The first ruleset whose Cavalry Charge plays as the published card (rules.samurai.state).
PUBLISHED = 3


def charge_slots(state: SamuraiState, seat: str, card: CommandCard) -> list[str]:
    """Return the orders a charge card gives: its kind anywhere, or substitutes without any.

    The published card orders up to `anywhere` pieces of its kind; a player with no piece
    of that kind to order gets `substitute` orders for pieces of his choice instead.
    """
    slots = [f"kind:{card.eligible}"] * card.anywhere
    if state.ruleset < PUBLISHED or card.substitute == 0:
        return slots
    if any(p.unit_type.kind == card.eligible for p in orderable(state, seat, card.helmet)):
        return slots
    return ["any"] * card.substitute


def _charge(state: SamuraiState) -> CommandCard | None:
    """Return this turn's card when it is a charge played under the published rules."""
    turn = state.turn
    if state.ruleset < PUBLISHED or turn is None:
        return None
    card = cards()[turn.card]
    return card if card.kind == "charge" else None


def substitute_order(state: SamuraiState, piece: Piece) -> bool:
    """Say whether a piece took a charge card's substitute order (it then acts as usual)."""
    entry = state.current.entry(piece.id) if state.turn is not None else None
    return _charge(state) is not None and entry is not None and entry.slot == "any"


def move_limit(state: SamuraiState, piece: Piece) -> int | None:
    """Return the hexes the card lets this piece move at most, or None for its own allowance."""
    card = _charge(state)
    if card is None or substitute_order(state, piece):
        return None
    return card.move_limits.get(piece.type)


def move_limit_refusal(
    state: SamuraiState, piece: Piece, to: str, steps: int
) -> RuleViolation | None:
    """Return why a move the piece's own allowance would reach is too long under the card."""
    limit = move_limit(state, piece)
    if limit is None or not limit < steps <= piece.unit_type.move:
        return None
    return RuleViolation(
        "samurai/charge-mounted-bow",
        msg(
            "refusal-card-move-limit",
            piece=piece.id,
            unit=term("unit", piece.type),
            card=term("card", state.current.card),
            allowance=limit,
            hex=to,
            distance=steps,
        ),
    )


def close_bonus(state: SamuraiState, piece: Piece) -> int:
    """Return the extra close-combat dice the card gives this piece."""
    turn = state.current
    card = _charge(state)
    if card is None:
        return turn.close_bonus
    if substitute_order(state, piece) or piece.type in card.no_bonus:
        return 0
    return turn.close_bonus


def may_shoot(state: SamuraiState, piece: Piece) -> bool:
    """Say whether the card played this turn lets this piece battle at range."""
    return state.current.ranged or substitute_order(state, piece)
