"""Games: start one in a channel, take seats, resign, end, and change its settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.errors import (
    AlreadySeated,
    BotOpponent,
    GameExists,
    InvitedOther,
    NoFreeSeat,
    NotSeated,
    PlayerError,
    RefereeOnly,
    SeatTaken,
    SettingRefused,
    UnknownScenario,
    UnknownSeat,
    UnknownSystem,
    bad_input,
)
from bot.replies import Button, Reply
from bot.service import turnlog
from bot.service.boards import BoardReplies
from bot.service.context import Caller, Table, latest, running
from bot.service.records import engine_version
from bot.service.scenarios import uploaded
from bot.service.settingrules import (
    CLAIM_KIND,
    GAME_OPTIONS,
    LOG_KIND,
    LeagueState,
    May,
    Role,
    State,
    decide,
    role_of,
    role_word,
    state_of,
    typed_changes,
    who_may,
)
from bot.service.timekeeping import control_text, timed_settings
from bot.store.gamestore import GameStore
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.text import Said, pick_language, seat_term, system_title
from bot.timecontrol import TimeControl
from rules.core.dice import seed_hash
from rules.core.engine import Engine, ScenarioInfo
from rules.core.system import available, system
from rules.core.text import Items, Msg, Term, items

# How far a tracker game trusts one player's reports about the other side's units.
REPORT_POLICIES = ("trust", "confirm", "referee")
# What a referee who holds no seat may read: the public position, or every seat's secrets.
REFEREE_VIEWS = ("public", "everything")


def stored_result(reason: Msg | str) -> str:
    """Return a result as the games table stores it: a message as JSON (words come later)."""
    return reason.model_dump_json() if isinstance(reason, Msg) else reason


class Games:
    """Start, seat, finish and configure the game of a channel."""

    def __init__(
        self, store: GameStore, boards: BoardReplies, seed_factory: Callable[[], str]
    ) -> None:
        self.store = store
        self.boards = boards
        self._seed_factory = seed_factory

    def new_game(
        self,
        channel_id: str,
        guild_id: str,
        caller: Caller,
        system_id: str,
        scenario: str,
        opponent: Caller | None = None,
        seat: str | None = None,
        language: str | None = None,
        time_control: TimeControl | None = None,
    ) -> Reply:
        """Start a game in a channel; the creator takes a seat and may invite an opponent.

        A limited `time_control` is kept in the game's settings (`time_control`).
        """
        lang = pick_language(language, caller.locale)
        with self.store.reading() as tx:
            stored = uploaded(tx, guild_id, system_id, scenario)
        sys, info, my_seat = self._chosen(lang, system_id, scenario, seat, stored)
        scenario = info.id
        if opponent is not None and opponent.bot:
            raise BotOpponent(user=opponent.name).where(lang)
        seed = self._seed_factory()
        state = sys.new_game(scenario, seed)
        seats: dict[str, str | None] = {s: None for s in info.seats}
        seats[my_seat] = caller.user_id
        invited: dict[str, str] = {}
        others = [s for s in info.seats if s != my_seat]
        if opponent is not None and opponent.user_id == caller.user_id:  # a solo game
            seats.update({s: caller.user_id for s in others})
        elif opponent is not None and others:
            invited[others[0]] = opponent.user_id
        with self.store.transaction() as tx:
            game = self._insert(tx, channel_id, guild_id, caller.user_id, sys, scenario, seed,
                                state, seats, invited, lang, time_control)
            taken = [s for s, uid in seats.items() if uid == caller.user_id]
            tx.append(game, "join", caller.user_id, my_seat,
                      {"seat": my_seat, "creator": True, "seats": taken})
            for person in (caller, opponent):  # how the web names the players
                if person is not None:
                    tx.name_person(person.user_id, person.name)
        return self._created(Table(game), caller, my_seat, info.seats, invited)

    def _insert(
        self, tx: Transaction, channel_id: str, guild_id: str, creator_id: str, sys: Engine[Any],
        scenario: str, seed: str, state: Any, seats: dict[str, str | None],
        invited: dict[str, str], lang: str, time_control: TimeControl | None,
    ) -> GameRow:
        """Store a new game in the channel, unless one is open or running there."""
        existing = tx.active_game(channel_id)
        if existing is not None:
            raise GameExists(system=system_title(system(existing.system), lang),
                             status=existing.status).where(lang)
        return tx.insert_game({
            "channel_id": channel_id, "guild_id": guild_id, "system": sys.id,
            "scenario": scenario, "creator_id": creator_id, "seats": seats,
            "invited": invited, "status": "active" if all(seats.values()) else "open",
            "seed_hash": seed_hash(seed), "seed": seed,
            "state": state.model_dump(mode="json"), "engine_version": engine_version(sys),
            "language": lang, "pending": {},
            "settings": ({"time_control": time_control.model_dump()}
                         if time_control is not None and time_control.limited else {}),
        })

    def new_seated(
        self, tx: Transaction, channel_id: str, guild_id: str, creator_id: str,
        system_id: str, scenario: str, players: tuple[str, str], language: str,
        time_control: TimeControl | None = None,
    ) -> GameRow:
        """Start a game inside the caller's transaction with both seats taken, the first
        player in the scenario's first seat (a league fixture, bot/service/leagues/reports.py)."""
        lang = pick_language(language)
        sys, info, first = self._chosen(lang, system_id, scenario, None,
                                        uploaded(tx, guild_id, system_id, scenario))
        scenario = info.id
        seed = self._seed_factory()
        state = sys.new_game(scenario, seed)
        seats: dict[str, str | None] = dict(zip(info.seats, players, strict=False))
        game = self._insert(tx, channel_id, guild_id, creator_id, sys, scenario, seed, state,
                            seats, {}, lang, time_control)
        for seat, uid in seats.items():
            tx.append(game, "join", uid or creator_id, seat,
                      {"seat": seat, "creator": seat == first, "seats": [seat],
                       **({"by": creator_id} if seat == first else {})})
            if seat != first:
                # Each seat taken after the first moves the game to a new version, as
                # bot/service/audit.py recounts it from the log.
                game = tx.update_game(game)
        return game

    def _chosen(
        self, lang: str, system_id: str, scenario: str, seat: str | None,
        stored: str | None = None,
    ) -> tuple[Engine[Any], ScenarioInfo, str]:
        """Return the system, scenario and seat a new game names, or refuse what is unknown.

        `stored`: the server's uploaded scenario of that name (bot/service/scenarios.py),
        whose info's id is the whole scenario the game keeps.
        """
        if system_id not in available():
            raise UnknownSystem(system=system_id, choices=Said(", ".join(available()))).where(lang)
        sys = system(system_id)
        infos = {s.id: s for s in sys.scenarios()}
        own = sys.scenario_info(stored) if stored is not None else None
        if own is not None and scenario not in infos:
            infos[scenario] = own
        if scenario not in infos:
            raise UnknownScenario(system=system_title(sys, lang), scenario=scenario,
                                  choices=Said(", ".join(sorted(infos)))).where(lang, system_id)
        info = infos[scenario]
        my_seat = seat or info.seats[0]
        if my_seat not in info.seats:
            raise UnknownSeat(seat=my_seat,
                              choices=Said(", ".join(info.seats))).where(lang, system_id)
        return sys, info, my_seat

    def _created(
        self, table: Table, caller: Caller, my_seat: str, seats: tuple[str, ...],
        invited: dict[str, str],
    ) -> Reply:
        """Announce a new game: who plays what, the seed's fingerprint, who is invited."""
        game, words = table.game, table.words
        lines = [words("game-seed-published", hash=game.seed_hash)]
        buttons: list[Button] = []
        mention = None
        for s, uid in invited.items():
            lines.append(words("game-invited", user=f"<@{uid}>", seat=seat_term(s)))
            buttons.append(Button("join", words("button-accept"), game.id, game.version, s))
            mention = uid
        for s in seats:
            if game.seats[s] is None and s not in invited:
                lines.append(words("game-open-seat", seat=seat_term(s)))
                buttons.append(Button("join", words("button-join", seat=seat_term(s)), game.id,
                                      game.version, s, "success"))
        reply = self.boards.board(table)
        reply.text = words("game-created", system=table.title(), scenario=table.scenario_title(),
                           creator=caller.name, seat=seat_term(my_seat))
        reply.lines = lines + reply.lines
        reply.buttons = buttons
        reply.mention = mention
        return reply

    def join(self, channel_id: str, caller: Caller, seat: str | None = None) -> Reply:
        """Take a free seat (or the one you were invited to); the game starts when all are full."""
        with self.store.transaction() as tx:
            game = running(tx, channel_id, caller)
            lang, sid = game.language, game.system
            mine = game.seats_of(caller.user_id)
            if mine and len(mine) == len(game.seats):
                raise AlreadySeated(seat=seat_term(mine[0])).where(lang, sid)
            free = [s for s, uid in game.seats.items() if uid is None]
            if seat is None:
                invited_to = [s for s in free if game.invited.get(s) == caller.user_id]
                candidates = invited_to or [s for s in free if s not in game.invited]
                if not candidates:
                    if mine:
                        raise AlreadySeated(seat=seat_term(mine[0])).where(lang, sid)
                    raise NoFreeSeat().where(lang, sid)
                seat = candidates[0]
            if seat not in game.seats:
                raise UnknownSeat(seat=seat, choices=Said(", ".join(game.seats))).where(lang, sid)
            if game.seats[seat] is not None:
                raise SeatTaken(seat=seat_term(seat)).where(lang, sid)
            if game.invited.get(seat) not in (None, caller.user_id):
                raise InvitedOther(seat=seat_term(seat)).where(lang, sid)
            seats = {**game.seats, seat: caller.user_id}
            entry = tx.append(game, "join", caller.user_id, seat, {"seat": seat})
            tx.name_person(caller.user_id, caller.name)  # how the web names the player
            status = "active" if all(seats.values()) else "open"
            table = Table(game)
            turn = None
            if status == "active":
                # The game begins: its first turn message is this one (bot/service/turnlog.py).
                marker, turn = turnlog.opened(table, entry.seq)
                game = tx.update_game(game, seats=seats, status=status,
                                      pending={**game.pending, "turn": marker})
            else:
                game = tx.update_game(game, seats=seats, status=status)
        table = Table(game)
        reply = self.boards.board(table)
        reply.text = table.words("game-joined", user=caller.name, seat=seat_term(seat))
        reply.turn = turn
        to_act = table.prompt.seat
        # The player to act is called, unless they are the one who just sat down.
        if game.status == "active" and to_act and game.seats.get(to_act) != caller.user_id:
            reply.mention = game.seats.get(to_act)
        return reply

    def resign(self, channel_id: str, caller: Caller) -> Reply:
        """Concede: the other seat wins and the dice seed is revealed."""
        with self.store.transaction() as tx:
            game = running(tx, channel_id, caller)
            mine = game.seats_of(caller.user_id)
            if not mine:
                raise NotSeated().where(game.language, game.system)
            loser = mine[0]
            others = [s for s in game.seats if s != loser]
            winner = others[0] if others and game.seats[others[0]] != caller.user_id else None
            tx.append(game, "resign", caller.user_id, loser, {"seat": loser})
            reason = Msg(key="result-resigned", args={"seat": seat_term(loser)})
            game = tx.update_game(game, status="finished", winner=winner,
                                  result=stored_result(reason), seed_revealed=1)
        table = Table(game)
        reply = self.boards.board(table)
        # The result line below the text says who wins (core: said once).
        reply.text = table.words("game-resigned", seat=seat_term(loser))
        return reply

    def end(self, channel_id: str, caller: Caller) -> Reply:
        """Close the channel's game without a winner (creator or moderator only)."""
        with self.store.transaction() as tx:
            game = running(tx, channel_id, caller)
            if not Table(game).is_referee(caller):
                raise RefereeOnly().where(game.language, game.system)
            tx.append(game, "end", caller.user_id, None, {"by": caller.name})
            reason = Msg(key="result-ended", args={"user": caller.name})
            game = tx.update_game(game, status="ended", result=stored_result(reason),
                                  seed_revealed=1)
        table = Table(game)
        reply = self.boards.board(table)
        reply.text = table.words("game-ended", user=caller.name)
        reply.lines = [line for line in reply.lines if line != table.result()]
        return reply

    def settings(
        self,
        channel_id: str,
        caller: Caller,
        language: str | None = None,
        deadline_hours: int | None = None,
        reports: str | None = None,
        referee_sees: str | None = None,
        time: str | None = None,
        remind: str | None = None,
    ) -> Reply:
        """Show or change the game's language, time control and reminders (`time`,
        `remind`, or the shorthand `deadline_hours`: bot/service/turnclocks.py timed_settings) and
        how reports are trusted and what a referee sees.

        Who may change each, in each state of the game, is the table of
        bot/service/settingrules.py: a change is made, posted for the other side's
        agreement (a claim, settled in bot/service/turns.py), or refused naming who may.
        """
        typed = (("language", language), ("time", time), ("deadline_hours", deadline_hours),
                 ("remind", remind), ("reports", reports), ("referee_sees", referee_sees))
        asked: dict[str, Any] = {k: v for k, v in typed if v is not None and v != ""}
        with self.store.transaction() as tx:
            game = latest(tx, channel_id, caller)
            state, role, other_side = standing(tx, game, caller)
            if asked:
                changed_settings(game, asked)  # a value that cannot be is refused first
                verdicts = {option: decide(option, state, role, other_side) for option in asked}
                refused = next((o for o, v in verdicts.items() if v is May.NO), None)
                if refused is not None:
                    raise SettingRefused(option=refused, why=Msg(key=f"setting-why-{state}"),
                                         who=who_text(refused, state)).where(game.language,
                                                                             game.system)
                if May.AGREED in verdicts.values():
                    return self._ask(tx, game, caller, asked)
                mine = game.seats_of(caller.user_id)
                game = settings_changed(tx, game, asked, caller.user_id,
                                        mine[0] if mine else None, caller.name)
        return settings_reply(Table(game), state)

    def _ask(self, tx: Transaction, game: GameRow, caller: Caller, asked: dict[str, Any]
             ) -> Reply:
        """Post a change of settings for the other side's agreement (a claim, as a creator's
        adjustments are: bot/service/turns.py settles it with the Agree / Dispute buttons)."""
        seat = game.seats_of(caller.user_id)[0]
        subject = next(s for s, uid in game.seats.items() if uid and uid != caller.user_id)
        entry = tx.append(game, "claim", caller.user_id, seat,
                          {"type": CLAIM_KIND, "seat": seat, "changes": asked, "by": caller.name})
        claims = [*game.pending.get("claims", []),
                  {"seq": entry.seq, "seat": seat, "subject": subject, "kind": CLAIM_KIND}]
        game = tx.update_game(game, bump=False, pending={**game.pending, "claims": claims})
        table = Table(game)
        other = game.seats.get(subject)
        words = table.words
        return Reply(
            text=words("claim-made", kind=CLAIM_KIND, seat=seat_term(seat),
                       what=Said(typed_changes(asked)), subject=seat_term(subject),
                       other=f"<@{other}>" if other else table.seat_name(subject)),
            mention=other,
            buttons=claim_buttons(table, entry.seq),
            game_id=game.id,
            version=game.version,
        )


def claim_buttons(table: Table, seq: int) -> list[Button]:
    """Return the Agree and Dispute buttons of a claim (log entry `seq`)."""
    game, words = table.game, table.words
    return [
        Button("claim-yes", words("button-agree-claim"), game.id, game.version, str(seq),
               "success"),
        Button("claim-no", words("button-dispute-claim"), game.id, game.version, str(seq),
               "danger"),
    ]


def standing(tx: Transaction, game: GameRow, caller: Caller) -> tuple[State, Role, bool]:
    """Read what the settings table needs of a game and a caller: the game's state, the
    caller's role, and whether someone else sits (who could agree)."""
    fixture = tx.fixture_of_game(game.id)
    league = tx.league_by_id(fixture.league_id) if fixture is not None else None
    others = any(uid and uid != game.creator_id for uid in game.seats.values())
    played = game.status == "active" and fixture is None and any(
        kind == "action" for _, kind, _ in tx.log_outline(game.id))
    state = state_of(game.status, others, played, fixture is not None)
    role = role_of(caller.moderator, bool(game.seats_of(caller.user_id)),
                   league is not None and league.creator_id == caller.user_id,
                   caller.user_id == game.creator_id)
    other_side = any(uid and uid != caller.user_id for uid in game.seats.values())
    return state, role, other_side


def changed_settings(game: GameRow, changes: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Return a game's settings and language with `changes` (options as typed) made, or
    refuse a value that cannot be, in the game's words."""
    where = (game.language, game.system)
    try:
        settings = timed_settings(game.settings, changes.get("deadline_hours"),
                                  changes.get("time"), changes.get("remind"))
    except PlayerError as err:
        raise err.where(*where) from None
    for option, allowed in (("reports", REPORT_POLICIES), ("referee_sees", REFEREE_VIEWS)):
        value = changes.get(option)
        if value is None:
            continue
        if value not in allowed:
            raise bad_input("input-one-of", option=option,
                            choices=items(allowed, "or")).where(*where)
        settings[option] = value
    chosen = changes.get("language")
    return settings, pick_language(chosen) if chosen else game.language


def settings_changed(tx: Transaction, game: GameRow, changes: dict[str, Any], actor_id: str,
                     seat: str | None, by: str, agreed: int | None = None) -> GameRow:
    """Make a change of settings and log it (`settings`: who, what as typed, and the claim
    the other side agreed to, if it was one)."""
    settings, language = changed_settings(game, changes)
    logged: dict[str, Any] = {"changes": changes, "by": by}
    if agreed is not None:
        logged["of"] = agreed
    tx.append(game, LOG_KIND, actor_id, seat, logged)
    return tx.update_game(game, bump=False, settings=settings, language=language)


def who_text(option: str, state: State | LeagueState) -> Msg | Items:
    """Name who may change `option` in `state`, from the table (the catalogue's words)."""
    ids = dict.fromkeys(role_word(role, verdict, state) for role, verdict in who_may(option, state))
    if not ids:
        return Msg(key="setting-role-nobody")
    return items([Msg(key=f"setting-role-{i}") for i in ids], "or")


def settings_reply(table: Table, state: State) -> Reply:
    """Show a game's settings, and who may change each now (from the table)."""
    game, words = table.game, table.words
    policy = game.settings.get("reports", "confirm")
    sees = game.settings.get("referee_sees", "public")
    grouped: dict[str, list[str]] = {}
    shown: dict[str, Msg | Items] = {}
    for option in GAME_OPTIONS:
        who = who_text(option, state)
        key = who.model_dump_json()
        grouped.setdefault(key, []).append(option)
        shown[key] = who
    return Reply(
        text=words("game-settings", language=Term(kind="language", id=game.language),
                   deadline=control_text(words, game.settings),
                   reports=words(f"game-reports-{policy}"),
                   referee=words(f"game-referee-sees-{sees}")),
        lines=[words("setting-who", options=items(options, typed=True), who=shown[key])
               for key, options in grouped.items()],
        game_id=game.id,
        version=game.version,
    )


__all__ = ["REPORT_POLICIES", "Games", "changed_settings", "claim_buttons", "settings_changed",
           "settings_reply", "standing", "stored_result", "who_text"]
