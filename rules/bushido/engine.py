"""Bushido, the battle of Sekigahara, as a Banneret game system (`SYSTEM`).

Declarations and wiring only: the state is in state.py, actions and events in
actions.py, the step table and handlers in flow.py, what a seat may see in picture.py,
autocomplete in suggest.py, the commands in commands.py and the demo player in
autoplay.py.

Hidden information: the face of every movement piece that has not been turned up.
The board shows none; `secrets` and `position` show a seat its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.bushido import picture
from rules.bushido.actions import ACTIONS, EVENTS, Attack
from rules.bushido.catalogue import scenarios, stack
from rules.bushido.commands import COMMANDS
from rules.bushido.flow import HANDLERS, STEPS, no_flight
from rules.bushido.state import RULESET, BushidoState, Piece
from rules.bushido.suggest import suggest
from rules.bushido.summary import summary as summarise
from rules.core.board import HexBoardView
from rules.core.dice import Dice, DiceState
from rules.core.engine import Engine, Outcome, Player, ScenarioInfo
from rules.core.errors import RuleViolation, refuse
from rules.core.model import Action
from rules.core.text import Msg, items, msg, term


class BushidoEngine(Engine[BushidoState]):
    """The Bushido rules engine."""

    id = "bushido"
    # 2: events carry data for the catalogues (seats as names, a BattleEnded reason as a
    # message, structured adjustments); states keep `ending` instead of `end_reason`.
    # 3: ruleset 2 (the lost right to flee is kept in the state), camp attacks from afar
    #    refused as such, the referee restores a flight right.
    # 4: referee corrections of movement pieces: swapped with the stack, turned face down
    #    (new action and event types; older games replay unchanged).
    version = "4"
    # Engine stamps (bot.records.engine_version) of games that began under ruleset 1.
    ruleset_1_stamps = frozenset({"bushido-1", "bushido-2"})
    command_group = "bushido"
    commands = COMMANDS
    state_type = BushidoState
    action_types = ACTIONS
    event_types = EVENTS
    aliases: ClassVar[Mapping[str, str]] = {
        "counter_attack": "counter",
        "counterattack": "counter",
        "adjustmovement": "adjust_movement",
    }
    retired_fields = frozenset({"engine", "end_reason"})
    steps = STEPS
    handlers = HANDLERS
    referee_actions = frozenset({"adjust", "adjust_movement"})
    # The moves and attacks open to a piece follow the hidden arrows under it, so the list
    # of them is offered only in its owner's private reply.
    # A referee's swap of a movement piece names the face it puts under a piece: private
    # too, and its event names the face only under a piece standing face up.
    private_actions = frozenset({"move", "attack", "adjust_movement"})
    headline_events = frozenset({"attack_declared", "combat_rolled", "commander_defeated",
                                 "commander_fled", "piece_removed", "battle_ended"})
    hidden_information = True

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        return [
            ScenarioInfo(id=s.id, seats=tuple(side.seat for side in s.sides))
            for s in sorted(scenarios().values(), key=lambda s: s.id)
        ]

    def new_game(self, scenario_id: str, seed: str) -> BushidoState:
        """Set up a scenario: shuffle each side's movement pieces and deal one under every piece."""
        scenario = scenarios().get(scenario_id)
        if scenario is None:
            choices = items((term("scenario", s) for s in sorted(scenarios())), "or")
            refuse("core/bad-input", "refusal-no-scenario", scenario=scenario_id, choices=choices)
        dice = Dice(DiceState(seed=seed))
        stacks = {side.seat: dice.shuffle(stack()) for side in scenario.sides}
        # The commander takes the first piece of its side's stack, then the troops in order.
        pieces = [
            Piece(
                id=side.commander,
                type=side.commander_type,
                side=side.seat,
                space=side.camp_id,
                movement=stacks[side.seat].pop(0),
            )
            for side in scenario.sides
        ]
        pieces += [
            Piece(id=p.id, type=p.type, side=p.side, space=p.hex, movement=stacks[p.side].pop(0))
            for p in scenario.pieces
        ]
        return BushidoState(
            scenario=scenario.id,
            seats=[side.seat for side in scenario.sides],
            active=scenario.first,
            step="turn",
            pieces=pieces,
            stacks=stacks,
            left_on_camp={side.seat: None for side in scenario.sides},
            dice=dice.state,
            ruleset=RULESET,
        )

    def replay_start(self, scenario_id: str, seed: str, stamp: str = "") -> BushidoState:
        """Start a replay by the rules the game began under: ruleset 1 for an older stamp."""
        state = self.new_game(scenario_id, seed)
        if stamp in self.ruleset_1_stamps:
            state.ruleset = 1
        return state

    def check(self, state: BushidoState, action: Action) -> None:
        """Refuse as the skeleton does; a flight out of place names the flight rule it breaks.

        A flight is open only in the defend step, so elsewhere the skeleton would call it
        the wrong step; the player learns more from the rule on flight itself.
        """
        try:
            super().check(state, action)
        except RuleViolation as refused:
            if refused.rule_id == "core/wrong-step" and action.type == "flee":
                no_flight(state, action.seat)
            raise

    def outcome(self, state: BushidoState) -> Outcome | None:
        """Return how the battle ended, or None while it goes on."""
        if state.step != "over":
            return None
        assert state.ending is not None, "every ended battle says why"
        return Outcome(winner=state.winner, reason=state.ending)

    def board(self, state: BushidoState, seat: str | None) -> HexBoardView:
        """Return the public picture, turned half a circle for the seat on the right edge."""
        return picture.board(state, seat)

    def secrets(self, state: BushidoState, seat: str) -> tuple[Msg, ...]:
        """Return the faces under the seat's own pieces and how many are left in its stack."""
        return picture.secrets(state, seat)

    def summary(self, state: BushidoState, full: bool) -> tuple[Msg, ...]:
        """Return the turn, each side's troops and commander, and faces turned up."""
        return summarise(state, full)

    def position(self, state: BushidoState, seat: str | None) -> dict[str, Any]:
        """Return the position as data `seat` may know (no face hidden from it, no stack order)."""
        return picture.position(state, seat)

    def label(self, action: Action, state: Any = None) -> Msg:
        """Return what a button offering this action says; a camp attacked is named as one."""
        if isinstance(action, Attack) and action.target.endswith("-camp"):
            seat = action.target.removesuffix("-camp")
            return msg("button-attack-camp", piece=action.piece, seat=term("seat", seat))
        return super().label(action, state)

    def suggest(
        self,
        state: BushidoState,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[Msg | str, str]]:
        """Offer (label, value) completions for an option, best first, at most 25."""
        return suggest(state, seat, field, text, context)

    def demo_player(self) -> Player:
        """Return the policy that plays data/demo's script for this system."""
        from rules.bushido.autoplay import PLAYER

        return PLAYER


SYSTEM = BushidoEngine()

__all__ = ["SYSTEM", "BushidoEngine"]
