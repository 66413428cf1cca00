"""Spending CP on Stratagems: cost, timing, once per phase, targets, Battle-shock."""

from __future__ import annotations

from rules.core.text import msg, term
from rules.wh40k.catalogue import stratagems
from rules.wh40k.engine import SYSTEM
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

SQUAD = unit("Squad", keywords=("Infantry", "Grenades"), x=20, y=22)
TANK = unit("Tank", models=1, wounds=12, keywords=("Vehicle",), x=40, y=30)
DEEP = unit("Deep Strikers", models=5, reserves=True)


@checks("wh40k/stratagem-cost")
def test_the_core_stratagems_and_their_costs() -> None:
    costs = {s.id: s.cost for s in stratagems().values()}
    assert costs == {
        "command-re-roll": 1,
        "counter-offensive": 2,
        "epic-challenge": 1,
        "insane-bravery": 1,
        "grenade": 1,
        "tank-shock": 1,
        "rapid-ingress": 1,
        "fire-overwatch": 1,
        "go-to-ground": 1,
        "smokescreen": 1,
        "heroic-intervention": 1,
    }


@checks("wh40k/stratagem-cost")
def test_using_a_stratagem_spends_its_cost() -> None:
    state = advance(battle(attacker=(SQUAD,)), "shooting")
    state, events = act_events(
        state, "attacker", type="stratagem", name="Grenade", unit=uid(state, "Squad")
    )
    (used,) = of_type(events, "StratagemUsed")
    assert (used.stratagem, used.cost, used.cp) == ("grenade", 1, 0)
    squad = uid(state, "Squad")
    assert said(used) == f"Attacker uses Grenade on {squad} for 1 CP (0 left)."
    assert said(used, "pt-BR") == (
        f"O Atacante usa Grenade em {squad} por 1 PC e fica com 0 PC."
    )
    assert state.cp["attacker"] == 0


@checks("wh40k/stratagem-cost")
def test_not_enough_cp_is_refused() -> None:
    # Counter-offensive costs 2 and the attacker holds 1.
    state = advance(battle(), "fight")
    violation = refused(
        state,
        "attacker",
        "wh40k/stratagem-cost",
        type="stratagem",
        name="counter-offensive",
        unit=uid(state, "Squad"),
    )
    assert violation.reason == msg(
        "refusal-stratagem-cost", stratagem=term("stratagem", "counter-offensive"), cost=2, cp=1
    )
    assert said(violation.reason) == "Counter-offensive costs 2 CP and you have 1."


@checks("wh40k/stratagem-timing")
def test_a_stratagem_outside_its_phase_is_refused() -> None:
    state = battle(attacker=(SQUAD,))
    squad = uid(state, "Squad")
    refused(
        state, "attacker", "wh40k/stratagem-timing", type="stratagem", name="grenade", unit=squad
    )
    shooting = advance(state, "shooting")
    # Go to Ground belongs to the opponent's Shooting phase, not your own.
    refused(
        shooting,
        "attacker",
        "wh40k/stratagem-timing",
        type="stratagem",
        name="go-to-ground",
        unit=squad,
    )
    # Insane Bravery only in your own battle-shock step.
    refused(
        state,
        "attacker",
        "wh40k/stratagem-timing",
        type="stratagem",
        name="insane-bravery",
        unit=squad,
    )


@checks("wh40k/stratagem-timing")
def test_the_opponent_uses_reactive_stratagems_in_your_turn() -> None:
    # The prompt names the attacker, the defender still acts.
    state = advance(battle(), "shooting")
    assert SYSTEM.prompt(state).seat == "attacker"
    assert "stratagem" in SYSTEM.out_of_turn_actions
    state, events = act_events(
        state, "defender", type="stratagem", name="go-to-ground", unit=uid(state, "Mob")
    )
    assert of_type(events, "StratagemUsed")[0].side == "defender"
    moving = advance(battle(), "movement")
    act(moving, "defender", type="stratagem", name="fire-overwatch", unit=uid(state, "Mob"))
    charging = advance(battle(), "charge")
    act(charging, "defender", type="stratagem", name="heroic-intervention", unit=uid(state, "Mob"))
    refused(
        charging,
        "defender",
        "wh40k/stratagem-timing",
        type="stratagem",
        name="tank-shock",
        unit=uid(state, "Mob"),
    )


@checks("wh40k/stratagem-once-per-phase")
def test_each_stratagem_once_per_phase() -> None:
    state = advance(battle(), "movement")
    state = act(state, "attacker", type="gain_cp")
    state = act(state, "attacker", type="stratagem", name="command-re-roll")
    refused(
        state,
        "attacker",
        "wh40k/stratagem-once-per-phase",
        type="stratagem",
        name="command-re-roll",
        unit=uid(state, "Squad"),
    )
    # The opponent's use is counted separately, and the next phase starts afresh.
    state = act(state, "defender", type="stratagem", name="command-re-roll")
    state = act(state, "attacker", type="next_phase")
    state = act(state, "attacker", type="stratagem", name="command-re-roll")
    assert state.cp["attacker"] == 0


@checks("wh40k/stratagem-target")
def test_the_target_must_fit_the_stratagem() -> None:
    state = advance(battle(attacker=(SQUAD, TANK, DEEP)), "shooting")
    refused(
        state,
        "attacker",
        "wh40k/stratagem-target",
        type="stratagem",
        name="grenade",
        unit=uid(state, "Tank"),
    )
    refused(state, "attacker", "wh40k/stratagem-target", type="stratagem", name="grenade")
    refused(
        state,
        "attacker",
        "wh40k/stratagem-target",
        type="stratagem",
        name="grenade",
        unit=uid(state, "Deep Strikers"),
    )
    charge = advance(state, "charge")
    act(charge, "attacker", type="stratagem", name="tank-shock", unit=uid(state, "Tank"))
    refused(
        charge,
        "attacker",
        "wh40k/stratagem-target",
        type="stratagem",
        name="tank-shock",
        unit=uid(state, "Squad"),
    )


@checks("wh40k/stratagem-target")
def test_rapid_ingress_needs_a_unit_in_reserves() -> None:
    state = advance(battle(defender=(unit("Mob", x=40, y=40), DEEP)), "movement")
    refused(
        state,
        "defender",
        "wh40k/stratagem-target",
        type="stratagem",
        name="rapid-ingress",
        unit=uid(state, "Mob"),
    )
    act(state, "defender", type="stratagem", name="rapid-ingress", unit=uid(state, "Deep Strikers"))


@checks("wh40k/own-units")
def test_stratagems_only_on_your_own_units() -> None:
    state = advance(battle(), "movement")
    refused(
        state,
        "defender",
        "wh40k/own-units",
        type="stratagem",
        name="fire-overwatch",
        unit=uid(state, "Squad"),
    )


@checks("wh40k/shocked-no-stratagems")
def test_no_stratagems_on_your_own_battle_shocked_unit() -> None:
    # Seed-3 fails the test.
    state = battle("seed-3", attacker=(SQUAD,))
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state = advance(state, "shooting")
    assert state.units[squad].shocked and state.cp["attacker"] == 1
    violation = refused(
        state,
        "attacker",
        "wh40k/shocked-no-stratagems",
        type="stratagem",
        name="grenade",
        unit=squad,
    )
    assert violation.reason.args["unit"] == squad
    refused(
        state,
        "attacker",
        "wh40k/shocked-no-stratagems",
        type="stratagem",
        name="command-re-roll",
        unit=squad,
    )
    # Stratagems that do not target the unit are still open.
    act(state, "attacker", type="stratagem", name="command-re-roll")


@checks("core/bad-input")
def test_unknown_stratagem_is_bad_input() -> None:
    refused(battle(), "attacker", "core/bad-input", type="stratagem", name="orbital-strike")
