"""The public position of a Samurai Battles game in words, for `/game status`.

Compact: each side's banners against its target, Honor & Fortune tokens, cards in
hand, units and leaders left, and the pieces ordered this turn. Full: every piece
with its hex and figures. Nothing here reads a hand or the deck's order.
"""

from __future__ import annotations

from rules.core.text import Msg, items, msg, term
from rules.samurai.state import SamuraiState


def summary(state: SamuraiState, full: bool) -> tuple[Msg, ...]:
    """Return the public position as lines: per side, then this turn's orders."""
    scenario = state.setup
    out: list[Msg] = []
    for seat in state.seats:
        mine = [p for p in state.pieces if p.side == seat]
        out.append(msg(
            "summary-side",
            seat=term("seat", seat),
            banners=state.banners.get(seat, 0),
            target=scenario.side(seat).banners,
            tokens=state.tokens.get(seat, 0),
            cards=len(state.hands.get(seat, [])),
            units=sum(not p.is_leader for p in mine),
            leaders=sum(p.is_leader for p in mine),
        ))
        if state.ruleset >= 3:
            out.append(msg("summary-dragons", seat=term("seat", seat),
                           dragons=len(state.dragon_hands.get(seat, []))))
        if full:
            out.extend(
                msg("summary-piece", piece=p.id, unit=term("unit", p.type), hex=p.hex,
                    figures=p.figures)
                for p in sorted(mine, key=lambda p: (p.is_leader, _number(p.id)))
            )
    out.append(msg("summary-deck", deck=len(state.deck), discard=len(state.discard)))
    if state.ruleset >= 3:
        out.append(msg("summary-dragon-deck", deck=len(state.dragon_deck),
                       discard=len(state.dragon_discard)))
    turn = state.turn
    if turn is not None:
        ordered = [e.piece for e in turn.orders] + [e.leader for e in turn.orders if e.leader]
        out.append(msg("summary-turn", seat=term("seat", turn.seat),
                       card=term("card", turn.card),
                       ordered=items(ordered) if ordered else None))
    return tuple(out)


def _number(piece_id: str) -> tuple[str, int]:
    digits = "".join(ch for ch in piece_id if ch.isdigit())
    return piece_id.rstrip("0123456789"), int(digits or 0)
