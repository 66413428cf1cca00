"""Links from Discord to the web: with the web companion on, every public board reply (the
turn message, `/game status`) carries a link to the game's page, which opens it; players'
names are kept as they use the bot, so the page names them."""

from __future__ import annotations

import discord

from bot.app import linked_to_web
from bot.config import Settings
from bot.discord.components import buttons_view, reply_view
from bot.replies import Button, Link, Reply
from bot.service.context import Table
from bot.service.gameservice import Caller, GameService
from tests.web.conftest import ALICE, BOB, Served
from tests.web.test_game_page import fetch, started

BOTH_STORES = True


def _first_move(service: GameService) -> Reply:
    """Play the first legal action of the seat to act; return the reply (a turn message)."""
    with service.store.reading() as tx:
        game = tx.active_game("c1")
    assert game is not None
    table = Table(game)
    seat = table.prompt.seat
    assert seat is not None
    who = ALICE if game.seats[seat] == ALICE.user_id else BOB
    return service.act("c1", who, table.legal(seat)[0].model_dump(mode="json"))


def test_board_replies_link_the_game_page_once_the_web_is_on(
        service: GameService, site: Served) -> None:
    game_id = started(service)
    assert service.status("c1").links == []  # the web is off: no link
    linked_to_web(service, Settings(BANNERET_PUBLIC_URL=site.url + "/"))
    [link] = service.status("c1").links
    assert link.label == "Follow on the web"
    assert link.url == f"{site.url}/g/{site.companion.ref('game', game_id)}"
    code, _, body = fetch(link.url)
    assert code == 200 and "River Crossing" in body.decode()
    assert _first_move(service).links == [link]


def test_players_are_named_as_they_last_used_the_bot(service: GameService, site: Served) -> None:
    game_id = started(service)
    address = f"{site.url}/g/{site.companion.ref('game', game_id)}"
    page = fetch(address)[2].decode()
    assert "Alice" in page and "Bob" in page and "…1001" not in page

    def kept() -> list[tuple[str, str, str]]:
        with service.store.reading() as tx:
            rows = tx.conn.execute("SELECT user_id, name, updated_at FROM people "
                                   "ORDER BY user_id").fetchall()
        return [tuple(row) for row in rows]

    before = kept()
    _first_move(service)  # the same names: nothing written
    assert kept() == before
    with service.store.reading() as tx:
        game = tx.game(game_id)
    assert game is not None
    table = Table(game)
    seat = table.prompt.seat
    assert seat is not None
    renamed = Caller(user_id=game.seats[seat] or "", name="Tomoe")
    service.act("c1", renamed, table.legal(seat)[0].model_dump(mode="json"))
    assert "Tomoe" in fetch(address)[2].decode()


def test_a_reply_with_a_link_gets_a_link_button_on_discord() -> None:
    buttons = [Button("act", f"b{n}", 1, 2, str(n)) for n in range(30)]
    view = buttons_view(buttons, links=[Link("Follow on the web", "https://example.org/g/1-x")])
    assert view is not None
    assert len(view.children) == 25  # Discord's most: the link is kept, the 25th button goes
    items = [item for item in view.children if isinstance(item, discord.ui.Button)]
    assert len(items) == 1
    assert items[-1].url == "https://example.org/g/1-x"
    assert items[-1].label == "Follow on the web"
    assert items[-1].style is discord.ButtonStyle.link
    assert view.is_persistent()
    assert reply_view(Reply(text="")) is None
    linked = reply_view(Reply(text="", links=[Link("Follow", "https://example.org/g/2-y")]))
    assert linked is not None and [item.url for item in linked.children  # type: ignore[attr-defined]
                                   ] == ["https://example.org/g/2-y"]
