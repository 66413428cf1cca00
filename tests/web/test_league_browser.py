"""League pages in a real browser (Debian's chromium through Playwright): follow a fixture's
game link, read a Portuguese league page with no English word, and find no index of a server
that did not list itself."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.service.gameservice import GameService
from bot.web.leaguepage import LEAGUE
from tests.web.conftest import Served
from tests.web.test_league_page import spring

LOCALES = Path(__file__).resolve().parents[2] / "data" / "locales"
# Names on the page that are no catalogue's words: the league's and the players'.
NAMES = {"spring", "alice", "carol"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{4,}", text)}


def _catalogue_words(language: str) -> set[str]:
    """Return the words of a language's catalogues' messages (keys and comments left out)."""
    found: set[str] = set()
    for path in (LOCALES / language).glob("*.ftl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            text = line.split("=", 1)[1] if re.match(r"^[a-z][\w-]* =", line) else line
            found |= _words(re.sub(r"\{[^}]*\}", " ", text))
    return found


def english_only() -> set[str]:
    """Return words of the English catalogues that no Portuguese catalogue uses."""
    return _catalogue_words("en") - _catalogue_words("pt-BR")


def test_a_league_page_links_each_game_to_its_page(
        service: GameService, site: Served, browser_page: Any) -> None:
    league_id = spring(service)
    browser_page.goto(f"{site.url}/l/{site.companion.ref(LEAGUE, league_id)}")
    assert browser_page.locator("table.standings tbody tr").count() == 4
    link = browser_page.locator("a.game-link").first
    link.wait_for()
    link.focus()
    browser_page.keyboard.press("Enter")  # by keyboard, without JavaScript of ours
    browser_page.wait_for_url(re.compile(r"/g/[0-9]+-[a-z2-7]{20}$"))
    board = browser_page.locator("img#board")
    board.wait_for()
    assert browser_page.evaluate("document.getElementById('board').naturalWidth") > 400


def test_a_portuguese_league_page_shows_no_english(
        service: GameService, site: Served, browser_page: Any) -> None:
    league_id = spring(service, "knockout", language="pt-BR")
    browser_page.goto(f"{site.url}/l/{site.companion.ref(LEAGUE, league_id)}")
    browser_page.locator("#bracket-picture").wait_for()
    for details in browser_page.locator("details").all():
        details.evaluate("d => d.open = true")
    shown = browser_page.evaluate(
        "document.body.innerText + ' ' + document.title + ' ' + "
        "[...document.querySelectorAll('[alt],[aria-label]')].map(e => "
        "(e.getAttribute('alt') || '') + ' ' + (e.getAttribute('aria-label') || '')).join(' ')")
    assert "Classificação" in shown and "Chaveamento" in shown
    english = (_words(shown) - NAMES) & english_only()
    assert english == set()


def test_the_index_of_a_server_that_did_not_list_itself_is_not_found(
        service: GameService, site: Served, browser_page: Any) -> None:
    spring(service)
    response = browser_page.goto(f"{site.url}/s/g1")
    assert response is not None and response.status == 404
    assert "There is no page at this address" in browser_page.locator("main").inner_text()
