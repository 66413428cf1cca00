"""Knockout brackets: single elimination, seeded, byes at the top (pure).

A bracket holds the next power of two of the players; seeds are placed in the usual
order (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight), so the top seeds can only meet late, and
the places of missing seeds are byes for the seeds they would have met: with six
players, seeds 1 and 2 go through round 1 without a game.

Each round's matches are written in bracket order; the winners of neighbouring matches
meet in the next round, the one from the upper match at home (he sits in the first
seat). A match ends level (games and total score alike, see matches.py) has a decider:
one more game between the two in the same round, the upper one at home, until one of
them wins it. The winner of the last round is the champion.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["bracket_order", "bracket_size", "first_round", "next_round", "rounds_of"]


def bracket_size(count: int) -> int:
    """Return the places of a bracket for `count` players: the next power of two."""
    return 1 << max(1, (count - 1).bit_length())


def rounds_of(count: int) -> int:
    """Return how many rounds a bracket of `count` players has."""
    return bracket_size(count).bit_length() - 1


def bracket_order(size: int) -> list[int]:
    """Return the seeds (1-based) in bracket order: each pair of neighbours meets in round 1."""
    order = [1]
    while len(order) < size:
        top = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, top - s)]
    return order


def first_round(seeded: Sequence[str]) -> list[tuple[str, str | None]]:
    """Return round 1 in bracket order: (home, away), away None for a bye."""
    order = bracket_order(bracket_size(len(seeded)))
    places = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    out: list[tuple[str, str | None]] = []
    for upper, lower in zip(places[0::2], places[1::2], strict=True):
        assert upper is not None, "a bracket's upper place is always a seed that plays"
        out.append((upper, lower))
    return out


def next_round(winners: Sequence[str]) -> list[tuple[str, str]]:
    """Return the next round from the winners of a round's matches in bracket order."""
    if len(winners) % 2:
        raise ValueError(f"a bracket round has an even count of matches, not {len(winners)}")
    return list(zip(winners[0::2], winners[1::2], strict=True))
