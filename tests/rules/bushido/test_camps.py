"""The commanders' seed: camps as one space, the choice to flee or fight, and a fallen commander."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.bushido.actions import (
    Adjusted,
    AnswerAwaited,
    AttackDeclared,
    BattleEnded,
    CombatRolled,
    CommanderDefeated,
    CommanderFled,
    Flee,
    MovementDrawn,
    MovementRevealed,
    PieceMoved,
    PieceRemoved,
)
from rules.bushido.catalogue import check_scenario, field, scenarios, stack
from rules.bushido.engine import SYSTEM
from rules.bushido.state import BushidoState
from rules.core.text import items, msg, term
from tests.rules.bushido.kit import (
    act,
    act_events,
    camps,
    checks,
    game,
    of_type,
    refused,
    said,
    with_rolls,
)

# Skirmish map: the West camp is A3-A4-A5 and touches A2, B3, B4, B5 and A6.
WEST_BORDER = ("A2", "B3", "B4", "B5", "A6")


def camp_attacked(west: str = "koyaku", *extra: tuple[str, str, str, str, str]) -> BushidoState:
    """East's T1 (a samurai on a Gako: every arrow) attacks the West camp from B4."""
    state = game(camps(("T1", "samurai", "east", "B4", "gako"), *extra, west=west))
    state = act(state, "east", type="attack", piece="T1", target="west camp")
    assert state.step == "defend"
    return state


@checks("bushido/camp-is-one-space", "bushido/field-and-camps")
@pytest.mark.parametrize("scenario", sorted(scenarios()))
def test_a_camp_is_one_space_touching_exactly_five_hexes(scenario: str) -> None:
    f = field(scenario)
    assert len(f.camps) == 2
    for camp, hexes in f.camps.items():
        assert len(hexes) == 3
        assert {f.space_of(h) for h in hexes} == {camp}
        assert len(f.links[camp]) == 5
        for border in f.links[camp]:
            # From a border hex the camp is one neighbour, never three separate hexes.
            assert camp in f.links[border]
            assert not set(hexes) & set(f.links[border])
    sides = {s.seat: s.edge for s in scenarios()[scenario].sides}
    assert sides == {"west": "left", "east": "right"}
    view = SYSTEM.board(SYSTEM.new_game(scenario, "areas"), None)
    assert {name: set(hexes) for name, hexes in view.areas} == {
        term("camp", "west"): set(f.camps["west-camp"]),
        term("camp", "east"): set(f.camps["east-camp"]),
    }


@checks("bushido/camp-is-one-space", "bushido/field-and-camps")
def test_a_camp_that_would_touch_more_than_five_hexes_is_refused() -> None:
    """Three hexes along the top row touch six: that is why the camps sit on the side edges."""
    skirmish = scenarios()["skirmish"]
    west = skirmish.side("west").model_copy(update={"camp": ("D1", "E1", "F1")})
    bad = skirmish.model_copy(update={"sides": (west, skirmish.side("east"))})
    with pytest.raises(ValueError, match="touches 6 hexes"):
        check_scenario(bad)


@checks("bushido/camp-is-one-space")
def test_the_skirmish_camp_border_and_target_names() -> None:
    assert field("skirmish").border("west-camp") == WEST_BORDER
    # Any hex of the camp, the camp's name, or just "camp" names the same space.
    for target in ("A3", "a4", "A5", "west-camp", "West Camp", "camp"):
        state = game(camps(("T1", "samurai", "east", "B4", "gako")))
        state, events = act_events(state, "east", type="attack", piece="T1", target=target)
        assert of_type(events, AttackDeclared)[0].defender == "ISHIDA", target


@checks("bushido/commanders-start-in-camps")
@pytest.mark.parametrize("scenario", sorted(scenarios()))
def test_commanders_start_face_down_in_their_camps(scenario: str) -> None:
    state = SYSTEM.new_game(scenario, "start")
    ishida, ieyasu = state.piece("ISHIDA"), state.piece("IEYASU")
    assert ishida is not None and ishida.type == "mitsunari" and ishida.space == "west-camp"
    assert ieyasu is not None and ieyasu.type == "ieyasu" and ieyasu.space == "east-camp"
    assert not ishida.revealed and not ieyasu.revealed
    # Each sits on a piece of its own side's stack: blue backs for the West, gold for the East.
    for seat in ("west", "east"):
        dealt = [p.movement for p in state.pieces if p.side == seat]
        assert Counter(dealt + state.stacks[seat]) == Counter(stack())
    colours = SYSTEM.board(state, None).sides
    assert colours == {"west": "#2e5fa8", "east": "#c9a227"}
    board = SYSTEM.board(state, None)
    assert [m.shape for m in board.markers if m.label in ("ISHIDA", "IEYASU")] == [
        "star",
        "star",
    ]


@checks("bushido/camp-piece-revealed-when-attacked", "bushido/successful-camp-attack")
def test_an_attack_on_the_camp_turns_up_the_commanders_piece() -> None:
    state = game(camps(("T1", "samurai", "east", "B4", "gako"), west="koyaku"))
    before = next(m for m in SYSTEM.board(state, None).markers if m.leader == m.label == "ISHIDA")
    state, events = act_events(state, "east", type="attack", piece="T1", target="A4")
    shown = of_type(events, MovementRevealed)
    assert [(e.piece, e.movement) for e in shown] == [("ISHIDA", "koyaku")]
    assert shown[0].irreversible and shown[0].arrows == ("forward-left", "back-right")
    ishida = state.piece("ISHIDA")
    assert ishida is not None and ishida.revealed
    after = next(m for m in SYSTEM.board(state, None).markers if m.leader == m.label == "ISHIDA")
    # Turned up, its arrows are pointers on the rim (NE and SW), never glyphs in the label.
    assert before.pointers == () and after.pointers == (1, 4) and after.label == "ISHIDA"
    # The attack has succeeded: it waits for the defender's answer, nothing was rolled.
    assert state.step == "defend" and state.pending is not None
    assert not of_type(events, CombatRolled) and state.dice.drawn == 0
    assert SYSTEM.prompt(state).seat == "west"


@checks("bushido/successful-camp-attack", "bushido/camps-closed")
def test_camps_closed_attacked_only_from_border() -> None:
    """From a hex that does not touch the camp the refusal says so, not 'no enemy there'."""
    state = game(camps(("T1", "samurai", "east", "C4", "gako")))
    err = refused(
        state, "east", "bushido/camps-closed", type="attack", piece="T1", target="A4"
    )
    assert err.message == "refusal-camp-not-touching"
    assert "a camp is attacked from one of the hexes touching it" in said(err)
    assert "A2, B3, B4, B5 or A6" in said(err) or "B4" in said(err)


@checks("bushido/flee-only-from-camp", "bushido/adjust")
def test_flee_only_from_camp_never_again_after_leaving_by_choice() -> None:
    """Put back on its camp by a referee, a commander that left by choice still fights."""
    state = game(camps(("T1", "samurai", "east", "F4", "gako")), active="west")
    state = act(state, "west", type="move", piece="ISHIDA", to="B4")
    assert state.flight_lost == ["west"]
    state = act(state, "east", type="move", piece="T1", to="E4")
    state = act(state, "west", type="adjust", piece="ISHIDA", to="west camp", note="misplaced")
    err = refused(state, "west", "bushido/flee-only-from-camp", type="flee", to="A2")
    assert err.message == "refusal-flight-lost"
    state = act(state, "west", type="hold")
    state = act(state, "east", type="adjust", piece="T1", to="B4", note="setup")
    assert state.flight_lost == ["west"]  # the referee's placing does not give it back
    attacked, events = act_events(state, "east", type="attack", piece="T1", target="west camp")
    assert attacked.step != "defend" and of_type(events, CombatRolled)
    # Only an explicit adjustment, with its note, gives the right back.
    restored, events = act_events(
        state, "west", type="adjust", piece="ISHIDA", restore=True, note="ruling"
    )
    change = of_type(events, Adjusted)[0]
    assert (change.change, change.note) == ("flight-restored", "ruling")
    assert restored.flight_lost == []
    refused(restored, "west", "bushido/adjust", type="adjust", piece="ISHIDA", restore=True)
    restored = act(restored, "east", type="attack", piece="T1", target="west camp")
    assert restored.step == "defend"


@checks("bushido/camp-exits-by-arrows")
def test_leaving_the_camp_follows_the_arrows_from_any_camp_hex() -> None:
    # Choda points forward and back: for the West, east and west.
    state = game(camps(west="choda"), active="west")
    moves = [a for a in SYSTEM.legal_actions(state, "west") if a.type == "move"]
    assert [(a.piece, a.to) for a in moves] == [
        ("ISHIDA", "B3"),
        ("ISHIDA", "B4"),
        ("ISHIDA", "B5"),
    ]
    err = refused(
        state, "west", "bushido/camp-exits-by-arrows", type="move", piece="ISHIDA", to="A2"
    )
    # A2 lies north-east of A3: forward-left for the West, which faces east.
    assert err.reason == msg(
        "refusal-no-arrow-to-hex",
        hex="A2",
        at=msg("at-camp", seat=term("seat", "west")),
        piece="ISHIDA",
        way=items([term("arrow", "forward-left")], "or"),
        face=term("face", "choda"),
        arrows=items([term("arrow", "forward"), term("arrow", "back")]),
    )
    assert said(err.reason) == (
        "ISHIDA, in the West camp, would need an arrow pointing forward-left (as your side sees"
        " the field) to reach A2, but its movement piece, Choda (long snake), only has arrows"
        " pointing forward and back."
    )
    # Koyaku points forward-left and back-right: north-east reaches A2 (from A3) and B3 (from A4).
    state = game(camps(west="koyaku"), active="west")
    moves = [a for a in SYSTEM.legal_actions(state, "west") if a.type == "move"]
    assert [a.to for a in moves] == ["A2", "B3"]
    # The East faces the other way: its forward is west.
    state = game(camps(east="choda"), active="east")
    moves = [a for a in SYSTEM.legal_actions(state, "east") if a.type == "move"]
    assert [a.to for a in moves] == ["G4", "H3", "H5"]


@checks("bushido/commander-may-stay-in-camp", "bushido/hold")
def test_a_commander_may_wait_in_camp_turn_after_turn() -> None:
    state = game(
        camps(("W1", "samurai", "west", "D4", "gako"), ("T1", "ashigaru", "east", "G2", "gako")),
        active="west",
    )
    for to in ("E4", "D4", "E4"):
        assert any(a.type == "hold" for a in SYSTEM.legal_actions(state, "west"))
        state = act(state, "west", type="move", piece="W1", to=to)
        state = act(state, "east", type="hold")
    ishida = state.piece("ISHIDA")
    assert ishida is not None and ishida.space == "west-camp" and not ishida.revealed
    assert SYSTEM.position(state, None)["may_flee"] == {"west": True, "east": True}
    lines = [said(line.text) for line in SYSTEM.board(state, None).panel.lines]
    assert any("ISHIDA in camp, may flee" in line for line in lines)


@checks("bushido/camp-attack-choice")
def test_the_attacked_camp_chooses_between_counter_and_flight() -> None:
    state = camp_attacked("koyaku")
    prompt = SYSTEM.prompt(state)
    assert prompt.seat == "west" and prompt.step == "defend"
    assert prompt.actions == ("counter", "flee", "adjust", "adjust_movement")
    assert prompt.hint == msg(
        "prompt-defend",
        attacker="T1",
        defender="ISHIDA",
        at=msg("at-camp", seat=term("seat", "west")),
        flee=items(["A2", "B3"], "or"),
        flee_count=2,
    )
    assert said(prompt.hint, "pt-BR") == (
        "T1 ataca ISHIDA no acampamento do Oeste: contra-ataque ou fuja para A2 ou B3"
    )
    assert [a.model_dump(exclude={"seat"}) for a in SYSTEM.legal_actions(state, "west")] == [
        {"type": "counter"},
        {"type": "flee", "to": "A2"},
        {"type": "flee", "to": "B3"},
    ]
    assert SYSTEM.legal_actions(state, "east") == []
    refused(state, "east", "core/not-your-turn", type="hold")
    refused(state, "west", "core/wrong-step", type="hold")


@checks("bushido/camp-attack-choice")
def test_no_flight_without_an_attack_on_the_camp() -> None:
    state = game(camps(("T1", "samurai", "east", "F4", "gako")), active="west")
    err = refused(state, "west", "bushido/camp-attack-choice", type="flee", to="B4")
    assert err.reason == msg("refusal-flee-unasked")
    assert not any(isinstance(a, Flee) for a in SYSTEM.legal_actions(state, "west"))


@checks("bushido/flee-along-arrows", "bushido/flee-draws-new-piece", "bushido/flight-ends-attack")
def test_flight_lays_the_piece_on_the_camp_and_draws_a_new_one() -> None:
    state = camp_attacked("koyaku")
    next_piece = state.stacks["west"][0]
    state, events = act_events(state, "west", type="flee", to="A2")
    fled = of_type(events, CommanderFled)
    assert [(e.piece, e.start, e.end, e.placed_at) for e in fled] == [("ISHIDA", "A4", "A2", "A3")]
    drawn = of_type(events, MovementDrawn)
    assert len(drawn) == 1 and drawn[0].irreversible
    assert "movement" not in drawn[0].model_dump()  # the new face stays hidden
    ishida = state.piece("ISHIDA")
    assert ishida is not None and ishida.space == "A2"
    assert ishida.movement == next_piece and not ishida.revealed
    assert state.left_on_camp["west"] == "koyaku"
    # No fight: the attacker stays where it was and the turn passes to the side that fled.
    assert not of_type(events, CombatRolled) and state.dice.drawn == 0
    assert state.piece("T1") is not None and state.piece("T1").space == "B4"  # type: ignore[union-attr]
    assert state.step == "turn" and state.active == "west" and state.pending is None
    board = SYSTEM.board(state, None)
    left = [m for m in board.markers if m.hex == "A4"]
    assert len(left) == 1 and left[0].faded and left[0].label == "Koyaku"
    assert left[0].pointers == (1, 4)
    assert next(m for m in board.markers if m.hex == "A2").label == "ISHIDA"


@checks("bushido/flee-draws-new-piece")
def test_no_flight_once_the_stack_is_used_up() -> None:
    state = camp_attacked("koyaku")
    state = state.model_copy(update={"stacks": {**state.stacks, "west": []}})
    assert [a.type for a in SYSTEM.legal_actions(state, "west")] == ["counter"]
    hint = SYSTEM.prompt(state).hint
    assert said(hint) == (
        "T1 attacks ISHIDA in the West camp: counter-attack (there is no free hex to flee to)"
    )
    refused(state, "west", "bushido/flee-draws-new-piece", type="flee", to="A2")


@checks("bushido/flee-along-arrows")
def test_flight_must_follow_an_arrow_to_a_border_hex() -> None:
    state = camp_attacked("koyaku")
    err = refused(state, "west", "bushido/flee-along-arrows", type="flee", to="B5")
    assert err.reason.args["open"] == items(["A2", "B3"], "or")  # type: ignore[union-attr]
    assert said(err.reason).endswith("Open now: A2 or B3.")
    err = refused(state, "west", "bushido/flee-along-arrows", type="flee", to="C4")
    assert err.reason.key == "refusal-flee-off-border"  # type: ignore[union-attr]
    assert said(err.reason, "pt-BR").startswith(
        "C4 não faz fronteira com o acampamento do Oeste. Um comandante em fuga vai para um dos"
        " cinco hexágonos da fronteira (A2, B3, B4, B5 e A6); agora valem: A2 ou B3."
    )
    # Hoshi points forward, forward-left and forward-right: the whole border but B4, held by T1.
    state = camp_attacked("hoshi")
    flights = [a.to for a in SYSTEM.legal_actions(state, "west") if isinstance(a, Flee)]
    assert flights == ["A2", "A6", "B3", "B5"]


@checks("bushido/flee-to-free-hex")
def test_flight_needs_a_free_hex() -> None:
    state = camp_attacked("koyaku", ("W1", "ashigaru", "west", "A2", "choda"))
    refused(state, "west", "bushido/flee-to-free-hex", type="flee", to="A2")
    refused(state, "west", "bushido/flee-to-free-hex", type="flee", to="B4")  # the attacker's hex
    assert [a.to for a in SYSTEM.legal_actions(state, "west") if isinstance(a, Flee)] == ["B3"]
    # Both hexes the arrows reach are held: only the counter-attack is left.
    state = game(
        camps(
            ("T1", "samurai", "east", "B4", "gako"),
            ("W1", "ashigaru", "west", "A2", "choda"),
            ("T2", "ashigaru", "east", "B3", "choda"),
            west="koyaku",
        )
    )
    state, events = act_events(state, "east", type="attack", piece="T1", target="west-camp")
    awaited = of_type(events, AnswerAwaited)[0]
    assert awaited.flee_to == [] and not awaited.can_flee
    assert said(awaited).endswith("with no free hex to flee to, it must counter-attack.")
    assert SYSTEM.prompt(state).hint.args["flee_count"] == 0  # type: ignore[union-attr]
    assert [a.type for a in SYSTEM.legal_actions(state, "west")] == ["counter"]


@checks("bushido/flee-only-from-camp", "bushido/others-must-counter")
def test_after_a_flight_the_commander_must_fight() -> None:
    state = camp_attacked("koyaku")
    state = act(state, "west", type="flee", to="A2")
    state = act(state, "west", type="hold")
    # T1 (on a Gako, every arrow) is set next to Ishida's new hex.
    state = act(state, "east", type="adjust", piece="T1", to="B3")
    state = with_rolls(state, 1, 6)
    state, events = act_events(state, "east", type="attack", piece="T1", target="A2")
    assert not of_type(events, AnswerAwaited) and state.step == "turn"
    fight = of_type(events, CombatRolled)
    assert len(fight) == 1 and fight[0].winner == "ISHIDA" and not fight[0].chosen
    err = refused(state, "west", "bushido/flee-only-from-camp", type="flee", to="A3")
    assert err.reason == msg("refusal-flee-out-of-camp", piece="ISHIDA", at=msg("at-hex", hex="A2"))
    assert SYSTEM.position(state, None)["may_flee"]["west"] is False


@checks("bushido/others-must-counter", "bushido/counter-reveals-attacker")
def test_an_attacked_troop_fights_back_at_once() -> None:
    state = game(
        camps(("W1", "samurai", "west", "D4", "choda"), ("T1", "ashigaru", "east", "E4", "choda"))
    )
    state = with_rolls(state, 2, 5)
    state, events = act_events(state, "east", type="attack", piece="T1", target="D4")
    assert state.step == "turn" and state.active == "west" and state.pending is None
    shown = [e.piece for e in of_type(events, MovementRevealed)]
    assert shown == ["W1", "T1"]  # the defender on being attacked, the attacker on the counter
    fight = of_type(events, CombatRolled)[0]
    assert (fight.attacker_total, fight.defender_total, fight.winner) == (3, 7, "W1")
    assert [e.piece for e in of_type(events, PieceRemoved)] == ["T1"]
    # A troop has no choice to make, and West's camp was not attacked: no flight.
    refused(state, "west", "bushido/camp-attack-choice", type="flee", to="B4")


@checks("bushido/counter-reveals-attacker", "bushido/camp-attack-choice")
def test_a_chosen_counter_attack_fights_and_reveals_the_attacker() -> None:
    state = with_rolls(camp_attacked("koyaku"), 3, 4)
    state, events = act_events(state, "west", type="counter")
    assert [e.piece for e in of_type(events, MovementRevealed)] == ["T1"]
    fight = of_type(events, CombatRolled)[0]
    assert fight.chosen and fight.winner == "ISHIDA"  # 3+2 against 4+2
    assert state.piece("T1") is None and state.step == "turn" and state.active == "west"
    ishida = state.piece("ISHIDA")
    assert ishida is not None and ishida.space == "west-camp"  # still in camp, may still flee


@checks("bushido/voluntary-move-ends-flight", "bushido/others-must-counter")
def test_leaving_the_camp_by_choice_gives_up_flight_for_good() -> None:
    state = game(camps(("T1", "kiba", "east", "D4", "gako"), west="choda"), active="west")
    state, events = act_events(state, "west", type="move", piece="ISHIDA", to="B4")
    moved = of_type(events, PieceMoved)[0]
    assert moved.left_camp and moved.start == "A4" and moved.end == "B4"
    assert "never flee" in said(moved)
    assert "não pode mais fugir" in said(moved, "pt-BR")
    assert SYSTEM.position(state, None)["may_flee"]["west"] is False
    state = act(state, "east", type="move", piece="T1", to="C4")
    # Ishida may not walk back into the camp either.
    refused(state, "west", "bushido/camps-closed", type="move", piece="ISHIDA", to="A4")
    state = act(state, "west", type="hold")
    state = with_rolls(state, 1, 6)
    state, events = act_events(state, "east", type="attack", piece="T1", target="B4")
    assert not of_type(events, AnswerAwaited)
    assert of_type(events, CombatRolled)[0].winner == "ISHIDA"
    refused(state, "west", "bushido/flee-only-from-camp", type="flee", to="A2")


@checks("bushido/voluntary-move-ends-flight")
def test_the_commander_alias_moves_your_own_commander() -> None:
    state = game(camps(west="choda"), active="west")
    state, events = act_events(state, "west", type="move", piece="commander", to="B3")
    assert of_type(events, PieceMoved)[0].piece == "ISHIDA"


@checks("bushido/commander-defeat-ends-battle")
def test_a_commander_lost_in_a_chosen_counter_attack_ends_the_battle_at_once() -> None:
    state = camp_attacked(
        "koyaku", ("W1", "kiba", "west", "D2", "choda"), ("W2", "kiba", "west", "D6", "choda")
    )
    state = with_rolls(state, 6, 1)
    state, events = act_events(state, "west", type="counter")
    assert [e.piece for e in of_type(events, CommanderDefeated)] == ["ISHIDA"]
    ended = of_type(events, BattleEnded)
    assert len(ended) == 1 and ended[0].winner == "east"
    assert state.step == "over" and state.pending is None
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "east"
    assert said(outcome.reason) == "Ishida Mitsunari was defeated by T1"
    # West still has more troops than the East: it makes no difference.
    assert sum(1 for p in state.pieces if p.side == "west") == 2
    assert SYSTEM.prompt(state).seat is None
    assert SYSTEM.legal_actions(state, "west") == SYSTEM.legal_actions(state, "east") == []
    refused(state, "west", "core/game-over", type="hold")
    refused(state, "east", "core/game-over", type="hold")


@checks("bushido/commander-defeat-ends-battle", "bushido/attack-along-arrows")
def test_a_commander_attacking_from_its_camp_may_fall_too() -> None:
    state = game(camps(("T1", "ashigaru", "east", "B4", "choda"), west="choda"), active="west")
    state = with_rolls(state, 1, 6)
    state, events = act_events(state, "west", type="attack", piece="ISHIDA", target="B4")
    assert of_type(events, CommanderDefeated)[0].piece == "ISHIDA"
    assert SYSTEM.outcome(state) is not None and state.winner == "east"


@checks("bushido/attack-along-arrows", "bushido/camp-attack-choice")
def test_a_commander_that_attacked_from_camp_keeps_its_right_to_flee() -> None:
    state = game(
        camps(
            ("T1", "ashigaru", "east", "B4", "choda"),
            ("T2", "samurai", "east", "B5", "gako"),
            west="hoshi",
        ),
        active="west",
    )
    state = with_rolls(state, 6, 1)
    state = act(state, "west", type="attack", piece="ISHIDA", target="B4")
    assert state.piece("T1") is None
    state = act(state, "east", type="attack", piece="T2", target="west-camp")
    assert state.step == "defend"
    assert {a.type for a in SYSTEM.legal_actions(state, "west")} == {"counter", "flee"}
