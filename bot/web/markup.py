"""The bot's Discord-flavoured lines as safe HTML.

The service words every line for Discord: `**bold**`, `*slanted*`, `` `code` ``, mentions
`<@123>` and timestamps `<t:1700000000:R>`. A page shows the same lines, so here each is
escaped first and only then given its few marks back: a mention becomes the name the player
goes by (or "player …1234" when we never saw it), a timestamp a UTC time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime

from markupsafe import Markup, escape

_MENTION = re.compile(r"&lt;@!?([0-9]{1,20})&gt;")
_STAMP = re.compile(r"&lt;t:(-?[0-9]{1,12})(?::[tTdDfFR])?&gt;")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_SLANTED = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")

# Turns a Discord user id into the name a page shows.
Namer = Callable[[str], str]


def utc(seconds: int) -> str:
    """Return a Unix time as `2026-12-03 21:30 UTC`."""
    try:
        return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return str(seconds)


def marked_up(line: str, name: Namer) -> Markup:
    """Return one Discord line as escaped HTML with its marks and mentions."""
    html = str(escape(line))
    html = _MENTION.sub(lambda m: str(escape(name(m[1]))), html)
    html = _STAMP.sub(lambda m: utc(int(m[1])), html)
    html = _CODE.sub(r"<code>\1</code>", html)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _SLANTED.sub(r"<em>\1</em>", html)
    return Markup(html)  # noqa: S704 - escaped above, only our own tags added


def plain(line: str, name: Namer) -> str:
    """Return one Discord line as plain words (an image's alternative text, a title)."""
    text = re.sub(r"<@!?([0-9]{1,20})>", lambda m: name(m[1]), line)
    text = re.sub(r"<t:(-?[0-9]{1,12})(?::[tTdDfFR])?>", lambda m: utc(int(m[1])), text)
    return text.replace("**", "").replace("`", "")


def all_marked_up(lines: Iterable[str], name: Namer) -> list[Markup]:
    """Mark up every line."""
    return [marked_up(line, name) for line in lines]


__all__ = ["Namer", "all_marked_up", "marked_up", "plain", "utc"]
