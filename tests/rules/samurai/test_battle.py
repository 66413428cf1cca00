"""Battles: hits, figures, banners, retreats, battle back, shooting, leader casualties, victory."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.text import Msg, msg
from rules.samurai.actions import (
    BannerWon,
    BattleRolled,
    EscapePending,
    FiguresLost,
    GameWon,
    LeaderCasualtyCheck,
    LeaderEscaped,
    RetreatBlocked,
    Retreated,
    RetreatPending,
    UnitEliminated,
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
    said,
    start_turn,
    with_rolls,
)

HAND = ["order-one-center", "order-two-center", "order-three-center", "advance-center"]


def ordered(pieces: Sequence[PieceSpec], order: str = "U1") -> SamuraiState:
    """Blue to move with `order` given by Order Three Units Center."""
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-three-center", order)
    return state


@checks("samurai/standard-bearer-last", "samurai/close-combat-hits")
def test_hits_remove_figures_and_the_standard_bearer_goes_last() -> None:
    state = ordered(
        [("U1", "samurai-infantry", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")]
    )
    state = with_rolls(state, "triangle", "triangle", "triangle", "honor", None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    first = of_type(events, BattleRolled)[0]
    assert first.dice == 4 and first.hits == 3  # square: 4 dice; honor faces score nothing
    assert of_type(events, FiguresLost)[0].remaining == 1
    survivor = state.piece("U9")
    assert survivor is not None and survivor.figures == 1  # only the standard bearer is left
    assert not of_type(events, UnitEliminated)
    marker = next(m for m in SYSTEM.board(state, None).markers if m.label == "U9")
    assert marker.count == 1 and marker.shape == "triangle"


@checks("samurai/banner-on-elimination")
def test_eliminating_a_unit_wins_a_banner() -> None:
    """Overkill is wasted, no battle back from the dead."""
    state = ordered(
        [("U1", "samurai-infantry", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")]
    )
    state = with_rolls(state, "triangle", "triangle", "sword", "sword", None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert state.piece("U9") is None
    assert [e.piece for e in of_type(events, UnitEliminated)] == ["U9"]
    assert of_type(events, BannerWon)[0].seat == "blue" and state.banners["blue"] == 1
    assert len(of_type(events, BattleRolled)) == 1
    assert "standard bearer" in said(of_type(events, UnitEliminated)[0])


@checks("samurai/sword-ignoring", "samurai/unit-standards")
def test_square_ignores_two_swords_from_circle_units() -> None:
    state = ordered([("U1", "ashigaru-bow", "blue", "G8"), ("U9", "samurai-infantry", "red", "G7")])
    state = with_rolls(state, "sword", "sword", None, None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    first = of_type(events, BattleRolled)[0]
    assert first.dice == 2 and first.hits == 0 and first.swords_ignored == 2
    assert of_type(events, BattleRolled)[1].dice == 4  # square battles back with 4


@checks("samurai/sword-ignoring-adds-up")
def test_cavalry_and_standard_sword_reductions_add_up() -> None:
    """Square cavalry against triangle infantry ignore 2."""
    state = ordered(
        [("U1", "ashigaru-spear", "blue", "G8"), ("U9", "samurai-cavalry", "red", "G7")]
    )
    state = with_rolls(state, "sword", "sword", "sword", None, None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    first = of_type(events, BattleRolled)[0]
    assert first.swords_ignored == 2 and first.hits == 1


@checks("samurai/honor-fortune-in-battle")
def test_honor_faces_score_nothing() -> None:
    state = ordered([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-bow", "red", "G7")])
    state = with_rolls(state, "honor", "honor", "honor", "honor", "honor")
    state = state.model_copy(update={"ruleset": 2})  # ruleset 3: samurai/honor-close-combat-faces
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    rolls = of_type(events, BattleRolled)
    assert len(rolls) == 2 and all(e.hits == 0 and e.flags == 0 for e in rolls)
    assert state.tokens == {"red": 0, "blue": 0}


@checks("samurai/flags-retreat", "samurai/retreat-path")
def test_flag_retreat_with_a_choice_asks_the_defender() -> None:
    """The owner picks between two hexes."""
    state = ordered([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")])
    state = with_rolls(state, "flag", "honor", "honor")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    pending = of_type(events, RetreatPending)[0]
    assert pending.choices == ["F6", "G6"]
    prompt = SYSTEM.prompt(state)
    assert (prompt.seat, prompt.step) == ("red", "retreat")
    assert prompt.actions == ("retreat", "seppuku", "adjust", "adjust_cards")
    assert isinstance(prompt.hint, Msg) and "F6 or G6" in said(prompt.hint)
    refused(state, "blue", "core/not-your-turn", type="retreat", to="G6")
    refused(state, "red", "samurai/flags-retreat", type="retreat", to="H6")
    assert [a.to for a in SYSTEM.legal_actions(state, "red")] == ["F6", "G6"]  # type: ignore[attr-defined]
    state, events = act_events(state, "red", type="retreat", to="g6")
    assert state.piece("U9").hex == "G6"  # type: ignore[union-attr]
    # G7 is empty: blue may gain ground (samurai/gaining-ground) before the next battle.
    assert state.step == "momentum" and SYSTEM.prompt(state).seat == "blue"
    assert not [
        e for e in events if isinstance(e, BattleRolled)
    ]  # no battle back after giving ground
    assert any(a.kind == "retreat" for a in SYSTEM.board(state, None).arrows)


@checks("samurai/flags-retreat")
def test_retreat_with_one_choice_is_automatic_and_square_ignores_a_flag() -> None:
    """One open hex is taken at once; a square unit disregards a flag."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "G7"),
        ("U8", "ashigaru-spear", "red", "F6"),
    ]
    state = ordered(pieces)
    state = with_rolls(state, "flag", "honor", "honor", "honor")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert [(e.start, e.end) for e in of_type(events, Retreated)] == [("G7", "G6")]
    assert state.step == "momentum"  # G7 is empty: blue may gain ground
    pieces = [("U1", "ashigaru-bow", "blue", "G8"), ("U9", "samurai-infantry", "red", "G7")]
    state = ordered(pieces)
    state = with_rolls(state, "flag", "honor", "honor", "honor", None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    rolls = of_type(events, BattleRolled)
    assert rolls[0].flags == 0 and rolls[0].flags_ignored == 1
    assert rolls[1].battle_back  # it held its ground, so it battles back


@checks("samurai/blocked-retreat", "samurai/battle-back", "samurai/battle-back-automatic")
def test_blocked_retreat_costs_hits_then_battle_back() -> None:
    state = ordered(
        [("U1", "samurai-infantry", "blue", "G2"), ("U9", "ashigaru-spear", "red", "G1")]
    )
    state = with_rolls(state, "flag", "flag", "honor", "honor", None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G1")
    blocked = of_type(events, RetreatBlocked)[0]
    assert (blocked.hexes, blocked.hits) == (2, 2)
    assert state.piece("U9").figures == 2  # type: ignore[union-attr]
    back = of_type(events, BattleRolled)[1]
    assert back.battle_back and back.attacker == "U9" and back.dice == 3
    assert state.piece("U1").figures == 4 - back.hits  # type: ignore[union-attr]
    assert "battles back" in said(back)


@checks("samurai/blocked-retreat")
def test_partly_blocked_retreat_costs_the_rest_and_no_battle_back() -> None:
    """After one hex of retreat."""
    state = ordered(
        [("U1", "samurai-infantry", "blue", "G3"), ("U9", "ashigaru-spear", "red", "G2")]
    )
    state = with_rolls(state, "flag", "flag", "honor", "honor")
    # G2 backs onto G1 or H1; fill H1 so the first hex is forced and the second is off the map.
    extra = game([("U8", "ashigaru-spear", "red", "H1")]).pieces[0]
    state = state.model_copy(update={"pieces": [*state.pieces, extra]})
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G2")
    assert [e.end for e in of_type(events, Retreated)] == ["G1"]
    assert of_type(events, RetreatBlocked)[0].hits == 1
    assert len(of_type(events, BattleRolled)) == 1


@checks("samurai/ranged-combat")
def test_shooting_rules() -> None:
    """Range, sight, adjacent enemies, swords miss, no battle back."""
    pieces = [
        ("U1", "ashigaru-bow", "blue", "E8"),
        ("U2", "samurai-infantry", "blue", "F9"),
        ("U9", "ashigaru-spear", "red", "H8"),
    ]
    state = ordered(pieces, "U1 U2")
    refused(state, "blue", "samurai/ranged-combat", type="battle", piece="U2", target="H8")
    shot = with_rolls(state, "sword", "triangle")
    shot, events = act_events(shot, "blue", type="battle", piece="U1", target="H8")
    rolls = of_type(events, BattleRolled)
    assert len(rolls) == 1 and rolls[0].ranged and rolls[0].hits == 1  # the sword missed
    assert "shoots at" in said(rolls[0])
    blocked = game([*pieces, ("U3", "ashigaru-spear", "blue", "G8")], hands={"blue": HAND})
    blocked, _ = start_turn(blocked, "blue", "order-three-center", "U1")
    err = refused(blocked, "blue", "samurai/ranged-combat", type="battle", piece="U1", target="H8")
    assert err.message == "refusal-sight-blocked" and err.reason.args["blocker"] == "G8"  # type: ignore[union-attr]
    far = ordered([("U1", "ashigaru-bow", "blue", "E8"), ("U9", "ashigaru-spear", "red", "E4")])
    refused(far, "blue", "samurai/ranged-combat", type="battle", piece="U1", target="E4")
    near = ordered([*pieces, ("U8", "ashigaru-spear", "red", "D8")])
    err = refused(near, "blue", "samurai/ranged-combat", type="battle", piece="U1", target="H8")
    assert err.message == "refusal-enemy-adjacent" and "enemy next to it" in said(err)


@checks("samurai/terrain-effects")
def test_terrain_blocks_sight() -> None:
    """A hill between shooter and target blocks the shot."""
    state = SYSTEM.new_game("river-crossing", "sight")
    keep = {"U12": "B8", "U5": "D8"}  # Uesugi arquebus, Takeda spear; a hill on C8 between
    pieces = [p.model_copy(update={"hex": keep[p.id]}) for p in state.pieces if p.id in keep]
    hand = ["order-three-left", *HAND[1:]]
    state = state.model_copy(update={"pieces": pieces, "hands": {**state.hands, "uesugi": hand}})
    state = act(state, "uesugi", type="play", card="order-three-left")
    state = act(state, "uesugi", type="order", pieces="U12")
    err = refused(state, "uesugi", "samurai/ranged-combat", type="battle", piece="U12", target="D8")
    assert err.message == "refusal-sight-blocked" and "C8 is in the way" in said(err)


@checks("samurai/leader-casualty")
def test_leader_falls_on_two_swords() -> None:
    """The unit survives a hit, the leader does not."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "G7"),
        ("L1", "foot-leader", "red", "G7"),
    ]
    state = ordered(pieces)
    state = with_rolls(
        state, "triangle", "honor", "honor", "honor", "sword", "sword", None, None, None
    )
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    check = of_type(events, LeaderCasualtyCheck)[0]
    assert check.killed and check.faces == ["sword", "sword"]
    assert state.piece("L1") is None and state.banners["blue"] == 1
    assert of_type(events, BattleRolled)[1].battle_back


@checks("samurai/leader-casualty", "samurai/leader-escape")
def test_leader_escape_when_his_unit_is_wiped_out() -> None:
    """One die when the unit is wiped out; the leader who survives must fall back."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "G7", 1),
        ("L1", "foot-leader", "red", "G7"),
    ]
    state = ordered(pieces)  # type: ignore[arg-type]
    state = with_rolls(state, "triangle", "honor", "honor", "honor", "circle")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert not of_type(events, LeaderCasualtyCheck)[0].killed
    assert state.piece("U9") is None and state.piece("L1").hex == "G7"  # type: ignore[union-attr]
    assert len(of_type(events, BattleRolled)) == 1  # nothing is left to battle back
    pending = of_type(events, EscapePending)[0]
    assert (pending.leader, pending.seat) == ("L1", "red")
    assert SYSTEM.prompt(state).seat == "red" and state.retreat and state.retreat.escape
    # Red is at the top: back is up the map, 1 to 3 rows.
    choices = {a.to for a in SYSTEM.legal_actions(state, "red") if a.type == "retreat"}  # type: ignore[attr-defined]
    assert {"F6", "G6", "G4"} <= choices and "G8" not in choices and "G3" not in choices
    err = refused(state, "red", "samurai/leader-escape", type="retreat", to="H8")
    assert err.message == "refusal-not-an-escape-hex"
    # Red can pay the three tokens his falling back costs (samurai/honor-escape-cost).
    state = state.model_copy(update={"tokens": {"red": 3, "blue": 0}})
    state, events = act_events(state, "red", type="retreat", to="G4")
    escaped = of_type(events, LeaderEscaped)[0]
    assert (escaped.start, escaped.end, escaped.unit) == ("G7", "G4", None)
    assert state.piece("L1").hex == "G4" and state.step == "momentum"  # type: ignore[union-attr]
    assert SYSTEM.prompt(state).seat == "blue"  # G7 is empty: blue may gain ground


@checks("samurai/leader-casualty")
def test_leader_casualty_leaves_him_standing_in_ruleset_1_games() -> None:
    """Games made before the escape rule keep their old ending when replayed."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "G7", 1),
        ("L1", "foot-leader", "red", "G7"),
    ]
    state = ordered(pieces).model_copy(update={"ruleset": 1})  # type: ignore[arg-type]
    state = with_rolls(state, "triangle", "honor", "honor", "honor", "circle")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert not of_type(events, EscapePending) and state.step == "battles"
    assert state.piece("L1").hex == "G7"  # type: ignore[union-attr]
    assert next(m for m in SYSTEM.board(state, None).markers if m.label == "L1").shape == "star"


@checks("samurai/battle-once", "samurai/move-before-battle")
def test_battle_once_then_no_more_moves() -> None:
    pieces = [
        ("U1", "ashigaru-spear", "blue", "G8"),
        ("U2", "ashigaru-spear", "blue", "E8"),
        ("U9", "ashigaru-bow", "red", "G7"),
    ]
    state = ordered(pieces, "U1 U2")
    state = with_rolls(state, *["honor"] * 5)
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    assert state.step == "battles"
    refused(state, "blue", "samurai/battle-once", type="battle", piece="U1", target="G7")
    err = refused(state, "blue", "core/wrong-step", type="move", piece="U2", to="E7")
    assert err.message == "refusal-wrong-step" and "at the battles step" in said(err)


@checks("samurai/battle-target")
def test_battle_needs_an_enemy_target() -> None:
    """An attached leader fights through his unit."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("L2", "foot-leader", "blue", "G8"),
        ("U2", "ashigaru-spear", "blue", "H8"),
        ("U9", "samurai-infantry", "red", "G7"),
    ]
    state = ordered(pieces, "U1 U2")
    refused(state, "blue", "samurai/battle-target", type="battle", piece="U1", target="F7")
    refused(state, "blue", "samurai/battle-target", type="battle", piece="U1", target="H8")
    refused(state, "blue", "samurai/leader-stays-with-unit", type="battle", piece="L2", target="G7")


@checks("samurai/victory-banners", "core/game-over")
def test_the_game_ends_at_the_scenarios_banner_count() -> None:
    pieces = [("U1", "samurai-infantry", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7", 1)]
    state = game(pieces, hands={"blue": HAND}, banners={"blue": 2})  # type: ignore[arg-type]
    state, _ = start_turn(state, "blue", "order-three-center", "U1")
    state = with_rolls(state, "triangle", None, None, None)
    assert SYSTEM.outcome(state) is None
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, GameWon)[0].seat == "blue"
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "blue"
    assert outcome.reason == msg("outcome-banners", banners=3)
    prompt = SYSTEM.prompt(state)
    assert prompt.seat is None and prompt.step == "over"
    assert isinstance(prompt.hint, Msg) and "Blue won with 3 victory banners" in said(prompt.hint)
    assert SYSTEM.legal_actions(state, "blue") == [] and SYSTEM.legal_actions(state, "red") == []
    refused(state, "blue", "core/game-over", type="end_turn")
