"""Seeded dice whose whole state lives in the game state.

Roll n of a game is derived from SHA-256(seed || ":" || n), so anyone holding the
revealed seed can re-derive every roll with nothing but a SHA-256 tool, and the
sequence never changes between Python versions (unlike `random`).
"""

from __future__ import annotations

import hashlib

from rules.core.model import Frozen


def seed_hash(seed: str) -> str:
    """Return the SHA-256 published when a game starts, committing to its seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


class DiceState(Frozen):
    """The seed and how many numbers have been drawn from it."""

    seed: str
    drawn: int = 0


def draw(seed: str, index: int, sides: int) -> int:
    """Return draw number `index` of `seed` as a number from 1 to `sides`."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    limit = (2**64 // sides) * sides
    attempt = 0
    while True:
        digest = hashlib.sha256(f"{seed}:{index}:{attempt}".encode()).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:  # rejection keeps every face equally likely
            return value % sides + 1
        attempt += 1


class Dice:
    """A cursor over a game's dice; engines roll through it, then store `state`."""

    def __init__(self, state: DiceState) -> None:
        self._seed = state.seed
        self._drawn = state.drawn

    @property
    def state(self) -> DiceState:
        """Return the dice state to store back into the game."""
        return DiceState(seed=self._seed, drawn=self._drawn)

    def roll(self, sides: int = 6) -> int:
        """Roll one die."""
        value = draw(self._seed, self._drawn, sides)
        self._drawn += 1
        return value

    def rolls(self, count: int, sides: int = 6) -> list[int]:
        """Roll `count` dice."""
        return [self.roll(sides) for _ in range(count)]

    def shuffle(self, items: list[str]) -> list[str]:
        """Return a shuffled copy (Fisher-Yates driven by our own draws)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.roll(i + 1) - 1
            out[i], out[j] = out[j], out[i]
        return out
