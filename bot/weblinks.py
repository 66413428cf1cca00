"""The web companion's addresses, below every layer: the unguessable mark of a page and the
link to it, so the service can put a game's link on the turn message without the web layer.

A game's page is `/g/<id>-<mark>`, the mark an HMAC of the game's number under the site's
secret (kept in the database: bot/store/webqueries.py), so every bot and web process of one
database gives a game the same address and nobody can walk the numbers to find games they
were not shown. Leagues and players get marks of their own kind the same way.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

MARK_BYTES = 12  # 96 bits: 20 base32 letters


def mark(secret: str, kind: str, number: int | str) -> str:
    """Return the unguessable mark of one page (kind: game, league, player)."""
    digest = hmac.new(secret.encode(), f"{kind}:{number}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:MARK_BYTES]).decode().lower().rstrip("=")


def ref(secret: str, kind: str, number: int | str) -> str:
    """Return a page's reference with its mark: `<number>-<mark>`."""
    return f"{number}-{mark(secret, kind, number)}"


@dataclass(frozen=True)
class WebLinks:
    """Where players reach the web companion (BANNERET_PUBLIC_URL), and the site's secret."""

    address: str
    secret: str

    def page(self, prefix: str, kind: str, number: int | str) -> str:
        """Return the full address of a marked page: `<address>/<prefix>/<number>-<mark>`."""
        return f"{self.address.rstrip('/')}/{prefix}/{ref(self.secret, kind, number)}"

    def game(self, game_id: int) -> str:
        """Return the full address of a game's page."""
        return self.page("g", "game", game_id)


__all__ = ["MARK_BYTES", "WebLinks", "mark", "ref"]
