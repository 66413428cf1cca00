"""The unguessable marks in the web companion's addresses, computable without the web.

A page's mark is an HMAC of what it shows (a game's number, a league's, a player's server
and id) under the site's secret (bot/store/webqueries.py's `site_secret`): the web pages
check it (bot/web/addresses.py) and the bot's link buttons make it (bot/service/pagelinks.py),
so both give a page the same address.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

MARK_BYTES = 12  # 96 bits: 20 base32 letters
# The kinds of page a mark is made for (a game's mark opens no league of the same number).
GAME_KIND = "game"
LEAGUE_KIND = "league"
PLAYER_KIND = "player"


def mark(secret: str, kind: str, number: int | str) -> str:
    """Return the unguessable mark of one page (kind: game, league, player)."""
    digest = hmac.new(secret.encode(), f"{kind}:{number}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:MARK_BYTES]).decode().lower().rstrip("=")


def player_key(guild_id: str, user_id: str) -> str:
    """Return what a player's mark is made of: the server and the user (a page per server)."""
    return f"{guild_id}:{user_id}"


__all__ = ["GAME_KIND", "LEAGUE_KIND", "MARK_BYTES", "PLAYER_KIND", "mark", "player_key"]
