"""Starting Strength, Below Half-strength, destroyed units and attached units."""

from __future__ import annotations

from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import below_half_strength, starting_strength
from tests.rules.wh40k.kit import act, act_events, battle, checks, of_type, refused, said, uid, unit

CAPTAIN = unit(
    "Captain",
    models=1,
    wounds=5,
    leadership=6,
    oc=1,
    keywords=("Infantry", "Character"),
    key="cpt",
    leads="sq",
)
LED_SQUAD = unit("Squad", key="sq", x=20, y=22)


@checks("wh40k/starting-strength")
def test_starting_strength_is_the_model_count_on_joining_the_army() -> None:
    state = battle(start=False)
    squad = uid(state, "Squad")
    assert state.units[squad].starting_strength == 10
    state = act(state, "attacker", type="edit_unit", unit=squad, models=6)
    assert state.units[squad].starting_strength == 6
    state = act(state, "attacker", type="start_battle")
    state = act(state, "defender", type="casualties", unit=squad, models=2)
    assert state.units[squad].starting_strength == 6
    assert starting_strength(state, state.units[squad]) == 6


@checks("wh40k/starting-strength")
def test_restored_models_cannot_pass_the_starting_strength() -> None:
    state = battle()
    squad = uid(state, "Squad")
    refused(state, "attacker", "wh40k/starting-strength", type="restore", unit=squad, models=1)
    state = act(state, "attacker", type="casualties", unit=squad, models=2)
    state = act(state, "attacker", type="restore", unit=squad, models=2)
    assert state.units[squad].models == 10


@checks("wh40k/below-half-strength")
def test_below_half_strength_counts_models_against_starting_strength() -> None:
    # 5 of 10 is half, not below it; 4 of 10 is below.
    state = battle()
    squad = uid(state, "Squad")
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=5)
    assert not below_half_strength(state, state.units[squad])
    assert of_type(events, "BelowHalfStrengthChanged") == []
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=1)
    assert below_half_strength(state, state.units[squad])
    (change,) = of_type(events, "BelowHalfStrengthChanged")
    assert change.units == (squad,) and change.below
    state, events = act_events(state, "attacker", type="restore", unit=squad, models=1)
    assert of_type(events, "BelowHalfStrengthChanged")[0].below is False


@checks("wh40k/below-half-strength")
def test_a_single_model_is_below_half_strength_by_its_wounds() -> None:
    # Wounds 5, so 3 left is not below half and 2 left is.
    state = battle(attacker=(unit("Dreadnought", models=1, wounds=5, x=20, y=20),))
    dread = uid(state, "Dreadnought")
    state = act(state, "defender", type="casualties", unit=dread, wounds=2)
    assert state.units[dread].damage == 2
    assert not below_half_strength(state, state.units[dread])
    state, events = act_events(state, "defender", type="casualties", unit=dread, wounds=1)
    assert below_half_strength(state, state.units[dread])
    assert of_type(events, "BelowHalfStrengthChanged")[0].below
    state = act(state, "attacker", type="restore", unit=dread, wounds=3)
    assert state.units[dread].damage == 0


@checks("wh40k/destroyed")
def test_wounds_destroy_models_once_a_model_has_lost_all_its_wounds() -> None:
    # Wounds 2 each; 3 wounds kill one model and leave one wounded.
    state = battle(attacker=(unit("Squad", models=5, wounds=2, x=20, y=22),))
    squad = uid(state, "Squad")
    state, events = act_events(state, "defender", type="casualties", unit=squad, wounds=3)
    assert (state.units[squad].models, state.units[squad].damage) == (4, 1)
    assert of_type(events, "WoundsLost")[0].models == 1
    # A reported dead model is the wounded one.
    state = act(state, "defender", type="casualties", unit=squad, models=1)
    assert (state.units[squad].models, state.units[squad].damage) == (3, 0)


@checks("wh40k/destroyed")
def test_a_unit_with_no_models_left_is_destroyed() -> None:
    state = battle()
    squad = uid(state, "Squad")
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=10)
    (gone,) = of_type(events, "UnitDestroyed")
    assert (gone.unit, gone.side, gone.attached_to) == (squad, "attacker", None)
    assert state.units[squad].destroyed
    refused(state, "defender", "wh40k/destroyed", type="casualties", unit=squad, models=1)
    refused(state, "attacker", "wh40k/destroyed", type="move", unit=squad, x=1, y=1)
    assert [u.side for u in SYSTEM.board(state, None).units] == ["defender"]


@checks("wh40k/restore-corrects-reports", "wh40k/starting-strength")
def test_a_unit_destroyed_by_mistake_can_be_restored() -> None:
    state = battle()
    squad = uid(state, "Squad")
    state = act(state, "defender", type="casualties", unit=squad, models=10)
    state, events = act_events(state, "attacker", type="restore", unit=squad, models=4)
    (back,) = of_type(events, "ModelsRestored")
    assert (back.models, back.remaining) == (4, 4)
    assert not state.units[squad].destroyed
    refused(state, "attacker", "wh40k/starting-strength", type="restore", unit=squad, models=7)


@checks("core/reports-need-agreement")
def test_reports_about_the_other_sides_units_need_its_agreement() -> None:
    state = battle()
    squad, mob = uid(state, "Squad"), uid(state, "Mob")

    def needs(seat: str, **data: object) -> str | None:
        return SYSTEM.agreement_from(state, SYSTEM.parse_action({**data, "seat": seat}))

    # Losses of one's own units count at once; losses of the enemy's are claims.
    assert needs("attacker", type="casualties", unit=squad, models=1) is None
    assert needs("defender", type="casualties", unit=squad, models=1) == "attacker"
    # Giving models back to one's own unit needs the enemy; to the enemy's, nobody.
    assert needs("attacker", type="restore", unit=squad, models=1) == "defender"
    assert needs("defender", type="restore", unit=squad, models=1) is None
    assert needs("attacker", type="shock_test", unit=mob) == "defender"
    assert needs("attacker", type="next_phase") is None
    assert SYSTEM.report_for(state, SYSTEM.parse_action(
        {"type": "casualties", "unit": mob, "models": 1})) == "defender"


@checks("wh40k/destroyed")
def test_wounds_beyond_a_units_last_model_are_lost() -> None:
    state = battle()
    squad = uid(state, "Squad")
    state = act(state, "defender", type="casualties", unit=squad, wounds=40)
    assert state.units[squad].destroyed and state.units[squad].damage == 0


@checks("core/bad-input")
def test_more_models_than_the_unit_has_is_bad_input() -> None:
    state = battle()
    refused(
        state, "defender", "core/bad-input", type="casualties", unit=uid(state, "Squad"), models=11
    )
    refused(state, "defender", "core/bad-input", type="casualties", unit=uid(state, "Squad"))
    refused(state, "defender", "core/bad-input", type="casualties", unit="U99", models=1)


@checks("wh40k/attached-starting-strength")
def test_attached_unit_starting_strength_is_the_sum_of_both_parts() -> None:
    # Captain (1) + Squad (10) = 11; 6 of 11 is not below
    # half, 5 of 11 is.
    state = battle(attacker=(CAPTAIN, LED_SQUAD))
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    assert starting_strength(state, state.units[squad]) == 11
    assert SYSTEM.position(state, None)["derived"]["units"][captain]["starting_strength"] == 11
    state = act(state, "defender", type="casualties", unit=squad, models=5)
    assert not below_half_strength(state, state.units[captain])
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=1)
    (change,) = of_type(events, "BelowHalfStrengthChanged")
    assert set(change.units) == {squad, captain} and change.below


@checks("wh40k/attached-starting-strength")
def test_the_survivor_of_an_attached_unit_returns_to_its_own_starting_strength() -> None:
    state = battle(attacker=(CAPTAIN, LED_SQUAD))
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=10)
    (reset,) = of_type(events, "StartingStrengthChanged")
    assert (reset.unit, reset.was, reset.now) == (captain, 11, 1)
    assert state.units[captain].leads is None
    assert starting_strength(state, state.units[captain]) == 1
    # Alone, the Captain (Wounds 5) goes Below Half-strength by wounds.
    state = act(state, "defender", type="casualties", unit=captain, wounds=3)
    assert below_half_strength(state, state.units[captain])


@checks("wh40k/attached-starting-strength")
def test_the_bodyguard_survives_its_leader_with_its_own_starting_strength() -> None:
    # 4 Squad + Captain is 5 of 11 (below half); without the
    # Captain 4 of 10 stays below half.
    state = battle(attacker=(CAPTAIN, LED_SQUAD))
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    state = act(state, "defender", type="casualties", unit=squad, models=6)
    assert below_half_strength(state, state.units[squad])
    state, events = act_events(state, "defender", type="casualties", unit=captain, wounds=5)
    assert of_type(events, "StartingStrengthChanged")[0].now == 10
    assert starting_strength(state, state.units[squad]) == 10
    assert below_half_strength(state, state.units[squad])
    assert of_type(events, "BelowHalfStrengthChanged") == []


@checks("wh40k/attached-destroyed")
def test_destroying_either_part_of_an_attached_unit_reports_a_unit_destroyed() -> None:
    state = battle(attacker=(CAPTAIN, LED_SQUAD))
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    _, events = act_events(state, "defender", type="casualties", unit=captain, models=1)
    (gone,) = of_type(events, "UnitDestroyed")
    assert (gone.unit, gone.attached_to) == (captain, squad)
    assert said(gone) == (
        f"Captain (Attacker) is destroyed (part of an attached unit with {squad})."
    )
    _, events = act_events(state, "defender", type="casualties", unit=squad, models=10)
    (gone,) = of_type(events, "UnitDestroyed")
    assert (gone.unit, gone.attached_to) == (squad, captain)


@checks("wh40k/leader")
def test_an_attached_unit_moves_as_one() -> None:
    state = battle(attacker=(CAPTAIN, LED_SQUAD))
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    state, events = act_events(state, "attacker", type="move", unit=captain, x=12, y=30)
    assert of_type(events, "UnitMoved")[0].units == (captain, squad)
    assert state.units[squad].position == state.units[captain].position
    (marker,) = [u for u in SYSTEM.board(state, None).units if u.side == "attacker"]
    assert marker.label == f"{squad} 11/11 Captain + Squad"
