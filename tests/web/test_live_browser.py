"""A game page open in a real browser follows the game by itself: a move played by another
process (through its own service and store) shows on the page within seconds, without a reload.

On SQLite the other process writes the same file (the web's poller sees data_version move); on
PostgreSQL it writes through its own connection pool and NOTIFYs (the web process LISTENs).
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from bot.service.gameservice import GameService
from bot.store.location import open_store
from bot.web.gamepage import GAME
from tests.web.conftest import Served
from tests.web.test_game_page import started
from tests.web.test_live_updates import played

BOTH_STORES = True


def move_elsewhere(location: str, game_id: int) -> None:
    """Play one move on the game from a new process, with a store of its own."""
    subprocess.run([sys.executable, "-m", "tests.web.test_live_browser", location,
                    str(game_id)], check=True, timeout=120)


def test_a_move_from_another_process_updates_the_open_page(
        service: GameService, site: Served, browser_page: Any, db_location: str) -> None:
    game_id = started(service)
    page = browser_page
    page.goto(f"{site.url}/g/{site.companion.ref(GAME, game_id)}")
    page.wait_for_selector("main[data-live-state=open]", timeout=15_000)
    page.evaluate("window.stayed = true")  # a reload or a navigation would forget it
    before = page.locator("#status").inner_text()
    assert page.get_attribute("img#board", "src").endswith("v=1")

    move_elsewhere(db_location, game_id)

    # A selector, not wait_for_function: the page's CSP forbids the eval that polling needs.
    page.wait_for_selector("img#board[src$='v=2']", state="attached", timeout=15_000)
    assert page.evaluate("window.stayed") is True
    # One refresh (the page's own mark matched its stream's), a new turn line, the new board
    # drawn, and its caption saying the new version.
    assert page.get_attribute("main", "data-live-updates") == "1"
    assert page.locator("#status").inner_text() != before
    page.locator("img#board").evaluate(
        "img => img.complete || new Promise(done => img.addEventListener('load', done))")
    assert page.evaluate("document.getElementById('board').naturalWidth") > 400
    assert "2" in page.locator("#board-figure figcaption").inner_text()


if __name__ == "__main__":  # the other process: python -m tests.web.test_live_browser DB GAME
    store = open_store(sys.argv[1])
    try:
        played(GameService(store), int(sys.argv[2]))
    finally:
        store.close()
