"""What the service needs of a store, whichever database keeps the games."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path

from bot.clock import SYSTEM_CLOCK, Clock
from bot.store.transaction import GameHook, GameOverHook, Transaction


class GameStore:
    """What the service needs of a store, whichever database keeps the games.

    `transaction()` runs one command's reads and writes as one transaction; `reading()`
    gives reads on one snapshot. Hooks registered here see every write (the clocks'
    `add_hook`; `game_over`, called by name when a write ends a game).
    """

    def __init__(self, path: str, *, clock: Clock = SYSTEM_CLOCK,
                 read_only: bool = False) -> None:
        self.path = path
        self.clock = clock
        self.read_only = read_only
        self._hooks: dict[str, GameHook] = {}
        self.game_over: dict[str, GameOverHook] = {}

    def add_hook(self, name: str, hook: GameHook) -> None:
        """Have `hook` see every game update of this store's transactions (one per name)."""
        self._hooks[name] = hook

    def transaction(self) -> AbstractContextManager[Transaction]:
        """One write transaction."""
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[Transaction]:
        """Reads on one consistent snapshot."""
        raise NotImplementedError

    def backup(self, target: str | Path) -> None:
        """Copy the whole database to `target` while the bot may be writing to it."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the database (connections)."""
        raise NotImplementedError
