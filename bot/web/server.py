"""The web companion's application: its routes, and serving it (alone or beside the bot).

`make_app` builds the aiohttp application for a service; `start` serves it on the loop that
is running (the bot's own, when BANNERET_WEB_PORT is set) and returns its runner to stop it;
`serve_forever` is `banneret web`. Several web processes may serve one PostgreSQL database:
they share nothing but the database (the address secret is in it).
"""

from __future__ import annotations

import asyncio
import logging
from importlib import resources

from aiohttp import web

from bot.config import Settings
from bot.service.gameservice import GameService
from bot.text import Words
from bot.web.companion import COMPANION, Companion
from bot.web.gamepage import game_board, game_page
from bot.web.guards import RateLimit, guarded
from bot.web.leaguepage import league_bracket, league_events, league_page
from bot.web.playerpage import player_page
from bot.web.replaypage import game_export, game_log, game_position, position_board
from bot.web.serverindex import server_index
from bot.web.templating import page, refusal, visitor_language
from bot.web.updates import game_events, install

log = logging.getLogger(__name__)

# The files under /static/, by name: nothing else is ever read from disk for a request.
STATIC = {"site.css": "text/css", "league.css": "text/css", "live.js": "text/javascript",
          "replay.js": "text/javascript"}


async def home(request: web.Request) -> web.Response:
    """Say what this site is, in the visitor's language."""
    return page("home.html", Words.of(visitor_language(request)))


async def static(request: web.Request) -> web.Response:
    """Send one of the site's own files (only those STATIC names)."""
    name = request.match_info["name"]
    if name not in STATIC:
        raise web.HTTPNotFound()
    body = resources.files("bot.web").joinpath("static", name).read_bytes()
    return web.Response(body=body, content_type=STATIC[name],
                        headers={"Cache-Control": "public, max-age=3600"})


def make_app(companion: Companion) -> web.Application:
    """Build the web companion's application."""
    app = web.Application(middlewares=[guarded(RateLimit(companion.settings.web_rate),
                                               refusal)])
    app[COMPANION] = companion
    install(app, companion)
    app.router.add_get("/", home)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/g/{ref}", game_page)
    app.router.add_get("/g/{ref}/board.png", game_board)
    app.router.add_get("/g/{ref}/events", game_events)
    app.router.add_get("/l/{ref}", league_page)
    app.router.add_get("/l/{ref}/bracket.png", league_bracket)
    app.router.add_get("/l/{ref}/events", league_events)
    app.router.add_get("/p/{guild}/{ref}", player_page)
    app.router.add_get("/s/{guild}", server_index)
    app.router.add_get("/g/{ref}/log", game_log)
    app.router.add_get("/g/{ref}/at/{n}", game_position)
    app.router.add_get("/g/{ref}/at/{n}/board.png", position_board)
    app.router.add_get("/g/{ref}/export.json", game_export)
    return app


async def start(service: GameService, settings: Settings, port: int | None = None
                ) -> web.AppRunner:
    """Serve the web companion on the running loop; return its runner (to `cleanup()`)."""
    app = make_app(Companion(service, settings))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    chosen = port if port is not None else (settings.web_port or 8080)
    await web.TCPSite(runner, settings.web_host, chosen).start()
    log.info("web companion on http://%s:%s (links: %s)", settings.web_host, chosen,
             settings.web_address)
    return runner


def serve_forever(service: GameService, settings: Settings) -> int:
    """Serve the web companion until interrupted (`banneret web`)."""

    async def main() -> None:
        runner = await start(service, settings)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    return 0


__all__ = ["STATIC", "make_app", "serve_forever", "start"]
