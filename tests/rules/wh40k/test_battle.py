"""The battle around the Command phase: setup, rounds, scoring, outcome and the system surface."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.core.board import TabletopView
from rules.core.engine import Engine, sort_key
from rules.core.errors import RuleViolation
from rules.core.references import all_rules
from rules.core.system import system
from rules.core.text import Msg, msg, term
from rules.wh40k.actions import EVENTS, NextPhase, UseStratagem
from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import Wh40kState
from tests.rules.wh40k.kit import (
    SCENARIO,
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


def finish(state: Wh40kState) -> tuple[Wh40kState, list]:
    """Press next_phase to the end of the battle, returning every event on the way."""
    events: list = []
    while state.step != "over":
        state, more = act_events(state, state.active, type="next_phase")
        events += more
    return state, events


def test_every_wh40k_rule_is_named_by_a_test_of_this_folder() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    ours = [r for r in all_rules().values() if r.system == "wh40k"]
    assert [r.id for r in ours if f'"{r.id}"' not in text] == []
    seed_rules = [r for r in ours if r.source == "seed"]
    assert len(seed_rules) == 14
    assert {r.origin for r in seed_rules} == {"wh40k-command-phase"}


def test_the_system_is_registered_on_the_engine_skeleton() -> None:
    assert isinstance(SYSTEM, Engine)
    assert system("wh40k") is SYSTEM
    assert (SYSTEM.version, SYSTEM.command_group) == ("5", "wh40k")
    assert [s.id for s in SYSTEM.scenarios()][0] == "take-and-hold"  # a league's default
    assert SYSTEM.scenarios()[0].seats == ("attacker", "defender")


def test_new_game_loads_the_scenario_and_both_sample_armies() -> None:
    state = SYSTEM.new_game(SCENARIO, "x")
    assert state.step == "setup" and state.round == 0
    sides = {u.side for u in state.units.values()}
    assert sides == {"attacker", "defender"}
    captain = state.units[uid(state, "Captain")]
    assert state.units[captain.leads or ""].name == "Intercessor Squad"
    assert len(SYSTEM.board(state, None).objectives) == 5
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.new_game("no-such-mission", "x")
    assert caught.value.rule_id == "core/bad-input"


@checks("wh40k/battle-rounds")
def test_five_rounds_of_five_phases_then_the_battle_ends() -> None:
    state, events = finish(battle("seed-6"))
    began = of_type(events, "PhaseBegan")
    commands = [(e.round, e.seat) for e in began if e.step == "command"]
    assert commands[0] == (1, "defender") and commands[-1] == (5, "defender")
    assert len(commands) == 9  # plus the attacker's round-1 phase opened by start_battle
    turn = [e.step for e in began[:7]]
    assert turn == [
        "battle-shock",
        "movement",
        "shooting",
        "charge",
        "fight",
        "command",
        "battle-shock",
    ]
    assert of_type(events, "BattleEnded")[0].winner is None
    assert SYSTEM.prompt(state).seat is None


@checks("wh40k/victory-points")
def test_the_higher_vp_total_wins_after_round_5() -> None:
    state = battle("seed-6", ruleset=3)  # round 1 primary: before the missions' timing
    state = act(state, "attacker", type="score", primary=10, secondary=3)
    state = advance(advance(state, "movement"), "command", active="attacker")
    state = act(state, "attacker", type="score", primary=5)
    state = act(state, "defender", type="score", secondary=4)
    assert [(r.round, r.primary, r.secondary) for r in state.scores["attacker"]] == [
        (1, 10, 3),
        (2, 5, 0),
    ]
    assert SYSTEM.outcome(state) is None
    state, events = finish(state)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "attacker"
    assert outcome.reason == msg(
        "outcome-won", seat=term("seat", "attacker"), rounds=5, attacker_vp=18, defender_vp=4
    )
    assert said(outcome.reason) == "Attacker won after 5 battle rounds, 18 VP to 4 VP"
    ended = of_type(events, "BattleEnded")[0]
    assert (ended.attacker_vp, ended.defender_vp, ended.reason) == (18, 4, outcome.reason)
    panel = [said(line.text) for line in SYSTEM.board(state, None).panel.lines]
    assert panel[0] == "Battle over: Attacker won after 5 battle rounds, 18 VP to 4 VP"
    assert panel[1] == "Attacker: 10 CP, 18 VP (primary 15, secondary 3)"
    assert said(panel_line := SYSTEM.board(state, None).panel.lines[0].text, "pt-BR") == (
        "Fim da batalha: o Atacante venceu após 5 rodadas de batalha, por 18 PV a 4 PV"
    ), panel_line


@checks("wh40k/victory-points")
def test_equal_totals_are_a_draw() -> None:
    state = battle("seed-6", ruleset=3)
    state = act(state, "attacker", type="score", primary=5)
    state = act(state, "defender", type="score", primary=5)
    outcome = SYSTEM.outcome(finish(state)[0])
    assert outcome is not None and outcome.winner is None
    assert isinstance(outcome.reason, Msg) and outcome.reason.key == "outcome-draw"
    assert said(outcome.reason) == "a draw after 5 battle rounds, 5 VP to 5 VP"


@checks("wh40k/victory-points")
def test_victory_point_caps_and_corrections() -> None:
    state = battle(ruleset=2)  # before per-round limits: totals reach the caps in one report
    state = act(state, "attacker", type="score", primary=40, secondary=30)
    refused(state, "attacker", "wh40k/victory-points", type="score", primary=11)
    refused(state, "attacker", "wh40k/victory-points", type="score", secondary=11)
    refused(state, "defender", "wh40k/victory-points", type="score", primary=-1)
    state = act(state, "attacker", type="score", primary=-5)
    assert state.scores["attacker"][0].primary == 35
    refused(state, "attacker", "core/bad-input", type="score")


def test_conceding_ends_the_battle() -> None:
    state, events = act_events(battle(), "defender", type="concede")
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "attacker"
    assert outcome.reason == msg("outcome-conceded", seat=term("seat", "defender"))
    assert of_type(events, "Conceded")[0].side == "defender"
    (ended,) = of_type(events, "BattleEnded")
    assert said(ended) == "The battle is over: Defender conceded."


@checks("core/game-over")
def test_a_finished_battle_takes_no_more_actions() -> None:
    state = act(battle(), "defender", type="concede")
    refused(state, "attacker", "core/game-over", type="next_phase")
    refused(state, "attacker", "core/game-over", type="score", primary=1)
    assert SYSTEM.legal_actions(state, "attacker") == []


@checks("core/not-your-turn")
def test_only_the_active_player_moves_the_game_on() -> None:
    state = battle()
    refused(state, "defender", "core/not-your-turn", type="next_phase")
    refused(state, "", "core/not-your-turn", type="score", primary=1)
    assert "next_phase" not in SYSTEM.out_of_turn_actions
    assert "fall_back" not in SYSTEM.out_of_turn_actions


@checks("core/wrong-step")
def test_actions_belong_to_their_step() -> None:
    setup = battle(start=False)
    refused(setup, "attacker", "core/wrong-step", type="next_phase")
    refused(
        setup, "attacker", "core/wrong-step", type="casualties", unit=uid(setup, "Squad"), models=1
    )
    started = act(setup, "attacker", type="start_battle")
    refused(
        started,
        "attacker",
        "core/wrong-step",
        type="add_unit",
        name="Late",
        models=1,
        wounds=1,
        leadership=7,
        oc=1,
    )
    refused(started, "attacker", "core/wrong-step", type="start_battle")


def test_setup_builds_and_edits_an_army() -> None:
    state = battle(start=False)
    state, events = act_events(
        state,
        "attacker",
        type="add_unit",
        name="Captain",
        models="1",
        wounds=5,
        leadership="6+",
        oc=1,
        keywords="Infantry, Character",
        x='12"',
        y=8,
    )
    (added,) = of_type(events, "UnitAdded")
    captain = state.units[added.unit]
    assert (captain.leadership, captain.keywords) == (6, ("INFANTRY", "CHARACTER"))
    assert captain.position is not None and captain.position.x == 12
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="attach", leader=captain.id, bodyguard=squad)
    assert state.units[captain.id].leads == squad
    state, events = act_events(state, "attacker", type="edit_unit", unit=squad, reserves=True,
                               oc=3)
    (edited,) = of_type(events, "UnitEdited")
    assert said(edited, "pt-BR") == f"Alterações em {squad} Squad: CO e Reservas."
    assert state.units[captain.id].reserves and state.units[squad].reserves
    state = act(state, "attacker", type="detach", leader=captain.id)
    state, events = act_events(state, "attacker", type="remove_unit", unit="Captain")
    assert captain.id not in state.units
    refused(state, "attacker", "core/bad-input", type="edit_unit", unit=squad)
    refused(state, "defender", "wh40k/own-units", type="edit_unit", unit=squad, oc=3)


@checks("wh40k/leader")
def test_leaders_join_one_bodyguard_before_the_battle() -> None:
    state = battle(
        attacker=(
            unit("Captain", models=1, keywords=("Character",), x=1, y=1),
            unit("Chaplain", models=1, keywords=("Character",), x=1, y=1),
            unit("Squad", x=20, y=22),
        ),
        start=False,
    )
    captain, chaplain, squad = (uid(state, n) for n in ("Captain", "Chaplain", "Squad"))
    refused(state, "attacker", "wh40k/leader", type="attach", leader=squad, bodyguard=captain)
    refused(state, "attacker", "wh40k/leader", type="attach", leader=captain, bodyguard=chaplain)
    refused(state, "attacker", "wh40k/leader", type="detach", leader=captain)
    state = act(state, "attacker", type="attach", leader=captain, bodyguard=squad)
    refused(state, "attacker", "wh40k/leader", type="attach", leader=chaplain, bodyguard=squad)
    refused(state, "attacker", "wh40k/leader", type="attach", leader=captain, bodyguard=squad)
    refused(state, "attacker", "wh40k/leader", type="edit_unit", unit=captain, keywords="Infantry")
    refused(state, "attacker", "wh40k/leader", type="edit_unit", unit=squad, keywords="Character")
    refused(state, "defender", "wh40k/own-units", type="attach", leader=captain, bodyguard=squad)


@checks("wh40k/leader", "core/bad-input", "wh40k/on-the-table")
def test_roster_files_are_read_and_checked() -> None:
    state = battle(start=False)
    text = unit("Warboss", models=1, keywords=("Character",), key="b", leads="m") + unit(
        "Boyz", key="m", x=30, y=40
    )
    state, events = act_events(state, "defender", type="roster", text=text)
    boss = state.units[uid(state, "Warboss")]
    assert boss.leads == uid(state, "Boyz")
    assert of_type(events, "RosterLoaded")[0].units == (boss.id, uid(state, "Boyz"))
    bad = refused(state, "defender", "core/bad-input", type="roster", text="[[unit]]\nname = 3")
    assert bad.reason.key == "refusal-roster-entry"
    assert said(bad.reason) == "Unit 1 of the roster has a bad entry: `name` must be text."
    bad = refused(state, "defender", "core/bad-input", type="roster", text="not = [toml")
    assert bad.reason == msg("refusal-roster-syntax", line=1, column=8)
    assert said(bad.reason, "pt-BR") == "A lista não é um TOML válido (linha 1, coluna 8)."
    twice = unit("Boss", key="b") + unit("Boyz", key="b")
    bad = refused(state, "defender", "core/bad-input", type="roster", text=twice)
    assert said(bad.reason) == "The roster has a bad entry: Two units share the key b."
    lost = unit("Boss", leads="x") + unit("Boyz", key="b")
    bad = refused(state, "defender", "core/bad-input", type="roster", text=lost)
    assert bad.reason.args["problem"] == msg("input-roster-unknown-leads", field="", name="Boss",
                                             leads="x")
    refused(
        state,
        "defender",
        "wh40k/leader",
        type="roster",
        text=unit("Boss", leads="m") + unit("Boyz", key="m"),
    )
    refused(state, "defender", "wh40k/on-the-table", type="roster", text=unit("Boyz", x=70, y=1))


@checks("core/bad-input")
def test_a_roster_is_stored_as_units_not_as_the_file() -> None:
    text = unit("Warboss", models=1, keywords=("Character",), key="b", leads="m") + unit(
        "Boyz", key="m", x=30, y=40
    )
    parsed = SYSTEM.parse_action({"type": "roster", "seat": "defender", "text": text})
    stored = parsed.model_dump(mode="json")
    assert "text" not in stored
    assert [u["name"] for u in stored["units"]] == ["Warboss", "Boyz"]
    # The stored form reads back to the same action, so a replay never parses a file.
    assert SYSTEM.parse_action(stored) == parsed


@checks("core/bad-input")
def test_hostile_roster_files_are_refused_as_bad_input() -> None:
    state = battle(start=False)
    bombs = {
        "a" + ".a" * 24_000 + " = 1\n": msg("refusal-roster-too-large", chars=48006,
                                             limit=16384),
        "a" + ".a" * 5_000 + " = 1\n": msg("refusal-roster-line-too-dotted", line=1, limit=8),
        "a = " + "[" * 5_000 + "]" * 5_000: msg("refusal-roster-too-deep"),
        "a = [" + "1," * 3_000 + "]": msg("refusal-roster-too-many-items", limit=2000),
        "#\n" * 1_001: msg("refusal-roster-too-many-lines", lines=1001, limit=1000),
        "#" * 70_000: msg("refusal-roster-too-large", chars=70_000, limit=16384),
    }
    for text, reason in bombs.items():
        with pytest.raises(RuleViolation) as caught:
            SYSTEM.parse_action({"type": "roster", "seat": "defender", "text": text})
        assert (caught.value.rule_id, caught.value.reason) == ("core/bad-input", reason)
        said(caught.value.reason, "pt-BR")
    refused(state, "defender", "core/bad-input", type="roster", text="a" + ".a" * 100 + " = 1")


@checks("wh40k/armies-ready")
def test_the_battle_needs_both_armies() -> None:
    state = battle(start=False)
    state = act(state, "defender", type="remove_unit", unit=uid(state, "Mob"))
    refused(state, "attacker", "wh40k/armies-ready", type="start_battle")


def test_a_roll_off_can_decide_the_first_turn() -> None:
    state, events = act_events(
        battle("seed-0", start=False), "defender", type="start_battle", first="Roll-off"
    )
    (roll,) = of_type(events, "RollOff")
    assert (roll.attacker, roll.defender, roll.winner) == ((2,), (5,), "defender")
    assert said(roll) == (
        "Roll-off for the first turn: Attacker rolled 2, Defender 5; Defender goes first."
    )
    assert type(roll).irreversible
    assert (state.first, state.active) == ("defender", "defender")
    chosen = act(battle(start=False), "attacker", type="start_battle", first="defender")
    assert chosen.active == "defender"


def test_parse_action_reads_loose_command_options() -> None:
    assert SYSTEM.parse_action({"type": "Next Phase"}) == NextPhase()
    parsed = SYSTEM.parse_action({"type": "stratagem", "name": "Insane Bravery", "unit": " u2 "})
    assert parsed == UseStratagem(name="insane-bravery", unit="U2")
    assert SYSTEM.parse_action({"type": "place", "unit": "U1", "x": "12in", "y": 3}).type == "move"
    # The command names players type are action types too.
    assert SYSTEM.parse_action({"type": "gaincp"}).type == "gain_cp"
    assert SYSTEM.parse_action({"type": "shocktest", "unit": "U1"}).type == "shock_test"
    with pytest.raises(ValidationError):
        SYSTEM.parse_action({"type": "no_such_thing", "seat": "attacker"})
    with pytest.raises(ValidationError):
        SYSTEM.parse_action({"type": "casualties", "unit": "U1", "models": -1})
    with pytest.raises(ValidationError):
        SYSTEM.parse_action({"type": "next_phase", "extra": 1})


def test_state_actions_and_events_round_trip_through_json() -> None:
    state = battle("seed-3")
    squad = uid(state, "Squad")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state, events = act_events(state, "attacker", type="next_phase")
    dumped = json.loads(json.dumps(state.model_dump(mode="json")))
    assert SYSTEM.load_state(dumped) == state
    for event in events:
        assert EVENTS.validate_python(event.model_dump(mode="json")) == event
    for action in SYSTEM.legal_actions(state, "attacker"):
        assert SYSTEM.parse_action(action.model_dump(mode="json")) == action


@checks("core/bad-input")
def test_a_refusal_leaves_the_input_unchanged_and_apply_never_mutates_it() -> None:
    state = battle("seed-3")
    before = state.model_dump(mode="json")
    refused(state, "attacker", "core/bad-input", type="casualties", unit="Nobody", models=1)
    new, _ = act_events(state, "attacker", type="casualties", unit=uid(state, "Squad"), models=6)
    new, _ = act_events(new, "attacker", type="next_phase")  # names the test
    new, _ = act_events(new, "attacker", type="next_phase")  # rolls it
    assert state.model_dump(mode="json") == before
    assert new.dice.drawn == 2 and state.dice.drawn == 0


def test_states_stored_by_version_1_load_without_the_engine_stamp() -> None:
    state = battle()
    stored = {**state.model_dump(mode="json"), "engine": "wh40k/1"}
    assert SYSTEM.load_state(stored) == state
    assert "engine" not in state.model_dump()


def test_the_position_shows_everything_but_the_dice_seed() -> None:
    state = battle("a-secret-seed")
    for seat in ("attacker", "defender", None):
        view = SYSTEM.view(state, seat)
        assert "a-secret-seed" not in json.dumps(view.model_dump(mode="json"))
        assert "dice" not in view.position and view.private == ()
        assert view.position["cp"] == {"attacker": 1, "defender": 1}
        assert view.position["derived"]["vp"] == {"attacker": 0, "defender": 0}


def test_board_shows_the_table_objectives_units_and_panel() -> None:
    state = SYSTEM.new_game(SCENARIO, "x")
    assert len(SYSTEM.board(state, None).features) == 2  # deployment zones while armies deploy
    state = act(state, "attacker", type="start_battle")
    view = SYSTEM.board(state, None)
    assert isinstance(view, TabletopView)
    assert (view.width, view.height) == (60, 44)
    assert [o.label for o in view.objectives] == ["O1", "O2", "O3", "O4", "O5"]
    assert set(view.sides) == {"attacker", "defender"}
    assert {u.side for u in view.units} == {"attacker", "defender"}
    assert view.features == ()
    assert said(view.panel.title) == "Warhammer 40,000: Take and Hold"
    text = [said(line.text) for line in view.panel.lines]
    assert text[:4] == [
        "Battle round 1 of 5",
        "Attacker's turn: Command step",
        "Attacker: 1 CP, 0 VP (primary 0, secondary 0)",
        "Defender: 1 CP, 0 VP (primary 0, secondary 0)",
    ]
    assert text[4:] == ["Mission: Take and Hold", "Reserves: U6 Terminator Squad",
                        "Reserves: U12 Kommandos"]
    pt = [said(line.text, "pt-BR") for line in view.panel.lines]
    assert pt[:2] == ["Rodada de batalha 1 de 5", "Vez do Atacante: passo de Comando"]


def test_suggest_completes_units_leaders_bodyguards_and_stratagems() -> None:
    state = SYSTEM.new_game(SCENARIO, "x")
    units = SYSTEM.suggest(state, "attacker", "unit", "inter")
    assert [v for _, v in units] == [
        uid(state, "Intercessor Squad"),
        uid(state, "Assault Intercessors"),
    ]
    squad = uid(state, "Intercessor Squad")
    assert said(units[0][0]) == f"{squad} Intercessor Squad (Attacker, 5/5)"
    ((boss, boss_id),) = SYSTEM.suggest(state, "defender", "leader", "")
    assert boss_id == uid(state, "Warboss")
    assert said(boss) == f"{boss_id} Warboss (Defender, 1/1)"
    assert said(boss, "pt-BR") == f"{boss_id} Warboss (Defensor, 1/1)"
    bodyguards = [v for _, v in SYSTEM.suggest(state, "attacker", "bodyguard", "")]
    assert uid(state, "Intercessor Squad") not in bodyguards  # it already has its Captain
    assert uid(state, "Terminator Squad") in bodyguards
    ((brave, brave_id),) = SYSTEM.suggest(state, None, "stratagem", "Insane brav")
    assert (said(brave), brave_id) == ("Insane Bravery (1 CP)", "insane-bravery")
    assert len(SYSTEM.suggest(state, None, "stratagem", "")) == 11
    assert SYSTEM.suggest(state, None, "colour", "") == []


def test_legal_actions_sort_unit_numbers_by_size() -> None:
    state = act(SYSTEM.new_game(SCENARIO, "x"), "attacker", type="start_battle")
    hits = [
        a.unit
        for a in SYSTEM.legal_actions(state, "attacker")
        if a.type == "casualties" and a.models == 1
    ]
    assert hits[:3] == ["U1", "U2", "U3"] and hits[-3:] == ["U10", "U11", "U12"]


def test_prompt_names_the_seat_and_step() -> None:
    state = SYSTEM.new_game(SCENARIO, "x")
    prompt = SYSTEM.prompt(state)
    assert (prompt.seat, prompt.step) == ("attacker", "setup")
    assert "start_battle" in prompt.actions
    assert prompt.hint == msg("prompt-setup")
    assert "`/wh40k start`" in said(prompt.hint) and "`/wh40k roster`" in said(prompt.hint)
    state = advance(act(state, "attacker", type="start_battle"), "movement")
    prompt = SYSTEM.prompt(state)
    assert (prompt.seat, prompt.step) == ("attacker", "movement")
    assert "fall_back" in prompt.actions and prompt.actions == tuple(sorted(prompt.actions))
    assert "shock_test" in prompt.actions  # a test an ability demands (wh40k/demanded-test)
    assert "`/wh40k fallback`" in said(prompt.hint)


def test_every_listed_action_is_legal_and_the_list_is_sorted() -> None:
    state = SYSTEM.new_game(SCENARIO, "seed-3")
    for _ in range(14):
        for seat in ("attacker", "defender"):
            options = SYSTEM.legal_actions(state, seat)
            assert options == sorted(reversed(options), key=sort_key)
            assert options == SYSTEM.legal_actions(state, seat)
            for action in options:
                SYSTEM.apply(state, action)  # raises if the list lied
        state, _ = SYSTEM.apply(
            state,
            SYSTEM.legal_actions(state, state.active)[-1]
            if state.step == "setup"
            else NextPhase(seat=state.active),
        )
        if state.step == "command":
            state = act(
                state,
                state.active,
                type="casualties",
                unit=next(
                    u.id for u in state.units.values() if u.side == state.active and u.models > 2
                ),
                models=2,
            )


@checks("core/referee-only")
def test_a_referee_sets_command_points_outright() -> None:
    assert SYSTEM.referee_actions == frozenset({"adjust_cp", "adjust_score", "adjust_shock"})
    state, events = act_events(battle(), "referee", type="adjust_cp", side="Defender", cp=4)
    assert state.cp == {"attacker": 1, "defender": 4}
    assert of_type(events, "CommandPointsSet")[0].cp == 4
    assert said(events[0]) == "The referee sets Defender's CP to 4."
    assert said(events[0], "pt-BR") == "O árbitro ajusta os PC do Defensor para 4."


@checks("wh40k/both-ready")
def test_starting_the_battle_waits_for_the_other_side() -> None:
    state = SYSTEM.new_game(SCENARIO, "ready")
    for seat, other in (("attacker", "defender"), ("defender", "attacker")):
        asked = SYSTEM.parse_action({"type": "start_battle", "seat": seat})
        assert SYSTEM.agreement_from(state, asked) == other
    assert "start_battle" in SYSTEM.consent_actions
    # A referee who plays no seat starts it for the attacker's seat, and nobody must agree.
    assert SYSTEM.report_for(state, SYSTEM.parse_action({"type": "start_battle"})) == "attacker"
    assert SYSTEM.agreement_from(state, SYSTEM.parse_action({"type": "start_battle"})) is None


@checks("wh40k/score-per-round")
def test_a_rounds_score_stays_within_the_scenarios_scoring() -> None:
    state = battle(ruleset=3)  # from ruleset 4 the mission decides the primary
    state = act(state, "attacker", type="score", primary=10, secondary=12)
    refused(state, "attacker", "wh40k/score-per-round", type="score", primary=6)
    refused(state, "attacker", "wh40k/score-per-round", type="score", secondary=9)
    state = act(state, "attacker", type="score", primary=5, secondary=8)  # 15 and 20: allowed
    assert (state.scores["attacker"][0].primary, state.scores["attacker"][0].secondary) == (15, 20)
    state = advance(advance(state, "movement"), "command", active="attacker")
    state = act(state, "attacker", type="score", primary=15)  # a new round, a new allowance
    assert [r.primary for r in state.scores["attacker"]] == [15, 15]


@checks("wh40k/score-per-round")
def test_battles_begun_before_the_limit_keep_no_limit() -> None:
    state = battle(ruleset=2)
    state = act(state, "attacker", type="score", primary=40)
    assert state.scores["attacker"][0].primary == 40
    assert SYSTEM.replay_start("take-and-hold", "s", "wh40k-3").ruleset == 2
    assert SYSTEM.replay_start("take-and-hold", "s", "wh40k-4").ruleset == 3
    assert SYSTEM.replay_start("take-and-hold", "s").ruleset == 4


@checks("wh40k/referee-score")
def test_a_referee_records_a_score_beyond_the_round_limit() -> None:
    state = battle(ruleset=3)
    refused(state, "attacker", "wh40k/score-per-round", type="score", primary=20)
    state = act(state, "referee", type="adjust_score", side="attacker", primary=20)
    assert state.scores["attacker"][0].primary == 20
    refused(state, "referee", "wh40k/victory-points", type="adjust_score", side="attacker",
            primary=31)
    refused(state, "referee", "core/bad-input", type="adjust_score", side="defender")
