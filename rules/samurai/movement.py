"""Where an ordered piece may go: free hexes within its allowance, and leaders joining units."""

from __future__ import annotations

from collections import deque
from typing import Literal

from rules.core.errors import RuleViolation
from rules.core.hexgrid import distance
from rules.samurai.catalogue import hex_of, may_lead, neighbours_of, terrain_map, terrain_types
from rules.samurai.state import Piece, SamuraiState

Reach = Literal["move", "join"]


def terrain_of(state: SamuraiState, label: str) -> str | None:
    """Return the terrain kind on a hex, if any."""
    return terrain_map(state.scenario).get(label)


def impassable(state: SamuraiState, label: str) -> bool:
    """Say whether no piece may enter a hex."""
    kind = terrain_of(state, label)
    return kind is not None and terrain_types()[kind].impassable


def stops(state: SamuraiState, label: str) -> bool:
    """Say whether entering a hex ends a move."""
    kind = terrain_of(state, label)
    return kind is not None and terrain_types()[kind].stops_movement


def blocks_sight(state: SamuraiState, label: str) -> bool:
    """Say whether terrain on a hex blocks a shot passing over it."""
    kind = terrain_of(state, label)
    return kind is not None and terrain_types()[kind].blocks_sight


def may_join(state: SamuraiState, leader: Piece, label: str) -> bool:
    """Say whether a leader may end his move on a hex by joining the unit there."""
    unit = state.unit_at(label)
    return (
        unit is not None
        and unit.side == leader.side
        and state.leader_at(label) is None
        and may_lead(leader.unit_type, unit.unit_type)
    )


def destinations(state: SamuraiState, mover: Piece) -> dict[str, Reach]:
    """Return every hex an ordered piece may move to, and whether it gets there by joining.

    A unit moves with its own allowance (an attached leader goes along); a leader alone
    uses his. Paths run through free, passable hexes; a hex whose terrain stops movement
    ends the path. A leader alone may also end his move on a friendly unit he may lead.
    """
    allowance = mover.unit_type.move
    occupied = state.occupied()
    dist: dict[str, int] = {mover.hex: 0}
    joins: set[str] = set()
    queue: deque[str] = deque([mover.hex])
    while queue:
        label = queue.popleft()
        here = dist[label]
        if here >= allowance or (label != mover.hex and stops(state, label)):
            continue
        for nxt in neighbours_of(label):
            if nxt in dist or impassable(state, nxt):
                continue
            if nxt in occupied:
                if mover.is_leader and may_join(state, mover, nxt):
                    joins.add(nxt)
                continue
            dist[nxt] = here + 1
            queue.append(nxt)
    out: dict[str, Reach] = {label: "move" for label in dist if label != mover.hex}
    out.update({label: "join" for label in joins})
    return out


def explain_refusal(state: SamuraiState, mover: Piece, to: str) -> RuleViolation:
    """Return the violation that says why a piece may not move to a hex."""
    utype = mover.unit_type
    if to == mover.hex:
        return RuleViolation("samurai/movement-allowance", f"{mover.id} is already on {to}.")
    if impassable(state, to):
        return RuleViolation(
            "samurai/terrain-effects",
            f"{to} is {terrain_of(state, to)}, which no piece may enter.",
            {"hex": to},
        )
    unit = state.unit_at(to)
    leader = state.leader_at(to)
    if unit is not None and unit.side == mover.side and mover.is_leader:
        if not may_lead(utype, unit.unit_type):
            return RuleViolation(
                "samurai/foot-leader-leads-infantry",
                f"{mover.id} is a leader on foot and {unit.id} is cavalry: a leader on foot "
                "may only be attached to infantry. A mounted leader may lead either.",
                {"leader": mover.id, "unit": unit.id},
            )
        if leader is not None:
            return RuleViolation(
                "samurai/one-leader-per-unit",
                f"{unit.id} on {to} already has a leader ({leader.id}); a unit takes one leader.",
                {"unit": unit.id},
            )
    occupant = unit or leader
    if occupant is not None:
        whose = "an enemy" if occupant.side != mover.side else "a friendly"
        return RuleViolation(
            "samurai/no-moving-through-units",
            f"{to} is held by {whose} piece ({occupant.id}); pieces may not end a move on, "
            "or pass through, a hex that holds another piece (only a leader may join a "
            "friendly unit).",
            {"hex": to},
        )
    steps = distance(hex_of(mover.hex), hex_of(to))
    if steps > utype.move:
        return RuleViolation(
            "samurai/movement-allowance",
            f"{mover.id} ({utype.name}) moves at most {utype.move} "
            f"hex{'es' if utype.move != 1 else ''} and {to} is {steps} away.",
            {"piece": mover.id, "allowance": utype.move, "distance": steps},
        )
    return RuleViolation(
        "samurai/no-moving-through-units",
        f"{mover.id} has no free path of {utype.move} hex{'es' if utype.move != 1 else ''} or "
        f"less to {to}: other pieces, or terrain that ends a move, are in the way.",
        {"piece": mover.id, "hex": to},
    )
