"""What goes wrong: a test asking for what Discord would not allow, a bot too slow to
answer, and the Discord-shaped errors the server answers with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class ImpossibleAction(AssertionError):
    """A test asked a fake user to do something the Discord client would not allow."""


class InteractionTimeout(AssertionError):
    """The bot did not finish answering an interaction in time."""


@dataclass(frozen=True)
class Rejection:
    """A request the fake server refused, as the bot saw it."""

    method: str
    path: str
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    interaction_id: int | None = None

    def __str__(self) -> str:
        detail = f" {json.dumps(self.errors)}" if self.errors else ""
        return f"{self.method} {self.path} -> {self.status} [{self.code}] {self.message}{detail}"


class _ApiError(Exception):
    """Raised inside handlers to answer with a Discord-shaped error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


class _FormErrors:
    """Collect Discord "Invalid Form Body" errors keyed by JSON path."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        """Record one error at a JSON path such as ("embeds", 0, "title")."""
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def too_long(self, path: Sequence[str | int], value: str | None, limit: int) -> None:
        """Record an error if a string exceeds a length limit."""
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        """Raise a 400/50035 if any error was recorded."""
        if self.tree:
            raise _ApiError(400, 50035, "Invalid Form Body", self.tree)
