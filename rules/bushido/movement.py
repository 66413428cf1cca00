"""Where a piece may go and whom it may attack: one space along an arrow of its movement piece.

Arrows are stored from the owner's point of view and turned into board directions by the
side's facing. A camp is one space: a commander in it may leave, attack or flee through
any of the five hexes it touches, along a direction one of its arrows allows from some
hex of the camp (the player lays the movement piece on the side that fits best).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import NoReturn

from rules.bushido.catalogue import (
    Field,
    absolute,
    field,
    movement_pieces,
    relative,
    scenarios,
)
from rules.bushido.state import BushidoState, Piece
from rules.core.errors import refuse
from rules.core.text import Items, Msg, Value, items, msg, term


def board_of(state: BushidoState) -> Field:
    """Return the field of a game's scenario."""
    return field(state.scenario)


def facing(state: BushidoState, seat: str) -> int:
    """Return the sixth-turns from east a seat's 'forward' points (0 or 3)."""
    return scenarios()[state.scenario].side(seat).facing


def arrows_of(state: BushidoState, piece: Piece) -> frozenset[int]:
    """Return the board directions the arrows of a piece's movement piece point."""
    return absolute(movement_pieces()[piece.movement].arrows, facing(state, piece.side))


def in_own_camp(state: BushidoState, piece: Piece) -> bool:
    """Say whether a piece is a commander still on its original camp."""
    return piece.is_commander and piece.space in board_of(state).camps


def may_flee(state: BushidoState, piece: Piece) -> bool:
    """Say whether a piece may answer an attack by fleeing: a commander on its camp that
    never left it by choice (ruleset 1 games read this from the camp alone)."""
    if not in_own_camp(state, piece):
        return False
    return state.ruleset < 2 or piece.side not in state.flight_lost


def _directions(state: BushidoState, start: str, end: str) -> frozenset[int]:
    return board_of(state).links.get(start, {}).get(end, frozenset())


def _along(state: BushidoState, piece: Piece, end: str) -> bool:
    return bool(_directions(state, piece.space, end) & arrows_of(state, piece))


def destinations(state: BushidoState, piece: Piece) -> list[str]:
    """Return the hexes a piece may move to this turn, in board order."""
    f = board_of(state)
    taken = state.occupied()
    near = f.links.get(piece.space, {})
    found = [
        space
        for space in near
        if space not in f.camps and space not in taken and _along(state, piece, space)
    ]
    return sorted(found, key=_space_order(state))


def explain_move(state: BushidoState, piece: Piece, to: str) -> NoReturn:
    """Refuse a move `destinations` does not list, saying which rule it breaks and why."""
    f = board_of(state)
    space = f.space_of(to)
    if space in f.camps:
        refuse("bushido/camps-closed", "refusal-camp-closed", hex=to)
    if space not in f.links.get(piece.space, {}):
        refuse(
            "bushido/move-along-arrows", "refusal-not-next-to",
            piece=piece.id, at=at(state, piece.space), hex=to,
        )
    holder = state.at(space)
    if holder is not None:
        refuse("bushido/one-piece-per-hex", "refusal-hex-taken", hex=to, holder=holder.id)
    rule = (
        "bushido/camp-exits-by-arrows" if in_own_camp(state, piece) else "bushido/move-along-arrows"
    )
    refuse(
        rule, "refusal-no-arrow-to-hex",
        hex=to, at=at(state, piece.space), piece=piece.id,
        way=ways(state, piece, space), **face_values(piece),
    )


def attack_targets(state: BushidoState, piece: Piece) -> list[str]:
    """Return the spaces holding an enemy that a piece may attack, in board order."""
    out: list[str] = []
    for space, dirs in board_of(state).links.get(piece.space, {}).items():
        enemy = state.at(space)
        if enemy is not None and enemy.side != piece.side and dirs & arrows_of(state, piece):
            out.append(space)
    return sorted(out, key=_space_order(state))


def explain_attack(state: BushidoState, piece: Piece, target: str) -> NoReturn:
    """Refuse an attack `attack_targets` does not list, saying why."""
    f = board_of(state)
    space = f.space_of(target)
    enemy = state.at(space)
    rule = "bushido/attack-along-arrows"
    if space in f.camps and space != piece.space and space not in f.links.get(piece.space, {}):
        refuse(
            "bushido/camps-closed", "refusal-camp-not-touching",
            piece=piece.id, at=at(state, piece.space), camp=at(state, space),
            border=items(f.border(space), "or"),
        )
    if enemy is None or enemy.side == piece.side:
        refuse(rule, "refusal-no-enemy-there", at=at(state, space))
    if space not in f.links.get(piece.space, {}):
        refuse(
            rule, "refusal-enemy-not-next-to",
            piece=piece.id, enemy=enemy.id, at=at(state, enemy.space),
        )
    refuse(
        rule, "refusal-no-arrow-to-enemy",
        enemy=enemy.id, piece=piece.id, way=ways(state, piece, space),
        **face_values(piece),
    )


def flee_targets(state: BushidoState, commander: Piece) -> list[str]:
    """Return the free border hexes a commander in its camp may flee to, in board order.

    A flight ends on a fresh movement piece, so with the stack used up there is none.
    """
    if not may_flee(state, commander) or not state.stacks.get(commander.side):
        return []
    return destinations(state, commander)


def placement(state: BushidoState, commander: Piece, to: str) -> str:
    """Return the camp hex the revealed movement piece is laid on to point at `to`.

    Among the camp hexes whose arrow reaches `to`, the one from which the arrows reach
    the most border hexes gives the most room, so that is where it goes.
    """
    f = board_of(state)
    camp = commander.space
    arrows = arrows_of(state, commander)
    candidates = [h for h, d in f.exits[(camp, to)] if d in arrows]

    def room(camp_hex: str) -> int:
        return sum(
            1
            for border in f.border(camp)
            for h, d in f.exits[(camp, border)]
            if h == camp_hex and d in arrows
        )

    return max(candidates, key=lambda h: (room(h), h == f.anchor[camp]))


def place(state: BushidoState, space: str) -> Value:
    """Name a space in a message: its hex label, or its camp ("the West camp")."""
    camps = board_of(state).camps
    if space in camps:
        return msg("place-camp", seat=term("seat", space.removesuffix("-camp")))
    return space


def at(state: BushidoState, space: str) -> Msg:
    """Say where something stands, as a phrase ("on C4", "in the West camp")."""
    if space in board_of(state).camps:
        return msg("at-camp", seat=term("seat", space.removesuffix("-camp")))
    return msg("at-hex", hex=space)


def face_values(piece: Piece) -> dict[str, Value]:
    """Return a piece's movement piece as message values: `face` and its `arrows`.

    Only for messages its owner reads (a refusal of its own action, its secrets), or
    once the piece is face up.
    """
    return {
        "face": term("face", piece.movement),
        "arrows": items(
            term("arrow", a) for a in movement_pieces()[piece.movement].arrows
        ),
    }


def ways(state: BushidoState, piece: Piece, space: str) -> Items:
    """Name the directions from a piece to a space as its owner sees them ('back-left')."""
    seen = facing(state, piece.side)
    dirs = sorted(_directions(state, piece.space, space), key=lambda d: (d - seen) % 6)
    return items((term("arrow", relative(d, seen)) for d in dirs), "or")


def hex_of_space(state: BushidoState, space: str) -> str:
    """Return the hex a space is drawn at (a camp's middle hex)."""
    return board_of(state).anchor.get(space, space)


def _space_order(state: BushidoState) -> Callable[[str], int]:
    order = _hex_order(state.scenario)

    def key(space: str) -> int:
        return order[hex_of_space(state, space)]

    return key


@cache
def _hex_order(scenario_id: str) -> dict[str, int]:
    return {label: i for i, label in enumerate(field(scenario_id).hexes())}
