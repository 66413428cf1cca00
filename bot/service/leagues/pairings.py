"""Who plays whom in a league round: round robin (circle method) and Swiss pairings.

Pure and deterministic: players are ids (strings) and the same arguments always give
the same pairings. The league code words and stores them; nothing here touches the store.

Round robin: the circle method. The first player sits at the centre and the others
on a circle of m = n - 1 seats; in round r the centre meets seat r and seat r + k meets
seat r - k (k = 1 .. n/2 - 1, seats mod m). With an odd count the centre is an empty
seat (everyone is on the circle): whoever faces it has the bye. Home and away: the
centre is home in even rounds, and seat r + k is home when k is odd, seat r - k when
k is even. Over one leg every player's home and
away counts then differ by at most one (not at all with an odd count), and nobody is
home, or away, more than twice running (with an odd count they simply alternate).
A second leg repeats the first with home and away swapped.

Swiss: players ranked by points, ties by their order in `players` (the seeding). The
highest unpaired player meets the next highest they have not met (so players meet
within their score group and the odd one floats down to the next group), backtracking
when that leaves the rest unpairable. Only when no pairing at all avoids a rematch is
one with the fewest rematches taken (among those, the one closest to that order). With
an odd count nobody has a second bye while someone has had none: the bye goes to the
lowest-ranked player without one for whom the rest can be paired without a rematch (or
with the fewest, if none can). Once everyone has had a bye, the same from everyone.
The higher-ranked player of a pair is home.

How a score group pairs (`method`): `adjacent` (1st v 2nd, 3rd v 4th: neighbours), or top
half v bottom half, `slide` (1st v the first of the bottom half, 2nd v the second...) or
`fold` (1st v the last, 2nd v the one before...). A group with an odd count floats its
lowest player down to the top of the next group. Rematches are avoided the same way in
each: the preferred partner is tried first, then the next ones in that order.

The search is exhaustive with memory, so it is quick for league sizes (a few ms for 64
players over 6 rounds); far past a full round robin of 20+ players, where rematches
abound, a round can take a second.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

__all__ = ["PAIRING_METHODS", "Pairing", "round_robin", "round_robin_round",
           "round_robin_rounds", "swiss_round", "swiss_rounds_default"]

# How a Swiss score group is paired (see the module's docstring).
PAIRING_METHODS: tuple[str, ...] = ("adjacent", "slide", "fold")


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
    return [p for number in range(1, round_robin_rounds(len(players), legs) + 1)
            for p in round_robin_round(players, number, legs)]


def round_robin_rounds(count: int, legs: int = 1) -> int:
    """Return how many rounds a round robin of `count` players has over `legs` legs."""
    if legs < 1:
        raise ValueError(f"a round robin has at least one leg, not {legs}")
    if count < 2:
        return 0
    return legs * (count - 1 if count % 2 == 0 else count)


def round_robin_round(players: Sequence[str], number: int, legs: int = 1) -> list[Pairing]:
    """One round of `round_robin(players, legs)`, made alone: so a league of many players
    writes its rounds as they are needed instead of holding them all (and the write lock)."""
    _check_players(players)
    total = round_robin_rounds(len(players), legs)
    if not 1 <= number <= total:
        raise ValueError(f"a round robin of {len(players)} has rounds 1-{total}, not {number}")
    # The first player sits at the centre, the others on the circle; with an odd count the
    # centre is an empty seat (whoever faces it has the bye) and everyone is on the circle.
    centre: str | None = players[0] if len(players) % 2 == 0 else None
    circle: list[str | None] = list(players[1:] if centre is not None else players)
    m = len(circle)
    leg, r = divmod(number - 1, m)
    pairs = [(centre, circle[r]) if r % 2 == 0 else (circle[r], centre)]
    for k in range(1, (m + 1) // 2):
        ahead, behind = circle[(r + k) % m], circle[(r - k) % m]
        pairs.append((ahead, behind) if k % 2 else (behind, ahead))
    out: list[Pairing] = []
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
    return out + byes


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
    method: str = "adjacent",
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
    search = _Search(ranked, {pair for pair in met if len(pair) == 2})
    n = len(ranked)
    every = (1 << n) - 1
    sitting: int | None = None
    if n % 2:
        # Lowest-ranked first; nobody has a second bye while someone has had none.
        byes = set(had_bye)
        pool = [k for k in reversed(range(n)) if ranked[k] not in byes]
        best = n + 1
        for k in pool or reversed(range(n)):
            cost = search.fewest(every & ~(1 << k))
            if cost < best:
                best, sitting = cost, k
            if best == 0:
                break
    left = every if sitting is None else every & ~(1 << sitting)
    if method == "adjacent":
        out = [Pairing(round, ranked[i], ranked[j]) for i, j in search.pair(left)]
    else:
        rest = [p for k, p in enumerate(ranked) if k != sitting]
        order = _halves(rest, points, method == "fold")
        again = _Search(order, {pair for pair in met if len(pair) == 2})
        out = [Pairing(round, order[i], order[j])
               for i, j in again.pair((1 << len(order)) - 1)]
    if sitting is not None:
        out.append(Pairing(round, ranked[sitting], None))
    return out


def _halves(ranked: Sequence[str], points: Mapping[str, float], fold: bool) -> list[str]:
    """Reorder ranked players so that neighbours are each score group's top half v bottom
    half (slide, or fold: the bottom half reversed); an odd group's lowest player floats
    to the top of the next group."""
    out: list[str] = []
    carried: list[str] = []
    for _, run in groupby(ranked, key=lambda p: points.get(p, 0.0)):
        group = carried + list(run)
        carried = [group.pop()] if len(group) % 2 else []
        half = len(group) // 2
        bottom = group[half:][::-1] if fold else group[half:]
        for top, low in zip(group[:half], bottom, strict=True):
            out += [top, low]
    return out + carried


def _low(bits: int) -> int:
    """The index of the lowest set bit."""
    return (bits & -bits).bit_length() - 1


class _Search:
    """Pairings of sets of ranked players (bit sets of their indices) by fewest rematches.

    The search keeps its own stack (no recursion: a round of 5,000 players goes 2,500
    pairs deep) and knows whom each player has met as a set, so a round costs about one
    step per pair when the greedy pairing works, as it does until rematches abound.
    """

    def __init__(self, ranked: Sequence[str], met: set[frozenset[str]]) -> None:
        index = {p: i for i, p in enumerate(ranked)}
        self.met: list[set[int]] = [set() for _ in ranked]
        for pair in met:
            a, b = (index.get(p) for p in pair)
            if a is not None and b is not None:
                self.met[a].add(b)
                self.met[b].add(a)
        # Nobody can have met everyone left while more are left than anyone has met.
        self.most = max((len(s) for s in self.met), default=0)
        self.memo: dict[int, int] = {0: 0}

    def clash(self, i: int, j: int) -> int:
        """Say (1 or 0) whether players i and j have met."""
        return int(j in self.met[i])

    def _floor(self, left: int) -> int:
        """A bound the fewest rematches of `left` cannot go under: everyone who has met
        all the others left must have one, and a rematch takes two of them."""
        size = left.bit_count()
        if size - 1 > self.most:
            return 0
        members = set()
        bits = left
        while bits:
            members.add(_low(bits))
            bits &= bits - 1
        stuck = sum(len(self.met[k] & members) == size - 1 for k in members)
        return (stuck + 1) // 2

    def fewest(self, left: int) -> int:
        """The fewest rematches that pair everyone in the bit set `left` (even count)."""
        memo = self.memo
        if left in memo:
            return memo[left]
        stack = [_Frame(left, self._floor(left))]
        while stack:
            frame = stack[-1]
            sub = frame.step(self)
            if sub is None:
                memo[frame.left] = frame.best
                stack.pop()
            else:
                stack.append(_Frame(sub, self._floor(sub)))
        return memo[left]

    def pair(self, left: int) -> list[tuple[int, int]]:
        """The first pairing of `left` in top-down order among those with fewest rematches."""
        allowed = self.fewest(left)
        out: list[tuple[int, int]] = []
        while left:
            i = _low(left)
            rest = left & ~(1 << i)
            bits = rest
            while bits:
                j = _low(bits)
                bits &= bits - 1
                cost = self.clash(i, j)
                if cost <= allowed and cost + self.fewest(rest & ~(1 << j)) == allowed:
                    break
            out.append((i, j))
            allowed -= cost
            left = rest & ~(1 << j)
        return out


class _Frame:
    """One set of players being paired: its top player tries each partner in turn, the
    rest paired below (what a recursive search keeps on the call stack)."""

    __slots__ = ("best", "bits", "floor", "i", "left", "rest", "waiting")

    def __init__(self, left: int, floor: int) -> None:
        self.left = left
        self.floor = floor
        self.i = _low(left)
        self.rest = left & ~(1 << self.i)
        self.bits = self.rest  # partners not tried yet
        self.best = (left.bit_length() + 1) // 2 + 1  # more than any pairing can have
        self.waiting: int | None = None  # the partner whose rest is being searched

    def step(self, search: _Search) -> int | None:
        """Try partners until one's rest is unknown (return it, to search first) or the
        best is found (return None)."""
        memo = search.memo
        if self.waiting is not None:
            j, self.waiting = self.waiting, None
            self.best = min(self.best, search.clash(self.i, j) + memo[self.rest & ~(1 << j)])
        while self.bits and self.best > self.floor:
            j = _low(self.bits)
            self.bits &= self.bits - 1
            sub = self.rest & ~(1 << j)
            if sub not in memo:
                self.waiting = j
                return sub
            self.best = min(self.best, search.clash(self.i, j) + memo[sub])
        return None
