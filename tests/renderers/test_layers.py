"""Boards drawn over the last one (renderers/layers.py) are the boards drawn whole.

Every demo position of every system is drawn in game order, each over the frame the
one before it left, and again from nothing; the PNG bytes must be the same, and the
pixels those of the whole picture mapped to the board's palette.
"""

from __future__ import annotations

import io
import itertools
import struct
import zlib
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image

import renderers
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


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> list[layers.Frame]:
    """The frames render_png keeps, in order."""
    frames: list[layers.Frame] = []
    keep = layers.keep

    def keeping(key: object, frame: layers.Frame, lineage: object = None) -> None:
        frames.append(frame)
        keep(key, frame, lineage)

    monkeypatch.setattr(layers, "keep", keeping)
    return frames


def test_the_stream_of_kept_bands_checks_out(kept: list[layers.Frame]) -> None:
    """zlib reads the whole stream, Adler-32 of the rows included, as the rows drawn."""
    clear_caches()
    views = _views("samurai")
    for view in views[:5]:
        data = render_png(view)
    rows = zlib.decompress(_idat(data))  # raises on a wrong Adler-32
    assert rows == kept[-1].indices.tobytes()
    assert png.inflate_bands(kept[-1].bands) == rows  # a compact frame's picture comes back


def _board(calls: list[Call], size: tuple[int, int] = (40, 30)) -> Board:
    carrier = Image.new("P", (1, 1))
    carrier.putpalette([0, 0, 0, 255, 255, 255, 200, 0, 0, 0, 0, 200])
    return Board("test", size, Image.new("RGB", (size[0], 20), (255, 255, 255)), (0, 0, 0),
                 tuple(calls), carrier)


def _frame(calls: list[Call]) -> bytes:
    frame = layers.draw(_board(calls))
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


def test_rows_drawn_again_the_same_are_not_counted_as_changed() -> None:
    """A call drawn again over pixels it leaves as they were changes no row: no band of
    those rows is compressed again; a call that does change some rows marks only those."""
    square: list[Call] = []
    Recorder(square).rectangle((2, 2, 20, 20), fill=(200, 0, 0))
    twice: list[Call] = []
    Recorder(twice).rectangle((2, 2, 20, 20), fill=(200, 0, 0))
    Recorder(twice).rectangle((4, 4, 18, 18), fill=(200, 0, 0))  # red on red: no change
    layers.FRAMES.clear()
    _frame(square)
    assert layers.draw(_board(twice)).dirty == ()
    stripe: list[Call] = []
    Recorder(stripe).rectangle((4, 6, 18, 9), fill=(0, 0, 200))
    assert layers.draw(_board(square + stripe)).dirty == ((6, 10),)


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


def test_kept_bands_are_only_those_of_rows_drawn_again(kept: list[layers.Frame]) -> None:
    clear_caches()
    view = _views("samurai")[40]
    render_png(view)
    render_png(view)  # the same board: nothing drawn, nothing compressed
    first, again = kept
    assert again.dirty == () and again.bands == first.bands
    assert all(a is b for a, b in zip(again.bands, first.bands, strict=True))
    assert png.BAND_ROWS > png.WINDOW_ROWS


def _posted_width(view: HexBoardView | TabletopView) -> int:
    return Image.open(io.BytesIO(_whole(view))).width


def _games(system_id: str, count: int, length: int) -> list[list[HexBoardView | TabletopView]]:
    """`count` games of a system, each `length` boards of the demo from its own point."""
    views = _views(system_id)
    step = len(views) // count
    return [list(views[g * step:g * step + length]) for g in range(count)]


def _interleaved(games: list[list[HexBoardView | TabletopView]]) -> list[tuple[int, bytes]]:
    """Draw the games' boards turn by turn, one game after another, each with its lineage."""
    out = []
    for turn in range(len(games[0])):
        for lineage, game in enumerate(games):
            out.append((lineage, render_png(game[turn], lineage=lineage)))
    return out


def _same_as_whole(games: list[list[HexBoardView | TabletopView]],
                   drawn: list[tuple[int, bytes]]) -> None:
    for i, (lineage, data) in enumerate(drawn):
        view = games[lineage][i // len(games)]
        assert data == _whole(view), f"game {lineage}, board {i // len(games)}"


@pytest.mark.parametrize("system_id", ["samurai", "fantasy_warriors"])
def test_games_played_at_once_are_each_drawn_over_their_own_last_board(system_id: str) -> None:
    games = _games(system_id, 4, 6)
    # A board's key is its map, size and sides: a longer panel makes a taller board, and
    # a busy one is posted narrower (drawn again).
    keys = [[renderers._board(v, _posted_width(v)).key for v in game] for game in games]
    follows = sum(a == b for game in keys for a, b in itertools.pairwise(game))
    assert follows >= 4 * 5 - 4
    clear_caches()
    drawn = _interleaved(games)
    info = layers.FRAMES.info()
    # Every board whose game's last board had its key is drawn over that game's own
    # frame; more games than hot frames, so each of those was compact, inflated again.
    assert info.own >= follows  # (a board drawn twice may find it on its first try)
    assert info.inflated >= follows
    _same_as_whole(games, drawn)


def test_a_game_whose_map_changed_is_drawn_over_its_new_maps_boards() -> None:
    samurai, bushido = _views("samurai"), _views("bushido")
    clear_caches()
    render_png(samurai[10], lineage="other")
    drawn = [render_png(samurai[3], lineage="game"), render_png(bushido[5], lineage="game"),
             render_png(samurai[4], lineage="game")]
    info = layers.FRAMES.info()
    assert info.own == 0  # its last frame was never of the map it drew next
    assert info.hits == 2  # the samurai boards over the newest samurai frame
    assert info.size == 2  # one a lineage: "game" holds its latest only
    for view, data in zip((samurai[3], bushido[5], samurai[4]), drawn, strict=True):
        assert data == _whole(view)


def test_frames_past_the_budget_go_and_their_games_draw_over_the_newest_of_the_map() -> None:
    games = _games("samurai", 6, 4)
    clear_caches()
    render_png(games[0][0], lineage=0)
    one = layers.FRAMES.info().bytes  # a hot frame
    try:
        budget = one * 13 // 10  # room for a hot frame and a compact one or two
        layers.FRAMES.resize(budget)
        drawn = _interleaved(games)
        info = layers.FRAMES.info()
        assert 1 < info.size < 6 and info.hot == 1 and info.bytes <= budget
        assert info.own < 6 * 3  # games whose frame went were drawn over another's
        # ...but over one of the map: a board misses only when no board of its key (map,
        # size, sides: a taller panel is another) was drawn before.
        keys = {renderers._board(v, _posted_width(v)).key for game in games for v in game}
        assert info.misses == len(keys)
        _same_as_whole(games, drawn)
        layers.FRAMES.resize(0)
        assert layers.FRAMES.info().size == 0
    finally:
        layers.FRAMES.resize(layers.FRAME_BYTES)


def _small(colour: tuple[int, int, int]) -> layers.Frame:
    """A small frame of the "test" map, its bands compressed as render_png keeps them."""
    calls: list[Call] = []
    Recorder(calls).rectangle((2, 2, 20, 20), fill=colour)
    layers.FRAMES.clear()
    frame = layers.draw(_board(calls))
    bands, checks = png.frame_bands(frame.indices, (), (), frame.dirty)
    return replace(frame, bands=bands, checks=checks)


def test_a_maps_newest_frame_is_the_newest_kept_after_one_goes() -> None:
    frames = layers.Frames(budget=10**9, hot=1)
    palette = _board([]).palette
    assert palette is not None
    red, blue = _small((200, 0, 0)), _small((0, 0, 200))
    frames.put("test", "red", red)
    frames.put("test", "blue", blue)  # red's picture dropped: compact
    frames.put("other", "blue", red)  # the blue game's map changed: its "test" frame went
    found = frames.find("test", None, palette)  # the newest of "test" left: red's
    assert found is not None and found.indices.tobytes() == red.indices.tobytes()
    assert found.indices.getpalette() == red.indices.getpalette()
    info = frames.info()
    assert (info.inflated, info.size, info.hot, info.own) == (1, 2, 1, 0)
    again = frames.find("test", "blue", palette)  # its own frame is of another map now
    assert again is not None and again.indices.tobytes() == red.indices.tobytes()
    assert frames.info().own == 0
    own = frames.find("other", "blue", palette)
    assert own is not None and frames.info().own == 1


def test_a_frame_without_bands_is_dropped_when_it_cools() -> None:
    frames = layers.Frames(budget=10**9, hot=1)
    bare = replace(_small((200, 0, 0)), bands=(), checks=())
    frames.put("test", "bare", bare)
    frames.put("test", "next", _small((0, 0, 200)))
    assert frames.info().size == 1  # a picture it could not rebuild is not kept


def test_a_hot_picture_is_handed_over_and_its_frame_still_drawn_over_after() -> None:
    frames = layers.Frames(budget=10**9, hot=2)
    palette = _board([]).palette
    assert palette is not None
    red = _small((200, 0, 0))
    frames.put("test", "red", red)
    taken = frames.find("test", "red", palette)
    assert taken is not None and taken.indices is red.indices  # not copied
    info = frames.info()
    assert (info.hot, info.inflated) == (0, 0) and info.bytes < _hot_cost(red)
    taken.indices.paste(3, (0, 0, 10, 10))  # a draw that fails half way: never put
    again = frames.find("test", "red", palette)  # a second thread's, or the next board's
    assert again is not None and again.indices is not taken.indices
    assert again.indices.tobytes() == _small((200, 0, 0)).indices.tobytes()
    assert frames.info().inflated == 1


def test_a_hot_picture_without_bands_is_copied_not_handed_over() -> None:
    frames = layers.Frames(budget=10**9, hot=2)
    palette = _board([]).palette
    assert palette is not None
    bare = replace(_small((200, 0, 0)), bands=(), checks=())
    frames.put("test", "bare", bare)
    found = frames.find("test", "bare", palette)
    assert found is not None and found.indices is not bare.indices
    assert found.indices.tobytes() == bare.indices.tobytes() and frames.info().hot == 1


def _hot_cost(frame: layers.Frame) -> int:
    """What a hot frame counts for in the kept frames' bytes."""
    frames = layers.Frames(budget=10**9)
    frames.put("test", None, frame)
    return frames.info().bytes
