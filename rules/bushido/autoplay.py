"""The Bushido demo player: attack when the odds are not against you, else advance on the
enemy camp; a commander attacked in camp counters a weaker piece and flees a stronger one.

`tools/make_demo.py` lets it play both sides of data/demo/bushido-21.txt (see
rules/core/autoplay.py).
"""

from __future__ import annotations

from typing import Any

from rules.bushido.catalogue import field
from rules.bushido.movement import hex_of_space
from rules.core import hexgrid
from rules.core.engine import Engine, Memory, Player
from rules.core.hexgrid import Hex
from rules.core.model import Action


def policy(sys_: Engine[Any], state: Any, memory: Memory) -> Action | None:
    """Attack the enemy commander whenever possible, else any piece that is no stronger (hill
    included), else advance a troop on the enemy camp (nearest first), else attack anyway, else
    hold; the commander stays in its camp. Attacked there, it counter-attacks a weaker piece
    and flees (as far from the attacker as its arrows allow) from one as strong as itself."""
    seat = sys_.prompt(state).seat
    if seat is None:
        return None
    options: list[Any] = sys_.legal_actions(state, seat)
    if state.step == "defend":
        flights = [a for a in options if a.type == "flee"]
        attacker, commander = state.piece(state.pending.attacker), state.commander(seat)
        if flights and attacker.troop_type.combat >= commander.troop_type.combat:
            at = Hex.parse(hex_of_space(state, attacker.space))
            return max(flights, key=lambda a: hexgrid.distance(Hex.parse(a.to), at))  # type: ignore[no-any-return]
        return next(a for a in options if a.type == "counter")  # type: ignore[no-any-return]
    f = field(state.scenario)
    enemy_camp = f"{state.other(seat)}-camp"
    camp_hexes = [Hex.parse(h) for h in f.camps[enemy_camp]]

    def to_camp(space: str) -> int:
        if space in f.camps:
            return 0 if space == enemy_camp else 99
        return min(hexgrid.distance(Hex.parse(space), c) for c in camp_hexes)

    def margin(attack: Any) -> int:
        mine, theirs = state.piece(attack.piece), state.at(attack.target)
        hill = 1 if theirs.space in f.hills else 0
        return int(mine.troop_type.combat - theirs.troop_type.combat - hill)

    commander = state.commander(seat)
    attacks = [a for a in options if a.type == "attack"]
    by_troops = [a for a in attacks if commander is None or a.piece != commander.id]
    on_commander = [a for a in by_troops if state.at(a.target).is_commander]
    if on_commander:
        return max(on_commander, key=margin)  # type: ignore[no-any-return]
    good = [a for a in by_troops if margin(a) >= 0]
    if good:
        return max(good, key=margin)  # type: ignore[no-any-return]
    forward = [
        a
        for a in options
        if a.type == "move"
        and (commander is None or a.piece != commander.id)
        and to_camp(a.to) < to_camp(state.piece(a.piece).space)
    ]
    if forward:
        return min(forward, key=lambda a: (to_camp(a.to), a.piece))  # type: ignore[no-any-return]
    if attacks:
        return max(by_troops or attacks, key=margin)  # type: ignore[no-any-return]
    return next(a for a in options if a.type == "hold")  # type: ignore[no-any-return]


def hand(state: Any, action: Action, memory: Memory) -> bool:
    """Say whether to look at one's hidden pieces first."""
    return memory.once("hand")  # before the first move: the faces under one's own pieces


PLAYER = Player(
    policy,
    hand,
    "attack when the odds are not against you, else advance on the enemy camp; "
    "a commander attacked in camp counters a weaker piece and flees a stronger one",
)
