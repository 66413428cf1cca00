"""The statistics picture (renderers/stats.py): bars cut in proportion, seat colours, charts,
a height that grows with its rows, the same bytes every time."""

from __future__ import annotations

import io

from PIL import Image

from renderers.colours import PALETTE, RGB
from renderers.standings import PAD
from renderers.stats import (
    BAR_HEIGHT,
    EMPTY,
    HEADING_SIZE,
    LABEL_SIZE,
    LINE,
    RESULT_COLOURS,
    WIDTH,
    Bar,
    BarSection,
    Chart,
    ChartSection,
    StatsPicture,
    render_stats,
    section_tops,
)

RESULTS = (("won", "Won"), ("drawn", "Drawn"), ("lost", "Lost"))


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def _bars(*bars: Bar, legend: tuple[tuple[str, str], ...] = RESULTS) -> StatsPicture:
    return StatsPicture("Alice: statistics", "31 games", (BarSection("Results", legend, bars),))


def _bar_middle(picture: StatsPicture, row: int = 0) -> int:
    """The y of the middle of a bar of the picture's first section."""
    top = section_tops(picture)[0][0] + round(HEADING_SIZE * 1.9)
    height = round(LABEL_SIZE * 1.5) + BAR_HEIGHT + 14
    return top + row * height + round(LABEL_SIZE * 1.5) + BAR_HEIGHT // 2


def _near(a: RGB, b: RGB) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 24


def _run(image: Image.Image, y: int, colour: RGB) -> int:
    """Count the pixels of a row near `colour`."""
    return sum(_near(image.getpixel((x, y)), colour)  # type: ignore[arg-type]
               for x in range(image.width))


def test_a_bar_is_cut_in_proportion_to_its_counts() -> None:
    picture = _bars(Bar("Samurai Battles", (6, 2, 0), "8 games"))
    image = _decode(render_stats(picture))
    assert image.width == WIDTH == 720
    y = _bar_middle(picture) - BAR_HEIGHT // 2 + 3  # above the counts written inside
    inner = WIDTH - 2 * PAD
    won = _run(image, y, RESULT_COLOURS["won"])
    drawn = _run(image, y, RESULT_COLOURS["drawn"])
    assert abs(won - inner * 6 / 8) <= 3
    assert abs(drawn - inner * 2 / 8) <= 3
    assert _run(image, y, RESULT_COLOURS["lost"]) == 0


def test_a_bar_of_nothing_is_drawn_empty() -> None:
    picture = _bars(Bar("Samurai Battles", (0, 0, 0)))
    image = _decode(render_stats(picture))
    assert _run(image, _bar_middle(picture), EMPTY) > (WIDTH - 2 * PAD) * 0.9


def test_a_scenarios_sides_take_their_own_colours() -> None:
    legend = (("seat:red", "Red won"), ("drawn", "Draws"), ("seat:blue", "Blue won"))
    picture = _bars(Bar("Games with a result", (3, 0, 1)), legend=legend)
    image = _decode(render_stats(picture))
    y = _bar_middle(picture) - BAR_HEIGHT // 2 + 3
    assert abs(_run(image, y, PALETTE["red"]) - (WIDTH - 2 * PAD) * 3 / 4) <= 3
    assert abs(_run(image, y, PALETTE["blue"]) - (WIDTH - 2 * PAD) / 4) <= 3


def test_the_height_grows_with_bars_and_charts() -> None:
    one = _bars(Bar("a", (1, 0, 0)))
    two = _bars(Bar("a", (1, 0, 0)), Bar("b", (0, 1, 0)))
    chart = StatsPicture("t", "s", (*one.sections, ChartSection(
        "Rating", "games", (Chart("Race", (1500.0, 1637.0), ("1500", "1637")),))))
    heights = [_decode(render_stats(p)).height for p in (one, two, chart)]
    assert heights == [section_tops(p)[1] for p in (one, two, chart)]
    assert heights[0] < heights[1] and heights[0] < heights[2]


def test_a_chart_draws_its_line_even_from_one_game() -> None:
    for values in ((1500.0,), (1500.0, 1637.0, 1580.0), (1500.0, 1500.0)):
        picture = StatsPicture("t", "s", (ChartSection(
            "Rating", "games", (Chart("Race", values, tuple(str(round(v)) for v in values)),)),))
        image = _decode(render_stats(picture))
        line = sum(_near(image.getpixel((x, y)), LINE)  # type: ignore[arg-type]
                   for x in range(0, WIDTH, 2) for y in range(0, image.height, 2))
        assert line > (10 if len(values) == 1 else 150)


def test_the_same_picture_gives_the_same_bytes() -> None:
    picture = _bars(Bar("Samurai Battles", (12, 3, 9), "24 games"))
    assert render_stats(picture) == render_stats(picture)
