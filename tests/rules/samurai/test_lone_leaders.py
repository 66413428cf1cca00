"""Leaders alone: hit by swords only, falling back instead of retreating, moving as their kind."""

from __future__ import annotations

from rules.samurai.actions import (
    BannerWon,
    BattleRolled,
    EscapePending,
    LeaderEscaped,
    RetreatBlocked,
    Retreated,
    UnitEliminated,
)
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState
from tests.rules.samurai.kit import (
    act,
    act_events,
    checks,
    game,
    of_type,
    refused,
    start_turn,
    with_rolls,
)

HAND = ["order-one-center", "order-two-center", "order-three-center", "cavalry-charge"]


def _facing_lone_leader(leader_hex: str = "G7", ruleset: int = 2) -> SamuraiState:
    pieces = [("U1", "samurai-infantry", "blue", "G8"), ("L1", "foot-leader", "red", leader_hex)]
    state = game(pieces, hands={"blue": HAND}).model_copy(update={"ruleset": ruleset})
    state, _ = start_turn(state, "blue", "order-one-center", "U1")
    return state


@checks("samurai/lone-leader-hit-by-swords", "samurai/leader-escape")
def test_lone_leader_hit_by_swords_only() -> None:
    """Symbols and flags do nothing to a lone leader; without a sword he falls back."""
    state = with_rolls(_facing_lone_leader(), "circle", "flag", "flag", "square")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    roll = of_type(events, BattleRolled)
    assert len(roll) == 1 and roll[0].lone_leader  # he does not battle back
    assert (roll[0].hits, roll[0].flags, roll[0].flags_ignored) == (0, 0, 2)
    assert not of_type(events, Retreated) and not of_type(events, UnitEliminated)
    assert of_type(events, EscapePending)[0].leader == "L1"
    assert state.banners["blue"] == 0 and SYSTEM.prompt(state).seat == "red"


@checks("samurai/lone-leader-hit-by-swords")
def test_lone_leader_hit_by_swords_one_is_enough() -> None:
    state = with_rolls(_facing_lone_leader(), "sword", "circle", "flag", "honor")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled)[0].hits == 1
    assert [e.piece for e in of_type(events, UnitEliminated)] == ["L1"]
    assert of_type(events, BannerWon)[0].seat == "blue" and state.piece("L1") is None


@checks("samurai/lone-leader-hit-by-swords")
def test_lone_leader_hit_by_swords_not_in_ruleset_1_games() -> None:
    """Games made before the change keep the circle standard and flags on a lone leader."""
    state = with_rolls(_facing_lone_leader(ruleset=1), "circle", "triangle", "triangle", "square")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled)[0].hits == 1 and state.piece("L1") is None


@checks("samurai/leader-escape-blocked")
def test_leader_escape_blocked_costs_him_his_life() -> None:
    """Both hexes back hold enemies: he takes the hit and falls (so did one on his edge)."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("L1", "foot-leader", "red", "G7"),
        ("U2", "ashigaru-spear", "blue", "F6"),
        ("U3", "ashigaru-spear", "blue", "G6"),
    ]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "U1")
    state = with_rolls(state, "circle", "flag", "triangle", "square")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    blocked = of_type(events, RetreatBlocked)[0]
    assert (blocked.piece, blocked.hits) == ("L1", 1)
    assert state.piece("L1") is None and state.banners["blue"] == 1
    # Before ruleset 3 a leader on his own edge fell the same way
    # (from ruleset 3 on he leaves the battlefield: samurai/leader-leaves-by-baseline).
    pieces = [("U1", "samurai-cavalry", "blue", "G2"), ("L1", "foot-leader", "red", "G1")]
    state = game(pieces, hands={"blue": HAND}).model_copy(update={"ruleset": 2})
    state, _ = start_turn(state, "blue", "order-one-center", "U1")
    state = with_rolls(state, "circle", "flag", "triangle", "square")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G1")
    assert of_type(events, RetreatBlocked)[0].piece == "L1" and state.banners["blue"] == 1


@checks("samurai/leader-escape")
def test_leader_escape_may_join_a_friendly_unit() -> None:
    """A friendly unit he may lead, on his way back, is somewhere he may stop and join."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("L1", "foot-leader", "red", "G7"),
        ("U9", "ashigaru-spear", "red", "G6"),
        ("U8", "ashigaru-spear", "red", "F6"),
        ("L3", "foot-leader", "red", "F6"),
    ]
    # Red can pay for his falling back (samurai/honor-escape-cost).
    state = game(pieces, hands={"blue": HAND}, tokens={"red": 3})
    state, _ = start_turn(state, "blue", "order-one-center", "U1")
    state = with_rolls(state, "circle", "flag", "triangle", "square")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    # Both hexes behind him hold friends; only the unit without a leader takes him. With one
    # hex open he is still asked: seppuku is his other choice (samurai/seppuku).
    assert [a.type for a in SYSTEM.legal_actions(state, "red")] == ["retreat", "seppuku"]
    state, events = act_events(state, "red", type="retreat", to="G6")
    escaped = of_type(events, LeaderEscaped)[0]
    assert (escaped.end, escaped.unit) == ("G6", "U9")
    assert state.leader_at("G6").id == "L1" and state.step == "momentum"  # type: ignore[union-attr]


@checks("samurai/lone-leader-is-unit", "samurai/movement-allowance")
def test_lone_leader_is_unit_foot_leader_moves_as_infantry() -> None:
    """A foot leader alone moves 1 hex as infantry; ruleset 1 games keep 2."""
    pieces = [("L2", "foot-leader", "blue", "G9"), ("U9", "ashigaru-spear", "red", "C2")]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "L2")
    refused(state, "blue", "samurai/movement-allowance", type="move", piece="L2", to="G7")
    moves = {a.to for a in SYSTEM.legal_actions(state, "blue") if a.type == "move"}  # type: ignore[attr-defined]
    assert moves and all(m[1:] == "8" or m in ("F9", "H9") for m in moves)
    old = state.model_copy(update={"ruleset": 1})
    assert act(old, "blue", type="move", piece="L2", to="G7").piece("L2").hex == "G7"  # type: ignore[union-attr]


@checks("samurai/gaining-ground")
def test_gaining_ground_is_left_out_of_ruleset_2_games() -> None:
    """Games begun before ruleset 3 replay as played: the attacker may not take the hex."""
    pieces = [("U1", "samurai-infantry", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")]
    state = game(pieces, hands={"blue": HAND}).model_copy(update={"ruleset": 2})
    state, _ = start_turn(state, "blue", "order-one-center", "U1")
    state = with_rolls(state, "flag", "circle", "circle", "honor")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    state, events = act_events(state, "red", type="retreat", to="G6")
    assert of_type(events, Retreated)
    assert state.unit_at("G7") is None and state.step == "battles"
    assert {a.type for a in SYSTEM.legal_actions(state, "blue")} == {"end_turn"}
    refused(state, "blue", "core/wrong-step", type="move", piece="U1", to="G7")
