"""The hidden-information test on the web, and a Portuguese page with no English.

Twin games differ only in what one seat hides: in the stored position (another hand,
other faces under face-down pieces, another sealed plan: tests/reliability/test_hidden.py),
or in the log itself (Alice seals another battle plan). Every route of a game's pages —
the page, its board, the log, every position and its board, the record — must serve the
same bytes for both: nothing a page shows depends on a secret.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from bot.web.gamepage import GAME
from renderers import render_png
from rules.core.system import system
from tests.reliability.test_hidden import CASES, _rewrite, _start
from tests.web.conftest import ALICE, BOB, Served, serve
from tests.web.test_game_page import fetch
from tests.web.test_game_replay import moves
from tests.words_check import english_leaks


def _routes(site: Served, game_id: int, latest: int) -> list[str]:
    """Every address of one game's pages."""
    base = f"{site.url}/g/{site.companion.ref(GAME, game_id)}"
    return [base + path for path in ("", "/board.png", "/log", "/export.json",
                                     *(f"/at/{n}" for n in range(latest + 1)),
                                     *(f"/at/{n}/board.png" for n in range(latest + 1)))]


@contextmanager
def _serving(service: GameService) -> Iterator[Served]:
    """Serve the companion for `service` for the length of a `with` block."""
    yield from serve(service)


def _pages(path: Path, channel: str = "t") -> list[tuple[int, bytes]]:
    """Fetch every page of the channel's game from a site serving the database at `path`."""
    service = GameService(Store(path, clock=FakeClock()), render=render_png)
    with _serving(service) as site:
        with site.companion.service.store.reading() as tx:
            game = tx.latest_game(channel)
            assert game is not None
            latest = sum(1 for e in tx.log(game.id) if e.kind == "action")
        out = []
        for url in _routes(site, game.id, latest):
            status, _, body = fetch(url)
            out.append((status, body))
    service.store.close()
    return out


def _with_secret(path: Path) -> None:
    """Give the database its address secret, so a copy gives its games the same addresses."""
    store = Store(path)
    with store.transaction() as tx:
        tx.site_secret()
    store.close()


@pytest.mark.parametrize("system_id", sorted(CASES))
def test_twins_differing_in_a_stored_secret_serve_the_same_bytes(
        system_id: str, tmp_path: Path) -> None:
    real, twin = tmp_path / "real.db", tmp_path / "twin.db"
    seat = _start(real, system_id)
    _with_secret(real)
    shutil.copy(real, twin)
    _rewrite(twin, CASES[system_id][1], seat)
    first, second = _pages(real), _pages(twin)
    assert len(first) >= 6 and all(status == 200 for status, _ in first)
    for (_, one), (_, other) in zip(first, second, strict=True):
        assert one == other


PLANS = {
    "real": ("command:C2 order:take-and-hold objective:O3", "command:C1 order:storm objective:O1",
             "command:C3 order:destroy-breakout target:C6"),
    "twin": ("command:C2 order:storm objective:O1", "command:C1 order:take-and-hold objective:O3",
             "command:C3 order:destroy-breakout target:C6"),
}


def test_twins_whose_logs_hold_other_sealed_orders_serve_the_same_bytes(tmp_path: Path) -> None:
    clock = FakeClock()
    paths = {name: tmp_path / f"{name}.db" for name in PLANS}
    start = GameService(Store(paths["real"], clock=clock), seed_factory=lambda: "sealed")
    start.new_game("t", "g", ALICE, "fantasy_warriors", "the-stockade-ford", opponent=BOB)
    start.join("t", BOB)
    start.store.close()
    _with_secret(paths["real"])
    shutil.copy(paths["real"], paths["twin"])
    logs = []
    for name, plan in PLANS.items():
        service = GameService(Store(paths[name], clock=clock))
        for line in plan:
            service.act("t", ALICE, {"type": "order",
                                     **dict(part.split(":") for part in line.split())})
        service.act("t", ALICE, {"type": "ready"})
        with service.store.reading() as tx:
            logs.append([e.action for e in tx.log(1)])
        service.store.close()
    assert logs[0] != logs[1]  # the twins' logs do differ, in Alice's sealed orders
    first, second = _pages(paths["real"]), _pages(paths["twin"])
    assert len(first) == 4 + 2 * 5 and all(status == 200 for status, _ in first)
    for (_, one), (_, other) in zip(first, second, strict=True):
        assert one == other


class _Text(HTMLParser):
    """The words of a page a person reads: its text, titles and images' alternative text."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.extend(value or "" for name, value in attrs
                          if name in ("alt", "title", "aria-label"))

        if tag == "code":  # a command or a seed, quoted as it is typed
            self.parts.append("`")

    def handle_endtag(self, tag: str) -> None:
        if tag == "code":
            self.parts.append("`")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _words(html: bytes) -> str:
    reader = _Text()
    reader.feed(html.decode())
    return " ".join(reader.parts)


def test_a_portuguese_game_shows_no_english_on_any_page(tmp_path: Path) -> None:
    service = GameService(Store(tmp_path / "pt.db"), render=render_png,
                          seed_factory=lambda: "9f2c4e")
    service.new_game("c1", "g1", ALICE, "samurai", "river-crossing", opponent=BOB,
                     language="pt-BR")
    service.join("c1", BOB)
    moves(service, 6)
    with _serving(service) as site:
        pages = [url for url in _routes(site, 1, 6) if not url.endswith((".png", ".json"))]
        texts = [_words(fetch(url, headers={"Accept-Language": "en"})[2]) for url in pages]
        service.resign("c1", ALICE)
        texts.append(_words(fetch(pages[0], headers={"Accept-Language": "en"})[2]))
    assert "Posição 3 de 6" in " ".join(texts) and "consistente" in texts[-1]
    samurai = system("samurai")
    leaks = {url: english_leaks(text, samurai, "pt-BR")
             for url, text in zip([*pages, "after the end"], texts, strict=True)}
    assert {url: found for url, found in leaks.items() if found} == {}
