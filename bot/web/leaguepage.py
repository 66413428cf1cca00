"""A league's page: where it stands, its standings, fixtures round by round, its bracket and
its players' ratings, each fixture's game linked to its page.

Everything comes from the league code the bot's own replies use (bot/service/leagues/):
the standings from `rounds.table`, the fixtures worded by `reports.fixture_line`, the bracket
from `brackets.bracket_of` (its picture from `bracket_picture`), the ratings from
`ratings.ratings` over the server's settled fixtures of the league's system; nothing is
ranked again here. A league is found by its marked reference (`/l/<id>-<mark>`), or by its
number alone when its server made its games public; anything else is "not found", the same
page whether the league exists or not. The page is in the league's language (its creator's).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import urlencode

from aiohttp import web
from markupsafe import Markup

from bot.service.leagues.brackets import Bracket, bracket_lines, bracket_of, bracket_picture
from bot.service.leagues.describe import number, settings_lines
from bot.service.leagues.ranking import Row
from bot.service.leagues.ratings import Rated, ratings
from bot.service.leagues.reports import fixture_line
from bot.service.leagues.rounds import Season, completed, names, playing, table, withdrawn
from bot.store.leaguequeries import FixtureRow, LeagueRow, league_topic
from bot.store.transaction import Transaction
from bot.text import Words, system_title
from bot.timecontrol import span_text
from bot.web.addresses import read_ref
from bot.web.companion import COMPANION, Companion
from bot.web.gamepage import GAME
from bot.web.markup import Namer, all_marked_up, marked_up
from bot.web.playerpage import player_path
from bot.web.templating import page
from bot.web.updates import mark, stream
from bot.webmarks import LEAGUE_KIND
from rules.core.system import system

LEAGUE = LEAGUE_KIND
# The most fixtures a page lists (a round robin of 1,000 players has 499,500): the rest are
# in `/league export`.
FIXTURES_SHOWN = 1_000


@dataclass(frozen=True)
class LeagueShown:
    """A league as its page shows it, read in one transaction."""

    league: LeagueRow
    season: Season
    fixtures: list[FixtureRow]
    rows: list[Row]
    who: dict[str, str]
    gone: set[str]
    rated: list[Rated]
    count: int  # players still playing
    version: tuple[object, ...]  # what its live stream watches (league_version)

    def namer(self) -> Namer:
        """Return how a player is named on the page."""
        return lambda user_id: self.who.get(user_id) or f"…{user_id[-4:]}"


def league_path(companion: Companion, league_id: int) -> str:
    """Return a league page's path (its marked reference: it opens on any server)."""
    return f"/l/{companion.ref(LEAGUE, league_id)}"


def opened(tx: Transaction, companion: Companion, text: str) -> LeagueRow | None:
    """Return the league an address opens: the right mark, or its number on a public server,
    and a season to show (a league that only counts games has none)."""
    given = read_ref(text)
    if given is None:
        return None
    league = tx.league_by_id(given.number)
    if league is None or not companion.opens(LEAGUE, given,
                                             tx.web_server(league.guild_id).public):
        return None
    return league if Season.of(league).system is not None else None


def _shown(tx: Transaction, companion: Companion, text: str) -> LeagueShown | None:
    league = opened(tx, companion, text)
    if league is None:
        return None
    season = Season.of(league)
    if season.system is None:  # opened() refuses these; said again for the type checker
        return None
    fixtures = tx.fixtures(league.id)
    who = names(tx, league)
    who.update(tx.names(who))
    rated = [r for r in ratings([(f.home, f.away or "", f.winner) for f in
                                 tx.rated_fixtures(league.guild_id, season.system)])
             if r.player in who]
    return LeagueShown(league, season, fixtures, table(tx, league, season, fixtures), who,
                       withdrawn(tx, league), rated, len(playing(tx, league)),
                       tx.league_version(league.id))


async def find(request: web.Request) -> tuple[Companion, LeagueShown]:
    """Return the league the address names, or answer "not found"."""
    companion = request.app[COMPANION]
    text = request.match_info["ref"]
    shown = await companion.read(lambda tx: _shown(tx, companion, text))
    if shown is None:
        raise web.HTTPNotFound()
    return companion, shown


def _standings(words: Words, shown: LeagueShown, companion: Companion) -> list[list[str]]:
    """Return the standings table's cells, a row per player (the same table the bot ranks)."""
    scored, sos = shown.season.scored is not None, "sos" in shown.season.tiebreaks
    name = shown.namer()
    cells = []
    for row in shown.rows:
        player = name(row.player)
        if row.player in shown.gone:
            player = words("league-name-withdrawn", name=player)
        cell = [str(row.rank), player, number(row.points), str(row.played), str(row.won),
                str(row.drawn), str(row.lost)]
        if scored:
            cell.append(f"{row.score_for - row.score_against:+d}")
        if sos:
            cell.append(number(row.sos))
        cell.append(span_text(round(row.median_turn_minutes))
                    if row.median_turn_minutes is not None else "–")
        cell.append(player_path(companion, shown.league.guild_id, row.player))
        cells.append(cell)
    return cells


def _headers(words: Words, season: Season) -> list[str]:
    """Return the standings table's column headings."""
    keys = ["rank", "player", "points", "played", "won", "drawn", "lost"]
    keys += ["diff"] if season.scored is not None else []
    keys += ["sos"] if "sos" in season.tiebreaks else []
    return [words(f"league-col-{key}") for key in [*keys, "turn"]]


@dataclass(frozen=True)
class Fixture:
    """One fixture as listed: its line in words and its game's page, if it has one."""

    id: int
    line: Markup
    game: str | None


def _rounds(words: Words, shown: LeagueShown, companion: Companion
            ) -> list[tuple[int, list[Fixture]]]:
    """Return the fixtures round by round (the first FIXTURES_SHOWN), each worded as the bot
    words it, without the Discord thread (a page cannot open it) and with its game linked."""
    name = shown.namer()
    by_round: dict[int, list[Fixture]] = {}
    for f in shown.fixtures[:FIXTURES_SHOWN]:
        line = marked_up(fixture_line(words, replace(f, thread_id=None), shown.gone), name)
        game = f"/g/{companion.ref(GAME, f.game_id)}" if f.game_id is not None else None
        by_round.setdefault(f.round, []).append(Fixture(f.id, line, game))
    return sorted(by_round.items())


def _bracket(words: Words, shown: LeagueShown) -> Bracket | None:
    """Return a knockout league's bracket once it has fixtures (None otherwise)."""
    if shown.season.format != "knockout" or not shown.fixtures:
        return None
    return bracket_of(shown.fixtures, shown.season)


async def league_page(request: web.Request) -> web.Response:
    """Show a league's page."""
    companion, shown = await find(request)
    league, season = shown.league, shown.season
    words = Words.of(season.language)
    name = shown.namer()
    ref = request.match_info["ref"]
    drawn = _bracket(words, shown)
    done = completed(shown.fixtures) if league.status != "open" else 0
    info = words("league-info", name=league.name, status=league.status, count=shown.count,
                 referee=f"<@{league.creator_id}>", done=done, rounds=season.rounds or "none")
    return page(
        "league.html", words,
        title=words("web-league-title", name=league.name,
                    system=system_title(system(season.system or ""), words.language)),
        info=marked_up(info, name), settings=all_marked_up(settings_lines(words, season), name),
        headers=_headers(words, season), standings=_standings(words, shown, companion),
        rounds=_rounds(words, shown, companion), current=done + 1,
        more=max(0, len(shown.fixtures) - FIXTURES_SHOWN),
        bracket=all_marked_up(bracket_lines(words, drawn, shown.gone), name) if drawn else [],
        bracket_png=f"/l/{ref}/bracket.png?v={len(shown.fixtures)}" if drawn else "",
        ratings=[(i, name(r.player), str(round(r.rating)), str(r.games),
                  player_path(companion, league.guild_id, r.player))
                 for i, r in enumerate(shown.rated, 1)],
        live=f"/l/{ref}/events?" + urlencode({"seen": mark(shown.version)}),
    )


async def league_bracket(request: web.Request) -> web.Response:
    """Send a knockout league's bracket picture (the one `/league bracket` posts)."""
    companion, shown = await find(request)
    words = Words.of(shown.season.language)
    drawn = _bracket(words, shown)
    if drawn is None:
        raise web.HTTPNotFound()
    subtitle = words("league-bracket-subtitle", count=len(shown.who), games=shown.season.games)
    png = await companion.work(lambda: bracket_picture(words, drawn, shown.who,
                                                       shown.league.name, subtitle))
    return web.Response(body=png, content_type="image/png",
                        headers={"Cache-Control": "no-cache"})


async def league_events(request: web.Request) -> web.StreamResponse:
    """Tell a league page's browser each time a fixture or the league is written (a result
    reported, confirmed or resolved, a round paired, a game started, the league finished)."""
    companion = request.app[COMPANION]
    text = request.match_info["ref"]
    league = await companion.read(lambda tx: opened(tx, companion, text))
    if league is None:
        raise web.HTTPNotFound()
    league_id = league.id
    return await stream(request, lambda tx: tx.league_version(league_id),
                        league_topic(league_id))


__all__ = ["FIXTURES_SHOWN", "LEAGUE", "LeagueShown", "find", "league_bracket",
           "league_events", "league_page", "league_path", "opened"]
