"""Photograph a game's web page as a phone shows it: `python -m tools.web_shot [OUT.png]`.

The README shows it (docs/web-game.png). It is taken by the same headless Chromium the
browser tests drive (Debian's `chromium` through Playwright), from the real web companion
serving a Samurai Battles game played through the service: nothing is mocked up.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.config import Settings
from bot.service.context import Table
from bot.service.gameservice import Caller, GameService
from bot.store.location import open_store
from bot.web.companion import Companion
from bot.web.server import make_app
from renderers import render_png

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "web-game.png"
PHONE_WIDTH, PHONE_HEIGHT = 412, 915
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update"]
MOVES = 12
AIKO = Caller(user_id="2001", name="Aiko")
KENJI = Caller(user_id="2002", name="Kenji")


def played(path: Path) -> GameService:
    """Start a Samurai Battles game between Aiko and Kenji and play its first moves."""
    service = GameService(open_store(str(path)), render=render_png,
                          seed_factory=lambda: "web-shot")
    service.new_game("c1", "g1", AIKO, "samurai", "river-crossing", opponent=KENJI)
    service.join("c1", KENJI)
    for _ in range(MOVES):
        with service.store.reading() as tx:
            game = tx.active_game("c1")
        assert game is not None
        table = Table(game)
        seat = table.prompt.seat
        assert seat is not None
        who = AIKO if game.seats[seat] == AIKO.user_id else KENJI
        service.act("c1", who, table.legal(seat)[0].model_dump(mode="json"))
    return service


@contextmanager
def serving(service: GameService) -> Iterator[tuple[str, Companion]]:
    """Serve the web companion on a free loopback port, in a thread, for a `with` block."""
    loop = asyncio.new_event_loop()
    ready: Future[tuple[str, Companion]] = Future()
    stop = asyncio.Event()

    async def main() -> None:
        companion = Companion(service, Settings(BANNERET_WEB_RATE=10_000))
        runner = web.AppRunner(make_app(companion), access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        ready.set_result((f"http://127.0.0.1:{runner.addresses[0][1]}", companion))
        await stop.wait()
        await runner.cleanup()

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    try:
        yield ready.result(timeout=30)
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(timeout=30)
        loop.close()


def shoot(out: Path, language: str = "en", browser: Any = None) -> Path:
    """Photograph the game's page at a phone's size into `out` (in `browser`, a Playwright
    Chromium, when given; else one launched for it)."""
    service = played(Path(tempfile.mkdtemp()) / "web-shot.db")
    try:
        with serving(service) as (url, companion):
            address = f"{url}/g/{companion.ref('game', 1)}"
            if browser is not None:
                _photograph(browser, address, out, language)
                return out
            from playwright.sync_api import sync_playwright

            with sync_playwright() as driver:
                launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    _photograph(launched, address, out, language)
                finally:
                    launched.close()
    finally:
        service.store.close()
    return out


def _photograph(browser: Any, address: str, out: Path, language: str) -> None:
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT},
                                  locale=language,
                                  extra_http_headers={"Accept-Language": language})
    try:
        page = context.new_page()
        page.goto(address)
        page.locator("img#board").wait_for()
        page.wait_for_load_state("networkidle")
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
    finally:
        context.close()


def main(argv: list[str]) -> int:
    """Write the photograph (docs/web-game.png unless told)."""
    out = Path(argv[0]) if argv else OUT
    print(shoot(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
