"""Where a page lives: unguessable addresses derived from the site's secret (the marks
themselves are made in bot/webmarks.py, so the bot's own links match), read back here.

A game's page is `/g/<id>-<mark>`, the mark an HMAC of the game's number under the site's
secret (bot/store/webqueries.py), so every process of one database gives a game the same
address and nobody can walk the numbers to find games they were not shown. A server whose
moderators made its games public also serves them at `/g/<id>`. Leagues and players get
marks of their own kind the same way.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass

from bot.webmarks import MARK_BYTES, mark

# A page's reference in its address: the number, then (unless public) its mark.
_REF = re.compile(r"^(?P<number>[0-9]{1,19})(?:-(?P<mark>[a-z2-7]{20}))?$")


@dataclass(frozen=True)
class Ref:
    """A page's reference as read from its address."""

    number: int
    mark: str | None


def ref(secret: str, kind: str, number: int | str) -> str:
    """Return a page's reference with its mark: `<number>-<mark>`."""
    return f"{number}-{mark(secret, kind, number)}"


def read_ref(text: str) -> Ref | None:
    """Read `<number>` or `<number>-<mark>`; None for anything else."""
    found = _REF.match(text)
    if found is None:
        return None
    return Ref(int(found["number"]), found["mark"])


def marked(secret: str, kind: str, given: Ref) -> bool:
    """Say whether a reference carries the right mark for its number."""
    if given.mark is None:
        return False
    return hmac.compare_digest(given.mark, mark(secret, kind, given.number))


__all__ = ["MARK_BYTES", "Ref", "mark", "marked", "read_ref", "ref"]
