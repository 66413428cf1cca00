"""Errors a rules engine raises when an action may not be applied."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """An action the rules forbid; carries the id of the rule that forbids it.

    Raising it must leave the game untouched: engines validate before they change
    anything, and the service discards the working copy of the state.
    """

    def __init__(self, rule_id: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(f"[{rule_id}] {message}")
        self.rule_id = rule_id
        self.message = message
        self.details: dict[str, Any] = details or {}
