"""What terrain does to a battle, from ruleset 3 on (rules samurai/terrain-battle-dice and
samurai/terrain-movement).

The limits are in data/samurai/terrain.toml. They cap the dice a unit rolls of its own
(its standard's close-combat dice, or its ranged dice); the bonus dice of a card are added
after the cap, as the published terrain rulings say. Games of rulesets 1 and 2 keep
battle dice untouched by terrain: every function here is neutral for them.
"""

from __future__ import annotations

from rules.core.errors import refuse
from rules.core.text import term
from rules.samurai.catalogue import TerrainType, terrain_map, terrain_types
from rules.samurai.state import Piece, SamuraiState

# The first ruleset (rules.samurai.state.RULESET) played with these rules.
FIRST_RULESET = 3


def _terrain(state: SamuraiState, label: str) -> TerrainType | None:
    kind = terrain_map(state.scenario).get(label)
    return terrain_types()[kind] if kind is not None else None


def dice_limit(
    state: SamuraiState, attacker: Piece, start: str, target: str, ranged: bool
) -> int | None:
    """Return the most dice of its own a unit may roll from `start` at `target`, or None."""
    if state.ruleset < FIRST_RULESET:
        return None
    here, there = _terrain(state, start), _terrain(state, target)
    limits: list[int | None] = []
    if here is not None:
        limits.append(here.from_ranged if ranged else here.from_close)
        if attacker.unit_type.kind == "cavalry":
            limits.append(here.from_cavalry)
    if there is not None and not (there.into_from_elsewhere and here == there):
        limits.append(there.into_ranged if ranged else there.into_close)
    found = [n for n in limits if n is not None]
    return min(found) if found else None


def capped(
    state: SamuraiState, attacker: Piece, start: str, target: str, ranged: bool, dice: int
) -> int:
    """Return a unit's own battle dice after the limits of the terrain it battles in or into."""
    limit = dice_limit(state, attacker, start, target, ranged)
    return dice if limit is None else min(dice, limit)


def flags_ignored(state: SamuraiState, label: str) -> int:
    """Return how many flags the terrain of a hex lets the unit on it ignore."""
    found = _terrain(state, label) if state.ruleset >= FIRST_RULESET else None
    return found.flags_ignored if found is not None else 0


def battles_on_entering(state: SamuraiState, label: str) -> bool:
    """Say whether a unit that has just entered a hex (by a move or gaining ground) may battle."""
    found = _terrain(state, label) if state.ruleset >= FIRST_RULESET else None
    return found is None or found.battle_on_entering


def refuse_after_entering(state: SamuraiState, piece: Piece) -> None:
    """Refuse the battle of a piece that moved this turn onto terrain where it may not battle."""
    if piece.id in state.current.moved and not battles_on_entering(state, piece.hex):
        kind = terrain_map(state.scenario)[piece.hex]
        refuse(
            "samurai/terrain-movement",
            "refusal-entered-no-battle",
            piece=piece.id,
            hex=piece.hex,
            terrain=term("terrain", kind),
        )
