"""A game's page in a real browser (Debian's chromium through Playwright), at a phone's width."""

from __future__ import annotations

from typing import Any

from bot.service.gameservice import GameService
from bot.web.gamepage import GAME
from tests.web.conftest import Served
from tests.web.test_game_page import started


def test_a_phone_browser_sees_the_board_and_the_position(
        service: GameService, site: Served, browser_page: Any) -> None:
    game_id = started(service)
    browser_page.goto(f"{site.url}/g/{site.companion.ref(GAME, game_id)}")
    board = browser_page.locator("img#board")
    board.wait_for()
    assert browser_page.evaluate("document.getElementById('board').naturalWidth") > 400
    # The board fits the phone's width, and its alternative text is the position in words.
    assert board.bounding_box()["width"] <= 412
    assert len(board.get_attribute("alt") or "") > 20
    assert browser_page.locator("#position li").count() > 3
