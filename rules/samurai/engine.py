"""Command & Colors: Samurai Battles as a Banneret game system (`SYSTEM`).

The declarations and the wiring only: the state is in state.py, actions and events
in actions.py, the step table and the handlers in flow.py, what a seat may see in
picture.py, autocomplete in suggest.py, the /samurai commands in commands.py and the
demo player in autoplay.py.
The rules themselves are in orders.py, movement.py, battle.py and momentum.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.board import HexBoardView
from rules.core.dice import Dice, DiceState
from rules.core.engine import Engine, Outcome, Player, ScenarioInfo
from rules.core.errors import refuse
from rules.core.model import Action
from rules.core.text import Msg, Term, items, msg, term
from rules.samurai import picture
from rules.samurai import suggest as completions
from rules.samurai.actions import ACTIONS, EVENTS, Gain, Keep, Order, Play, pieces_list, prepare
from rules.samurai.authoring import read_scenario
from rules.samurai.catalogue import (
    deck_of,
    scenario_of,
    scenario_term,
    scenarios,
    stored_form,
    unit_types,
)
from rules.samurai.commands import COMMANDS
from rules.samurai.dragon import deal as deal_dragons
from rules.samurai.flow import HANDLERS, STEPS
from rules.samurai.honor import starting_tokens
from rules.samurai.honor_actions import DiscardDragon, PlayDragon
from rules.samurai.state import RULESET, Piece, SamuraiState
from rules.samurai.summary import summary as summarise


class SamuraiEngine(Engine[SamuraiState]):
    """The Samurai Battles rules engine."""

    id = "samurai"
    # 2: events carry data (slots, reasons and adjustments as fields and messages).
    # 3: ruleset 2 (lone leaders hit by swords only, leaders escape, foot leaders move 1).
    # 4: referee corrections of the cards in hands, deck and discards and of this turn's
    #    orders (new action and event types; older games replay unchanged).
    # 5: ruleset 3, the published game (new cards, Dragon cards, Honor & Fortune, gaining
    #    ground and the bonus close combat).
    version = "5"
    # The ruleset of games stored with an older engine stamp (bot.records.engine_version).
    stamp_rulesets = {"samurai-1": 1, "samurai-2": 1, "samurai-3": 2, "samurai-4": 2}
    command_group = "samurai"
    commands = COMMANDS
    state_type = SamuraiState
    action_types = ACTIONS
    event_types = EVENTS
    aliases = {
        "endturn": "end_turn", "adjustcards": "adjust_cards", "discarddragon": "dragon_discard"
    }
    # `engine` was never read; `end_reason` was an English sentence (the outcome says why).
    retired_fields = frozenset({"engine", "end_reason"})
    steps = STEPS
    handlers = HANDLERS
    referee_actions = frozenset({"adjust", "adjust_cards"})
    # Choices that name cards in a hand: offered only in the player's private reply, and
    # left out of a running game's export. A referee's card move is one: its event says
    # whose hand and which piles, never which card went in or out of a hand or the deck.
    # Dragon cards (played or discarded) are in a hand too.
    private_actions = frozenset({"play", "keep", "adjust_cards", "dragon", "dragon_discard"})
    headline_events = frozenset({"card_played", "battle_rolled", "figures_lost", "unit_eliminated",
                                 "banner_won", "leader_escaped", "game_won"})
    hidden_information = True
    uploads_scenarios = True

    def prepare(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Read hexes and cards as typed; refuse a hex off the board or an unknown card."""
        return prepare(raw)

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        return [
            ScenarioInfo(id=s.id, seats=tuple(side.seat for side in s.sides))
            for s in sorted(scenarios().values(), key=lambda s: s.id)
        ]

    def new_game(self, scenario_id: str, seed: str, ruleset: int = RULESET) -> SamuraiState:
        """Set up a scenario: shuffle the command deck with the seeded dice and deal hands."""
        try:
            scenario = scenario_of(scenario_id)
        except KeyError:
            refuse(
                "core/bad-input",
                "refusal-no-such-scenario",
                scenario=scenario_id[:40],
                choices=items(term("scenario", s) for s in sorted(scenarios())),
            )
        dice = Dice(DiceState(seed=seed))
        deck = dice.shuffle(deck_of(ruleset))
        hands: dict[str, list[str]] = {}
        for side in scenario.sides:
            hands[side.seat], deck = deck[: side.hand], deck[side.hand :]
        types = unit_types()
        pieces = [
            Piece(
                id=p.id,
                type=p.type,
                side=p.side,
                hex=p.hex,
                figures=p.figures if p.figures is not None else types[p.type].figures,
            )
            for p in scenario.pieces
        ]
        seats = [side.seat for side in scenario.sides]
        # Ruleset 3 deals Dragon cards after the command hands (older games never shuffle it).
        dragon_deck, dragon_hands = deal_dragons(scenario, dice) if ruleset >= 3 else ([], {})
        return SamuraiState(
            scenario=scenario_id,
            seats=seats,
            active=scenario.first,
            step="card",
            pieces=pieces,
            hands=hands,
            deck=deck,
            banners={s: 0 for s in seats},
            tokens=starting_tokens(scenario.sides, ruleset),
            dice=dice.state,
            ruleset=ruleset,
            dragon_deck=dragon_deck,
            dragon_hands=dragon_hands,
        )

    def scenario_info(self, scenario_id: str) -> ScenarioInfo | None:
        """Return a scenario's seats: a bundled one's, or an uploaded one's from its stored form."""
        try:
            scenario = scenario_of(scenario_id)
        except KeyError:
            return None
        return ScenarioInfo(id=scenario_id, seats=tuple(side.seat for side in scenario.sides))

    def scenario_title(self, scenario_id: str) -> Term:
        """Return a scenario's title: the catalogue's, or the one an uploaded scenario gives."""
        return scenario_term(scenario_id)

    def read_scenario(self, text: str) -> tuple[str, str]:
        """Read an uploaded scenario file (rules.samurai.authoring): its name and stored form."""
        scenario = read_scenario(text)
        return scenario.id, stored_form(scenario)

    def replay_start(self, scenario_id: str, seed: str, stamp: str = "") -> SamuraiState:
        """Start a replay by the rules (and the deck) the game began under."""
        return self.new_game(scenario_id, seed, self.stamp_rulesets.get(stamp, RULESET))

    def best_score(self, state: SamuraiState, seat: str) -> int | None:
        """Return the banners a side needs to win: no side scores more."""
        return state.setup.side(seat).banners

    def outcome(self, state: SamuraiState) -> Outcome | None:
        """Return the winner once a seat has its banners, else None."""
        if state.step != "over" or state.winner is None:
            return None
        target = state.setup.side(state.winner).banners
        return Outcome(
            winner=state.winner,
            reason=msg("outcome-banners", banners=target),
        )

    def board(self, state: SamuraiState, seat: str | None) -> HexBoardView:
        """Return the public picture, turned for the seat at the top edge of the map."""
        return picture.board(state, seat)

    def secrets(self, state: SamuraiState, seat: str) -> tuple[Msg, ...]:
        """Return the cards in `seat`'s hand and any it drew to keep one of."""
        return picture.secrets(state, seat)

    def summary(self, state: SamuraiState, full: bool) -> tuple[Msg, ...]:
        """Return banners, tokens, hand sizes, pieces left and this turn's orders."""
        return summarise(state, full)

    def position(self, state: SamuraiState, seat: str | None) -> dict[str, Any]:
        """Return the position as data `seat` may know: no other hand, deck order or seed."""
        return picture.position(state, seat)

    def suggest(
        self,
        state: SamuraiState,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[Msg | str, str]]:
        """Offer (label, value) completions for an option, best first, at most 25."""
        return completions.suggest(state, seat, field, text, context, self.legal_actions)

    def label(self, action: Action, state: Any = None) -> Msg:
        """Return a button's words: cards by their names, orders by the pieces they name.

        An order of nobody says so ("Give no orders"), never just "order".
        """
        if isinstance(action, Play | Keep):
            return msg(f"button-{action.type}", card=term("card", action.card))
        if isinstance(action, PlayDragon):
            return msg("button-dragon", card=term("dragon", action.card), piece=action.piece,
                       target=action.target)
        if isinstance(action, DiscardDragon):
            return msg("button-dragon-discard", card=term("dragon", action.card))
        if isinstance(action, Order):
            named = pieces_list(action.pieces)
            return msg("button-order", pieces=items(named) if named else None)
        if isinstance(action, Gain):
            pending = state.momentum if isinstance(state, SamuraiState) else None
            return msg("button-gain", hex=pending.vacated if pending else None)
        return super().label(action, state)

    def demo_player(self) -> Player:
        """Return the policy that plays data/demo's script for this system."""
        from rules.samurai.autoplay import PLAYER

        return PLAYER


SYSTEM = SamuraiEngine()

__all__ = ["SYSTEM", "SamuraiEngine"]
