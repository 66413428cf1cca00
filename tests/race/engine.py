"""Race to Ten: a tiny game that lives only in this folder, as a fifth game system would.

Two seats take turns: roll a die (irreversible), then move up to the roll. A `mark`
action is free to take back. First to 10 wins. Its rules, its words
(tests/race/locales/<language>/race.ftl) and its commands (tests/race/commands.py)
are all here; one `register(SYSTEM)` line makes it playable through the console and
the real Discord client. It is the test double of the service, store and transports.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, TypeAdapter

from rules.core.board import HexBoardView, HexMarker, Panel, PanelLine
from rules.core.dice import Dice, DiceState
from rules.core.engine import (
    Engine,
    GameState,
    Handler,
    Outcome,
    ScenarioInfo,
    Step,
)
from rules.core.errors import refuse
from rules.core.model import Action, Event
from rules.core.text import Msg, Named, msg, term
from tests.race.commands import COMMANDS

SEATS = ("red", "blue")
GOAL = 10


class Roll(Action):
    type: Literal["roll"] = "roll"


class Move(Action):
    type: Literal["move"] = "move"
    steps: int = Field(ge=1)


class Mark(Action):
    type: Literal["mark"] = "mark"
    note: str = Field(default="", max_length=100)


class Boom(Action):
    """Makes the engine crash, to test our own-error handling."""

    type: Literal["boom"] = "boom"


class Fix(Action):
    """A referee adjustment: put the side to move on another square."""

    type: Literal["fix"] = "fix"
    pos: int = Field(ge=0, le=GOAL)


ACTIONS: TypeAdapter[Any] = TypeAdapter(
    Annotated[Roll | Move | Mark | Boom | Fix, Field(discriminator="type")]
)
Seat = Annotated[str, Named("seat")]


class Rolled(Event):
    irreversible: ClassVar[bool] = True
    type: Literal["rolled"] = "rolled"
    seat: Seat
    value: int


class Moved(Event):
    type: Literal["moved"] = "moved"
    seat: Seat
    steps: int
    pos: int


class Marked(Event):
    type: Literal["marked"] = "marked"
    seat: Seat
    note: str


class Fixed(Event):
    type: Literal["fixed"] = "fixed"
    seat: Seat
    pos: int


EVENTS: TypeAdapter[Any] = TypeAdapter(
    Annotated[Rolled | Moved | Marked | Fixed, Field(discriminator="type")]
)


class RaceState(GameState):
    step: Literal["roll", "move", "over"] = "roll"
    pos: dict[str, int]
    turn: str = "red"
    rolled: int = 0
    marks: list[str] = []
    winner: str | None = None


def _roll(work: RaceState, action: Roll, dice: Dice, events: list[Event]) -> None:
    work.rolled = dice.roll()
    work.step = "move"
    events.append(Rolled(seat=action.seat, value=work.rolled))


def _check_move(state: RaceState, action: Move) -> None:
    if action.steps > state.rolled:
        refuse("core/bad-input", "refusal-too-far", rolled=state.rolled)


def _move(work: RaceState, action: Move, dice: Dice, events: list[Event]) -> None:
    work.pos[action.seat] += action.steps
    work.step, work.rolled = "roll", 0
    if work.pos[action.seat] >= GOAL:
        work.step, work.winner = "over", action.seat
    else:
        work.turn = SEATS[1 - SEATS.index(action.seat)]
    events.append(Moved(seat=action.seat, steps=action.steps, pos=work.pos[action.seat]))


def _mark(work: RaceState, action: Mark, dice: Dice, events: list[Event]) -> None:
    work.marks.append(action.note)
    events.append(Marked(seat=action.seat, note=action.note))


def _boom(work: RaceState, action: Boom, dice: Dice, events: list[Event]) -> None:
    raise ZeroDivisionError("boom")


def _fix(work: RaceState, action: Fix, dice: Dice, events: list[Event]) -> None:
    work.pos[work.turn] = action.pos
    events.append(Fixed(seat=work.turn, pos=action.pos))


def _turn(state: RaceState) -> str | None:
    return state.turn


class RaceEngine(Engine[RaceState]):
    """Race to Ten on the engine skeleton."""

    id = "race"
    version = "2"
    command_group = "race"
    commands = COMMANDS
    state_type = RaceState
    action_types = ACTIONS
    event_types = EVENTS
    aliases: ClassVar[dict[str, str]] = {"go": "move"}
    referee_actions = frozenset({"fix"})
    locales = Path(__file__).parent / "locales"
    steps: ClassVar[dict[str, Step[Any]]] = {
        "roll": Step(("roll", "mark", "boom", "fix"), _turn, lambda s: msg("prompt-roll"),
                     lambda s, seat: [Roll(seat=seat)] if seat == s.turn else []),
        "move": Step(("move", "mark", "boom", "fix"), _turn,
                     lambda s: msg("prompt-move", rolled=s.rolled),
                     lambda s, seat: [Move(seat=seat, steps=n) for n in range(1, s.rolled + 1)]
                     if seat == s.turn else []),
        "over": Step((), lambda s: None, lambda s: msg("prompt-over")),
    }
    handlers: ClassVar[dict[str, Handler[Any, Any]]] = {
        "roll": Handler(_roll),
        "move": Handler(_move, _check_move),
        "mark": Handler(_mark),
        "boom": Handler(_boom),
        "fix": Handler(_fix),
    }

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(id="short", seats=SEATS)]

    def new_game(self, scenario_id: str, seed: str) -> RaceState:
        if scenario_id != "short":
            refuse("core/bad-input", "refusal-no-scenario", scenario=scenario_id)
        return RaceState(scenario=scenario_id, step="roll", dice=DiceState(seed=seed),
                         pos=dict.fromkeys(SEATS, 0))

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(winner=state.winner, reason=msg("result-reached", goal=GOAL))

    def board(self, state: RaceState, seat: str | None) -> HexBoardView:
        panel = (
            PanelLine(text=msg("panel-turn", seat=term("seat", state.turn),
                               step=term("step", state.step)), bold=True),
            *(PanelLine(text=msg("panel-position", seat=term("seat", s), pos=p), side=s)
              for s, p in sorted(state.pos.items())),
        )
        return HexBoardView(
            static_key="race", cols=13, rows=3, sides={"red": "#c0392b", "blue": "#2c6fbb"},
            markers=tuple(
                HexMarker(hex=f"{'ABCDEFGHIJKLM'[min(p, 12)]}{i + 1}", side=s, shape="circle",
                          label=s[0].upper())
                for i, (s, p) in enumerate(sorted(state.pos.items()))
            ),
            panel=Panel(title=msg("system-title"), lines=panel),
        )

    def suggest(self, state: RaceState, seat: str | None, field: str, text: str,
                context: Any = None) -> list[tuple[Msg | str, str]]:
        if field == "steps":
            return [(msg("suggest-steps", steps=n), str(n)) for n in range(1, state.rolled + 1)]
        return []


SYSTEM = RaceEngine()
