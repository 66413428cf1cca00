"""A tiny race game used as a test double for the service, store and transports.

Two seats take turns: roll a die (irreversible), then move up to the roll. A `mark`
action is free to take back. First to 10 wins. It exercises every part of the
GameSystem contract without depending on a real wargame.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.board import HexBoardView, HexMarker, Panel, PanelLine
from rules.core.dice import Dice, DiceState
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from rules.core.system import Outcome, Prompt, ScenarioInfo

SEATS = ("red", "blue")


class Roll(Action):
    type: Literal["roll"] = "roll"


class Move(Action):
    type: Literal["move"] = "move"
    steps: int


class Mark(Action):
    type: Literal["mark"] = "mark"
    note: str = ""


class Boom(Action):
    """Makes the engine crash, to test our own-error handling."""

    type: Literal["boom"] = "boom"


class Fix(Action):
    """A referee adjustment."""

    type: Literal["fix"] = "fix"
    pos: int


ToyAction = Annotated[Roll | Move | Mark | Boom | Fix, Field(discriminator="type")]
ADAPTER: TypeAdapter[Any] = TypeAdapter(ToyAction)


class Rolled(Event):
    irreversible: ClassVar[bool] = True
    type: Literal["rolled"] = "rolled"
    seat: str
    value: int


class Moved(Event):
    type: Literal["moved"] = "moved"
    seat: str
    steps: int
    pos: int


class Marked(Event):
    type: Literal["marked"] = "marked"
    seat: str
    note: str


class Fixed(Event):
    type: Literal["fixed"] = "fixed"
    seat: str
    pos: int


class RaceState(BaseModel):
    scenario: str
    dice: DiceState
    pos: dict[str, int]
    turn: str = "red"
    step: Literal["roll", "move", "over"] = "roll"
    rolled: int = 0
    marks: list[str] = []
    winner: str | None = None


class RaceSystem:
    id = "race"
    title = "Race"
    version = "1"
    referee_actions = frozenset({"fix"})

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(id="short", title="Short race", summary="First to 10", seats=SEATS)]

    def new_game(self, scenario_id: str, seed: str) -> RaceState:
        if scenario_id != "short":
            raise KeyError(scenario_id)
        return RaceState(
            scenario=scenario_id, dice=DiceState(seed=seed), pos=dict.fromkeys(SEATS, 0)
        )

    def load_state(self, data: dict[str, Any]) -> RaceState:
        return RaceState.model_validate(data)

    def parse_action(self, data: dict[str, Any]) -> Action:
        action: Action = ADAPTER.validate_python(data)
        return action

    def apply(self, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
        if state.step == "over":
            raise RuleViolation("core/game-over", "the race is over")
        s = state.model_copy(deep=True)
        if isinstance(action, Fix):
            s.pos[s.turn] = action.pos
            return s, [Fixed(seat=s.turn, pos=action.pos)]
        if action.seat != state.turn:
            raise RuleViolation("core/not-your-turn", f"it is {state.turn}'s turn")
        if isinstance(action, Boom):
            raise ZeroDivisionError("boom")
        if isinstance(action, Mark):
            s.marks.append(action.note)
            return s, [Marked(seat=action.seat, note=action.note)]
        if isinstance(action, Roll):
            if state.step != "roll":
                raise RuleViolation("core/wrong-step", "you must move first")
            dice = Dice(s.dice)
            s.rolled = dice.roll()
            s.dice = dice.state
            s.step = "move"
            return s, [Rolled(seat=action.seat, value=s.rolled)]
        assert isinstance(action, Move)
        if state.step != "move":
            raise RuleViolation("core/wrong-step", "you must roll first")
        if not 1 <= action.steps <= state.rolled:
            raise RuleViolation("core/bad-input", f"you may move 1 to {state.rolled} steps")
        s.pos[action.seat] += action.steps
        s.step = "roll"
        s.rolled = 0
        if s.pos[action.seat] >= 10:
            s.step = "over"
            s.winner = action.seat
        else:
            s.turn = SEATS[1 - SEATS.index(action.seat)]
        return s, [Moved(seat=action.seat, steps=action.steps, pos=s.pos[action.seat])]

    def prompt(self, state: RaceState) -> Prompt:
        if state.step == "over":
            return Prompt(seat=None, step="over")
        return Prompt(
            seat=state.turn,
            step=state.step,
            actions=(state.step, "mark"),
            hint=f"{state.step} the die" if state.step == "roll" else "move",
        )

    def legal_actions(self, state: RaceState, seat: str) -> list[Action]:
        if state.step == "over" or seat != state.turn:
            return []
        if state.step == "roll":
            return [Roll(seat=seat)]
        return [Move(seat=seat, steps=n) for n in range(1, state.rolled + 1)]

    def view(self, state: RaceState, seat: str | None) -> dict[str, Any]:
        return state.model_dump(mode="json", exclude={"dice"})

    def board(self, state: RaceState) -> HexBoardView:
        return HexBoardView(
            static_key="race",
            cols=13,
            rows=3,
            sides={"red": "#c0392b", "blue": "#2c6fbb"},
            markers=tuple(
                HexMarker(
                    hex=f"{'ABCDEFGHIJKLM'[min(p, 12)]}{i + 1}",
                    side=s,
                    shape="circle",
                    label=s[0].upper(),
                )
                for i, (s, p) in enumerate(sorted(state.pos.items()))
            ),
            panel=Panel(title="Race", lines=(PanelLine(text=f"{state.turn} to {state.step}"),)),
        )

    def outcome(self, state: RaceState) -> Outcome | None:
        return Outcome(winner=state.winner, reason="reached 10") if state.winner else None

    def suggest(
        self,
        state: RaceState,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        if field == "steps":
            return [(str(n), str(n)) for n in range(1, state.rolled + 1)]
        return []

    def describe(self, event: Any) -> str:
        return f"{event.type}: {event.model_dump(exclude={'type'})}"


SYSTEM = RaceSystem()
