"""The Warhammer 40,000 demo player: march on the nearest free objective, shoot and charge
the nearest enemy, losses from stand-in dice, score held objectives every turn.

`tools/make_demo.py` lets it play both sides of data/demo/wh40k.txt (see
rules/core/autoplay.py). The bot tracks the battle; what the players would roll at the
table (shooting, fighting) comes from stand-in dice (`pips`), and the legal moves, whole
strides onto an objective, are cut to a believable stride (`toward`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.core.autoplay import offered, pips, toward, wish
from rules.core.engine import Engine, Memory, Player
from rules.core.inches import Point, distance
from rules.core.model import Action
from rules.wh40k import catalogue
from rules.wh40k.actions import Casualties, FallBack, Move, Score, UseStratagem
from rules.wh40k.command_phase import tests_due
from rules.wh40k.missions import objectives, primary_budget, primary_of, scored_this_turn, zones
from rules.wh40k.scoring import round_score
from rules.wh40k.state import Seat, groups, other

STRIDE = {"VEHICLE": 8.0, "TERMINATOR": 5.0}  # else 6"
RANGE = 24.0
GRENADE = 8.0
CHARGE = 7.0  # the average of 2D6
ENGAGED = 1.05


class _Table:
    """What the wh40k policy reads off the table: groups (a Leader with its Bodyguard is one,
    known by the Bodyguard's id), where they stand, how far apart, who is engaged with whom."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.scenario = catalogue.scenarios()[state.scenario]
        self.objectives = objectives(state)
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
        return [e for e in self.foes(uid) if self.gap(uid, e) <= ENGAGED]

    def objective(self, objective_id: str) -> Point:
        obj = next(o for o in self.objectives if o.id == objective_id)
        return Point(x=obj.x, y=obj.y)


def _goals(table: _Table) -> dict[str, str]:
    """Send each unit, in id order, to the nearest objective no friend is sent to; a unit in
    Reserves to the enemy's home objective (the one nearest the enemy's edge)."""
    objectives = sorted(table.objectives, key=lambda o: (o.y, o.x))
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


def _march(table: _Table, uid: str, goal: Point) -> Point | None:
    """Return where a unit's move toward its objective ends: a stride toward a spot 1.5" short
    of the marker, never within 2" of an enemy (a charge closes that). None: it stays put."""
    here = table.head(uid).position
    if distance(here, goal) <= 1.55:
        return None
    stride = next((v for k, v in STRIDE.items() if k in table.keywords(uid)), 6.0)
    to = toward(here, toward(goal, here, 1.5), stride)
    while any(table.gap_to(e, to, table.radius(uid)) < 2.0 for e in table.foes(uid)):
        if distance(to, here) < 1.0:
            return None
        to = toward(to, here, 0.5)
    return None if distance(to, here) < 1.0 else to


def _arrival(table: _Table, uid: str, goal: Point) -> Point:
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


def _loss(table: _Table, target: str, hits: int) -> dict[str, int]:
    """Turn hits into a casualties report: two models a hit off a one-wound unit, one off a
    sturdier one, three wounds off a vehicle or a lone hero."""
    unit = table.head(target)
    if hits <= 0:
        return {}
    if unit.wounds >= 5:
        return {"wounds": 3 * hits}
    return {"models": min(unit.models, hits * (2 if unit.wounds == 1 else 1))}


def _wishes(
    sys_: Engine[Any], state: Any, memory: Memory, done: set[str]
) -> Iterator[tuple[str, Action | None]]:
    """Yield (tag, action) for what the players would report in this step, in order.

    One generator for every phase. It is long because its helpers (`stratagem`,
    `casualties`, `goal_of`, `hits`, `move`) close over this step's table, offers and goals,
    which a split by phase would have to pass around."""
    seat = state.active
    enemy = "defender" if seat == "attacker" else "attacker"
    table = _Table(state)
    if "goals" not in memory.data:
        memory.data["goals"] = _goals(table)
    goals: dict[str, str] = memory.data["goals"]
    offers = {seat: sys_.legal_actions(state, seat), enemy: sys_.legal_actions(state, enemy)}

    def stratagem(who: str, name: str, uid: str) -> Action | None:
        return offered(offers[who], UseStratagem(seat=who, name=name, unit=uid), "name", "unit")

    def casualties(target: str, hits: int) -> Action | None:
        loss = _loss(table, target, hits)
        owner = table.head(target).side  # a player removes their own models
        if not loss or not offered(offers[owner], Casualties(seat=owner, unit=target), "unit"):
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
        return round((pips(rnd, seat, uid, target, *why) - 1) / 2.5 * table.strength(uid))

    def move(who: str, uid: str, to: Point) -> Action | None:
        if not offered(offers[who], Move(seat=who, unit=uid, x=0, y=0), "unit"):
            return None
        return Move(seat=who, unit=uid, x=to.x, y=to.y)

    rnd, step = state.round, state.step
    if step == "battle-shock" and state.ruleset == 1:
        for uid in table.side(seat):
            if any(p.id in state.failed_tests for p in table.groups[uid]):
                yield f"brave:{uid}", stratagem(seat, "insane-bravery", uid)
                yield f"re-roll:{uid}", stratagem(seat, "command-re-roll", uid)
    elif step == "battle-shock":
        # Before the dice: Insane Bravery for the first unit the step names (if still open).
        for group, _ in tests_due(state)[:1]:
            yield f"brave:{group[-1].id}", stratagem(seat, "insane-bravery", group[-1].id)
    elif step == "movement":
        for uid in table.side(seat, placed=False):
            unit = table.head(uid)
            goal = goal_of(uid)
            if unit.position is None:
                if rnd >= 2:
                    yield f"arrive:{uid}", move(seat, uid, _arrival(table, uid, goal))
            elif table.engaged(uid) and table.shocked(uid):
                edge = 0.0 if seat == "attacker" else table.scenario.height
                back = toward(unit.position, Point(x=unit.position.x, y=edge), 4.0)
                yield f"fall-back:{uid}", FallBack(seat=seat, unit=uid, x=back.x, y=back.y)
            elif not table.engaged(uid) and f"arrive:{uid}" not in done:
                to = _march(table, uid, goal)
                if to is not None:
                    yield f"move:{uid}", move(seat, uid, to)
        # At the end of the opponent's Movement phase a unit in Reserves may come in early.
        for uid in table.side(enemy, placed=False):
            if table.head(uid).position is None and rnd >= 2:
                yield f"ingress:{uid}", stratagem(enemy, "rapid-ingress", uid)
                if f"ingress:{uid}" in done:
                    at = _arrival(table, uid, goal_of(uid))
                    yield f"arrive:{uid}", move(enemy, uid, at)
    elif step == "shooting":
        # The two units nearest an enemy shoot at it; a GRENADES unit within 8" throws first.
        in_range = sorted(
            (table.gap(u, t), u, t)
            for u in table.side(seat)
            if not table.engaged(u)
            and (t := table.nearest_foe(u)) is not None
            and not table.engaged(t)
            and table.gap(u, t) <= RANGE
        )
        for gap, uid, target in in_range:
            if gap <= GRENADE and "GRENADES" in table.keywords(uid):
                yield "grenade", stratagem(seat, "grenade", uid)
                if "grenade" in done:
                    yield "grenade-hit", casualties(target, 1 + pips(rnd, uid, "grenade") // 4)
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
            and table.gap(u, t) <= CHARGE
        )
        for _gap, uid, target in close[:1]:
            there = table.head(target).position
            reach = table.radius(uid) + table.radius(target) + 0.5
            yield "charge", move(seat, uid, toward(there, table.head(uid).position, reach))
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
        yield "score", _score(table, seat, offers[seat])


def _score(table: _Table, seat: str, offers: list[Any]) -> Action | None:
    """Score at the end of a turn: 5 primary for each objective held (at most 10 a turn, and
    only when and as much as the mission scores), and 3 secondary for a unit standing in
    the enemy's deployment zone."""
    state = table.state
    side: Seat = "attacker" if seat == "attacker" else "defender"
    enemy = other(side)
    held = sum(1 for c in state.control.values() if c.holder == seat)
    primary = min(5 * held, 10, 50 - sum(r.primary for r in state.scores[seat]))
    mission = primary_of(state)
    if mission is not None:
        budget = primary_budget(state, side, mission)
        primary = max(0, min(primary, budget - scored_this_turn(state, round_score(state, side))))
    ys = [y for _, y in zones(state)[enemy]]
    deep = any(min(ys) <= table.head(u).position.y <= max(ys) for u in table.side(seat))
    secondary = 3 if deep and sum(r.secondary for r in state.scores[seat]) + 3 <= 40 else 0
    if not (primary or secondary) or not offered(offers, Score(seat=seat, primary=5)):
        return None
    return Score(seat=seat, primary=primary, secondary=secondary)


def policy(sys_: Engine[Any], state: Any, memory: Memory) -> Action | None:
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
    found = wish(sys_, state, memory, step, _wishes)
    return found or next(a for a in options if a.type == "next_phase")


def hand(state: Any, action: Action, memory: Memory) -> bool:
    """Say whether to look at the private view first (once, to show there is nothing)."""
    return action.type == "start_battle" and memory.once("hand")  # nothing is hidden in 40k


def heading(state: Any) -> str | None:
    """Head each battle round with a comment line."""
    if state.step == "command" and state.active == state.first:
        return f"Battle round {state.round}"
    return None


PLAYER = Player(
    policy,
    hand,
    "march on the nearest free objective, shoot and charge the nearest enemy, "
    "losses from stand-in dice, score held objectives every turn",
    heading,
)
