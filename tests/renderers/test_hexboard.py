"""The hex board: pieces where their hexes are, flipped boards, highlights, caching."""

from __future__ import annotations

import math

from PIL import Image

from renderers import hexboard, hexlayout, render_image, terrain
from renderers.colours import BATTLE_RED, HIGHLIGHT, INK, luminance, mix, side_colour
from rules.core.board import Arrow, HexBoardView, HexMarker, Terrain

from .helpers import count, dominant, near, pixel

W = 1200


def _bare(**changes: object) -> HexBoardView:
    base = HexBoardView(
        static_key="test/bare",
        cols=13,
        rows=9,
        section_lines=(4.0, 8.0),
        sides={"Blue": "blue", "Red": "red"},
    )
    return base.model_copy(update=changes)


def test_marker_at_its_hex_centre_is_in_the_side_colour(samurai: HexBoardView) -> None:
    img = render_image(samurai, W)
    lay = hexlayout.HexLayout.of(samurai, W)
    blue, red = side_colour("Blue", samurai.sides), side_colour("Red", samurai.sides)
    assert dominant(img, lay.centre("C8"), 14) == blue
    assert dominant(img, lay.centre("D2"), 14) == red
    # An empty open hex stays terrain-coloured.
    assert dominant(img, lay.centre("A1"), 14) == terrain.OPEN.fill


def test_flipped_board_puts_a_marker_at_the_mirrored_position(
    samurai: HexBoardView, samurai_flipped: HexBoardView
) -> None:
    normal = render_image(samurai, W)
    flipped = render_image(samurai_flipped, W)
    board_h = hexlayout.HexLayout.of(samurai, W).height
    x, y = hexlayout.HexLayout.of(samurai, W).centre("C8")
    mirrored = hexlayout.HexLayout.of(samurai_flipped, W).centre("C8")
    assert mirrored == (W - x, board_h - y)
    blue = side_colour("Blue", samurai.sides)
    assert dominant(flipped, mirrored, 14) == blue
    assert dominant(normal, (x, y), 14) == blue
    # C8's spot on the flipped board shows the hex opposite it, J2, with Red's U5.
    assert dominant(flipped, (x, y), 14) == side_colour("Red", samurai.sides)
    assert normal.size == flipped.size


def test_flipped_board_keeps_labels_upright() -> None:
    # Hex names are drawn from one upright sprite, so the name pixels of A1 on the
    # normal board equal those of A1 on the flipped board, translated.
    lay = hexlayout.HexLayout.of(_bare(), W)
    lay_f = hexlayout.HexLayout.of(_bare(flipped=True), W)
    a, b = render_image(_bare(), W), render_image(_bare(flipped=True), W)

    size = terrain.coordinate_size(lay)

    def name_ink(img: Image.Image, c: tuple[float, float]) -> bytes:
        x, y = (round(v) for v in terrain.coordinate_spot(lay, c))
        box = img.crop((x - size, y - size * 3 // 4, x + size, y + size * 3 // 4)).convert("L")
        # The glyphs' cores: their edges blend with the grid lines under the name.
        return box.point(lambda v: 255 if v < 100 else 0).tobytes()

    upright = name_ink(a, lay.centre("B5"))
    assert upright.count(255) > 20
    assert name_ink(b, lay_f.centre("B5")) == upright


def test_static_layer_is_drawn_once_and_reused(samurai: HexBoardView) -> None:
    render_image(samurai, W)
    render_image(samurai.model_copy(update={"markers": samurai.markers[:3]}), W)
    info = terrain.CACHE.info()
    assert (info.misses, info.hits) == (1, 1)
    assert terrain.static_layer(samurai, W) is terrain.static_layer(samurai, W)
    render_image(samurai, 800)
    render_image(samurai.model_copy(update={"flipped": True}), W)
    assert terrain.CACHE.info().misses == 3


def test_changed_terrain_under_the_same_key_is_not_served_stale(samurai: HexBoardView) -> None:
    first = terrain.static_layer(samurai, W)
    burnt = samurai.model_copy(
        update={"terrain": (*samurai.terrain, Terrain(hex="A1", kind="hill"))}
    )
    assert terrain.static_layer(burnt, W) is not first


def test_rendering_never_mutates_the_cached_layer(samurai: HexBoardView) -> None:
    layer = terrain.static_layer(samurai, W)
    before = layer.tobytes()
    one = render_image(samurai, W)
    two = render_image(samurai, W)
    assert layer.tobytes() == before
    assert one.tobytes() == two.tobytes()


def test_highlight_draws_a_bright_ring() -> None:
    plain = _bare(markers=(HexMarker(hex="F5", side="Blue", shape="circle", label="U1"),))
    lit = _bare(
        markers=(HexMarker(hex="F5", side="Blue", shape="circle", label="U1", highlight=True),)
    )
    lay = hexlayout.HexLayout.of(plain, W)
    x, y = lay.centre("F5")
    box = (
        round(x - lay.hex_w / 2),
        round(y - lay.size),
        round(x + lay.hex_w / 2),
        round(y + lay.size),
    )
    a, b = render_image(plain, W), render_image(lit, W)
    assert a.crop(box).tobytes() != b.crop(box).tobytes()
    assert count(a, box, HIGHLIGHT) == 0
    assert count(b, box, HIGHLIGHT) > lay.hex_w * 3  # all the way round the hex
    # Outside the hex nothing changes.
    assert (
        a.crop((0, 0, box[0] - 4, a.height)).tobytes()
        == b.crop((0, 0, box[0] - 4, b.height)).tobytes()
    )


def test_faded_piece_is_dimmer_than_a_live_one() -> None:
    view = _bare(
        markers=(
            HexMarker(hex="C5", side="Red", shape="circle", label="U1"),
            HexMarker(hex="H5", side="Red", shape="circle", label="U2", faded=True),
        )
    )
    img = render_image(view, W)
    lay = hexlayout.HexLayout.of(view, W)
    red = side_colour("Red", view.sides)
    live, faded = dominant(img, lay.centre("C5"), 14), dominant(img, lay.centre("H5"), 14)
    assert live == red
    assert faded != red
    assert luminance(faded) > luminance(red)


def test_arrows_are_drawn_along_their_lines() -> None:
    view = _bare(
        arrows=(
            Arrow(start="B2", end="E2", kind="battle"),
            Arrow(start="B6", end="H6", kind="retreat"),
            Arrow(start="B8", end="E8", kind="move"),
        )
    )
    img = render_image(view, W)
    lay = hexlayout.HexLayout.of(view, W)

    def mid(a: str, b: str, t: float = 0.5) -> tuple[float, float]:
        (x0, y0), (x1, y1) = lay.centre(a), lay.centre(b)
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    assert pixel(img, mid("B2", "E2")) == BATTLE_RED
    assert pixel(img, mid("B8", "E8")) == INK
    # A retreat is dashed: along its line some points are arrow-coloured, some not.
    along = [pixel(img, mid("B6", "H6", t / 40)) for t in range(8, 30)]
    orange = hexboard._ARROW_INK["retreat"]
    assert orange in along
    assert sum(1 for c in along if c != orange) >= 4


def test_two_pieces_in_one_hex_are_both_drawn() -> None:
    view = _bare(
        markers=(
            HexMarker(hex="F5", side="Blue", shape="circle", label="U1"),
            HexMarker(hex="F5", side="Blue", shape="star", label="L1", leader="L1"),
        )
    )
    img = render_image(view, W)
    lay = hexlayout.HexLayout.of(view, W)
    x, y = lay.centre("F5")
    blue = side_colour("Blue", view.sides)
    r = lay.hex_w * 0.345
    assert near(dominant(img, (x - r * 0.55, y), 10), blue)
    assert near(dominant(img, (x + r * 0.55, y), 10), blue)


def test_unknown_hex_names_and_terrain_are_skipped_not_fatal() -> None:
    view = _bare(
        terrain=(Terrain(hex="??", kind="forest"), Terrain(hex="C3", kind="lava")),
        markers=(HexMarker(hex="nowhere", side="Green", shape="diamond", label="X"),),
        arrows=(Arrow(start="A1", end="??"),),
        areas=(("Camp", ("F9", "bad")),),
    )
    img = render_image(view, W)
    assert img.width == W


def test_board_without_short_rows_fits_the_width() -> None:
    view = _bare(cols=12, rows=8, short_odd_rows=False, section_lines=())
    lay = hexlayout.HexLayout.of(view, W)
    img = render_image(
        view.model_copy(
            update={"markers": (HexMarker(hex="L2", side="Red", shape="square", label="U1"),)}
        ),
        W,
    )
    x, _ = lay.centre("L2")  # the last hex of a long odd row
    assert x + lay.hex_w / 2 <= W - lay.margin_x + 1
    assert dominant(img, lay.centre("L2"), 12) == side_colour("Red", view.sides)


def test_area_is_outlined_round_its_outside_edges() -> None:
    view = _bare(areas=(("Camp", ("F5", "G5")),))
    img = render_image(view, W)
    lay = hexlayout.HexLayout.of(view, W)
    (fx, fy), (gx, _) = lay.centre("F5"), lay.centre("G5")
    edge_colour = (150, 96, 20)
    # The shared edge between F5 and G5 is inside the area: no outline there.
    assert pixel(img, ((fx + gx) / 2, fy)) != edge_colour
    # F5's left edge faces outside.
    assert pixel(img, (fx - lay.hex_w / 2 + lay.hex_w * 0.03, fy)) == edge_colour


def _changed_centre(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Return the mean position of the pixels that differ between two pictures."""
    from PIL import ImageChops

    mask = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 24 else 0)
    xs = ys = n = 0
    w = mask.width
    for i, v in enumerate(mask.tobytes()):
        if v:
            xs += i % w
            ys += i // w
            n += 1
    assert n > 0, "the pointer changed no pixels"
    return (xs / n, ys / n)


def test_a_pointer_marks_the_rim_toward_its_neighbour() -> None:
    from rules.core.hexgrid import Hex, neighbours

    for flipped in (False, True):
        view = _bare(flipped=flipped)
        lay = hexlayout.HexLayout.of(view, W)
        piece = HexMarker(hex="E5", side="Red", shape="circle", label="W1")
        plain = render_image(view.model_copy(update={"markers": (piece,)}), W)
        c = lay.centre("E5")
        around = [n.label for n in neighbours(Hex.parse("E5"))]
        for k, toward in enumerate(around):
            pointed = piece.model_copy(update={"pointers": (k,)})
            img = render_image(view.model_copy(update={"markers": (pointed,)}), W)
            x, y = _changed_centre(plain, img)
            # The change lies toward neighbour k and nearer it than to any other.
            nearest = min(around, key=lambda h: math.dist((x, y), lay.centre(h)))
            assert nearest == toward, (flipped, k, nearest)
            assert math.dist((x, y), c) > lay.hex_w * 0.3
            # Dark ink on the rim, over the hex side of the piece's edge.
            n = lay.centre(toward)
            d = math.dist(c, n)
            rim = (c[0] + (n[0] - c[0]) * 0.345 * 1.2 * lay.hex_w / d,
                   c[1] + (n[1] - c[1]) * 0.345 * 1.2 * lay.hex_w / d)
            assert near(pixel(img, rim), INK, 30)
            assert not near(pixel(plain, rim), INK, 30)


def test_pointers_never_reuse_another_pieces_stamp() -> None:
    view = _bare()
    piece = HexMarker(hex="E5", side="Red", shape="circle", label="W1")
    one = render_image(view.model_copy(update={"markers": (piece,)}), W).tobytes()
    two = render_image(
        view.model_copy(update={"markers": (piece.model_copy(update={"pointers": (1, 4)}),)}), W
    ).tobytes()
    assert one != two
    assert render_image(view.model_copy(update={"markers": (piece,)}), W).tobytes() == one


def test_an_area_on_a_side_edge_is_named_in_the_margin() -> None:
    view = _bare(areas=(("West camp", ("A4", "A5", "A6")),))
    lay = hexlayout.HexLayout.of(view, W)
    img = render_image(view, W)
    top, bottom = lay.centre("A4")[1], lay.centre("A6")[1]
    margin = (0, round(top), math.floor(lay.margin_x), round(bottom))
    assert count(img, margin, terrain.AREA_LABEL_BG) > 200
    # Nothing of the name lies on the board, where a piece could cover it.
    board = (math.ceil(lay.margin_x) + 2, 0, W - math.ceil(lay.margin_x) - 2, lay.height)
    assert count(img, board, terrain.AREA_LABEL_BG) == 0
    # Flipped, the board's left edge is on the picture's right: so is the name.
    flipped = view.model_copy(update={"flipped": True})
    img_f = render_image(flipped, W)
    right = (W - math.floor(lay.margin_x), 0, W, lay.height)
    assert count(img_f, right, terrain.AREA_LABEL_BG) > 200


def test_an_inland_area_is_named_where_no_piece_covers_it() -> None:
    view = _bare(areas=(("Shrine", ("F5", "G5")),))
    lay = hexlayout.HexLayout.of(view, W)
    empty = render_image(view, W)
    # Alone, the name sits above the area, where F4's piece would stand.
    fx, fy = lay.centre("F4")
    r = round(lay.hex_w * 0.345)
    f4 = (round(fx) - r, round(fy) - r, round(fx) + r, round(fy) + r)
    assert count(empty, f4, terrain.AREA_LABEL_BG) > 30
    piece = HexMarker(hex="F4", side="Red", shape="circle", label="U1")
    img = render_image(view.model_copy(update={"markers": (piece,)}), W)
    assert count(img, f4, terrain.AREA_LABEL_BG) == 0
    assert count(img, (0, 0, W, lay.height), terrain.AREA_LABEL_BG) > 100
    assert dominant(img, (fx, fy), 10) == side_colour("Red", view.sides)


def test_a_multi_hex_area_is_tinted_as_one_space() -> None:
    view = _bare(areas=(("Camp", ("F5", "G5")),))
    img = render_image(view, W)
    lay = hexlayout.HexLayout.of(view, W)
    tint = mix(terrain.OPEN.fill, terrain.AREA_TINT, 0.55)
    assert dominant(img, lay.centre("F5"), 14) == tint
    assert dominant(img, lay.centre("G5"), 14) == tint
    assert dominant(img, lay.centre("H5"), 14) == terrain.OPEN.fill
