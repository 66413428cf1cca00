"""The composition root: settings -> store -> service -> the transport that runs.

Nothing else in bot/ builds a store or a service; the CLI, the demo and the
tests ask here, so every way in gets the same renderer and store.
"""

from __future__ import annotations

from pathlib import Path

from bot.config import Settings
from bot.service.boards import Render
from bot.service.gameservice import GameService
from bot.store.gamestore import GameStore
from bot.store.location import open_store


def make_service(db: Path | str | GameStore, seed: str | None = None,
                 render: Render | None = None) -> GameService:
    """Open the store and wire the renderer in (a fixed dice seed only for demos and tests).

    `render` draws the boards (bot/service/renderpool.py's `renderer` for the bot); by default
    `renderers.render_png` in the calling thread.
    """
    if render is None:
        from renderers import render_png

        render = render_png
    store = db if isinstance(db, GameStore) else open_store(db)
    if seed is None:
        return GameService(store, render=render)
    fixed = seed
    return GameService(store, render=render, seed_factory=lambda: fixed)


def linked_to_web(service: GameService, settings: Settings) -> GameService:
    """Give the service the web companion's address for its link buttons when the web is on
    (BANNERET_WEB_PORT or BANNERET_PUBLIC_URL set); otherwise replies carry no link."""
    if settings.web_on:
        service.pages.address = settings.web_address
    return service


def demo_seed(name: str) -> str:
    """Return the fixed dice seed a bundled demo script is played with."""
    return f"banneret-demo-{name}"


__all__ = ["demo_seed", "linked_to_web", "make_service"]
