"""A game's log, its positions one by one (the replay), and its record to download.

- `/g/<ref>/log`: every entry of the log in words, each linking to the position it leads to;
- `/g/<ref>/at/<n>`: position n (0 the start), its board and words, what led to it, and
  links to the first, previous, next and latest positions: the replay, stepped by those
  links, or by the arrow keys where JavaScript runs (static/replay.js);
- `/g/<ref>/at/<n>/board.png`: that position's public board;
- `/g/<ref>/export.json`: the game's record as `/game export` attaches it (while the game
  runs, hidden choices and the seed are left out), for `banneret verify --file`.

Past positions are rebuilt from the log (bot/service/timeline.py) and shown only through
their public view, like the current one.
"""

from __future__ import annotations

import re

from aiohttp import web

from bot.errors import PlayerError
from bot.service.timeline import Timeline
from bot.web.gamepage import find
from bot.web.markup import all_marked_up, marked_up, plain
from bot.web.templating import page

# A position's number in an address: ASCII digits, at most seven (no game is that long).
_NUMBER = re.compile(r"[0-9]{1,7}")


def _number(request: web.Request, timeline: Timeline) -> int:
    """Read the position an address names, or answer "not found"."""
    text = request.match_info["n"]
    if not _NUMBER.fullmatch(text):
        raise web.HTTPNotFound()
    number = int(text)
    if number > timeline.latest:
        raise web.HTTPNotFound()
    return number


async def game_log(request: web.Request) -> web.Response:
    """Show a game's whole log in words, each entry linking to its position."""
    _, shown = await find(request, with_log=True)
    timeline, name = shown.timeline(), shown.namer()
    table = timeline.table
    words = table.words
    return page(
        "game_log.html", words,
        title=words("game-status-title", system=table.title(),
                    scenario=table.scenario_title()),
        ref=request.match_info["ref"], game=shown.game, latest=timeline.latest,
        steps=[(step, marked_up(step.line, name)) for step in timeline.steps],
    )


async def game_position(request: web.Request) -> web.Response:
    """Show one position of a game: its board, its words, what led to it, the replay links."""
    companion, shown = await find(request, with_log=True)
    timeline, name = shown.timeline(), shown.namer()
    number = _number(request, timeline)
    try:
        table = await companion.work(lambda: timeline.table_at(number))
        summary, details = table.summary(), table.summary(full=True)
    except PlayerError as refusal:
        raise web.HTTPNotFound() from refusal
    words = table.words
    ref = request.match_info["ref"]
    made = [marked_up(step.line, name) for step in timeline.made_by(number)]
    return page(
        "game_position.html", words,
        title=words("game-status-title", system=table.title(),
                    scenario=table.scenario_title()),
        ref=ref, game=shown.game, number=number, latest=timeline.latest, made=made,
        board=f"/g/{ref}/at/{number}/board.png",
        alt=" ".join(plain(line, name) for line in summary) or words("web-board-alt-empty"),
        details=all_marked_up(details, name),
    )


async def position_board(request: web.Request) -> web.Response:
    """Send the public board of one position (the current one is the bot's own PNG)."""
    companion, shown = await find(request, with_log=True)
    timeline = shown.timeline()
    number = _number(request, timeline)
    boards = companion.service.boards

    def draw() -> bytes | None:
        if number == timeline.latest:
            return boards.draw(timeline.table)
        key = (*timeline.key(number), shown.game.language)
        return boards.draw_past(key, lambda: timeline.table_at(number).picture(None))

    try:
        png = await companion.work(draw)
    except PlayerError as refusal:
        raise web.HTTPNotFound() from refusal
    if png is None:
        raise web.HTTPNotFound()
    return web.Response(body=png, content_type="image/png",
                        headers={"Cache-Control": "no-cache"})


async def game_export(request: web.Request) -> web.Response:
    """Send the game's record to download, as `/game export` attaches it."""
    companion, shown = await find(request, with_log=True)
    game = shown.game
    data = await companion.work(lambda: companion.service.records.export(game, shown.entries))
    return web.Response(body=data, content_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="banneret-game-{game.id}.json"',
        "Cache-Control": "no-cache"})


__all__ = ["game_export", "game_log", "game_position", "position_board"]
