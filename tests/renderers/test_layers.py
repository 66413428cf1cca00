"""Boards drawn over the last one (renderers/layers.py) are the boards drawn whole.

Every demo position of every system is drawn in game order, each over the frame the
one before it left, and again from nothing; the PNG bytes must be the same, and the
pixels those of the whole picture mapped to the board's palette.
"""

from __future__ import annotations

import io
import struct
import zlib
from functools import cache

import pytest
from PIL import Image

from bench.positions import system_boards
from renderers import board_palette, clear_caches, layers, png, render_image, render_png
from renderers.canvas import Canvas
from renderers.layers import Board, Call, Recorder
from rules.core.board import HexBoardView, TabletopView

SYSTEMS = ("samurai", "bushido", "wh40k", "fantasy_warriors")


@cache
def _views(system_id: str) -> tuple[HexBoardView | TabletopView, ...]:
    return tuple(system_boards(system_id))


def _whole(view: HexBoardView | TabletopView) -> bytes:
    layers.FRAMES.clear()  # no last frame: drawn from nothing
    return render_png(view)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_demo_board_drawn_over_the_last_is_the_board_drawn_whole(system_id: str) -> None:
    views = _views(system_id)
    clear_caches()
    over_last = [render_png(view) for view in views]
    assert layers.FRAMES.info().hits >= len(views) * 0.9  # most drawn over a kept frame
    for i, (view, drawn) in enumerate(zip(views, over_last, strict=True)):
        assert drawn == _whole(view), f"{system_id} position {i}"


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_board_drawn_over_one_far_from_it_is_the_same(system_id: str) -> None:
    """Backwards and skipping: the last frame differs from the board in many places."""
    views = _views(system_id)[::-7]
    clear_caches()
    for i, view in enumerate(views):
        assert render_png(view) == _whole(view) or i == 0
        render_png(views[(i * 5) % len(views)])  # the next one is drawn over another


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_pixels_are_the_whole_picture_in_the_boards_palette(system_id: str) -> None:
    clear_caches()
    for view in _views(system_id)[::9]:
        decoded = Image.open(io.BytesIO(render_png(view)))
        decoded.load()
        width = decoded.width
        whole = render_image(view, width).quantize(palette=board_palette(view, width),
                                                   dither=Image.Dither.NONE)
        assert decoded.tobytes() == whole.tobytes()


def _idat(data: bytes) -> bytes:
    at, out = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        if data[at + 4:at + 8] == b"IDAT":
            out += data[at + 8:at + 8 + length]
        at += 12 + length
    return out


def test_the_stream_of_kept_bands_checks_out() -> None:
    """zlib reads the whole stream, Adler-32 of the rows included, as the rows drawn."""
    clear_caches()
    views = _views("samurai")
    for view in views[:5]:
        data = render_png(view)
    rows = zlib.decompress(_idat(data))  # raises on a wrong Adler-32
    frame = next(reversed(layers.FRAMES._items.values()))  # the last drawn
    assert rows == frame.indices.tobytes()


def _board(calls: list[Call], size: tuple[int, int] = (40, 30)) -> Board:
    carrier = Image.new("P", (1, 1))
    carrier.putpalette([0, 0, 0, 255, 255, 255, 200, 0, 0, 0, 0, 200])
    return Board("test", size, Image.new("RGB", (size[0], 20), (255, 255, 255)), (0, 0, 0),
                 tuple(calls), carrier)


def _frame(calls: list[Call]) -> bytes:
    _, frame = layers.draw(_board(calls))
    layers.keep("test", frame)
    return frame.indices.tobytes()


def test_a_piece_under_one_that_moved_away_is_drawn_again() -> None:
    """The dirty box grows by every call that touches it, so what lay under comes back."""
    under: list[Call] = []
    Recorder(under).rectangle((2, 2, 20, 20), fill=(200, 0, 0))
    over: list[Call] = []
    Recorder(over).rectangle((10, 10, 30, 18), fill=(0, 0, 200))
    moved: list[Call] = []
    Recorder(moved).rectangle((22, 0, 38, 8), fill=(0, 0, 200))
    layers.FRAMES.clear()
    _frame(under + over)
    after = _frame(under + moved)
    layers.FRAMES.clear()
    assert after == _frame(under + moved)


def test_the_recorder_refuses_a_drawing_it_cannot_replay() -> None:
    calls: list[Call] = []
    with pytest.raises(AttributeError):
        Recorder(calls).pieslice((0, 0, 10, 10), 0, 90, fill=(0, 0, 0))
    assert calls == []


def test_a_replayed_call_is_the_drawing_itself() -> None:
    calls: list[Call] = []
    recorder = Recorder(calls)
    recorder.polygon([(3, 3), (30, 5), (12, 25)], fill=(200, 0, 0), outline=(0, 0, 0), width=3)
    recorder.line([(0, 29), (39, 0)], fill=(0, 0, 200), width=4, joint="curve")
    drawn = Image.new("RGB", (40, 30), (255, 255, 255))
    direct = Canvas(drawn)
    direct.polygon([(3, 3), (30, 5), (12, 25)], fill=(200, 0, 0), outline=(0, 0, 0), width=3)
    direct.line([(0, 29), (39, 0)], fill=(0, 0, 200), width=4, joint="curve")
    replayed = Image.new("RGB", (40, 30), (255, 255, 255))
    layers.replay(calls, replayed)
    assert replayed.tobytes() == drawn.tobytes()
    for call in calls:  # and each stays inside its box
        alone = Image.new("RGB", (40, 30), (255, 255, 255))
        layers.replay([call], alone)
        box = alone.point(lambda v: 255 - v).getbbox()
        assert box is not None
        assert call.box[0] <= box[0] and call.box[1] <= box[1]
        assert box[2] <= call.box[2] and box[3] <= call.box[3]


def test_kept_bands_are_only_those_of_rows_drawn_again() -> None:
    clear_caches()
    view = _views("samurai")[40]
    render_png(view)
    first = next(reversed(layers.FRAMES._items.values()))
    render_png(view)  # the same board: nothing drawn, nothing compressed
    again = next(reversed(layers.FRAMES._items.values()))
    assert again.dirty == () and again.bands == first.bands
    assert all(a is b for a, b in zip(again.bands, first.bands, strict=True))
    assert png.BAND_ROWS > png.WINDOW_ROWS
