"""A league's settings in words: the lines `/league create` and `/league settings` show."""

from __future__ import annotations

from bot.service.leagues.rounds import MOST_PLAYERS, Season
from bot.text import Words, scenario_title, system_title
from rules.core.system import system

__all__ = ["number", "settings_lines", "tiebreak_names"]


def number(value: float) -> str:
    """Write points as people do: 9, 7.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def settings_lines(words: Words, season: Season) -> list[str]:
    """Word a season's settings, one line each."""
    sys = system(season.system or "")
    if season.format == "knockout":
        shape = words("league-format-knockout")
    elif season.format == "swiss":
        shape = words("league-format-swiss", rounds=season.rounds or "none")
    else:
        shape = words("league-format-round-robin", legs=season.legs)
    return [
        words("league-settings-game", system=system_title(sys, words.language),
              scenario=scenario_title(sys, season.scenario or "", words.language),
              format=shape),
        words("league-settings-points", win=number(season.win),
              draw=number(season.draw), loss=number(season.loss),
              tiebreaks=tiebreak_names(words, season)),
        words("league-settings-time", time=season.time, confirm=season.confirm_hours,
              holiday=season.holiday_days),
        words("league-settings-withdrawal", given=season.withdrawal,
              most=MOST_PLAYERS[season.format]),
        *([words("league-settings-concession", given=season.concession)]
          if season.scored else []),
        *([words("league-settings-swiss", pairing=season.pairing, seeding=season.seeding)]
          if season.format == "swiss" else []),
        *([words("league-settings-match", games=season.games, scoring=season.match_scoring)]
          if season.games > 1 else []),
        *([words("league-settings-source", name=season.source, top=season.top or "all")]
          if season.source else []),
        *([words("league-settings-army-points", points=season.points)]
          if season.points else []),
    ]


def tiebreak_names(words: Words, season: Season) -> str:
    """Word a season's tie-breaks in their order."""
    return ", ".join(words(f"league-tiebreak-{b.replace('_', '-')}")
                     for b in season.tiebreaks)
