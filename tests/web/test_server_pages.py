"""A server's index and a player's page over HTTP, the moderators' `/web server` choice, and
the link buttons `/league info` and `/stats player` carry when the web is configured."""

from __future__ import annotations

import re
import urllib.parse

import pytest

from bot import errors
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.surface.dispatch import run
from bot.surface.entries import Context
from bot.web.playerpage import player_path
from tests.web.conftest import ALICE, BOB, Served
from tests.web.test_game_page import fetch
from tests.web.test_league_page import spring

BOTH_STORES = True

MOD = Caller(user_id="1009", name="Mo", moderator=True)


def web_server(service: GameService, caller: Caller, **chosen: bool) -> list[str]:
    """Run `/web server` in g1 with the options given; return the reply's lines."""
    reply = run(service, Context("c9", "g1", caller), "web server", chosen)
    return [reply.text, *reply.lines]


def test_an_index_is_found_only_once_a_moderator_lists_the_server(
        service: GameService, site: Served) -> None:
    spring(service)
    assert fetch(f"{site.url}/s/g1")[0] == 404
    with pytest.raises(errors.WebModeratorOnly):
        web_server(service, ALICE, listed=True)
    assert fetch(f"{site.url}/s/g1")[0] == 404
    assert "Index listed: no" in "\n".join(web_server(service, ALICE))  # anyone may look
    said = web_server(service, MOD, listed=True)
    assert said[0].startswith("Saved") and "Games public: no" in said[1]
    status, _, body = fetch(f"{site.url}/s/g1")
    assert status == 200
    html = body.decode()
    # The league and the running game of its fixture, each linked to a page that opens.
    links = re.findall(r'<a href="(/[lg]/[^"]+)">', html)
    assert [link[:3] for link in links] == ["/l/", "/g/"]
    for link in links:
        assert fetch(site.url + link)[0] == 200
    for other in ("/s/g2", "/s/..%2fg1", "/s/" + "9" * 41):
        assert fetch(site.url + other)[0] == 404, other
    web_server(service, MOD, listed=False)
    assert fetch(f"{site.url}/s/g1")[0] == 404


def test_a_player_page_opens_by_its_mark_for_its_server_only(
        service: GameService, site: Served) -> None:
    spring(service)
    path = player_path(site.companion, "g1", ALICE.user_id)
    status, _, body = fetch(site.url + path)
    assert status == 200
    html = body.decode()
    assert "Games being played" in html and "River Crossing" in html
    game = re.search(r'href="(/g/[^"]+)"', html)
    assert game is not None and fetch(site.url + game[1])[0] == 200
    mark = path.rsplit("-", 1)[1]
    for wrong in (f"/p/g1/{ALICE.user_id}", f"/p/g2/{ALICE.user_id}-{mark}",
                  f"/p/g1/{BOB.user_id}-{mark}", f"/p/g1/{ALICE.user_id}-{'b' * 20}"):
        assert fetch(site.url + wrong)[0] == 404, wrong
    web_server(service, MOD, public=True)
    assert fetch(f"{site.url}/p/g1/{ALICE.user_id}")[0] == 200
    assert fetch(f"{site.url}/p/g1/77777")[0] == 404  # nobody who played here


def test_league_info_and_stats_player_link_to_their_pages_when_the_web_is_on(
        service: GameService, site: Served) -> None:
    spring(service)
    assert service.league_info("g1", BOB, "Spring").links == []
    service.pages.address = site.url
    for reply in (service.league_info("g1", BOB, "Spring"),
                  service.stats_player("g1", BOB, ALICE)):
        (link,) = reply.links
        assert link.label in ("League page", "Player page")
        path = urllib.parse.urlsplit(link.url).path
        assert link.url.startswith(site.url) and fetch(site.url + path)[0] == 200
    portuguese = Caller(BOB.user_id, BOB.name, locale="pt-BR")
    assert service.league_info("g1", portuguese, "Spring").links[0].label == "Página da liga"


def test_the_bot_links_its_pages_only_when_the_web_is_configured(service: GameService) -> None:
    from bot.app import linked_to_web
    from bot.config import Settings

    assert linked_to_web(service, Settings()).pages.address is None
    assert service.pages.league(1) is None
    on = Settings(BANNERET_PUBLIC_URL="https://banneret.example/")
    assert linked_to_web(service, on).pages.address == "https://banneret.example"
    league = service.pages.league(1)
    assert league is not None and re.fullmatch(
        r"https://banneret\.example/l/1-[a-z2-7]{20}", league)


def test_discord_shows_a_link_as_a_link_button_after_the_others() -> None:
    import discord

    from bot.discord.components import reply_view
    from bot.replies import Button, Link, Reply

    reply = Reply(text="x", buttons=[Button("join", "Join", 1, 1)],
                  links=[Link("League page", "https://banneret.example/l/1-abc")])
    view = reply_view(reply)
    assert view is not None and view.is_persistent()
    kinds = [(item.style, getattr(item, "url", None)) for item in view.children
             if isinstance(item, discord.ui.Button)]
    assert kinds[-1] == (discord.ButtonStyle.link, "https://banneret.example/l/1-abc")
    assert reply_view(Reply(text="x")) is None
