"""Terrain from ruleset 3: moves it ends, dice it caps, flags it absorbs, retreats it never stops.

The positions are on the Sekigahara Ridge map: hills E4 F5 G5 H5, forests A5 B4 C6 L4 M5,
a village on J6. Red plays from the top, so red retreats toward row 1.
"""

from __future__ import annotations

from rules.samurai.actions import BattleRolled, Retreated
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
SIDES = ["order-three-left", "order-three-right", *HAND]


def _ordered(
    pieces: list[PieceSpec], card: str, order: str = "U1", ruleset: int = 3
) -> SamuraiState:
    state = game(pieces, scenario="sekigahara-ridge", hands={"blue": SIDES})
    state = state.model_copy(update={"ruleset": ruleset})
    state, _ = start_turn(state, "blue", card, order)
    return state


def _dice(state: SamuraiState, target: str, *faces: str | None) -> list[BattleRolled]:
    state = with_rolls(state, *faces) if faces else state
    _, events = act_events(state, "blue", type="battle", piece="U1", target=target)
    return of_type(events, BattleRolled)


@checks("samurai/terrain-battle-dice")
def test_terrain_battle_dice_on_and_onto_a_hill() -> None:
    onto = [("U1", "samurai-infantry", "blue", "G6"), ("U9", "ashigaru-spear", "red", "G5")]
    assert _dice(_ordered(onto, "order-three-center"), "G5")[0].dice == 2
    assert _dice(_ordered(onto, "order-three-center", ruleset=2), "G5")[0].dice == 4
    down = [("U1", "samurai-infantry", "blue", "F5"), ("U9", "ashigaru-spear", "red", "F4")]
    assert _dice(_ordered(down, "order-three-center"), "F4")[0].dice == 3
    along = [("U1", "samurai-infantry", "blue", "G5"), ("U9", "ashigaru-spear", "red", "H5")]
    assert _dice(_ordered(along, "order-three-center"), "H5")[0].dice == 3


@checks("samurai/terrain-battle-dice")
def test_terrain_battle_dice_in_a_forest_with_a_card_bonus_after_the_cap() -> None:
    close = [("U1", "samurai-cavalry", "blue", "C7"), ("U9", "ashigaru-spear", "red", "C6")]
    assert _dice(_ordered(close, "order-three-left"), "C6")[0].dice == 2
    assert _dice(_ordered(close, "cavalry-charge"), "C6")[0].dice == 3  # 2, then +1
    shot = [("U1", "ashigaru-bow", "blue", "C8"), ("U9", "ashigaru-spear", "red", "C6")]
    rolled = _dice(_ordered(shot, "order-three-left"), "C6")[0]
    assert rolled.ranged and rolled.dice == 1


@checks("samurai/terrain-battle-dice")
def test_terrain_battle_dice_in_a_village_and_its_flag_and_battle_back() -> None:
    pieces = [("U1", "samurai-infantry", "blue", "J7"), ("U9", "ashigaru-spear", "red", "J6")]
    rolls = _dice(_ordered(pieces, "order-three-right"), "J6", "flag", "honor", None, None)
    assert (rolls[0].dice, rolls[0].flags, rolls[0].flags_ignored) == (2, 0, 1)
    assert rolls[1].battle_back and rolls[1].dice == 2  # the spear's 3 dice, capped in the village
    old = _dice(_ordered(pieces, "order-three-right", ruleset=2), "J6", "flag", "honor", None, None)
    assert (old[0].dice, old[0].flags) == (4, 1)
    cavalry = [("U1", "samurai-cavalry", "blue", "J6"), ("U9", "ashigaru-spear", "red", "J5")]
    assert _dice(_ordered(cavalry, "order-three-right"), "J5")[0].dice == 1


@checks("samurai/terrain-movement")
def test_terrain_movement_no_battle_after_entering_a_village_but_after_a_forest() -> None:
    pieces = [("U1", "ashigaru-spear", "blue", "J7"), ("U9", "ashigaru-spear", "red", "J5")]
    state = act(_ordered(pieces, "order-three-right"), "blue", type="move", piece="U1", to="J6")
    err = refused(state, "blue", "samurai/terrain-movement", type="battle", piece="U1", target="J5")
    assert err.message == "refusal-entered-no-battle"
    old = _ordered(pieces, "order-three-right", ruleset=2)
    old = act(old, "blue", type="move", piece="U1", to="J6")
    assert _dice(old, "J5")
    woods = [("U1", "ashigaru-spear", "blue", "C7"), ("U9", "ashigaru-spear", "red", "D5")]
    state = act(_ordered(woods, "order-three-left"), "blue", type="move", piece="U1", to="C6")
    assert _dice(state, "D5")


@checks("samurai/retreat-ignores-terrain")
def test_retreat_ignores_terrain_through_a_forest() -> None:
    """Two flags push U9 from B5 through the forest on B4 and on to B3."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "B6"),
        ("U9", "ashigaru-spear", "red", "B5"),
        ("U8", "ashigaru-spear", "red", "A4"),
        ("U7", "ashigaru-spear", "red", "C3"),
    ]
    state = with_rolls(_ordered(pieces, "order-three-left"), "flag", "flag", "honor", "honor")
    _, events = act_events(state, "blue", type="battle", piece="U1", target="B5")
    assert [(e.start, e.end) for e in of_type(events, Retreated)] == [("B5", "B4"), ("B4", "B3")]
