"""The Fantasy Warriors demo player: missiles TAKE AND HOLD, foot STORM, heroes DESTROY the
nearest command; melee settled by the bot's To Hit rolls.

`tools/make_demo.py` lets it play both sides of data/demo/fantasy_warriors.txt (see
rules/core/autoplay.py). The bot tracks the battle; the legal moves, whole moves onto an
Objective, are cut to a believable stride (`toward`) and checked by the rules again.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from rules.core.autoplay import toward, wish
from rules.core.engine import Engine, Memory, Player
from rules.core.inches import Point, distance
from rules.core.model import Action
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.geometry import centre, nearest_on_line
from rules.fantasy_warriors.orders import (
    eligible_targets,
    goal_points,
    governing,
    radius,
    unit_gap,
)
from rules.fantasy_warriors.state import in_play, partners

DICE = {"foot": 10, "mounted": 8, "missile": 6}
HERO_DICE = 5
CHARGE = 8.0
STRIDE = 8.0
# A unit scoring this many hits fewer than the enemy it fights is destroyed.
ROUT = 3


def _middle(points: list[Point]) -> Point:
    return Point(x=sum(p.x for p in points) / len(points), y=sum(p.y for p in points) / len(points))


def _centre(state: Any, command: Any) -> Point:
    return _middle([state.units[u].position for u in command.units])


def _goal_point(state: Any, objective_id: str, near: Point) -> Point:
    """Return the point of a scenario Objective a force at `near` would make for."""
    sc = catalogue.scenarios()[state.scenario]
    obj = sc.objective(objective_id)
    assert obj is not None
    if obj.point is not None:
        return obj.point
    feature = sc.feature(obj.feature or "")
    assert feature is not None
    corners = feature.corners()
    if feature.shape == "line":
        return nearest_on_line(near, corners)
    if feature.shape == "area":
        return centre(corners)
    return corners[0]


def _plan(state: Any, seat: str, options: list[Any]) -> Action:
    """Write the battle plan one command at a time, then seal it.

    Missile troops TAKE AND HOLD the Objective nearest them; other troops STORM the one nearest
    the enemy army (a side sends one command to each Objective); a command led by a
    personality is sent to DESTROY the nearest enemy command (a Target order)."""
    sc = catalogue.scenarios()[state.scenario]
    mine = [c for c in state.commands.values() if c.side == seat]
    foes = [c for c in state.commands.values() if c.side != seat]
    enemy_centre = _middle([_centre(state, c) for c in foes])

    def kind(command: Any) -> str:
        units = [state.units[u] for u in command.units]
        if any(u.personality for u in units):
            return "destroy-breakout"
        return "take-and-hold" if all(u.kind == "missile" for u in units) else "storm"

    rank = ("take-and-hold", "storm", "destroy-breakout")
    mine.sort(key=lambda c: (rank.index(kind(c)), int(c.id[1:])))
    taken = {c.orders.objective.ref for c in mine if c.orders and c.orders.objective}
    for command in mine:
        if command.orders is not None:
            continue
        order = kind(command)
        here = _centre(state, command)
        choices = [a for a in options if a.type == "order" and a.command == command.id]
        if order == "destroy-breakout":
            aim = min(foes, key=lambda c: (distance(here, _centre(state, c)), c.id))
            return next(a for a in choices if a.order == order and a.target == aim.id)  # type: ignore[no-any-return]
        near = here if order == "take-and-hold" else enemy_centre
        free = [o.id for o in sc.objectives if o.id not in taken]
        goal = min(free, key=lambda o: (distance(near, _goal_point(state, o, near)), o))
        # A plain Objective where it says how it is reached, else one to be contacted.
        wanted = [a for a in choices if a.order == order and a.objective == goal]
        return min(wanted, key=lambda a: a.approach is not None)  # type: ignore[no-any-return]
    return next(a for a in options if a.type == "ready")  # type: ignore[no-any-return]


def _step(sys_: Engine[Any], state: Any, unit: Any, move: Any) -> Action | None:
    """Return an offered step to 0.1", cut short where it would end on another unit's base."""
    others = [u for u in in_play(state) if u.id != unit.id]
    goal = Point(x=move.x, y=move.y)
    length = distance(unit.position, goal)
    while length >= 1.0:
        to = toward(unit.position, goal, length)
        if all(distance(to, u.position) >= radius(unit) + radius(u) for u in others):
            step: Action = move.model_copy(update={"x": to.x, "y": to.y})
            if sys_.is_legal(state, step):
                return step
        length -= 0.5
    return None


def _close(sys_: Engine[Any], state: Any, unit: Any, enemy: Any, move: Any) -> Action | None:
    """Return the move bringing a unit's base to an enemy's: straight at it, or swung round it
    20 degrees at a time where another unit already stands there."""
    others = [u for u in in_play(state) if u.id != unit.id]
    reach = radius(unit) + radius(enemy) + 0.25
    here, there = unit.position, enemy.position
    start = math.atan2(here.y - there.y, here.x - there.x)
    for turn in (0, 1, -1, 2, -2, 3, -3, 4, -4):
        angle = start + math.radians(20 * turn)
        to = Point(
            x=round(there.x + reach * math.cos(angle), 1),
            y=round(there.y + reach * math.sin(angle), 1),
        )
        if any(distance(to, u.position) < radius(unit) + radius(u) for u in others):
            continue
        closing = move.model_copy(update={"x": to.x, "y": to.y})
        if sys_.is_legal(state, closing):
            return closing  # type: ignore[no-any-return]
    return None


def _block_move(
    sys_: Engine[Any], state: Any, unit: Any, moves: list[Any], attack: bool, nearest: Any
) -> Action | None:
    """Return a block's move: into contact with an enemy within 8" when its orders are ATTACK
    (the offered closing move), else the legal move of at most 8" gaining most on its goal."""
    def moved(move: Any) -> Any:
        return unit.model_copy(update={
            "position": Point(x=move.x, y=move.y),
            "facing": unit.facing if move.facing is None else move.facing})

    if attack and nearest is not None and unit_gap(unit, nearest) <= CHARGE:
        closing = [m for m in moves if unit_gap(moved(m), nearest) <= 0.5]
        if closing:
            return min(closing, key=lambda m: (m.facing is None, m.x, m.y))  # type: ignore[no-any-return]
    goals = goal_points(state, catalogue.scenarios()[state.scenario], unit)
    aim = goals[0] if goals else (nearest.position if nearest is not None else None)
    if aim is None:
        return None
    first = moves[0]
    cut = [first.model_copy(update={"x": to.x, "y": to.y, "facing": None})
           for to in (toward(unit.position, aim, float(n)) for n in range(8, 2, -1))]
    options = [m for m in moves if distance(unit.position, Point(x=m.x, y=m.y)) <= STRIDE + 0.05]
    options += [m for m in cut if sys_.is_legal(state, m)]
    if not options:
        return None
    here = distance(unit.position, aim)
    best: Action = max(options, key=lambda m: (
        round(here - distance(Point(x=m.x, y=m.y), aim), 2), -m.x, -m.y))
    return best


def _wishes(
    sys_: Engine[Any], state: Any, memory: Memory, done: set[str]
) -> Iterator[tuple[str, Action | None]]:
    """Yield (tag, action) for the side to move: each unit that has not fought makes for its
    goal (one whose orders are ATTACK closes with an enemy within 8" and contacts it), then
    each melee is fought out with both sides' To Hit rolls; a unit scoring three hits fewer
    than its enemy is destroyed."""
    seat = state.active
    enemy: Any = "south" if seat == "north" else "north"
    offers = {seat: sys_.legal_actions(state, seat), enemy: sys_.legal_actions(state, enemy)}
    hits: dict[str, int] = memory.data.setdefault(f"hits:{state.turn}:{seat}", {})

    def offered(who: str, kind: str, unit: str) -> list[Any]:
        return [a for a in offers[who] if a.type == kind and getattr(a, "unit", None) == unit]

    for unit in in_play(state, seat):
        if unit.engaged or unit.id in state.fought:
            continue  # a unit that fought this turn stays where the melee left it
        command = state.commands[unit.command]
        targets = {t.id for t in eligible_targets(state, command)}
        contacts = offered(seat, "contact", unit.id)
        if contacts:
            yield (
                f"contact:{unit.id}",
                min(contacts, key=lambda a: (a.enemy not in targets, a.enemy)),
            )
        moves = offered(seat, "move", unit.id)
        if not moves:
            continue
        nearest = min(in_play(state, enemy), key=lambda e: (unit_gap(unit, e), e.id), default=None)
        attack = command.orders is not None and governing(command.orders) == "attack"
        if unit.block is not None:
            yield f"move:{unit.id}", _block_move(sys_, state, unit, moves, attack, nearest)
            continue
        if attack and nearest is not None and unit_gap(unit, nearest) <= CHARGE:
            yield f"move:{unit.id}", _close(sys_, state, unit, nearest, moves[0])
            continue
        reach = {a: distance(unit.position, Point(x=a.x, y=a.y)) for a in moves}
        steps = [a for a in moves if reach[a] <= STRIDE + 0.05]
        if steps:
            far = max(steps, key=lambda a: reach[a])
            yield f"move:{unit.id}", _step(sys_, state, unit, far)
    for unit in in_play(state, seat):
        for foe in (state.units[p] for p in partners(state, unit.id)):
            for side, fighter in ((seat, unit), (enemy, foe)):
                roll = offered(side, "combat", fighter.id)
                if fighter.id not in hits and roll:
                    dice = HERO_DICE if fighter.personality else DICE.get(fighter.kind, 8)
                    yield f"roll:{fighter.id}", roll[0].model_copy(update={"dice": dice})
            if unit.id in hits and foe.id in hits:
                beaten = [
                    loser
                    for loser, winner in ((unit, foe), (foe, unit))
                    if hits[winner.id] >= hits[loser.id] + ROUT
                ]
                for loser in beaten:
                    gone = offered(loser.side, "destroyed", loser.id)
                    yield f"destroyed:{loser.id}", gone[0] if gone else None


def policy(sys_: Engine[Any], state: Any, memory: Memory) -> Action | None:
    """Write each side's battle plan (`_plan`), then play the turns (`_wishes`)."""
    seat = sys_.prompt(state).seat
    if seat is None:
        return None
    options: list[Any] = sys_.legal_actions(state, seat)
    if state.step == "plan":
        return _plan(state, seat, options)
    action: Any = wish(sys_, state, memory, f"{state.turn}:{seat}", _wishes)
    if action is None:
        end = [a for a in options if a.type == "end_turn"]
        if not end:
            raise SystemExit(f"turn {state.turn}: {seat} cannot end its turn")
        return end[0]  # type: ignore[no-any-return]
    if action.type == "combat":
        # The bot rolls the To Hit dice; read them as the players would from its reply.
        _, events = sys_.apply(state, action)
        rolls = next(getattr(e, "rolls", ()) for e in events if e.type == "ToHitRolled")
        memory.data[f"hits:{state.turn}:{state.active}"][action.unit] = sum(r >= 4 for r in rolls)
    return action  # type: ignore[no-any-return]


def hand(state: Any, action: Action, memory: Memory) -> bool:
    """Say whether to look at one's sealed plan first."""
    return action.type == "ready" and memory.once("hand")  # one's own plan, before sealing it


def heading(state: Any) -> str | None:
    """Head each side's turn with a comment line."""
    if state.step == "battle":
        return f"Turn {state.turn}: {state.active.capitalize()} moves"
    return None


PLAYER = Player(
    policy,
    hand,
    "missiles TAKE AND HOLD, foot STORM, heroes DESTROY the nearest command; "
    "melee settled by the bot's To Hit rolls",
    heading,
)
