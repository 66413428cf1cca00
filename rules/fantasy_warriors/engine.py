"""The Fantasy Warriors battle tracker: battle plans, Combination Orders, Objectives and Targets.

The battle is played on a real table (or by post). Each side first writes a sealed battle plan:
orders for every command, with the Objective or Target a combination order needs. Then the
sides take turns; players report moves, contacts, losses and sightings, and the bot enforces
what the orders allow, works out who has reached their Objective or Target, and switches
combination orders by itself when they are achieved.

This module declares the system on the engine skeleton and wires its parts: the state
(state.py), actions and events (actions.py), the step table and handlers (flow.py), goal
switching and the end of the battle (battle.py), what a seat may see (picture.py),
autocomplete (suggest.py), the /fw commands (commands.py) and the demo player (autoplay.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from rules.core.board import TabletopView
from rules.core.dice import DiceState
from rules.core.engine import Engine, Handler, Outcome, Player, ScenarioInfo, Step
from rules.core.errors import RuleViolation, refuse
from rules.core.inches import Point
from rules.core.model import Action, Event
from rules.core.text import Msg, msg, term
from rules.fantasy_warriors import battle, catalogue, picture, suggest
from rules.fantasy_warriors.actions import ACTIONS, EVENTS, TYPE_ALIASES, IssueOrders, UnitReport
from rules.fantasy_warriors.catalogue import ScenarioUnit
from rules.fantasy_warriors.commands import COMMANDS, GROUP
from rules.fantasy_warriors.flow import HANDLERS, STEPS
from rules.fantasy_warriors.lookup import find_unit
from rules.fantasy_warriors.state import (
    RULESET,
    SEATS,
    Block,
    Command,
    FantasyWarriorsState,
    Unit,
)
from rules.fantasy_warriors.summary import summary as summarise


class FantasyWarriorsEngine(Engine[FantasyWarriorsState]):
    """Fantasy Warriors with Combination Orders, as a battle tracker."""

    id = "fantasy_warriors"
    # 3: rules 2 (blocks of figures, move allowances, deployment zones) for new games.
    version = "3"
    # Engine stamps (bot.records.engine_version) of games that began under ruleset 1.
    ruleset_1_stamps = frozenset({"fantasy_warriors-fantasy_warriors/1", "fantasy_warriors-1",
                                  "fantasy_warriors-2"})
    command_group = GROUP
    commands = COMMANDS
    state_type = FantasyWarriorsState
    action_types: ClassVar[TypeAdapter[Any]] = ACTIONS
    event_types: ClassVar[TypeAdapter[Any]] = EVENTS
    aliases = TYPE_ALIASES
    # Version 1 stamped every state with the engine's name.
    retired_fields = frozenset({"engine"})
    steps: ClassVar[Mapping[str, Step[Any]]] = STEPS
    handlers: ClassVar[Mapping[str, Handler[Any, Any]]] = HANDLERS
    referee_actions = frozenset({"adjust"})
    # Actions a seat may send while the prompt names the other seat; the handlers check the
    # sender themselves (its own units, and whose turn a voluntary move or new orders need).
    out_of_turn_actions = frozenset(
        {"order", "ready", "move", "engaged", "disengaged", "destroyed", "left", "sight",
         "combat", "concede", "adjust"}
    )
    # Reported from the table, never listed among the legal actions (rules/core/menus.py).
    reported_actions = frozenset(
        {"contact", "engaged", "disengaged", "destroyed", "left", "sight", "combat"})
    # Orders written during the battle plan stay sealed until both plans are ready.
    private_actions = frozenset({"order"})
    headline_events = frozenset({"OrdersRevealed", "UnitsInContact", "ToHitRolled", "UnitGone",
                                 "GoalReached", "BattleEnded"})
    hidden_information = True

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        return [ScenarioInfo(id=s.id, seats=SEATS) for s in catalogue.scenarios().values()]

    def new_game(self, scenario_id: str, seed: str) -> FantasyWarriorsState:
        """Set up a scenario with both armies deployed, in the battle-plan step."""
        return deploy(scenario_id, seed, RULESET)

    def replay_start(self, scenario_id: str, seed: str, stamp: str = "") -> FantasyWarriorsState:
        """Set up a stored game again under the rules it began under: 1 for an older stamp."""
        if stamp in self.ruleset_1_stamps:
            return deploy(scenario_id, seed, 1)
        return self.new_game(scenario_id, seed)

    def outcome(self, state: FantasyWarriorsState) -> Outcome | None:
        """Return the result once the battle is over."""
        return battle.outcome(state)

    def after(self, before: FantasyWarriorsState, work: FantasyWarriorsState, action: Action,
              events: list[Event]) -> None:
        """Say who reached its goal, switch combination orders, end a battle with a side gone."""
        battle.follow_up(before, work, events)

    # ---------------------------------------------------------------- what a seat sees
    def board(self, state: FantasyWarriorsState, seat: str | None) -> TabletopView:
        """Return the table (the same for every seat: sealed plans show no orders)."""
        return picture.board(state, seat)

    def secrets(self, state: FantasyWarriorsState, seat: str) -> tuple[Msg, ...]:
        """Return the seat's own battle plan."""
        return picture.secrets(state, seat)

    def summary(self, state: FantasyWarriorsState, full: bool) -> tuple[Msg, ...]:
        """Return the turn, public orders, Objectives held and each side's units."""
        return summarise(state, full)

    def position(self, state: FantasyWarriorsState, seat: str | None) -> dict[str, Any]:
        """Return the position without the dice seed or the other side's sealed orders."""
        return picture.position(state, seat)

    def suggest(
        self,
        state: FantasyWarriorsState,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[Msg | str, str]]:
        """Offer completions for unit, command, order, objective, target and enemy options."""
        return suggest.suggest(state, seat, field, text, context)

    def label(self, action: Action, state: Any = None) -> Msg:
        """Name an order button by the order's name; other buttons by their fields."""
        if isinstance(action, IssueOrders):
            return msg("button-order", command=action.command, order=term("order", action.order),
                       goal=action.objective or action.target,
                       approach=term("approach", action.approach) if action.approach else None)
        return super().label(action, state)

    # ---------------------------------------------------------------- claims
    def report_for(self, state: FantasyWarriorsState, action: Action) -> str | None:
        """Return the side whose unit a report (destroyed, left, engaged...) is about."""
        if not isinstance(action, UnitReport):
            return None
        try:
            return find_unit(state, action.unit).side
        except RuleViolation:
            return None

    def agreement_from(self, state: FantasyWarriorsState, action: Action) -> str | None:
        """Return the side that must agree to a report about one of its units by the enemy."""
        side = self.report_for(state, action)
        return side if side is not None and side != action.seat else None

    def demo_player(self) -> Player:
        """Return the policy that plays data/demo's script for this system."""
        from rules.fantasy_warriors.autoplay import PLAYER

        return PLAYER


def _block(unit: ScenarioUnit) -> Block:
    """Return the block a unit's figures form: as many ranks as the scenario says (or the
    kind's default), the front rank as wide as the figures need, on the published bases."""
    rules = catalogue.battle_rules()
    base = rules.base[unit.kind]
    ranks = min(unit.figures, unit.ranks or rules.ranks[unit.kind])
    files = math.ceil(unit.figures / ranks)
    return Block(frontage=files * base.width, depth=ranks * base.depth)


def deploy(scenario_id: str, seed: str, ruleset: int) -> FantasyWarriorsState:
    """Set up a scenario under a ruleset: rules 1 stand units on round bases, rules 2 as blocks
    of figures facing the enemy unless the scenario turns them."""
    sc = catalogue.scenarios().get(scenario_id)
    if sc is None:
        refuse("core/bad-input", "refusal-unknown-scenario", scenario=scenario_id)
    state = FantasyWarriorsState(scenario=sc.id, dice=DiceState(seed=seed), first=sc.first_turn,
                                 active=sc.first_turn)
    if ruleset != 1:
        state.ruleset = ruleset
    for entry in sc.commands:
        state.commands[entry.id] = Command(id=entry.id, side=entry.side, name=entry.name,
                                           units=[u.id for u in entry.units])
        for u in entry.units:
            unit = Unit(
                id=u.id, side=entry.side, command=entry.id, name=u.name, kind=u.kind,
                troop_type=u.troop_type, personality=u.personality,
                short_range=u.short_range, position=Point(x=u.x, y=u.y))
            if ruleset >= 2:
                unit.block = _block(u)
                unit.facing = u.facing if u.facing is not None else (
                    180.0 if entry.side == "north" else 0.0)
            state.units[u.id] = unit
    return state


SYSTEM = FantasyWarriorsEngine()
