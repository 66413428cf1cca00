"""Autocomplete: the pieces, hexes and targets a seat may name, best first.

Labels are messages (worded in the reader's language by the bot); values are what the
option takes. Matching the typed text looks at the value and at the ids in the label
(piece ids, troop types), which read the same in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.bushido.actions import Attack, Flee, Move
from rules.bushido.catalogue import movement_pieces
from rules.bushido.flow import COMMANDER_ALIASES, STEPS, natural_key
from rules.bushido.movement import at
from rules.bushido.state import BushidoState
from rules.core.engine import sort_key
from rules.core.model import Action
from rules.core.text import Msg, items, msg, term

LIMIT = 25
# (label, value, other words the typed text may match)
Entry = tuple[Msg, str, tuple[str, ...]]


def suggest(
    state: BushidoState,
    seat: str | None,
    field: str,
    text: str,
    context: Mapping[str, Any] | None = None,
) -> list[tuple[Msg | str, str]]:
    """Offer (label, value) completions for a command option, best first, at most 25.

    With a piece already typed, destinations and targets are that piece's own.
    """
    chosen = str((context or {}).get("piece") or "").strip().upper() or None
    if chosen in COMMANDER_ALIASES and seat is not None:
        commander = state.commander(seat)
        chosen = commander.id if commander else chosen
    legal = STEPS[state.step].legal
    options = sorted(legal(state, seat), key=sort_key) if seat is not None and legal else []
    if field == "piece":
        entries = _pieces(state, seat, options)
    elif field == "to":
        entries = _destinations(options, chosen)
    elif field == "target":
        entries = _targets(state, options, chosen)
    elif field == "face":
        # Every face the game has (the catalogue is public), never what a stack holds.
        entries = [(msg("suggest-face", face=term("face", f)), f, ()) for f in movement_pieces()]
    else:
        entries = []
    return _rank(entries, text)


def _pieces(state: BushidoState, seat: str | None, options: list[Action]) -> list[Entry]:
    ready = sorted({a.piece for a in options if isinstance(a, Move | Attack)}, key=natural_key)
    rest = sorted(
        {p.id for p in state.pieces if seat is None or p.side == seat} - set(ready),
        key=natural_key,
    )
    out: list[Entry] = []
    for piece_id in [*ready, *rest]:
        piece = state.piece(piece_id)
        if piece is not None:
            label = msg(
                "suggest-piece",
                piece=piece.id,
                troop=term("troop", piece.type),
                at=at(state, piece.space),
            )
            out.append((label, piece.id, (piece.type,)))
    return out


def _destinations(options: list[Action], chosen: str | None) -> list[Entry]:
    by_hex: dict[str, list[str]] = {}
    flights: set[str] = set()
    for a in options:
        if isinstance(a, Move) and chosen in (None, a.piece):
            by_hex.setdefault(a.to, []).append(a.piece)
        elif isinstance(a, Flee):
            by_hex.setdefault(a.to, [])
            flights.add(a.to)
    return [
        (msg("suggest-to", hex=h, pieces=items(who), flee=h in flights), h, tuple(who))
        for h, who in by_hex.items()
    ]


def _targets(state: BushidoState, options: list[Action], chosen: str | None) -> list[Entry]:
    by_space: dict[str, list[str]] = {}
    for a in options:
        if isinstance(a, Attack) and chosen in (None, a.piece):
            by_space.setdefault(a.target, []).append(a.piece)
    out: list[Entry] = []
    for space, who in by_space.items():
        enemy = state.at(space)
        if enemy is None:
            continue
        camp = space.removesuffix("-camp") if space.endswith("-camp") else None
        label = msg(
            "suggest-target",
            target=space if camp is None else term("camp", camp),
            enemy=enemy.id,
            troop=term("troop", enemy.type),
            by=items(who),
        )
        out.append((label, space, (enemy.id, enemy.type, *who)))
    return out


def _rank(entries: list[Entry], text: str) -> list[tuple[Msg | str, str]]:
    """Keep entries matching `text`: prefix matches first, then substring matches."""
    needle = text.strip().lower()
    first: list[tuple[Msg | str, str]] = []
    second: list[tuple[Msg | str, str]] = []
    for label, value, words in entries:
        keys = [value.lower(), *(w.lower() for w in words)]
        if not needle or any(k.startswith(needle) for k in keys):
            first.append((label, value))
        elif any(needle in k for k in keys):
            second.append((label, value))
    return (first + second)[:LIMIT]
