"""Draw a turn as a phone player sees it: `python -m tools.phone_turn [OUT.png] [LANGUAGE]`.

The README shows it (docs/phone-turn.png). It is drawn from the real replies of a
Samurai Battles game started through the service, not from a mock-up: the public turn
message (its text, its board, its buttons) and the private controls its "Your hand"
button opens (their pick lists and buttons), laid out 400 pixels wide the way Discord's
phone app stacks a message, its embed and its components.
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from bot.replies import Reply
from bot.service.context import Table
from bot.service.gameservice import Caller, GameService
from bot.store.location import open_store
from renderers import render_png
from renderers.lettering import font

WIDTH = 400
PAD = 10
GROUND = (49, 51, 56)
EMBED = (43, 45, 49)
INK = (219, 222, 225)
DIM = (148, 155, 164)
BLURPLE = (88, 101, 242)
GREY = (78, 80, 88)
MENU = (30, 31, 34)


def replies(language: str | None) -> tuple[Reply, Reply]:
    """Start a game and return its turn message and the first player's controls."""
    store = open_store(str(Path(tempfile.mkdtemp()) / "phone.db"))
    service = GameService(store, render=render_png, seed_factory=lambda: "phone-turn")
    alice = Caller(user_id="alice", name="alice", locale=language)
    bob = Caller(user_id="bob", name="bob", locale=language)
    service.new_game("table", "guild", alice, "samurai", "river-crossing", opponent=bob)
    service.join("table", bob)
    with store.reading() as tx:
        game = tx.latest_game("table")
    assert game is not None
    table = Table(game)
    turn = service.games.boards.board(table)  # the message the transport posts
    player = bob if game.seats.get(table.prompt.seat or "") == "bob" else alice
    (opener,) = [b for b in turn.buttons if b.kind == "panel"]
    return turn, service.press("table", player, opener.custom_id)


def _lines(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> list[str]:
    """Break text into lines that fit `width` at `size` (Markdown stars dropped)."""
    out: list[str] = []
    for paragraph in text.replace("**", "").split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if draw.textlength(trial, font=font(size)) > width and line:
                out.append(line)
                line = word
            else:
                line = trial
        out.append(line)
    return out


def _text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int,
          fill: tuple[int, int, int], width: int) -> int:
    """Draw wrapped text; return the y under it."""
    x, y = xy
    for line in _lines(draw, text, size, width):
        draw.text((x, y), line, font=font(size), fill=fill)
        y += int(size * 1.35)
    return y


def _buttons(draw: ImageDraw.ImageDraw, y: int, labels: list[str]) -> int:
    """Draw buttons as the phone app does, one under another; return the y under them."""
    for n, label in enumerate(labels):
        colour = BLURPLE if n == 0 else GREY
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 34), radius=6, fill=colour)
        draw.text((WIDTH / 2, y + 17), label[:44], font=font(15), fill=INK, anchor="mm")
        y += 40
    return y


def _menus(draw: ImageDraw.ImageDraw, y: int, reply: Reply) -> int:
    """Draw each pick list closed, and the first one's options under it."""
    for n, pick in enumerate(reply.picks):
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 36), radius=6, fill=MENU)
        draw.text((PAD + 10, y + 18), pick.placeholder[:44], font=font(15), fill=DIM,
                  anchor="lm")
        draw.text((WIDTH - PAD - 14, y + 18), "v", font=font(15), fill=DIM, anchor="mm")
        y += 42
        if n == 0:
            for option in pick.options[:4]:
                draw.rectangle((PAD + 6, y, WIDTH - PAD - 6, y + 30), fill=EMBED)
                draw.text((PAD + 16, y + 15), option.label[:46], font=font(14), fill=INK,
                          anchor="lm")
                y += 31
            y += 8
    return y


def draw(turn: Reply, controls: Reply) -> Image.Image:
    """Lay out the turn message, then the private controls under it."""
    canvas = Image.new("RGB", (WIDTH, 1600), GROUND)
    pen = ImageDraw.Draw(canvas)
    pen.text((PAD, 10), "Banneret  BOT", font=font(16), fill=INK)
    said = "\n".join(t for t in (turn.title, turn.text, *turn.lines) if t)
    y = _text(pen, (PAD + 8, 38), said, 15, INK, WIDTH - 2 * PAD - 16)
    if turn.image is not None:
        board = Image.open(io.BytesIO(turn.image)).convert("RGB")
        shown = board.resize((WIDTH - 2 * PAD, board.height * (WIDTH - 2 * PAD) // board.width))
        canvas.paste(shown, (PAD, y + 4))
        y += shown.height + 12
    y = _buttons(pen, y, [b.label for b in turn.buttons][:3]) + 12
    pen.line((0, y, WIDTH, y), fill=GREY, width=1)
    pen.text((PAD, y + 8), "Only you can see this", font=font(13), fill=DIM)
    y = _text(pen, (PAD, y + 28), "\n".join([controls.text or "", *controls.lines[:2]]), 15,
              INK, WIDTH - 2 * PAD)
    y = _menus(pen, y + 6, controls)
    y = _buttons(pen, y, [b.label for b in controls.buttons][:3])
    return canvas.crop((0, 0, WIDTH, y + PAD))


def main(argv: list[str]) -> int:
    """Write the picture (docs/phone-turn.png by default)."""
    out = Path(argv[0]) if argv else Path("docs/phone-turn.png")
    turn, controls = replies(argv[1] if len(argv) > 1 else None)
    draw(turn, controls).save(out, optimize=True)
    print(f"{out}: {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
