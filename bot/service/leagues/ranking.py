"""A league's table from its results: points, tie-breaks, ranks (pure).

Points: `Scoring.win`, `draw` and `loss` for each game; a bye gives its player the points
of a win but is not a game: it counts in no `played`, `won`, `drawn` or `lost` column (so
`played == won + drawn + lost`), carries no score and is nobody's opponent for strength of
schedule. Scores (victory points, banners) are summed with None as 0.

Order: points, then each of `Scoring.tiebreaks` in turn, each applied to the players
still level after the ones before it:

- score_diff: score for minus score against;
- head_to_head: the points a player took in the games among the players still level
  (taken once for that group; a circular result leaves them level for the next tie-break);
- sos: strength of schedule, the sum of every opponent's points, once per game (Buchholz);
- owp: opponents' win rate, the mean over a player's games of the opponent's share of
  games won (a draw half a win; an opponent without games counts 0);
- wins: games won.

Then games played, more ranking higher: a player cannot climb the table by leaving
their games unplayed, which matters in a league played at each player's pace. Players
still level after all that share a rank (1, 2, 2, 4: the next rank skips) and are listed
by player id so the order is stable.

Only the players listed get a row, but every result counts: a game against someone who
has left the league still scores for their opponent, and that opponent's points still
count in strength of schedule.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["TIEBREAKS", "Result", "Row", "Scoring", "Tiebreak", "standings"]

Tiebreak = Literal["score_diff", "head_to_head", "sos", "owp", "wins"]
TIEBREAKS: tuple[Tiebreak, ...] = ("score_diff", "head_to_head", "sos", "owp", "wins")


@dataclass(frozen=True)
class Result:
    """A confirmed game of a league (or a bye)."""

    round: int
    home: str
    away: str | None  # None: a bye (counts as a win for home, no score)
    winner: str | None  # None with away set: a draw
    home_score: int | None = None  # VP (40k) or banners (Samurai); None when the system has none
    away_score: int | None = None
    # The points each player takes, where a match table sets them (leagues/matches.py);
    # None: the Scoring's win, draw or loss points.
    home_points: float | None = None
    away_points: float | None = None


@dataclass(frozen=True)
class Scoring:
    """Points for a result and the tie-breaks, in the order they are applied."""

    win: float = 3
    draw: float = 1
    loss: float = 0
    tiebreaks: tuple[Tiebreak, ...] = ("score_diff", "head_to_head")


@dataclass(frozen=True)
class Row:
    """One player's line of the table."""

    rank: int  # equal ranks for players still tied after every tie-break
    player: str
    points: float
    played: int  # byes not counted as played
    won: int
    drawn: int
    lost: int
    score_for: int
    score_against: int
    sos: float  # strength of schedule: sum of opponents' points (Buchholz)
    median_turn_minutes: float | None


@dataclass
class _Tally:
    points: float = 0.0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    score_for: int = 0
    score_against: int = 0
    opponents: list[str] = field(default_factory=list)


def _check(result: Result) -> None:
    if result.away is None:
        if result.winner not in (None, result.home):
            raise ValueError(f"a bye is won by the player who has it: {result}")
    elif result.away == result.home:
        raise ValueError(f"a player cannot play themself: {result}")
    elif result.winner not in (None, result.home, result.away):
        raise ValueError(f"the winner did not play this game: {result}")


def _tally(results: Sequence[Result], scoring: Scoring) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for result in results:
        _check(result)
        home = tallies.setdefault(result.home, _Tally())
        if result.away is None:
            home.points += scoring.win
            continue
        away = tallies.setdefault(result.away, _Tally())
        hs, as_ = result.home_score or 0, result.away_score or 0
        for me, mine, theirs, opponent in (
            (home, hs, as_, result.away),
            (away, as_, hs, result.home),
        ):
            me.played += 1
            me.score_for += mine
            me.score_against += theirs
            me.opponents.append(opponent)
        if result.winner is None:
            for me in (home, away):
                me.drawn += 1
                me.points += scoring.draw
        else:
            winner, loser = (home, away) if result.winner == result.home else (away, home)
            winner.won += 1
            winner.points += scoring.win
            loser.lost += 1
            loser.points += scoring.loss
        if result.home_points is not None and result.away_points is not None:
            # A match table's points replace the win, draw or loss points just added.
            home.points += result.home_points - _plain(result, result.home, scoring)
            away.points += result.away_points - _plain(result, result.away, scoring)
    return tallies


def _plain(result: Result, player: str, scoring: Scoring) -> float:
    """Return the points a result gives a player by the Scoring alone."""
    if result.winner is None:
        return scoring.draw
    return scoring.win if result.winner == player else scoring.loss


def _head_to_head(
    group: Sequence[str], results: Sequence[Result], scoring: Scoring
) -> dict[str, float]:
    inside = set(group)
    among = [r for r in results if r.away is not None and {r.home, r.away} <= inside]
    tallies = _tally(among, scoring)
    return {p: tallies[p].points if p in tallies else 0.0 for p in group}


def _split(group: list[str], value: Callable[[str], float]) -> list[list[str]]:
    """Order `group` by `value`, highest first, in runs of equal value."""
    ordered = sorted(group, key=lambda p: -value(p))
    runs: list[list[str]] = []
    for player in ordered:
        if runs and round(value(runs[-1][0]), 9) == round(value(player), 9):
            runs[-1].append(player)
        else:
            runs.append([player])
    return runs


def standings(
    players: Sequence[str],
    results: Sequence[Result],
    scoring: Scoring,
    turn_minutes: Mapping[str, Sequence[float]] | None = None,
) -> list[Row]:
    """Rank by points, then by each tie-break in order (head_to_head: points scored in the
    games among the tied players only, applied to the tied group), then games played (more
    played ranks higher: see the module's docstring), then player id for a stable order but
    with the same rank when still tied.

    `turn_minutes` gives each player's turn lengths; their median is the row's
    `median_turn_minutes` (None without any).
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    unknown = [t for t in scoring.tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise ValueError(f"no such tie-break: {unknown}")
    table = _Table(players, results, scoring)
    rows: list[Row] = []
    for group in table.ranked():
        place = len(rows) + 1
        for player in group:
            t = table.tally(player)
            minutes = list((turn_minutes or {}).get(player, ()))
            rows.append(
                Row(
                    rank=place,
                    player=player,
                    points=t.points,
                    played=t.played,
                    won=t.won,
                    drawn=t.drawn,
                    lost=t.lost,
                    score_for=t.score_for,
                    score_against=t.score_against,
                    sos=table.sos[player],
                    median_turn_minutes=float(statistics.median(minutes)) if minutes else None,
                )
            )
    return rows


class _Table:
    """The tallies of a league's results and the order they put its players in."""

    def __init__(self, players: Sequence[str], results: Sequence[Result], scoring: Scoring):
        self.players = list(players)
        self.results = results
        self.scoring = scoring
        self.tallies = _tally(results, scoring)
        self.sos = {
            player: float(sum(self.tally(o).points for o in self.tally(player).opponents))
            for player in players
        }

    def tally(self, player: str) -> _Tally:
        return self.tallies.get(player) or _Tally()

    def ranked(self) -> list[list[str]]:
        """The players in order, in groups still level after everything (sorted by id)."""
        runs = _split(self.players, lambda p: self.tally(p).points)
        return [group for run in runs for group in self._rank(run, 0)]

    def _rank(self, group: list[str], step: int) -> list[list[str]]:
        """Split a group level so far into ordered groups, from tie-break `step` on."""
        tiebreaks = self.scoring.tiebreaks
        if len(group) == 1:
            return [group]
        if step < len(tiebreaks):
            value = self._by(tiebreaks[step], group)
        elif step == len(tiebreaks):
            value = lambda p: self.tally(p).played  # noqa: E731
        else:
            return [sorted(group)]
        return [out for run in _split(group, value) for out in self._rank(run, step + 1)]

    def _by(self, tiebreak: Tiebreak, group: list[str]) -> Callable[[str], float]:
        if tiebreak == "score_diff":
            return lambda p: self.tally(p).score_for - self.tally(p).score_against
        if tiebreak == "head_to_head":
            return _head_to_head(group, self.results, self.scoring).__getitem__
        if tiebreak == "sos":
            return self.sos.__getitem__
        if tiebreak == "owp":
            return self.opponents_rate
        return lambda p: self.tally(p).won  # "wins"

    def win_rate(self, player: str) -> float:
        """Return a player's share of games won, a draw counting half (0 without games)."""
        t = self.tally(player)
        return (t.won + t.drawn / 2) / t.played if t.played else 0.0

    def opponents_rate(self, player: str) -> float:
        """Return the mean win rate of a player's opponents, once per game (0 without any)."""
        opponents = self.tally(player).opponents
        return sum(map(self.win_rate, opponents)) / len(opponents) if opponents else 0.0
