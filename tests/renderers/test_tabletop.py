"""The measured tabletop: objectives, units, caching."""

from __future__ import annotations

import math

from bench.positions import script_turns
from bot.service.context import Table
from renderers import render_image, tabletop
from renderers.colours import BATTLE_RED, HIGHLIGHT, WHITE, side_colour
from rules.core.board import TableObjective, TabletopView, TableUnit

from .helpers import count, dominant, near, pixel

W = 1200


def _table(**changes: object) -> TabletopView:
    base = TabletopView(
        static_key="test/table",
        width=60,
        height=44,
        sides={"Ultramarines": "blue", "Orks": "green"},
    )
    return base.model_copy(update=changes)


def _ring_pixel(view: TabletopView, o: TableObjective) -> tuple[float, float]:
    lay = tabletop.TableLayout.of(view, W)
    x, y = lay.to_px(o.x, o.y)
    # On the ring's stroke, which Pillow draws inwards from the radius, at 3 o'clock.
    return (x + o.radius * lay.scale - 2, y)


def test_objective_ring_colour_follows_the_holder() -> None:
    for holder in ("Ultramarines", "Orks"):
        o = TableObjective(x=30, y=22, label="1", holder=holder)
        view = _table(objectives=(o,))
        img = render_image(view, W)
        assert pixel(img, _ring_pixel(view, o)) == side_colour(holder, view.sides)


def test_contested_objective_ring_is_grey_and_striped() -> None:
    o = TableObjective(x=30, y=22, label="1", contested=True, holder="Orks")
    view = _table(objectives=(o,))
    img = render_image(view, W)
    lay = tabletop.TableLayout.of(view, W)
    cx, cy = lay.to_px(o.x, o.y)
    rad = o.radius * lay.scale - 2
    round_ring = {
        pixel(img, (cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a))))
        for a in range(0, 360, 5)
    }
    assert tabletop.CONTESTED in round_ring
    assert WHITE in round_ring
    assert side_colour("Orks", view.sides) not in round_ring


def test_unit_base_is_in_its_side_colour_and_highlight_rings_it() -> None:
    unit = TableUnit(x=20, y=20, side="Orks", label="Boyz", radius=1.5)
    plain = _table(units=(unit,))
    lit = _table(units=(unit.model_copy(update={"highlight": True}),))
    lay = tabletop.TableLayout.of(plain, W)
    c = lay.to_px(20, 20)
    a, b = render_image(plain, W), render_image(lit, W)
    assert dominant(a, c, 10) == side_colour("Orks", plain.sides)
    just_outside = (c[0] + 1.5 * lay.scale + 4, c[1])
    assert pixel(a, just_outside) != HIGHLIGHT
    assert pixel(b, just_outside) == HIGHLIGHT


def test_status_tags_are_drawn_under_the_base() -> None:
    unit = TableUnit(x=20, y=20, side="Orks", label="Boyz", radius=1.5)
    plain = _table(units=(unit,))
    shocked = _table(units=(unit.model_copy(update={"status": ("shocked",)}),))
    lay = tabletop.TableLayout.of(plain, W)
    x, y = lay.to_px(20, 20)
    below = (
        round(x - 40),
        round(y + 1.5 * lay.scale),
        round(x + 40),
        round(y + 1.5 * lay.scale + 40),
    )
    a, b = render_image(plain, W), render_image(shocked, W)
    assert a.crop(below).tobytes() != b.crop(below).tobytes()
    colours = [c for _, c in b.crop(below).getcolors(10_000) or [] if isinstance(c, tuple)]
    assert any(near((c[0], c[1], c[2]), BATTLE_RED, 4) for c in colours)


def test_table_layer_is_cached_and_left_untouched(table: TabletopView) -> None:
    layer = tabletop.static_layer(table, W)
    before = layer.tobytes()
    one, two = render_image(table, W), render_image(table, W)
    assert layer.tobytes() == before
    assert one.tobytes() == two.tobytes()
    info = tabletop.CACHE.info()
    assert info.misses == 1 and info.hits >= 2


def test_table_scales_inches_to_the_width(table: TabletopView) -> None:
    lay = tabletop.TableLayout.of(table, W)
    x0, _ = lay.to_px(0, 0)
    x1, _ = lay.to_px(table.width, 0)
    assert x1 <= W and x0 >= 0
    assert abs((x1 - x0) / table.width - lay.scale) < 1e-9
    img = render_image(table, W)
    # Beyond the table's right edge is the margin, not the mat.
    assert pixel(img, (x1 + 3, lay.height / 2)) != tabletop.MAT
    assert pixel(img, (x1 - 8, lay.to_px(0, 2)[1])) == tabletop.MAT


def test_y_counts_up_from_the_bottom_edge() -> None:
    # Core's convention: inches from the bottom-left corner ("/wh40k move ... from the bottom
    # edge"), so a unit 4" from the bottom is drawn near the picture's bottom edge.
    unit = TableUnit(x=10, y=4, side="Orks", label="Boyz", radius=1.5)
    view = _table(units=(unit,))
    img = render_image(view, W)
    lay = tabletop.TableLayout.of(view, W)
    orks = side_colour("Orks", view.sides)
    x = lay.left + 10 * lay.scale
    low = lay.top + (view.height - 4) * lay.scale
    high = lay.top + 4 * lay.scale
    assert dominant(img, (x, low), 10) == orks
    assert dominant(img, (x, high), 10) == tabletop.MAT
    # The table's bottom edge is y = 0 and its top edge y = height.
    assert lay.to_px(0, 0)[1] > lay.to_px(0, view.height)[1]


def test_inch_marks_run_along_the_bottom_and_up_the_left() -> None:
    view = _table()
    img = render_image(view, W)
    lay = tabletop.TableLayout.of(view, W)
    ink = (80, 80, 72)
    x0, y_top = lay.to_px(0, view.height)
    x1, y_bottom = lay.to_px(view.width, 0)

    def inked(box: tuple[float, float, float, float]) -> bool:
        region = img.crop(tuple(round(v) for v in box))
        return any(near(c, ink, 30) for _, c in region.getcolors(100_000) or [])

    # Under the bottom edge: the inch marks of the x axis; above the top edge: nothing.
    assert inked((x0, y_bottom + 3, x1, lay.height))
    assert not inked((x0, 0, x1, y_top - 3))
    # Left of the edge, the mark for 6" is 6" above the bottom edge, not below the top one.
    y6 = lay.to_px(0, 6)[1]
    assert inked((0, y6 - 8, x0 - 2, y6 + 8))
    y38 = lay.to_px(0, 38)[1]
    assert not inked((0, y38 - 8, x0 - 2, y38 + 8))


def test_objective_numbers_stay_readable_beside_unit_names() -> None:
    # A long name would hang from the base straight over O1: the token stays whole and
    # the name goes over the base instead.
    o = TableObjective(x=30, y=20, label="O1")
    unit = TableUnit(x=30, y=22.2, side="Orks", label="U2 4/6 Captain and Bodyguard")
    alone = _table(objectives=(o,))
    both = _table(objectives=(o,), units=(unit,))
    lay = tabletop.TableLayout.of(both, W)
    a, b = render_image(alone, W), render_image(both, W)
    cx, cy = lay.to_px(o.x, o.y)
    r = round(lay.scale * 0.8)
    token = (round(cx) - r, round(cy) - r, round(cx) + r, round(cy) + r)
    assert a.crop(token).tobytes() == b.crop(token).tobytes()
    ux, uy = lay.to_px(unit.x, unit.y)
    over = (round(ux) - 40, round(uy - lay.scale * 2.6), round(ux) + 40, round(uy - lay.scale))
    orks = side_colour("Orks", both.sides)
    assert count(b, over, orks) > 100
    assert count(a, over, orks) == 0


def test_a_token_is_drawn_over_a_name_that_cannot_avoid_it() -> None:
    # Tokens above and below: the name covers one of them either way, and the token wins.
    low, high = TableObjective(x=30, y=18, label="O1"), TableObjective(x=30, y=26, label="O2")
    unit = TableUnit(x=30, y=22, side="Orks", label="U2 4/6 Captain and Bodyguard", radius=2.6)
    alone = _table(objectives=(low, high))
    both = _table(objectives=(low, high), units=(unit,))
    lay = tabletop.TableLayout.of(both, W)
    a, b = render_image(alone, W), render_image(both, W)
    r = round(lay.scale * 0.8 * 0.5)  # inside the hexagon
    for o in (low, high):
        cx, cy = lay.to_px(o.x, o.y)
        inner = (round(cx) - r, round(cy) - r, round(cx) + r, round(cy) + r)
        assert a.crop(inner).tobytes() == b.crop(inner).tobytes()


def _tags(view: TabletopView) -> list[tuple[str, tabletop._Tag]]:
    lay = tabletop.TableLayout.of(view, W)
    tokens = tabletop._token_boxes(lay, view.objectives)
    placed = tabletop._place_tags(lay, view.units, view.sides, tokens)
    return [(u.label, t) for u in view.units for t in placed[id(u)]]


def _assert_units_tags_apart(tags: list[tuple[str, tabletop._Tag]]) -> None:
    """No two tags of different units overlap."""
    for i, (label, tag) in enumerate(tags):
        for other_label, other in tags[i + 1:]:
            if other_label != label:
                assert not tabletop._overlaps(tag.box, other.box), (label, other_label)


def test_neighbours_names_do_not_cover_each_other() -> None:
    # Two units 4" apart beside an objective: centred under (or over) their bases, the
    # long names would overlap; one hangs them toward its own side instead.
    units = tuple(
        TableUnit(x=x, y=30, side="Orks", label=f"U{i} 10/10 Boyz of the Second Mob",
                  status=("BELOW HALF",))
        for i, x in enumerate((26, 30))
    )
    view = _table(objectives=(TableObjective(x=28, y=26, label="O1"),), units=units)
    tags = _tags(view)
    assert len(tags) == 4
    _assert_units_tags_apart(tags)
    # And in the picture each pill shows its own colour across its middle.
    img = render_image(view, W)
    for label, tag in tags:
        x0, y0, x1, y1 = (round(v) for v in tag.box)
        middle = (x0 + 6, (y0 + y1) // 2 - 1, x1 - 6, (y0 + y1) // 2 + 1)
        assert count(img, middle, tag.fill) > 0, label


def test_a_block_between_two_others_hangs_its_tags_beside_it() -> None:
    # Three blocks one behind the other, 2.2" apart (a second and third line): tags under
    # or over the middle one would cover a neighbour's block; beside it they cover none.
    units = tuple(
        TableUnit(x=30, y=y, side="North", label=f"N{i} Crossbowmen of the Hold",
                  radius=1.0, frontage=5.0, depth=2.0, facing=180.0, status=("HOLD",))
        for i, y in enumerate((20.0, 22.2, 24.4))
    )
    view = _table(units=units)
    lay = tabletop.TableLayout.of(view, W)
    blocks = [tabletop._base_box(lay, u) for u in units]
    tags = _tags(view)
    middle = [t for label, t in tags if label == units[1].label]
    assert middle
    for tag in middle:
        assert not any(tabletop._overlaps(tag.box, b) for b in blocks), tag.text
        # Beside the block: clear of it sideways, level with it.
        assert tag.box[2] <= blocks[1][0] or tag.box[0] >= blocks[1][2], tag.text
    _assert_units_tags_apart(tags)


def test_a_block_hemmed_in_lays_its_tags_further_out_with_a_line_to_them() -> None:
    # The Stockade Ford after demo action 13, as posted (1,080 pixels): N3's block stands
    # with objective O3 just in front of it and N4's block close behind. Under N3 its tags
    # would hide O3, over it they covered N4's block, beside it they run off the table:
    # they go further out, past the token, with a line from the block to them.
    turn = next(t for t in script_turns("fantasy_warriors") if t.index == 14)
    view = Table(turn.before).picture()
    assert isinstance(view, TabletopView)
    lay = tabletop.TableLayout.of(view, 1080)
    tokens = tabletop._token_boxes(lay, view.objectives)
    placed = tabletop._place_tags(lay, view.units, view.sides, tokens)
    by_label = {u.label: u for u in view.units}
    n3, n4 = by_label["N3 Crossbowmen"], by_label["N4 Thunderers"]
    blocks = {u.label: tabletop._base_box(lay, u) for u in (n3, n4)}
    for unit, other in ((n3, n4), (n4, n3)):
        for tag in placed[id(unit)]:
            assert not tabletop._overlaps(tag.box, blocks[other.label]), (tag.text, other.label)
            assert not any(tabletop._overlaps(tag.box, t) for t in tokens), tag.text
            assert not any(tabletop._overlaps(tag.box, t.box) for t in placed[id(other)])
    first = placed[id(n3)][0]
    assert first.text == "N3 Crossbowmen" and first.leader is not None
    x0, y0, x1, y1 = first.leader
    own = blocks[n3.label]
    # The line runs from N3's block to the near edge of its first tag, and it is drawn.
    assert own[0] <= x0 <= own[2] and y0 in (own[1], own[3])
    assert y1 in (first.box[1], first.box[3])
    ends = [(round(x0), round(y0)), (round(x1), round(y1))]
    lines = [c for c in tabletop.record(view, 1080).calls
             if c.name == "line" and list(c.args[0]) == ends]
    assert [dict(c.kwargs)["fill"] for c in lines] == [WHITE, first.fill]  # cased, coloured


def test_no_tag_of_a_demo_board_is_cut_by_the_pictures_side() -> None:
    # A unit by the table's left edge (the Stockade Ford from action 80: N3 beside its
    # block) had its name run past the picture and cut; a tag is moved just inside it.
    for system_id in ("fantasy_warriors", "wh40k"):
        for turn in script_turns(system_id):
            view = Table(turn.before).picture()
            assert isinstance(view, TabletopView)
            for width in (1080, 972):
                lay = tabletop.TableLayout.of(view, width)
                tokens = tabletop._token_boxes(lay, view.objectives)
                placed = tabletop._place_tags(lay, view.units, view.sides, tokens)
                for u in view.units:
                    for tag in placed[id(u)]:
                        assert 0 <= tag.box[0] and tag.box[2] <= width, (
                            system_id, turn.index, width, tag.text)
