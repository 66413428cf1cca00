"""Write a bundled demo script by letting a simple, deterministic policy play a seeded game.

    python -m tools.make_demo samurai river-crossing > data/demo/samurai.txt
    python -m tools.make_demo bushido skirmish bushido-21 > data/demo/bushido-21.txt
    python -m tools.make_demo wh40k take-and-hold > data/demo/wh40k.txt
    python -m tools.make_demo fantasy_warriors the-stockade-ford > data/demo/fantasy_warriors.txt

The third argument names the demo (default: the system id). Save the script as
data/demo/<name>.txt: `banneret demo` plays it with the dice seed `demo_seed(<name>)`, the
seed it was generated with. The tool says on stderr how the game ended.

The policies are no opponents to be proud of; their use is a script that plays from the first
action to a decisive end through the same console commands a player types. Each one picks
among its system's `legal_actions(state, seat)`, never at random; for the measured systems
(wh40k, fantasy_warriors), whose offers are whole moves onto an objective or one model lost,
it cuts an offer to a believable stride or loss and has the rules check it again. Stand-in
dice for what the players roll at the table (40k shooting and fighting) come from a hash of
the situation. Every line is run through the console as the game is played, so a line that
would not replay stops the tool.
"""

from __future__ import annotations

import math
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from bot.app import demo_seed
from bot.console import Console
from bot.service import GameService
from bot.store import Store
from bot.surface import surface
from bot.text import system_title
from rules.core import hexgrid
from rules.core.hexgrid import Hex
from rules.core.inches import Point, distance
from rules.core.model import Action
from rules.core.system import GameSystem, system

PLAYERS = ("alice", "bob")


@dataclass
class Memory:
    """What a policy remembers between its choices (goals, what it tried, what it has shown)."""

    seen: set[str] = field(default_factory=set)
    data: dict[str, Any] = field(default_factory=dict)

    def once(self, key: str) -> bool:
        """Say True the first time a key is asked about, False ever after."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


# A policy returns the next action with its `seat` set (usually the prompt's seat; the other
# one for a report out of turn, such as a player removing their own casualties), or None.
Policy = Callable[[GameSystem, Any, Memory], Action | None]
# Wishes yield (tag, action) for what a side would like to do now, in order (see `_wish`).
Wishes = Callable[[GameSystem, Any, Memory, set[str]], Iterator[tuple[str, Action | None]]]


def _value(command_path: str, name: str, value: Any) -> str:
    """Write one option value as a player types it."""
    option = next(o for o in surface().entries[command_path].options if o.name == name)
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float):
        text = f"{value:g}"
    else:
        text = str(value)
        if option.choices and text not in option.choices:
            text = text.replace("-", " ")  # the approach stand-over is typed "stand over"
    return f'{name}:"{text}"' if " " in text else f"{name}:{text}"


def _line(user: str, group: str, action: Action) -> str:
    command = next(
        c for c in surface().entries.values()
        if c.group == group and c.command.action == action.type
    )
    data = action.model_dump(mode="json", exclude={"seat", "type"}, exclude_defaults=True)
    options = " ".join(_value(command.path, k, v) for k, v in data.items() if v is not None)
    return f"@{user} /{command.path} {options}".rstrip()


def _wish(sys_: GameSystem, state: Any, memory: Memory, step: str, wishes: Wishes) -> Action | None:
    """Return the first wish of this step not tried yet that the rules accept (None: no more).

    Each tag is tried once a step; the tags taken are passed back to `wishes`, so a later wish
    can follow up an earlier one (the casualties after a grenade)."""
    tried: set[str] = memory.data.setdefault(f"tried:{step}", set())
    done: set[str] = memory.data.setdefault(f"done:{step}", set())
    for tag, action in wishes(sys_, state, memory, done):
        if tag in tried or action is None:
            continue
        tried.add(tag)
        if sys_.is_legal(state, action):
            done.add(tag)
            return action
    return None


def _offered(options: list[Any], wanted: Action, *keys: str) -> Action | None:
    """Return `wanted` if the legal actions offer one of its type with the same `keys` fields
    (`wanted` then shapes that offer's numbers), else None."""
    for option in options:
        if option.type == wanted.type and all(
            getattr(option, k) == getattr(wanted, k) for k in keys
        ):
            return wanted
    return None


def _pips(*keys: object) -> int:
    """Return a fixed 1-6 for a situation: a stand-in for a die the players roll at the table."""
    return zlib.crc32(":".join(map(str, keys)).encode()) % 6 + 1


def _toward(p: Point, goal: Point, inches: float) -> Point:
    """Return where a unit at p ends going straight toward goal by up to `inches`, to 0.1"."""
    d = distance(p, goal)
    t = 1.0 if d <= inches or d == 0 else inches / d
    return Point(x=round(p.x + t * (goal.x - p.x), 1), y=round(p.y + t * (goal.y - p.y), 1))


# --- samurai ---------------------------------------------------------------------------------


def _samurai_choice(state: Any, options: list[Any]) -> Action:
    """Pick an action: most orders, then close in, then battle, then end the turn."""
    kinds = {a.type for a in options}
    if "play" in kinds:
        rank = ("shogun", "three", "two", "advance", "charge", "one")
        card: Action = min(
            options, key=lambda a: next((i for i, w in enumerate(rank) if w in a.card), 9)
        )
        return card
    if "order" in kinds:
        most: Action = max(options, key=lambda a: len(a.pieces))
        return most
    if "battle" in kinds:
        battle: Action = next(a for a in options if a.type == "battle")
        return battle
    moves = [a for a in options if a.type == "move"]
    if moves:
        pieces = {p.id: p for p in state.pieces}
        enemies = [Hex.parse(p.hex) for p in state.pieces if p.side != state.active]

        def gap(h: str) -> int:
            return min(hexgrid.distance(Hex.parse(h), e) for e in enemies) if enemies else 0

        best = min(moves, key=lambda a: gap(a.to) - gap(pieces[a.piece].hex))
        if gap(best.to) < gap(pieces[best.piece].hex):
            return best  # type: ignore[no-any-return]
    for preferred in ("end_turn", "retreat", "keep"):
        for a in options:
            if a.type == preferred:
                return a  # type: ignore[no-any-return]
    return options[0]  # type: ignore[no-any-return]


def _samurai(sys_: GameSystem, state: Any, memory: Memory) -> Action | None:
    seat = sys_.prompt(state).seat
    return None if seat is None else _samurai_choice(state, sys_.legal_actions(state, seat))


def _samurai_hand(state: Any, action: Action, memory: Memory) -> bool:
    return action.type in ("play", "keep")  # look at the cards before choosing one


# --- bushido ---------------------------------------------------------------------------------


def _bushido(sys_: GameSystem, state: Any, memory: Memory) -> Action | None:
    """Attack the enemy commander whenever possible, else any piece that is no stronger (hill
    included), else advance a troop on the enemy camp (nearest first), else attack anyway, else
    hold; the commander stays in its camp. Attacked there, it counter-attacks a weaker piece
    and flees (as far from the attacker as its arrows allow) from one as strong as itself."""
    from rules.bushido.catalogue import field as bushido_field
    from rules.bushido.movement import hex_of_space

    seat = sys_.prompt(state).seat
    if seat is None:
        return None
    options: list[Any] = sys_.legal_actions(state, seat)
    if state.step == "defend":
        flights = [a for a in options if a.type == "flee"]
        attacker, commander = state.piece(state.pending.attacker), state.commander(seat)
        if flights and attacker.troop_type.combat >= commander.troop_type.combat:
            at = Hex.parse(hex_of_space(state, attacker.space))
            return max(flights, key=lambda a: hexgrid.distance(Hex.parse(a.to), at))  # type: ignore[no-any-return]
        return next(a for a in options if a.type == "counter")  # type: ignore[no-any-return]
    f = bushido_field(state.scenario)
    enemy_camp = f"{state.other(seat)}-camp"
    camp_hexes = [Hex.parse(h) for h in f.camps[enemy_camp]]

    def to_camp(space: str) -> int:
        if space in f.camps:
            return 0 if space == enemy_camp else 99
        return min(hexgrid.distance(Hex.parse(space), c) for c in camp_hexes)

    def margin(attack: Any) -> int:
        mine, theirs = state.piece(attack.piece), state.at(attack.target)
        hill = 1 if theirs.space in f.hills else 0
        return int(mine.troop_type.combat - theirs.troop_type.combat - hill)

    commander = state.commander(seat)
    attacks = [a for a in options if a.type == "attack"]
    by_troops = [a for a in attacks if commander is None or a.piece != commander.id]
    on_commander = [a for a in by_troops if state.at(a.target).is_commander]
    if on_commander:
        return max(on_commander, key=margin)  # type: ignore[no-any-return]
    good = [a for a in by_troops if margin(a) >= 0]
    if good:
        return max(good, key=margin)  # type: ignore[no-any-return]
    forward = [
        a
        for a in options
        if a.type == "move"
        and (commander is None or a.piece != commander.id)
        and to_camp(a.to) < to_camp(state.piece(a.piece).space)
    ]
    if forward:
        return min(forward, key=lambda a: (to_camp(a.to), a.piece))  # type: ignore[no-any-return]
    if attacks:
        return max(by_troops or attacks, key=margin)  # type: ignore[no-any-return]
    return next(a for a in options if a.type == "hold")  # type: ignore[no-any-return]


def _bushido_hand(state: Any, action: Action, memory: Memory) -> bool:
    return memory.once("hand")  # before the first move: the faces under one's own pieces


# --- wh40k -----------------------------------------------------------------------------------

W40K_STRIDE = {"VEHICLE": 8.0, "TERMINATOR": 5.0}  # else 6"
W40K_RANGE = 24.0
W40K_GRENADE = 8.0
W40K_CHARGE = 7.0  # the average of 2D6
W40K_ENGAGED = 1.05


class _Table40k:
    """What the wh40k policy reads off the table: groups (a Leader with its Bodyguard is one,
    known by the Bodyguard's id), where they stand, how far apart, who is engaged with whom."""

    def __init__(self, state: Any) -> None:
        from rules.wh40k import catalogue
        from rules.wh40k.state import groups

        self.state = state
        self.scenario = catalogue.scenarios()[state.scenario]
        self.groups = {g[-1].id: g for g in groups(state)}

    def head(self, uid: str) -> Any:
        return self.groups[uid][-1]

    def keywords(self, uid: str) -> set[str]:
        return {k for p in self.groups[uid] for k in p.keywords}

    def radius(self, uid: str) -> float:
        return 1.5 if "VEHICLE" in self.keywords(uid) else 1.0  # as the board draws them

    def strength(self, uid: str) -> float:
        """Return how much of a unit is left: models, or a lone model's wounds."""
        group = self.groups[uid]
        if sum(p.starting_strength for p in group) == 1:
            return float(1 - group[0].damage / group[0].wounds)
        return sum(p.models for p in group) / sum(p.starting_strength for p in group)

    def shocked(self, uid: str) -> bool:
        return any(p.shocked for p in self.groups[uid])

    def side(self, seat: str, placed: bool = True) -> list[str]:
        found = [
            uid
            for uid, g in self.groups.items()
            if g[-1].side == seat and (not placed or g[-1].position is not None)
        ]
        return sorted(found, key=lambda u: int(u[1:]))

    def foes(self, uid: str) -> list[str]:
        return self.side("defender" if self.head(uid).side == "attacker" else "attacker")

    def gap_to(self, uid: str, at: Point, radius: float = 0.0) -> float:
        return float(distance(self.head(uid).position, at) - self.radius(uid) - radius)

    def gap(self, a: str, b: str) -> float:
        return max(0.0, self.gap_to(a, self.head(b).position, self.radius(b)))

    def nearest_foe(self, uid: str) -> str | None:
        return min(self.foes(uid), key=lambda e: (self.gap(uid, e), int(e[1:])), default=None)

    def engaged(self, uid: str) -> list[str]:
        return [e for e in self.foes(uid) if self.gap(uid, e) <= W40K_ENGAGED]

    def objective(self, objective_id: str) -> Point:
        obj = next(o for o in self.scenario.objectives if o.id == objective_id)
        return Point(x=obj.x, y=obj.y)


def _wh40k_goals(table: _Table40k) -> dict[str, str]:
    """Send each unit, in id order, to the nearest objective no friend is sent to; a unit in
    Reserves to the enemy's home objective (the one nearest the enemy's edge)."""
    objectives = sorted(table.scenario.objectives, key=lambda o: (o.y, o.x))
    enemy_home = {"attacker": objectives[-1].id, "defender": objectives[0].id}
    goals: dict[str, str] = {}
    for seat in ("attacker", "defender"):
        free = [o.id for o in objectives]
        for uid in table.side(seat, placed=False):
            at = table.head(uid).position
            if at is None:
                goals[uid] = enemy_home[seat]
                continue
            goals[uid] = min(free, key=lambda o: distance(at, table.objective(o)))
            free.remove(goals[uid])
    return goals


def _wh40k_march(table: _Table40k, uid: str, goal: Point) -> Point | None:
    """Return where a unit's move toward its objective ends: a stride toward a spot 1.5" short
    of the marker, never within 2" of an enemy (a charge closes that). None: it stays put."""
    here = table.head(uid).position
    if distance(here, goal) <= 1.55:
        return None
    stride = next((v for k, v in W40K_STRIDE.items() if k in table.keywords(uid)), 6.0)
    to = _toward(here, _toward(goal, here, 1.5), stride)
    while any(table.gap_to(e, to, table.radius(uid)) < 2.0 for e in table.foes(uid)):
        if distance(to, here) < 1.0:
            return None
        to = _toward(to, here, 0.5)
    return None if distance(to, here) < 1.0 else to


def _wh40k_arrival(table: _Table40k, uid: str, goal: Point) -> Point:
    """Return where a unit from Reserves sets up: the whole-inch spot nearest its objective
    that lies more than 9" from every enemy unit."""
    sc = table.scenario
    spots = (
        Point(x=float(x), y=float(y))
        for x in range(2, int(sc.width) - 1)
        for y in range(2, int(sc.height) - 1)
    )
    clear = [p for p in spots if all(table.gap_to(e, p, 1.0) > 9.0 for e in table.foes(uid))]
    return min(clear, key=lambda p: (distance(p, goal), p.x, p.y))


def _wh40k_loss(table: _Table40k, target: str, hits: int) -> dict[str, int]:
    """Turn hits into a casualties report: two models a hit off a one-wound unit, one off a
    sturdier one, three wounds off a vehicle or a lone hero."""
    unit = table.head(target)
    if hits <= 0:
        return {}
    if unit.wounds >= 5:
        return {"wounds": 3 * hits}
    return {"models": min(unit.models, hits * (2 if unit.wounds == 1 else 1))}


def _wh40k_wishes(
    sys_: GameSystem, state: Any, memory: Memory, done: set[str]
) -> Iterator[tuple[str, Action | None]]:
    """Yield (tag, action) for what the players would report in this step, in order."""
    from rules.wh40k.actions import Casualties, FallBack, Move, UseStratagem

    seat = state.active
    enemy = "defender" if seat == "attacker" else "attacker"
    table = _Table40k(state)
    if "goals" not in memory.data:
        memory.data["goals"] = _wh40k_goals(table)
    goals: dict[str, str] = memory.data["goals"]
    offers = {seat: sys_.legal_actions(state, seat), enemy: sys_.legal_actions(state, enemy)}

    def stratagem(who: str, name: str, uid: str) -> Action | None:
        return _offered(offers[who], UseStratagem(seat=who, name=name, unit=uid), "name", "unit")

    def casualties(target: str, hits: int) -> Action | None:
        loss = _wh40k_loss(table, target, hits)
        owner = table.head(target).side  # a player removes their own models
        if not loss or not _offered(offers[owner], Casualties(seat=owner, unit=target), "unit"):
            return None
        return Casualties(seat=owner, unit=target, **loss)

    def goal_of(uid: str) -> Point:
        # A Leader left alone when its Bodyguard falls makes for the nearest objective.
        if uid not in goals:
            at = table.head(uid).position
            goals[uid] = min(goals.values(), key=lambda o: distance(at, table.objective(o)))
        return table.objective(goals[uid])

    def hits(uid: str, target: str, *why: str) -> int:
        # Stand-in dice: 0-2 hits from a unit at full strength, fewer as it dwindles.
        return round((_pips(rnd, seat, uid, target, *why) - 1) / 2.5 * table.strength(uid))

    def move(who: str, uid: str, to: Point) -> Action | None:
        if not _offered(offers[who], Move(seat=who, unit=uid, x=0, y=0), "unit"):
            return None
        return Move(seat=who, unit=uid, x=to.x, y=to.y)

    rnd, step = state.round, state.step
    if step == "battle-shock":
        for uid in table.side(seat):
            if any(p.id in state.failed_tests for p in table.groups[uid]):
                yield f"brave:{uid}", stratagem(seat, "insane-bravery", uid)
                yield f"re-roll:{uid}", stratagem(seat, "command-re-roll", uid)
    elif step == "movement":
        for uid in table.side(seat, placed=False):
            unit = table.head(uid)
            goal = goal_of(uid)
            if unit.position is None:
                if rnd >= 2:
                    yield f"arrive:{uid}", move(seat, uid, _wh40k_arrival(table, uid, goal))
            elif table.engaged(uid) and table.shocked(uid):
                edge = 0.0 if seat == "attacker" else table.scenario.height
                back = _toward(unit.position, Point(x=unit.position.x, y=edge), 4.0)
                yield f"fall-back:{uid}", FallBack(seat=seat, unit=uid, x=back.x, y=back.y)
            elif not table.engaged(uid) and f"arrive:{uid}" not in done:
                to = _wh40k_march(table, uid, goal)
                if to is not None:
                    yield f"move:{uid}", move(seat, uid, to)
        # At the end of the opponent's Movement phase a unit in Reserves may come in early.
        for uid in table.side(enemy, placed=False):
            if table.head(uid).position is None and rnd >= 2:
                yield f"ingress:{uid}", stratagem(enemy, "rapid-ingress", uid)
                if f"ingress:{uid}" in done:
                    at = _wh40k_arrival(table, uid, goal_of(uid))
                    yield f"arrive:{uid}", move(enemy, uid, at)
    elif step == "shooting":
        # The two units nearest an enemy shoot at it; a GRENADES unit within 8" throws first.
        in_range = sorted(
            (table.gap(u, t), u, t)
            for u in table.side(seat)
            if not table.engaged(u)
            and (t := table.nearest_foe(u)) is not None
            and not table.engaged(t)
            and table.gap(u, t) <= W40K_RANGE
        )
        for gap, uid, target in in_range:
            if gap <= W40K_GRENADE and "GRENADES" in table.keywords(uid):
                yield "grenade", stratagem(seat, "grenade", uid)
                if "grenade" in done:
                    yield "grenade-hit", casualties(target, 1 + _pips(rnd, uid, "grenade") // 4)
        for _gap, uid, target in in_range[:2]:
            yield f"shot:{uid}", casualties(target, hits(uid, target))
    elif step == "charge":
        # The closest pair within an average charge roll: one charge a turn.
        close = sorted(
            (table.gap(u, t), u, t)
            for u in table.side(seat)
            if not table.engaged(u)
            and not table.shocked(u)
            and (t := table.nearest_foe(u)) is not None
            and table.gap(u, t) <= W40K_CHARGE
        )
        for _gap, uid, target in close[:1]:
            there = table.head(target).position
            reach = table.radius(uid) + table.radius(target) + 0.5
            yield "charge", move(seat, uid, _toward(there, table.head(uid).position, reach))
            if "charge" in done and "VEHICLE" in table.keywords(uid):
                yield "tank-shock", stratagem(seat, "tank-shock", uid)
                if "tank-shock" in done:
                    yield "tank-shock-hit", casualties(target, 1)
    elif step == "fight":
        for uid in table.side(seat):
            for foe in table.engaged(uid):
                if any(p.character for p in table.groups[uid]):
                    yield "challenge", stratagem(seat, "epic-challenge", uid)
                yield f"fight:{uid}:{foe}", casualties(foe, hits(uid, foe, "fight"))
                yield f"back:{foe}:{uid}", casualties(uid, hits(foe, uid, "fight"))
        yield "score", _wh40k_score(table, seat, offers[seat])


def _wh40k_score(table: _Table40k, seat: str, offers: list[Any]) -> Action | None:
    """Score at the end of a turn: 5 primary for each objective held (at most 10 a turn, so
    the 50 primary cap needs two held in every round), and 3 secondary for a unit standing in
    the enemy's deployment zone."""
    from rules.wh40k.actions import Score

    state = table.state
    enemy = "defender" if seat == "attacker" else "attacker"
    held = sum(1 for c in state.control.values() if c.holder == seat)
    primary = min(5 * held, 10, 50 - sum(r.primary for r in state.scores[seat]))
    ys = [y for _, y in table.scenario.sides[enemy].zone]  # type: ignore[index]
    deep = any(min(ys) <= table.head(u).position.y <= max(ys) for u in table.side(seat))
    secondary = 3 if deep and sum(r.secondary for r in state.scores[seat]) + 3 <= 40 else 0
    if not (primary or secondary) or not _offered(offers, Score(seat=seat, primary=5)):
        return None
    return Score(seat=seat, primary=primary, secondary=secondary)


def _wh40k(sys_: GameSystem, state: Any, memory: Memory) -> Action | None:
    """Play a 40k battle as two tidy players would report it: each unit marches on the nearest
    objective no friend has taken, Reserves come in from the second round (one of them by Rapid
    Ingress), the nearest units shoot and the closest pair charges, losses follow stand-in dice,
    a Stratagem when the moment fits, and each side scores what it holds at the end of its turn.
    """
    if state.step == "over":
        return None
    seat = state.active
    options: list[Any] = sys_.legal_actions(state, seat)
    if state.step == "setup":
        return next(a for a in options if a.type == "start_battle" and a.first is None)  # type: ignore[no-any-return]
    step = f"{state.round}:{seat}:{state.step}"
    found = _wish(sys_, state, memory, step, _wh40k_wishes)
    return found or next(a for a in options if a.type == "next_phase")


def _wh40k_hand(state: Any, action: Action, memory: Memory) -> bool:
    return action.type == "start_battle" and memory.once("hand")  # nothing is hidden in 40k


def _wh40k_heading(state: Any) -> str | None:
    if state.step == "command" and state.active == state.first:
        return f"Battle round {state.round}"
    return None


# --- fantasy_warriors ------------------------------------------------------------------------

FW_DICE = {"foot": 10, "mounted": 8, "missile": 6}
FW_HERO_DICE = 5
FW_CHARGE = 8.0
FW_STRIDE = 8.0
# A unit scoring this many hits fewer than the enemy it fights is destroyed.
FW_ROUT = 3


def _fw_middle(points: list[Point]) -> Point:
    return Point(x=sum(p.x for p in points) / len(points), y=sum(p.y for p in points) / len(points))


def _fw_centre(state: Any, command: Any) -> Point:
    return _fw_middle([state.units[u].position for u in command.units])


def _fw_goal_point(state: Any, objective_id: str, near: Point) -> Point:
    """Return the point of a scenario Objective a force at `near` would make for."""
    from rules.fantasy_warriors import catalogue
    from rules.fantasy_warriors.geometry import centre, nearest_on_line

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


def _fw_plan(state: Any, seat: str, options: list[Any]) -> Action:
    """Write the battle plan one command at a time, then seal it.

    Missile troops TAKE AND HOLD the Objective nearest them; other troops STORM the one nearest
    the enemy army (a side sends one command to each Objective); a command led by a
    personality is sent to DESTROY the nearest enemy command (a Target order)."""
    from rules.fantasy_warriors import catalogue

    sc = catalogue.scenarios()[state.scenario]
    mine = [c for c in state.commands.values() if c.side == seat]
    foes = [c for c in state.commands.values() if c.side != seat]
    enemy_centre = _fw_middle([_fw_centre(state, c) for c in foes])

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
        here = _fw_centre(state, command)
        choices = [a for a in options if a.type == "order" and a.command == command.id]
        if order == "destroy-breakout":
            aim = min(foes, key=lambda c: (distance(here, _fw_centre(state, c)), c.id))
            return next(a for a in choices if a.order == order and a.target == aim.id)  # type: ignore[no-any-return]
        near = here if order == "take-and-hold" else enemy_centre
        free = [o.id for o in sc.objectives if o.id not in taken]
        goal = min(free, key=lambda o: (distance(near, _fw_goal_point(state, o, near)), o))
        # A plain Objective where it says how it is reached, else one to be contacted.
        wanted = [a for a in choices if a.order == order and a.objective == goal]
        return min(wanted, key=lambda a: a.approach is not None)  # type: ignore[no-any-return]
    return next(a for a in options if a.type == "ready")  # type: ignore[no-any-return]


def _fw_step(sys_: GameSystem, state: Any, unit: Any, move: Any) -> Action | None:
    """Return an offered step to 0.1", cut short where it would end on another unit's base."""
    from rules.fantasy_warriors.orders import radius
    from rules.fantasy_warriors.state import in_play

    others = [u for u in in_play(state) if u.id != unit.id]
    goal = Point(x=move.x, y=move.y)
    length = distance(unit.position, goal)
    while length >= 1.0:
        to = _toward(unit.position, goal, length)
        if all(distance(to, u.position) >= radius(unit) + radius(u) for u in others):
            step: Action = move.model_copy(update={"x": to.x, "y": to.y})
            if sys_.is_legal(state, step):
                return step
        length -= 0.5
    return None


def _fw_close(sys_: GameSystem, state: Any, unit: Any, enemy: Any, move: Any) -> Action | None:
    """Return the move bringing a unit's base to an enemy's: straight at it, or swung round it
    20 degrees at a time where another unit already stands there."""
    from rules.fantasy_warriors.orders import radius
    from rules.fantasy_warriors.state import in_play

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


def _fw_wishes(
    sys_: GameSystem, state: Any, memory: Memory, done: set[str]
) -> Iterator[tuple[str, Action | None]]:
    """Yield (tag, action) for the side to move: each unit that has not fought makes for its
    goal (one whose orders are ATTACK closes with an enemy within 8" and contacts it), then
    each melee is fought out with both sides' To Hit rolls; a unit scoring three hits fewer
    than its enemy is destroyed."""
    from rules.fantasy_warriors.orders import eligible_targets, governing, unit_gap
    from rules.fantasy_warriors.state import in_play, partners

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
        if attack and nearest is not None and unit_gap(unit, nearest) <= FW_CHARGE:
            yield f"move:{unit.id}", _fw_close(sys_, state, unit, nearest, moves[0])
            continue
        reach = {a: distance(unit.position, Point(x=a.x, y=a.y)) for a in moves}
        steps = [a for a in moves if reach[a] <= FW_STRIDE + 0.05]
        if steps:
            far = max(steps, key=lambda a: reach[a])
            yield f"move:{unit.id}", _fw_step(sys_, state, unit, far)
    for unit in in_play(state, seat):
        for foe in (state.units[p] for p in partners(state, unit.id)):
            for side, fighter in ((seat, unit), (enemy, foe)):
                roll = offered(side, "combat", fighter.id)
                if fighter.id not in hits and roll:
                    dice = FW_HERO_DICE if fighter.personality else FW_DICE.get(fighter.kind, 8)
                    yield f"roll:{fighter.id}", roll[0].model_copy(update={"dice": dice})
            if unit.id in hits and foe.id in hits:
                beaten = [
                    loser
                    for loser, winner in ((unit, foe), (foe, unit))
                    if hits[winner.id] >= hits[loser.id] + FW_ROUT
                ]
                for loser in beaten:
                    gone = offered(loser.side, "destroyed", loser.id)
                    yield f"destroyed:{loser.id}", gone[0] if gone else None


def _fw(sys_: GameSystem, state: Any, memory: Memory) -> Action | None:
    """Write each side's battle plan (`_fw_plan`), then play the turns (`_fw_wishes`)."""
    seat = sys_.prompt(state).seat
    if seat is None:
        return None
    options: list[Any] = sys_.legal_actions(state, seat)
    if state.step == "plan":
        return _fw_plan(state, seat, options)
    action: Any = _wish(sys_, state, memory, f"{state.turn}:{seat}", _fw_wishes)
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


def _fw_hand(state: Any, action: Action, memory: Memory) -> bool:
    return action.type == "ready" and memory.once("hand")  # one's own plan, before sealing it


def _fw_heading(state: Any) -> str | None:
    if state.step == "battle":
        return f"Turn {state.turn}: {state.active.capitalize()} moves"
    return None


# --- the game loop ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """How the tool plays a system: its policy, when to look at the private view first, and a
    comment heading each new part of the game (a battle round, a turn)."""

    policy: Policy
    hand: Callable[[Any, Action, Memory], bool]
    about: str
    heading: Callable[[Any], str | None] = lambda state: None


PLAYERS_BY_SYSTEM: dict[str, Player] = {
    "samurai": Player(
        _samurai, _samurai_hand, "order the most pieces, close in, battle whenever possible"
    ),
    "bushido": Player(
        _bushido,
        _bushido_hand,
        "attack when the odds are not against you, else advance on the enemy camp; "
        "a commander attacked in camp counters a weaker piece and flees a stronger one",
    ),
    "wh40k": Player(
        _wh40k,
        _wh40k_hand,
        "march on the nearest free objective, shoot and charge the nearest enemy, "
        "losses from stand-in dice, score held objectives every turn",
        _wh40k_heading,
    ),
    "fantasy_warriors": Player(
        _fw,
        _fw_hand,
        "missiles TAKE AND HOLD, foot STORM, heroes DESTROY the nearest command; "
        "melee settled by the bot's To Hit rolls",
        _fw_heading,
    ),
}


def play(system_id: str, scenario: str, name: str, limit: int = 2000) -> list[str]:
    """Play a game to its end and return the console lines that replay it."""
    return play_game(system_id, scenario, name, limit)[0]


def play_game(
    system_id: str, scenario: str, name: str, limit: int = 2000
) -> tuple[list[str], str | None, str]:
    """Play a game to its end; return the console lines, the winning seat and the result."""
    sys_ = system(system_id)
    player = PLAYERS_BY_SYSTEM[system_id]
    group = surface().groups.get(system_id, system_id)
    # Two comment lines, no more: bench/botrun.py skips the first four lines of the samurai
    # script (these two, /game new and the invitation's button).
    lines = [
        f"# Banneret demo: {system_title(sys_, 'en')}, scenario {scenario}. Generated by "
        f"`python -m tools.make_demo {system_id} {scenario} {name}`: both sides play one simple,",
        f"# deterministic policy ({player.about}). `banneret demo` replays it with the dice seed "
        f"{demo_seed(name)!r}, so it ends the same way.",
    ]
    heard: list[str] = []
    with TemporaryDirectory() as tmp:
        service = GameService(Store(":memory:"), seed_factory=lambda: demo_seed(name))
        console = Console(service, Path(tmp), write=heard.append, channel="demo")

        def run(line: str) -> None:
            heard.clear()
            console.execute(line)
            if console.failures:
                raise SystemExit(f"{line}\n" + "\n".join(heard))
            lines.append(line)

        run(f"@alice /game new system:{system_id} scenario:{scenario} opponent:@bob")
        run("@bob click 1")
        with service.store.reading() as tx:
            started = tx.active_game("demo")
        assert started is not None
        memory = Memory()
        for _ in range(limit):
            with service.store.reading() as tx:
                game = tx.game(started.id)
            assert game is not None
            if game.over:
                run("@alice /game status")
                return lines, game.winner, game.result or ""
            state = sys_.load_state(game.state)
            action = player.policy(sys_, state, memory)
            if action is None:
                raise SystemExit("the policy stopped before the game ended")
            user = game.seats[action.seat] or ""
            heading = player.heading(state)
            if heading and memory.once(f"heading:{heading}"):
                lines.append(f"# {heading}")
            if player.hand(state, action, memory):
                run(f"@{user} /game hand")
            run(_line(user, group, action))
    raise SystemExit(f"no end after {limit} actions")


def main() -> int:
    """Print a demo script for a system and scenario; say on stderr how it ended."""
    system_id, scenario = sys.argv[1], sys.argv[2]
    name = sys.argv[3] if len(sys.argv) > 3 else system_id
    lines, winner, result = play_game(system_id, scenario, name)
    print("\n".join(lines))
    print(f"{name}: {len(lines)} lines; winner {winner}: {result}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
