"""The knockout bracket picture (renderers/bracket.py)."""

from __future__ import annotations

import io

from PIL import Image

from renderers import bracket
from renderers.samples import knockout_bracket
from renderers.standings import BACKGROUND, PAD, SHADE, WIDTH


def test_the_bracket_is_the_same_bytes_each_time_and_720_wide() -> None:
    first = bracket.render_bracket(knockout_bracket())
    assert first == bracket.render_bracket(knockout_bracket())
    assert Image.open(io.BytesIO(first)).size[0] == WIDTH


def test_the_winner_of_a_match_is_shaded_and_the_loser_not() -> None:
    image = bracket.render_bracket_image(knockout_bracket())
    header = 16 + bracket.TITLE_SIZE + bracket.SUBTITLE_SIZE + 24
    body_top = header + bracket.HEADING_SIZE * 2
    slot = 2 * bracket.LINE + bracket.GAP  # four quarter-finals: one slot each
    upper = body_top + slot / 2 - bracket.LINE  # the first match's upper line
    assert image.getpixel((PAD + 3, int(upper + 4))) == SHADE  # oda.nobunaga won
    assert image.getpixel((PAD + 3, int(upper + bracket.LINE + 4))) == BACKGROUND
    # The second quarter-final went to its lower player.
    second = upper + slot
    assert image.getpixel((PAD + 3, int(second + 4))) == BACKGROUND
    assert image.getpixel((PAD + 3, int(second + bracket.LINE + 4))) == SHADE


def test_names_stay_at_least_8_pixels_tall_on_a_phone() -> None:
    # Discord shows a picture about 400 pixels wide on a phone.
    assert bracket.NAME_SIZE * 400 / WIDTH >= 8
    assert bracket.MIN_HEADING_SIZE * 400 / WIDTH >= 8
