"""One game as a command sees it: its row, its rules, its position and its words.

A command builds one `Table` and asks it everything: the prompt, the outcome, the
legal actions of a seat and the picture are each worked out once, however many
parts of the reply need them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from bot.errors import GameFinished, NoGame
from bot.replies import Reply
from bot.service.settingrules import CLAIM_KIND, typed_changes
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.text import (
    Said,
    Words,
    pick_language,
    scenario_title,
    seat_term,
    system_title,
    typed,
    word_view,
    words_for,
)
from rules.core.engine import Outcome, Prompt, SeatView
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from rules.core.system import GameSystem, system
from rules.core.text import Msg, Term


@dataclass(frozen=True)
class Caller:
    """The person behind a command."""

    user_id: str
    name: str
    moderator: bool = False
    locale: str | None = None
    bot: bool = False


# A button's handler: (channel id, who pressed, (kind, game id, version, argument)) -> reply.
# Each part of the service declares the buttons it makes beside the code that makes them
# (its `buttons` mapping, custom-id kind -> handler); GameService.press looks them up.
PressedId = tuple[str, int, int, str]
ButtonHandler = Callable[[str, Caller, PressedId], Reply]


class Table:
    """One game, for one command."""

    def __init__(self, game: GameRow, state: Any = None, prompt: Prompt | None = None) -> None:
        """Set the table for a stored game; `state`, when given, is its position already
        read (the one just stored), so it is not read again from the row, and `prompt`
        that position's prompt, already asked."""
        self.game = game
        self.system: GameSystem = system(game.system)
        if state is not None:
            self.__dict__["state"] = state
            if prompt is not None:
                self.__dict__["prompt"] = prompt
        self._legal: dict[str, list[Action]] = {}
        self._views: dict[str | None, SeatView] = {}
        self._boards: dict[str | None, Any] = {}
        self._pictures: dict[str | None, Any] = {}

    @property
    def language(self) -> str:
        """Return the game's language."""
        return self.game.language

    @cached_property
    def words(self) -> Words:
        """Return the game's words: its language, its system's catalogue."""
        return words_for(self.system, self.game.language)

    @cached_property
    def state(self) -> Any:
        """Return the game's position."""
        return self.system.load_state(self.game.state)

    @cached_property
    def prompt(self) -> Prompt:
        """Return who must act next and what is open to them."""
        found: Prompt = self.system.prompt(self.state)
        return found

    @cached_property
    def outcome(self) -> Outcome | None:
        """Return how the game ended by its rules, or None while they go on."""
        found: Outcome | None = self.system.outcome(self.state)
        return found

    def legal(self, seat: str) -> list[Action]:
        """Return a seat's legal actions in this position."""
        if seat not in self._legal:
            self._legal[seat] = list(self.system.legal_actions(self.state, seat))
        return self._legal[seat]

    def view(self, seat: str | None) -> SeatView:
        """Return what `seat` (None: anyone watching) may see: every picture, private
        reply and running game's export is built from it, so nothing hidden leaks.
        """
        if seat not in self._views:
            self._views[seat] = self.system.view(self.state, seat)
        return self._views[seat]

    def record_position(self) -> dict[str, Any]:
        """Return the position a game's export carries: the public view while it runs,
        everything once it has ended (the seed is revealed then too).
        """
        if self.game.over:
            whole: dict[str, Any] = self.state.model_dump(mode="json")
            return whole
        return self.view(None).position

    def summary(self, full: bool = False) -> list[str]:
        """Word the public position: compact, or with every piece (`full`)."""
        seen = self.view(None)
        return self.words.lines(seen.details if full else seen.summary)

    def secrets(self, seat: str) -> list[str] | None:
        """Word what only `seat` may see; None when the system hides nothing."""
        if not self.system.hidden_information:
            return None
        return self.words.lines(self.view(seat).private)

    @property
    def private_actions(self) -> frozenset[str]:
        """Return the action types whose choices reveal hidden information."""
        return self.system.private_actions

    @property
    def out_of_turn_actions(self) -> frozenset[str]:
        """Return the action types a seat may use when another seat is prompted."""
        return self.system.out_of_turn_actions

    # ------------------------------------------------------------ words

    def seat(self, seat: str | None) -> Term:
        """Return a seat as a term (worded with its articles in the templates)."""
        return seat_term(seat)

    def seat_name(self, seat: str | None) -> str:
        """Return a seat's name in the game's language."""
        return self.words.term(seat_term(seat))

    def title(self) -> str:
        """Return the system's name in the game's language."""
        return system_title(self.system, self.language)

    def scenario_title(self) -> str:
        """Return the scenario's title in the game's language."""
        return scenario_title(self.system, self.game.scenario, self.language)

    def hint(self) -> str:
        """Return what the seat to act should do now."""
        hint = self.prompt.hint
        return self.words.word(hint) if hint is not None else ""

    def reason(self, reason: Msg | str | None) -> str:
        """Word why the game ended, or why an action was refused (older games stored text)."""
        if reason is None:
            return ""
        return self.words.word(reason)

    def typed(self, action: dict[str, Any]) -> str:
        """Write a stored action as the command a player types for it (`/wh40k start`)."""
        try:
            if action.get("type") in self.system.private_actions:  # its choices stay secret
                name = next(c.name for c in self.system.commands if c.action == action["type"])
                return f"`/{self.system.command_group} {name}`"
            return f"`{typed(self.system, self.system.parse_action(action))}`"
        except (ValueError, StopIteration, RuleViolation):
            return f"`{action.get('type')}`"

    def claimed(self, action: dict[str, Any], records: list[dict[str, Any]]) -> str:
        """Say what a claim is: the events a report claims, the request as typed, or the
        settings a change of them asks (bot/service/settingrules.py)."""
        if action.get("type") == CLAIM_KIND:
            return Said(typed_changes(action.get("changes") or {}))
        if records:
            return " ".join(self.event(r) for r in records)
        return self.typed(action)

    def event(self, record: Event | dict[str, Any]) -> str:
        """Word one event, as made or as stored (one stored in an older shape keeps its
        stored words)."""
        return self.words.event(self.system, record)

    def board(self, seat: str | None) -> Any:
        """Return the board of `view(seat)`: asked of the system alone when the rest of
        the view (its summaries, its position as data) has not been needed, as a turn's
        picture does not need them."""
        if seat in self._views:
            return self._views[seat].board
        if seat not in self._boards:
            self._boards[seat] = self.system.board(self.state, seat)
        return self._boards[seat]

    def picture(self, seat: str | None = None) -> Any:
        """Return the board as `seat` sees it, worded, ready to draw (once per seat)."""
        if seat not in self._pictures:
            self._pictures[seat] = word_view(self.board(seat), self.words)
        return self._pictures[seat]

    def result(self) -> str:
        """Word the stored result of a game that is over (a message stored as data)."""
        stored = self.game.result
        if not stored:
            return ""
        return self.reason(parse_result(stored))

    def result_line(self) -> str:
        """Say how a finished or ended game came out."""
        game, words = self.game, self.words
        reason = self.result()
        if game.status == "finished" and game.winner:
            return words("game-winner", seat=self.seat(game.winner), reason=reason)
        if game.status == "finished":
            return words("game-draw", reason=reason)
        return reason or words("game-ended-without-winner")

    # ------------------------------------------------------------ who may do what

    def is_referee(self, caller: Caller) -> bool:
        """Say whether the caller referees this game: its creator or a moderator."""
        return caller.moderator or caller.user_id == self.game.creator_id

    def neutral_referee(self, caller: Caller) -> bool:
        """Say whether the caller referees without playing: a moderator, or an unseated creator."""
        return caller.moderator or (
            caller.user_id == self.game.creator_id and not self.game.seats_of(caller.user_id)
        )


def running(tx: Transaction, channel_id: str, caller: Caller | None) -> GameRow:
    """Return the channel's running game, or refuse: no game, or the last one is over."""
    game = tx.active_game(channel_id)
    if game is not None:
        return game
    raise no_game(tx.latest_game(channel_id), caller)


def latest(tx: Transaction, channel_id: str, caller: Caller | None) -> GameRow:
    """Return the channel's latest game, running or not; NoGame if it never had one."""
    game = tx.latest_game(channel_id)
    if game is None:
        raise no_game(None, caller)
    return game


def no_game(last: GameRow | None, caller: Caller | None) -> NoGame | GameFinished:
    """Say why there is no game to act on: none at all, or the last one is over (and how)."""
    if last is None:
        error: NoGame | GameFinished = NoGame()
        error.where(pick_language(caller.locale if caller else None))
        return error
    table = Table(last)
    finished = GameFinished(result=table.result_line())
    finished.where(last.language, last.system)
    return finished


def parse_result(stored: str) -> Msg | str:
    """Read a game's stored result: a message stored as JSON, or (older games) its text."""
    if stored.startswith("{"):
        try:
            return Msg.model_validate_json(stored)
        except ValueError:
            return stored
    return stored


__all__ = ["Caller", "Table", "latest", "no_game", "parse_result", "running"]
