"""A knockout league's bracket: its rounds, matches and champion, in words and a picture.

`/league bracket` lists each round's matches in bracket order (who met whom, the games
they won, who went through) and names the champion once the final is settled; its
first page carries the bracket picture (renderers/bracket.py), drawn for the last
PICTURE_ROUNDS rounds so the boxes stay readable on a phone.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.leagues.matches import games_won
from bot.service.leagues.reports import player_text
from bot.service.leagues.rounds import (
    Season,
    bracket_matches,
    game_results,
    match_winner_of,
)
from bot.store.leaguequeries import FixtureRow
from bot.text import Words

__all__ = ["PICTURE_ROUNDS", "Bracket", "bracket_lines", "bracket_of", "bracket_picture"]

PICTURE_ROUNDS = 4  # the most rounds drawn: sixteen boxes in the first column shown


@dataclass(frozen=True)
class Played:
    """One match of the bracket as shown: its players, games won, who went through."""

    upper: str
    lower: str | None  # None: a bye
    won: tuple[float, float]
    winner: str | None


@dataclass(frozen=True)
class Bracket:
    """Every round's matches, in bracket order, and the champion (None: not yet)."""

    rounds: list[list[Played]]
    total: int
    champion: str | None


def _played(games: list[FixtureRow], season: Season) -> Played:
    """Return one match as shown: games won so far, and who went through once settled."""
    upper = games[0]
    results = [r for r in game_results([g for g in games if g.status == "done"])
               if r.away is not None]
    settled = all(g.status in ("done", "void") for g in games)
    lower = upper.away
    won = (games_won(results, upper.home), games_won(results, lower) if lower else 0.0)
    return Played(upper.home, lower, won,
                  match_winner_of(games, season) if settled else None)


def bracket_picture(words: Words, bracket: Bracket, who: dict[str, str], title: str,
                    subtitle: str) -> bytes:
    """Draw the bracket's last PICTURE_ROUNDS rounds (the places of rounds not paired yet
    left empty) with players' names as they joined."""
    from renderers.bracket import BracketMatch, BracketPicture, render_bracket

    first = max(0, bracket.total - PICTURE_ROUNDS)
    shown: list[tuple[BracketMatch, ...]] = []
    for number in range(first + 1, bracket.total + 1):
        places = 1 << (bracket.total - number)
        played = bracket.rounds[number - 1] if number <= len(bracket.rounds) else []
        boxes = [BracketMatch(
            who.get(m.upper, m.upper), who.get(m.lower, m.lower) if m.lower else
            words("league-bracket-bye-box"), _count(m.won[0]) if m.lower else "",
            _count(m.won[1]) if m.lower else "",
            None if m.winner is None else (0 if m.winner == m.upper else 1)) for m in played]
        shown.append(tuple(boxes + [BracketMatch("", "")] * (places - len(boxes))))
    headings = tuple(round_name(words, n, bracket.total)
                     for n in range(first + 1, bracket.total + 1))
    footer = (words("league-bracket-champion-plain", name=who.get(bracket.champion,
                                                                   bracket.champion))
              if bracket.champion else "")
    return render_bracket(BracketPicture(title, subtitle, headings, tuple(shown), footer))


def bracket_of(fixtures: list[FixtureRow], season: Season) -> Bracket:
    """Return a knockout league's bracket from its fixtures."""
    rounds = [[_played(games, season)
               for games in bracket_matches([f for f in fixtures if f.round == number])]
              for number in sorted({f.round for f in fixtures})]
    total = season.rounds or len(rounds)
    champion = None
    if len(rounds) == total and rounds and len(rounds[-1]) == 1:
        champion = rounds[-1][0].winner
    return Bracket(rounds, total, champion)


def round_name(words: Words, number: int, total: int) -> str:
    """Return a round's name: the final, the semi-finals, the quarter-finals, or its number."""
    left = total - number
    return words("league-bracket-round", left=left, round=number)


def bracket_lines(words: Words, bracket: Bracket, gone: set[str]) -> list[str]:
    """Word the bracket: a heading per round, a line per match, then the champion."""
    lines: list[str] = []
    for number, matches in enumerate(bracket.rounds, 1):
        lines.append(f"**{round_name(words, number, bracket.total)}**")
        for m in matches:
            upper = player_text(words, m.upper, gone)
            if m.lower is None:
                lines.append(words("league-bracket-bye", user=upper))
                continue
            lines.append(words(
                "league-bracket-match", upper=upper, lower=player_text(words, m.lower, gone),
                upper_won=_count(m.won[0]), lower_won=_count(m.won[1]),
                winner=player_text(words, m.winner, gone) if m.winner else "none"))
    if bracket.champion:
        lines.append(words("league-bracket-champion",
                           user=player_text(words, bracket.champion, gone)))
    return lines


def _count(value: float) -> str:
    return f"{value:g}"
