"""The quicker measures give the answers of the plain ones they stand for, to the last bit.

Buttons, checks and pictures measure blocks thousands of times a turn, so a few measures
skip work: a chain's segments worked out once for all the corners (`_chain_gap`), a
block's bounding box from plain numbers (`rectangle_box`), shapes whose boxes are apart
never measured (`boxes_apart`), results kept by the numbers they depend on. Each is
checked here against the measure it replaces, on seeded random shapes.
"""

from __future__ import annotations

import random

from rules.core.inches import Point, distance
from rules.fantasy_warriors.geometry import (
    _chain_gap,
    _nearest_on_chain,
    bearing,
    box,
    boxes_apart,
    outline,
    rectangle,
    rectangle_box,
    shape_gap,
    step_toward,
    step_xy,
)
from rules.fantasy_warriors.orders import (
    _touches,
    closing,
    footprint,
    footprint_box,
    radius,
    unit_gap,
)
from rules.fantasy_warriors.state import Block, Unit

RNG_SEED = 1913


def _point(rng: random.Random, spread: float = 48.0) -> Point:
    return Point(x=round(rng.uniform(0, spread), rng.choice((0, 1, 2, 6))),
                 y=round(rng.uniform(0, spread), rng.choice((0, 1, 2, 6))))


def _block(rng: random.Random, spread: float = 48.0) -> list[Point]:
    middle = _point(rng, spread)
    return rectangle(middle, rng.choice((2.0, 4.0, 6.0)), rng.choice((1.0, 2.0, 3.0)),
                     rng.choice((0.0, 90.0, 180.0, 45.0, rng.uniform(0, 360))))


def _unit(rng: random.Random, uid: str, spread: float = 24.0, round_base: bool = False) -> Unit:
    return Unit(id=uid, side="north" if uid.startswith("N") else "south", command="C1",
                name=uid, kind=rng.choice(("foot", "mounted", "missile")), troop_type="x",
                position=_point(rng, spread),
                block=None if round_base else Block(frontage=rng.choice((2.0, 4.0)),
                                                    depth=rng.choice((1.0, 2.0))),
                facing=rng.choice((0.0, 90.0, 180.0, 270.0, round(rng.uniform(0, 360), 1))))


def test_chain_gap_is_the_least_nearest_on_chain() -> None:
    rng = random.Random(RNG_SEED)
    for _ in range(2000):
        pts = _block(rng)
        chain = [_point(rng) for _ in range(rng.choice((2, 3, 4, 5)))]
        if rng.random() < 0.3:
            chain = outline(_block(rng))
        if rng.random() < 0.05:
            chain.insert(1, chain[0])  # a segment of no length
        plain = min(_nearest_on_chain(p, chain)[2] for p in pts)
        assert _chain_gap(pts, chain) == plain


def test_rectangle_box_is_the_box_of_the_rectangle() -> None:
    rng = random.Random(RNG_SEED)
    for _ in range(2000):
        x, y = rng.uniform(-10, 60), rng.uniform(-10, 60)
        frontage, depth = rng.uniform(0.5, 8), rng.uniform(0.5, 4)
        facing = rng.choice((0.0, 90.0, 180.0, 270.0, rng.uniform(0, 360)))
        assert rectangle_box(x, y, frontage, depth, facing) == box(
            rectangle(Point(x=x, y=y), frontage, depth, facing))


def test_step_xy_is_step_toward() -> None:
    """step_xy and step_toward go where step_toward always went (as it was written)."""
    rng = random.Random(RNG_SEED)
    for _ in range(2000):
        p, goal = _point(rng), _point(rng)
        inches = rng.choice((0.25, 3.0, 8.0, rng.uniform(0, 20)))
        d = distance(p, goal)
        t = 1.0 if d <= inches or d == 0 else inches / d
        plain = (round(p.x + t * (goal.x - p.x), 2), round(p.y + t * (goal.y - p.y), 2))
        there = step_toward(p, goal, inches)
        assert step_xy(p, goal, inches) == plain == (there.x, there.y)


def test_shapes_whose_boxes_are_apart_never_touch() -> None:
    rng = random.Random(RNG_SEED)
    apart = 0
    for _ in range(3000):
        a, b = _block(rng, 16.0), _block(rng, 16.0)
        if rng.random() < 0.3:
            b = [_point(rng, 16.0)]
        if boxes_apart(box(a), box(b), 1e-6):
            apart += 1
            assert shape_gap(a, b) > 0.0
    assert apart > 500  # the test saw plenty of both cases


def test_touches_is_shape_gap_zero() -> None:
    rng = random.Random(RNG_SEED)
    touching = 0
    for i in range(3000):
        unit = _unit(rng, f"N{i}", round_base=rng.random() < 0.3)
        ground = _block(rng, 24.0)
        plain = shape_gap(footprint(unit) or [unit.position], ground) == 0.0
        touching += plain
        assert _touches(unit, ground) == plain
        assert footprint_box(unit) == (box(footprint(unit) or []) if unit.block else None)
    assert touching > 50  # the test saw plenty of both cases


def _closing_by_units(unit: Unit, enemy: Unit, within: float,
                     turned: bool) -> tuple[Point, float] | None:
    """closing as it was written before it was kept by plain numbers: on the units."""
    face = bearing(unit.position, enemy.position) if turned else unit.facing
    other = footprint(enemy) or [enemy.position]
    spare = 0.0 if enemy.block is not None else radius(enemy)
    far = distance(unit.position, enemy.position)
    if unit.block is None or far == 0:
        return None
    ux, uy = (enemy.position.x - unit.position.x) / far, (enemy.position.y - unit.position.y) / far

    def gap_at(p: Point) -> float:
        block = footprint(unit, p, face)
        assert block is not None
        return max(0.0, shape_gap(block, other) - spare)

    spot = unit.position
    left = gap_at(spot)
    if left <= within:
        return None
    for _ in range(12):
        step = left - within
        if step < 0.01:
            break
        spot = Point(x=spot.x + ux * step, y=spot.y + uy * step)
        left = gap_at(spot)
    return Point(x=round(spot.x, 2), y=round(spot.y, 2)), face


def test_kept_measures_match_a_fresh_measure() -> None:
    """closing and unit_gap, kept by plain numbers, answer as the measures on the units do,
    and a unit equal in every measured field gets the same answer."""
    rng = random.Random(RNG_SEED)
    closed = 0
    for i in range(800):
        a = _unit(rng, f"N{i}", spread=12.0, round_base=rng.random() < 0.2)
        b = _unit(rng, f"S{i}", spread=12.0, round_base=rng.random() < 0.2)
        for turned in (True, False):
            kept = closing(a, b, 0.5, turned)
            assert kept == _closing_by_units(a, b, 0.5, turned)
            closed += kept is not None
        fa, fb = footprint(a), footprint(b)
        if fa is not None and fb is not None:
            assert unit_gap(a, b) == max(0.0, shape_gap(fa, fb))
        twin = a.model_copy(update={"id": "N0", "name": "twin"})
        assert unit_gap(twin, b) == unit_gap(a, b)
        assert closing(twin, b, 0.5, True) == closing(a, b, 0.5, True)
    assert closed > 300
