"""League pairings: the round robin's circle and Swiss rounds (bot/service/leagues/pairings.py)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service.leagues.pairings import (
    Pairing,
    round_robin,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
    swiss_rounds_default,
)


def _names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


@pytest.mark.parametrize("n", range(2, 13))
@pytest.mark.parametrize("legs", [1, 2])
def test_a_round_robin_pairs_everyone_once_a_leg_with_home_and_away_balanced(
    n: int, legs: int
) -> None:
    players = _names(n)
    pairings = round_robin(players, legs)
    per_leg = n - 1 if n % 2 == 0 else n
    assert sorted({p.round for p in pairings}) == list(range(1, legs * per_leg + 1))
    for number in range(1, legs * per_leg + 1):
        seen = [
            who for p in pairings if p.round == number for who in (p.home, p.away) if who
        ]
        # Nobody twice in a round; everyone in it (with the bye, when the count is odd).
        assert sorted(seen) == players
        byes = [p for p in pairings if p.round == number and p.away is None]
        assert len(byes) == n % 2
    for leg in range(legs):
        games = [
            p for p in pairings if leg * per_leg < p.round <= (leg + 1) * per_leg
        ]
        met = Counter(frozenset((p.home, p.away)) for p in games if p.away is not None)
        assert set(met) == {frozenset(pair) for pair in itertools.combinations(players, 2)}
        assert set(met.values()) == {1}
        byes = Counter(p.home for p in games if p.away is None)
        assert byes == (Counter(players) if n % 2 else Counter())
        home = Counter(p.home for p in games if p.away is not None)
        away = Counter(p.away for p in games if p.away is not None)
        for player in players:
            assert abs(home[player] - away[player]) <= 1, (player, home, away)
        assert max(home[p] for p in players) - min(home[p] for p in players) <= 1
        # Home and away alternate: never three in a row (an odd count: never two).
        for player in players:
            sides = "".join(
                "H" if p.home == player else "A"
                for p in games
                if p.away is not None and player in (p.home, p.away)
            )
            longest = 2 if n % 2 == 0 else 1
            assert "H" * (longest + 1) not in sides and "A" * (longest + 1) not in sides, sides
    if legs == 2:
        first = {(p.round, p.home, p.away) for p in pairings if p.round <= per_leg}
        second = {
            (p.round - per_leg, p.away, p.home) if p.away else (p.round - per_leg, p.home, None)
            for p in pairings
            if p.round > per_leg
        }
        assert first == second


def test_a_round_robin_is_the_same_for_the_same_order_and_small_leagues_have_none() -> None:
    players = ["ana", "bruno", "carla", "davi", "eva"]
    assert round_robin(players, 2) == round_robin(list(players), 2)
    assert round_robin(players) != round_robin(list(reversed(players)))
    assert round_robin(["solo"]) == []
    assert round_robin([]) == []
    assert round_robin(["a", "b"]) == [Pairing(1, "a", "b")]
    assert round_robin(["a", "b"], legs=2) == [Pairing(1, "a", "b"), Pairing(2, "b", "a")]
    with pytest.raises(ValueError):
        round_robin(["a", "a", "b"])
    with pytest.raises(ValueError):
        round_robin(["a", "b"], legs=0)


@pytest.mark.parametrize(
    ("count", "rounds"), [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (64, 6)]
)
def test_swiss_rounds_default_to_ceil_log2(count: int, rounds: int) -> None:
    assert swiss_rounds_default(count) == rounds


def test_the_first_swiss_round_pairs_down_the_seeding() -> None:
    players = ["a", "b", "c", "d", "e"]
    assert swiss_round(1, players, {}, [], []) == [
        Pairing(1, "a", "b"), Pairing(1, "c", "d"), Pairing(1, "e", None)
    ]


def _pairs(method: str, count: int, points: dict[str, float] | None = None,
           met: tuple[frozenset[str], ...] = ()) -> list[tuple[str, str | None]]:
    players = [f"p{i}" for i in range(1, count + 1)]
    return [(p.home, p.away) for p in swiss_round(2 if points else 1, players, points or {},
                                                  met, (), method)]


def test_slide_and_fold_pair_the_top_half_against_the_bottom_half() -> None:
    # Issue 32: only neighbours in a score group (1st v 2nd) could be paired.
    assert _pairs("slide", 8) == [("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")]
    assert _pairs("fold", 8) == [("p1", "p8"), ("p2", "p7"), ("p3", "p6"), ("p4", "p5")]
    assert _pairs("adjacent", 8) == [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")]
    # Seven: the lowest has the bye, the other six fold.
    assert _pairs("fold", 7) == [("p1", "p6"), ("p2", "p5"), ("p3", "p4"), ("p7", None)]


def test_slide_floats_an_odd_group_down_and_avoids_rematches() -> None:
    points = {"p1": 3, "p2": 3, "p3": 3, "p4": 3, "p5": 3}
    # p5, lowest of five on 3 points, floats to the top of the 0-point group.
    assert _pairs("slide", 8, points) == [("p1", "p3"), ("p2", "p4"), ("p5", "p7"),
                                          ("p6", "p8")]
    met = (frozenset(("p1", "p3")),)
    assert _pairs("slide", 8, points, met)[:2] == [("p1", "p2"), ("p3", "p4")]


def test_swiss_pairs_within_score_groups_and_floats_the_odd_one_down() -> None:
    players = ["a", "b", "c", "d", "e", "f"]
    points = {"a": 0, "b": 3, "c": 3, "d": 3, "e": 0, "f": 0}
    assert swiss_round(2, players, points, [], []) == [
        Pairing(2, "b", "c"), Pairing(2, "d", "a"), Pairing(2, "e", "f")
    ]


def test_swiss_backtracks_when_the_greedy_pairing_leaves_a_rematch() -> None:
    # Greedy a-b leaves c-d, who have met: a-c and b-d instead.
    met = [frozenset(("c", "d"))]
    assert swiss_round(2, ["a", "b", "c", "d"], {}, met, []) == [
        Pairing(2, "a", "c"), Pairing(2, "b", "d")
    ]


def test_swiss_takes_the_fewest_rematches_only_when_it_must() -> None:
    # a, b, c have each met d, e and f: three players left on each side, so one pair
    # must be a rematch.
    players = ["a", "b", "c", "d", "e", "f"]
    met = [frozenset(pair) for pair in itertools.product("abc", "def")]
    pairs = swiss_round(4, players, {}, met, [])
    rematches = [p for p in pairs if frozenset((p.home, p.away)) in met]
    assert len(rematches) == 1
    assert pairs == [Pairing(4, "a", "b"), Pairing(4, "c", "d"), Pairing(4, "e", "f")]


def test_the_bye_goes_to_the_lowest_ranked_without_one() -> None:
    players = ["a", "b", "c", "d", "e"]
    assert swiss_round(2, players, {}, [], ["e"])[-1] == Pairing(2, "d", None)
    assert swiss_round(2, players, {"e": 3}, [], [])[-1] == Pairing(2, "d", None)
    # Everyone has had one: the lowest-ranked again.
    assert swiss_round(6, players, {}, [], players)[-1] == Pairing(6, "e", None)


def _perfect(group: list[str], met: set[frozenset[str]]) -> bool:
    """Whether `group` pairs up with no rematch (brute force)."""
    if not group:
        return True
    first, rest = group[0], group[1:]
    return any(
        frozenset((first, other)) not in met and _perfect([p for p in rest if p != other], met)
        for other in rest
    )


def _fewest(group: list[str], met: set[frozenset[str]]) -> int:
    """The fewest rematches that pair `group` (brute force)."""
    if not group:
        return 0
    first, rest = group[0], group[1:]
    return min(
        int(frozenset((first, other)) in met) + _fewest([p for p in rest if p != other], met)
        for other in rest
    )


@given(
    n=st.sampled_from([5, 6, 7]),
    results=st.lists(st.sampled_from(["home", "away", "draw"]), min_size=40, max_size=40),
)
def test_swiss_rounds_with_random_results_avoid_rematches_and_share_the_byes(
    n: int, results: list[str]
) -> None:
    players = _names(n)
    points: dict[str, float] = dict.fromkeys(players, 0.0)
    met: set[frozenset[str]] = set()
    had_bye: list[str] = []
    outcomes = iter(results)
    for number in range(1, n + 1):
        pairs = swiss_round(number, players, points, met, had_bye)
        seated = [who for p in pairs for who in (p.home, p.away) if who]
        assert sorted(seated) == players  # everyone once
        assert {p.round for p in pairs} == {number}
        byes = [p.home for p in pairs if p.away is None]
        assert len(byes) == n % 2
        fresh = [p for p in players if p not in had_bye]
        if byes:
            assert byes[0] in fresh  # with n rounds there is always someone without one
        # No rematch while one is possible (for some bye to a player without one).
        if n % 2:
            options = [[p for p in players if p != sitting] for sitting in fresh]
        else:
            options = [players]
        games = [frozenset((p.home, p.away)) for p in pairs if p.away is not None]
        rematches = sum(1 for g in games if g in met)
        assert rematches == min(_fewest(group, met) for group in options)
        if any(_perfect(group, met) for group in options):
            assert rematches == 0
        for p in pairs:
            if p.away is None:
                had_bye.append(p.home)
                points[p.home] += 3
                continue
            met.add(frozenset((p.home, p.away)))
            outcome = next(outcomes)
            if outcome == "draw":
                points[p.home] += 1
                points[p.away] += 1
            else:
                points[p.home if outcome == "home" else p.away] += 3
    assert len(set(had_bye)) == len(had_bye)  # each bye to a different player


def test_swiss_is_deterministic() -> None:
    players = _names(9)
    points = {p: float(i % 3) for i, p in enumerate(players)}
    met = [frozenset((players[0], players[1])), frozenset((players[2], players[5]))]
    assert swiss_round(3, players, points, met, [players[8]]) == swiss_round(
        3, list(players), dict(points), list(met), [players[8]]
    )


# ------------------------------------------------------ large leagues (issue 28, finding 2)


def _swiss_reference(players: list[str], points: dict[str, float], met: list[frozenset[str]],
                     had_bye: list[str]) -> list[tuple[str, str | None]]:
    """The recursive search pairings.py used before it kept its own stack (as it was, in
    short): the pairings of small leagues must not change."""
    seeding = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points.get(p, 0.0), seeding[p]))
    n = len(ranked)
    clash = [[frozenset((a, b)) in set(met) for b in ranked] for a in ranked]
    memo: dict[tuple[int, ...], int] = {}

    def fewest(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        if left not in memo:
            i, rest = left[0], left[1:]
            memo[left] = min(clash[i][j] + fewest(tuple(k for k in rest if k != j))
                             for j in rest)
        return memo[left]

    def pair(left: tuple[int, ...]) -> list[tuple[str, str | None]]:
        allowed, out = fewest(left), []
        while left:
            i, rest = left[0], left[1:]
            j = next(j for j in rest
                     if clash[i][j] + fewest(tuple(k for k in rest if k != j)) == allowed)
            allowed -= clash[i][j]
            out.append((ranked[i], ranked[j]))
            left = tuple(k for k in rest if k != j)
        return out

    everyone = tuple(range(n))
    if n % 2 == 0:
        return pair(everyone)
    pool = [k for k in reversed(range(n)) if ranked[k] not in had_bye] or list(reversed(range(n)))
    costs = [(fewest(tuple(x for x in everyone if x != k)), pos) for pos, k in enumerate(pool)]
    sitting = pool[min(costs)[1]]
    return [*pair(tuple(x for x in everyone if x != sitting)), (ranked[sitting], None)]


@given(
    n=st.integers(min_value=2, max_value=11),
    scores=st.lists(st.sampled_from([0.0, 1.0, 3.0, 4.0, 6.0]), min_size=11, max_size=11),
    meetings=st.sets(st.tuples(st.integers(0, 10), st.integers(0, 10)), max_size=30),
    byes=st.sets(st.integers(0, 10), max_size=5),
)
def test_swiss_pairings_of_small_leagues_are_what_they_were(
    n: int, scores: list[float], meetings: set[tuple[int, int]], byes: set[int]
) -> None:
    players = _names(n)
    points = dict(zip(players, scores, strict=False))
    met = [frozenset((players[a], players[b])) for a, b in meetings if a != b and max(a, b) < n]
    had_bye = [players[b] for b in byes if b < n]
    pairs = swiss_round(3, players, points, met, had_bye)
    assert [(p.home, p.away) for p in pairs] == _swiss_reference(players, points, met, had_bye)


def test_swiss_league_of_1000_players_pairs_without_recursion() -> None:
    # Found by issue 28: the search recursed once per two players, and 1,000 players ran
    # past Python's recursion limit. 5,000 (the Swiss limit) now pair three rounds.
    players = [f"u{i:04d}" for i in range(5_000)]
    points: dict[str, float] = {}
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        pairs = swiss_round(number, players, points, met, [])
        assert sorted(who for p in pairs for who in (p.home, p.away)) == players
        games = {frozenset((p.home, p.away)) for p in pairs if p.away is not None}
        assert not games & met  # no rematch
        met |= games
        for p in pairs:  # the player seeded higher wins
            points[min(p.home, str(p.away))] = points.get(min(p.home, str(p.away)), 0) + 3
    assert pairs[0] == Pairing(3, "u0000", "u0004")  # the two on 6 points, seeded highest


def test_a_round_robin_round_made_alone_is_that_round_of_the_whole() -> None:
    for n in range(2, 12):
        players = _names(n)
        for legs in (1, 2):
            whole = round_robin(players, legs)
            for number in range(1, round_robin_rounds(n, legs) + 1):
                assert round_robin_round(players, number, legs) == [
                    p for p in whole if p.round == number]
    with pytest.raises(ValueError):
        round_robin_round(_names(4), 4)  # three rounds
