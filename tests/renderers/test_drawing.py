"""Shared drawing pieces: text fallbacks, colours, the panel, the layer cache."""

from __future__ import annotations

import threading

import pytest
from PIL import Image

from renderers.caches import LayerCache
from renderers.canvas import Canvas
from renderers.colours import INK, PALETTE, RGB, WHITE, contrast, readable_on, side_colour
from renderers.lettering import _FACE, draw_text, fit_text, font, printable, text_width
from renderers.panels import PANEL_BG, draw_panel, panel_height
from rules.core.board import Panel, PanelLine


def test_characters_the_font_lacks_get_readable_stand_ins() -> None:
    assert printable("Turn 3 \u2014 Blue \u00bd") == "Turn 3 - Blue 1/2"
    # The shipped Roboto face has Portuguese accents, so they stay.
    assert printable("A\u00e7\u00e3o Vermelho") == "A\u00e7\u00e3o Vermelho"
    assert printable("plain ascii") == "plain ascii"
    assert printable("\u4e00") == "?"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [("blue", PALETTE["blue"]), ("#102030", (16, 32, 48)), ("Red", PALETTE["red"])],
)
def test_side_colours_read_names_and_hex(spec: str, expected: RGB) -> None:
    assert side_colour("x", {"x": spec}) == expected


def test_unnamed_sides_get_distinct_stable_colours() -> None:
    sides = {"Takeda": "", "Uesugi": ""}
    a, b = side_colour("Takeda", sides), side_colour("Uesugi", sides)
    assert a != b
    assert a == side_colour("Takeda", sides)


def test_readable_on_reaches_contrast() -> None:
    yellow = PALETTE["yellow"]
    assert contrast(readable_on(yellow, PANEL_BG), PANEL_BG) >= 4.5


def _panel_image(panel: Panel, width: int = 900) -> Image.Image:
    h = panel_height(panel, width)
    img = Image.new("RGB", (width, h), (255, 0, 255))
    draw_panel(Canvas(img), panel, {"Blue": "blue", "Red": "red"}, 0, width)
    return img


def test_panel_lines_are_drawn_and_tinted() -> None:
    empty = Panel(title="Turn 1")
    full = Panel(
        title="Turn 1",
        lines=(
            PanelLine(text="Cards  Blue 5  Red 5"),
            PanelLine(text="Red lost a unit", side="Red"),
        ),
    )
    assert panel_height(full, 900) > panel_height(empty, 900)
    img = _panel_image(full)
    title_h = round(panel_height(empty, 900) * 0.6)
    lines = img.crop((0, title_h, img.width, img.height))
    colours = {c for _, c in lines.getcolors(img.width * img.height) or []}
    assert INK in colours  # plain text
    assert side_colour("Red", {"Red": "red"}) in colours  # the side swatch
    assert readable_on(side_colour("Blue", {"Blue": "blue"}), PANEL_BG) in colours


def test_empty_panel_takes_no_room() -> None:
    assert panel_height(Panel(title=""), 1200) == 0


def test_layer_cache_counts_and_bounds() -> None:
    cache = LayerCache(maxsize=2)
    built: list[str] = []

    def build(name: str) -> Image.Image:
        built.append(name)
        return Image.new("RGB", (4, 4))

    a = cache.get("a", lambda: build("a"))
    assert cache.get("a", lambda: build("a")) is a
    cache.get("b", lambda: build("b"))
    cache.get("c", lambda: build("c"))  # evicts "a", the least recently used
    cache.get("a", lambda: build("a"))
    assert built == ["a", "b", "c", "a"]
    info = cache.info()
    assert (info.hits, info.misses, info.size, info.maxsize) == (1, 4, 2, 2)


def test_text_sprites_match_direct_drawing() -> None:
    direct = Image.new("RGB", (120, 60), WHITE)
    direct_draw = Canvas(direct)
    direct_draw.text((60, 30), "U3", font=font(28), fill=INK, anchor="mm")
    pasted = Image.new("RGB", (120, 60), WHITE)
    draw_text(Canvas(pasted), (60, 30), "U3", 28, INK)
    assert direct.tobytes() == pasted.tobytes()


def test_fonts_are_per_thread() -> None:
    mine = font(20)
    theirs: list[object] = []
    t = threading.Thread(target=lambda: theirs.append(font(20)))
    t.start()
    t.join()
    assert theirs[0] is not mine
    assert font(20) is mine


def test_cut_text_ends_with_an_ellipsis_when_the_font_has_one() -> None:
    long = "U6 5/5 Terminator Squad"
    cut = fit_text(long, 20, 150, bold=True)
    assert len(cut) < len(long) and text_width(cut, 20, bold=True) <= 150
    mark = "\u2026" if printable("\u2026") == "\u2026" else "."
    assert cut.endswith(mark) and not cut.endswith(" " + mark)
    assert long.startswith(cut[:-1])
    if _FACE:  # Roboto has the ellipsis; the ASCII fallback font cuts with '.'
        assert mark == "\u2026"
    assert fit_text("U6", 20, 150) == "U6"


def test_polygons_are_drawn_as_pillow_draws_them() -> None:
    # Canvas keeps one blank mask for wide outlines instead of a new image-sized one each
    # time: the pixels must be Pillow's own, polygon after polygon, on RGB and blended.
    import random

    from PIL import ImageDraw

    rng = random.Random(7)
    for mode in (None, "RGBA"):
        ours = Image.new("RGB", (160, 120), (236, 232, 220))
        theirs = ours.copy()
        canvas, pillow = Canvas(ours, mode), ImageDraw.Draw(theirs, mode)
        for _ in range(60):
            corners = [(rng.uniform(-20, 180), rng.uniform(-20, 140))
                       for _ in range(rng.randint(3, 6))]
            fill = rng.choice([None, (200, 30, 30), (20, 90, 200, 128)])
            outline = rng.choice([None, INK, (20, 90, 200)])
            width = rng.choice([0, 1, 2, 3, 5])
            canvas.polygon(corners, fill=fill, outline=outline, width=width)
            pillow.polygon(corners, fill=fill, outline=outline, width=width)
        assert ours.tobytes() == theirs.tobytes()


def test_a_line_is_as_wide_as_it_is_drawn() -> None:
    # Measured and drawn alike: a line set from its left end and the same line set
    # from its measured right end are the same pixels.
    lines = [
        "Takeda: name up to 2 pieces to order with Order Two Units Right",
        "C5 Bowmen: TAKE AND HOLD (OPPOSE) -> O4 The Greywater (contact)",
        "Card: Order Three Units Right (Takeda)",
        "Turno 3 de 8: Sul se move, Norte espera",
    ]
    for line in lines:
        for size in (17, 20, 23):
            width = text_width(line, size)
            left = Image.new("RGB", (1400, 40), (255, 255, 255))
            right = left.copy()
            draw_text(Canvas(left), (10.25, 20), line, size, (0, 0, 0), anchor="lm")
            draw_text(Canvas(right), (10.25 + width, 20), line, size, (0, 0, 0),
                        anchor="rm")
            assert left.tobytes() == right.tobytes(), (line, size)
