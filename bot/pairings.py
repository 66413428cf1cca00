"""Who plays whom in a league round: round robin (circle method) and Swiss pairings.

Pure and deterministic: players are ids (strings) and the same arguments always give
the same pairings. The league code words and stores them; nothing here touches the store.

Round robin: the circle method. The first player stays put while the others turn
round them one place a round; with an odd count an empty seat joins the circle and
whoever meets it has the bye. The fixed player is home in even rounds and away in odd
ones; in every other pair the player on the circle's upper row is home. Over one leg
every player's home and away counts then differ by at most one (none at all with an
odd count). A second leg repeats the first with home and away swapped.

Swiss: players ranked by points, ties by their order in `players` (the seeding). The
highest unpaired player meets the next highest they have not met (so players meet
within their score group and the odd one floats down to the next group), backtracking
when that leaves the rest unpairable. Only when no pairing at all avoids a rematch is
one with the fewest rematches taken (among those, the one closest to that order). With
an odd count nobody has a second bye while someone has had none: the bye goes to the
lowest-ranked player without one for whom the rest can be paired without a rematch (or
with the fewest, if none can). Once everyone has had a bye, the same from everyone.
The higher-ranked player of a pair is home.

The search is exhaustive with memory, so it is quick for league sizes (a few ms for 64
players over 6 rounds); far past a full round robin of 20+ players, where rematches
abound, a round can take a second.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

__all__ = ["Pairing", "round_robin", "swiss_round", "swiss_rounds_default"]


@dataclass(frozen=True)
class Pairing:
    """One game of a round, or the bye (`away` None: `home` sits the round out)."""

    round: int  # 1-based
    home: str  # player id
    away: str | None  # None: `home` has the bye


def _check_players(players: Sequence[str]) -> None:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")


def round_robin(players: Sequence[str], legs: int = 1) -> list[Pairing]:
    """Every round of a full round-robin by the circle method (a bye when the count is odd);
    each player meets each other once per leg; home and away alternate fairly; with legs=2 the
    second leg swaps home and away. Deterministic for the given order.

    Rounds are numbered from 1 on through every leg; within a round the games come in
    circle order and the bye, if any, last.
    """
    _check_players(players)
    if legs < 1:
        raise ValueError(f"a round robin has at least one leg, not {legs}")
    if len(players) < 2:
        return []
    seats: list[str | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    circle = list(range(n))
    first_leg: list[list[tuple[str | None, str | None]]] = []
    for r in range(n - 1):
        pairs: list[tuple[str | None, str | None]] = []
        for i in range(n // 2):
            a, b = seats[circle[i]], seats[circle[n - 1 - i]]
            if i == 0 and r % 2:
                a, b = b, a
            pairs.append((a, b))
        first_leg.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    out: list[Pairing] = []
    for leg in range(legs):
        for r, pairs in enumerate(first_leg):
            number = leg * (n - 1) + r + 1
            byes: list[Pairing] = []
            for a, b in pairs:
                if leg % 2:
                    a, b = b, a
                if a is None or b is None:
                    sitting = a if a is not None else b
                    assert sitting is not None
                    byes.append(Pairing(number, sitting, None))
                else:
                    out.append(Pairing(number, a, b))
            out.extend(byes)
    return out


def swiss_rounds_default(count: int) -> int:
    """Return how many Swiss rounds `count` players need for a clear winner: ceil(log2(count)),
    at least 1."""
    return max(1, (count - 1).bit_length())


def swiss_round(
    round: int,
    players: Sequence[str],
    points: Mapping[str, float],
    met: Collection[frozenset[str]],
    had_bye: Collection[str],
) -> list[Pairing]:
    """Pairings of one Swiss round: players sorted by points (then by their order in `players`,
    which is the seeding), paired top-down within score groups, never a rematch (backtracking
    when the greedy pairing fails; only if no rematch-free pairing exists at all, allow the
    fewest rematches), the bye (odd count) to the lowest-ranked player who has not had one.

    Games come top board first, the bye last. A player missing from `points` has 0.
    """
    _check_players(players)
    if round < 1:
        raise ValueError(f"rounds are numbered from 1, not {round}")
    seeding = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points.get(p, 0.0), seeding[p]))
    met_pairs = {pair for pair in met if len(pair) == 2}
    byes = set(had_bye)
    n = len(ranked)
    clash = tuple(
        tuple(frozenset((ranked[i], ranked[j])) in met_pairs for j in range(n)) for i in range(n)
    )
    every = (1 << n) - 1
    fresh = [sum(1 << j for j in range(n) if j != i and not clash[i][j]) for i in range(n)]

    @cache
    def fewest(left: int) -> int:
        """The fewest rematches that pair everyone in the bit set `left` (even count)."""
        if not left:
            return 0
        # Everyone who has met all the others left must have a rematch: a bound to stop at.
        stuck = sum(1 for k in range(n) if left >> k & 1 and not fresh[k] & left)
        floor = (stuck + 1) // 2
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        best = n  # more than any pairing can have
        j_bits = rest
        while j_bits:
            j = (j_bits & -j_bits).bit_length() - 1
            j_bits &= j_bits - 1
            cost = clash[i][j] + fewest(rest & ~(1 << j))
            if cost < best:
                best = cost
                if best == floor:
                    break
        return best

    def pair(left: int, allowed: int) -> list[tuple[int, int]]:
        """The first pairing in top-down order of `left` with exactly `allowed` rematches."""
        out: list[tuple[int, int]] = []
        while left:
            i = (left & -left).bit_length() - 1
            rest = left & ~(1 << i)
            j_bits = rest
            while j_bits:
                j = (j_bits & -j_bits).bit_length() - 1
                j_bits &= j_bits - 1
                cost = int(clash[i][j])
                if cost <= allowed and cost + fewest(rest & ~(1 << j)) == allowed:
                    break
            out.append((i, j))
            allowed -= cost
            left = rest & ~(1 << j)
        return out

    sitting: int | None = None
    if n % 2:
        # Lowest-ranked first; nobody has a second bye while someone has had none.
        pool = [k for k in reversed(range(n)) if ranked[k] not in byes] or list(
            reversed(range(n))
        )
        best_cost = n + 1
        for k in pool:
            cost = fewest(every & ~(1 << k))
            if cost < best_cost:
                best_cost, sitting = cost, k
            if best_cost == 0:
                break
        assert sitting is not None
    left = every if sitting is None else every & ~(1 << sitting)
    games = pair(left, fewest(left))
    out = [Pairing(round, ranked[i], ranked[j]) for i, j in games]
    if sitting is not None:
        out.append(Pairing(round, ranked[sitting], None))
    return out
