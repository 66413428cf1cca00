"""Tactic cards as published (ruleset 3 on): Cavalry Charge, Mounted Samurai Bow, no cavalry."""

from __future__ import annotations

from rules.samurai.actions import BattleRolled, OrdersLost, PieceOrdered
from rules.samurai.autoplay import _choice
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState
from tests.rules.samurai.kit import (
    act,
    act_events,
    checks,
    game,
    of_type,
    refused,
    said,
    start_turn,
    with_rolls,
)

FILLERS = ["order-one-left", "order-two-center", "order-three-right"]
HAND = ["cavalry-charge", *FILLERS]


def _older(state: SamuraiState) -> SamuraiState:
    """Return the same position in a game begun under ruleset 2."""
    return state.model_copy(update={"ruleset": 2})


def _charging_bow() -> SamuraiState:
    pieces = [
        ("U1", "samurai-cavalry", "blue", "E8"),
        ("U4", "mounted-bow", "blue", "K8"),
        ("U9", "ashigaru-spear", "red", "E7"),
        ("U10", "ashigaru-spear", "red", "K5"),
    ]
    return game(pieces, hands={"blue": HAND})


@checks("samurai/charge-mounted-bow", "samurai/cavalry-charge")
def test_charge_mounted_bow_moves_two_and_gets_no_extra_die() -> None:
    state, _ = start_turn(_charging_bow(), "blue", "cavalry-charge", "U1 U4")
    err = refused(state, "blue", "samurai/charge-mounted-bow", type="move", piece="U4", to="J5")
    assert "Cavalry Charge" in said(err) and "at most 2 hexes" in said(err)
    moves = {
        a.to for a in SYSTEM.legal_actions(state, "blue") if a.type == "move" and a.piece == "U4"
    }  # type: ignore[attr-defined]
    assert "K6" in moves and not {"J5", "L5"} & moves
    refused(state, "blue", "samurai/cavalry-charge", type="battle", piece="U4", target="K5")
    state = act(state, "blue", type="move", piece="U4", to="K6")
    state = with_rolls(state, *[None] * 8)
    state, events = act_events(state, "blue", type="battle", piece="U4", target="K5")
    assert of_type(events, BattleRolled)[0].dice == 3  # a triangle unit's 3 dice, nothing added
    state = with_rolls(state, *[None] * 8)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="E7")
    assert of_type(events, BattleRolled)[0].dice == 4 + 1  # square cavalry keeps the extra die


@checks("samurai/charge-mounted-bow")
def test_charge_mounted_bow_keeps_old_effects_before_ruleset_3() -> None:
    state, _ = start_turn(_older(_charging_bow()), "blue", "cavalry-charge", "U4")
    state = act(state, "blue", type="move", piece="U4", to="K6")  # two hexes: fine in every ruleset
    state = with_rolls(state, *[None] * 8)
    state, events = act_events(state, "blue", type="battle", piece="U4", target="K5")
    assert of_type(events, BattleRolled)[0].dice == 3 + 1
    old, _ = start_turn(_older(_charging_bow()), "blue", "cavalry-charge", "U4")
    assert act(old, "blue", type="move", piece="U4", to="J5").piece("U4").hex == "J5"  # type: ignore[union-attr]


def _no_cavalry() -> SamuraiState:
    pieces = [
        ("U1", "samurai-infantry", "blue", "E8"),
        ("U2", "ashigaru-bow", "blue", "K8"),
        ("L1", "mounted-leader", "blue", "E8"),  # with a unit: the charge may not split him off
        ("U9", "ashigaru-spear", "red", "E7"),
        ("U10", "ashigaru-spear", "red", "K6"),
    ]
    return game(pieces, hands={"blue": HAND})


@checks("samurai/charge-without-cavalry", "samurai/charge-substitute-plain")
def test_charge_without_cavalry_orders_one_unit_of_choice_acting_as_usual() -> None:
    state, events = act_events(_no_cavalry(), "blue", type="play", card="cavalry-charge")
    assert state.current.slots == ["any"] and not of_type(events, OrdersLost)
    refused(state, "blue", "samurai/order-slots-match", type="order", pieces="U1 U2")
    orders = sorted(a.pieces for a in SYSTEM.legal_actions(state, "blue"))  # type: ignore[attr-defined]
    assert orders == ["", "U1", "U2"]
    shooter = act(state, "blue", type="order", pieces="U2")
    shooter = with_rolls(shooter, None, None)
    shooter, events = act_events(shooter, "blue", type="battle", piece="U2", target="K6")
    assert of_type(events, BattleRolled)[0].ranged  # the substitute order may shoot
    fighter, events = act_events(state, "blue", type="order", pieces="U1")
    assert [(e.piece, e.leader, e.slot) for e in of_type(events, PieceOrdered)] == [
        ("U1", "L1", "any")
    ]
    fighter = with_rolls(fighter, *[None] * 8)
    fighter, events = act_events(fighter, "blue", type="battle", piece="U1", target="E7")
    assert of_type(events, BattleRolled)[0].dice == 4  # a square unit's 4 dice, no charge die


@checks("samurai/charge-without-cavalry")
def test_charge_without_cavalry_loses_its_orders_before_ruleset_3() -> None:
    state, events = act_events(_older(_no_cavalry()), "blue", type="play", card="cavalry-charge")
    assert state.current.slots == [] and [e.count for e in of_type(events, OrdersLost)] == [4]
    lone = game([("L2", "mounted-leader", "blue", "G8")], hands={"blue": HAND})
    lone = act(lone, "blue", type="play", card="cavalry-charge")
    assert lone.current.slots == ["kind:cavalry"]  # a lone mounted leader is cavalry


@checks("samurai/charge-without-cavalry")
def test_the_demo_player_plays_a_charge_without_cavalry_for_its_substitute_order() -> None:
    state = game(
        [("U1", "samurai-infantry", "blue", "E8")],
        hands={"blue": ["order-two-left", "cavalry-charge"]},
    )
    chosen = _choice(state, SYSTEM.legal_actions(state, "blue"))
    assert chosen.type == "play" and chosen.card == "cavalry-charge"  # type: ignore[attr-defined]
    older = _older(state)
    chosen = _choice(older, SYSTEM.legal_actions(older, "blue"))
    assert chosen.card == "order-two-left"  # type: ignore[attr-defined]  # both order nobody there
