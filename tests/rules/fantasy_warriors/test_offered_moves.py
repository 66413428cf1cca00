"""Buttons and playouts offer a unit that may not move (HOLD) no moves, and work none out.

`_moves` skips the moves of such a unit because check_move refuses every one of them: the
offers are the ones it would have made with every move worked out and checked.
"""

from __future__ import annotations

from rules.fantasy_warriors import catalogue, flow
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.orders import governing
from rules.fantasy_warriors.state import FantasyWarriorsState, in_play
from tests.rules.fantasy_warriors.kit import battle


def _held_units_checked(state: FantasyWarriorsState) -> int:
    """Compare, for each North unit whose orders forbid moving, the offers with the moves
    worked out and checked; return how many units were compared."""
    held = contacts = 0
    enemies = [u for u in in_play(state) if u.side != "north"]
    for unit in in_play(state, "north"):
        orders = state.commands[unit.command].orders
        if orders is None or catalogue.basic_orders()[governing(orders)].may_move:
            continue
        held += 1
        # With no orders at all, every move is worked out (HOLD has no goal either).
        free = state.model_copy(deep=True)
        free.commands[unit.command].orders = None
        everything = list(flow._moves(free, "north", free.units[unit.id], enemies))
        moves = [a for a in everything if a.type == "move"]
        assert moves, "the comparison needs moves to refuse"
        assert not any(SYSTEM.is_legal(state, a) for a in moves)
        assert list(flow._moves(state, "north", unit, enemies)) == [
            a for a in everything if a.type != "move"]
        contacts += sum(a.type == "contact" for a in everything)
    assert contacts, "the comparison needs a contact that is kept"
    return held


def test_a_holding_unit_is_offered_contacts_but_no_moves() -> None:
    for ruleset in (1, 2):
        # N1 within contact distance of S1 (its contact is still worked out), N3 not.
        near = {"N1": (30.0, 20.0), "S1": (30.0, 17.5), "N3": (40.0, 20.0),
                "S3": (40.0, 14.0)} if ruleset == 1 else {
            "N1": (30.0, 24.0), "S1": (30.0, 21.5), "N3": (45.0, 24.0), "S3": (45.0, 14.0)}
        state = battle(ruleset=ruleset, orders={"C3": {"order": "attack"}}, at=near)
        assert state.step == "battle" and state.active == "north"
        assert _held_units_checked(state) >= 4
        offers = SYSTEM.legal_actions(state, "north")
        held = {u.id for u in in_play(state, "north") if u.command in ("C1", "C2")}
        assert not [a for a in offers if a.type == "move" and getattr(a, "unit", "") in held]
        assert [a for a in offers if a.type == "move"]  # the attacking command still moves
