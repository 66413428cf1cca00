"""Where an ordered piece may go: free hexes within its allowance, and leaders joining units."""

from __future__ import annotations

from collections import deque
from typing import Literal

from rules.core.errors import RuleViolation, refuse
from rules.core.hexgrid import distance
from rules.core.text import msg, term
from rules.samurai.catalogue import hex_of, may_lead, neighbours_of, terrain_map, terrain_types
from rules.samurai.orders import own_piece, unordered_refusal
from rules.samurai.state import Piece, SamuraiState
from rules.samurai.tactics import move_limit, move_limit_refusal

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


def allowance(state: SamuraiState, piece: Piece) -> int:
    """Return how many hexes an ordered piece may move (ruleset 1 games keep their values)."""
    utype = piece.unit_type
    if state.ruleset < 2 and utype.move_ruleset_1 is not None:
        return utype.move_ruleset_1
    limit = move_limit(state, piece)
    return utype.move if limit is None else min(utype.move, limit)


def destinations(state: SamuraiState, mover: Piece) -> dict[str, Reach]:
    """Return every hex an ordered piece may move to, and whether it gets there by joining.

    A unit moves with its own allowance (an attached leader goes along); a leader alone
    uses his. Paths run through free, passable hexes; a hex whose terrain stops movement
    ends the path. A leader alone may also end his move on a friendly unit he may lead.
    """
    reach = allowance(state, mover)
    occupied = state.occupied()
    dist: dict[str, int] = {mover.hex: 0}
    joins: set[str] = set()
    queue: deque[str] = deque([mover.hex])
    while queue:
        label = queue.popleft()
        here = dist[label]
        if here >= reach or (label != mover.hex and stops(state, label)):
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
        return RuleViolation(
            "samurai/movement-allowance", msg("refusal-already-there", piece=mover.id, hex=to)
        )
    if impassable(state, to):
        kind = terrain_of(state, to)
        assert kind is not None
        return RuleViolation(
            "samurai/terrain-effects",
            msg("refusal-impassable", hex=to, terrain=term("terrain", kind)),
        )
    unit = state.unit_at(to)
    leader = state.leader_at(to)
    if unit is not None and unit.side == mover.side and mover.is_leader:
        if not may_lead(utype, unit.unit_type):
            return RuleViolation(
                "samurai/foot-leader-leads-infantry",
                msg("refusal-foot-leader-cavalry", leader=mover.id, unit=unit.id),
            )
        if leader is not None:
            return RuleViolation(
                "samurai/one-leader-per-unit",
                msg("refusal-unit-has-leader", unit=unit.id, hex=to, leader=leader.id),
            )
    occupant = unit or leader
    if occupant is not None:
        return RuleViolation(
            "samurai/no-moving-through-units",
            msg(
                "refusal-hex-held",
                hex=to,
                piece=occupant.id,
                enemy=occupant.side != mover.side,
            ),
        )
    steps = distance(hex_of(mover.hex), hex_of(to))
    limit = allowance(state, mover)
    capped = move_limit_refusal(state, mover, to, steps)
    if capped is not None:
        return capped
    if steps > limit:
        return RuleViolation(
            "samurai/movement-allowance",
            msg(
                "refusal-too-far",
                piece=mover.id,
                unit=term("unit", utype.id),
                allowance=limit,
                hex=to,
                distance=steps,
            ),
        )
    return RuleViolation(
        "samurai/no-moving-through-units",
        msg("refusal-no-path", piece=mover.id, allowance=limit, hex=to),
    )


def mover(state: SamuraiState, seat: str, piece_id: str) -> tuple[Piece, Piece | None]:
    """Return the ordered piece that would move and the leader it carries, or refuse.

    An attached leader goes with his unit unless he was ordered away from it (split),
    or joined it this turn: a leader who moved and joined stays where he joined.
    """
    turn = state.current
    piece = own_piece(state, seat, piece_id)
    entry = turn.entry(piece.id)
    if entry is None:
        raise unordered_refusal(state, piece)
    if piece.id in turn.moved:
        if piece.id in turn.joined:
            unit = state.unit_at(piece.hex)
            refuse(
                "samurai/no-move-join-move",
                "refusal-moved-and-joined",
                leader=piece.id,
                unit=unit.id if unit else None,
            )
        refuse("samurai/move-once", "refusal-moved-already", piece=piece.id)
    if piece.is_leader:
        return piece, None
    leader = state.leader_at(piece.hex)
    if leader is None or entry.leader == leader.id:
        return piece, leader
    if leader.id in turn.joined:
        return piece, None  # the unit keeps its own order; the leader who joined has moved
    if turn.entry(leader.id) is not None:
        return piece, None  # ordered to split: he stays behind
    return piece, leader
