"""What every system's test kit offers: act on a position, check a refusal, read the words.

Each system's kit (tests/rules/<system>/kit.py) builds its own positions and fixes its own
dice, and hands these out under the same names:

    KIT = Kit(SYSTEM)
    act, act_events, refused, said = KIT.act, KIT.act_events, KIT.refused, KIT.said
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

import pytest

from bot.text import Words, event_message, languages
from rules.core.engine import Engine, GameState
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from rules.core.references import all_rules
from rules.core.text import Msg, Value

S = TypeVar("S", bound=GameState)
E = TypeVar("E", bound=Event)
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Kit(Generic[S]):
    """The helpers every rule test uses, for one system's engine."""

    engine: Engine[S]

    def words(self, language: str = "en") -> Words:
        """Return the system's catalogue of a language."""
        return Words.of(language, self.engine)

    def action(self, seat: str, **fields: Any) -> Action:
        """Read one action given as its JSON fields or command options, for a seat."""
        return self.engine.parse_action({**fields, "seat": seat})

    def act_events(self, state: S, seat: str, **fields: Any) -> tuple[S, list[Event]]:
        """Apply one action for a seat; return the new state and the events.

        Every event must have its words in English (a missing key or value fails the test).
        """
        new, events = self.engine.apply(state, self.action(seat, **fields))
        for event in events:
            self.said(event)
        return new, events

    def act(self, state: S, seat: str, **fields: Any) -> S:
        """Apply one action for a seat and return the new state."""
        return self.act_events(state, seat, **fields)[0]

    def refused(self, state: S, seat: str, rule_id: str, **fields: Any) -> RuleViolation:
        """Assert an action is refused under `rule_id`; return the refusal.

        The state must be left exactly as it was, the reason must be a refusal message worded
        in every language we have, and `is_legal` must agree (but for unreadable input, which
        never becomes an action to ask about).
        """
        before = state.model_dump(mode="json")
        with pytest.raises(RuleViolation) as caught:
            self.engine.apply(state, self.action(seat, **fields))
        refusal = caught.value
        assert refusal.rule_id == rule_id, f"{refusal.rule_id}: {refusal.message}"
        assert state.model_dump(mode="json") == before, "a refused action changed the state"
        reason = refusal.reason
        assert isinstance(reason, Msg) and reason.key.startswith("refusal-"), reason
        for language in languages():
            assert self.said(reason, language), f"{reason.key} says nothing in {language}"
        if rule_id != "core/bad-input":
            assert not self.engine.is_legal(state, self.action(seat, **fields)), (
                f"refused under {rule_id} but is_legal says it may be played"
            )
        return refusal

    def said(self, value: RuleViolation | Event | Value, language: str = "en") -> str:
        """Return what a refusal (its reason), an event, a message, a term or a list says.

        Messages (and events and refusals, which are worded as messages) are worded strictly:
        a missing key or value fails the test.
        """
        if isinstance(value, RuleViolation):
            value = value.reason
        if isinstance(value, Event):
            value = event_message(value)
        words = self.words(language)
        if isinstance(value, Msg):
            return words.strict(value)
        return words.word(value)


@overload
def of_type(events: Iterable[Event], kind: type[E]) -> list[E]: ...


@overload
def of_type(events: Iterable[Event], kind: str) -> list[Any]: ...


def of_type(events: Iterable[Event], kind: type[Event] | str) -> list[Any]:
    """Return the events of one class, or of one type given as its name ('unit_moved')."""
    if isinstance(kind, str):
        return [e for e in events if e.type == kind]
    return [e for e in events if isinstance(e, kind)]


def checks(*rule_ids: str) -> Callable[[F], F]:
    """Name the rules a test checks (each must exist in data/rules/), as `rule_ids` on it."""
    missing = [r for r in rule_ids if r not in all_rules()]
    assert not missing, f"unknown rule ids {missing}"

    def mark(test: F) -> F:
        test.rule_ids = rule_ids  # type: ignore[attr-defined]
        return test

    return mark
