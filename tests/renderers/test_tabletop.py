"""The measured tabletop: objectives, units, caching."""

from __future__ import annotations

import math

from renderers import primitives as P
from renderers import render_image, tabletop
from rules.core.board import TableObjective, TabletopView, TableUnit

from .helpers import dominant, near, pixel

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
        assert pixel(img, _ring_pixel(view, o)) == P.side_colour(holder, view.sides)


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
    assert P.WHITE in round_ring
    assert P.side_colour("Orks", view.sides) not in round_ring


def test_unit_base_is_in_its_side_colour_and_highlight_rings_it() -> None:
    unit = TableUnit(x=20, y=20, side="Orks", label="Boyz", radius=1.5)
    plain = _table(units=(unit,))
    lit = _table(units=(unit.model_copy(update={"highlight": True}),))
    lay = tabletop.TableLayout.of(plain, W)
    c = lay.to_px(20, 20)
    a, b = render_image(plain, W), render_image(lit, W)
    assert dominant(a, c, 10) == P.side_colour("Orks", plain.sides)
    just_outside = (c[0] + 1.5 * lay.scale + 4, c[1])
    assert pixel(a, just_outside) != P.HIGHLIGHT
    assert pixel(b, just_outside) == P.HIGHLIGHT


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
    assert any(near((c[0], c[1], c[2]), P.BATTLE_RED, 4) for c in colours)


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
