"""The referee's corrections of what a turn hides or records: cards and orders.

`adjust_cards` (samurai/adjust-cards) moves a card between a hand, the deck and the
discards; its event names a card only when the discard pile is one end. The order
changes of `adjust` (samurai/adjust-orders) give or take away an order this turn.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.model import Event
from rules.core.text import items, term
from rules.samurai.actions import AdjustCards, Adjusted, CardsAdjusted
from rules.samurai.state import OrderEntry, Piece, SamuraiState


def _ordered_now(state: SamuraiState, piece_id: str) -> bool:
    """Say whether a piece acts under an order this turn (its own, or its unit's)."""
    turn = state.current
    return turn.entry(piece_id) is not None or turn.carrier(piece_id) is not None


def check_order_change(
    state: SamuraiState, piece: Piece, order: str, figures: int | None
) -> None:
    """Refuse an order given or taken away outside a turn's orders, or one that is not there."""
    if state.turn is None or state.step not in ("moves", "battles", "retreat"):
        refuse("samurai/adjust-orders", "refusal-adjust-orders-when", step=term("step", state.step))
    seat = state.current.seat
    if piece.side != seat:
        refuse(
            "samurai/adjust-orders", "refusal-adjust-orders-side", piece=piece.id,
            seat=term("seat", seat),
        )
    if figures is not None and piece.figures + figures == 0:
        refuse("samurai/adjust-orders", "refusal-adjust-orders-removed", piece=piece.id)
    ordered = _ordered_now(state, piece.id)
    if order == "add" and ordered:
        refuse("samurai/adjust-orders", "refusal-adjust-already-ordered", piece=piece.id)
    if order == "remove" and not ordered:
        refuse("samurai/adjust-orders", "refusal-adjust-not-ordered", piece=piece.id)


def change_order(work: SamuraiState, piece: Piece, order: str) -> Adjusted:
    """Give a piece an order this turn, or take its order away; return the event."""
    turn = work.current
    if order == "remove":
        carrier = turn.carrier(piece.id)
        if carrier is not None:
            carrier.leader = None
        turn.orders = [e for e in turn.orders if e.piece != piece.id]
        return Adjusted(change="unordered", piece=piece.id, seat=piece.side)
    leader: str | None = None
    split = False
    if piece.is_leader:
        split = work.unit_at(piece.hex) is not None
    else:
        found = work.leader_at(piece.hex)
        if found is not None and not _ordered_now(work, found.id):
            leader = found.id
    turn.orders.append(OrderEntry(piece=piece.id, leader=leader, split=split, slot="referee"))
    return Adjusted(change="ordered", piece=piece.id, seat=piece.side, leader=leader)


def _pile(state: SamuraiState, pile: str, side: str | None) -> list[str]:
    """Return the cards of a pile: a seat's hand, the deck or the discards."""
    if pile == "hand":
        assert side is not None
        return state.hands[side]
    return state.deck if pile == "deck" else state.discard


def check_adjust_cards(state: SamuraiState, act: AdjustCards) -> None:
    """Refuse a card move between the same pile, without a hand, or of a card not there.

    A refusal goes only to whoever asked (a referee, who may see every hand).
    """
    if act.origin == act.into:
        refuse("samurai/adjust-cards", "refusal-adjust-cards-same", pile=act.into)
    if act.side is not None and act.side not in state.seats:
        refuse(
            "core/bad-input",
            "refusal-no-such-seat",
            seat=act.side,
            seats=items(term("seat", s) for s in state.seats),
        )
    if "hand" in (act.origin, act.into) and act.side is None:
        refuse("samurai/adjust-cards", "refusal-adjust-cards-whose-hand")
    if act.card not in _pile(state, act.origin, act.side):
        refuse(
            "samurai/adjust-cards",
            "refusal-adjust-card-not-there",
            card=term("card", act.card),
            pile=act.origin,
            seat=term("seat", act.side) if act.origin == "hand" and act.side else None,
        )


def adjust_cards(work: SamuraiState, act: AdjustCards, dice: Dice, events: list[Event]) -> None:
    """Move the card; the event names it only when the discard pile is one end."""
    _pile(work, act.origin, act.side).remove(act.card)
    if act.into == "deck":
        work.deck.insert(0, act.card)  # on top: the next card drawn, as before a draw
    else:
        _pile(work, act.into, act.side).append(act.card)
    face_up = "discard" in (act.origin, act.into)
    events.append(
        CardsAdjusted(
            seat=act.side if "hand" in (act.origin, act.into) else None,
            origin=act.origin,
            into=act.into,
            card=act.card if face_up else None,
            note=act.note or None,
        )
    )
