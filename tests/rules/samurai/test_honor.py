"""Honor & Fortune as published (ruleset 3): gains, costs, inspiration, seppuku, lack of honor."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.model import Event
from rules.core.text import Msg
from rules.samurai.actions import BattleRolled, TurnEnded
from rules.samurai.engine import SYSTEM
from rules.samurai.honor_actions import (
    CommandCardLost,
    DragonDrawn,
    HonorLacking,
    Inspired,
    SeppukuCommitted,
    TokensChanged,
)
from rules.samurai.state import SamuraiState
from tests.rules.samurai.kit import (
    PieceSpec,
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

HAND = ["order-one-center", "order-two-center", "order-three-center", "advance-center"]


def ordered(
    pieces: Sequence[PieceSpec], order: str = "U1", **tokens: int
) -> SamuraiState:
    """Blue to move with `order` given by Order Three Units Center; tokens as given."""
    state = game(pieces, hands={"blue": HAND}, tokens=tokens)
    state, _ = start_turn(state, "blue", "order-three-center", order)
    return state


def reasons(events: Sequence[Event]) -> list[tuple[str, int, str]]:
    """Return (seat, change, reason) of every change of a reserve, in order."""
    return [(e.seat, e.change, e.reason) for e in of_type(events, TokensChanged)]


@checks("samurai/honor-starting-tokens")
def test_each_side_starts_with_the_scenarios_tokens_and_dragon_cards() -> None:
    state = SYSTEM.new_game("river-crossing", "start")
    assert state.tokens == {"takeda": 4, "uesugi": 3}
    assert {s: len(h) for s, h in state.dragon_hands.items()} == {"takeda": 2, "uesugi": 2}
    assert len(state.dragon_deck) == 5 - 4
    old = SYSTEM.replay_start("river-crossing", "start", "samurai-4")
    assert old.tokens == {"takeda": 0, "uesugi": 0} and old.dragon_hands == {}
    assert old.dragon_deck == []


@checks("samurai/honor-reward")
def test_the_end_of_a_turn_offers_a_dragon_card_or_two_tokens() -> None:
    state = game(hands={"blue": HAND}, tokens={"blue": 1})
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    state = act(state, "blue", type="end_turn")
    assert (state.step, SYSTEM.prompt(state).seat) == ("reward", "blue")
    choices = {a.choice for a in SYSTEM.legal_actions(state, "blue") if a.type == "reward"}  # type: ignore[attr-defined]
    assert choices == {"dragon", "tokens"}
    taken, events = act_events(state, "blue", type="reward", choice="tokens")
    assert taken.tokens["blue"] == 3 and reasons(events) == [("blue", 2, "reward")]
    assert of_type(events, TurnEnded)[0].tokens == 3
    assert (taken.active, taken.step) == ("red", "card")
    drew, events = act_events(state, "blue", type="reward", choice="dragon")
    assert drew.dragon_hands["blue"] == state.dragon_deck[:1] and drew.tokens["blue"] == 1
    assert of_type(events, DragonDrawn)[0].count == 1
    empty = state.model_copy(update={"dragon_deck": [], "dragon_discard": []})
    err = refused(empty, "blue", "samurai/honor-reward", type="reward", choice="dragon")
    assert err.message == "refusal-dragon-deck-empty"
    # Games of older rulesets pass the turn at once.
    old = game(hands={"blue": HAND}).model_copy(update={"ruleset": 2})
    old, _ = start_turn(old, "blue", "order-two-center", "U7")
    assert act(old, "blue", type="end_turn").step == "card"


@checks("samurai/honor-discard-dragon")
def test_a_dragon_card_discarded_at_the_end_of_a_turn_earns_a_token() -> None:
    state = game(hands={"blue": HAND}, dragons={"blue": ["ambush", "ambush"]})
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    state = act(state, "blue", type="end_turn")
    state, events = act_events(state, "blue", type="dragon_discard", card="ambush")
    assert state.dragon_hands["blue"] == ["ambush"] and state.dragon_discard[-1] == "ambush"
    assert reasons(events) == [("blue", 1, "discard")] and state.step == "reward"
    err = refused(state, "blue", "samurai/honor-discard-dragon", type="dragon_discard",
                  card="ambush")
    assert err.message == "refusal-discarded-already"
    assert not [a for a in SYSTEM.legal_actions(state, "blue") if a.type == "dragon_discard"]


@checks("samurai/honor-close-combat-faces")
def test_honor_faces_in_close_combat_earn_tokens_but_not_at_range() -> None:
    state = ordered([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-bow", "red", "G7")])
    state = with_rolls(state, "honor", "honor", "circle", "honor", "flag")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert len(of_type(events, BattleRolled)) == 2  # the bow battles back: one face for red
    assert reasons(events) == [("blue", 2, "faces"), ("red", 1, "faces")]
    shooter = ordered([("U1", "ashigaru-bow", "blue", "G9"), ("U9", "ashigaru-spear", "red", "G7")])
    shooter = with_rolls(shooter, "honor", "honor")
    shooter, events = act_events(shooter, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled)[0].ranged and shooter.tokens["blue"] == 0


@checks("samurai/honor-retreat-cost", "samurai/flags-retreat")
def test_a_retreat_costs_tokens_by_standard_and_more_with_a_leader() -> None:
    # A triangle unit, one hex: one token.
    state = ordered([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")],
                    red=5)
    state = with_rolls(state, "flag", "honor", "honor")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    state, events = act_events(state, "red", type="retreat", to="G6")
    assert reasons(events) == [("red", -1, "retreat")] and state.tokens["red"] == 4
    # A square unit with its leader, one hex: two and one more.
    pieces = [("U1", "samurai-cavalry", "blue", "G8"), ("U9", "samurai-infantry", "red", "G7"),
              ("L1", "foot-leader", "red", "G7"), ("U5", "ashigaru-spear", "red", "F6")]
    state = ordered(pieces, red=5)
    state = with_rolls(state, "flag", "flag", "circle", "circle", None, None)
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    assert state.step == "react"  # his leader could inspire the battle back: let it go on
    state, events = act_events(state, "red", type="decline")
    assert ("red", -3, "retreat") in reasons(events)


@checks("samurai/lack-of-honor")
def test_a_side_that_cannot_pay_a_retreat_loses_figures() -> None:
    state = ordered([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")])
    state = with_rolls(state, "flag", "honor", "honor")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    state, events = act_events(state, "red", type="retreat", to="G6")
    lacking = of_type(events, HonorLacking)[0]
    assert (lacking.seat, lacking.piece, lacking.owed) == ("red", "U9", 1)
    assert state.piece("U9").figures == 3  # type: ignore[union-attr]
    assert "lacks honor" in said(lacking)


@checks("samurai/honor-escape-cost", "samurai/lack-of-honor", "samurai/leader-escape")
def test_a_leader_falling_back_alone_pays_three_tokens_or_is_lost() -> None:
    pieces = [("U1", "samurai-infantry", "blue", "G8"), ("L1", "foot-leader", "red", "G7")]
    state = ordered(pieces, red=4)
    state = with_rolls(state, "circle", "flag", "triangle", "square")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    assert state.step == "retreat" and state.retreat and state.retreat.escape
    paid, events = act_events(state, "red", type="retreat", to="G5")
    assert reasons(events) == [("red", -3, "escape")] and paid.piece("L1").hex == "G5"  # type: ignore[union-attr]
    poor = state.model_copy(update={"tokens": {"red": 1, "blue": 0}})
    lost, events = act_events(poor, "red", type="retreat", to="G5")
    assert of_type(events, HonorLacking)[0].owed == 2
    assert lost.piece("L1") is None and lost.banners["blue"] == 1


@checks("samurai/leader-inspiration", "samurai/honor-close-combat-faces")
def test_a_foot_leader_inspires_his_unit_for_a_token() -> None:
    pieces = [("U1", "ashigaru-spear", "blue", "G8"), ("L2", "foot-leader", "blue", "G8"),
              ("U9", "ashigaru-spear", "red", "G7")]
    state = ordered(pieces, blue=1)
    assert [a.piece for a in SYSTEM.legal_actions(state, "blue") if a.type == "inspire"] == ["U1"]  # type: ignore[attr-defined]
    state, events = act_events(state, "blue", type="inspire", piece="U1")
    assert of_type(events, Inspired)[0].leader == "L2" and state.tokens["blue"] == 0
    err = refused(state, "blue", "samurai/leader-inspiration", type="inspire", piece="U1")
    assert err.message == "refusal-inspired-already"
    state = with_rolls(state, "honor", "honor", "circle", "circle", None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled)[0].dice == 4  # three for a triangle, one inspired
    assert ("blue", 1, "faces") in reasons(events)  # the first honor face is not collected


@checks("samurai/leader-inspiration")
def test_a_mounted_leader_inspires_an_adjacent_unit_and_refusals() -> None:
    pieces = [("U1", "ashigaru-spear", "blue", "G8"), ("L2", "mounted-leader", "blue", "H8"),
              ("U2", "ashigaru-spear", "blue", "E8"), ("U9", "ashigaru-spear", "red", "G7")]
    state = ordered(pieces, "U1 U2", blue=2)
    state = act(state, "blue", type="inspire", piece="U1")
    assert state.inspired == ["U1"]
    err = refused(state, "blue", "samurai/leader-inspiration", type="inspire", piece="U2")
    assert err.message == "refusal-inspire-no-enemy"
    err = refused(state, "blue", "samurai/leader-inspiration", type="inspire", piece="U9")
    assert err.message == "refusal-inspire-not-your-unit"
    lone = ordered([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")],
                   blue=2)
    err = refused(lone, "blue", "samurai/leader-inspiration", type="inspire", piece="U1")
    assert err.message == "refusal-inspire-no-leader"
    poor = state.model_copy(update={"tokens": {"red": 0, "blue": 0}, "inspired": []})
    err = refused(poor, "blue", "samurai/leader-inspiration", type="inspire", piece="U1")
    assert err.message == "refusal-tokens-short"
    old = state.model_copy(update={"ruleset": 2, "inspired": []})
    err = refused(old, "blue", "samurai/honor-fortune-in-battle", type="inspire", piece="U1")
    assert err.message == "refusal-not-this-ruleset"


@checks("samurai/leader-inspiration", "samurai/dragon-interrupt")
def test_the_defender_may_inspire_his_unit_for_the_battle_back() -> None:
    pieces = [("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7"),
              ("L1", "foot-leader", "red", "G7")]
    state = ordered(pieces, red=1)
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    assert (state.step, SYSTEM.prompt(state).seat) == ("react", "red")
    kinds = sorted(a.type for a in SYSTEM.legal_actions(state, "red"))
    assert kinds == ["decline", "inspire"]
    err = refused(state, "red", "samurai/leader-inspiration", type="inspire", piece="L1")
    assert err.message == "refusal-inspire-not-your-unit"
    state = act(state, "red", type="inspire", piece="U9")
    state = with_rolls(state, "circle", "circle", "circle", None, None, None, None, None)
    state, events = act_events(state, "red", type="decline")
    rolls = of_type(events, BattleRolled)
    assert [r.dice for r in rolls] == [3, 4] and rolls[1].battle_back
    assert state.step == "battles" and SYSTEM.prompt(state).seat == "blue"


@checks("samurai/seppuku")
def test_a_leader_who_must_fall_back_may_commit_seppuku() -> None:
    pieces = [("U1", "samurai-infantry", "blue", "G8"), ("L1", "foot-leader", "red", "G7")]
    state = ordered(pieces)
    state = state.model_copy(update={"hands": {**state.hands, "red": ["order-two-left"]}})
    state = with_rolls(state, "circle", "flag", "triangle", "square", None)
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    prompt = SYSTEM.prompt(state)
    assert prompt.seat == "red"
    assert "seppuku" in [a.type for a in SYSTEM.legal_actions(state, "red")]
    assert isinstance(prompt.hint, Msg) and "seppuku" in said(prompt.hint)
    refused(state, "blue", "core/not-your-turn", type="seppuku")
    deck = list(state.dragon_deck)
    state, events = act_events(state, "red", type="seppuku")
    assert of_type(events, SeppukuCommitted)[0].leader == "L1" and state.piece("L1") is None
    assert state.banners == {"red": 0, "blue": 0} and state.tokens["red"] == 5
    assert of_type(events, CommandCardLost)[0].card == "order-two-left" and not state.hands["red"]
    # The hex he left may be taken (samurai/gaining-ground).
    assert state.dragon_hands["blue"] == deck[:1] and state.step == "momentum"
    err = refused(state, "red", "core/not-your-turn", type="seppuku")
    assert err.rule_id == "core/not-your-turn"
    err = refused(state, "blue", "core/wrong-step", type="seppuku")
    assert err.rule_id == "core/wrong-step"


@checks("samurai/honor-fortune-tokens")
def test_the_board_and_status_show_tokens_and_dragon_cards() -> None:
    state = game(dragons={"blue": ["ambush"]}, tokens={"blue": 3})
    panel = [said(line.text) for line in SYSTEM.board(state, None).panel.lines]
    assert "Blue: 1 Dragon card" in panel and "Red: 0 Dragon cards" in panel
    assert any("3 tokens" in line for line in panel)
    status = [said(m) for m in SYSTEM.summary(state, False)]
    assert "Blue holds one Dragon card." in status
    assert any(s.startswith("Dragon deck:") for s in status)
    old = state.model_copy(update={"ruleset": 2})
    assert not [m for m in SYSTEM.summary(old, False) if m.key == "summary-dragons"]
