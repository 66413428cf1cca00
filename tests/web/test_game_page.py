"""A game's page: found only by its marked address (or on a public server), showing the
public board and position, with the security headers, and a real browser reading it."""

from __future__ import annotations

import urllib.error
import urllib.request

from bot.service.gameservice import GameService
from bot.store.webqueries import WebServer
from bot.web.gamepage import GAME
from tests.web.conftest import ALICE, BOB, Served

BOTH_STORES = True


def fetch(url: str, method: str = "GET", headers: dict[str, str] | None = None
          ) -> tuple[int, dict[str, str], bytes]:
    """GET (or another method) a URL; return status, headers and body, errors included."""
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def started(service: GameService) -> int:
    """Start a Samurai Battles game between Alice and Bob in channel c1; return its id."""
    service.new_game("c1", "g1", ALICE, "samurai", "river-crossing", opponent=BOB)
    service.join("c1", BOB)
    with service.store.reading() as tx:
        game = tx.active_game("c1")
    assert game is not None
    return game.id


def test_a_game_page_opens_by_its_mark_only(service: GameService, site: Served) -> None:
    game_id = started(service)
    address = f"{site.url}/g/{site.companion.ref(GAME, game_id)}"
    status, headers, body = fetch(address)
    assert status == 200
    html = body.decode()
    assert "River" in html and 'id="board"' in html
    # The number alone, a wrong mark, or another game's mark: the same "not found".
    for wrong in (f"/g/{game_id}", f"/g/{game_id}-{'a' * 20}",
                  f"/g/{game_id + 1}-{site.companion.ref(GAME, game_id).split('-')[1]}",
                  "/g/..%2f..%2fetc%2fpasswd", "/static/../../pyproject.toml"):
        status, _, body = fetch(site.url + wrong)
        assert status == 404, wrong
        assert b"There is no page at this address" in body


def test_a_public_server_opens_its_games_by_number(service: GameService, site: Served) -> None:
    game_id = started(service)
    assert fetch(f"{site.url}/g/{game_id}")[0] == 404
    with service.store.transaction() as tx:
        tx.set_web_server(WebServer("g1", public=True), by=ALICE.user_id)
    assert fetch(f"{site.url}/g/{game_id}")[0] == 200


def test_the_board_is_the_png_the_bot_posts(service: GameService, site: Served) -> None:
    game_id = started(service)
    ref = site.companion.ref(GAME, game_id)
    status, headers, png = fetch(f"{site.url}/g/{ref}/board.png")
    assert status == 200 and headers["Content-Type"] == "image/png"
    reply = service.status("c1")
    assert png == reply.image
    again = fetch(f"{site.url}/g/{ref}/board.png", headers={"If-None-Match": headers["ETag"]})
    assert again[0] == 304


def test_every_response_carries_the_security_headers_and_writes_are_refused(
        service: GameService, site: Served) -> None:
    game_id = started(service)
    ref = site.companion.ref(GAME, game_id)
    for path in ("/", f"/g/{ref}", f"/g/{ref}/board.png", "/nowhere", "/static/site.css"):
        _, headers, _ = fetch(site.url + path)
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Content-Type-Options"] == "nosniff"
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        status, headers, body = fetch(f"{site.url}/g/{ref}", method=method)
        assert status == 405 and headers["Allow"] == "GET, HEAD", method
        assert b"only shows pages" in body


def test_a_visitor_is_answered_in_the_browser_language(site: Served) -> None:
    _, headers, body = fetch(site.url + "/", headers={"Accept-Language": "pt-BR,pt;q=0.9"})
    assert headers["Content-Language"] == "pt-BR"
    assert "Acompanhe aqui" in body.decode()
    _, _, body = fetch(site.url + "/nowhere", headers={"Accept-Language": "fr, pt;q=0.5"})
    assert "Não há página" in body.decode()
