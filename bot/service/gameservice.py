"""GameService: the one path every transport takes, put together from parts with one job each.

- `games`: start a game, take seats, resign, end, settings (bot/service/games.py)
- `turns`: act, claims, buttons, undo, rulings (bot/service/turns.py)
- `views`: status, what only you may see, the log, completions (bot/service/views.py)
- `records`: export and verify (bot/service/records.py)
- `rulebook`: rule search and rule text (bot/service/rulebook.py)
- `leagues`: leagues and their standings (bot/service/leagues/seasons.py)
- `clocks`: time controls: extend, holiday, reminders, a win claimed on time (service/turnclocks.py)
- `scheduler`: what falls due with time, from its sources (bot/service/scheduler.py)
- `stats`: a player's record and a scenario's balance in a server (bot/service/stats.py)

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

from bot.errors import PlayerError, bad_input
from bot.paging import PAGE_BUTTON, fitted, parse_page
from bot.replies import Button, Reply, parse_custom_id
from bot.service.boards import BoardReplies, Render
from bot.service.context import ButtonHandler, Caller, PressedId, Table, latest
from bot.service.datasheets import Datasheets
from bot.service.games import Games
from bot.service.importreview import CHOICE as PREVIEW_CHOICE
from bot.service.importreview import Previews
from bot.service.leagues.seasons import Leagues
from bot.service.pagelinks import PageLinks, linked
from bot.service.panels import KINDS as CONTROL_KINDS
from bot.service.panels import Panels
from bot.service.records import Records
from bot.service.rulebook import Rulebook
from bot.service.scenarios import Scenarios
from bot.service.scheduler import Scheduler
from bot.service.stats import PLAYER_LISTING, SCENARIO_LISTING, Stats
from bot.service.timekeeping import follow
from bot.service.turnclocks import Clocks
from bot.service.turns import Turns
from bot.service.views import Views
from bot.store.gamestore import GameStore
from bot.text import Words, pick_language
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
        self.stats = Stats(store)
        # The web companion's page addresses for link buttons (set when it is configured).
        self.pages = PageLinks(store)
        # The turn message and /game status link the game's page once the web is on.
        self.boards.pages = self.pages
        self.previews = Previews(store, self.boards, self.turns)
        self.scenarios = Scenarios(store, render)
        self.datasheets = Datasheets(store)
        # Every change of a game keeps its clock (service/turnclocks.py), in the same transaction.
        store.add_hook("clocks", follow)
        self.clocks = Clocks(store, self.boards)
        self.panels = Panels(store, self.boards, self.turns)
        # Each button kind, declared by the part that makes it; the rest are the turn's own.
        self.buttons: dict[str, ButtonHandler] = {
            **self.views.buttons, **self.rulebook.buttons, **self.leagues.reports.buttons,
            **self.leagues.withdrawals.buttons,
            **self.previews.buttons, **self.clocks.buttons, **self.panels.buttons,
            **self.scenarios.buttons, **self.datasheets.buttons,
            PAGE_BUTTON: self.page}
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

    def upload_scenario(self, guild_id: str, caller: Caller, system_id: str,
                        text: str | bytes) -> Reply:
        """Preview a scenario file for the server (see Scenarios.offer)."""
        return self.scenarios.offer(guild_id, caller, system_id, text)

    def datasheets_command(self, guild_id: str, caller: Caller, system_id: str,
                           upload: str | bytes | None, remove: str | None) -> Reply:
        """Upload, remove or list a server's datasheets (see Datasheets.command)."""
        return self.datasheets.command(guild_id, caller, system_id, upload, remove)

    # ------------------------------------------------------------ turns
    def act(self, channel_id: str, caller: Caller, action: dict[str, Any],
            expected_version: int | None = None, expected_game: int | None = None) -> Reply:
        """Apply one action (see Turns.act)."""
        return self.turns.act(channel_id, caller, action, expected_version, expected_game)

    def settle(self, channel_id: str, caller: Caller, seq: int, agree: bool) -> Reply:
        """Answer a claim (see Turns.settle)."""
        return self.turns.settle(channel_id, caller, seq, agree)

    def press(self, channel_id: str, caller: Caller, custom_id: str) -> Reply:
        """Press a button: the part that made its kind answers it (`buttons`), else the turn's
        own buttons (see Turns.press)."""
        pressed = parse_custom_id(custom_id)
        handler = self.buttons.get(pressed[0]) if pressed is not None else None
        if pressed is not None and pressed[0] in CONTROL_KINDS:
            return self.choose(channel_id, caller, custom_id, {})
        if pressed is not None and handler is not None:
            reply = handler(channel_id, caller, pressed)
        else:
            reply = self.turns.press(channel_id, caller, custom_id, self.games)
        # Whatever a button answers fits one message, or says what it left out (paging.py).
        return fitted(reply, Words.of(pick_language(caller.locale)))

    def choose(self, channel_id: str, caller: Caller, custom_id: str,
               values: dict[str, str]) -> Reply:
        """Use a player's private controls: a button, a pick list's value (under "") or a
        form's typed values (see bot/service/panels.py); or a preview's choice."""
        pressed = parse_custom_id(custom_id)
        if pressed is not None and pressed[0] == PREVIEW_CHOICE:
            return fitted(self.previews.choose(channel_id, caller, pressed, values),
                          Words.of(pick_language(caller.locale)))
        if pressed is None or pressed[0] not in CONTROL_KINDS:
            raise bad_input("input-unknown-button")
        reply = self.panels.choose(channel_id, caller, pressed, values)
        words = Words.of(pick_language(caller.locale))
        if reply.private is not None:
            reply.private = fitted(reply.private, words)
        return fitted(reply, words)

    def page(self, channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
        """Show another page of a listing to whoever pressed its page button, read-only
        (bot/paging.py): a game's log (of this channel's game), or a league's."""
        parsed = parse_page(pressed[3])
        if parsed is None:
            raise bad_input("input-unknown-button").where(pick_language(caller.locale))
        listing, page, key = parsed
        if listing == "log":
            game_id, _, last = key.partition(":")
            if not game_id.isdigit() or not last.isdigit():
                raise bad_input("input-unknown-button").where(pick_language(caller.locale))
            reply = self.views.log_lines(channel_id, caller, int(last), page, int(game_id))
        elif listing in (PLAYER_LISTING, SCENARIO_LISTING):
            reply = self.stats.page(caller, listing, key, page)
        else:
            reply = self.leagues.page(caller, listing, key, page)
        reply.ephemeral = True
        return reply

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

    def offer(self, channel_id: str, caller: Caller, action: dict[str, Any]) -> Reply:
        """Show an import to its sender before it applies (see Previews.offer); an import
        that reads datasheets gets the server's (Datasheets.attach)."""
        return self.previews.offer(channel_id, caller, self.datasheets.attach(channel_id, action))

    def game_in(self, channel_id: str, ended_too: bool = False) -> tuple[str, str] | None:
        """Return the system and language of the channel's running (or latest) game."""
        return self.views.game_in(channel_id, ended_too)

    # ------------------------------------------------------------ clocks
    def extend(self, channel_id: str, caller: Caller, hours: int) -> Reply:
        """Give the player to act more time (see Clocks.extend)."""
        return self.clocks.extend(channel_id, caller, hours)

    def holiday(self, channel_id: str, caller: Caller, hours: int) -> Reply:
        """Pause the caller's clock (see Clocks.holiday)."""
        return self.clocks.holiday(channel_id, caller, hours)

    def reminders(self, channel_id: str, caller: Caller, dm: bool) -> Reply:
        """Choose where the caller's reminders go (see Clocks.reminders)."""
        return self.clocks.reminders(channel_id, caller, dm)

    # ------------------------------------------------------------ rules questions
    def rules_search(self, channel_id: str, caller: Caller, query: str,
                     system_id: str | None = None, public: bool = False) -> Reply:
        """List the rules that answer a question (see Rulebook.search)."""
        return self.rulebook.search(channel_id, caller, query, system_id, public)

    def rules_ask(self, channel_id: str, caller: Caller, question: str,
                  system_id: str | None = None, public: bool = False) -> Reply:
        """Answer a question with its best rule (see Rulebook.ask)."""
        return self.rulebook.ask(channel_id, caller, question, system_id, public)

    def rules_show(self, channel_id: str, caller: Caller, rule_id: str) -> Reply:
        """Show one rule in full (see Rulebook.show)."""
        return self.rulebook.show(channel_id, caller, rule_id)

    # ------------------------------------------------------------ leagues (see Leagues)
    def league_create(self, guild_id: str, caller: Caller, name: str, channel_id: str,
                      **settings: Any) -> Reply:
        """Create a league in this server (settings: Leagues.create's keywords)."""
        return self.leagues.create(guild_id, caller, name, channel_id=channel_id, **settings)

    def league_settings(self, guild_id: str, caller: Caller, name: str, **asked: Any) -> Reply:
        """Show or change a league's settings (asked: Leagues.settings' keywords)."""
        return self.leagues.settings(guild_id, caller, name, **asked)

    def league_enter(self, guild_id: str, caller: Caller, name: str, player: Caller) -> Reply:
        """Enter a late entrant in a running Swiss league (its referee)."""
        return self.leagues.desk.enter(guild_id, caller, name, player)

    def league_substitute(self, guild_id: str, caller: Caller, name: str, player: Caller,
                          by: Caller) -> Reply:
        """Give a player's seat and unsettled fixtures to a substitute (the referee)."""
        return self.leagues.desk.substitute(guild_id, caller, name, player, by)

    def league_avoid(self, guild_id: str, caller: Caller, name: str, player: Caller,
                     other: Caller) -> Reply:
        """Keep two players of a Swiss league apart in its first round (the referee)."""
        return self.leagues.desk.avoid(guild_id, caller, name, player, other)

    def league_swap(self, guild_id: str, caller: Caller, name: str, fixture: int,
                    other: int) -> Reply:
        """Exchange the opponents of two fixtures of a round not yet played (the referee)."""
        return self.leagues.desk.swap(guild_id, caller, name, fixture, other)

    def league_repair(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Pair a Swiss league's newest round again before any of its games began."""
        return self.leagues.desk.repair(guild_id, caller, name)

    def league_info(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Describe a league: where it stands, its players, its settings (and a link to its
        web page when the web companion is configured)."""
        reply = self.leagues.info(guild_id, caller, name)
        return linked(reply, caller, "web-link-league", self.pages.league_named(guild_id, name))

    def league_bracket(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Show a knockout league's bracket."""
        return self.leagues.bracket(guild_id, caller, name)

    def league_drop(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Drop out of a league (before the start: leave it)."""
        return self.leagues.drop(guild_id, caller, name)

    def league_join(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Join a league."""
        return self.leagues.join(guild_id, caller, name)

    def league_leave(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Leave a league before it starts."""
        return self.leagues.leave(guild_id, caller, name)

    def league_start(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Start a league's season: its fixtures are made."""
        return self.leagues.start(guild_id, caller, name)

    def league_remove(self, guild_id: str, caller: Caller, name: str, player: Caller) -> Reply:
        """Remove a player from a league (its referee or a moderator)."""
        return self.leagues.remove(guild_id, caller, name, player)

    def league_play(self, guild_id: str, channel_id: str, caller: Caller, name: str,
                    opponent: Caller | None = None) -> Reply:
        """Open a thread for one of the caller's fixtures and start its game."""
        return self.leagues.play(guild_id, channel_id, caller, name, opponent)

    def league_report(self, guild_id: str, caller: Caller, name: str,
                      opponent: Caller | None = None, result: str | None = None,
                      mine: int | None = None, theirs: int | None = None,
                      fixture: int | None = None) -> Reply:
        """Report a fixture played at a physical table."""
        return self.leagues.report(guild_id, caller, name, opponent, result, mine, theirs,
                                   fixture)

    def league_amend(self, guild_id: str, caller: Caller, name: str, fixture: int, note: str,
                     result: str | None = None, home_score: int | None = None,
                     away_score: int | None = None) -> Reply:
        """Correct a settled fixture's result as the league's referee, with a note."""
        return self.leagues.amend(guild_id, caller, name, fixture, note, result, home_score,
                                  away_score)

    def league_resolve(self, guild_id: str, caller: Caller, name: str, fixture: int,
                       result: str | None = None, home_score: int | None = None,
                       away_score: int | None = None) -> Reply:
        """Settle a fixture as the league's referee."""
        return self.leagues.resolve(guild_id, caller, name, fixture, result, home_score,
                                    away_score)

    def league_fixtures(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """List a league's fixtures."""
        return self.leagues.fixtures(guild_id, caller, name)

    def league_standings(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Show a league's table."""
        return self.leagues.standings(guild_id, caller, name)

    def league_export(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Attach a league's fixtures and results as files."""
        return self.leagues.export(guild_id, caller, name)

    def league_ratings(self, guild_id: str, caller: Caller, system_id: str) -> Reply:
        """Show the players' ratings in a game system."""
        return self.leagues.ratings(guild_id, caller, system_id)

    def league_add(self, guild_id: str, channel_id: str, caller: Caller, name: str) -> Reply:
        """Add this channel's game to a league."""
        return self.leagues.add(guild_id, channel_id, caller, name)

    def league_turns(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """List who must act in each running game of a league."""
        return self.leagues.turns(guild_id, caller, name)

    # ------------------------------------------------------------ statistics (see Stats)
    def stats_player(self, guild_id: str, caller: Caller, player: Caller | None = None
                     ) -> Reply:
        """Show a player's statistics in this server (the caller's by default), with a link to
        their web page when the web companion is configured."""
        reply = self.stats.player(guild_id, caller, player)
        who = (player or caller).user_id
        return linked(reply, caller, "web-link-player", self.pages.player(guild_id, who))

    def stats_scenario(self, guild_id: str, caller: Caller, system_id: str,
                       scenario: str) -> Reply:
        """Show a scenario's balance in this server."""
        return self.stats.scenario(guild_id, caller, system_id, scenario)

    # ------------------------------------------------------------ completions
    def complete(self, channel_id: str, guild_id: str, caller: Caller, source: str, text: str,
                 options: dict[str, Any]) -> list[tuple[str, str]]:
        """Offer (name, value) completions of an option from its source, at most 25."""
        locale = caller.locale
        if source == "system":
            return self.views.system_choices(text, locale)
        if source == "scenario":
            chosen = str(options.get("system") or "")
            found = self.views.scenario_choices(chosen, text, locale)
            return (found + self.scenarios.choices(guild_id, chosen, text, locale))[:25]
        if source == "rule":
            return self.rulebook.choices(channel_id, caller, text)
        if source == "league":
            return self.leagues.names(guild_id, text)
        if source == "datasheets":
            return self.datasheets.choices(guild_id, text)
        if source == "seat":
            needle = text.lower()
            seats = self.views.seat_choices(channel_id, options.get("system"),
                                            options.get("scenario"))
            if options.get("system") and options.get("scenario"):  # a server's own scenario
                seats = self.scenarios.seats(guild_id, str(options["system"]),
                                             str(options["scenario"]), locale) or seats
            return [(n, s) for n, s in seats if needle in s or needle in n.lower()][:25]
        others = {k: v for k, v in options.items() if isinstance(v, str | int | float)}
        return self.views.suggest(channel_id, caller, source, text, others)

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
