"""Where a piece may go and whom it may attack: one space along an arrow of its movement piece.

Arrows are stored from the owner's point of view and turned into board directions by the
side's facing. A camp is one space: a commander in it may leave, attack or flee through
any of the five hexes it touches, along a direction one of its arrows allows from some
hex of the camp (the player lays the movement piece on the side that fits best).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.bushido.catalogue import (
    DIRECTION_NAMES,
    Field,
    absolute,
    field,
    glyphs,
    movement_pieces,
    scenarios,
)
from rules.bushido.state import BushidoState, Piece
from rules.core.errors import RuleViolation


def board_of(state: BushidoState) -> Field:
    """Return the field of a game's scenario."""
    return field(state.scenario)


def facing(state: BushidoState, seat: str) -> int:
    """Return the sixth-turns from east a seat's 'forward' points (0 or 3)."""
    return scenarios()[state.scenario].side(seat).facing


def arrows_of(state: BushidoState, piece: Piece) -> frozenset[int]:
    """Return the board directions the arrows of a piece's movement piece point."""
    return absolute(movement_pieces()[piece.movement].arrows, facing(state, piece.side))


def arrows_text(state: BushidoState, piece: Piece) -> str:
    """Return a piece's arrows as board arrows, e.g. '↗→↘'."""
    return glyphs(arrows_of(state, piece))


def face_text(state: BushidoState, piece: Piece) -> str:
    """Return a movement piece's name and arrows, e.g. 'Hoshi (arrowhead) ↗→↘'."""
    return f"{movement_pieces()[piece.movement].name} {arrows_text(state, piece)}"


def in_own_camp(state: BushidoState, piece: Piece) -> bool:
    """Say whether a piece is a commander still on its original camp."""
    return piece.is_commander and piece.space in board_of(state).camps


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


def explain_move(state: BushidoState, piece: Piece, to: str) -> RuleViolation:
    """Return the refusal for a move `destinations` does not list."""
    f = board_of(state)
    space = f.space_of(to)
    if space in f.camps:
        return RuleViolation(
            "bushido/camps-closed",
            f"{to} is part of a camp. No piece may enter a camp: attack the commander in it "
            "from a hex on its border instead.",
            {"piece": piece.id, "to": to},
        )
    if space not in f.links.get(piece.space, {}):
        return RuleViolation(
            "bushido/move-along-arrows",
            f"{piece.id} is on {where(state, piece)} and moves one hex at a time; "
            f"{to} is not next to it.",
            {"piece": piece.id, "to": to},
        )
    if state.at(space) is not None:
        return RuleViolation(
            "bushido/one-piece-per-hex",
            f"{to} is taken by {_at_name(state, space)}; a piece may only move to a free hex.",
            {"piece": piece.id, "to": to},
        )
    wanted = ", ".join(DIRECTION_NAMES[d] for d in sorted(_directions(state, piece.space, to)))
    rule = (
        "bushido/camp-exits-by-arrows" if in_own_camp(state, piece) else "bushido/move-along-arrows"
    )
    return RuleViolation(
        rule,
        f"{to} lies {wanted} of {where(state, piece)}, and the movement piece under {piece.id} "
        f"({face_text(state, piece)}) has no arrow that way.",
        {"piece": piece.id, "to": to},
    )


def attack_targets(state: BushidoState, piece: Piece) -> list[str]:
    """Return the spaces holding an enemy that a piece may attack, in board order."""
    out: list[str] = []
    for space, dirs in board_of(state).links.get(piece.space, {}).items():
        enemy = state.at(space)
        if enemy is not None and enemy.side != piece.side and dirs & arrows_of(state, piece):
            out.append(space)
    return sorted(out, key=_space_order(state))


def explain_attack(state: BushidoState, piece: Piece, target: str) -> RuleViolation:
    """Return the refusal for an attack `attack_targets` does not list."""
    f = board_of(state)
    space = f.space_of(target)
    enemy = state.at(space)
    if enemy is None or enemy.side == piece.side:
        return RuleViolation(
            "bushido/attack-along-arrows",
            f"There is no enemy piece on {target} to attack.",
            {"piece": piece.id, "target": target},
        )
    if space not in f.links.get(piece.space, {}):
        return RuleViolation(
            "bushido/attack-along-arrows",
            f"{piece.id} can only attack a space next to it, and {enemy.id} on "
            f"{where(state, enemy)} is not.",
            {"piece": piece.id, "target": target},
        )
    wanted = ", ".join(DIRECTION_NAMES[d] for d in sorted(_directions(state, piece.space, space)))
    return RuleViolation(
        "bushido/attack-along-arrows",
        f"{enemy.id} lies {wanted} of {piece.id}, and the movement piece under {piece.id} "
        f"({face_text(state, piece)}) has no arrow that way.",
        {"piece": piece.id, "target": target},
    )


def flee_targets(state: BushidoState, commander: Piece) -> list[str]:
    """Return the free border hexes a commander in its camp may flee to, in board order.

    A flight ends on a fresh movement piece, so with the stack used up there is none.
    """
    if not in_own_camp(state, commander) or not state.stacks.get(commander.side):
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


def where(state: BushidoState, piece: Piece) -> str:
    """Return where a piece stands, for messages ('C4', 'the West camp')."""
    return space_label(state, piece.space)


def space_label(state: BushidoState, space: str) -> str:
    """Return a space's name for messages: a hex label, or 'the West camp'."""
    if space in board_of(state).camps:
        return f"the {space.removesuffix('-camp').capitalize()} camp"
    return space


def hex_of_space(state: BushidoState, space: str) -> str:
    """Return the hex a space is drawn at (a camp's middle hex)."""
    return board_of(state).anchor.get(space, space)


def _at_name(state: BushidoState, space: str) -> str:
    piece = state.at(space)
    return piece.id if piece else "nobody"


def _space_order(state: BushidoState) -> Callable[[str], int]:
    order = _hex_order(state.scenario)

    def key(space: str) -> int:
        return order[hex_of_space(state, space)]

    return key


@cache
def _hex_order(scenario_id: str) -> dict[str, int]:
    return {label: i for i, label in enumerate(field(scenario_id).hexes())}
