"""Seeded dice whose whole state lives in the game state.

Draw number n (counting from 0) of a game with `sides` faces is derived so:

1. take the SHA-256 digest of the text "<seed>:<n>:<attempt>", starting with attempt 0;
2. read its first 8 bytes as a big-endian unsigned number v;
3. if v < floor(2**64 / sides) * sides, the face is (v mod sides) + 1;
   otherwise try again with attempt 1, 2, ... (this rejection keeps every face equally
   likely; with 6 sides it happens about once in 3 * 10**18 draws).

Every die, shuffle and deal draws from this one sequence in order, so anyone holding
the revealed seed can re-derive every roll with nothing but a SHA-256 tool, and the
sequence never changes between Python versions (unlike `random`). A shuffle of k
items is Fisher-Yates from the last position down, position i swapping with the
item at draw(i + 1) - 1.
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
