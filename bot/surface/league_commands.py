"""/league: seasons with players, fixtures, reports, standings and ratings."""

from __future__ import annotations

from bot.service.leagues.matches import MOST_GAMES
from bot.service.leagues.reports import HIGHEST_SCORE
from bot.service.leagues.rounds import FORMATS, MOST_PLAYERS, PICKED
from bot.service.leagues.seasons import (
    MAX_LEAGUE_NAME,
    MOST_ARMY_POINTS,
    MOST_CONFIRM_HOURS,
    MOST_HOLIDAY_DAYS,
    MOST_POINTS,
    MOST_ROUNDS,
)
from bot.service.settingrules import LEAGUE_SETTINGS
from bot.surface.entries import Add
from bot.surface.entries import opt as _o
from rules.core.commands import DISCORD_HIGHEST, Option

# The highest fixture number a referee may type: as far as Discord's numbers go (a number
# past SQLite's integers is refused by the service too).
HIGHEST_FIXTURE = DISCORD_HIGHEST
# The longest tie-break order typed: every name of ranking.TIEBREAKS once, with commas.
MOST_TIEBREAKS_TEXT = 60
# The longest note a referee's correction of a result carries.
MOST_NOTE = 200


def declare_league(add: Add) -> None:
    """Declare /league's commands."""
    league = _o("league", autocomplete="league", max_length=MAX_LEAGUE_NAME)
    add("league", "create", lambda sv, c, o: sv.league_create(
        c.guild_id, c.caller, o["name"], c.channel_id, system_id=o.get("system"),
        scenario=o.get("scenario"), format_=o.get("format"), rounds=o.get("rounds"),
        legs=o.get("legs"), time=o.get("time"), win=o.get("win"), draw=o.get("draw"),
        loss=o.get("loss"), tiebreaks=o.get("tiebreaks"), confirm_hours=o.get("confirm_hours"),
        holiday_days=o.get("holiday_days"), games=o.get("games"), points=o.get("points"),
        source=o.get("from_league"), top=o.get("top"), **{k: o.get(k) for k in PICKED}),
        _o("name", max_length=MAX_LEAGUE_NAME),
        _o("system", required=False, autocomplete="system"),
        _o("scenario", required=False, autocomplete="scenario"),
        *_season_options(),
        _o("from_league", required=False, autocomplete="league", max_length=MAX_LEAGUE_NAME),
        _o("top", "int", False, min_value=2, max_value=MOST_PLAYERS["knockout"]))
    _declare_settings(add, league)
    add("league", "join", lambda sv, c, o: sv.league_join(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "leave", lambda sv, c, o: sv.league_leave(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "enter", lambda sv, c, o: sv.league_enter(
        c.guild_id, c.caller, o["league"], o["player"]), league, _o("player", "user"))
    add("league", "substitute", lambda sv, c, o: sv.league_substitute(
        c.guild_id, c.caller, o["league"], o["player"], o["by"]), league,
        _o("player", "user"), _o("by", "user"))
    add("league", "avoid", lambda sv, c, o: sv.league_avoid(
        c.guild_id, c.caller, o["league"], o["player"], o["other"]), league,
        _o("player", "user"), _o("other", "user"))
    add("league", "swap", lambda sv, c, o: sv.league_swap(
        c.guild_id, c.caller, o["league"], o["fixture"], o["other"]), league,
        _o("fixture", "int", min_value=1, max_value=HIGHEST_FIXTURE),
        _o("other", "int", min_value=1, max_value=HIGHEST_FIXTURE))
    add("league", "repair", lambda sv, c, o: sv.league_repair(c.guild_id, c.caller,
                                                              o["league"]), league)
    add("league", "info", lambda sv, c, o: sv.league_info(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "bracket", lambda sv, c, o: sv.league_bracket(
        c.guild_id, c.caller, o["league"]), league)
    add("league", "drop", lambda sv, c, o: sv.league_drop(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "start", lambda sv, c, o: sv.league_start(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "remove", lambda sv, c, o: sv.league_remove(
        c.guild_id, c.caller, o["league"], o["player"]), league, _o("player", "user"))
    add("league", "play", lambda sv, c, o: sv.league_play(
        c.guild_id, c.channel_id, c.caller, o["league"], o.get("opponent")),
        league, _o("opponent", "user", False))
    _declare_results(add, league)


def _season_options() -> tuple[Option, ...]:
    """Return the options that set a season up, as /league create and /league settings take them."""
    return (
        _o("format", required=False, choices=FORMATS),
        _o("rounds", "int", False, min_value=1, max_value=MOST_ROUNDS),
        _o("legs", "int", False, min_value=1, max_value=2),
        _o("time", required=False),
        _o("win", "int", False, min_value=0, max_value=MOST_POINTS),
        _o("draw", "int", False, min_value=0, max_value=MOST_POINTS),
        _o("loss", "int", False, min_value=0, max_value=MOST_POINTS),
        _o("tiebreaks", required=False, max_length=MOST_TIEBREAKS_TEXT),
        _o("confirm_hours", "int", False, min_value=1, max_value=MOST_CONFIRM_HOURS),
        _o("holiday_days", "int", False, min_value=0, max_value=MOST_HOLIDAY_DAYS),
        _o("games", "int", False, min_value=1, max_value=MOST_GAMES),
        _o("points", "int", False, min_value=MOST_ARMY_POINTS[0], max_value=MOST_ARMY_POINTS[1]),
        *(_o(option, required=False, choices=words) for option, words in PICKED.items()),
    )


def _declare_settings(add: Add, league: Option) -> None:
    """Declare /league settings: who may change which, when, is bot/service/settingrules.py."""
    add("league", "settings", lambda sv, c, o: sv.league_settings(
        c.guild_id, c.caller, o["league"], **{k: o.get(k) for k in LEAGUE_SETTINGS}),
        league, _o("scenario", required=False),
        *_season_options())


def _declare_results(add: Add, league: Option) -> None:
    """Declare the commands that report, settle and show a league's results."""
    add("league", "report", lambda sv, c, o: sv.league_report(
        c.guild_id, c.caller, o["league"], o.get("opponent"), o.get("result"), o.get("mine"),
        o.get("theirs"), o.get("fixture")),
        league, _o("opponent", "user", False),
        _o("result", required=False, choices=("win", "loss", "draw")),
        _o("mine", "int", False, min_value=0, max_value=HIGHEST_SCORE),
        _o("theirs", "int", False, min_value=0, max_value=HIGHEST_SCORE),
        _o("fixture", "int", False, min_value=1, max_value=HIGHEST_FIXTURE))
    add("league", "resolve", lambda sv, c, o: sv.league_resolve(
        c.guild_id, c.caller, o["league"], o["fixture"], o.get("result"), o.get("home_score"),
        o.get("away_score")),
        league, _o("fixture", "int", min_value=1, max_value=HIGHEST_FIXTURE),
        _o("result", required=False, choices=("home", "away", "draw")),
        _o("home_score", "int", False, min_value=0, max_value=HIGHEST_SCORE),
        _o("away_score", "int", False, min_value=0, max_value=HIGHEST_SCORE))
    add("league", "amend", lambda sv, c, o: sv.league_amend(
        c.guild_id, c.caller, o["league"], o["fixture"], o["note"], o.get("result"),
        o.get("home_score"), o.get("away_score")),
        league, _o("fixture", "int", min_value=1, max_value=HIGHEST_FIXTURE),
        _o("note", max_length=MOST_NOTE),
        _o("result", required=False, choices=("home", "away", "draw")),
        _o("home_score", "int", False, min_value=0, max_value=HIGHEST_SCORE),
        _o("away_score", "int", False, min_value=0, max_value=HIGHEST_SCORE))
    add("league", "fixtures", lambda sv, c, o: sv.league_fixtures(c.guild_id, c.caller,
                                                                   o["league"]), league)
    add("league", "standings", lambda sv, c, o: sv.league_standings(c.guild_id, c.caller,
                                                                     o["league"]), league)
    add("league", "export", lambda sv, c, o: sv.league_export(c.guild_id, c.caller,
                                                               o["league"]), league)
    add("league", "ratings", lambda sv, c, o: sv.league_ratings(c.guild_id, c.caller,
                                                                 o["system"]),
        _o("system", autocomplete="system"))
    add("league", "add", lambda sv, c, o: sv.league_add(c.guild_id, c.channel_id, c.caller,
                                                         o["league"]), league)
    add("league", "turns", lambda sv, c, o: sv.league_turns(c.guild_id, c.caller, o["league"]),
        league)
