"""GameService: the one path every transport takes, put together from parts with one job each.

- `games`: start a game, take seats, resign, end, settings (bot/service/games.py)
- `turns`: act, claims, buttons, undo, rulings (bot/service/turns.py)
- `views`: status, what only you may see, the log, completions (bot/service/views.py)
- `records`: export and verify (bot/service/records.py)
- `rulebook`: rule search and rule text (bot/service/rulebook.py)
- `leagues`: leagues and their standings (bot/service/leagues/seasons.py)
- `clocks`: time controls: extend, holiday, reminders, a win claimed on time (service/turnclocks.py)
- `scheduler`: what falls due with time, from its sources (bot/service/scheduler.py)

Each part takes the store (and the board replies) it needs, and a per-command
`Table` (bot/service/context.py) works out a game's prompt, outcome and legal actions once.
Discord, the console and the tests all call this class, so they behave alike.
Methods are synchronous and thread-safe; the Discord transport runs them in a
worker thread so neither SQLite nor rendering ever blocks the event loop.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from bot.errors import PlayerError
from bot.replies import Button, Reply, parse_custom_id
from bot.service.boards import BoardReplies, Render
from bot.service.context import Caller, Table, latest
from bot.service.games import Games
from bot.service.importreview import Previews
from bot.service.leagues.seasons import Leagues
from bot.service.records import Records
from bot.service.rulebook import Rulebook
from bot.service.scheduler import Scheduler
from bot.service.turnclocks import CLAIM_BUTTON, Clocks, follow
from bot.service.turns import Turns
from bot.service.views import Views
from bot.store.sqlite import GameStore
from bot.timecontrol import TimeControl
from rules.core.text import Msg


class GameService:
    """Games per channel: create, seat, act, show, undo, finish, export, verify."""

    def __init__(
        self,
        store: GameStore,
        render: Render | None = None,
        seed_factory: Callable[[], str] = lambda: secrets.token_hex(16),
    ) -> None:
        self.store = store
        self._render = render
        self.boards = BoardReplies(render, clock=store.clock)
        self.games = Games(store, self.boards, seed_factory)
        self.turns = Turns(store, self.boards)
        self.views = Views(store, self.boards, self.turns.claim_buttons)
        self.records = Records(store)
        self.rulebook = Rulebook(store)
        self.leagues = Leagues(store, self.games)
        self.previews = Previews(store, self.boards, self.turns)
        # Every change of a game keeps its clock (service/turnclocks.py), in the same transaction.
        store.add_hook("clocks", follow)
        self.clocks = Clocks(store, self.boards)
        self.scheduler = Scheduler(store, store.clock,
                                   sources=[self.clocks.source, self.leagues.source])

    # ------------------------------------------------------------ games
    def new_game(self, channel_id: str, guild_id: str, caller: Caller, system_id: str,
                 scenario: str, opponent: Caller | None = None, seat: str | None = None,
                 language: str | None = None,
                 time_control: TimeControl | None = None) -> Reply:
        """Start a game in a channel (see Games.new_game)."""
        return self.games.new_game(channel_id, guild_id, caller, system_id, scenario,
                                   opponent, seat, language, time_control)

    def join(self, channel_id: str, caller: Caller, seat: str | None = None) -> Reply:
        """Take a seat (see Games.join)."""
        return self.games.join(channel_id, caller, seat)

    def resign(self, channel_id: str, caller: Caller) -> Reply:
        """Concede (see Games.resign)."""
        return self.games.resign(channel_id, caller)

    def end(self, channel_id: str, caller: Caller) -> Reply:
        """End without a winner (see Games.end)."""
        return self.games.end(channel_id, caller)

    def settings(self, channel_id: str, caller: Caller, language: str | None = None,
                 deadline_hours: int | None = None, reports: str | None = None,
                 referee_sees: str | None = None, time: str | None = None,
                 remind: str | None = None) -> Reply:
        """Show or change settings (see Games.settings)."""
        return self.games.settings(channel_id, caller, language, deadline_hours, reports,
                                   referee_sees, time, remind)

    # ------------------------------------------------------------ turns
    def act(self, channel_id: str, caller: Caller, action: dict[str, Any],
            expected_version: int | None = None, expected_game: int | None = None) -> Reply:
        """Apply one action (see Turns.act)."""
        return self.turns.act(channel_id, caller, action, expected_version, expected_game)

    def settle(self, channel_id: str, caller: Caller, seq: int, agree: bool) -> Reply:
        """Answer a claim (see Turns.settle)."""
        return self.turns.settle(channel_id, caller, seq, agree)

    def press(self, channel_id: str, caller: Caller, custom_id: str) -> Reply:
        """Press a button (see Turns.press; "details" only reads, see Views.details)."""
        parsed = parse_custom_id(custom_id)
        if parsed is not None and parsed[0] == "details":
            return self.views.details(parsed[1], channel_id)
        if parsed is not None and parsed[0] == "rule":  # a related rule, shown to the presser
            reply = self.rulebook.show(channel_id, caller, parsed[3])
            reply.ephemeral = True
            return reply
        # --- a league report's Confirm / Dispute / Uphold (leagues/reports.py): fixture and report
        if parsed is not None and parsed[0] in ("league-confirm", "league-dispute",
                                                "league-uphold"):
            return self.leagues.reports.press(caller, parsed[0], parsed[1], parsed[2])
        # --- previews of an import (service/importreview.py): Accept applies it, Cancel drops it
        if parsed is not None and parsed[0] in ("preview-yes", "preview-no"):
            return self.previews.press(channel_id, caller, parsed[1], parsed[3],
                                       accept=parsed[0] == "preview-yes")
        # ---
        if parsed is not None and parsed[0] == CLAIM_BUTTON:  # a win claimed on time
            return self.clocks.claim(channel_id, caller, parsed[1], parsed[3])
        return self.turns.press(channel_id, caller, custom_id, self.games)

    def undo(self, channel_id: str, caller: Caller) -> Reply:
        """Take back an action (see Turns.undo)."""
        return self.turns.undo(channel_id, caller)

    def answer_undo(self, channel_id: str, caller: Caller, agree: bool,
                    expected_version: int | None = None) -> Reply:
        """Answer an undo request (see Turns.answer_undo)."""
        return self.turns.answer_undo(channel_id, caller, agree, expected_version)

    def ruling(self, channel_id: str, caller: Caller, action: dict[str, Any],
               seat: str | None = None) -> Reply:
        """Judge an action without applying it (see Turns.ruling)."""
        return self.turns.ruling(channel_id, caller, action, seat)

    # ------------------------------------------------------------ views
    def status(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Show the board and whose turn it is (see Views.status)."""
        return self.views.status(channel_id, caller)

    def private(self, channel_id: str, caller: Caller) -> Reply:
        """Show what only you may see (see Views.private)."""
        return self.views.private(channel_id, caller)

    def log_lines(self, channel_id: str, caller: Caller | None = None, last: int = 20) -> Reply:
        """Show the log (see Views.log_lines)."""
        return self.views.log_lines(channel_id, caller, last)

    def suggest(self, channel_id: str, caller: Caller, option: str, text: str,
                context: dict[str, Any] | None = None) -> list[tuple[str, str]]:
        """Offer completions (see Views.suggest)."""
        return self.views.suggest(channel_id, caller, option, text, context)

    # ------------------------------------------------------------ records
    def export(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Attach the game record as JSON (the seed only once revealed)."""
        with self.store.reading() as tx:
            game = latest(tx, channel_id, caller)
            data = self.records.export(game, tx.log(game.id))
        digest = str(json.loads(data).get("digest", ""))
        return Reply(text=Table(game).words("game-exported", digest=digest),
                     files=[(f"banneret-game-{game.id}.json", data)],
                     game_id=game.id, version=game.version)

    def verify_channel(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Verify the channel's game and say so."""
        with self.store.reading() as tx:
            game = latest(tx, channel_id, caller)
        _, message = self.records.verify_game(game.id)
        return Reply(text=Table(game).words.message(message), game_id=game.id,
                     version=game.version)

    def replay(self, channel_id: str, caller: Caller | None = None, start: int | None = None,
               end: int | None = None, delay: float | None = None) -> Reply:
        """Animate the channel's game from its public positions (see bot/service/replay.py)."""
        from bot.service.replay import replay_channel

        return replay_channel(self.store, self._render is not None, channel_id, caller,
                              start, end, delay)

    def verify_game(self, game_id: int) -> tuple[bool, Msg]:
        """Replay one stored game and compare it with what is stored."""
        return self.records.verify_game(game_id)

    def verify_all(self) -> list[tuple[int, bool, Msg]]:
        """Verify every stored game."""
        return self.records.verify_all()

    def verify_record(self, record: dict[str, Any]) -> tuple[bool, Msg]:
        """Check an exported game record on its own."""
        return self.records.verify_record(record)


__all__ = ["Button", "Caller", "GameService", "PlayerError", "Reply"]
