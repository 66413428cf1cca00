"""A league's page over HTTP: its standings (the bot's own table), fixtures by round with each
game linked, a knockout's bracket, ratings, found only by its mark (or on a public server)."""

from __future__ import annotations

import re
import urllib.parse
from html import unescape as html_unescape

from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.service.leagues.rounds import table
from bot.store.leaguequeries import FixtureRow
from bot.store.webqueries import WebServer
from bot.web.leaguepage import LEAGUE
from tests.web.conftest import ALICE, BOB, Served
from tests.web.test_game_page import fetch

BOTH_STORES = True

CAROL = Caller(user_id="1003", name="Carol")
DAN = Caller(user_id="1004", name="Dan")
LC = "league-channel"


def league_fixtures(service: GameService, name: str) -> tuple[int, list[FixtureRow]]:
    """Return a league's id and its fixtures."""
    with service.store.reading() as tx:
        league = tx.league_season("g1", name)
        assert league is not None
        return league.id, tx.fixtures(league.id)


def spring(service: GameService, format_: str = "round-robin", language: str | None = None
           ) -> int:
    """A running Samurai league of four in g1: one fixture's game started in a thread, one
    fixture settled by the referee (the home player winning 3–1); return the league's id."""
    creator = Caller(ALICE.user_id, ALICE.name, locale=language)
    leagues = service.leagues
    leagues.create("g1", creator, "Spring", channel_id=LC, system_id="samurai",
                   scenario="river-crossing", format_=format_)
    for player in (ALICE, BOB, CAROL, DAN):
        leagues.join("g1", player, "Spring")
    leagues.start("g1", ALICE, "Spring")
    league_id, fixtures = league_fixtures(service, "Spring")
    mine = next(f for f in fixtures if ALICE.user_id in (f.home, f.away) and f.round == 1)
    rival = {p.user_id: p for p in (BOB, CAROL, DAN)}[mine.opponent(ALICE.user_id) or ""]
    opening = leagues.play("g1", LC, ALICE, "Spring", opponent=rival)
    assert opening.thread is not None
    opening.thread.then("thread-1")
    other = next(f for f in fixtures if f.round == 1 and f.id != mine.id and f.away)
    leagues.resolve("g1", ALICE, "Spring", other.id, home_score=3, away_score=1)
    return league_id


def test_a_league_page_shows_the_standings_fixtures_and_ratings(
        service: GameService, site: Served) -> None:
    league_id = spring(service)
    _, fixtures = league_fixtures(service, "Spring")
    status, headers, body = fetch(f"{site.url}/l/{site.companion.ref(LEAGUE, league_id)}")
    assert status == 200 and headers["Content-Language"] == "en"
    html = body.decode()
    # The standings are the bot's table, in its order, each player linked to their page.
    with service.store.reading() as tx:
        league = tx.league_by_id(league_id)
        assert league is not None
        rows = table(tx, league)
    names = {ALICE.user_id: "Alice", BOB.user_id: "Bob", CAROL.user_id: "Carol",
             DAN.user_id: "Dan"}
    standings = html.split('id="standings"')[1].split("</section>")[0]
    shown = re.findall(r'<th scope="row"><a href="/p/g1/[0-9]+-[a-z2-7]{20}">(\w+)</a>',
                       standings.replace("/p/g1/", "/p/g1/"))
    assert shown == [names[row.player] for row in rows]
    # Every fixture by round, the one being played linked to its game's page.
    for round_no in {f.round for f in fixtures}:
        assert f"Round {round_no}</h3>" in html
    played = next(f for f in league_fixtures(service, "Spring")[1] if f.game_id)
    link = f'/g/{site.companion.ref("game", played.game_id)}'
    assert f'href="{link}"' in html
    assert fetch(site.url + link)[0] == 200
    assert "3–1" in html  # the settled fixture's score, as the bot words it
    # The ratings of the players who have a settled game.
    ratings = html.split('id="ratings"')[1].split("</section>")[0]
    assert len(re.findall("<tr>", ratings)) == 3  # the heading and two players


def test_a_league_opens_by_its_mark_or_on_a_public_server_only(
        service: GameService, site: Served) -> None:
    league_id = spring(service)
    ref = site.companion.ref(LEAGUE, league_id)
    game_mark = site.companion.ref("game", league_id).split("-")[1]
    for wrong in (f"/l/{league_id}", f"/l/{league_id}-{'a' * 20}", f"/l/{league_id}-{game_mark}",
                  f"/l/{league_id + 1}-{ref.split('-')[1]}", "/l/x", f"/l/{ref}/bracket.png"):
        status, _, body = fetch(site.url + wrong)
        assert status == 404, wrong
        assert b"There is no page at this address" in body
    with service.store.transaction() as tx:
        tx.set_web_server(WebServer("g1", public=True), by=ALICE.user_id)
    assert fetch(f"{site.url}/l/{league_id}")[0] == 200


def test_a_knockout_page_shows_its_bracket_in_a_picture_and_in_words(
        service: GameService, site: Served) -> None:
    league_id = spring(service, "knockout")
    ref = site.companion.ref(LEAGUE, league_id)
    html = fetch(f"{site.url}/l/{ref}")[2].decode()
    assert 'id="bracket-picture"' in html and "Semi-finals" in html
    picture = re.search(r'src="(/l/[^"]+/bracket\.png[^"]*)"', html)
    assert picture is not None
    status, headers, png = fetch(site.url + picture[1].replace("&amp;", "&"))
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert png.startswith(b"\x89PNG")


def test_a_portuguese_league_page_is_worded_in_portuguese(
        service: GameService, site: Served) -> None:
    league_id = spring(service, language="pt-BR")
    _, headers, body = fetch(f"{site.url}/l/{site.companion.ref(LEAGUE, league_id)}",
                             headers={"Accept-Language": "en"})
    assert headers["Content-Language"] == "pt-BR"
    html = body.decode()
    assert "Classificação" in html and "Rodada 1" in html


def test_a_league_version_moves_with_each_report_and_result(service: GameService) -> None:
    league_id = spring(service)

    def version() -> tuple[object, ...]:
        with service.store.reading() as tx:
            return tx.league_version(league_id)

    before = version()
    assert version() == before  # a read changes nothing
    _, fixtures = league_fixtures(service, "Spring")
    waiting = next(f for f in fixtures if f.status == "pending" and f.away
                   and CAROL.user_id in (f.home, f.away))
    carol_home = waiting.home == CAROL.user_id
    other = {p.user_id: p for p in (ALICE, BOB, DAN)}[waiting.opponent(CAROL.user_id) or ""]
    service.leagues.report("g1", CAROL, "Spring", opponent=other, mine=2, theirs=0,
                           fixture=waiting.id)
    reported = version()
    assert reported != before
    service.leagues.resolve("g1", ALICE, "Spring", waiting.id,
                            home_score=0 if carol_home else 2, away_score=2 if carol_home else 0)
    assert version() not in (before, reported)


def test_a_league_stream_says_changed_when_a_result_is_settled(
        service: GameService, site: Served) -> None:
    from tests.web.test_live_updates import Events

    league_id = spring(service)
    ref = site.companion.ref(LEAGUE, league_id)
    html = fetch(f"{site.url}/l/{ref}")[2].decode()
    live = re.search(r'<main id="main" data-live="([^"]+)">', html)
    assert live is not None and live[1].startswith(f"/l/{ref}/events?seen=")
    assert html.count("data-live-part") == 4  # info, standings, fixtures, ratings
    seen = urllib.parse.parse_qs(urllib.parse.urlsplit(html_unescape(live[1])).query)["seen"][0]
    # The stream's first mark is the one the page was drawn at; a result moves it.
    events = Events(f"{site.url}/l/{ref}/events")
    try:
        assert events.response.status == 200
        assert events.block() == ["retry: 3000", f"id: {seen}"]
        _, fixtures = league_fixtures(service, "Spring")
        waiting = next(f for f in fixtures if f.status == "pending" and f.away)
        service.leagues.resolve("g1", ALICE, "Spring", waiting.id, home_score=2, away_score=2)
        assert "event: changed" in events.next_event()
    finally:
        events.close()
    for wrong in (f"/l/{league_id}/events", f"/l/{league_id}-{'c' * 20}/events"):
        assert fetch(site.url + wrong)[0] == 404
