"""Pages from Jinja2 templates (bot/web/templates), every word from data/locales.

A template says `t("web-...", name=value)` for each word, where `t` is the page's `Words`
(the game's language for a game page, else the visitor's); autoescaping is on for every
template, so a name or a line can never become markup. `lines` marks up the lines the bot
already writes for Discord (bot/web/markup.py).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from bot.text import Words, pick_language

TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def environment() -> jinja2.Environment:
    """Return the one template environment (templates read once, kept compiled)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def accepted_languages(header: str | None) -> list[str]:
    """Read an Accept-Language header into language tags, the most wanted first."""
    wanted: list[tuple[float, int, str]] = []
    for place, part in enumerate((header or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            wanted.append((-quality, place, tag.strip()))
    return [tag for _, _, tag in sorted(wanted)]


def visitor_language(request: web.Request) -> str:
    """Return the language of our catalogues the visitor's browser asks for (else English)."""
    return pick_language(*accepted_languages(request.headers.get("Accept-Language")))


def page(template: str, words: Words, *, status: int = 200, **context: Any) -> web.Response:
    """Render a page in `words`' language."""
    html = environment().get_template(template).render(t=words, lang=words.language,
                                                       **context)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8",
                        headers={"Content-Language": words.language, "Vary": "Accept-Language"})


def refusal(request: web.Request, status: int, key: str) -> web.Response:
    """Turn a request away with a short page in the visitor's language."""
    words = Words.of(visitor_language(request))
    return page("refused.html", words, status=status, message=words(key))


__all__ = ["TEMPLATES", "accepted_languages", "environment", "page", "refusal",
           "visitor_language"]
