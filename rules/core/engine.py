"""The engine skeleton every game system is built on.

A system declares, as data and small functions:

- its state model (a `GameState`: scenario, step, dice and the rest),
- its actions and events (pydantic unions on `type`) and any type aliases,
- a step table: for each step, who acts, which action types are open, the
  prompt's message and a generator of legal actions,
- one handler per action type: an optional check that reads the state, and an
  effect that changes a working copy and reports events,
- its capabilities, as the class attributes and methods below (defaults do
  nothing), and its command declarations.

The skeleton does the rest the same way for every system: reading actions,
the checked `apply` (game over, seat and step, copy, dispatch, dice written
back), `prompt`, `legal_actions` and the one `view` door to what a seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from rules.core.board import HexBoardView, TabletopView
from rules.core.commands import Command
from rules.core.dice import Dice, DiceState
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event, Frozen
from rules.core.text import Items, Msg, Term, Value, items, kebab, msg, term


class GameState(BaseModel):
    """What every game's state holds; each system adds its own fields."""

    model_config = ConfigDict(extra="forbid")

    scenario: str
    step: str
    dice: DiceState


S = TypeVar("S", bound=GameState)
# The key under which the service hands `prepare` a server's stored datasheets (a list of
# stored forms, as `read_datasheets` made them); a player's own options never carry it.
SERVER_DATASHEETS = "server_datasheets"
A = TypeVar("A", bound=Action)


class ScenarioInfo(Frozen):
    """A bundled starting position players can pick (its title is `scenario-<id>`)."""

    id: str
    seats: tuple[str, ...]


class ChoiceOption(Frozen):
    """One option of a preview's choice: what it says, the value it sends, a line under it."""

    label: Msg
    value: str
    description: Msg | None = None


class PreviewChoice(Frozen):
    """A choice an import's preview offers beside Accept (a Leader's Bodyguard, say): its
    `key` inside the action, the options, and the value chosen now."""

    key: str
    title: Msg
    options: tuple[ChoiceOption, ...]
    chosen: str


class Prompt(Frozen):
    """Who must act next, in which step, which action types are open, and what to do."""

    seat: str | None
    step: str
    actions: tuple[str, ...] = ()
    hint: Msg | None = None


class Outcome(Frozen):
    """How a finished game ended: the winner (None for a draw) and why."""

    winner: str | None
    reason: Msg


class SeatView(Frozen):
    """What one seat (None: a spectator) may see of a position.

    Everything shown to a person is built from this: the board image, the
    private reply, the text of the position, the export of a running game.
    """

    seat: str | None
    board: HexBoardView | TabletopView
    private: tuple[Msg, ...] = ()
    position: dict[str, Any] = {}
    # The public position in words: a compact summary, and every piece in `details`.
    summary: tuple[Msg, ...] = ()
    details: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class Step(Generic[S]):
    """One step of a turn: who acts, what is open to them, what they are told."""

    actions: tuple[str, ...]
    actor: Callable[[S], str | None]
    hint: Callable[[S], Msg]
    legal: Callable[[S, str], Iterable[Action]] | None = None
    # Or the actions worth offering, not yet judged: the engine keeps those their
    # handler's check accepts, and for buttons judges only the kinds asked for.
    candidates: Callable[[S, str], Iterable[Action]] | None = None
    # True when `legal` (or `candidates`) yields every option-less action (see
    # has_options) before any other, so the buttons can stop listing once there are too
    # many to offer.
    simple_first: bool = False


@dataclass(frozen=True)
class Handler(Generic[S, A]):
    """How one action type is applied.

    `check` reads the state and raises RuleViolation; `effect` changes the working
    copy (it may check too: the copy is thrown away if it raises).
    """

    effect: Callable[[S, A, Dice, list[Event]], None]
    check: Callable[[S, A], None] | None = None


def _anything(action: Action) -> bool:
    return True


@lru_cache(maxsize=8192)
def _natural(text: str) -> str:
    """Return text that sorts numbers by size ("U2" before "U10")."""
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
            continue
        if digits:
            out.append(digits.zfill(8))
            digits = ""
        out.append(ch)
    if digits:
        out.append(digits.zfill(8))
    return "".join(out)


def has_options(action: Action) -> bool:
    """Say whether an action carries choices beyond who sends it ("end turn" does not)."""
    return bool(action.model_dump(exclude={"seat", "type"}, exclude_defaults=True))


def sort_key(action: Action) -> tuple[str, ...]:
    """Order actions by type, then field by field, numbers by size (U2 before U10)."""
    return tuple(_natural(str(value)) for _, value in action)


class Engine(Generic[S]):
    """A game system: declared data and handlers, run by one shared skeleton."""

    # ---------------------------------------------------------------- declared
    id: ClassVar[str]
    # Stamped on every stored game; bump it when a change alters replays or events.
    version: ClassVar[str]
    # The slash command group, e.g. "fw" for fantasy_warriors.
    command_group: ClassVar[str] = ""
    commands: ClassVar[tuple[Command, ...]] = ()
    state_type: ClassVar[type[GameState]]
    action_types: ClassVar[TypeAdapter[Any]]
    event_types: ClassVar[TypeAdapter[Any]]
    # Other spellings of action types players may use ("next" for "next_phase").
    aliases: ClassVar[Mapping[str, str]] = {}
    # Fields older versions stored in states that this one no longer has.
    retired_fields: ClassVar[frozenset[str]] = frozenset()
    steps: ClassVar[Mapping[str, Step[Any]]]
    handlers: ClassVar[Mapping[str, Handler[Any, Any]]]
    # Action types only a referee (the creator or a moderator) may use.
    referee_actions: ClassVar[frozenset[str]] = frozenset()
    # Action types that take effect only once the other side agrees (`agreement_from`
    # names it), whatever the game's reports setting: starting a 40k battle.
    consent_actions: ClassVar[frozenset[str]] = frozenset()
    # Action types a seat may use when another seat is prompted (the handler checks it).
    out_of_turn_actions: ClassVar[frozenset[str]] = frozenset()
    # Action types whose choices reveal hidden information (a card in hand, a sealed
    # order): offered only privately, and left out of a running game's export.
    private_actions: ClassVar[frozenset[str]] = frozenset()
    # Action types the legal actions never list, reported from the table (losses, contacts,
    # a unit seen): the phone menus (rules/core/menus.py) offer them from their command
    # declaration, each value picked from `suggest`.
    reported_actions: ClassVar[frozenset[str]] = frozenset()
    # Whether a seat may know things the others may not (a hand, face-down pieces); a
    # system without any answers /game hand by saying nothing is hidden.
    hidden_information: ClassVar[bool] = False
    # The event types worth retelling to a player who was away (card plays, battles,
    # losses, scores): the turn message's recap picks these out of the opponent's play.
    headline_events: ClassVar[frozenset[str]] = frozenset()
    # Where the catalogues live (data/locales/<language>/<id>.ftl); None: data/locales.
    locales: ClassVar[Path | None] = None
    # Whether players may bring scenarios of their own (`read_scenario`): the service keeps
    # a server's accepted uploads, and a game made from one stores it whole in its scenario id.
    uploads_scenarios: ClassVar[bool] = False
    # Whether a server may keep datasheets its players' imports read (`read_datasheets`):
    # the service keeps a server's accepted uploads and hands their stored forms to
    # `prepare` under SERVER_DATASHEETS for the action types in `datasheet_actions`.
    uploads_datasheets: ClassVar[bool] = False
    datasheet_actions: ClassVar[frozenset[str]] = frozenset()

    # ---------------------------------------------------------------- to implement
    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        raise NotImplementedError

    def new_game(self, scenario_id: str, seed: str) -> S:
        """Set up a scenario; the seed drives every die and shuffle."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """Return how the game ended, or None while it goes on."""
        raise NotImplementedError

    def best_score(self, state: S, seat: str) -> int | None:
        """Return the most `seat` can score in this game (None: the system keeps no score).

        A league scores a conceded game or one lost on time as this for the winner, 0 for
        the loser, unless it says to keep the score as it stood."""
        return None

    def replay_start(self, scenario_id: str, seed: str, stamp: str = "") -> S:
        """Return the state a stored game's replay starts from.

        `stamp` is the engine version the game was stored with (empty: this one). A
        system whose state keeps the rules an older game began under (a `ruleset`
        field) sets them here, so an old game replays as it was played; by default a
        replay starts from a new game.
        """
        return self.new_game(scenario_id, seed)

    def board(self, state: S, seat: str | None) -> HexBoardView | TabletopView:
        """Return the public picture, seen from `seat`'s own edge (None: the default side)."""
        raise NotImplementedError

    def scenario_info(self, scenario_id: str) -> ScenarioInfo | None:
        """Return the seats of a scenario a game names (bundled or stored whole), or None."""
        return next((i for i in self.scenarios() if i.id == scenario_id), None)

    def read_scenario(self, text: str) -> tuple[str, str]:
        """Read an uploaded scenario file: return its name and the scenario id a game keeps.

        Only for systems with `uploads_scenarios`; a mistake raises RuleViolation
        naming the line and field it is on.
        """
        raise NotImplementedError

    def read_datasheets(self, data: str | bytes) -> tuple[str, str, int, tuple[Msg, ...]]:
        """Read an uploaded datasheets file: its name, stored form, count and preview lines.

        Only for systems with `uploads_datasheets`; a mistake raises RuleViolation.
        """
        raise NotImplementedError

    # ---------------------------------------------------------------- optional
    def secrets(self, state: S, seat: str) -> tuple[Msg, ...]:
        """Return what only `seat` may read (its hand, its face-down pieces)."""
        return ()

    def summary(self, state: S, full: bool) -> tuple[Msg, ...]:
        """Return the public position in words, grouped and compact (full: every piece).

        For players on phones, screen readers and anyone quoting a position in a
        rules argument; it holds nothing a spectator may not see.
        """
        return ()

    def position(self, state: S, seat: str | None) -> dict[str, Any]:
        """Return the position as data `seat` may know (None: a spectator)."""
        data = state.model_dump(mode="json")
        data.pop("dice", None)
        return data

    def suggest(
        self,
        state: S,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[Msg | str, str]]:
        """Offer (label, value) completions for an option, best first, at most 25."""
        return []

    def report_for(self, state: S, action: Action) -> str | None:
        """Return the seat whose units a report is about (tracker systems), else None."""
        return None

    def agreement_from(self, state: S, action: Action) -> str | None:
        """Return the seat that must agree before a report about its units counts."""
        return None

    def after(self, before: S, work: S, action: Action, events: list[Event]) -> None:
        """Follow-ups every action shares (objective control, switching orders...)."""

    def demo_player(self) -> Player | None:
        """Return the simple policy that plays both sides of a demo game, or None (no demo).

        `tools/make_demo.py` lets it play a seeded game into a bundled demo script
        (data/demo/*.txt); see `Player` below. Import it inside the method, so
        that loading an engine does not load its player.
        """
        return None

    def label(self, action: Action, state: S | None = None) -> Msg:
        """Return what a button offering this action says: `button-<type>` with its fields.

        `state` is the position the button is offered in, for a system whose button says
        where the action leads ("End the turn" rather than "Next phase").
        """
        fields = {k: v for k, v in action if k not in ("type", "seat")}
        return msg(f"button-{kebab(action.type)}", **{k: _value(v) for k, v in fields.items()})

    def preview(self, action: Action) -> tuple[Msg, ...]:
        """Return what a `preview` command's action would bring, line by line, before Accept."""
        return (self.label(action),)

    def preview_choices(self, action: Action) -> tuple[PreviewChoice, ...]:
        """Return the choices a preview offers as pick lists, made before Accept; none here."""
        return ()

    def preview_choose(self, action: Action, key: str, value: str) -> Action:
        """Return the previewed action with choice `key` made (a RuleViolation if `value` is
        not offered); only a system that offers choices has any to make."""
        raise RuleViolation("core/bad-input", msg("input-unknown-button"))

    def points_of(self, action: Action) -> int | None:
        """Return the points an import lists in all (an army list's), None if it has none."""
        return None

    def points_limit(self, state: S) -> int | None:
        """Return the points limit the scenario sets on an army, None if it sets none."""
        return None

    # ---------------------------------------------------------------- the skeleton
    def title(self) -> Msg:
        """Return the system's name as a message (`system-title` in its catalogue)."""
        return msg("system-title")

    def scenario_title(self, scenario_id: str) -> Term:
        """Return a scenario's title as a catalogue term."""
        return term("scenario", scenario_id)

    def seat_name(self, seat: str) -> Term:
        """Return a seat's name as a catalogue term."""
        return term("seat", seat)

    def load_state(self, data: dict[str, Any]) -> S:
        """Rebuild a state from its JSON form (fields retired by later versions dropped)."""
        if self.retired_fields:
            data = {k: v for k, v in data.items() if k not in self.retired_fields}
        state: S = self.state_type.model_validate(data)  # type: ignore[assignment]
        return state

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Read an action from its JSON or command-option form (pydantic errors if bad)."""
        raw = dict(data)
        kind = raw.get("type")
        if isinstance(kind, str):
            kind = kind.strip().lower().replace("-", "_").replace(" ", "_")
            raw["type"] = self.aliases.get(kind, kind)
        raw = self.prepare(raw)
        action: Action = self.action_types.validate_python(raw)
        return action

    def prepare(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Turn an action's raw form into its stored form before validation (a file read)."""
        return raw

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """Apply one action after checking every rule; an illegal one raises and changes nothing."""
        self.check(state, action)
        work: S = type(state).model_validate_json(state.model_dump_json())
        dice = Dice(work.dice)
        events: list[Event] = []
        self.handlers[action.type].effect(work, action, dice, events)
        work.dice = dice.state
        self.after(state, work, action, events)
        return work, events

    def check(self, state: S, action: Action) -> None:
        """Refuse an action the game's step, the seat or the action's own rules forbid."""
        step = self.steps[state.step]
        actor = step.actor(state)
        open_now = action.type in step.actions
        if not open_now and actor is None:
            raise RuleViolation("core/game-over", msg("refusal-game-over"))
        in_turn = action.type not in self.referee_actions | self.out_of_turn_actions
        if in_turn and action.seat != actor:
            raise RuleViolation(
                "core/not-your-turn",
                msg("refusal-not-your-turn", seat=self._seat_term(actor),
                    step=term("step", state.step)),
            )
        if not open_now:
            raise RuleViolation(
                "core/wrong-step",
                msg("refusal-wrong-step", step=term("step", state.step),
                    action=term("action", action.type),
                    open=items(term("action", a) for a in step.actions)),
            )
        handler = self.handlers.get(action.type)
        if handler is None:
            raise RuleViolation("core/bad-input", msg("refusal-unknown-action", action=action.type))
        if handler.check is not None:
            handler.check(state, action)

    def _seat_term(self, seat: str | None) -> Term | None:
        return self.seat_name(seat) if seat is not None else None

    def is_legal(self, state: S, action: Action) -> bool:
        """Say whether an action would be accepted now (by its check, without applying it)."""
        try:
            self.check(state, action)
        except RuleViolation:
            return False
        return True

    def prompt(self, state: S) -> Prompt:
        """Say who must act next and what is open to them."""
        step = self.steps[state.step]
        return Prompt(
            seat=step.actor(state), step=state.step, actions=step.actions, hint=step.hint(state)
        )

    def legal_actions(self, state: S, seat: str) -> list[Action]:
        """List a seat's legal actions in this step, sorted (for buttons and playouts)."""
        return sorted(self._offered(state, seat, _anything), key=sort_key)

    def _offered(self, state: S, seat: str, keep: Callable[[Action], bool]) -> Iterator[Action]:
        """Yield the step's legal actions for a seat that `keep` accepts, unsorted.

        A step's `candidates` are judged by their handlers' checks, and only those `keep`
        accepts: a public reply does not judge a hundred private orders to offer "ready".
        """
        step = self.steps[state.step]
        if step.candidates is None:
            yield from (a for a in (step.legal(state, seat) if step.legal else ()) if keep(a))
            return
        for action in step.candidates(state, seat):
            if not keep(action):
                continue
            check = self.handlers[action.type].check
            if check is not None:
                try:
                    check(state, action)
                except RuleViolation:
                    continue
            yield action

    def button_actions(
        self, state: S, seat: str, most: int, keep: Callable[[Action], bool] = _anything
    ) -> list[Action]:
        """The legal actions (those `keep` accepts) to offer a seat as buttons, sorted: all
        of them when there are at most `most`, else the option-less ones (at most `most`).

        A step that is `simple_first` is listed only until there are too many, so a turn
        with dozens of possible moves does not check them all to offer "end turn".
        """
        seen: list[Action] = []
        if self.steps[state.step].simple_first:
            for action in self._offered(state, seat, keep):
                seen.append(action)
                if len(seen) > most and has_options(action):
                    break  # every option-less action came before this one
        else:
            seen = list(self._offered(state, seat, keep))
        if len(seen) > most:
            seen = [a for a in seen if not has_options(a)]
            return sorted(seen, key=sort_key)[:most]
        return sorted(seen, key=sort_key)

    def view(self, state: S, seat: str | None) -> SeatView:
        """Return what `seat` (None: a spectator) may see; the one door to hidden things."""
        return SeatView(
            seat=seat,
            board=self.board(state, seat),
            private=self.secrets(state, seat) if seat is not None else (),
            position=self.position(state, seat),
            summary=self.summary(state, False),
            details=self.summary(state, True),
        )


def _value(value: Any) -> Value:
    """Return an action field as a message value (lists as lists, models as text)."""
    if value is None or isinstance(value, str | int | float | bool | Msg | Term | Items):
        return value
    if isinstance(value, tuple | list):
        return Items(items=tuple(_value(v) for v in value))
    return str(value)


# What a demo player is made of, declared beside the engine that offers one (`demo_player`);
# the helpers its policy uses are in rules/core/autoplay.py.


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
Policy = Callable[[Engine[Any], Any, Memory], Action | None]


def _no_heading(state: Any) -> str | None:
    return None


@dataclass(frozen=True)
class Player:
    """How the tool plays a system: its policy, when to look at the private view first, and a
    comment heading each new part of the game (a battle round, a turn).

    `about` says the policy in a few words; it is written into the script's first lines."""

    policy: Policy
    hand: Callable[[Any, Action, Memory], bool]
    about: str
    heading: Callable[[Any], str | None] = _no_heading


__all__ = [
    "Engine",
    "GameState",
    "Handler",
    "Memory",
    "Outcome",
    "Player",
    "Policy",
    "Prompt",
    "ScenarioInfo",
    "SeatView",
    "Step",
    "sort_key",
]
