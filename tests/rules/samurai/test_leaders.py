"""Leaders: joining units, what joining does not do, who may lead whom, lone leaders."""

from __future__ import annotations

from rules.samurai.actions import (
    BannerWon,
    BattleRolled,
    LeaderJoined,
    PieceMoved,
    UnitEliminated,
)
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
    with_rolls,
)

HAND = ["order-one-center", "order-two-center", "order-three-right", "cavalry-charge"]
RED = ("U9", "ashigaru-spear", "red", "C2")


@checks("samurai/joining-does-not-order")
def test_leader_joining_a_unit_does_not_order_it() -> None:
    pieces = [
        ("L2", "foot-leader", "blue", "G9"),
        ("U7", "ashigaru-spear", "blue", "G8"),
        ("U8", "ashigaru-spear", "red", "G7"),
    ]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "L2")
    state, events = act_events(state, "blue", type="move", piece="L2", to="G8")
    joined = of_type(events, LeaderJoined)
    assert joined and joined[0].unit == "U7" and not joined[0].unit_ordered
    assert "stays without an order" in said(joined[0])
    err = refused(state, "blue", "samurai/joining-does-not-order", type="move", piece="U7", to="F7")
    assert "does not give it an order" in said(err)
    refused(state, "blue", "samurai/joining-does-not-order", type="battle", piece="L2", target="G7")
    refused(state, "blue", "samurai/joining-does-not-order", type="battle", piece="U7", target="G7")


@checks("samurai/no-move-join-move", "samurai/joining-does-not-order")
def test_joining_does_not_order_unit_keeps_its_own_order() -> None:
    """A unit with its own order still moves after a leader joins it; he stays behind."""
    pieces = [("L2", "foot-leader", "blue", "G9"), ("U7", "ashigaru-spear", "blue", "G8"), RED]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "L2 U7")
    state, events = act_events(state, "blue", type="move", piece="L2", to="G8")
    assert of_type(events, LeaderJoined)[0].unit_ordered
    refused(state, "blue", "samurai/no-move-join-move", type="move", piece="L2", to="H8")
    moves = [a for a in SYSTEM.legal_actions(state, "blue") if a.type == "move"]
    assert moves and {a.piece for a in moves} == {"U7"}  # type: ignore[attr-defined]
    state, events = act_events(state, "blue", type="move", piece="U7", to="G7")
    moved = of_type(events, PieceMoved)[0]
    assert moved.leader is None  # the leader who joined does not go along
    assert state.piece("U7").hex == "G7" and state.piece("L2").hex == "G8"  # type: ignore[union-attr]


@checks("samurai/no-move-join-move")
def test_unit_moved_first_may_then_be_joined() -> None:
    """The rule only forbids moving after the join."""
    pieces = [("L2", "foot-leader", "blue", "F8"), ("U7", "ashigaru-spear", "blue", "G8"), RED]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "L2 U7")
    state = act(state, "blue", type="move", piece="U7", to="G7")
    state, events = act_events(state, "blue", type="move", piece="L2", to="G7")
    assert of_type(events, LeaderJoined)[0].unit_ordered


@checks("samurai/move-once")
def test_each_ordered_piece_moves_once() -> None:
    pieces = [("U7", "samurai-cavalry", "blue", "G8"), RED]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "U7")
    state = act(state, "blue", type="move", piece="U7", to="G7")
    refused(state, "blue", "samurai/move-once", type="move", piece="U7", to="G6")


@checks("samurai/foot-leader-leads-infantry")
def test_foot_leader_may_not_lead_cavalry() -> None:
    pieces = [("L2", "foot-leader", "blue", "G9"), ("U8", "samurai-cavalry", "blue", "G8"), RED]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "L2")
    err = refused(
        state, "blue", "samurai/foot-leader-leads-infantry", type="move", piece="L2", to="G8"
    )
    assert "on foot" in said(err) and err.reason.args["unit"] == "U8"  # type: ignore[union-attr]
    assert all(getattr(a, "to", "") != "G8" for a in SYSTEM.legal_actions(state, "blue"))


@checks("samurai/foot-leader-leads-infantry")
def test_mounted_leader_may_lead_cavalry_and_infantry() -> None:
    """Mounted leaders lead either kind."""
    pieces = [
        ("L2", "mounted-leader", "blue", "G9"),
        ("U8", "samurai-cavalry", "blue", "G8"),
        ("U7", "ashigaru-spear", "blue", "F8"),
        RED,
    ]
    for target in ("G8", "F8"):
        state = game(pieces, hands={"blue": HAND})
        state, _ = start_turn(state, "blue", "order-one-center", "L2")
        state, events = act_events(state, "blue", type="move", piece="L2", to=target)
        assert of_type(events, LeaderJoined)


@checks("samurai/one-leader-per-unit")
def test_a_unit_takes_one_leader() -> None:
    pieces = [
        ("L2", "foot-leader", "blue", "G9"),
        ("L3", "foot-leader", "blue", "G8"),
        ("U7", "ashigaru-spear", "blue", "G8"),
        RED,
    ]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "L2")
    refused(state, "blue", "samurai/one-leader-per-unit", type="move", piece="L2", to="G8")


@checks("samurai/no-moving-through-units", "samurai/movement-allowance")
def test_units_do_not_share_or_cross_hexes() -> None:
    pieces = [
        ("U1", "samurai-cavalry", "blue", "G9"),
        ("U2", "ashigaru-spear", "blue", "G8"),
        ("U3", "ashigaru-spear", "blue", "F8"),
        ("U4", "ashigaru-spear", "blue", "H9"),
        ("U5", "ashigaru-spear", "blue", "F9"),
        RED,
    ]
    state = game(pieces, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-one-center", "U1")
    refused(state, "blue", "samurai/no-moving-through-units", type="move", piece="U1", to="G8")
    err = refused(
        state, "blue", "samurai/no-moving-through-units", type="move", piece="U1", to="G7"
    )
    assert err.message == "refusal-no-path" and "no free path" in said(err)
    state2 = game(pieces[1:], hands={"blue": HAND})
    state2, _ = start_turn(state2, "blue", "order-one-center", "U2")
    err = refused(state2, "blue", "samurai/movement-allowance", type="move", piece="U2", to="G6")
    assert err.message == "refusal-too-far" and err.reason.args["allowance"] == 1  # type: ignore[union-attr]
    assert "at most one hex" in said(err)


@checks("samurai/terrain-effects")
def test_terrain_stops_and_blocks_movement() -> None:
    """Rivers cannot be entered, fords end a move."""
    state = SYSTEM.new_game("river-crossing", "terrain")
    pieces = [p for p in state.pieces if p.id in ("U2", "U13")]
    pieces[0].hex = "C4"  # Takeda cavalry just north of the ford on C5
    state = state.model_copy(
        update={"pieces": pieces, "active": "takeda", "hands": {**state.hands, "takeda": HAND}}
    )
    state, _ = start_turn(state, "takeda", "cavalry-charge", "U2")
    refused(state, "takeda", "samurai/terrain-effects", type="move", piece="U2", to="D5")
    destinations = {a.to for a in SYSTEM.legal_actions(state, "takeda") if a.type == "move"}  # type: ignore[attr-defined]
    assert "C5" in destinations and "C6" not in destinations and "B6" not in destinations


@checks("samurai/lone-leader-is-unit", "samurai/lone-leader-dice")
def test_lone_leader_is_a_one_figure_unit() -> None:
    pieces = [("L2", "mounted-leader", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")]
    state = game(pieces, hands={"blue": HAND})
    # A lone mounted leader is cavalry, so Cavalry Charge may order him.
    state, _ = start_turn(state, "blue", "cavalry-charge", "L2")
    state = with_rolls(state, "square", "circle", "honor", "sword", "circle", "flag")
    state, events = act_events(state, "blue", type="battle", piece="L2", target="G7")
    rolls = of_type(events, BattleRolled)
    assert rolls[0].dice == 2 + 1  # a circle unit's 2 dice, +1 for the charge
    assert rolls[1].battle_back and rolls[1].lone_leader and rolls[1].hits == 1  # the sword
    assert [e.piece for e in of_type(events, UnitEliminated)] == ["L2"]
    assert of_type(events, BannerWon)[0].seat == "red"
