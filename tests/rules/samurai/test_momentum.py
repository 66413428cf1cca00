"""Gaining ground, the bonus close combat and the baseline exit of a leader (ruleset 3)."""

from __future__ import annotations

from rules.samurai.actions import (
    BannerWon,
    BattleRolled,
    BonusBattle,
    GroundGained,
    GroundHeld,
    LeaderLeftBattlefield,
    Retreated,
)
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState
from tests.rules.samurai.kit import (
    PieceSpec,
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


def _attack(pieces: list[PieceSpec], order: str = "U1", ruleset: int = 3) -> SamuraiState:
    """Blue to battle, `order` given by Order Three Units Center, in a game of `ruleset`."""
    state = game(pieces, hands={"blue": HAND}).model_copy(update={"ruleset": ruleset})
    state, _ = start_turn(state, "blue", "order-three-center", order)
    return state


def _types(state: SamuraiState, seat: str = "blue") -> list[str]:
    return [a.type for a in SYSTEM.legal_actions(state, seat)]


# Red's U9 on G7 is pushed back to G6 (F6 is held): G7 is left empty.
PUSHED = [
    ("U1", "samurai-infantry", "blue", "G8"),
    ("U9", "ashigaru-spear", "red", "G7"),
    ("U8", "ashigaru-spear", "red", "F6"),
]


@checks("samurai/gaining-ground")
def test_gaining_ground_into_the_hex_the_enemy_left() -> None:
    state = with_rolls(_attack(PUSHED), "flag", "circle", "circle", "honor")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert [(e.start, e.end) for e in of_type(events, Retreated)] == [("G7", "G6")]
    prompt = SYSTEM.prompt(state)
    assert (prompt.seat, prompt.step) == ("blue", "momentum")
    assert _types(state) == ["gain", "hold"] and _types(state, "red") == []
    assert str(SYSTEM.label(SYSTEM.legal_actions(state, "blue")[0], state).args["hex"]) == "G7"
    # The advance is settled before any other battle.
    err = refused(state, "blue", "samurai/gaining-ground", type="battle", piece="U1", target="G6")
    assert err.message == "refusal-gain-first"
    state, events = act_events(state, "blue", type="gain")
    gained = of_type(events, GroundGained)[0]
    assert (gained.piece, gained.start, gained.end, gained.leader) == ("U1", "G8", "G7", None)
    # Infantry with no leader gains ground only: back to the battles, and U1 has battled.
    assert state.piece("U1").hex == "G7" and state.step == "battles"  # type: ignore[union-attr]
    assert state.momentum is None and _types(state) == ["end_turn"]


@checks("samurai/gaining-ground")
def test_gaining_ground_is_optional() -> None:
    state = with_rolls(_attack(PUSHED), "flag", "circle", "circle", "honor")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    state, events = act_events(state, "blue", type="hold")
    assert of_type(events, GroundHeld)[0].hex == "G8" and state.piece("U1").hex == "G8"  # type: ignore[union-attr]
    assert state.step == "battles" and state.momentum is None


@checks("samurai/gaining-ground")
def test_gaining_ground_never_after_a_shot() -> None:
    pieces = [("U1", "ashigaru-bow", "blue", "G9"), *PUSHED[1:]]
    state = with_rolls(_attack(pieces), "flag", "honor")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled)[0].ranged and of_type(events, Retreated)
    assert state.unit_at("G7") is None and state.step == "battles" and state.momentum is None


@checks("samurai/gaining-ground", "samurai/battle-back")
def test_gaining_ground_not_for_an_attacker_pushed_back_nor_the_defender() -> None:
    """Battle back drives the attacker off: neither side may step into a hex."""
    pieces = [("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")]
    state = with_rolls(_attack(pieces), "circle", "circle", "circle", "flag", "honor", "honor")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled)[1].battle_back and state.step == "retreat"
    state = act(state, "blue", type="retreat", to="G9")
    assert state.step == "battles" and state.momentum is None and _types(state) == ["end_turn"]


@checks("samurai/bonus-close-combat", "samurai/gaining-ground")
def test_bonus_close_combat_for_cavalry_then_ground_again_but_no_third_battle() -> None:
    pieces = [
        ("U1", "samurai-cavalry", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "G7", 1),
        ("U10", "ashigaru-spear", "red", "G6"),
        ("U8", "ashigaru-spear", "red", "H5"),
    ]
    state = _attack(pieces)
    faces = ("triangle", None, None, None, "flag", "honor", "honor", "honor")
    state = with_rolls(state, *faces)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BannerWon) and state.step == "momentum"
    assert SYSTEM.prompt(state).hint.args["bonus"] is True
    state = act(state, "blue", type="gain")
    # From G7 it may battle G6 again, or stop.
    assert [(a.type, getattr(a, "target", None)) for a in SYSTEM.legal_actions(state, "blue")] == [
        ("battle", "G6"),
        ("hold", None),
    ]
    err = refused(state, "blue", "samurai/gaining-ground", type="gain")
    assert err.message == "refusal-ground-gained"
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G6")
    assert of_type(events, BonusBattle)[0].target == "G6"
    roll = of_type(events, BattleRolled)[0]
    assert (roll.attacker, roll.dice) == ("U1", 4)
    assert [(e.start, e.end) for e in of_type(events, Retreated)] == [("G6", "G5")]
    # The bonus battle cleared G6: it may gain ground again, and then its battles are over.
    assert state.step == "momentum" and SYSTEM.prompt(state).hint.args["bonus"] is False
    state = act(state, "blue", type="gain")
    assert state.piece("U1").hex == "G6" and state.step == "battles"  # type: ignore[union-attr]
    assert _types(state) == ["end_turn"]


@checks("samurai/bonus-close-combat")
def test_bonus_close_combat_for_a_unit_with_a_leader_only_at_an_enemy_next_to_it() -> None:
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("L1", "foot-leader", "blue", "G8"),
        ("U2", "ashigaru-spear", "blue", "E8"),
        ("U9", "ashigaru-spear", "red", "G7", 1),
        ("U10", "ashigaru-spear", "red", "G6"),
    ]
    state = with_rolls(_attack(pieces, "U1 U2"), "triangle", "honor", "honor", "honor")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    state, events = act_events(state, "blue", type="gain")
    assert of_type(events, GroundGained)[0].leader == "L1" and state.leader_at("G7").id == "L1"  # type: ignore[union-attr]
    assert state.momentum is not None and state.momentum.stage == "bonus"
    rule = "samurai/bonus-close-combat"
    err = refused(state, "blue", rule, type="battle", piece="U2", target="G6")
    assert err.message == "refusal-bonus-piece"
    err = refused(state, "blue", rule, type="battle", piece="U1", target="F6")
    assert err.message == "refusal-bonus-target"
    state, events = act_events(state, "blue", type="hold")
    assert of_type(events, GroundHeld)[0].bonus and state.step == "battles"
    # U1 has had its battle; the G6 enemy is out of U2's reach.
    refused(state, "blue", "samurai/battle-once", type="battle", piece="U1", target="G6")


@checks("samurai/bonus-close-combat", "samurai/lone-leader-is-unit")
def test_bonus_close_combat_for_a_lone_mounted_leader_not_a_foot_one() -> None:
    for leader, bonus in (("foot-leader", False), ("mounted-leader", True)):
        pieces = [
            ("L2", leader, "blue", "G8"),
            ("U9", "ashigaru-spear", "red", "G7", 1),
            ("U10", "ashigaru-spear", "red", "G6"),
        ]
        state = with_rolls(_attack(pieces, "L2"), "triangle", "honor")
        state = act(state, "blue", type="battle", piece="L2", target="G7")
        assert state.step == "momentum" and SYSTEM.prompt(state).hint.args["bonus"] is bonus
        state = act(state, "blue", type="gain")
        assert (state.step == "momentum") is bonus, leader


@checks("samurai/leader-leaves-by-baseline", "samurai/gaining-ground")
def test_leader_leaves_by_baseline_and_gives_no_banner() -> None:
    """Red plays from the top: G1 is on his own edge, with no row further back."""
    pieces = [("U1", "samurai-cavalry", "blue", "G2"), ("L1", "foot-leader", "red", "G1")]
    state = with_rolls(_attack(pieces), "circle", "flag", "triangle", "square")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G1")
    left = of_type(events, LeaderLeftBattlefield)[0]
    assert (left.leader, left.side, left.hex) == ("L1", "red", "G1")
    assert state.piece("L1") is None and not of_type(events, BannerWon)
    assert state.banners == {"red": 0, "blue": 0}
    assert state.step == "momentum"  # G1 is empty: the cavalry may gain ground there
    state = act(state, "blue", type="gain")
    assert state.piece("U1").hex == "G1"  # type: ignore[union-attr]


@checks("samurai/leader-leaves-by-baseline")
def test_leader_leaves_by_baseline_only_from_his_own_edge() -> None:
    """A red leader on blue's edge (row 9) who must fall back is not on his own baseline."""
    pieces = [("U1", "samurai-cavalry", "blue", "G8"), ("L1", "foot-leader", "red", "G9")]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-three-center", "U1")
    state = with_rolls(state, "circle", "flag", "triangle", "square")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G9")
    assert not of_type(events, LeaderLeftBattlefield)
