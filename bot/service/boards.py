"""The public part of every reply about a game: whose turn, the buttons, the picture."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from bot.clock import Clock
from bot.paging import ROOM, newest
from bot.recent import Recent
from bot.replies import Board, Button, Link, Reply, TurnMark, action_digest
from bot.service.context import Table
from bot.service.pagelinks import PageLinks
from bot.service.timekeeping import time_line
from rules.core.model import Action, Event
from rules.core.text import Term

MAX_BUTTONS = 5


class Render(Protocol):
    """Draws a board view as PNG bytes (`renderers.render_png`, a `RenderPool`, a test's).

    `lineage` names the boards this one follows (the game's id): a renderer that keeps
    the last board drawn of each lineage draws only what changed since. The bytes must
    not depend on it.
    """

    def __call__(self, view: Any, /, *, lineage: Hashable | None = None) -> bytes: ...


# Every board cache of the bot, in one place: the replies by position and the pictures.
# Board replies kept for positions asked about again: one a channel for a busy server
# (each holds its PNG, ~55 KB, so at most ~15 MB).
BOARD_CACHE = 256
PICTURES = 256  # about 12 MB of PNGs at most


class Boards(Recent[Board]):
    """Recent board replies by position.

    The key holds everything a board depends on (the game row's id, version, last
    write, status, result and language), so any write moves it and the database
    stays the truth; a channel asking for the same board again gets it at once.
    """

    def __init__(self, size: int = BOARD_CACHE) -> None:
        super().__init__(size)


class Pictures(Recent[bytes]):
    """The last pictures drawn, by key (game id, version, last write, language, seat)."""

    def __init__(self, size: int = PICTURES) -> None:
        super().__init__(size)


class BoardReplies:
    """Build (and keep) the board reply of positions, and turn replies on top of them."""

    def __init__(self, render: Render | None, boards: Boards | None = None,
                 clock: Clock | None = None) -> None:
        self._render = render
        self._clock = clock
        self._boards = boards or Boards()
        self._pictures = Pictures()
        # Where the web companion shows each game, when the bot runs one (bot/app.py).
        self.pages: PageLinks | None = None

    def draw(self, table: Table, seat: str | None = None) -> bytes | None:
        """Draw the board as `seat` sees it (None when no renderer is configured).

        Kept per game, version and seat; a seat whose picture is the public one (a
        player with nothing hidden on the board, seen from the bottom edge) gets the
        public picture's bytes, drawn once for both.
        """
        render = self._render
        if render is None:
            return None
        game = table.game
        key = (game.id, game.version, game.updated_at, game.language, game.system, seat)
        # A seat's own view is its own lineage: drawn over the game's public board, half
        # of it would be redrawn at every turn, back and forth.
        lineage = game.id if seat is None else (game.id, seat)

        def make() -> bytes:
            picture = table.picture(seat)
            if seat is not None and picture == table.picture(None):
                return self.draw(table, None) or render(picture, lineage=game.id)
            return render(picture, lineage=lineage)

        return self._pictures.get(key, make)

    def draw_past(self, key: tuple[Any, ...], picture: Callable[[], Any],
                  lineage: Hashable | None = None) -> bytes | None:
        """Draw a picture that is not a game's board now (a past position), kept by `key`
        among the same pictures, so stepping back and forth draws each position once.

        `lineage` is the past positions' own (not the game's, whose next turn would be
        drawn over them); without one it is drawn over the newest board of its map.
        """
        render = self._render
        if render is None:
            return None
        return self._pictures.get(("past", *key), lambda: render(picture(), lineage=lineage))

    def board(self, table: Table) -> Reply:
        """Return the status part every public reply shares: whose turn, buttons, the board."""
        game = table.game
        key = (game.id, game.version, game.updated_at, game.language, game.status, game.winner,
               game.result, game.seed_revealed, game.system, game.scenario)
        reply = self._boards.get(key, lambda: self._make(table)).reply()
        url = self.pages.game(game.id) if self.pages is not None else None
        if url:
            reply.links.append(Link(table.words("web-link-button"), url))
        if self._clock is not None:
            # The time left changes by the minute: said fresh, after the turn line.
            line = time_line(table, self._clock.now())
            if line is not None:
                reply.lines.insert(1 if reply.lines else 0, line)
        return reply

    def _make(self, table: Table) -> Board:
        game, words = table.game, table.words
        lines: list[str] = []
        buttons: list[Button] = []
        if game.over:
            lines.append(table.result_line())
        else:
            prompt = table.prompt
            if prompt.seat:
                lines.append(words("game-turn", seat=table.seat(prompt.seat), hint=table.hint()))
                if game.status == "active":
                    buttons = [*self.choices(table, prompt.seat), panel_button(table)]
        if game.over and game.seed_revealed:
            lines.append(words("game-seed-revealed", seed=game.seed))
        title = words("game-status-title", system=table.title(), scenario=table.scenario_title())
        footer = words("game-footer", game=game.id, version=game.version)
        return Board(title, tuple(lines), self.draw(table), tuple(buttons), game.id,
                     game.version, footer)

    def choices(self, table: Table, seat: str, private: bool = False) -> list[Button]:
        """Offer a seat's choices as buttons: all of them when few, else the option-less ones.

        A retreat among three hexes becomes three buttons; a 40k phase with dozens of
        actions still gets a one-click "next phase". Choices that would reveal a hand
        (`private_actions`) go only on the player's private reply, never on a public one.
        """
        hidden = table.private_actions
        options = table.system.button_actions(table.state, seat, MAX_BUTTONS,
                                              lambda a: (a.type in hidden) == private)
        return [
            Button("act", self.label(table, a), table.game.id, table.game.version,
                   action_digest(a))
            for a in options
        ]

    def label(self, table: Table, action: Action) -> str:
        """Say what a button offering an action does, in the game's language.

        A system words the actions it offers as buttons (`button-<type>`); any other
        action, judged in a ruling, is named by its command (`action-<type>`).
        """
        label = table.system.label(action, table.state)
        if table.words.has(label.key):
            return table.words.message(label)
        return table.words.term(Term(kind="action", id=action.type))

    def turn(self, table: Table, records: Sequence[Event | dict[str, Any]],
             mention_from: str | None, mark: TurnMark | None = None) -> Reply:
        """Return the reply after an action: what happened, then the board.

        The next player is pinged when the turn passes to them (`mention_from` is the
        seat that was to act before). `mark` says which turn message shows the move.
        """
        reply = self.board(table)
        said = [table.event(e) for e in records]
        if mark is not None:
            reply.turn = fitting(mark, table, tuple(said), tuple(reply.lines))
        reply.lines = said + reply.lines
        reply.text = reply.lines.pop(0) if reply.lines else ""
        after = table.prompt.seat
        if not table.game.over and after and after != mention_from:
            reply.mention = table.game.seats.get(after)
        return reply


def panel_button(table: Table) -> Button:
    """Return the turn message's button that opens a player's private controls: "Your hand"
    in a system that says so (`controls-button` in its catalogue), else "Your choices"."""
    words = table.words
    label = words("controls-button") if words.has("controls-button") else words("button-controls")
    return Button("panel", label, table.game.id, table.game.version, style="secondary")


def fitting(mark: TurnMark, table: Table, said: tuple[str, ...], status: tuple[str, ...]
            ) -> TurnMark:
    """Return a move's turn message as it fits one message: the board's lines whole, the
    stretch's log (or what the player missed) from its newest lines back, with a line
    saying how many earlier ones are left out."""
    room = ROOM - sum(len(line) + 1 for line in status)
    words = table.words
    recap = newest(mark.recap, words, room // 2)
    return replace(mark, said=newest(said, words, room - _size(recap)),
                   log=newest(mark.log, words, room), recap=recap,
                   closing=newest(mark.closing, words, ROOM), status=status)


def _size(lines: tuple[str, ...]) -> int:
    return sum(len(line) + 1 for line in lines)


__all__ = ["MAX_BUTTONS", "BoardReplies", "fitting", "panel_button"]
