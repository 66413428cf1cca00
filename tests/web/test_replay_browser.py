"""A game's replay in a real browser (Debian's chromium through Playwright): a visitor
follows the game page's replay link and steps through the positions with the arrow keys,
each step showing that position's board; without JavaScript the same links step it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PIL import Image

from bot.service.gameservice import GameService
from bot.web.gamepage import GAME
from tests.web.conftest import Served
from tests.web.test_game_page import started
from tests.web.test_game_replay import moves


def _heading(page: Any) -> str:
    return str(page.locator("#position-heading").inner_text())


def test_the_arrow_keys_step_the_replay(service: GameService, site: Served,
                                        browser_page: Any) -> None:
    game_id = started(service)
    moves(service, 3)
    ref = site.companion.ref(GAME, game_id)
    page = browser_page
    page.goto(f"{site.url}/g/{ref}")
    page.get_by_role("link", name=re.compile("Replay the game from the start")).click()
    page.wait_for_url(f"**/g/{ref}/at/0")
    assert _heading(page) == "Position 0 of 3"
    seen = [page.locator("img#board").get_attribute("src")]
    for number in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        page.wait_for_url(f"**/g/{ref}/at/{number}")
        assert _heading(page) == f"Position {number} of 3"
        assert page.evaluate("document.getElementById('board').naturalWidth") > 400
        seen.append(page.locator("img#board").get_attribute("src"))
    page.keyboard.press("ArrowRight")  # the latest position: nothing further
    page.wait_for_timeout(300)
    assert page.url.endswith("/at/3")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/g/{ref}/at/2")
    assert len(set(seen)) == 4


def test_without_javascript_the_links_step_the_replay(service: GameService, site: Served,
                                                      chromium: Any) -> None:
    game_id = started(service)
    moves(service, 2)
    ref = site.companion.ref(GAME, game_id)
    context = chromium.new_context(java_script_enabled=False, viewport={"width": 412,
                                                                        "height": 915})
    try:
        page = context.new_page()
        page.goto(f"{site.url}/g/{ref}/at/0")
        page.get_by_role("link", name="Next").click()
        page.wait_for_url(f"**/g/{ref}/at/1")
        page.get_by_role("link", name="Latest").click()
        page.wait_for_url(f"**/g/{ref}/at/2")
        assert _heading(page) == "Position 2 of 2"
        page.keyboard.press("ArrowLeft")  # no script: the keys do nothing
        page.wait_for_timeout(300)
        assert page.url.endswith("/at/2")
    finally:
        context.close()


def test_the_readme_picture_is_taken_by_the_test_browser(chromium: Any, tmp_path: Path) -> None:
    from tools.web_shot import PHONE_HEIGHT, PHONE_WIDTH, shoot

    out = shoot(tmp_path / "web-game.png", browser=chromium)
    with Image.open(out) as picture:
        assert picture.size == (PHONE_WIDTH, PHONE_HEIGHT)
        # The board is in the picture: many colours, not a blank or an error page.
        assert len(picture.convert("RGB").getcolors(1 << 20) or []) > 1000
