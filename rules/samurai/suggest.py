"""Autocomplete: (label, value) completions for the options of the /samurai commands.

Labels are messages (`suggest-*` in the catalogue); values are what the option takes.
What a seat is offered comes from its legal actions, so a suggestion is never
illegal, and only its own hand (or the cards it drew) is ever offered as cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.errors import RuleViolation
from rules.core.model import Action
from rules.core.text import Msg, items, msg, term
from rules.samurai.actions import Battle, Move, Retreat, pieces_list
from rules.samurai.battle import fighter_at
from rules.samurai.catalogue import cards, hex_of, slug
from rules.samurai.orders import (
    assign,
    build_requests,
    fits,
    natural_key,
    orderable,
    request_for,
)
from rules.samurai.state import Piece, SamuraiState

Pair = tuple[Msg | str, str]
Legal = Callable[[SamuraiState, str], list[Action]]
MOST = 25


def suggest(
    state: SamuraiState,
    seat: str | None,
    field: str,
    text: str,
    context: Mapping[str, Any] | None,
    legal: Legal,
) -> list[Pair]:
    """Offer completions for an option, best first, at most 25.

    With a piece already typed (`context`), destinations and targets are that piece's own.
    """
    chosen = str((context or {}).get("piece") or "").strip().upper() or None
    if field == "card":
        return _cards(state, seat, text)
    if field == "dragon":
        held = sorted(set(state.dragon_hands.get(seat, []))) if seat is not None else []
        return _rank([((msg("suggest-card", card=term("dragon", c)), c), c) for c in held], text)
    if field == "anycard":
        return _rank([((msg("suggest-card", card=term("card", c)), c), c) for c in cards()], text)
    if field == "pieces":
        return _orders(state, seat, text)[:MOST]
    if field == "piece":
        pairs = _pieces(state, seat, legal)
    elif seat is None:
        pairs = []
    elif field == "to":
        pairs = _destinations(state, seat, chosen, legal)
    elif field == "target":
        pairs = _targets(state, seat, chosen, legal)
    else:
        pairs = []
    return _rank(pairs, text)


def _rank(pairs: list[tuple[Pair, str]], text: str) -> list[Pair]:
    """Keep pairs whose search text (the value first) matches: prefixes first, then substrings."""
    needle = text.strip().lower()
    first = [p for p, found in pairs if not needle or found.lower().startswith(needle)]
    second = [p for p, found in pairs if needle and needle in found.lower() and p not in first]
    return (first + second)[:MOST]


def _cards(state: SamuraiState, seat: str | None, text: str) -> list[Pair]:
    if seat is None:
        return []
    choosing = state.step == "keep" and seat == state.active
    held = sorted(set(state.keep_choices if choosing else state.hands.get(seat, [])))
    needle = slug(text)
    first: list[Pair] = []
    second: list[Pair] = []
    for card_id in held:
        label: Pair = (msg("suggest-card", card=term("card", card_id)), card_id)
        spellings = (card_id, slug(cards()[card_id].name))
        if not needle or any(s.startswith(needle) for s in spellings):
            first.append(label)
        elif any(needle in s for s in spellings):
            second.append(label)
    return (first + second)[:MOST]


def _orders(state: SamuraiState, seat: str | None, text: str) -> list[Pair]:
    """Offer whole order lists: the list typed so far plus one more piece that still fits.

    The option's text is the whole value typed, so every completion is the whole list. A
    last piece typed in full ("U11", as picked from an earlier completion) counts as named:
    the list as it stands is offered, then the list with one more piece after it.
    Only lists the card played can give orders to (its sections and its count) are offered.
    """
    if seat is None or state.turn is None or state.step != "orders":
        return []
    turn = state.turn
    card = cards()[turn.card]
    typed = pieces_list(text)
    partial = "" if text.endswith((" ", ",", ";")) or not typed else typed.pop()
    if "NONE" in typed or not _fits_card(state, seat, typed):
        return []
    out: list[Pair] = []
    if not typed and "NONE".startswith(partial):
        out.append((msg("suggest-order-none"), "none"))
    # Only pieces standing where the card gives orders can take one.
    candidates = [
        p
        for p in orderable(state, seat, card.helmet)
        if any(fits(request_for(p, None, False), slot) for slot in turn.slots)
    ]
    ids = {p.id for p in candidates}
    bases = [typed]
    if partial in ids and _fits_card(state, seat, [*typed, partial]):
        bases.append([*typed, partial])
    for base in bases:
        prefix = partial if base is typed else ""
        for piece in candidates:
            if piece.id in base or not piece.id.startswith(prefix):
                continue
            chosen = [*base, piece.id]
            if _fits_card(state, seat, chosen):
                out.append(_order_pair(state, piece, chosen))
    last = state.piece(typed[-1]) if typed and not partial else None
    if not out and last is not None:
        out.append(_order_pair(state, last, typed))  # the card can order no more: it is whole
    return out


def _fits_card(state: SamuraiState, seat: str, ids: list[str]) -> bool:
    """Say whether the card played this turn can order all these pieces at once."""
    turn = state.current
    try:
        requests = build_requests(state, seat, ids, cards()[turn.card])
    except RuleViolation:
        return False
    return assign(requests, turn.slots) is not None


def _order_pair(state: SamuraiState, piece: Piece, chosen: list[str]) -> Pair:
    """Word an order list by its last piece (its type, hex and the leader it takes along)."""
    value = " ".join(chosen)
    leader = state.leader_at(piece.hex) if not piece.is_leader else None
    label = msg(
        "suggest-order",
        pieces=value,
        unit=term("unit", piece.type),
        hex=piece.hex,
        leader=leader.id if leader and leader.id not in chosen else None,
    )
    return label, value


def _pieces(state: SamuraiState, seat: str | None, legal: Legal) -> list[tuple[Pair, str]]:
    """Offer the seat's pieces (a referee: every piece), those that may act now first."""
    ready: list[str] = []
    if seat is not None and state.step in ("moves", "battles"):
        acting = {a.piece for a in legal(state, seat) if isinstance(a, Move | Battle)}
        ready = sorted(acting, key=natural_key)
    rest = sorted((p.id for p in state.pieces if seat is None or p.side == seat), key=natural_key)
    out: list[tuple[Pair, str]] = []
    for piece_id in [*ready, *(r for r in rest if r not in ready)]:
        piece = state.piece(piece_id)
        if piece is not None:
            label = msg(
                "suggest-piece", piece=piece.id, unit=term("unit", piece.type), hex=piece.hex
            )
            out.append(((label, piece.id), f"{piece.id} {piece.hex} {piece.type}"))
    return out


def _by_column(hexes: Mapping[str, Any]) -> list[str]:
    return sorted(hexes, key=lambda h: (hex_of(h).col, hex_of(h).row))


def _destinations(
    state: SamuraiState, seat: str, piece: str | None, legal: Legal
) -> list[tuple[Pair, str]]:
    movers: dict[str, list[str]] = {}
    retreats: dict[str, bool] = {}
    for a in legal(state, seat):
        if isinstance(a, Move) and piece in (None, a.piece):
            movers.setdefault(a.to, []).append(a.piece)
        elif isinstance(a, Retreat):
            retreats[a.to] = True
    out: list[tuple[Pair, str]] = []
    for h in _by_column(movers):
        label = msg("suggest-move-to", hex=h, pieces=items(movers[h]))
        out.append(((label, h), " ".join([h, *movers[h]])))
    for h in _by_column(retreats):
        out.append(((msg("suggest-retreat-to", hex=h), h), h))
    return out


def _targets(
    state: SamuraiState, seat: str, piece: str | None, legal: Legal
) -> list[tuple[Pair, str]]:
    attackers: dict[str, list[str]] = {}
    for a in legal(state, seat):
        if isinstance(a, Battle) and piece in (None, a.piece):
            attackers.setdefault(a.target, []).append(a.piece)
    out: list[tuple[Pair, str]] = []
    for h in _by_column(attackers):
        fighter = fighter_at(state, h)
        assert fighter is not None
        label = msg(
            "suggest-target",
            hex=h,
            piece=fighter.head.id,
            unit=term("unit", fighter.head.type),
            by=items(attackers[h]),
        )
        out.append(((label, h), f"{h} {fighter.head.id} {fighter.head.type}"))
    return out
