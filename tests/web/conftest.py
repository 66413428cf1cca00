"""Fixtures for the web companion: a served site on loopback, and a real headless browser.

The site runs in a thread of its own with its own event loop (as beside the bot), so a test
can play moves through the service while a browser watches the page. The browser is
Debian's chromium driven by Playwright (never a downloaded one); where it is missing the
browser tests skip with one line, unless BANNERET_REQUIRE_BROWSER is set (CI sets it), which
makes that a failure.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pytest
from aiohttp import web

from bot.config import Settings
from bot.service.gameservice import Caller, GameService
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from bot.web.companion import Companion
from bot.web.server import make_app
from renderers import render_png

ALICE = Caller(user_id="1001", name="Alice")
BOB = Caller(user_id="1002", name="Bob")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# What Chromium needs on this closed network (no sandbox as root, no background fetching).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@pytest.fixture
def store(db_location: str) -> Iterator[GameStore]:
    """A new store: SQLite, or in modules with BOTH_STORES each store in turn."""
    s = open_store(db_location)
    yield s
    s.close()


@pytest.fixture
def service(store: GameStore) -> GameService:
    """A service that draws its boards, with seeds that differ per game."""
    seeds = (f"web-seed-{n}" for n in itertools.count())
    return GameService(store, render=render_png, seed_factory=lambda: next(seeds))


@dataclass
class Served:
    """A web companion running on loopback in its own thread."""

    url: str
    companion: Companion
    loop: asyncio.AbstractEventLoop
    app: web.Application

    def call(self, job: Any) -> Any:
        """Run a coroutine on the site's loop and wait for it."""
        return asyncio.run_coroutine_threadsafe(job, self.loop).result(timeout=30)


def serve(service: GameService, settings: Settings | None = None) -> Iterator[Served]:
    """Serve the companion for `service` on a free loopback port until the generator ends."""
    chosen = settings or Settings(BANNERET_WEB_RATE=10_000)
    loop = asyncio.new_event_loop()
    ready: Future[Served] = Future()
    stop = asyncio.Event()

    async def main() -> None:
        companion = Companion(service, chosen)
        app = make_app(companion)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        ready.set_result(Served(f"http://127.0.0.1:{port}", companion, loop, app))
        await stop.wait()
        await runner.cleanup()

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    served = ready.result(timeout=30)
    try:
        yield served
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(timeout=30)
        loop.close()


@pytest.fixture
def site(service: GameService) -> Iterator[Served]:
    """The web companion for this test's service, served on loopback."""
    yield from serve(service)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's headless chromium through Playwright, one per test module: Playwright's sync
    driver keeps an event loop running in the main thread while it lives, and a later test
    that calls asyncio.run() in that process would fail."""
    if not os.path.exists(CHROMIUM):
        reason = f"no chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("BANNERET_REQUIRE_BROWSER"):
            pytest.fail(f"a browser is required here (BANNERET_REQUIRE_BROWSER): {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                         headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def browser_page(chromium: Any) -> Iterator[Any]:
    """A fresh browser page (its own context: no cookies or cache from another test)."""
    context = chromium.new_context(viewport={"width": 412, "height": 915},
                                   locale="en-US")
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()
