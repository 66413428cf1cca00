"""The Command phase: CP for both players, the CP cap, Battle-shock tests and their answers."""

from __future__ import annotations

from rules.core.model import Event
from rules.core.text import msg, term
from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import Wh40kState
from tests.rules.wh40k.kit import (
    SQUAD,
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


def shaken(
    seed: str, lost: int = 6, roster: tuple[str, ...] = (SQUAD,), ruleset: int = 2
) -> tuple[Wh40kState, list[Event]]:
    """Return (state, events) after the attacker's unit lost models and took the test the
    battle-shock step names for it (ruleset 1: the tests the step rolled as it opened)."""
    state = battle(seed, attacker=roster, ruleset=ruleset)
    state = act(state, "attacker", type="casualties", unit=uid(state, "Squad"), models=lost)
    state, events = act_events(state, "attacker", type="next_phase")
    if ruleset == 1 or state.step != "battle-shock":
        return state, events
    return act_events(state, "attacker", type="shock_test", unit=uid(state, "Squad"))


@checks("wh40k/command-phase-steps")
def test_the_command_phase_runs_command_step_then_battle_shock_step() -> None:
    # The battle opens in the command step; next_phase rolls the battle-shock step and, with
    # nothing left to answer, goes on to the Movement phase.
    state = battle("seed-6")
    assert (state.round, state.active, state.step) == (1, "attacker", "command")
    state, events = act_events(state, "attacker", type="next_phase")
    steps = [e.step for e in of_type(events, "PhaseBegan")]
    assert steps == ["battle-shock", "movement"]
    assert state.step == "movement"


@checks("wh40k/tests-named-before-rolling")
def test_tests_named_before_rolling_hold_the_step_until_next_rolls_them() -> None:
    # The step opens with the units that must test named and no die rolled.
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state, events = act_events(state, "attacker", type="next_phase")
    (due,) = of_type(events, "BattleShockTestsDue")
    assert (due.units, due.names) == ((squad,), ("Squad",))
    assert said(due) == "Battle-shock tests to take: Squad."
    assert said(due, "pt-BR") == "Testes de Choque de Batalha a fazer: Squad."
    assert of_type(events, "BattleShockTestRolled") == [] and state.dice.drawn == 0
    assert state.step == "battle-shock"
    hint = SYSTEM.prompt(state).hint
    assert hint is not None
    for language in ("en", "pt-BR"):
        text = said(hint, language)
        assert "Squad" in text and "`/wh40k stratagem name:insane-bravery unit:`" in text
        assert "`/wh40k shocktest unit:`" in text and "`/wh40k next`" in text
    # next rolls what is still owed and goes on.
    state, events = act_events(state, "attacker", type="next_phase")
    assert [t.units for t in of_type(events, "BattleShockTestRolled")] == [(squad,)]
    assert state.step == "movement" and state.units[squad].shocked


@checks("wh40k/tests-named-before-rolling")
def test_tests_named_before_rolling_can_be_taken_one_by_one() -> None:
    state = battle("seed-3", attacker=(SQUAD, unit("Other", x=5, y=5)))
    squad, other = uid(state, "Squad"), uid(state, "Other")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state = act(state, "attacker", type="casualties", unit=other, models=6)
    state = act(state, "attacker", type="next_phase")
    state, events = act_events(state, "attacker", type="shock_test", unit=other)
    (test,) = of_type(events, "BattleShockTestRolled")
    assert test.units == (other,) and test.cause == "below-half-strength"
    assert "Squad" in said(SYSTEM.prompt(state).hint) and "Other" not in said(
        SYSTEM.prompt(state).hint)
    state, events = act_events(state, "attacker", type="next_phase")
    assert [t.units for t in of_type(events, "BattleShockTestRolled")] == [(squad,)]


@checks("wh40k/command-phase-steps")
def test_a_failed_test_held_the_step_under_ruleset_1() -> None:
    # Battles begun before the change rolled as the step opened and waited on a failure.
    state, events = shaken("seed-3", ruleset=1)
    assert of_type(events, "BattleShockTestRolled")[0].passed is False
    assert state.step == "battle-shock"
    assert SYSTEM.prompt(state).hint == msg("prompt-battle-shock-v1")
    state = act(state, "attacker", type="next_phase")
    assert state.step == "movement"


@checks("wh40k/command-point-gain")
def test_both_players_gain_1_cp_at_the_start_of_every_command_phase() -> None:
    state, events = act_events(battle(start=False), "attacker", type="start_battle")
    assert len(of_type(events, "CommandPointsGained")) == 2
    assert state.cp == {"attacker": 1, "defender": 1}
    state, events = act_events(advance(state, "fight"), "attacker", type="next_phase")
    gains = of_type(events, "CommandPointsGained")
    assert said(gains[0], "pt-BR") == (
        "O Atacante ganha 1 PC (fase de Comando) e agora tem 2 PC."
    )
    assert [(g.side, g.amount, g.source) for g in gains] == [
        ("attacker", 1, term("cp-source", "command-phase")),
        ("defender", 1, term("cp-source", "command-phase")),
    ]
    assert (state.active, state.step) == ("defender", "command")
    assert state.cp == {"attacker": 2, "defender": 2}


@checks("wh40k/cp-cap")
def test_cp_cap_allows_one_extra_cp_per_round_beyond_the_command_phase_gain() -> None:
    # The 1 CP of the Command phase does not count toward the limit.
    state = battle("seed-6")
    assert state.cp["attacker"] == 1
    state, events = act_events(state, "attacker", type="gain_cp", amount=1, source="Oath")
    assert state.cp["attacker"] == 2
    # The rule the player named stays in their own words.
    (gained,) = of_type(events, "CommandPointsGained")
    assert gained.source == "Oath"
    assert said(gained, "pt-BR") == (
        "O Atacante ganha 1 PC (Oath) e agora tem 2 PC."
    )
    violation = refused(state, "attacker", "wh40k/cp-cap", type="gain_cp", amount=1)
    assert violation.reason == msg("refusal-cp-cap", gained=1, limit=1, amount=1)
    assert "already gained 1 this round" in said(violation.reason)
    # The cap is per player, and the opponent's Command phase in the same round resets nothing.
    state = act(state, "defender", type="gain_cp", amount=1)
    state = advance(state, "command", active="defender")
    refused(state, "attacker", "wh40k/cp-cap", type="gain_cp")
    # A new battle round lifts it.
    state = advance(state, "command", active="attacker")
    assert state.round == 2
    state = act(state, "attacker", type="gain_cp")
    assert state.cp["attacker"] == 2 + 2 + 1


@checks("wh40k/cp-cap")
def test_cp_cap_refuses_a_gain_of_two_at_once() -> None:
    refused(battle("seed-6"), "attacker", "wh40k/cp-cap", type="gain_cp", amount=2)


@checks("wh40k/battle-shock-test")
def test_battle_shock_test_fails_on_a_low_roll() -> None:
    # Seed-3 rolls 1+3=4 against Leadership 7+.
    state, events = shaken("seed-3")
    (test,) = of_type(events, "BattleShockTestRolled")
    assert test.dice == (1, 3)
    assert (test.leadership, test.cause, test.passed) == (7, "below-half-strength", False)
    assert said(test) == (
        "Squad takes a Battle-shock test (Below Half-strength): rolled 1 and 3 = 4 against "
        "Leadership 7+, fails and is Battle-shocked."
    )
    assert said(test, "pt-BR") == (
        "Teste de Choque de Batalha de Squad (abaixo da Metade da Força): 1 e 3 = 4 contra "
        "Liderança 7+; falhou, e a unidade fica em Choque de Batalha."
    )
    assert type(test).irreversible
    assert state.units[uid(state, "Squad")].shocked
    assert state.failed_tests == [uid(state, "Squad")]


@checks("wh40k/battle-shock-test")
def test_battle_shock_test_passes_on_a_high_roll() -> None:
    # Seed-6 rolls 6+6.
    state, events = shaken("seed-6")
    (test,) = of_type(events, "BattleShockTestRolled")
    assert test.dice == (6, 6) and test.passed
    assert not state.units[uid(state, "Squad")].shocked


@checks("wh40k/battle-shock-test")
def test_only_units_below_half_strength_test() -> None:
    # 5 of 10 models left is not below half.
    _, events = shaken("seed-3", lost=5)
    assert of_type(events, "BattleShockTestRolled") == []


@checks("wh40k/battle-shock-test")
def test_the_opponents_units_do_not_test_in_your_command_phase() -> None:
    state = battle("seed-3")
    state = act(state, "attacker", type="casualties", unit=uid(state, "Mob"), models=8)
    _, events = act_events(state, "attacker", type="next_phase")
    assert of_type(events, "BattleShockTestRolled") == []


@checks("wh40k/battle-shock-test")
def test_units_in_reserves_do_not_test() -> None:
    # Only units on the battlefield test.
    state = battle("seed-3", attacker=(unit("Squad", reserves=True),))
    state = act(state, "attacker", type="casualties", unit=uid(state, "Squad"), models=8)
    _, events = act_events(state, "attacker", type="next_phase")
    assert of_type(events, "BattleShockTestRolled") == []


@checks("wh40k/battle-shock-test")
def test_best_leadership_of_a_leader_and_bodyguard_is_used() -> None:
    # Seed-2 rolls 4+2=6; the Captain's 6+ passes where 7+ would fail.
    state, events = shaken("seed-2", roster=(CAPTAIN, LED_SQUAD))
    (test,) = of_type(events, "BattleShockTestRolled")
    assert test.dice == (4, 2)
    assert test.leadership == 6 and test.passed
    assert set(test.units) == {uid(state, "Captain"), uid(state, "Squad")}
    _, alone = shaken("seed-2")
    assert of_type(alone, "BattleShockTestRolled")[0].passed is False


@checks("wh40k/battle-shocked")
def test_every_model_of_a_shocked_attached_unit_is_shocked() -> None:
    # Seed-3's 4 fails even Leadership 6+.
    state, _ = shaken("seed-3", roster=(CAPTAIN, LED_SQUAD))
    assert state.units[uid(state, "Captain")].shocked
    assert state.units[uid(state, "Squad")].shocked


@checks("wh40k/battle-shocked")
def test_battle_shock_lasts_until_the_owners_next_command_phase() -> None:
    state, _ = shaken("seed-3")
    squad = uid(state, "Squad")
    state = advance(state, "fight", active="defender")
    assert state.units[squad].shocked
    state, events = act_events(state, "defender", type="next_phase")
    assert (state.round, state.active) == (2, "attacker")
    assert [e.unit for e in of_type(events, "BattleShockEnded")] == [squad]
    assert not state.units[squad].shocked
    # Still below half, it tests again in this Command phase.
    state, events = act_events(state, "attacker", type="next_phase")
    assert of_type(events, "BattleShockTestsDue")[0].units == (squad,)


@checks("wh40k/below-starting-strength-test")
def test_forced_test_below_starting_strength_replaces_the_below_half_test() -> None:
    # One test, for the forced cause.
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state, events = act_events(state, "defender", type="shock_test", unit=squad)
    assert of_type(events, "BattleShockTestRequired")[0].unit == squad
    state = act(state, "attacker", type="next_phase")
    state, events = act_events(state, "attacker", type="next_phase")
    tests = of_type(events, "BattleShockTestRolled")
    assert [t.cause for t in tests] == ["below-starting-strength"]


@checks("wh40k/below-starting-strength-test")
def test_forced_test_catches_a_unit_that_is_not_below_half() -> None:
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=1)
    state = act(state, "attacker", type="shock_test", unit=squad)
    state = act(state, "attacker", type="next_phase")
    state, events = act_events(state, "attacker", type="next_phase")
    (test,) = of_type(events, "BattleShockTestRolled")
    assert test.cause == "below-starting-strength" and not test.passed


@checks("wh40k/below-starting-strength-test")
def test_forced_test_needs_a_unit_under_its_starting_strength() -> None:
    state = battle("seed-3")
    squad, mob = uid(state, "Squad"), uid(state, "Mob")
    refused(state, "attacker", "wh40k/below-starting-strength-test", type="shock_test", unit=squad)
    state = act(state, "attacker", type="casualties", unit=mob, models=1)
    refused(state, "attacker", "wh40k/below-starting-strength-test", type="shock_test", unit=mob)
    state = act(state, "attacker", type="casualties", unit=squad, models=1)
    state = act(state, "attacker", type="shock_test", unit=squad)
    refused(state, "attacker", "wh40k/below-starting-strength-test", type="shock_test", unit=squad)


@checks("wh40k/insane-bravery")
def test_insane_bravery_passes_a_test_before_it_is_rolled() -> None:
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    # Not in the command step: the test is not named yet.
    refused(state, "attacker", "wh40k/stratagem-timing", type="stratagem",
            name="insane-bravery", unit=squad)
    state = act(state, "attacker", type="next_phase")
    state, events = act_events(
        state, "attacker", type="stratagem", name="Insane Bravery", unit=squad
    )
    (passed,) = of_type(events, "BattleShockTestAutoPassed")
    assert passed.units == (squad,)
    assert said(passed) == "Insane Bravery: Squad passes its Battle-shock test without rolling."
    assert said(passed, "pt-BR") == (
        "Insane Bravery: Squad passa no teste de Choque de Batalha sem rolar os dados."
    )
    assert state.cp["attacker"] == 0 and state.dice.drawn == 0
    assert SYSTEM.prompt(state).hint == msg("prompt-battle-shock-done")
    state, events = act_events(state, "attacker", type="next_phase")
    assert of_type(events, "BattleShockTestRolled") == []
    assert state.step == "movement" and not state.units[squad].shocked


@checks("wh40k/insane-bravery")
def test_insane_bravery_is_refused_once_the_test_is_rolled() -> None:
    # The old answer to a failed roll is gone: after the dice it is too late.
    state, _ = shaken("seed-3")
    squad = uid(state, "Squad")
    assert state.units[squad].shocked
    violation = refused(state, "attacker", "wh40k/insane-bravery", type="stratagem",
                        name="insane-bravery", unit=squad)
    assert violation.message == "refusal-no-test-due"


@checks("wh40k/insane-bravery", "wh40k/stratagem-once-per-phase")
def test_insane_bravery_once_per_battle() -> None:
    # Once per battle, even a round later.
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state = act(state, "attacker", type="next_phase")
    state = act(state, "attacker", type="stratagem", name="insane-bravery", unit=squad)
    state = advance(state, "command", active="attacker")
    state = act(state, "attacker", type="next_phase")
    assert state.step == "battle-shock"
    violation = refused(
        state,
        "attacker",
        "wh40k/stratagem-once-per-phase",
        type="stratagem",
        name="insane-bravery",
        unit=squad,
    )
    assert violation.message == "refusal-stratagem-once-per-battle"
    assert said(violation.reason) == "Insane Bravery may be used once per battle."


@checks("wh40k/insane-bravery")
def test_insane_bravery_needs_a_unit_the_step_names() -> None:
    state = battle("seed-3", attacker=(SQUAD, unit("Other", x=5, y=5)))
    state = act(state, "attacker", type="casualties", unit=uid(state, "Squad"), models=6)
    state = act(state, "attacker", type="next_phase")
    violation = refused(
        state,
        "attacker",
        "wh40k/insane-bravery",
        type="stratagem",
        name="insane-bravery",
        unit=uid(state, "Other"),
    )
    assert "Insane Bravery is used in your battle-shock step" in said(violation.reason)
    refused(state, "attacker", "wh40k/stratagem-target", type="stratagem", name="insane-bravery")


@checks("wh40k/insane-bravery")
def test_insane_bravery_overturned_a_failed_test_under_ruleset_1() -> None:
    state, _ = shaken("seed-3", roster=(SQUAD, unit("Other", x=5, y=5)), ruleset=1)
    squad = uid(state, "Squad")
    violation = refused(state, "attacker", "wh40k/insane-bravery", type="stratagem",
                        name="insane-bravery", unit=uid(state, "Other"))
    assert violation.message == "refusal-no-failed-test"
    state, events = act_events(
        state, "attacker", type="stratagem", name="Insane Bravery", unit=squad
    )
    assert of_type(events, "BattleShockTestOverturned")[0].units == (squad,)
    assert not state.units[squad].shocked
    assert state.cp["attacker"] == 0
    assert state.failed_tests == []


@checks("wh40k/command-re-roll", "wh40k/shocked-no-stratagems")
def test_command_re_roll_does_not_re_roll_a_battle_shock_test() -> None:
    # Seed-1 fails 2+3; the unit is now Battle-shocked, so no Stratagem of its owner targets
    # it, Command Re-roll included, and nothing is rolled again.
    state, events = shaken("seed-1")
    assert of_type(events, "BattleShockTestRolled")[0].dice == (2, 3)
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="gain_cp")
    violation = refused(state, "attacker", "wh40k/shocked-no-stratagems", type="stratagem",
                        name="command-re-roll", unit=squad)
    assert said(violation.reason) == "Squad is Battle-shocked: you cannot use Stratagems on it."
    assert not any(a.type == "stratagem" and a.unit == squad
                   for a in SYSTEM.legal_actions(state, "attacker"))
    # Used without a unit it only records the CP: the re-rolled roll is made at the table.
    state, events = act_events(state, "attacker", type="stratagem", name="command-re-roll")
    assert of_type(events, "BattleShockTestRolled") == []
    assert state.units[squad].shocked


@checks("wh40k/command-re-roll")
def test_command_re_roll_rerolled_a_failed_test_under_ruleset_1() -> None:
    # Seed-1 fails 2+3, then the re-roll 2+6 passes.
    state, events = shaken("seed-1", ruleset=1)
    assert of_type(events, "BattleShockTestRolled")[0].dice == (2, 3)
    squad = uid(state, "Squad")
    state, events = act_events(
        state, "attacker", type="stratagem", name="command-re-roll", unit=squad
    )
    (again,) = of_type(events, "BattleShockTestRolled")
    assert (again.cause, again.dice, again.passed) == ("re-roll", (2, 6), True)
    assert not state.units[squad].shocked and state.failed_tests == []


@checks("wh40k/desperate-escape")
def test_desperate_escape_for_a_shocked_unit_falling_back() -> None:
    # Seed-3 fails the test, then rolls 2, 2, 1, 3 for 4 models.
    state, _ = shaken("seed-3")
    squad = uid(state, "Squad")
    state = advance(state, "movement")
    state, events = act_events(state, "attacker", type="fall_back", unit=squad, x=20, y=15)
    (escape,) = of_type(events, "DesperateEscapeRolled")
    assert escape.dice == (2, 2, 1, 3)
    assert escape.lost == 3 == sum(1 for d in escape.dice if d <= 2)
    assert type(escape).irreversible
    assert of_type(events, "ModelsDestroyed")[0].models == 3
    assert state.units[squad].models == 1
    assert state.units[squad].position is not None and state.units[squad].position.y == 15


@checks("wh40k/desperate-escape")
def test_falling_back_without_battle_shock_rolls_nothing() -> None:
    state = advance(battle("seed-3"), "movement")
    state, events = act_events(state, "attacker", type="fall_back", unit=uid(state, "Squad"))
    assert of_type(events, "DesperateEscapeRolled") == []
    assert state.dice.drawn == 0


@checks("wh40k/desperate-escape")
def test_desperate_escape_takes_bodyguard_models_first_unless_told_otherwise() -> None:
    # 4 squad models + the Captain roll 2, 2, 1, 3, 6: three lost.
    state, _ = shaken("seed-3", roster=(CAPTAIN, LED_SQUAD))
    state = advance(state, "movement")
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    after, _ = act_events(state, "attacker", type="fall_back", unit=squad)
    assert (after.units[squad].models, after.units[captain].models) == (1, 1)
    after, events = act_events(state, "attacker", type="fall_back", unit=squad, first="leader")
    assert (after.units[squad].models, after.units[captain].models) == (2, 0)
    (gone,) = of_type(events, "UnitDestroyed")
    assert (gone.unit, gone.attached_to) == (captain, squad)


@checks("wh40k/fall-back")
def test_fall_back_only_in_your_movement_phase() -> None:
    state = battle("seed-6")
    refused(state, "attacker", "wh40k/fall-back", type="fall_back", unit=uid(state, "Squad"))
    moving = advance(state, "movement")
    refused(moving, "defender", "core/not-your-turn", type="fall_back", unit=uid(state, "Mob"))
    refused(moving, "attacker", "wh40k/own-units", type="fall_back", unit=uid(state, "Mob"))
