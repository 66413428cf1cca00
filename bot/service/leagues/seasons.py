"""Leagues: a server's seasons of games, with players, fixtures, results and standings.

A league is a name in a Discord server. Made with a game system (`/league create
system:`), it runs a season: players join, its creator (or a moderator, its referee)
starts it, and fixtures are paired — the whole round-robin at once, or Swiss round by
round as each finishes (leagues/rounds.py, leagues/pairings.py). Fixtures are played in
threads opened from the league's channel or at a physical table and reported
(leagues/reports.py); `standings` ranks the players (leagues/ranking.py) in text and in a
picture, `export` writes it all as CSV and JSON, and `ratings` rates a server's
players of one game system across its leagues (bot/service/leagues/ratings.py).

Any league can also track games by channel: `add` counts a channel's game in it and
`turns` lists who must act in each, longest wait first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, cast

from bot.errors import (
    LeagueAlreadyIn,
    LeagueBadName,
    LeagueBadSetting,
    LeagueExists,
    LeagueNotAllowed,
    LeagueNotIn,
    LeagueNotKnockout,
    LeagueNotStarted,
    LeagueRefereeOnly,
    LeagueStarted,
    LeagueTooFew,
    LeagueTooMany,
    SettingRefused,
    Stale,
    UnknownScenario,
    UnknownSystem,
)
from bot.paging import Listing, paged
from bot.replies import Reply
from bot.service.context import Caller, Table, running
from bot.service.games import Games, who_text
from bot.service.leagues.brackets import bracket_lines, bracket_of, bracket_picture
from bot.service.leagues.describe import number, settings_lines, tiebreak_names
from bot.service.leagues.desk import Desk
from bot.service.leagues.matches import MOST_GAMES
from bot.service.leagues.ranking import TIEBREAKS, Row
from bot.service.leagues.reports import (
    LeagueSource,
    Reports,
    player_text,
    refereed,
    round_lines,
    round_listing,
    season_of,
)
from bot.service.leagues.rounds import (
    FORMATS,
    MOST_PLAYERS,
    ONLY_IN,
    PICKED,
    Season,
    add_round,
    completed,
    enter_from_source,
    export,
    first_fixtures,
    league_of,
    names,
    playing,
    referee,
    seeded,
    table,
    tiebreak_order,
    too_many,
    withdrawn,
)
from bot.service.leagues.withdrawals import Withdrawals
from bot.service.scheduler import Notice
from bot.service.settingrules import (
    LEAGUE_SETTINGS,
    LeagueState,
    May,
    decide,
    league_role_of,
    typed_changes,
)
from bot.service.timekeeping import span
from bot.store.gamestore import GameStore
from bot.store.leaguequeries import LeagueRow
from bot.store.transaction import Transaction
from bot.text import (
    Said,
    Words,
    pick_language,
    seat_term,
    system_title,
    words_for,
)
from bot.timecontrol import TimeControl, span_text
from rules.core.system import available, system
from rules.core.text import Msg, items

MAX_LEAGUE_NAME = 40
# The bounds of `/league create`'s numbers (declared on its options, checked here too).
MOST_ROUNDS = 20
MOST_POINTS = 10
MOST_CONFIRM_HOURS = 14 * 24
MOST_HOLIDAY_DAYS = 60
# The least and most an army's points limit may be (a Combat Patrol to an Onslaught and more).
MOST_ARMY_POINTS = (100, 100_000)
# The standings picture shows this many rows; the footer says how many more there are.
PICTURE_ROWS = 32



def _check_games_and_points(lang: str, games: int | None, match_scoring: str | None,
                            army_points: int | None) -> None:
    """Refuse a count of games per match, or an army points limit, out of bounds."""
    if games is not None and not 1 <= games <= MOST_GAMES:
        raise _bad(lang, "league-setting-games", most=MOST_GAMES)
    if match_scoring == "cc" and games != 2:
        raise _bad(lang, "league-setting-cc-two-games")
    least, most = MOST_ARMY_POINTS
    if army_points is not None and not least <= army_points <= most:
        raise _bad(lang, "league-setting-army-points", least=least, most=most)

def _bad(lang: str, key: str, **values: Any) -> LeagueBadSetting:
    return cast(LeagueBadSetting,
                LeagueBadSetting(problem=Msg(key=key, args=values)).where(lang))


class Leagues:
    """Create leagues and run their seasons; add games to them, show turns and standings."""

    def __init__(self, store: GameStore, games: Games | None = None) -> None:
        self.store = store
        self.reports = Reports(store, games)
        self.withdrawals = Withdrawals(store)
        self.desk = Desk(store)  # the organiser's corrections (leagues/desk.py)
        # Reports confirmed by time: a source of the scheduler (bot/service/scheduler.py).
        self.source = LeagueSource(self.reports)

    # ------------------------------------------------------------ making a league

    def create(
        self, guild_id: str, caller: Caller, name: str, *, channel_id: str = "",
        system_id: str | None = None, scenario: str | None = None, format_: str | None = None,
        rounds: int | None = None, legs: int | None = None, time: str | None = None,
        win: float | None = None, draw: float | None = None, loss: float | None = None,
        tiebreaks: str | None = None, confirm_hours: int | None = None,
        holiday_days: int | None = None, games: int | None = None,
        source: str | None = None, top: int | None = None, points: int | None = None,
        **picked: str | None,
    ) -> Reply:
        """Create a league in this server; with a game system, it runs a season (the caller
        is its creator and referee; its fixtures are played from `channel_id`). `picked`:
        the settings chosen by a word (rounds.PICKED: withdrawal, concession, pairing...)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        name = " ".join(name.split())
        if not 0 < len(name) <= MAX_LEAGUE_NAME:
            raise LeagueBadName(most=MAX_LEAGUE_NAME).where(lang)
        season = Season(language=lang)
        if system_id is not None:
            season = self._season(lang, system_id, scenario, format_, rounds, legs, time, win,
                                  draw, loss, tiebreaks, confirm_hours, holiday_days,
                                  picked, games, points)
        elif any(v is not None for v in (scenario, format_, rounds, legs, time, tiebreaks,
                                         games, source, top, points, *picked.values())):
            raise _bad(lang, "league-setting-needs-system")
        with self.store.transaction() as tx:
            if tx.league(guild_id, name) is not None:
                raise LeagueExists(name=name).where(lang)
            if source is not None or top is not None:
                season = self._sourced(tx, guild_id, lang, season, source, top)
            tx.insert_league_season(guild_id, name, caller.user_id, channel_id,
                                    season.stored())
        if season.system is None:
            return Reply(text=words("league-created", name=name))
        return Reply(text=words("league-season-created", name=name, user=f"<@{caller.user_id}>"),
                     lines=settings_lines(words, season))

    def _season(
        self, lang: str, system_id: str, scenario: str | None, format_: str | None,
        rounds: int | None, legs: int | None, time: str | None, win: float | None,
        draw: float | None, loss: float | None, tiebreaks: str | None,
        confirm_hours: int | None, holiday_days: int | None,
        picked: Mapping[str, str | None] | None = None, games: int | None = None,
        army_points: int | None = None,
    ) -> Season:
        """Check `/league create`'s options and return the season they make."""
        if system_id not in available():
            raise UnknownSystem(system=system_id,
                                choices=Said(", ".join(available()))).where(lang)
        sys = system(system_id)
        scenarios = [s.id for s in sys.scenarios()]
        scenario = scenario or scenarios[0]
        if scenario not in scenarios:
            raise UnknownScenario(system=system_title(sys, lang), scenario=scenario,
                                  choices=Said(", ".join(sorted(scenarios)))).where(lang)
        chosen = format_ or "round-robin"
        if chosen not in FORMATS:
            raise _bad(lang, "league-setting-one-of", option="format",
                       choices=items(FORMATS, "or", typed=True))
        if rounds is not None and (chosen != "swiss" or not 1 <= rounds <= MOST_ROUNDS):
            raise _bad(lang, "league-setting-rounds")
        if legs is not None and (chosen != "round-robin" or legs not in (1, 2)):
            raise _bad(lang, "league-setting-legs")
        control = TimeControl.parse(time or "none")
        points = (3 if win is None else win, 1 if draw is None else draw,
                  0 if loss is None else loss)
        if not MOST_POINTS >= points[0] >= points[1] >= points[2] >= 0:  # NaN fails too
            raise _bad(lang, "league-setting-points", most=MOST_POINTS)
        order = tiebreak_order(tiebreaks, chosen)
        if order is None:
            raise _bad(lang, "league-setting-tiebreaks", names=items(TIEBREAKS, typed=True))
        if confirm_hours is not None and not 1 <= confirm_hours <= MOST_CONFIRM_HOURS:
            raise _bad(lang, "league-setting-confirm")
        if holiday_days is not None and not 0 <= holiday_days <= MOST_HOLIDAY_DAYS:
            raise _bad(lang, "league-setting-holiday")
        words = {k: v for k, v in (picked or {}).items() if v is not None}
        for option, given in words.items():
            if given not in PICKED[option]:
                raise _bad(lang, "league-setting-one-of", option=option,
                           choices=items(PICKED[option], "or", typed=True))
            formats = ONLY_IN.get(option, FORMATS)
            if chosen not in formats and given != PICKED[option][0]:
                raise _bad(lang, "league-setting-format-only", option=option,
                           formats=items(formats, "or", typed=True))
        _check_games_and_points(lang, games, words.get("match_scoring"), army_points)
        season = Season(
            system=system_id, scenario=scenario, format=chosen, rounds=rounds,
            legs=legs or 1, time=control.text(), win=points[0], draw=points[1],
            loss=points[2], tiebreaks=order, games=games or 1,
            confirm_hours=confirm_hours or 48, holiday_days=holiday_days or 0, language=lang,
            points=army_points,
        )
        chosen_words: dict[str, Any] = {option: words.get(option, allowed[0])
                                        for option, allowed in PICKED.items()}
        return replace(season, **chosen_words)

    def _sourced(self, tx: Transaction, guild_id: str, lang: str, season: Season,
                 source: str | None, top: int | None) -> Season:
        """Check a knockout's `from_league:` and `top:` and return the season with them."""
        if season.format != "knockout":
            raise _bad(lang, "league-setting-format-only", option="from_league",
                       formats=items(("knockout",), "or", typed=True))
        if top is not None and not 2 <= top <= MOST_PLAYERS["knockout"]:
            raise _bad(lang, "league-setting-top", most=MOST_PLAYERS["knockout"])
        if source is None:
            raise _bad(lang, "league-setting-top-needs-source")
        found = league_of(tx, guild_id, source, lang)
        if Season.of(found).system != season.system:
            raise _bad(lang, "league-setting-source-system", name=found.name)
        return replace(season, source=found.name, top=top)

    def settings(self, guild_id: str, caller: Caller, name: str, **asked: Any) -> Reply:
        """Show a league's settings, or change them (`asked`: `/league create`'s options
        but the system, as typed). Who may change which, and when, is the table of
        bot/service/settingrules.py; a change is checked as `/league create` checks them."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        asked = {k: v for k, v in asked.items() if v is not None}
        with self.store.transaction() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            state = LeagueState(league.status)
            joined = any(uid == caller.user_id for uid, _, _ in tx.league_players(league.id))
            role = league_role_of(caller.moderator, caller.user_id == league.creator_id, joined)
            for option in asked:
                if decide(option, state, role) is May.NO:
                    why = Msg(key=f"setting-why-league-{state}")
                    raise SettingRefused(option=option, why=why,
                                         who=who_text(option, state)).where(lang)
            if asked:
                season = self._changed(lang, season, asked)
                tx.set_league_status(league.id, league.status, season.stored())
        grouped: dict[str, list[str]] = {}
        for option in LEAGUE_SETTINGS:
            grouped.setdefault(words.word(who_text(option, state)), []).append(option)
        who = [words("setting-who", options=items(options, typed=True), who=Said(text))
               for text, options in grouped.items()]
        key = "league-settings-changed" if asked else "league-settings-shown"
        return Reply(text=words(key, name=league.name, changes=Said(typed_changes(asked))),
                     lines=settings_lines(words, season) + who)

    def info(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Describe a league for anyone: where it stands, its players and its settings."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            count = len(playing(tx, league))
            done = completed(tx.fixtures(league.id)) if league.status != "open" else 0
        return Reply(text=words("league-info", name=league.name, status=league.status,
                                count=count, referee=f"<@{league.creator_id}>", done=done,
                                rounds=season.rounds or "none"),
                     lines=settings_lines(words, season))

    def _changed(self, lang: str, season: Season, asked: dict[str, Any]) -> Season:
        """Return a season with `asked` changed, checked as `/league create` checks it (a
        new format takes its own default tie-breaks, rounds and legs unless given)."""
        chosen = asked.get("format", season.format)
        same = chosen == season.format
        ties = ",".join(season.tiebreaks) if same else None
        changed = self._season(
            lang, season.system or "", asked.get("scenario", season.scenario), chosen,
            asked.get("rounds"),
            asked.get("legs", season.legs if same and chosen == "round-robin" else None),
            asked.get("time", season.time), asked.get("win", season.win),
            asked.get("draw", season.draw), asked.get("loss", season.loss),
            asked.get("tiebreaks", ties), asked.get("confirm_hours", season.confirm_hours),
            asked.get("holiday_days", season.holiday_days),
            {option: asked.get(option, None if chosen not in ONLY_IN.get(option, FORMATS)
                               else getattr(season, option)) for option in PICKED},
            asked.get("games", season.games), asked.get("points", season.points))
        # Rounds not asked stay as they are: a started league's own count (the format's).
        rounds = changed.rounds if "rounds" in asked or not same else season.rounds
        return replace(changed, rounds=rounds, language=season.language, extra=season.extra)

    # ------------------------------------------------------------ players

    def join(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Join a league that has not started yet."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league = _not_started(tx, guild_id, name, lang)
            season = Season.of(league)
            count = len(tx.league_players(league.id))
            if too_many(season, count + 1):
                raise LeagueTooMany(name=league.name, format=season.format,
                                    most=MOST_PLAYERS[season.format]).where(lang)
            if not tx.join_league(league.id, caller.user_id, caller.name):
                raise LeagueAlreadyIn(name=league.name).where(lang)
            count += 1
        return Reply(text=Words.of(lang)("league-joined", user=f"<@{caller.user_id}>",
                                         name=league.name, count=count))

    def leave(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Leave a league before it starts."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league = _not_started(tx, guild_id, name, lang)
            if not tx.leave_league(league.id, caller.user_id):
                raise LeagueNotIn(user=f"<@{caller.user_id}>", name=league.name).where(lang)
        return Reply(text=Words.of(lang)("league-left", user=f"<@{caller.user_id}>",
                                         name=league.name))

    def drop(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Drop out of a league yourself: before the start, leave it; once started, show
        what it does to your fixtures first, under Confirm and Cancel (your results stand
        and you are paired no more)."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league, _ = season_of(tx, guild_id, name, lang)
            if league.status != "open":
                return self.withdrawals.preview(tx, league, caller, caller.user_id)
        return self.leave(guild_id, caller, name)

    def remove(self, guild_id: str, caller: Caller, name: str, player: Caller) -> Reply:
        """Take a player out of a league (its referee): at once before the start; once
        started, show what it does to his fixtures first, under Confirm and Cancel
        (leagues/withdrawals.py)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.transaction() as tx:
            league, _ = refereed(tx, guild_id, name, caller, lang)
            if league.status != "open":
                return self.withdrawals.preview(tx, league, caller, player.user_id)
            if not tx.leave_league(league.id, player.user_id):
                raise LeagueNotIn(user=f"<@{player.user_id}>", name=league.name).where(lang)
        return Reply(text=words("league-removed", user=f"<@{player.user_id}>",
                                name=league.name, count=0))

    def start(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Start a league (its referee): pair the whole round-robin, or Swiss round 1."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.transaction() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            if not referee(league, caller):
                raise LeagueRefereeOnly(user=f"<@{league.creator_id}>").where(lang)
            if league.status != "open":
                raise LeagueStarted(name=league.name).where(lang)
            players = enter_from_source(tx, league, season, lang) or playing(tx, league)
            if len(players) < 2:
                raise LeagueTooFew(name=league.name, count=len(players)).where(lang)
            if too_many(season, len(players)):
                raise LeagueTooMany(name=league.name, format=season.format,
                                    most=MOST_PLAYERS[season.format]).where(lang)
            if season.format != "round-robin" and season.source is None:
                players = seeded(tx, league, season, players)
            season, pairs = first_fixtures(season, players)
            add_round(tx, league, pairs)
            tx.set_league_status(league.id, "running", season.stored())
            league = tx.league_by_id(league.id) or league
            fixtures = tx.fixtures(league.id, 1)
        reply = Reply(text=words("league-started-text", name=league.name, count=len(players),
                                 rounds=season.rounds or 1, format=season.format),
                      lines=[words("league-new-round", round=1)])
        return paged(reply, round_lines(words, fixtures, only_round=1)[1:], words,
                     round_listing(league, 1))

    # ------------------------------------------------------------ fixtures and standings

    def fixtures(self, guild_id: str, caller: Caller, name: str, page: int = 1) -> Reply:
        """List a league's fixtures round by round, with their status and result (a page
        of them: bot/paging.py)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            fixtures = tx.fixtures(league.id)
            gone = withdrawn(tx, league)
        if not fixtures:
            raise LeagueNotStarted(name=league.name).where(lang)
        lines = round_lines(words, fixtures, gone=gone)
        written, total = fixtures[-1].round, season.rounds or 0
        if season.format == "round-robin" and written < total:
            lines.append(words("league-rounds-later", first=written + 1, last=total))
        return paged(Reply(text=words("league-fixtures-title", name=league.name)), lines, words,
                     Listing("fixtures", str(league.id), "paging-where-league"), page)

    def round(self, guild_id: str, caller: Caller, name: str, round_no: int,
              page: int = 1) -> Reply:
        """List one round's fixtures (a page of them): what `/league start` and a result
        that pairs a Swiss round show, again for their page buttons."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league, _ = season_of(tx, guild_id, name, lang)
            fixtures = [f for f in tx.fixtures(league.id) if f.round == round_no]
        if not fixtures:
            raise LeagueNotStarted(name=league.name).where(lang)
        reply = Reply(text=words("league-fixtures-title", name=league.name),
                      lines=[words("league-new-round", round=round_no)])
        return paged(reply, round_lines(words, fixtures)[1:], words,
                     round_listing(league, round_no), page)

    def standings(self, guild_id: str, caller: Caller, name: str, page: int = 1) -> Reply:
        """Rank a league's players: a compact text table (a page of it) and, on the first
        page, the standings picture (drawn here, in the worker thread the transport runs
        the service in)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            fixtures = tx.fixtures(league.id)
            rows = table(tx, league, season, fixtures)
            who = names(tx, league)
            gone = withdrawn(tx, league)
        scored = season.scored is not None
        lines = []
        for row in rows:
            diff = row.score_for - row.score_against
            lines.append(words(
                "league-standings-line", rank=row.rank, user=player_text(words, row.player, gone),
                points=number(row.points), won=row.won, drawn=row.drawn, lost=row.lost,
                diff=f"{diff:+d}" if scored else "none",
                turn=span_text(round(row.median_turn_minutes))
                if row.median_turn_minutes is not None else "none"))
        current = completed(fixtures)
        reply = Reply(text=words("league-standings-title", name=league.name, round=current))
        if page <= 1:
            reply.image = self._picture(words, league, season, rows, who, gone, current)
            reply.image_name = "standings.png"
        return paged(reply, lines or [words("league-no-players")], words,
                     Listing("standings", str(league.id), "paging-where-league"), page)

    def bracket(self, guild_id: str, caller: Caller, name: str, page: int = 1) -> Reply:
        """Show a knockout league's bracket: a page of its rounds in words and, on the first
        page, the bracket picture (leagues/brackets.py)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            if season.format != "knockout":
                raise LeagueNotKnockout(name=league.name).where(lang)
            fixtures = tx.fixtures(league.id)
            who, gone = names(tx, league), withdrawn(tx, league)
        if not fixtures:
            raise LeagueNotStarted(name=league.name).where(lang)
        drawn = bracket_of(fixtures, season)
        reply = Reply(text=words("league-bracket-title", name=league.name))
        if page <= 1:
            subtitle = words("league-bracket-subtitle", count=len(who), games=season.games)
            reply.image = bracket_picture(words, drawn, who, league.name, subtitle)
            reply.image_name = "bracket.png"
        return paged(reply, bracket_lines(words, drawn, gone), words,
                     Listing("bracket", str(league.id), "paging-where-league"), page)

    def _picture(self, words: Words, league: LeagueRow, season: Season, rows: list[Row],
                 who: dict[str, str], gone: set[str], current: int) -> bytes:
        """Draw the standings picture: its first PICTURE_ROWS rows (withdrawn players marked),
        and how many more."""
        from renderers.standings import StandingsPicture, render_standings

        scored = season.scored is not None
        sys = system(season.system or "")
        headers = [words("league-col-rank"), words("league-col-player"),
                   words("league-col-points"), words("league-col-played"),
                   words("league-col-won"), words("league-col-drawn"), words("league-col-lost")]
        if scored:
            headers.append(words("league-col-diff"))
        if "sos" in season.tiebreaks:
            headers.append(words("league-col-sos"))
        headers.append(words("league-col-turn"))
        cells: list[tuple[str, ...]] = []
        for row in rows[:PICTURE_ROWS]:
            shown = who.get(row.player, row.player)
            if row.player in gone:
                shown = words("league-name-withdrawn", name=shown)
            cell = [str(row.rank), shown, number(row.points),
                    str(row.played), str(row.won), str(row.drawn), str(row.lost)]
            if scored:
                cell.append(f"{row.score_for - row.score_against:+d}")
            if "sos" in season.tiebreaks:
                cell.append(number(row.sos))
            cell.append(span_text(round(row.median_turn_minutes))
                        if row.median_turn_minutes is not None else "–")
            cells.append(tuple(cell))
        footer = words("league-picture-footer", tiebreaks=tiebreak_names(words, season))
        if len(rows) > PICTURE_ROWS:
            footer += " · " + words("league-picture-more", count=len(rows) - PICTURE_ROWS)
        picture = StandingsPicture(
            title=words("league-picture-title", name=league.name),
            subtitle=words("league-picture-subtitle", round=current,
                           rounds=season.rounds or current,
                           system=system_title(sys, words.language)),
            headers=tuple(headers), rows=tuple(cells), footer=footer)
        return render_standings(picture)

    def export(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Attach a league's fixtures, results and standings as CSV and JSON files."""
        lang = pick_language(caller.locale)
        with self.store.reading() as tx:
            league, season = season_of(tx, guild_id, name, lang)
            fixtures = tx.fixtures(league.id)
            rows = table(tx, league, season, fixtures)
            who = names(tx, league)
            gone = withdrawn(tx, league)
        return Reply(text=Words.of(lang)("league-exported", name=league.name),
                     files=export(league, fixtures, rows, who, gone))

    def ratings(self, guild_id: str, caller: Caller, system_id: str, page: int = 1) -> Reply:
        """Rate the server's players of one game system from every league's settled results
        (a page of the table)."""
        from bot.service.leagues.ratings import ratings

        lang = pick_language(caller.locale)
        words = Words.of(lang)
        if system_id not in available():
            raise UnknownSystem(system=system_id,
                                choices=Said(", ".join(available()))).where(lang)
        with self.store.reading() as tx:
            fixtures = tx.rated_fixtures(guild_id, system_id)
        games = [(f.home, f.away or "", f.winner) for f in fixtures]
        rated = ratings(games)
        title = system_title(system(system_id), lang)
        lines = [words("league-ratings-line", rank=i, user=f"<@{r.player}>",
                       rating=round(r.rating), games=r.games)
                 for i, r in enumerate(rated, 1)] or [words("league-no-results")]
        return paged(Reply(text=words("league-ratings-title", system=title, count=len(games))),
                     lines, words, Listing("ratings", f"{guild_id}:{system_id}"), page)

    # ------------------------------------------------------------ fixtures played and reported

    def play(self, guild_id: str, channel_id: str, caller: Caller, name: str,
             opponent: Caller | None = None) -> Reply:
        """Open a thread for one of the caller's fixtures and start its game (reports.py)."""
        return self.reports.play(guild_id, channel_id, caller, name, opponent)

    def report(self, guild_id: str, caller: Caller, name: str, opponent: Caller | None = None,
               result: str | None = None, mine: int | None = None,
               theirs: int | None = None, fixture: int | None = None) -> Reply:
        """Report a fixture played at a physical table (bot/service/leagues/reports.py)."""
        return self.reports.report(guild_id, caller, name, opponent, result, mine, theirs,
                                   fixture)

    def resolve(self, guild_id: str, caller: Caller, name: str, fixture: int,
                result: str | None = None, home_score: int | None = None,
                away_score: int | None = None) -> Reply:
        """Settle a disputed (or any open) fixture as the league's referee (leagues/reports.py)."""
        return self.reports.resolve(guild_id, caller, name, fixture, result, home_score,
                                    away_score)

    def amend(self, guild_id: str, caller: Caller, name: str, fixture: int, note: str,
              result: str | None = None, home_score: int | None = None,
              away_score: int | None = None) -> Reply:
        """Correct a settled fixture's result, with a note (leagues/reports.py)."""
        return self.reports.amend(guild_id, caller, name, fixture, result, home_score,
                                  away_score, note)

    def confirm_due(self, now: datetime) -> list[Notice]:
        """Confirm every report left unanswered past its league's confirm_hours."""
        return self.reports.confirm_due(now)

    # ------------------------------------------------------------ games by channel

    def add(self, guild_id: str, channel_id: str, caller: Caller, name: str) -> Reply:
        """Add this channel's game to a league (its players, its creator or a moderator)."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league = league_of(tx, guild_id, name, lang)
            game = running(tx, channel_id, caller)
            allowed = (
                caller.moderator
                or caller.user_id in (game.creator_id, league.creator_id)
                or game.seats_of(caller.user_id)
            )
            if not allowed:
                raise LeagueNotAllowed().where(game.language, game.system)
            tx.add_to_league(league.id, game.id)
        return Reply(text=Table(game).words("league-added", name=league.name, game=game.id))

    def turns(self, guild_id: str, caller: Caller, name: str, now: datetime | None = None,
              page: int = 1) -> Reply:
        """List who must act in each running game of a league, longest wait first: the games
        added to it and the games of its fixtures (a page of them)."""
        lang = pick_language(caller.locale)
        with self.store.reading() as tx:
            league = league_of(tx, guild_id, name, lang)
            now = now or tx.clock.now()
            games = {g.id: g for g in tx.league_games(league.id)}
            for fixture in tx.fixtures(league.id):
                if fixture.game_id is not None and fixture.game_id not in games:
                    found = tx.game(fixture.game_id)
                    if found is not None:
                        games[found.id] = found
        waiting: list[tuple[str, str]] = []
        for game in games.values():
            if game.over:
                continue
            where = f"<#{game.channel_id}>"
            table_ = Table(game)
            words = words_for(table_.system, lang)
            if game.status == "open":
                line = words("league-turn-open", where=where, game=game.id)
            else:
                seat = table_.prompt.seat
                user = game.seats.get(seat or "")
                line = words(
                    "league-turn-line", where=where, system=words("system-title"),
                    seat=seat_term(seat), user=f"<@{user}>" if user else "—",
                    age=span(words, (now - datetime.fromisoformat(game.updated_at))
                             .total_seconds()),
                )
            waiting.append((game.updated_at, line))
        lines = [line for _, line in sorted(waiting)]
        words = Words.of(lang)
        return paged(Reply(text=words("league-turns-title", name=league.name, count=len(lines))),
                     lines or [words("league-no-games")], words,
                     Listing("turns", str(league.id)), page)

    def page(self, caller: Caller, listing: str, key: str, page: int) -> Reply:
        """Show a page of a league's listing for its page button (bot/paging.py): the
        button names the league by id (the ratings by server and system), as a report's
        buttons name their fixture, so it answers wherever it is pressed."""
        if listing == "ratings":
            guild_id, _, system_id = key.partition(":")
            return self.ratings(guild_id, caller, system_id, page=page)
        round_no, _, league_id = key.rpartition(":")
        with self.store.reading() as tx:
            league = tx.league_by_id(int(league_id)) if league_id.isdigit() else None
        if league is None or (listing == "round") != round_no.isdigit():
            raise Stale().where(pick_language(caller.locale))
        if listing == "round":
            return self.round(league.guild_id, caller, league.name, int(round_no), page)
        shows = {"standings": self.standings, "fixtures": self.fixtures,
                 "bracket": self.bracket}
        if listing in shows:
            return shows[listing](league.guild_id, caller, league.name, page)
        if listing == "turns":
            return self.turns(league.guild_id, caller, league.name, page=page)
        raise Stale().where(pick_language(caller.locale))

    def names(self, guild_id: str, text: str) -> list[tuple[str, str]]:
        """Offer league names of this server for autocomplete."""
        needle = text.lower()
        with self.store.reading() as tx:
            found = tx.league_names(guild_id)
        return [(n, n) for n in found if needle in n.lower()][:25]


__all__ = ["Leagues", "Notice", "league_of"]


def _not_started(tx: Transaction, guild_id: str, name: str, lang: str) -> LeagueRow:
    """Return a league that has not started yet (players join and leave only then)."""
    league, _ = season_of(tx, guild_id, name, lang)
    if league.status != "open":
        raise LeagueStarted(name=league.name).where(lang)
    return league
