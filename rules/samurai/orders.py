"""Orders: what a card offers (slots), what a player asks for (requests), and whether they fit.

A card offers a list of slots, each one order that a piece may fill:

- ``section:NAME``   a piece standing in that board section (a hex cut by a section
                     line stands in both sections, so its piece fits either)
- ``standard:NAME``  a unit with that standard symbol (Shogun roll)
- ``any``            any unit or leader (a flag on the Shogun roll)
- ``kind:NAME``      a piece of that kind, anywhere (Cavalry Charge)

A slot is worded as a message: `slot_msg` for the seat whose card gave it (its
own left and right), `public_slot` for everyone (the board's section first).

A set of orders is legal when every request can be given its own slot. That is a
bipartite matching problem (requests on one side, slots on the other), solved
exactly with augmenting paths: a greedy first-fit can refuse sets that fit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from rules.core.errors import RuleViolation, refuse
from rules.core.text import Msg, items, msg, term
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


def section_msg(section: str, top: bool) -> Msg:
    """Name a board section as the seat it belongs to reads it ("your left section...")."""
    own = board_section(section, top)
    return msg(
        "slot-section",
        own=term("section", own),
        board=term("section", section),
        turned=own != section,
    )


def slot_msg(slot: str, top: bool) -> Msg:
    """Describe a slot to the seat whose card gave it (its sections seen from its side)."""
    kind, _, value = slot.partition(":")
    if kind == "section":
        return section_msg(value, top)
    if kind == "standard":
        return msg("slot-standard", standard=term("standard", value))
    if kind == "kind":
        return msg("slot-kind", kind=term("kind", value))
    return msg("slot-any")


def public_slot(slot: str, top: bool, seat: str) -> Msg:
    """Describe a slot for everyone: a section is the board's, with `seat`'s own name for it."""
    kind, _, value = slot.partition(":")
    if kind != "section":
        return slot_msg(slot, top)
    own = board_section(value, top)
    return msg(
        "slot-section-public",
        board=term("section", value),
        own=term("section", own),
        seat=term("seat", seat),
        turned=own != value,
    )


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
        refuse("core/bad-input", "refusal-no-such-piece", piece=piece_id)
    if piece.side != seat:
        refuse("samurai/order-own-pieces", "refusal-enemy-piece", piece=piece_id)
    return piece


def build_requests(
    state: SamuraiState, seat: str, ids: list[str], card: CommandCard
) -> list[Request]:
    """Turn the piece ids a player named into requests, checking the order-cost rules."""
    counts = Counter(ids)
    twice = sorted((i for i, n in counts.items() if n > 1), key=natural_key)
    if twice:
        refuse("samurai/one-order-per-piece", "refusal-ordered-twice", pieces=items(twice))
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
                refuse(
                    "samurai/leader-split-needs-helmet",
                    "refusal-split-needs-helmet",
                    leader=piece.id,
                    unit=unit.id,
                    card=term("card", card.id),
                    both=unit.id in named,
                )
            out.append(request_for(piece, None, True))
        else:
            leader = state.leader_at(piece.hex)
            carried = leader if leader is not None and leader.id not in named else None
            out.append(request_for(piece, carried, False))
    return out


def explain(requests: list[Request], slots: list[str], card: CommandCard, top: bool) -> Msg:
    """Say why a set of requests does not fit a card's slots (the first piece left out)."""
    card_name = term("card", card.id)
    if not slots:
        return msg("refusal-card-orders-nobody", card=card_name)
    found = match(requests, slots)
    stuck = next(r for r, j in zip(requests, found, strict=True) if j is None)
    usable = sorted({s for s in slots if fits(stuck, s)})
    if not usable:
        return msg(
            "refusal-not-in-card-orders",
            piece=stuck.piece,
            what=_what(stuck),
            hex=stuck.hex,
            sections=items(section_msg(s, top) for s in stuck.sections),
            card=card_name,
            offered=items(slot_msg(s, top) for s in sorted(set(slots))),
        )
    takers = [r.piece for r in requests if any(fits(r, s) for s in usable)]
    return msg(
        "refusal-no-order-left",
        piece=stuck.piece,
        where=items((slot_msg(s, top) for s in usable), "or"),
        card=card_name,
        count=sum(1 for s in slots if s in usable),
        named=len(takers),
        takers=items(takers),
    )


def _what(request: Request) -> Msg:
    """Describe what a piece is, for the orders it may take."""
    if request.is_leader:
        return msg("piece-leader", kind=term("kind", request.kind))
    return msg(
        "piece-unit", standard=term("standard", request.standard), kind=term("kind", request.kind)
    )


def unordered_refusal(state: SamuraiState, piece: Piece) -> RuleViolation:
    """Return why a piece without an order of its own may not move or battle."""
    turn = state.current
    if piece.is_leader:
        carrier = turn.carrier(piece.id)
        if carrier is not None:
            return RuleViolation(
                "samurai/leader-stays-with-unit",
                msg("refusal-leader-ordered-with-unit", leader=piece.id, unit=carrier.piece),
            )
    else:
        leader = state.leader_at(piece.hex)
        if leader is not None and leader.id in turn.joined:
            return RuleViolation(
                "samurai/joining-does-not-order",
                msg("refusal-joined-unit-unordered", leader=leader.id, unit=piece.id),
            )
    return RuleViolation(
        "samurai/only-ordered-act",
        msg(
            "refusal-not-ordered",
            piece=piece.id,
            count=len(turn.orders),
            ordered=items(e.piece for e in turn.orders),
        ),
    )


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
    return sorted(offered_orders(state, seat, slots, card, cap),
                  key=lambda s: (len(s.split()), s))


def offered_orders(
    state: SamuraiState, seat: str, slots: list[str], card: CommandCard, cap: int = 24
) -> Iterator[str]:
    """Yield the strings of `order_options`, unsorted and each once: "" (no orders) first,
    then worked out only as far as they are asked for (buttons stop after a few)."""
    yield ""
    pieces = orderable(state, seat, card.helmet)
    tokens: list[str] = []
    for piece in pieces:
        if any(fits(request_for(piece, None, False), s) for s in slots):
            tokens.append(piece.id)
    count = 1  # the strings yielded so far, all different (ids hold no spaces)

    def feasible(chosen: list[str]) -> bool:
        try:
            return assign(build_requests(state, seat, chosen, card), slots) is not None
        except RuleViolation:
            return False

    for token in tokens:
        if feasible([token]):
            count += 1
            yield token
    best = len(
        [j for j in match(build_requests(state, seat, tokens, card), slots) if j is not None]
    )
    if best > 1:
        budget = 4000
        for combo in combinations(tokens, best):
            budget -= 1
            if budget < 0 or count > cap + len(tokens):
                break
            if feasible(list(combo)):
                count += 1
                yield " ".join(combo)
