"""The game around the camps and the GameSystem contract: moves, fights, hidden faces, views."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from rules.bushido.actions import (
    EVENTS,
    Adjusted,
    AnswerAwaited,
    AttackDeclared,
    BattleEnded,
    CombatRolled,
    CommanderDefeated,
    CommanderFled,
    Held,
    Move,
    MovementDrawn,
    MovementRevealed,
    PieceMoved,
    PieceRemoved,
    TurnEnded,
)
from rules.bushido.catalogue import field, movement_pieces, scenarios, stack, troop_types
from rules.bushido.engine import SYSTEM
from rules.core.board import HexBoardView
from rules.core.engine import Engine
from rules.core.errors import RuleViolation
from rules.core.system import system
from rules.core.text import Msg, items, msg, term
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
    words,
)


def test_system_meets_the_contract() -> None:
    assert isinstance(SYSTEM, Engine)
    assert system("bushido") is SYSTEM
    assert SYSTEM.version == "4" and SYSTEM.command_group == "bushido"
    assert SYSTEM.referee_actions == frozenset({"adjust", "adjust_movement"})
    assert SYSTEM.private_actions == frozenset({"move", "attack", "adjust_movement"})
    assert SYSTEM.retired_fields == frozenset({"engine", "end_reason"})
    infos = SYSTEM.scenarios()
    assert [i.id for i in infos] == ["sekigahara", "skirmish"]
    assert all(i.seats == ("west", "east") for i in infos)
    assert [words().term(SYSTEM.seat_name(s)) for s in infos[0].seats] == ["West", "East"]
    assert [words("pt-BR").term(SYSTEM.seat_name(s)) for s in infos[0].seats] == [
        "Oeste",
        "Leste",
    ]
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.new_game("no-such-field", "x")
    assert caught.value.rule_id == "core/bad-input"
    assert isinstance(caught.value.reason, Msg)
    assert caught.value.reason.args["scenario"] == "no-such-field"


def test_the_turn_is_a_step_table_with_one_handler_per_action() -> None:
    assert set(SYSTEM.steps) == {"turn", "defend", "over"}
    assert set(SYSTEM.handlers) == {
        "move", "attack", "hold", "flee", "counter", "adjust", "adjust_movement"
    }
    opened = {a for step in SYSTEM.steps.values() for a in step.actions}
    assert opened == set(SYSTEM.handlers)
    assert SYSTEM.steps["over"].actions == ()


@checks("bushido/troop-types")
def test_troop_types_and_their_combat_values() -> None:
    combat = {t.id: t.combat for t in troop_types().values()}
    assert combat == {"ashigaru": 1, "samurai": 2, "kiba": 3, "mitsunari": 2, "ieyasu": 2}
    assert {t.id for t in troop_types().values() if t.commander} == {"mitsunari", "ieyasu"}


@checks("bushido/movement-pieces")
def test_each_side_shuffles_its_own_stack_of_twelve() -> None:
    counts = Counter(stack())
    assert len(stack()) == 12
    assert counts == {
        "hoshi": 2,
        "gyorin": 2,
        "kakuyoku": 1,
        "engetsu": 2,
        "choda": 2,
        "hoen": 1,
        "koyaku": 1,
        "gako": 1,
    }
    assert all(2 <= len(m.arrows) <= 6 for m in movement_pieces().values())
    state = SYSTEM.new_game("sekigahara", "stacks")
    assert {seat: len(s) for seat, s in state.stacks.items()} == {"west": 3, "east": 3}
    assert SYSTEM.new_game("sekigahara", "stacks") == state  # the seed fixes the shuffle
    others = {SYSTEM.new_game("sekigahara", f"s{n}").stacks["west"][0] for n in range(20)}
    assert len(others) > 1
    assert state.dice.drawn > 0


@checks(
    "bushido/one-action-per-turn", "bushido/move-along-arrows", "bushido/movement-piece-travels"
)
def test_a_piece_moves_one_hex_along_an_arrow_and_the_turn_passes() -> None:
    # Choda for the East: forward (west) and back (east).
    state = game(
        camps(("T1", "samurai", "east", "F4", "choda"), ("W1", "samurai", "west", "C2", "gako"))
    )
    legal = SYSTEM.legal_actions(state, "east")
    assert legal[0].type == "hold"
    assert [a.to for a in legal if isinstance(a, Move) and a.piece == "T1"] == ["E4", "G4"]
    refused(state, "east", "bushido/move-along-arrows", type="move", piece="T1", to="E3")
    err = refused(state, "east", "bushido/move-along-arrows", type="move", piece="T1", to="F3")
    # F3 is north-west of F4: forward-right for the East, which faces west.
    assert isinstance(err.reason, Msg)
    assert err.reason.args["way"] == items([term("arrow", "forward-right")], "or")
    refused(state, "east", "bushido/move-along-arrows", type="move", piece="T1", to="D4")
    refused(state, "east", "bushido/one-action-per-turn", type="move", piece="W1", to="C3")
    state, events = act_events(state, "east", type="move", piece="t1", to="e4")
    assert of_type(events, PieceMoved)[0].end == "E4"
    assert of_type(events, TurnEnded)[0].next_seat == "west"
    t1 = state.piece("T1")
    assert t1 is not None and t1.space == "E4" and t1.movement == "choda" and not t1.revealed
    assert state.active == "west" and state.turn_number == 2
    refused(state, "east", "core/not-your-turn", type="hold")
    arrows = SYSTEM.board(state, None).arrows
    assert [(a.start, a.end, a.kind) for a in arrows] == [("F4", "E4", "move")]


@checks("bushido/one-piece-per-hex")
def test_a_piece_moves_only_onto_a_free_hex() -> None:
    state = game(
        camps(("T1", "samurai", "east", "F4", "choda"), ("T2", "samurai", "east", "E4", "choda"))
    )
    refused(state, "east", "bushido/one-piece-per-hex", type="move", piece="T1", to="E4")


@checks("bushido/camps-closed")
def test_no_piece_enters_a_camp() -> None:
    state = game(camps(("T1", "samurai", "east", "B4", "gako")))
    for hex_label in ("A3", "A4", "A5"):
        refused(state, "east", "bushido/camps-closed", type="move", piece="T1", to=hex_label)
    assert all(
        getattr(a, "to", "") not in ("A3", "A4", "A5") for a in SYSTEM.legal_actions(state, "east")
    )


@checks("bushido/attack-along-arrows")
def test_attacks_go_to_an_adjacent_enemy_along_an_arrow() -> None:
    state = game(
        camps(
            ("T1", "samurai", "east", "E4", "choda"),
            ("W1", "samurai", "west", "D4", "choda"),
            ("W2", "samurai", "west", "D3", "choda"),
            ("W3", "samurai", "west", "C4", "choda"),
            ("T2", "samurai", "east", "F4", "choda"),
        )
    )
    attacks = [a for a in SYSTEM.legal_actions(state, "east") if a.type == "attack"]
    assert [(a.piece, a.target) for a in attacks] == [("T1", "D4")]  # type: ignore[attr-defined]
    refused(state, "east", "bushido/attack-along-arrows", type="attack", piece="T1", target="D3")
    refused(state, "east", "bushido/attack-along-arrows", type="attack", piece="T2", target="C4")
    refused(state, "east", "bushido/attack-along-arrows", type="attack", piece="T1", target="F4")
    refused(state, "east", "bushido/attack-along-arrows", type="attack", piece="T1", target="E5")


@checks("bushido/combat-roll")
@pytest.mark.parametrize(
    ("rolls", "winner", "totals"),
    [((4, 3), "T1", (6, 5)), ((3, 3), "W1", (5, 5)), ((1, 6), "W1", (3, 8))],
)
def test_a_fight_is_a_die_plus_combat_a_side_and_ties_go_to_the_defender(
    rolls: tuple[int, int], winner: str, totals: tuple[int, int]
) -> None:
    state = game(
        camps(("T1", "samurai", "east", "E4", "choda"), ("W1", "samurai", "west", "D4", "choda"))
    )
    state, events = act_events(
        with_rolls(state, *rolls), "east", type="attack", piece="T1", target="D4"
    )
    fight = of_type(events, CombatRolled)[0]
    assert fight.irreversible
    assert (fight.attacker_roll, fight.defender_roll) == rolls
    assert (fight.attacker_total, fight.defender_total) == totals
    assert fight.winner == winner
    loser = "W1" if winner == "T1" else "T1"
    assert state.piece(loser) is None
    survivor = state.piece(winner)
    assert survivor is not None and survivor.space == ("E4" if winner == "T1" else "D4")
    assert [e.piece for e in of_type(events, PieceRemoved)] == [loser]
    assert state.dice.drawn == 2 and state.active == "west"


@checks("bushido/hill-defence")
def test_a_defender_on_a_hill_adds_one() -> None:
    # D2 is a hill in the skirmish; 4 + 2 against 3 + 2 + 1 is a tie, and the defender holds.
    state = game(
        camps(("T1", "samurai", "east", "E2", "choda"), ("W1", "samurai", "west", "D2", "choda"))
    )
    state, events = act_events(
        with_rolls(state, 4, 3), "east", type="attack", piece="T1", target="D2"
    )
    fight = of_type(events, CombatRolled)[0]
    assert fight.hill and fight.defender_total == 6 and fight.winner == "W1"
    assert "with the hill" in said(fight)
    assert "com o bônus da colina" in said(fight, "pt-BR")


@checks("bushido/movement-hidden")
def test_each_seat_reads_its_own_faces_and_nobody_elses() -> None:
    state = SYSTEM.new_game("sekigahara", "secret")
    west = SYSTEM.position(state, "west")
    for raw in west["pieces"]:
        if raw["side"] == "west":
            assert raw["movement"] in movement_pieces()
        else:
            assert raw["movement"] is None
    spectator = SYSTEM.position(state, None)
    assert all(raw["movement"] is None for raw in spectator["pieces"])
    assert "stacks" not in spectator and spectator["stack_counts"] == {"west": 3, "east": 3}
    assert "dice" not in spectator and state.dice.seed not in json.dumps(spectator)
    for seat in (None, "west", "east"):
        assert not any(m.pointers for m in SYSTEM.board(state, seat).markers)
    lines = [said(m) for m in SYSTEM.secrets(state, "west")]
    assert lines[0].startswith("W1, Mounted samurai (kiba musha), on C1: ")
    assert any(line.startswith("ISHIDA, Ishida Mitsunari, in the West camp: ") for line in lines)
    assert not any(line.startswith(("T", "IEYASU")) for line in lines)
    assert all(line.endswith("(face down)") for line in lines[:-1])
    assert lines[-1] == "Movement pieces left in your stack: 3"
    view = SYSTEM.view(state, "west")
    assert view.private == SYSTEM.secrets(state, "west") and view.position == west
    assert SYSTEM.view(state, None).private == ()


@checks("bushido/movement-hidden", "bushido/camp-piece-revealed-when-attacked")
def test_a_turned_up_face_is_public_and_stays_up() -> None:
    state = game(
        camps(("T1", "samurai", "east", "E4", "choda"), ("W1", "samurai", "west", "D4", "koyaku"))
    )
    state, events = act_events(
        with_rolls(state, 1, 6), "east", type="attack", piece="T1", target="D4"
    )
    assert [e.irreversible for e in of_type(events, MovementRevealed)] == [True, True]
    assert not PieceMoved.irreversible and not AttackDeclared.irreversible
    assert MovementDrawn.irreversible and CombatRolled.irreversible
    position = SYSTEM.position(state, "east")
    w1 = next(raw for raw in position["pieces"] if raw["id"] == "W1")
    assert w1["movement"] == "koyaku" and w1["revealed"]
    revealed = of_type(events, MovementRevealed)[0]
    assert revealed.arrows == ("forward-left", "back-right")
    assert said(revealed).endswith("Koyaku (balance), with arrows forward-left and back-right.")
    marker = next(m for m in SYSTEM.board(state, None).markers if m.label == "W1")
    assert marker.pointers == (1, 4)  # NE and SW, in board directions
    # Turned half a circle for the East: the same board directions; the renderer turns them
    # with the picture.
    east = SYSTEM.board(state, "east")
    turned = next(m for m in east.markers if m.label == "W1")
    assert east.flipped and turned.pointers == (1, 4)
    state = act(state, "west", type="move", piece="W1", to="E3")
    w1_after = state.piece("W1")
    assert w1_after is not None and w1_after.revealed


@checks("bushido/nightfall")
def test_nightfall_ends_the_battle_on_strength() -> None:
    limit = scenarios()["skirmish"].turn_limit
    state = game(
        camps(("W1", "samurai", "west", "C2", "choda"), ("T1", "ashigaru", "east", "G2", "choda")),
        turn_number=limit,
    )
    state, events = act_events(state, "east", type="hold")
    assert of_type(events, Held) and state.step == "over"
    ended = of_type(events, BattleEnded)[0]
    assert ended.winner == "west" and ended.reason == msg("ending-nightfall", high=2, low=1)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "west" and outcome.reason == ended.reason
    assert said(ended) == "West wins the battle: nightfall with more strength left (2 to 1)."
    panel = SYSTEM.board(state, None).panel
    assert said(panel.lines[0].text) == f"Turn {limit} of {limit} | step: end of the battle"
    draw = game(camps(("W1", "samurai", "west", "C2", "choda")), turn_number=limit)
    draw = draw.model_copy(update={"pieces": [p for p in draw.pieces if p.id != "W1"]})
    draw, events = act_events(draw, "east", type="hold")
    assert of_type(events, BattleEnded)[0].winner is None
    outcome = SYSTEM.outcome(draw)
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == msg("ending-nightfall-draw", strength=0)
    hint = SYSTEM.prompt(draw).hint
    assert isinstance(hint, Msg) and said(hint) == (
        "Battle over, a draw: nightfall with equal strength left (0 each)."
    )
    assert said(hint, "pt-BR") == (
        "A batalha acabou empatada: anoiteceu com as forças iguais em campo (0 de cada lado)."
    )


@checks("bushido/adjust")
def test_referee_adjustments() -> None:
    state = game(
        camps(("T1", "samurai", "east", "B4", "gako"), ("W1", "samurai", "west", "D4", "choda"))
    )
    refused(state, "west", "bushido/adjust", type="adjust", note="nothing")
    refused(state, "west", "core/bad-input", type="adjust", piece="X9", remove=True)
    refused(state, "west", "bushido/adjust", type="adjust", piece="W1", to="B4")
    refused(state, "west", "bushido/adjust", type="adjust", piece="W1", to="A4")
    refused(state, "west", "bushido/adjust", type="adjust", piece="W1", to="west-camp")
    refused(state, "west", "bushido/adjust", type="adjust", piece="ISHIDA", remove=True)
    refused(state, "west", "core/bad-input", type="adjust", piece="W1", to="J1")
    moved, events = act_events(
        state, "west", type="adjust", piece="w1", to="e4", reveal=True, note="slip"
    )
    adjusted = of_type(events, Adjusted)
    assert [(e.change, e.piece, e.start, e.end, e.note) for e in adjusted] == [
        ("placed", "W1", "D4", "E4", "slip"),
        ("revealed", "W1", "", "", "slip"),
    ]
    assert [said(e) for e in adjusted] == [
        "Referee adjustment: W1 put from D4 on E4 (slip).",
        "Referee adjustment: W1's movement piece turned up (slip).",
    ]
    assert of_type(events, MovementRevealed)[0].piece == "W1"
    assert moved.active == "east"  # an adjustment takes no turn
    gone, events = act_events(state, "east", type="adjust", piece="W1", remove=True)
    assert gone.piece("W1") is None and of_type(events, PieceRemoved)
    # Changing a piece caught in a waiting attack calls it off; the defender plays next.
    attacked = act(state, "east", type="attack", piece="T1", target="west-camp")
    called_off, events = act_events(attacked, "east", type="adjust", piece="T1", to="F4")
    assert called_off.step == "turn" and called_off.pending is None
    assert called_off.active == "west"
    assert of_type(events, TurnEnded)
    assert said(of_type(events, Adjusted)[-1]) == (
        "Referee adjustment: the attack by T1 is called off."
    )
    # A commander may be set back on its own camp (say, after a mistaken move).
    out = act(state, "west", type="adjust", piece="ISHIDA", to="B5")
    back, events = act_events(out, "west", type="adjust", piece="ISHIDA", to="west camp")
    assert back.piece("ISHIDA").space == "west-camp"  # type: ignore[union-attr]
    assert said(of_type(events, Adjusted)[0], "pt-BR") == (
        "Correção do árbitro: ISHIDA estava em B5 e agora está de volta no acampamento."
    )


def test_core_refusals_and_bad_input() -> None:
    state = game(camps(("T1", "samurai", "east", "F4", "choda")))
    refused(state, "west", "core/not-your-turn", type="hold")
    refused(state, "nobody", "core/not-your-turn", type="hold")
    refused(state, "east", "core/wrong-step", type="counter")
    refused(state, "east", "core/bad-input", type="move", piece="T9", to="E4")
    off_map = refused(state, "east", "core/bad-input", type="move", piece="T1", to="J4")
    assert off_map.reason == msg("refusal-off-map", hex="J4", last="I7")
    refused(state, "east", "core/bad-input", type="move", piece="T1", to="Z9")
    camp = refused(state, "east", "core/bad-input", type="attack", piece="T1", target="north-camp")
    assert camp.reason == msg(
        "refusal-no-such-camp", target="north-camp",
        camps=items(["east-camp", "west-camp"], typed=True),
    )
    for bad, kind in (
        ({"type": "move", "piece": "T1", "to": "nowhere"}, "hex-name"),
        ({"type": "attack", "piece": "T1", "target": "the hill"}, "space-name"),
        ({"type": "fly", "piece": "T1"}, "union_tag_invalid"),
        ({"type": "move", "piece": "T1"}, "missing"),
        ({"type": "hold", "extra": 1}, "extra_forbidden"),
    ):
        with pytest.raises(ValidationError) as bad_input:
            SYSTEM.parse_action({**bad, "seat": "east"})
        assert bad_input.value.errors()[0]["type"] == kind


def test_a_counter_attack_may_be_spelt_out() -> None:
    for spelling in ("counter-attack", "Counter attack", "counterattack", "counter"):
        action = SYSTEM.parse_action({"type": spelling, "seat": "west"})
        assert action.type == "counter"


def test_json_round_trips_and_the_input_is_never_changed() -> None:
    state = SYSTEM.new_game("sekigahara", "json")
    again = SYSTEM.load_state(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert again == state
    before = state.model_dump(mode="json")
    after, events = act_events(state, "east", type="hold")
    assert state.model_dump(mode="json") == before and after != state
    for event in events:
        assert EVENTS.validate_python(json.loads(event.model_dump_json())) == event
    action = SYSTEM.parse_action(
        {"type": "attack", "piece": "t3", "target": "Camp: West", "seat": "east"}
    )
    assert action.model_dump() == {
        "type": "attack",
        "seat": "east",
        "piece": "T3",
        "target": "west-camp",
    }
    assert SYSTEM.parse_action(json.loads(action.model_dump_json())) == action


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_every_event_reads_as_one_line_with_capitalised_seats(language: str) -> None:
    ending = msg(
        "ending-commander-fell", commander=term("troop", "ieyasu"), piece="IEYASU", by="W1"
    )
    samples = [
        PieceMoved(seat="west", piece="W1", start="C2", end="D2"),
        PieceMoved(seat="west", piece="ISHIDA", start="A4", end="B4", left_camp=True),
        AttackDeclared(seat="east", piece="T1", start="B4", defender="ISHIDA", target="A4",
                       in_camp=True),
        MovementRevealed(seat="west", piece="ISHIDA", movement="koyaku",
                         arrows=("forward-left", "back-right")),
        AnswerAwaited(seat="west", piece="ISHIDA", attacker="T1", flee_to=["A2", "B3"]),
        AnswerAwaited(seat="west", piece="ISHIDA", attacker="T1", flee_to=[], can_flee=False),
        CommanderFled(
            seat="west", piece="ISHIDA", start="A4", end="A2", placed_at="A3", attacker="T1"
        ),
        MovementDrawn(seat="west", piece="ISHIDA", left=6),
        MovementDrawn(seat="west", piece="ISHIDA", left=0),
        CombatRolled(
            attacker="T1",
            defender="W1",
            attacker_roll=3,
            attacker_total=5,
            defender_roll=2,
            defender_total=4,
            winner="T1",
            chosen=True,
            hill=True,
        ),
        PieceRemoved(seat="west", piece="W1", hex="D4"),
        PieceRemoved(seat="west", piece="ISHIDA", hex="A4", in_camp=True),
        CommanderDefeated(seat="east", piece="IEYASU", by="W1"),
        Held(seat="east"),
        TurnEnded(seat="east", next_seat="west", turn_number=4),
        BattleEnded(winner="west", reason=ending),
        BattleEnded(winner=None, reason=msg("ending-nightfall-draw", strength=3)),
        Adjusted(change="placed", piece="W1", start="D4", end="E4", note="slip"),
        Adjusted(change="removed", piece="W1"),
    ]
    for event in samples:
        line = said(event, language)
        assert line and "\n" not in line and line.endswith((".", "!")), line
        assert line[0].isupper(), line
        assert "west" not in line and "east" not in line and "{" not in line, line
        stored = json.loads(event.model_dump_json())
        assert words(language).event(SYSTEM, stored) == line
    first = {"en": "West moves W1 from C2 to D2.", "pt-BR": "O Oeste move W1 de C2 para D2."}
    assert said(samples[0], language) == first[language]
    assert "Koyaku" in said(samples[3], language)
    assert said(samples[15]) == "West wins the battle: Tokugawa Ieyasu was defeated by W1."
    assert said(samples[15], "pt-BR") == (
        "Vitória do Oeste: Tokugawa Ieyasu foi derrotado por W1."
    )


def test_the_board_picture() -> None:
    state = SYSTEM.new_game("sekigahara", "board")
    board = SYSTEM.board(state, None)
    assert isinstance(board, HexBoardView)
    assert (board.cols, board.rows, board.short_odd_rows) == (13, 7, True)
    assert board.static_key == "bushido:sekigahara" and not board.flipped
    assert {t.hex for t in board.terrain} == set(scenarios()["sekigahara"].hills)
    commanders = {(m.hex, m.label, m.leader) for m in board.markers if m.shape == "star"}
    assert commanders == {("A4", "ISHIDA", "ISHIDA"), ("L4", "IEYASU", "IEYASU")}
    assert len(board.markers) == 18
    assert said(board.panel.title) == "Bushido: Sekigahara, 1600"
    texts = [said(line.text) for line in board.panel.lines]
    assert texts[1] == "East to act: move a piece one hex, attack with one, or hold"
    assert texts[2] == "West: 8 troops, strength 15 | ISHIDA in camp, may flee | stack 3"
    pt = [said(line.text, "pt-BR") for line in board.panel.lines]
    assert pt[0] == "Turno 1 de 60 | etapa: movimento ou ataque"
    assert pt[3] == "Leste: 8 tropas, força 15 | IEYASU no acampamento, pode fugir | pilha: 3"
    assert [words("pt-BR").term(name) for name, _ in board.areas] == [  # type: ignore[arg-type]
        "Acampamento do Oeste",
        "Acampamento do Leste",
    ]
    assert SYSTEM.board(state, "east").flipped and not SYSTEM.board(state, "west").flipped


def test_suggestions_follow_the_legal_actions() -> None:
    state = game(
        camps(
            ("T1", "samurai", "east", "F4", "choda"),
            ("T2", "samurai", "east", "C4", "choda"),
            ("W1", "samurai", "west", "B4", "choda"),
        )
    )
    pieces = SYSTEM.suggest(state, "east", "piece", "")
    assert [v for _, v in pieces] == ["T1", "T2", "IEYASU"]
    assert [v for _, v in SYSTEM.suggest(state, "east", "to", "", {"piece": "t1"})] == ["E4", "G4"]
    assert [v for _, v in SYSTEM.suggest(state, "east", "target", "")] == ["B4"]
    assert [v for _, v in SYSTEM.suggest(state, "east", "target", "", {"piece": "T1"})] == []
    assert SYSTEM.suggest(state, None, "to", "") == []
    assert [v for _, v in SYSTEM.suggest(state, "east", "to", "g")] == ["G4"]
    assert [v for _, v in SYSTEM.suggest(state, "east", "piece", "sam")] == ["T1", "T2"]
    labels = [said(label) for label, _ in pieces]
    assert labels == [
        "T1 Samurai on F4",
        "T2 Samurai on C4",
        "IEYASU Tokugawa Ieyasu in the East camp",
    ]
    (target,) = SYSTEM.suggest(state, "east", "target", "")
    assert said(target[0], "pt-BR") == "B4: W1 Samurai (por T2)"


def test_legal_actions_are_exactly_the_accepted_ones() -> None:
    """Try every move and attack a seat could name; the accepted ones are the listed ones."""
    state = SYSTEM.new_game("skirmish", "exhaustive")
    f = field("skirmish")
    names = [*f.hexes(), *f.camps]
    attacks_seen = 0
    for turn in range(12):
        seat = SYSTEM.prompt(state).seat
        assert seat is not None
        legal = SYSTEM.legal_actions(state, seat)
        listed = {
            (a.type, getattr(a, "piece", ""), getattr(a, "to", "") or getattr(a, "target", ""))
            for a in legal
            if a.type in ("move", "attack")
        }
        accepted = set()
        for piece in (p for p in state.pieces if p.side == seat):
            for name in names:
                for kind, key in (("move", "to"), ("attack", "target")):
                    raw = {"type": kind, "piece": piece.id, key: name, "seat": seat}
                    try:
                        SYSTEM.apply(state, SYSTEM.parse_action(raw))
                    except (RuleViolation, ValidationError):
                        continue
                    accepted.add((kind, piece.id, f.space_of(name)))
        assert accepted == listed
        attacks_seen += sum(1 for a in legal if a.type == "attack")
        attacks = [a for a in legal if a.type == "attack"]
        state, _ = SYSTEM.apply(state, attacks[0] if attacks else legal[(turn * 7) % len(legal)])
        if SYSTEM.outcome(state) is not None:
            break
    assert attacks_seen
