"""Orders: what a card offers (slots), what a player asks for (requests), and whether they fit.

A card offers a list of slots, each one order that a piece may fill:

- ``section:NAME``   a piece standing in that board section (a hex cut by a section
                     line stands in both sections, so its piece fits either)
- ``standard:NAME``  a unit with that standard symbol (Shogun roll)
- ``any``            any unit or leader (a flag on the Shogun roll)
- ``kind:NAME``      a piece of that kind, anywhere (Cavalry Charge)

A set of orders is legal when every request can be given its own slot. That is a
bipartite matching problem (requests on one side, slots on the other), solved
exactly with augmenting paths: a greedy first-fit can refuse sets that fit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from rules.core.errors import RuleViolation
from rules.samurai.catalogue import CommandCard, sections_of
from rules.samurai.state import Piece, SamuraiState


@dataclass(frozen=True)
class Request:
    """One order asked for: the acting piece and what it takes along."""

    piece: str
    leader: str | None
    split: bool
    hex: str
    sections: tuple[str, ...]
    standard: str
    kind: str
    is_leader: bool


def board_section(section: str, top: bool) -> str:
    """Turn a section named from a player's side into the board's section (and back).

    The player at the top of the map faces the other way, so his left is the board's right.
    """
    if not top:
        return section
    return {"left": "right", "right": "left"}.get(section, section)


def section_phrase(section: str, top: bool) -> str:
    """Name a board section for a player: 'your left section (the board's right)'."""
    own = board_section(section, top)
    if own == section:
        return f"your {own} section"
    return f"your {own} section (the board's {section})"


def public_slot_phrase(slot: str, top: bool, name: str) -> str:
    """Describe a slot for everyone: 'the board's right section (Red's left)'."""
    kind, _, value = slot.partition(":")
    if kind == "section":
        return f"the board's {value} section ({name}'s {board_section(value, top)})"
    return slot_phrase(slot, top)


def slot_phrase(slot: str, top: bool) -> str:
    """Describe a slot in plain words."""
    kind, _, value = slot.partition(":")
    if kind == "section":
        return section_phrase(value, top)
    if kind == "standard":
        return f"a {value} unit"
    if kind == "kind":
        return f"a {value} unit anywhere"
    return "any unit or leader"


def fits(request: Request, slot: str) -> bool:
    """Say whether a request may fill a slot."""
    kind, _, value = slot.partition(":")
    if kind == "section":
        return value in request.sections
    if kind == "standard":
        return not request.is_leader and request.standard == value
    if kind == "kind":
        return request.kind == value
    return slot == "any"


def match(requests: list[Request], slots: list[str]) -> list[int | None]:
    """Return, for each request, the index of the slot it fills in a maximum matching."""
    slot_owner: list[int | None] = [None] * len(slots)

    def augment(i: int, seen: set[int]) -> bool:
        for j, slot in enumerate(slots):
            if j in seen or not fits(requests[i], slot):
                continue
            seen.add(j)
            owner = slot_owner[j]
            if owner is None or augment(owner, seen):
                slot_owner[j] = i
                return True
        return False

    for i in range(len(requests)):
        augment(i, set())
    out: list[int | None] = [None] * len(requests)
    for j, owner in enumerate(slot_owner):
        if owner is not None:
            out[owner] = j
    return out


def assign(requests: list[Request], slots: list[str]) -> list[int] | None:
    """Return a slot index for every request, or None when the requests cannot all fit."""
    found = match(requests, slots)
    if any(j is None for j in found):
        return None
    return [j for j in found if j is not None]


def natural_key(piece_id: str) -> tuple[str, int]:
    """Sort piece ids as people do: U2 before U10."""
    digits = piece_id[1:]
    return piece_id[:1], int(digits) if digits.isdigit() else 0


def request_for(piece: Piece, leader: Piece | None, split: bool) -> Request:
    """Build the request for a piece (a unit carrying `leader`, or a leader alone)."""
    utype = piece.unit_type
    return Request(
        piece=piece.id,
        leader=leader.id if leader else None,
        split=split,
        hex=piece.hex,
        sections=sections_of(piece.hex),
        standard=utype.standard,
        kind=utype.kind,
        is_leader=utype.leader,
    )


def own_piece(state: SamuraiState, seat: str, piece_id: str) -> Piece:
    """Return one of the seat's pieces by id, or refuse an unknown or enemy id."""
    piece = state.piece(piece_id)
    if piece is None:
        raise RuleViolation(
            "core/bad-input",
            f"There is no piece {piece_id} on the map. Name pieces by the ids shown on the "
            "board, like U3 or L1 (several are separated by spaces).",
            {"piece": piece_id},
        )
    if piece.side != seat:
        raise RuleViolation(
            "samurai/order-own-pieces",
            f"{piece_id} belongs to the other side; you can only command your own pieces.",
            {"piece": piece_id},
        )
    return piece


def build_requests(
    state: SamuraiState, seat: str, ids: list[str], card: CommandCard
) -> list[Request]:
    """Turn the piece ids a player named into requests, checking the order-cost rules."""
    counts = Counter(ids)
    twice = sorted((i for i, n in counts.items() if n > 1), key=natural_key)
    if twice:
        raise RuleViolation(
            "samurai/one-order-per-piece",
            f"{', '.join(twice)} is named more than once: a piece takes at most one order a turn.",
            {"pieces": twice},
        )
    pieces = [own_piece(state, seat, piece_id) for piece_id in ids]
    named = set(ids)
    out: list[Request] = []
    for piece in pieces:
        if piece.is_leader:
            unit = state.unit_at(piece.hex)
            if unit is None:
                out.append(request_for(piece, None, False))
                continue
            if not card.helmet:
                extra = (
                    f" Ordering both {piece.id} and {unit.id} splits them, which also needs one."
                    if unit.id in named
                    else ""
                )
                raise RuleViolation(
                    "samurai/leader-split-needs-helmet",
                    f"{piece.id} is with {unit.id}. Ordering him on his own splits him from the "
                    f"unit, and only a card with the helmet symbol (the section cards and the "
                    f"Shogun) allows that; {card.name} has none. Order {unit.id} instead and "
                    f"{piece.id} goes with it for one order.{extra}",
                    {"leader": piece.id, "unit": unit.id, "card": card.id},
                )
            out.append(request_for(piece, None, True))
        else:
            leader = state.leader_at(piece.hex)
            carried = leader if leader is not None and leader.id not in named else None
            out.append(request_for(piece, carried, False))
    return out


def explain(requests: list[Request], slots: list[str], card: CommandCard, top: bool) -> str:
    """Say in plain words why a set of requests does not fit a card's slots."""
    found = match(requests, slots)
    stuck = next(r for r, j in zip(requests, found, strict=True) if j is None)
    usable = sorted({s for s in slots if fits(stuck, s)})
    if not slots:
        return (
            f"{card.name} has no usable orders this turn (you have no piece where it orders), "
            "so order nobody: send an empty order, or 'none'."
        )
    if not usable:
        offered = ", ".join(sorted({slot_phrase(s, top) for s in slots}))
        where = _where(stuck, top)
        return f"{stuck.piece} {where}, but {card.name} only orders {offered}."
    takers = [r.piece for r in requests if any(fits(r, s) for s in usable)]
    phrase = " or ".join(slot_phrase(s, top) for s in usable)
    count = sum(1 for s in slots if s in usable)
    return (
        f"No order left for {stuck.piece} in {phrase}: {card.name} gives {count} there "
        f"and you named {len(takers)} pieces that need one ({', '.join(takers)})."
    )


def _where(request: Request, top: bool) -> str:
    sections = " and ".join(section_phrase(s, top) for s in request.sections)
    what = f"is a {request.standard} {request.kind} unit"
    if request.is_leader:
        what = f"is a {request.kind} leader"
    return f"{what} on {request.hex}, in {sections}"


def orderable(state: SamuraiState, seat: str, helmet: bool) -> list[Piece]:
    """Return the pieces a seat may name: units, lone leaders, attached leaders with a helmet."""
    out = []
    for piece in state.pieces:
        if piece.side != seat:
            continue
        if piece.is_leader and not helmet and state.unit_at(piece.hex) is not None:
            continue
        out.append(piece)
    return sorted(out, key=lambda p: natural_key(p.id))


def lost_orders(
    state: SamuraiState, seat: str, slots: list[str], helmet: bool
) -> tuple[list[str], dict[str, int]]:
    """Drop the slots that have no piece to take them; return kept slots and losses by slot."""
    single = [request_for(p, None, False) for p in orderable(state, seat, helmet)]
    kept: list[str] = []
    lost: dict[str, int] = {}
    for slot, n in Counter(slots).items():
        available = sum(1 for r in single if fits(r, slot))
        kept += [slot] * min(n, available)
        if n > available:
            lost[slot] = n - available
    return sorted(kept), lost


def order_options(
    state: SamuraiState, seat: str, slots: list[str], card: CommandCard, cap: int = 24
) -> list[str]:
    """Return a bounded, sorted list of legal order strings (always holding "", no orders).

    It holds every legal single order and up to `cap` sets of the largest size that fits.
    """
    pieces = orderable(state, seat, card.helmet)
    tokens: list[str] = []
    for piece in pieces:
        if any(fits(request_for(piece, None, False), s) for s in slots):
            tokens.append(piece.id)
    options: set[str] = {""}

    def feasible(chosen: list[str]) -> bool:
        try:
            return assign(build_requests(state, seat, chosen, card), slots) is not None
        except RuleViolation:
            return False

    for token in tokens:
        if feasible([token]):
            options.add(token)
    best = len(
        [j for j in match(build_requests(state, seat, tokens, card), slots) if j is not None]
    )
    if best > 1:
        budget = 4000
        for combo in combinations(tokens, best):
            budget -= 1
            if budget < 0 or len(options) > cap + len(tokens):
                break
            if feasible(list(combo)):
                options.add(" ".join(combo))
    return sorted(options, key=lambda s: (len(s.split()), s))
