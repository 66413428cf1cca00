"""renderers/png.py: the palette PNG whose zlib stream is laid out of cached bands.

Every system's demo boards are written and read back with Pillow: the pixels must be
the ones Pillow's own encoder gives, and the bytes must fit the upload budget. A board
that differs from an earlier one in one band compresses that band only.
"""

from __future__ import annotations

import io
import struct
import zlib
from functools import cache

import pytest
from PIL import Image

from bench.positions import system_boards
from renderers import BOARD_WIDTH, board_palette, layers, png, render_image, render_png
from rules.core.board import HexBoardView, TabletopView

SYSTEMS = ("samurai", "wh40k", "fantasy_warriors", "bushido")
BUDGET = png.BUDGET


@cache
def _palette_images(system_id: str) -> tuple[Image.Image, ...]:
    views = system_boards(system_id)
    return tuple(render_image(v).quantize(palette=board_palette(v), dither=Image.Dither.NONE)
                 for v in views)


def _pillow(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def _chunks(data: bytes) -> list[bytes]:
    kinds, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kinds.append(data[at + 4 : at + 8])
        at += 12 + length
    return kinds


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_written_png_is_the_four_chunks_of_a_palette_png() -> None:
    data = png.write_png(_palette_images("samurai")[0])
    assert data[:8] == png.SIGNATURE
    assert _chunks(data) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_written_png_decodes_to_pillows_own_pixels(system_id: str) -> None:
    images = _palette_images(system_id)
    for image in images[:: max(1, len(images) // 8)]:
        ours, theirs = _decoded(png.write_png(image)), _decoded(_pillow(image))
        assert ours.mode == "P" and ours.size == theirs.size
        assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_demo_board_fits_the_upload_budget(system_id: str) -> None:
    for view in system_boards(system_id):
        assert len(render_png(view)) <= BUDGET


def test_a_board_over_the_budget_is_drawn_narrower_until_it_fits(
    monkeypatch: pytest.MonkeyPatch, samurai: HexBoardView
) -> None:
    whole = render_png(samurai)
    assert _decoded(whole).width == BOARD_WIDTH == 1080
    # Under what even the whole picture compresses to at 1,080 (about 47.9 KB), over
    # what 972 pixels take in bands (about 45.4 KB).
    monkeypatch.setattr(png, "BUDGET", len(whole) * 9 // 10)
    narrower = _decoded(render_png(samurai))
    assert narrower.width == 972  # one tenth narrower fits
    monkeypatch.setattr(png, "BUDGET", 1000)  # nothing fits: the narrowest is posted
    assert _decoded(render_png(samurai)).width == 800


def test_a_board_just_over_the_budget_has_a_few_bands_compressed_denser(
    monkeypatch: pytest.MonkeyPatch, samurai: HexBoardView
) -> None:
    usual = render_png(samurai)
    monkeypatch.setattr(png, "BUDGET", len(usual) - 200)
    layers.FRAMES.clear()
    squeezed = render_png(samurai)
    # It fits at the same width, and only just: every band denser would be some 3 KB smaller.
    assert len(usual) - 1200 < len(squeezed) <= png.BUDGET
    assert _decoded(squeezed).tobytes() == _decoded(usual).tobytes()
    assert zlib.decompress(_idat(squeezed)) == zlib.decompress(_idat(usual))


def test_a_board_too_far_over_the_budget_is_not_tried_denser(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    image = _palette_images("samurai")[0]
    bands, checks = png.frame_bands(image, (), (), ())
    size = len(png.board_png(image, bands, checks))
    monkeypatch.setattr(png, "BUDGET", int(size * (1 - png.MOST_SAVED)) - 500)
    assert png.denser_bands(image, bands, (), ()) == (bands, ())  # nothing compressed
    monkeypatch.setattr(png, "BUDGET", int(size * (1 - png.MOST_SAVED)) + 500)
    posted, denser = png.denser_bands(image, bands, (), ())
    assert sum(map(len, posted)) < sum(map(len, bands)) and denser  # tried, at least


def test_transparent_palette_entries_survive() -> None:
    image = Image.new("P", (40, 30), 0)
    image.putpalette([255, 255, 255, 200, 30, 30, 10, 10, 200])
    image.paste(1, (5, 5, 20, 20))
    image.paste(2, (22, 8, 35, 25))
    image.info["transparency"] = 0
    ours, theirs = _decoded(png.write_png(image)), _decoded(_pillow(image))
    assert ours.convert("RGBA").tobytes() == theirs.convert("RGBA").tobytes()


def test_the_standard_zlib_writes_the_bands_where_the_wheel_is_missing(
    monkeypatch: pytest.MonkeyPatch, samurai: HexBoardView, table: TabletopView
) -> None:
    views: list[HexBoardView | TabletopView] = [samurai, table]
    written = [render_png(view) for view in views]
    monkeypatch.setattr(png, "_deflate", zlib)
    for view, fast in zip(views, written, strict=True):
        slow = render_png(view)
        assert _chunks(slow) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
        assert _decoded(slow).convert("RGB").tobytes() == _decoded(fast).convert("RGB").tobytes()


def _striped(height: int) -> Image.Image:
    image = Image.new("P", (90, height), 0)
    image.putpalette([240, 230, 200, 30, 30, 30, 200, 40, 40])
    for y in range(0, height, 3):
        image.paste(1, (y % 50, y, y % 50 + 30, y + 1))
    return image


def test_a_picture_is_one_zlib_stream_of_its_rows() -> None:
    rows = 5 * png.BAND_ROWS + 7
    picture = _striped(rows)
    data = png.write_png(picture)
    assert _decoded(data).tobytes() == picture.tobytes()
    assert zlib.decompressobj().decompress(_idat(data))  # one complete zlib stream


def test_a_picture_near_the_budget_is_compressed_denser(monkeypatch: pytest.MonkeyPatch) -> None:
    image = _palette_images("samurai")[0]
    usual = png.write_png(image)
    monkeypatch.setattr(png, "BUDGET", 1000)  # every picture is now "near" it
    denser = png.write_png(image)
    assert len(_idat(denser)) < len(_idat(usual))
    assert _decoded(denser).tobytes() == _decoded(usual).tobytes()


def _idat(data: bytes) -> bytes:
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            return data[at + 8 : at + 8 + length]
        at += 12 + length
    raise AssertionError("no IDAT chunk")


def test_only_palette_images_are_written() -> None:
    with pytest.raises(ValueError, match="palette"):
        png.write_png(Image.new("RGB", (4, 4)))
