"""The addresses of the web companion's pages, for the bot's link buttons.

Only when the web companion is configured (BANNERET_WEB_PORT or BANNERET_PUBLIC_URL: the
entry point sets `address`) does a reply carry a link; otherwise every method returns None
and the reply is as it always was. The marks are the web pages' own (bot/webmarks.py),
under the site's secret, read once from the store (made there by whichever process comes
first).
"""

from __future__ import annotations

from bot.replies import Link, Reply
from bot.service.context import Caller
from bot.store.gamestore import GameStore
from bot.text import Words, pick_language
from bot.webmarks import GAME_KIND, LEAGUE_KIND, PLAYER_KIND, mark, player_key


class PageLinks:
    """Make the full addresses of pages (None when the web is not configured)."""

    def __init__(self, store: GameStore, address: str | None = None) -> None:
        self.store = store
        self.address = address  # the site as players reach it, without a trailing slash
        self._secret: str | None = None

    def _mark(self, kind: str, number: int | str) -> str:
        if self._secret is None:
            with self.store.transaction() as tx:
                self._secret = tx.site_secret()
        return mark(self._secret, kind, number)

    def game(self, game_id: int) -> str | None:
        """Return a game page's address."""
        if not self.address:
            return None
        return f"{self.address}/g/{game_id}-{self._mark(GAME_KIND, game_id)}"

    def league(self, league_id: int) -> str | None:
        """Return a league page's address."""
        if not self.address:
            return None
        return f"{self.address}/l/{league_id}-{self._mark(LEAGUE_KIND, league_id)}"

    def league_named(self, guild_id: str, name: str) -> str | None:
        """Return the page of a server's league by its name (None: no such league)."""
        if not self.address:
            return None
        with self.store.reading() as tx:
            league = tx.league_season(guild_id, name)
        return None if league is None else self.league(league.id)

    def player(self, guild_id: str, user_id: str) -> str | None:
        """Return a player's page on one server."""
        if not self.address:
            return None
        key = player_key(guild_id, user_id)
        return f"{self.address}/p/{guild_id}/{user_id}-{self._mark(PLAYER_KIND, key)}"

    def index(self, guild_id: str) -> str | None:
        """Return a server's index page (open only where its moderators listed it)."""
        return f"{self.address}/s/{guild_id}" if self.address else None


def linked(reply: Reply, caller: Caller, key: str, url: str | None) -> Reply:
    """Add a link button worded by `key` in the caller's language (nothing without a url)."""
    if url:
        reply.links.append(Link(Words.of(pick_language(caller.locale))(key), url))
    return reply


__all__ = ["PageLinks", "linked"]
