"""Helpers for the Samurai Battles rule tests: build positions, act, fix the dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

import pytest

from bot.text import Words, event_message
from rules.core.dice import DiceState, draw
from rules.core.errors import RuleViolation
from rules.core.model import Event
from rules.core.references import all_rules
from rules.core.text import Msg
from rules.samurai.catalogue import battle_table
from rules.samurai.engine import SYSTEM
from rules.samurai.state import Piece, SamuraiState

F = TypeVar("F", bound=Callable[..., Any])
PieceSpec = tuple[str, str, str, str] | tuple[str, str, str, str, int]


def game(
    pieces: Sequence[PieceSpec] | None = None,
    *,
    scenario: str = "open-field",
    active: str = "blue",
    hands: dict[str, list[str]] | None = None,
    banners: dict[str, int] | None = None,
) -> SamuraiState:
    """Return a fresh game of `scenario`, optionally with other pieces, hands and banners.

    Pieces are (id, type, side, hex) or (id, type, side, hex, figures).
    """
    state = SYSTEM.new_game(scenario, "kit")
    update: dict[str, Any] = {"active": active}
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


def act(state: SamuraiState, seat: str, **fields: Any) -> tuple[SamuraiState, list[Event]]:
    """Parse and apply one action given as command options."""
    action = SYSTEM.parse_action({**fields, "seat": seat})
    return SYSTEM.apply(state, action)


def refused(state: SamuraiState, seat: str, rule_id: str, **fields: Any) -> RuleViolation:
    """Assert an action is refused under `rule_id` and that the state is left as it was.

    The refusal must be worded in every language, and `is_legal` must agree.
    """
    before = state.model_dump(mode="json")
    with pytest.raises(RuleViolation) as caught:
        act(state, seat, **fields)
    assert caught.value.rule_id == rule_id, caught.value.message
    assert state.model_dump(mode="json") == before
    reason = caught.value.reason
    assert isinstance(reason, Msg) and reason.key.startswith("refusal-"), reason
    for language in ("en", "pt-BR"):
        assert Words(language, "samurai").strict(reason)
    if "core/bad-input" != rule_id:
        assert not SYSTEM.is_legal(state, SYSTEM.parse_action({**fields, "seat": seat}))
    return caught.value


def say(what: RuleViolation | Msg | Event, language: str = "en") -> str:
    """Return a refusal, a message or an event in words (strictly: every key must exist)."""
    if isinstance(what, RuleViolation):
        assert isinstance(what.reason, Msg)
        what = what.reason
    if isinstance(what, Event):
        what = event_message(what)
    return Words(language, "samurai").strict(what)


def start_turn(
    state: SamuraiState, seat: str, card: str, pieces: str
) -> tuple[SamuraiState, list[Event]]:
    """Play a card (it must be in hand) and give orders; return the state and all events."""
    state, events = act(state, seat, type="play", card=card)
    state, more = act(state, seat, type="order", pieces=pieces)
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


def of_type(events: list[Event], kind: type[Event]) -> list[Any]:
    """Return the events of one class."""
    return [e for e in events if isinstance(e, kind)]


def checks(*rule_ids: str) -> Callable[[F], F]:
    """Name the rules a test checks (each must exist in data/rules/)."""
    missing = [r for r in rule_ids if r not in all_rules()]
    assert not missing, f"unknown rule ids {missing}"

    def mark(test: F) -> F:
        test.rule_ids = rule_ids  # type: ignore[attr-defined]
        return test

    return mark
