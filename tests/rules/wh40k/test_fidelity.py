"""Rules a 40k player asked us to play as published: demanded tests, the referee's
Battle-shock, the Command phase's order, a second Leader, the first turn, and battles
begun under the earlier rules."""

from __future__ import annotations

from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import RULESET, best_leadership, label, starting_strength
from tests.rules.wh40k.kit import (
    SCENARIO,
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

CAPTAIN = unit("Captain", models=1, wounds=5, leadership=6, oc=1,
               keywords=("Infantry", "Character"), key="cpt", leads="sq")
LIEUTENANT = unit("Lieutenant", models=1, wounds=4, leadership=5, oc=1,
                  keywords=("Infantry", "Character"), key="lt", leads="sq")
ROOMY_SQUAD = unit("Squad", models=5, key="sq", x=20, y=22, leaders=2)


@checks("wh40k/command-point-gain", "wh40k/battle-shocked")
def test_command_point_gain_comes_before_expiring_battle_shock_ends() -> None:
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state = act(state, "attacker", type="next_phase")
    state = act(state, "attacker", type="next_phase")
    assert state.units[squad].shocked
    state = advance(state, "fight", active="defender")
    state, events = act_events(state, "defender", type="next_phase")
    kinds = [e.type for e in events]
    assert kinds.index("CommandPointsGained") < kinds.index("BattleShockEnded")
    assert not state.units[squad].shocked
    # A battle begun under the earlier rules replays in its own order.
    old = battle("seed-3", ruleset=1)
    old = act(old, "attacker", type="casualties", unit=squad, models=6)
    old = act(old, "attacker", type="next_phase")
    assert old.units[squad].shocked
    old = advance(old, "fight", active="defender")
    old, events = act_events(old, "defender", type="next_phase")
    kinds = [e.type for e in events]
    assert kinds.index("BattleShockEnded") < kinds.index("CommandPointsGained")


@checks("wh40k/demanded-test")
def test_demanded_test_is_rolled_at_once_in_any_phase_with_its_reason() -> None:
    # Seed-3 rolls 1+3 against 7+: a failure, Battle-shocked until the owner's next
    # Command phase.
    state = advance(battle("seed-3"), "shooting")
    mob = uid(state, "Mob")
    state, events = act_events(state, "attacker", type="shock_test", unit=mob,
                               reason="Plague mortar")
    (test,) = of_type(events, "BattleShockTestRolled")
    assert (test.cause, test.reason, test.passed, test.units) == (
        "demanded", "Plague mortar", False, (mob,))
    assert said(test) == (
        "Mob takes a Battle-shock test (demanded by a rule: Plague mortar): rolled 1 and 3 = 4 "
        "against Leadership 7+, fails and is Battle-shocked."
    )
    assert "exigido por uma regra: Plague mortar" in said(test, "pt-BR")
    assert state.units[mob].shocked and state.step == "shooting"
    # An enemy's demand is a report the unit's owner must agree to.
    assert SYSTEM.agreement_from(state, SYSTEM.parse_action(
        {"type": "shocktest", "seat": "attacker", "unit": mob})) == "defender"
    state = advance(state, "command", active="defender")
    assert not state.units[mob].shocked


@checks("wh40k/demanded-test")
def test_demanded_test_pass_does_not_lift_battle_shock_and_needs_the_battlefield() -> None:
    # Seed-6 rolls 6+6: a pass leaves an already Battle-shocked unit as it was.
    state = advance(battle("seed-6"), "movement")
    squad = uid(state, "Squad")
    state = act(state, "referee", type="adjust_shock", unit=squad, shocked=True)
    state, events = act_events(state, "attacker", type="shock_test", unit=squad)
    assert of_type(events, "BattleShockTestRolled")[0].passed
    assert state.units[squad].shocked
    reserve = battle(attacker=(SQUAD, unit("Deep", reserves=True)))
    reserve = advance(reserve, "movement")
    refused(reserve, "attacker", "wh40k/demanded-test", type="shock_test",
            unit=uid(reserve, "Deep"))


@checks("wh40k/referee-battle-shock")
def test_referee_battle_shock_sets_and_clears_a_whole_attached_unit() -> None:
    state = advance(battle(attacker=(CAPTAIN, unit("Squad", key="sq", x=20, y=22))),
                    "charge")
    squad, captain = uid(state, "Squad"), uid(state, "Captain")
    assert "adjust_shock" in SYSTEM.referee_actions  # the bot lets only a referee send it
    state, events = act_events(state, "referee", type="adjustshock", unit="Squad",
                               shocked=True)
    (told,) = of_type(events, "BattleShockSet")
    assert told.units == (captain, squad) and told.shocked
    assert said(told) == "The referee makes Captain + Squad Battle-shocked."
    assert said(told, "pt-BR") == "O árbitro põe Captain + Squad em Choque de Batalha."
    assert state.units[squad].shocked and state.units[captain].shocked
    state, events = act_events(state, "referee", type="adjust_shock", unit=captain,
                               shocked=False)
    assert said(of_type(events, "BattleShockSet")[0]) == (
        "The referee clears Battle-shock from Captain + Squad."
    )
    assert not state.units[squad].shocked and not state.units[captain].shocked


@checks("wh40k/second-leader", "wh40k/leader")
def test_second_leader_joins_a_unit_whose_roster_allows_two() -> None:
    state = battle(attacker=(CAPTAIN, LIEUTENANT, ROOMY_SQUAD), start=False)
    squad, captain, lt = (uid(state, n) for n in ("Squad", "Captain", "Lieutenant"))
    group = SYSTEM.position(state, "attacker")["derived"]["units"][squad]["attached"]
    assert group == [captain, lt, squad]
    assert starting_strength(state, state.units[squad]) == 7
    assert label(state, state.units[squad]) == "Captain + Lieutenant + Squad"
    assert best_leadership(state, state.units[squad]) == 5
    # Detached, the Lieutenant may join again; a third Leader may not.
    state = act(state, "attacker", type="detach", leader=lt)
    state = act(state, "attacker", type="attach", leader=lt, bodyguard=squad)
    state = act(state, "attacker", type="add_unit", name="Chaplain", models=1, wounds=4,
                leadership=5, oc=1, keywords="Infantry, Character")
    violation = refused(state, "attacker", "wh40k/leader", type="attach",
                        leader=uid(state, "Chaplain"), bodyguard=squad)
    assert said(violation.reason) == (
        "Squad is already led by Captain + Lieutenant and may take 2 Leaders."
    )


@checks("wh40k/second-leader")
def test_second_leader_is_refused_where_the_roster_allows_one() -> None:
    plain = unit("Squad", models=5, key="sq", x=20, y=22)
    state = battle(attacker=(CAPTAIN, plain, unit("Lieutenant", models=1, wounds=4,
                                                  keywords=("Infantry", "Character"))),
                   start=False)
    refused(state, "attacker", "wh40k/leader", type="attach",
            leader=uid(state, "Lieutenant"), bodyguard=uid(state, "Squad"))
    violation = refused(SYSTEM.new_game(SCENARIO, "x"), "attacker", "wh40k/leader",
                        type="roster", text=CAPTAIN + LIEUTENANT + plain)
    assert "more Leaders than it may take (1)" in said(violation.reason)


@checks("wh40k/second-leader", "wh40k/attached-starting-strength", "wh40k/battle-shocked")
def test_second_leader_counts_in_losses_tests_and_survival() -> None:
    # Seed-3 fails the test: every part of the attached unit is Battle-shocked.
    state = battle("seed-3", attacker=(CAPTAIN, LIEUTENANT, ROOMY_SQUAD))
    squad, captain, lt = (uid(state, n) for n in ("Squad", "Captain", "Lieutenant"))
    state = act(state, "attacker", type="casualties", unit=squad, models=4)  # 3 of 7 left
    state, events = act_events(state, "attacker", type="next_phase")
    assert of_type(events, "BattleShockTestsDue")[0].units == (squad,)
    state, events = act_events(state, "attacker", type="next_phase")
    (test,) = of_type(events, "BattleShockTestRolled")
    assert test.units == (captain, lt, squad) and test.leadership == 5
    assert all(state.units[i].shocked for i in (captain, lt, squad))
    # The Captain falls: the Lieutenant stays attached to the Squad.
    state, events = act_events(state, "defender", type="casualties", unit=captain, models=1)
    (gone,) = of_type(events, "UnitDestroyed")
    assert gone.attached_to == f"{lt} + {squad}"
    (change,) = of_type(events, "StartingStrengthChanged")
    assert (change.unit, change.name, change.was, change.now) == (
        squad, "Lieutenant + Squad", 7, 6)
    assert state.units[lt].leads == squad
    # The Squad falls: the Lieutenant goes on alone, with its own Starting Strength.
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=1)
    assert state.units[lt].leads is None and not state.units[lt].destroyed
    (change,) = of_type(events, "StartingStrengthChanged")
    assert (change.unit, change.was, change.now) == (lt, 6, 1)


@checks("wh40k/second-leader")
def test_second_leader_bodyguard_destroyed_leaves_each_leader_alone() -> None:
    state = battle(attacker=(CAPTAIN, LIEUTENANT, ROOMY_SQUAD))
    squad, captain, lt = (uid(state, n) for n in ("Squad", "Captain", "Lieutenant"))
    state, events = act_events(state, "defender", type="casualties", unit=squad, models=5)
    assert of_type(events, "UnitDestroyed")[0].attached_to == f"{captain} + {lt}"
    assert [(e.unit, e.now) for e in of_type(events, "StartingStrengthChanged")] == [
        (captain, 1), (lt, 1)]
    assert state.units[captain].leads is None and state.units[lt].leads is None


@checks("wh40k/first-turn")
def test_first_turn_defaults_to_the_scenarios_first_player_without_a_roll_off() -> None:
    state = battle(start=False)
    started, events = act_events(state, "attacker", type="start_battle")
    assert started.first == "attacker" and of_type(events, "RollOff") == []
    assert started.dice.drawn == 0
    named = act(state, "attacker", type="start_battle", first="defender")
    assert named.first == named.active == "defender"
    rolled, events = act_events(state, "attacker", type="start_battle", first="roll-off")
    assert of_type(events, "RollOff")[0].winner == rolled.first
    for language in ("en", "pt-BR"):
        assert "`first:`" in said(__import__("rules.core.text", fromlist=["msg"]).msg(
            "command-wh40k-start"), language)


@checks("wh40k/earlier-rules-kept")
def test_earlier_rules_kept_for_games_stamped_by_older_engines() -> None:
    assert SYSTEM.new_game(SCENARIO, "x").ruleset == RULESET == 4
    assert SYSTEM.replay_start(SCENARIO, "x", "wh40k-3").ruleset == 2
    assert SYSTEM.replay_start(SCENARIO, "x", "wh40k-4").ruleset == 3
    assert SYSTEM.replay_start(SCENARIO, "x", "").ruleset == 4
    for stamp in ("wh40k-wh40k/1", "wh40k-2"):
        assert SYSTEM.replay_start(SCENARIO, "x", stamp).ruleset == 1
    # A stored state without the field is a battle begun before the change.
    stored = SYSTEM.new_game(SCENARIO, "x").model_dump(mode="json")
    del stored["ruleset"]
    assert SYSTEM.load_state(stored).ruleset == 1
