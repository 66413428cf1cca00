"""The public position of a Bushido game in words, for `/game status`.

Compact: the turn against the nightfall limit, and per side the troops left, their
combat values added up and where the commander stands. Full: every piece, with its
movement piece named only once it is face up. Nothing here reads a face-down piece.
"""

from __future__ import annotations

from rules.bushido.catalogue import scenarios
from rules.bushido.movement import at
from rules.bushido.state import BushidoState
from rules.core.text import Msg, msg, term


def summary(state: BushidoState, full: bool) -> tuple[Msg, ...]:
    """Return the public position as lines: the turn, then each side."""
    scenario = scenarios()[state.scenario]
    out: list[Msg] = [msg("summary-turn", turn=state.turn_number, limit=scenario.turn_limit,
                          seat=term("seat", state.active))]
    for seat in state.seats:
        mine = [p for p in state.pieces if p.side == seat]
        troops = [p for p in mine if not p.is_commander]
        commander = next((p for p in mine if p.is_commander), None)
        out.append(msg(
            "summary-side",
            seat=term("seat", seat),
            troops=len(troops),
            strength=sum(p.troop_type.combat for p in troops),
            commander=at(state, commander.space) if commander else None,
        ))
        if full:
            out.extend(
                msg("summary-piece", piece=p.id, troop=term("troop", p.type),
                    where=at(state, p.space),
                    face=term("face", p.movement) if p.revealed else None)
                for p in mine
            )
    return tuple(out)
