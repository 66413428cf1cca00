"""The turn loop and the GameSystem contract: drawing, hidden hands, views, board, referee."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.text import Words, word_view
from rules.core.board import HexBoardView
from rules.core.engine import Engine
from rules.core.errors import RuleViolation
from rules.core.references import all_rules
from rules.core.system import system
from rules.core.text import msg, term
from rules.samurai.actions import (
    Adjusted,
    BannerWon,
    CardDiscarded,
    CardsDrawn,
    DeckReshuffled,
    GameWon,
    TurnEnded,
)
from rules.samurai.catalogue import cards, scenarios, unit_types
from rules.samurai.engine import SYSTEM
from tests.rules.samurai.kit import (
    act,
    act_events,
    checks,
    game,
    of_type,
    refused,
    said,
    start_turn,
)

HAND = ["order-one-center", "order-two-center", "order-three-center", "advance-center"]
HERE = Path(__file__).parent


def test_system_meets_the_contract() -> None:
    assert isinstance(SYSTEM, Engine)
    assert system("samurai") is SYSTEM  # type: ignore[comparison-overlap]
    assert SYSTEM.referee_actions == frozenset({"adjust", "adjust_cards"})
    infos = SYSTEM.scenarios()
    assert [i.id for i in infos] == sorted(i.id for i in infos)
    assert {"sekigahara-ridge", "river-crossing"} <= {i.id for i in infos}
    assert all(len(i.seats) == 2 for i in infos)
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.new_game("no-such-field", "x")
    assert caught.value.rule_id == "core/bad-input"
    assert "River Crossing" in said(caught.value)


@checks("samurai/hand-size")
def test_hands_come_from_the_scenario() -> None:
    state = SYSTEM.new_game("river-crossing", "hands")
    assert {seat: len(hand) for seat, hand in state.hands.items()} == {"takeda": 4, "uesugi": 5}
    assert state.active == "uesugi" and state.step == "card"
    assert len(state.deck) + 9 == sum(c.count for c in cards().values())


@checks("samurai/unit-strength", "samurai/unit-standards", "samurai/movement-allowance")
def test_unit_roster() -> None:
    """Full strength, standards and allowances come from data/samurai/units.toml."""
    types = unit_types()
    assert {t.figures for t in types.values() if t.kind == "infantry" and not t.leader} == {4}
    assert {t.figures for t in types.values() if t.kind == "cavalry" and not t.leader} == {3}
    assert {t.figures for t in types.values() if t.leader} == {1}
    assert types["samurai-infantry"].standard == "square"
    assert types["ashigaru-bow"].standard == "circle"
    assert types["samurai-cavalry"].move == 3 and types["ashigaru-spear"].move == 1
    state = SYSTEM.new_game("sekigahara-ridge", "roster")
    assert all(p.figures == p.unit_type.figures for p in state.pieces)


@checks("samurai/command-deck", "samurai/deck-shogun-and-charge")
def test_command_deck_composition() -> None:
    counts = Counter({c.id: c.count for c in cards().values()})
    assert [counts[f"order-one-{s}"] for s in ("left", "center", "right")] == [2, 2, 2]
    assert [counts[f"order-two-{s}"] for s in ("left", "center", "right")] == [3, 5, 3]
    assert [counts[f"order-three-{s}"] for s in ("left", "center", "right")] == [3, 3, 3]
    assert [counts[f"advance-{s}"] for s in ("left", "center", "right")] == [2, 2, 2]
    assert counts["shogun"] == 1 and counts["cavalry-charge"] == 2
    state = SYSTEM.new_game("sekigahara-ridge", "deck")
    every = Counter(state.deck + state.hands["red"] + state.hands["blue"])
    assert every == counts
    assert SYSTEM.new_game("sekigahara-ridge", "deck") == state  # the seed fixes the shuffle
    assert SYSTEM.new_game("sekigahara-ridge", "other").deck != state.deck


@checks("samurai/draw-at-end", "samurai/honor-fortune-tokens")
def test_end_turn_draws_one_and_passes() -> None:
    # Ruleset 3 asks for the end-of-turn reward first (samurai/honor-reward).
    state = game(hands={"blue": HAND}).model_copy(update={"ruleset": 2})
    deck = len(state.deck)
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    state, events = act_events(state, "blue", type="end_turn")
    assert len(state.hands["blue"]) == 4 and len(state.deck) == deck - 1
    assert of_type(events, CardsDrawn)[0].count == 1
    ended = of_type(events, TurnEnded)[0]
    assert (ended.seat, ended.next_seat, ended.tokens, ended.next_tokens) == ("blue", "red", 0, 0)
    assert "Honor & Fortune tokens: Blue 0, Red 0" in said(ended)
    assert (state.active, state.step, state.turn_number) == ("red", "card", 2)
    panel = word_view(SYSTEM.board(state, None), Words("en", "samurai")).panel
    assert any("0 tokens" in str(line.text) for line in panel.lines)


@checks("samurai/draw-at-end")
def test_empty_deck_is_rebuilt_from_the_discards() -> None:
    state = game(hands={"blue": HAND})
    state = state.model_copy(update={"discard": list(state.deck), "deck": []})
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    state, events = act_events(state, "blue", type="end_turn")
    assert of_type(events, DeckReshuffled) and len(state.hands["blue"]) == 4


@checks("samurai/order-one-draw-two")
def test_order_one_unit_draws_two_and_keeps_one() -> None:
    state = game(hands={"blue": HAND}).model_copy(update={"ruleset": 2})
    state, _ = start_turn(state, "blue", "order-one-center", "U7")
    top_two = state.deck[:2]
    state, events = act_events(state, "blue", type="end_turn")
    assert of_type(events, CardsDrawn)[0].count == 2
    assert state.step == "keep" and state.keep_choices == top_two
    prompt = SYSTEM.prompt(state)
    assert (prompt.seat, prompt.actions) == ("blue", ("keep", "adjust", "adjust_cards"))
    assert SYSTEM.view(state, "red").position["keep_choices"] == []
    assert SYSTEM.view(state, "blue").position["keep_choices"] == top_two
    not_drawn = next(c for c in cards() if c not in top_two)
    err = refused(state, "blue", "samurai/order-one-draw-two", type="keep", card=not_drawn)
    assert err.reason.args["choices"].items == tuple(term("card", c) for c in top_two)  # type: ignore[union-attr]
    assert "keep" in said(err)
    state, events = act_events(state, "blue", type="keep", card=top_two[1])
    assert top_two[1] in state.hands["blue"] and len(state.hands["blue"]) == 4
    assert state.discard[-1] == top_two[0]
    assert of_type(events, CardDiscarded)[0].card == top_two[0]
    assert (state.active, state.step) == ("red", "card")


@checks("core/not-your-turn", "core/wrong-step")
def test_out_of_turn_and_wrong_step_are_refused() -> None:
    state = game(hands={"blue": HAND})
    err = refused(state, "red", "core/not-your-turn", type="play", card="order-two-center")
    assert "It is Blue's turn" in said(err)
    refused(state, "referee", "core/not-your-turn", type="end_turn")
    err = refused(state, "blue", "core/wrong-step", type="end_turn")
    assert "at the command card step" in said(err)


@checks("core/bad-input")
def test_action_input_is_normalised_and_checked() -> None:
    """Forms are normalised; unknown cards and off-board hexes are refused."""
    move = SYSTEM.parse_action({"type": "move", "piece": " u3", "to": "e5", "seat": "blue"})
    assert (move.piece, move.to) == ("U3", "E5")  # type: ignore[attr-defined]
    play = SYSTEM.parse_action({"type": "play", "card": "Order Two Units Left"})
    assert play.card == "order-two-left"  # type: ignore[attr-defined]
    assert SYSTEM.parse_action({"type": "play", "card": "order two left"}) == play
    order = SYSTEM.parse_action({"type": "order", "pieces": "u3, l1"})
    assert order.pieces == "U3 L1"  # type: ignore[attr-defined]
    assert SYSTEM.parse_action({"type": "order", "pieces": "None"}).pieces == ""  # type: ignore[attr-defined]
    for bad in ({"type": "move", "piece": "U3", "to": "M2"}, {"type": "retreat", "to": "A10"}):
        with pytest.raises(RuleViolation) as caught:
            SYSTEM.parse_action(bad)
        assert caught.value.rule_id == "core/bad-input" and "A1 to M9" in said(caught.value)
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.parse_action({"type": "play", "card": "Dragon Strike"})
    assert caught.value.rule_id == "core/bad-input"
    assert caught.value.reason == msg("refusal-unknown-card", text="Dragon Strike")
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.parse_action({"type": "move", "piece": "U3", "to": "55"})
    assert caught.value.reason == msg("refusal-hex-name", text="55")
    with pytest.raises(ValidationError):
        SYSTEM.parse_action({"type": "fly", "piece": "U3"})
    state = game(hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    refused(state, "blue", "core/bad-input", type="move", piece="U77", to="E5")


def test_state_round_trips_through_json() -> None:
    state = game(hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "U7 U9")
    state = act(state, "blue", type="move", piece="U7", to="G7")
    text = json.dumps(state.model_dump(mode="json"))
    again = SYSTEM.load_state(json.loads(text))
    assert again == state
    assert again.model_dump(mode="json") == state.model_dump(mode="json")
    assert SYSTEM.legal_actions(again, "blue") == SYSTEM.legal_actions(state, "blue")


def test_views_hide_hands_deck_and_seed() -> None:
    state = SYSTEM.new_game("sekigahara-ridge", "very-secret-seed")
    red = SYSTEM.view(state, "red").position
    assert red["hand"] == state.hands["red"]
    assert red["hand_counts"] == {"red": 5, "blue": 5}
    assert red["deck_count"] == len(state.deck)
    spectator = SYSTEM.view(state, None)
    assert spectator.private == ()
    assert spectator.position["hand"] == []
    assert spectator.position["hand_counts"] == {"red": 5, "blue": 5}
    for view in (red, SYSTEM.view(state, "blue").position, spectator.position):
        text = json.dumps(view)
        assert "very-secret-seed" not in text and "dice" not in view and "deck" not in view
        assert "hands" not in view
    blue_only = set(state.hands["blue"]) - set(state.hands["red"])
    assert not blue_only & set(red["hand"])


def test_refused_action_leaves_the_state_unchanged() -> None:
    state = game(hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    before = state.model_dump(mode="json")
    with pytest.raises(RuleViolation):
        SYSTEM.apply(
            state, SYSTEM.parse_action({"type": "move", "piece": "U7", "to": "G5", "seat": "blue"})
        )
    assert state.model_dump(mode="json") == before
    new_state = act(state, "blue", type="move", piece="U7", to="G7")
    assert state.model_dump(mode="json") == before and new_state != state


@checks("samurai/adjust", "core/referee-only")
def test_referee_adjustments() -> None:
    """The service checks who may adjust; the engine checks what changes."""
    state = game(hands={"blue": HAND})
    state, events = act_events(
        state, "referee", type="adjust", piece="u7", figures=-2, note="miscount"
    )
    assert state.piece("U7").figures == 2  # type: ignore[union-attr]
    assert of_type(events, Adjusted)[0] == Adjusted(
        change="figures", piece="U7", before=4, after=2, note="miscount"
    )
    assert "U7 figures 4 → 2 (miscount)" in said(of_type(events, Adjusted)[0])
    state, events = act_events(state, "referee", type="adjust", piece="U7", to="g6")
    assert state.piece("U7").hex == "G6"  # type: ignore[union-attr]
    state = act(state, "referee", type="adjust", piece="U10", figures=-4)
    assert state.piece("U10") is None and state.banners == {"red": 0, "blue": 0}
    state = act(state, "referee", type="adjust", side="red", tokens=2)
    state = act(state, "blue", type="adjust", tokens=1)
    state = act(state, "referee", type="adjust", piece="U1", tokens=-1)
    assert state.tokens == {"red": 1, "blue": 1}
    state, events = act_events(state, "referee", type="adjust", banner="Red")
    assert state.banners["red"] == 1 and of_type(events, BannerWon)
    refused(state, "referee", "samurai/adjust", type="adjust", note="nothing")
    refused(state, "referee", "samurai/adjust", type="adjust", piece="U7", figures=3)
    refused(state, "referee", "samurai/adjust", type="adjust", piece="U7", figures=-3)
    refused(state, "referee", "samurai/adjust", type="adjust", piece="U7", to="E8")
    refused(state, "referee", "samurai/adjust", type="adjust", tokens=1)
    refused(state, "referee", "core/bad-input", type="adjust", banner="green")
    state = state.model_copy(update={"banners": {"red": 2, "blue": 0}})
    state, events = act_events(state, "referee", type="adjust", banner="red")
    assert of_type(events, GameWon) and SYSTEM.outcome(state) is not None


def test_suggestions() -> None:
    state = game(
        hands={"blue": HAND, "red": ["shogun", "advance-left", "order-two-left", "order-one-left"]}
    )
    blue_cards = SYSTEM.suggest(state, "blue", "card", "")
    assert {v for _, v in blue_cards} == set(HAND)
    assert SYSTEM.suggest(state, "blue", "card", "adv") == [
        (msg("suggest-card", card=term("card", "advance-center")), "advance-center")
    ]
    assert all(v in HAND for _, v in SYSTEM.suggest(state, "blue", "card", "two"))
    state = act(state, "blue", type="play", card="order-two-center")
    pieces = SYSTEM.suggest(state, "blue", "pieces", "U7 ")
    assert pieces and all(v.startswith("U7 ") for _, v in pieces)
    assert SYSTEM.suggest(state, "blue", "pieces", "u")[0][1].startswith("U")
    state = act(state, "blue", type="order", pieces="U7")
    assert SYSTEM.suggest(state, "blue", "piece", "")[0][1] == "U7"
    targets = SYSTEM.suggest(state, "blue", "to", "")
    assert targets and len(targets) <= 25 and all(re.fullmatch(r"[A-M]\d", v) for _, v in targets)
    assert SYSTEM.suggest(state, "blue", "target", "") == []
    assert SYSTEM.suggest(state, None, "card", "") == []


def test_board_picture() -> None:
    state = SYSTEM.new_game("sekigahara-ridge", "board")
    state = act(state, "blue", type="play", card=state.hands["blue"][0])
    board = SYSTEM.board(state, None)
    assert isinstance(board, HexBoardView) and not board.flipped
    assert SYSTEM.board(state, "red").flipped and not SYSTEM.board(state, "blue").flipped
    assert (board.cols, board.rows, board.section_lines) == (13, 9, (4.0, 8.0))
    assert board.sides == {"red": "#c0392b", "blue": "#2e5fa8"}
    assert len(board.terrain) == len(scenarios()["sekigahara-ridge"].terrain)
    labels = {m.label for m in board.markers}
    assert {"U3", "L3", "U22"} <= labels and "L1" not in labels  # L1 rides with U3
    assert next(m for m in board.markers if m.label == "U3").leader == "L1"
    texts = [str(line.text) for line in word_view(board, Words("en", "samurai")).panel.lines]
    assert any("Red: banners 0/6" in t for t in texts) and any("5 cards" in t for t in texts)
    assert any("Blue: name up to" in t for t in texts)
    options = SYSTEM.legal_actions(state, "blue")
    state, _ = SYSTEM.apply(state, options[-1])
    assert any(m.highlight for m in SYSTEM.board(state, None).markers) or options[-1].pieces == ""  # type: ignore[attr-defined]


def test_every_rule_id_is_registered_and_tested() -> None:
    ids = {r for r in all_rules() if r.startswith("samurai/")}
    sources = "\n".join(p.read_text() for p in HERE.glob("test_*.py"))
    assert sorted(i for i in ids if f'"{i}"' not in sources) == []
    engine = "\n".join(p.read_text() for p in (HERE.parents[2] / "rules" / "samurai").glob("*.py"))
    raised = set(re.findall(r'"((?:samurai|core)/[a-z0-9-]+)"', engine))
    assert raised <= set(all_rules())
    for ref in (all_rules()[i] for i in ids):
        if ref.source == "seed":
            assert ref.origin == "samurai-battles-orders-and-leaders"
    house = (HERE.parents[2] / "data" / "samurai" / "HOUSE_RULES.md").read_text()
    assert {i for i in ids if all_rules()[i].source == "house"} == set(
        re.findall(r"`(samurai/[a-z0-9-]+)`", house)
    )
