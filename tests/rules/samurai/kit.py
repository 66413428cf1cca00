"""Helpers for the Samurai Battles rule tests: build positions, act, fix the dice."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from rules.core.dice import DiceState, draw
from rules.core.model import Event
from rules.samurai.catalogue import battle_table
from rules.samurai.engine import SYSTEM
from rules.samurai.state import Piece, SamuraiState
from tests.kit import Kit
from tests.kit import checks as checks  # the shared helpers, under the names every kit uses
from tests.kit import of_type as of_type

PieceSpec = tuple[str, str, str, str] | tuple[str, str, str, str, int]

KIT = Kit(SYSTEM)
act, act_events, refused, said = KIT.act, KIT.act_events, KIT.refused, KIT.said


def game(
    pieces: Sequence[PieceSpec] | None = None,
    *,
    scenario: str = "open-field",
    active: str = "blue",
    hands: dict[str, list[str]] | None = None,
    banners: dict[str, int] | None = None,
    tokens: dict[str, int] | None = None,
    dragons: dict[str, list[str]] | None = None,
) -> SamuraiState:
    """Return a fresh game of `scenario`, optionally with other pieces, hands and banners.

    Pieces are (id, type, side, hex) or (id, type, side, hex, figures). Nobody holds a
    Dragon card unless `dragons` says so (a close combat then never waits for an answer:
    samurai/dragon-interrupt); each side has the Honor & Fortune `tokens` says (else none).
    """
    state = SYSTEM.new_game(scenario, "kit")
    update: dict[str, Any] = {
        "active": active,
        "dragon_hands": {s: list((dragons or {}).get(s, [])) for s in state.seats},
    }
    update["tokens"] = {s: (tokens or {}).get(s, 0) for s in state.seats}
    if pieces is not None:
        built = []
        for spec in pieces:
            piece_id, type_id, side, hex_label = spec[:4]
            built.append(Piece(id=piece_id, type=type_id, side=side, hex=hex_label, figures=1))
            figures = spec[4] if len(spec) == 5 else built[-1].unit_type.figures
            built[-1].figures = figures
        update["pieces"] = built
    if hands is not None:
        update["hands"] = {**state.hands, **hands}
    if banners is not None:
        update["banners"] = {**state.banners, **banners}
    return state.model_copy(update=update)


def start_turn(
    state: SamuraiState, seat: str, card: str, pieces: str
) -> tuple[SamuraiState, list[Event]]:
    """Play a card (it must be in hand) and give orders; return the state and all events."""
    state, events = act_events(state, seat, type="play", card=card)
    state, more = act_events(state, seat, type="order", pieces=pieces)
    return state, events + more


@cache
def _seed_for(faces: tuple[str | None, ...]) -> str:
    table = battle_table().faces
    for n in range(2_000_000):
        seed = f"fixed-{n}"
        if all(want is None or table[draw(seed, i, 6) - 1] == want for i, want in enumerate(faces)):
            return seed
    raise AssertionError(f"no seed rolls {faces}")


def with_rolls(state: SamuraiState, *faces: str | None) -> SamuraiState:
    """Return the state with dice whose next rolls show `faces` (None: any face)."""
    return state.model_copy(update={"dice": DiceState(seed=_seed_for(tuple(faces)), drawn=0)})
