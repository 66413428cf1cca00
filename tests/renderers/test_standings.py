"""The standings picture (renderers/standings.py): decodes, grows, fits, keeps accents."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.lettering import font
from renderers.samples import league_standings
from renderers.standings import (
    BACKGROUND,
    INSET,
    MAX_ROWS,
    MEDALS,
    SHADE,
    WIDTH,
    StandingsPicture,
    layout,
    render_standings,
    shown,
)
from tests.renderers.helpers import pixel

HEADERS = ("#", "Player", "P", "W", "D", "L", "Pts")


def _picture(names: list[str], footer: str = "") -> StandingsPicture:
    rows = tuple(
        (str(i + 1), name, "5", str(5 - i % 6), "0", str(i % 6), str(15 - 3 * (i % 6)))
        for i, name in enumerate(names)
    )
    return StandingsPicture("Autumn League", "Round 5 of 7", HEADERS, rows, footer)


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.mode == "P"
    return image.convert("RGB")


def _ink_columns(image: Image.Image, box: tuple[int, int, int, int]) -> list[int]:
    """The x of every pixel column in `box` holding dark ink."""
    grey = image.crop(box).convert("L")
    return [x + box[0] for x in range(grey.width)
            if min(grey.getpixel((x, y)) for y in range(grey.height)) < 110]  # type: ignore[type-var]


def test_the_sample_decodes_at_the_width_a_phone_shows_well() -> None:
    image = _decode(render_standings(league_standings()))
    assert image.width == WIDTH == 720
    assert image.height == layout(league_standings()).height
    assert 500 < image.height < 800


def test_the_height_grows_with_the_rows_up_to_the_cap() -> None:
    heights = [
        _decode(render_standings(_picture([f"player {i}" for i in range(n)]))).height
        for n in (1, 2, 8, 16, MAX_ROWS)
    ]
    assert heights == sorted(set(heights))
    many = _picture([f"player {i}" for i in range(MAX_ROWS + 8)], footer="and 8 more")
    capped = _picture([f"player {i}" for i in range(MAX_ROWS)], footer="and 8 more")
    assert layout(many).shown == MAX_ROWS
    assert _decode(render_standings(many)).size == _decode(render_standings(capped)).size
    # A longer footer takes more lines, never more width.
    long_footer = _picture(["a", "b"], footer="tie-breaks " * 30)
    assert len(layout(long_footer).footer_lines) > 1
    assert layout(long_footer).height > layout(_picture(["a", "b"], footer="x")).height


def test_a_long_name_is_cut_inside_its_column() -> None:
    long = "Sir Reginald Fortescue-Whitmore of the Eastern Marches"
    names = [long, "Mei", "Ana"]
    lay = layout(_picture(names))
    wide = _decode(render_standings(_picture(names)))
    short = _decode(render_standings(_picture(["S", "Mei", "Ana"])))
    left, right = lay.columns[1]
    top, bottom = lay.rows_top, lay.rows_top + lay.row_height
    # Outside the name's column the row is the same pixels as with a one-letter name.
    for box in ((0, top, int(left), bottom), (int(right) + 1, top, WIDTH, bottom)):
        assert wide.crop(box).tobytes() == short.crop(box).tobytes()
    # The name's ink runs to near the column's edge, and stops before it.
    ink = _ink_columns(wide, (int(left), top, int(right) + 1, bottom))
    assert ink
    assert right - 3 * lay.size < max(ink) < right


def test_numbers_are_right_aligned_and_names_left() -> None:
    picture = league_standings()
    lay = layout(picture)
    assert lay.align[:2] == ("m", "l")
    assert set(lay.align[2:]) == {"r"}
    image = _decode(render_standings(picture))
    points = picture.headers.index("Pts")
    left, right = lay.columns[points]
    edge = right - lay.size * INSET
    starts = []
    for r in (0, 7):  # "15" and "1": both end at the column's inset (less the glyph's bearing)
        top = lay.rows_top + r * lay.row_height
        ink = _ink_columns(image, (int(left), top, int(right), top + lay.row_height))
        assert edge - lay.size * 0.35 <= max(ink) <= edge  # '1' has a wide bearing
        starts.append(min(ink))
    assert starts[1] - starts[0] > lay.size * 0.3


def test_the_top_three_wear_medals_and_rows_are_shaded_alternately() -> None:
    picture = league_standings()
    lay = layout(picture)
    image = _decode(render_standings(picture))
    rank_x = sum(lay.columns[0]) / 2
    for r in range(4):
        centre_y = lay.rows_top + (r + 0.5) * lay.row_height
        edge = pixel(image, (rank_x - lay.size * 0.6, centre_y))  # inside the disc, off the digit
        if r < 3:
            assert max(abs(a - b) for a, b in zip(edge, MEDALS[r + 1], strict=True)) < 12
        else:
            assert edge in (BACKGROUND, SHADE)
    for r in range(len(picture.rows)):
        y = lay.rows_top + (r + 0.5) * lay.row_height
        assert pixel(image, (WIDTH - 3, y)) == (SHADE if r % 2 else BACKGROUND)


def test_portuguese_accents_are_drawn_not_stood_in_for() -> None:
    name = "Conceição Ávila"
    assert shown(name) == name
    assert shown("Rodada 3 de 5 · Samurai Battles") == "Rodada 3 de 5 · Samurai Battles"
    # The font has the letters: 'ç' and 'ã' are as wide as 'c' and 'a', and unlike the
    # missing-glyph box.
    face = font(28)
    assert face.getlength("ç") == face.getlength("c")
    assert face.getlength("ã") == face.getlength("a")
    assert face.getmask("ã").getbbox() != face.getmask("\uffff").getbbox()
    headers = ("#", "Jogador", "J", "V", "E", "D", "Pts")
    accented = StandingsPicture("Liga de Outono — classificação", "Rodada 3 de 5", headers,
                                (("1", name, "3", "3", "0", "0", "9"),))
    plain = StandingsPicture("Liga de Outono — classificacao", "Rodada 3 de 5", headers,
                             (("1", "Conceicao Avila", "3", "3", "0", "0", "9"),))
    a, p = _decode(render_standings(accented)), _decode(render_standings(plain))
    assert a.size == p.size
    assert a.tobytes() != p.tobytes()
    # A script the font lacks gets a stand-in rather than empty boxes.
    assert shown("織田") == "??"


def test_the_bytes_are_the_same_every_time() -> None:
    assert render_standings(league_standings()) == render_standings(league_standings())


def test_rows_must_match_the_headings() -> None:
    with pytest.raises(ValueError):
        layout(StandingsPicture("t", "s", HEADERS, (("1", "ana"),)))
    with pytest.raises(ValueError):
        layout(StandingsPicture("t", "s", ("#",), ()))
    empty = _decode(render_standings(StandingsPicture("t", "s", HEADERS, ())))
    assert empty.width == WIDTH
