"""Matches: a fixture of several games between the same two players (pure).

A league with `games:` above 1 plays each pairing of a round as that many games, the
sides swapped from one game to the next (home takes the first seat: the first game is
the higher-placed player's home game). Each game is a fixture of its own, so it is
played in its own thread, reported, confirmed and disputed as any other; the standings
and the next round see the match once all its games are settled.

How a finished match scores (`match_scoring:`):

- `wins`: the player who won more of its games wins the match; level on games, the one
  with the higher total score (banners, VP) wins; level on that too, it is drawn. The
  match then scores the league's `win:`/`draw:`/`loss:` points.
- `cc`: the table of the Command & Colors community tournaments, for two-game matches:
  both games won 3 points (the loser 0); games split, the player with more banners over
  both games 2 and the other 1, equal banners 1.5 each. A drawn game counts as half a
  game won to each.

A match's result is one `Result` of ranking.py: its total scores, its winner (None:
drawn) and, with `cc`, the points each player takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.service.leagues.ranking import Result

__all__ = ["MATCH_SCORINGS", "MOST_GAMES", "decided", "games_won", "match_results", "match_winner"]

MATCH_SCORINGS: tuple[str, ...] = ("wins", "cc")
MOST_GAMES = 3  # games a match may have (a C&C round: 2; a best of three: 3)
CC_POINTS = {"swept": (3.0, 0.0), "split": (2.0, 1.0), "level": (1.5, 1.5)}


def games_won(games: Sequence[Result], player: str) -> float:
    """Return the games a player won in a match, a drawn game counting half."""
    return sum(1.0 if g.winner == player else 0.5 if g.winner is None else 0.0 for g in games)


def _total(games: Sequence[Result], player: str) -> int:
    """Return a player's score over a match's games (None scores count 0)."""
    return sum((g.home_score or 0) if g.home == player else (g.away_score or 0) for g in games)


def match_winner(games: Sequence[Result], a: str, b: str) -> str | None:
    """Return who won a match of `a` and `b` by games, then by total score; None: level."""
    won = (games_won(games, a), games_won(games, b))
    if won[0] != won[1]:
        return a if won[0] > won[1] else b
    total = (_total(games, a), _total(games, b))
    if total[0] != total[1]:
        return a if total[0] > total[1] else b
    return None


def _one(games: Sequence[Result], scoring: str) -> Result:
    """Return the result of one finished match (its first game names home and away)."""
    a, b = games[0].home, games[0].away or ""
    winner = match_winner(games, a, b)
    totals = (_total(games, a), _total(games, b))
    result = Result(round=games[0].round, home=a, away=b, winner=winner,
                    home_score=totals[0], away_score=totals[1])
    if scoring != "cc":
        return result
    won = (games_won(games, a), games_won(games, b))
    if won[0] != won[1]:
        kind = "swept" if min(won) == 0 else "split"
    else:
        kind = "split" if totals[0] != totals[1] else "level"
    high, low = CC_POINTS[kind]
    if kind == "level":
        return replace(result, winner=None, home_points=high, away_points=low)
    first = winner == a
    return replace(result, home_points=high if first else low, away_points=low if first else high)


def decided(games: Sequence[Result], size: int) -> bool:
    """Say whether a match's games are all played (a knockout's decider adds to them)."""
    return len(games) >= size


def match_results(results: Sequence[Result], size: int, scoring: str) -> list[Result]:
    """Return the results as matches of `size` games: every match whose games are all
    settled becomes one result; a match still being played counts nothing yet. Byes and
    the results of a one-game league pass through unchanged."""
    if size <= 1:
        return list(results)
    out: list[Result] = []
    matches: dict[tuple[int, frozenset[str]], list[Result]] = {}
    for result in results:
        if result.away is None:
            out.append(result)
        else:
            matches.setdefault((result.round, frozenset((result.home, result.away))),
                               []).append(result)
    out += [_one(games, scoring) for games in matches.values() if decided(games, size)]
    return sorted(out, key=lambda r: r.round)
