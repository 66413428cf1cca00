"""A knockout bracket as a picture (pure; Pillow).

The caller words everything; this module lays the rounds out left to right, 720 pixels
wide like the standings picture (so its names are still about 12 pixels tall when a phone
shows it 400 wide). Each match is a box of two lines, the upper player over the lower,
each with his score; the winner's line is shaded and set bold, and a line joins every
match to the one its winner plays next. A round not paired yet shows its places empty.
The champion, once there is one, is named under the title.

`python -m renderers OUTDIR` writes the sample bracket (renderers/samples.py) as bracket.png.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from renderers.canvas import Canvas
from renderers.colours import INK, RGB, WHITE
from renderers.png import write_png
from renderers.standings import (
    BACKGROUND,
    FOOTER,
    PAD,
    RULE,
    SHADE,
    SUBTITLE,
    TITLE_BAND,
    WIDTH,
    draw_text,
    fit_text,
    palette,
    text_width,
)

__all__ = ["BracketMatch", "BracketPicture", "render_bracket", "render_bracket_image"]

TITLE_SIZE = 36
SUBTITLE_SIZE = 24
HEADING_SIZE = 22
MIN_HEADING_SIZE = 16  # still 8.9 pixels tall when a phone shows the picture 400 wide
NAME_SIZE = 22
LINE = 34  # a player's line in a match box
GAP = 16  # between two boxes of the first round shown
FOOTER_SPACE = 48  # under the boxes, for the champion's line
WINNER: RGB = SHADE  # the standings' palette holds it, and every ink on it


@dataclass(frozen=True)
class BracketMatch:
    """One match: the upper and the lower player (words), their scores, who won."""

    upper: str
    lower: str
    upper_score: str = ""
    lower_score: str = ""
    winner: int | None = None  # 0: upper, 1: lower, None: not decided


@dataclass(frozen=True)
class BracketPicture:
    """What the bracket shows: a heading and the matches (in bracket order) per round."""

    title: str
    subtitle: str
    headings: tuple[str, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]
    footer: str = ""


def _box(draw: Canvas, left: float, top: float, width: float, match: BracketMatch) -> None:
    """Draw one match box with its two lines."""
    for line, (name, score) in enumerate(((match.upper, match.upper_score),
                                          (match.lower, match.lower_score))):
        y0 = top + line * LINE
        won = match.winner == line
        draw.rectangle((left, y0, left + width, y0 + LINE), fill=WINNER if won else BACKGROUND,
                       outline=RULE, width=1)
        room = width - 12 - (text_width(score, NAME_SIZE, bold=True) + 10 if score else 0)
        text = fit_text(name, NAME_SIZE, room, bold=won)
        draw_text(draw, (left + 6, y0 + LINE / 2), text, NAME_SIZE, INK, bold=won)
        if score:
            draw_text(draw, (left + width - 6, y0 + LINE / 2), score, NAME_SIZE, INK,
                      bold=won, anchor="rm")


def render_bracket_image(picture: BracketPicture) -> Image.Image:
    """Draw the bracket as an RGB image WIDTH pixels wide."""
    columns = max(1, len(picture.rounds))
    first = max(1, len(picture.rounds[0]) if picture.rounds else 1)
    header = 16 + TITLE_SIZE + SUBTITLE_SIZE + 24
    body_top = header + HEADING_SIZE * 2
    body = first * (2 * LINE + GAP)
    height = int(body_top + body + (FOOTER_SPACE if picture.footer else 16))
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = Canvas(image)
    draw.rectangle((0, 0, WIDTH, header), fill=TITLE_BAND)
    inner = WIDTH - 2 * PAD
    draw_text(draw, (PAD, 16 + TITLE_SIZE * 0.6), fit_text(picture.title, TITLE_SIZE, inner,
                                                           bold=True),
              TITLE_SIZE, WHITE, bold=True)
    draw_text(draw, (PAD, 16 + TITLE_SIZE + SUBTITLE_SIZE * 0.9),
              fit_text(picture.subtitle, SUBTITLE_SIZE, inner), SUBTITLE_SIZE, SUBTITLE)
    step = inner / columns
    width = step - 18 if columns > 1 else inner
    for c, matches in enumerate(picture.rounds):
        left = PAD + c * step
        heading = picture.headings[c] if c < len(picture.headings) else ""
        size = HEADING_SIZE  # a long heading (Quartas de final) is set smaller, then cut
        while size > MIN_HEADING_SIZE and text_width(heading, size, bold=True) > width:
            size -= 1
        draw_text(draw, (left, header + HEADING_SIZE), fit_text(heading, size, width,
                                                                bold=True),
                  size, INK, bold=True)
        slot = body / max(1, len(matches))
        for m, match in enumerate(matches):
            middle = body_top + (m + 0.5) * slot
            _box(draw, left, middle - LINE, width, match)
            if c + 1 < columns:
                # Elbow to the next round's box this match's winner goes to.
                target = body_top + (m // 2 + 0.5) * (body / max(1, len(matches) // 2))
                x0, x1 = left + width, left + step
                xm = (x0 + x1) / 2
                draw.line(((x0, middle), (xm, middle), (xm, target), (x1, target)), fill=RULE,
                          width=2)
    if picture.footer:
        draw_text(draw, (PAD, height - FOOTER_SPACE / 2),
                  fit_text(picture.footer, SUBTITLE_SIZE, inner), SUBTITLE_SIZE, FOOTER)
    return image



def render_bracket(picture: BracketPicture) -> bytes:
    """Draw the bracket and encode it with the standings' palette (the same bytes each time)."""
    image = render_bracket_image(picture)
    return write_png(image.quantize(palette=palette(), dither=Image.Dither.NONE))

