"""Objective control: OC within 3 inches, ties contested, Battle-shocked models count 0."""

from __future__ import annotations

from rules.core.inches import Point
from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import control_of, objective_totals
from tests.rules.wh40k.kit import (
    act,
    act_events,
    advance,
    battle,
    checks,
    of_type,
    refused,
    said,
    uid,
    unit,
)

# O3, the centre marker, is at (30, 22).
HOLDERS = unit("Squad", models=10, oc=2, x=30, y=24)
RIVALS = unit("Mob", models=5, oc=1, x=32, y=22)


@checks("wh40k/objective-control")
def test_the_side_with_more_oc_in_range_holds_the_marker() -> None:
    # 20 OC against 5; other markers have nobody near.
    state, events = act_events(
        battle(attacker=(HOLDERS,), defender=(RIVALS,), start=False),
        "attacker",
        type="start_battle",
    )
    assert state.control["O3"].holder == "attacker"
    assert state.control["O1"].holder is None and not state.control["O1"].contested
    (change,) = of_type(events, "ObjectiveControlChanged")
    assert (change.objective, change.attacker_oc, change.defender_oc) == ("O3", 20, 5)
    assert said(change) == (
        "Objective O3 (Centre): held by Attacker (OC: Attacker 20, Defender 5)."
    )
    assert said(change, "pt-BR") == (
        "Objetivo O3 (centro): agora é do Atacante (CO: Atacante 20, Defensor 5)."
    )
    (marker,) = [o for o in SYSTEM.board(state, None).objectives if o.label == "O3"]
    assert marker.holder == "attacker"


@checks("wh40k/objective-control")
def test_a_tie_above_zero_is_contested() -> None:
    state = battle(
        attacker=(unit("Squad", models=5, oc=1, x=30, y=25),),
        defender=(unit("Mob", models=5, oc=1, x=27.5, y=22),),
    )
    assert state.control["O3"].holder is None
    assert state.control["O3"].contested
    assert [o.contested for o in SYSTEM.board(state, None).objectives if o.label == "O3"] == [True]
    assert control_of({"attacker": 0, "defender": 0}).contested is False


@checks("wh40k/objective-control")
def test_units_beyond_3_inches_do_not_count() -> None:
    state = battle(attacker=(unit("Squad", x=30, y=25.5),))
    assert objective_totals(state, Point(x=30, y=22)) == {"attacker": 0, "defender": 0}


@checks("wh40k/objective-control")
def test_control_is_recomputed_when_a_phase_ends() -> None:
    # A move changes nothing until the phase is over.
    state = advance(battle(), "movement")
    state = act(state, "attacker", type="move", unit=uid(state, "Squad"), x=10, y=22)
    assert state.control["O2"].holder is None
    state, events = act_events(state, "attacker", type="next_phase")
    assert state.control["O2"].holder == "attacker"
    assert [e.objective for e in of_type(events, "ObjectiveControlChanged")] == ["O2"]


@checks("wh40k/shocked-objective-control")
def test_battle_shocked_models_have_oc_0_and_lose_the_marker() -> None:
    # 4 models (OC 8) beat 5 (OC 5) until seed-3's failed test.
    state = battle("seed-3", attacker=(HOLDERS,), defender=(RIVALS,))
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state = act(state, "attacker", type="next_phase")
    state = act(state, "attacker", type="shock_test", unit=squad)  # the test the step names
    assert state.units[squad].shocked and state.units[squad].objective_control() == 0
    assert state.control["O3"].holder == "attacker"  # until the end of the phase
    state, events = act_events(state, "attacker", type="next_phase")
    (flip,) = of_type(events, "ObjectiveControlChanged")
    assert (flip.holder, flip.was, flip.attacker_oc, flip.defender_oc) == (
        "defender",
        "attacker",
        0,
        5,
    )
    (marker,) = [u for u in SYSTEM.board(state, None).units if u.side == "attacker"]
    assert [(t.kind, said(t.text)) for t in marker.status] == [
        ("shocked", "SHOCKED"),
        ("below-half", "BELOW HALF"),
    ]
    assert [said(t.text, "pt-BR") for t in marker.status] == ["EM CHOQUE", "ABAIXO DA METADE"]


@checks("wh40k/objective-control")
def test_units_in_reserves_hold_nothing() -> None:
    state = battle(attacker=(unit("Squad", reserves=True),))
    squad = uid(state, "Squad")
    assert state.units[squad].position is None
    assert all(c.holder is None for c in state.control.values())
    state, events = act_events(
        advance(state, "movement"), "attacker", type="move", unit=squad, x=30, y=6
    )
    assert of_type(events, "UnitMoved")[0].arrived
    assert not state.units[squad].reserves


@checks("wh40k/on-the-table")
def test_positions_must_be_on_the_table() -> None:
    state = battle()
    refused(
        state, "attacker", "wh40k/on-the-table", type="move", unit=uid(state, "Squad"), x=61, y=10
    )
    refused(
        state, "attacker", "wh40k/on-the-table", type="move", unit=uid(state, "Squad"), x=10, y=-1
    )
    refused(state, "attacker", "wh40k/own-units", type="move", unit=uid(state, "Mob"), x=1, y=1)
