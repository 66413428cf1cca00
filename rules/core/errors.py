"""Errors a rules engine raises when an action may not be applied."""

from __future__ import annotations

from typing import Any, NoReturn

from rules.core.text import Msg, Value


class RuleViolation(Exception):
    """An action the rules forbid: the id of the rule that forbids it, and why.

    `reason` is a message for the catalogue (rules.core.text.Msg), worded in the
    game's language when it is shown. Raising it must leave the game untouched:
    engines work on a copy of the state, which the skeleton discards.
    """

    def __init__(self, rule_id: str, reason: Msg, details: dict[str, Any] | None = None) -> None:
        super().__init__(f"[{rule_id}] {reason.key}")
        self.rule_id = rule_id
        self.reason = reason
        self.details: dict[str, Any] = details or {}

    @property
    def message(self) -> str:
        """Return the reason's catalogue key (for logs and tests)."""
        return self.reason.key


def refuse(rule_id: str, key: str, /, **args: Value) -> NoReturn:
    """Refuse an action: the rule it breaks and why, as a message for the catalogue."""
    raise RuleViolation(rule_id, Msg(key=key, args=args))


__all__ = ["RuleViolation", "refuse"]
