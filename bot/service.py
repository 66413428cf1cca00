"""GameService: the one path every transport takes.

load the channel's game -> check the seat -> apply the rules -> save -> render.
Discord, the console and the tests all call these methods, so they behave alike.
Methods are synchronous and thread-safe; the Discord layer runs them in a worker
thread so neither SQLite nor rendering ever blocks the event loop.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.i18n import pick_language, rule_lines, t
from bot.i18n_events import event_text, outcome_text, prompt_hint, seat_name
from bot.records import (
    EXPORT_FORMAT,
    effective_actions,
    engine_version,
    event_record,
    game_record,
    problem_with,
    record_entries,
    replay,
)
from bot.store import GameRow, LogEntry, Store, Transaction
from rules.core.dice import seed_hash
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from rules.core.references import RuleReference, all_rules, rule
from rules.core.system import GameSystem, Prompt, available, system

log = logging.getLogger(__name__)

MAX_BUTTONS = 5
# How far a tracker game trusts one player's reports about the other side's units.
REPORT_POLICIES = ("trust", "confirm", "referee")
# Board replies kept for positions asked about again: one a channel for a busy server
# (each holds its PNG, ~55 KB, so at most ~15 MB).
BOARD_CACHE = 256


# ---------------------------------------------------------------- who and what


@dataclass(frozen=True)
class Caller:
    """The person behind a command."""

    user_id: str
    name: str
    moderator: bool = False
    locale: str | None = None


@dataclass(frozen=True)
class Button:
    """A choice offered under a reply; it is only valid for the game version it names."""

    kind: str  # join | undo-yes | undo-no | act
    label: str
    game_id: int
    version: int
    arg: str = ""
    style: str = "primary"

    @property
    def custom_id(self) -> str:
        """Return the id a transport gives the component (at most 100 characters)."""
        return f"bn:{self.kind}:{self.game_id}:{self.version}:{self.arg}"[:100]


@dataclass
class Reply:
    """What a transport shows after a command."""

    text: str
    title: str | None = None
    lines: list[str] = field(default_factory=list)
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    files: list[tuple[str, bytes]] = field(default_factory=list)
    mention: str | None = None
    buttons: list[Button] = field(default_factory=list)
    game_id: int | None = None
    version: int | None = None


# ---------------------------------------------------------------- player errors


class PlayerError(Exception):
    """Something the player can fix; shown politely (ephemerally) and nothing changes."""

    key = "error.bad_input"
    # The Banneret rule the refusal rests on, when there is one (shown with the reason).
    rule_id: str | None = None

    def __init__(self, language: str = "en", **values: Any) -> None:
        super().__init__(self.key)
        self.language = language
        self.values = values
        self.rule: RuleReference | None = all_rules().get(self.rule_id) if self.rule_id else None

    def text(self, language: str | None = None) -> str:
        """Return the message in the game's (or given) language."""
        return t(language or self.language, self.key, **self.values)


class NoGame(PlayerError):
    key = "error.no_game"


class GameExists(PlayerError):
    key = "error.game_exists"


class NotSeated(PlayerError):
    key = "error.not_seated"


class NotYourTurn(PlayerError):
    key = "error.not_your_turn"
    rule_id = "core/not-your-turn"


class NotStarted(PlayerError):
    key = "error.game_not_started"


class GameOver(PlayerError):
    key = "error.game_over"
    rule_id = "core/game-over"


class RefereeOnly(PlayerError):
    key = "error.referee_only"
    rule_id = "core/referee-only"


class BadInput(PlayerError):
    key = "error.bad_input"
    rule_id = "core/bad-input"


class Stale(PlayerError):
    key = "error.stale"


class Refused(PlayerError):
    """The rules forbid the action; carries the rule so the reply is also a ruling."""

    key = "rule.refused"

    def __init__(self, violation: RuleViolation, language: str = "en") -> None:
        super().__init__(language, reason=violation.message)
        self.violation = violation
        self.rule = all_rules().get(violation.rule_id)


class InternalError(PlayerError):
    """Our fault: logged with the game and action; the player hears nothing was applied."""

    key = "error.internal"


class NoClaim(PlayerError):
    key = "error.no_claim"


class NotClaimSubject(PlayerError):
    key = "error.not_claim_subject"
    rule_id = "core/reports-need-agreement"


class ReportsLocked(PlayerError):
    key = "error.reports_locked"
    rule_id = "core/reports-need-agreement"


class ReportsForReferee(PlayerError):
    key = "error.reports_referee"
    rule_id = "core/reports-need-agreement"


def _lasting(pending: dict[str, Any]) -> dict[str, Any]:
    """Return what an action leaves of a game's open requests: claims wait for their answer."""
    return {"claims": pending["claims"]} if pending.get("claims") else {}


def simple_error(key: str, language: str = "en", **values: Any) -> PlayerError:
    """Build a PlayerError for a catalogue key that has no class of its own."""
    err = PlayerError(language, **values)
    err.key = key
    err.args = (key,)
    return err


# ---------------------------------------------------------------- helpers


def _abridged(text: str, most: int = 300) -> str:
    """Return text fit for a log line: an uploaded file must never fill the log."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text)} characters)"


def action_label(action: Action) -> str:
    """Return a short human label for an action, e.g. 'retreat to F7'."""
    data = action.model_dump(mode="json", exclude={"seat", "type"}, exclude_defaults=True)
    parts = [action.type.replace("_", " ")]
    for key, value in data.items():
        if value in (None, "", [], {}):
            continue
        shown = " ".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f"{key} {shown}")
    return " ".join(parts)


@dataclass(frozen=True)
class _Board:
    """The shared part of a public reply for one position, kept to hand out again."""

    title: str | None
    lines: tuple[str, ...]
    image: bytes | None
    buttons: tuple[Button, ...]
    game_id: int | None
    version: int | None

    @classmethod
    def of(cls, reply: Reply) -> _Board:
        """Keep what a board reply holds."""
        return cls(reply.title, tuple(reply.lines), reply.image, tuple(reply.buttons),
                   reply.game_id, reply.version)

    def reply(self) -> Reply:
        """Return a new reply (callers add to its text and lines)."""
        return Reply(text="", title=self.title, lines=list(self.lines), image=self.image,
                     buttons=list(self.buttons), game_id=self.game_id, version=self.version)


# ---------------------------------------------------------------- the service


class GameService:
    """Games per channel: create, seat, act, show, undo, finish, export, verify."""

    def __init__(
        self,
        store: Store,
        render: Callable[[Any], bytes] | None = None,
        seed_factory: Callable[[], str] = lambda: secrets.token_hex(16),
    ) -> None:
        self.store = store
        self._render = render
        self._seed_factory = seed_factory
        # Recent boards by position (see _board_reply); a cache, not a record of games.
        self._boards: OrderedDict[tuple[Any, ...], _Board] = OrderedDict()
        self._boards_lock = threading.Lock()

    # ------------------------------------------------------------ reading

    def _system(self, system_id: str) -> GameSystem:
        return system(system_id)

    def system_of(self, game: GameRow) -> GameSystem:
        """Return the rules engine a stored game is played with."""
        return self._system(game.system)

    def _state(self, game: GameRow) -> tuple[GameSystem, BaseModel]:
        sys = self._system(game.system)
        return sys, sys.load_state(game.state)

    def _language(self, game: GameRow | None, caller: Caller | None = None) -> str:
        return pick_language(game.language if game else None, caller.locale if caller else None)

    def _active(self, tx: Transaction, channel_id: str, caller: Caller | None = None) -> GameRow:
        game = tx.active_game(channel_id)
        if game is None:
            raise NoGame(self._language(None, caller))
        return game

    def _any(self, tx: Transaction, channel_id: str, caller: Caller | None = None) -> GameRow:
        game = tx.latest_game(channel_id)
        if game is None:
            raise NoGame(self._language(None, caller))
        return game

    def render(self, sys: GameSystem, state: BaseModel) -> bytes | None:
        """Draw the public board of a state (None when no renderer is configured)."""
        if self._render is None:
            return None
        return self._render(sys.board(state))

    def _is_referee(self, game: GameRow, caller: Caller) -> bool:
        return caller.moderator or caller.user_id == game.creator_id

    def _seat_label(self, game: GameRow, seat: str | None) -> str:
        if seat is None:
            return t(game.language, "game.nobody")
        return seat_name(game.language, game.system, seat)

    # ------------------------------------------------------------ catalogue of systems

    def systems(self) -> list[str]:
        """Return the ids of the systems that can be played."""
        return available()

    def scenarios(self, system_id: str) -> list[tuple[str, str]]:
        """Return (id, title) of a system's scenarios; empty for an unknown system."""
        try:
            return [(s.id, s.title) for s in self._system(system_id).scenarios()]
        except KeyError:
            return []

    # ------------------------------------------------------------ starting

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
    ) -> Reply:
        """Start a game in a channel; the creator takes a seat and may invite an opponent."""
        lang = pick_language(language, caller.locale)
        if system_id not in available():
            raise simple_error(
                "error.unknown_system", lang, system=system_id, choices=", ".join(available())
            )
        sys = self._system(system_id)
        infos = {s.id: s for s in sys.scenarios()}
        if scenario not in infos:
            raise simple_error(
                "error.unknown_scenario",
                lang,
                system=system_id,
                scenario=scenario,
                choices=", ".join(sorted(infos)),
            )
        info = infos[scenario]
        my_seat = seat or info.seats[0]
        if my_seat not in info.seats:
            raise simple_error(
                "error.unknown_seat", lang, seat=my_seat, choices=", ".join(info.seats)
            )
        seed = self._seed_factory()
        state = sys.new_game(scenario, seed)
        seats: dict[str, str | None] = {s: None for s in info.seats}
        seats[my_seat] = caller.user_id
        invited: dict[str, str] = {}
        solo = opponent is not None and opponent.user_id == caller.user_id
        others = [s for s in info.seats if s != my_seat]
        if solo:
            for s in others:
                seats[s] = caller.user_id
        elif opponent is not None and others:
            invited[others[0]] = opponent.user_id
        status = "active" if all(seats.values()) else "open"
        with self.store.transaction() as tx:
            existing = tx.active_game(channel_id)
            if existing is not None:
                raise GameExists(lang, system=existing.system, status=existing.status)
            game = tx.insert_game(
                {
                    "channel_id": channel_id,
                    "guild_id": guild_id,
                    "system": system_id,
                    "scenario": scenario,
                    "creator_id": caller.user_id,
                    "seats": seats,
                    "invited": invited,
                    "status": status,
                    "seed_hash": seed_hash(seed),
                    "seed": seed,
                    "state": state.model_dump(mode="json"),
                    "engine_version": engine_version(sys),
                    "language": lang,
                    "settings": {},
                    "pending": {},
                }
            )
            tx.append(game, "join", caller.user_id, my_seat, {"seat": my_seat, "creator": True})
        lines = [t(lang, "game.seed_published", hash=game.seed_hash)]
        buttons: list[Button] = []
        mention = None
        for s, uid in invited.items():
            lines.append(t(lang, "game.invited", user=f"<@{uid}>", seat=s.capitalize()))
            buttons.append(Button("join", t(lang, "button.accept"), game.id, game.version, s))
            mention = uid
        for s in info.seats:
            if seats[s] is None and s not in invited:
                lines.append(t(lang, "game.open_seat", seat=s.capitalize()))
        reply = self._board_reply(game, sys, state, lang)
        reply.text = t(
            lang,
            "game.created",
            system=sys.title,
            scenario=info.title,
            creator=caller.name,
            seat=my_seat.capitalize(),
        )
        reply.lines = lines + reply.lines
        reply.buttons = buttons
        reply.mention = mention
        return reply

    def join(self, channel_id: str, caller: Caller, seat: str | None = None) -> Reply:
        """Take a free seat (or the one you were invited to); the game starts when all are full."""
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            lang = self._language(game, caller)
            mine = game.seats_of(caller.user_id)
            if mine and len(mine) == len(game.seats):
                raise simple_error("error.already_seated", lang, seat=mine[0].capitalize())
            free = [s for s, uid in game.seats.items() if uid is None]
            if seat is None:
                invited_to = [s for s in free if game.invited.get(s) == caller.user_id]
                open_to_all = [s for s in free if s not in game.invited]
                candidates = invited_to or open_to_all
                choice = candidates[0] if candidates else None
                if choice is None:
                    if mine:
                        raise simple_error("error.already_seated", lang, seat=mine[0].capitalize())
                    raise simple_error("error.no_free_seat", lang)
                seat = choice
            if seat not in game.seats:
                raise simple_error(
                    "error.unknown_seat", lang, seat=seat, choices=", ".join(game.seats)
                )
            if game.seats[seat] is not None:
                raise simple_error("error.seat_taken", lang, seat=seat.capitalize())
            if game.invited.get(seat) not in (None, caller.user_id):
                raise simple_error("error.invited_other", lang, seat=seat.capitalize())
            seats = {**game.seats, seat: caller.user_id}
            status = "active" if all(seats.values()) else "open"
            tx.append(game, "join", caller.user_id, seat, {"seat": seat})
            game = tx.update_game(game, seats=seats, status=status)
        sys, state = self._state(game)
        reply = self._board_reply(game, sys, state, lang)
        reply.text = t(lang, "game.joined", user=caller.name, seat=seat.capitalize())
        to_act = sys.prompt(state).seat
        if game.status == "active" and to_act:
            reply.mention = game.seats.get(to_act)
        return reply

    # ------------------------------------------------------------ acting

    def _acting_seat(
        self,
        game: GameRow,
        sys: GameSystem,
        state: BaseModel,
        prompt: Prompt,
        caller: Caller,
        action: Action,
    ) -> str:
        lang = game.language
        if action.type in sys.referee_actions:
            if not self._is_referee(game, caller):
                raise RefereeOnly(lang)
            mine = game.seats_of(caller.user_id)
            return mine[0] if mine else "referee"
        mine = game.seats_of(caller.user_id)
        if not mine:
            # A referee who plays no seat may report what happened to either side's units.
            report_for = getattr(sys, "report_for", None)
            side = report_for(state, action) if report_for is not None else None
            if side is not None and self._neutral_referee(game, caller):
                return str(side)
            raise NotSeated(lang)
        if game.status == "open":
            waiting = [s.capitalize() for s, uid in game.seats.items() if uid is None]
            raise NotStarted(lang, seats=", ".join(waiting))
        if prompt.seat in mine:
            return prompt.seat
        out_of_turn: frozenset[str] = getattr(sys, "out_of_turn_actions", frozenset())
        if action.type in out_of_turn:
            return mine[0]
        raise NotYourTurn(lang, seat=self._seat_label(game, prompt.seat), step=prompt.step)

    def _neutral_referee(self, game: GameRow, caller: Caller) -> bool:
        """Say whether the caller referees without playing: a moderator, or an unseated creator."""
        return caller.moderator or (
            caller.user_id == game.creator_id and not game.seats_of(caller.user_id)
        )

    def _parse(self, sys: GameSystem, data: dict[str, Any], lang: str) -> Action:
        try:
            return sys.parse_action(data)
        except ValidationError as err:
            problems = []
            for item in err.errors()[:3]:
                where = ".".join(str(p) for p in item["loc"] if not isinstance(p, int))
                problems.append(f"{where}: {item['msg']}" if where else item["msg"])
            raise BadInput(lang, problem="; ".join(problems)) from None
        except RuleViolation as violation:
            raise Refused(violation, lang) from None

    def _apply(
        self, game: GameRow, sys: GameSystem, state: BaseModel, parsed: Action
    ) -> tuple[BaseModel, list[Event]]:
        try:
            return sys.apply(state, parsed)
        except RuleViolation as violation:
            raise Refused(violation, game.language) from None
        except Exception:
            ref = uuid.uuid4().hex[:8]
            log.exception(
                "engine failure in game %s (ref %s) applying %s",
                game.id,
                ref,
                _abridged(parsed.model_dump_json()),
            )
            raise InternalError(game.language, game=game.id, ref=ref) from None

    def act(
        self,
        channel_id: str,
        caller: Caller,
        action: dict[str, Any],
        expected_version: int | None = None,
        expected_game: int | None = None,
    ) -> Reply:
        """Apply one action for the caller's seat, in one transaction, then draw the board.

        The action is read (an uploaded roster parsed) before the write transaction
        opens, so a slow or hostile input never holds the lock other channels wait on;
        the transaction then checks it is still the same game.
        """
        with self.store.reading() as tx:
            seen = self._acted_on(tx, channel_id, caller, action)
        unseated = {k: v for k, v in action.items() if k != "seat"}
        parsed = self._parse(self._system(seen.system), unseated, seen.language)
        with self.store.transaction() as tx:
            game = self._acted_on(tx, channel_id, caller, action)
            if game.id != seen.id or expected_game not in (None, game.id):
                raise Stale(game.language)
            if expected_version is not None and expected_version != game.version:
                raise Stale(game.language)
            sys, state = self._state(game)
            before = sys.prompt(state)
            seat = self._acting_seat(game, sys, state, before, caller, parsed)
            parsed = parsed.model_copy(update={"seat": seat})
            needs = self._agreement_needed(game, sys, state, parsed, caller)
            if needs is not None:
                return self._claim(tx, game, sys, state, caller, parsed, needs)
            game, new_state, records = self._commit(tx, game, sys, state, parsed, caller.user_id)
        return self._turn_reply(game, sys, new_state, records, before)

    def _acted_on(
        self, tx: Transaction, channel_id: str, caller: Caller, action: dict[str, Any]
    ) -> GameRow:
        """Return the game an action is for: the channel's running game, or, for a
        referee's correction, the game that just finished (it may reopen the game)."""
        game = tx.active_game(channel_id)
        if game is not None:
            return game
        latest = tx.latest_game(channel_id)
        if (
            latest is not None
            and latest.status == "finished"
            and str(action.get("type")) in self._system(latest.system).referee_actions
            and self._is_referee(latest, caller)
        ):
            return latest
        raise NoGame(self._language(latest, caller))

    def _commit(
        self,
        tx: Transaction,
        game: GameRow,
        sys: GameSystem,
        state: BaseModel,
        parsed: Action,
        actor_id: str,
    ) -> tuple[GameRow, BaseModel, list[dict[str, Any]]]:
        """Apply a checked action inside the command's transaction and store it."""
        new_state, events = self._apply(game, sys, state, parsed)
        records = [event_record(sys, e) for e in events]
        tx.append(
            game,
            "action",
            actor_id,
            parsed.seat,
            parsed.model_dump(mode="json"),
            records,
            irreversible=any(type(e).irreversible for e in events),
        )
        changes: dict[str, Any] = {
            "state": new_state.model_dump(mode="json"),
            "pending": _lasting(game.pending),
        }
        outcome = sys.outcome(new_state)
        if outcome is not None:
            changes.update(
                status="finished",
                winner=outcome.winner,
                result=outcome.reason,
                seed_revealed=1,
            )
        elif game.status == "finished":
            # A referee's correction undid what ended the game: it goes on. Its seed
            # stays public, so any further rolls can be foreseen (see the README).
            changes.update(status="active", winner=None, result=None)
        return tx.update_game(game, **changes), new_state, records

    # ------------------------------------------------------------ claims

    def _agreement_needed(
        self, game: GameRow, sys: GameSystem, state: BaseModel, parsed: Action, caller: Caller
    ) -> str | None:
        """Return the seat that must agree to a report before it counts, or None.

        Tracker systems say which reports are about the other side's units
        (`agreement_from`); the game's `reports` setting says how far players are
        trusted (core/reports-need-agreement).
        """
        agreement_from = getattr(sys, "agreement_from", None)
        needs = agreement_from(state, parsed) if agreement_from is not None else None
        if needs is None or needs in game.seats_of(caller.user_id):
            return None
        if self._neutral_referee(game, caller):
            return None
        policy = game.settings.get("reports", "confirm")
        if policy == "trust":
            return None
        if policy == "referee":
            raise ReportsForReferee(game.language, subject=self._seat_label(game, needs))
        return str(needs)

    def _claim(
        self,
        tx: Transaction,
        game: GameRow,
        sys: GameSystem,
        state: BaseModel,
        caller: Caller,
        parsed: Action,
        needs: str,
    ) -> Reply:
        """Record a report about the other side's units as a claim awaiting its agreement."""
        lang = game.language
        # Judge it now, so an illegal claim is refused at once; keep what it would do.
        _, events = self._apply(game, sys, state, parsed)
        records = [event_record(sys, e) for e in events]
        entry = tx.append(
            game, "claim", caller.user_id, parsed.seat, parsed.model_dump(mode="json"), records
        )
        claims = [*game.pending.get("claims", []), {"seq": entry.seq, "seat": parsed.seat,
                                                     "subject": needs}]
        game = tx.update_game(game, bump=False, pending={**game.pending, "claims": claims})
        other = game.seats.get(needs)
        return Reply(
            text=t(
                lang,
                "claim.made",
                seat=self._seat_label(game, parsed.seat),
                what=" ".join(event_text(lang, sys.id, r) for r in records),
                subject=self._seat_label(game, needs),
                other=f"<@{other}>" if other else self._seat_label(game, needs),
            ),
            mention=other,
            buttons=self._claim_buttons(game, entry.seq),
            game_id=game.id,
            version=game.version,
        )

    def _claim_buttons(self, game: GameRow, seq: int) -> list[Button]:
        lang = game.language
        return [
            Button("claim-yes", t(lang, "button.agree_claim"), game.id, game.version, str(seq),
                   "success"),
            Button("claim-no", t(lang, "button.dispute_claim"), game.id, game.version, str(seq),
                   "danger"),
        ]

    def settle(self, channel_id: str, caller: Caller, seq: int, agree: bool) -> Reply:
        """Agree to or dispute a claim (its side or a neutral referee); the claimant may withdraw.

        Agreeing applies the claimed report to the game as it stands now, as the
        claimant's action; if the game has moved on so far that the report is no longer
        legal, the claim lapses and says why.
        """
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            lang = game.language
            claims: list[dict[str, Any]] = list(game.pending.get("claims", []))
            claim = next((c for c in claims if c.get("seq") == seq), None)
            if claim is None:
                raise NoClaim(lang)
            mine = game.seats_of(caller.user_id)
            claimant = self._seat_label(game, claim["seat"])
            rest = {**game.pending, "claims": [c for c in claims if c is not claim]}
            if claim["subject"] in mine or self._neutral_referee(game, caller):
                answering = claim["subject"] if claim["subject"] in mine else "referee"
            elif claim["seat"] in mine and not agree:
                tx.append(game, "claim_withdrawn", caller.user_id, claim["seat"], {"of": seq})
                game = tx.update_game(game, bump=False, pending=rest)
                return Reply(text=t(lang, "claim.withdrawn", seat=claimant),
                             game_id=game.id, version=game.version)
            else:
                raise NotClaimSubject(lang, subject=self._seat_label(game, claim["subject"]))
            who = self._seat_label(game, answering) if answering != "referee" else caller.name
            if not agree:
                tx.append(game, "claim_disputed", caller.user_id, answering, {"of": seq})
                game = tx.update_game(game, bump=False, pending=rest)
                return Reply(text=t(lang, "claim.disputed", seat=who, claimant=claimant),
                             game_id=game.id, version=game.version)
            entry = tx.entry(game.id, seq)
            sys, state = self._state(game)
            before = sys.prompt(state)
            parsed = self._parse(sys, entry.action, lang)
            try:
                self._apply(game, sys, state, parsed)
            except Refused as refusal:
                tx.append(game, "claim_lapsed", caller.user_id, answering, {"of": seq})
                game = tx.update_game(game, bump=False, pending=rest)
                return Reply(
                    text=t(lang, "claim.lapsed", claimant=claimant,
                           reason=refusal.violation.message),
                    game_id=game.id,
                    version=game.version,
                )
            tx.append(game, "claim_agreed", caller.user_id, answering, {"of": seq})
            game = tx.update_game(game, bump=False, pending=rest)
            game, new_state, records = self._commit(tx, game, sys, state, parsed, entry.actor_id)
        reply = self._turn_reply(game, sys, new_state, records, before)
        reply.lines.insert(0, reply.text)
        reply.text = t(lang, "claim.agreed", seat=who, claimant=claimant)
        return reply

    def _claim_lines(self, game: GameRow, entries: dict[int, LogEntry]) -> list[str]:
        """Describe the claims a game is waiting on (for status)."""
        lang = game.language
        out = []
        for claim in game.pending.get("claims", []):
            entry = entries.get(claim["seq"])
            what = " ".join(event_text(lang, game.system, e) for e in entry.events) if entry else ""
            out.append(t(lang, "claim.waiting", seq=claim["seq"],
                         seat=self._seat_label(game, claim["seat"]),
                         subject=self._seat_label(game, claim["subject"]), what=what))
        return out

    def _turn_reply(
        self,
        game: GameRow,
        sys: GameSystem,
        state: BaseModel,
        records: list[dict[str, Any]],
        before: Prompt | None,
    ) -> Reply:
        lang = game.language
        reply = self._board_reply(game, sys, state, lang)
        reply.lines = [event_text(lang, sys.id, e) for e in records] + reply.lines
        reply.text = reply.lines.pop(0) if reply.lines else ""
        after = sys.prompt(state)
        if not game.over and after.seat and (before is None or after.seat != before.seat):
            reply.mention = game.seats.get(after.seat)
        return reply

    def _board_reply(
        self, game: GameRow, sys: GameSystem, state: BaseModel | None, lang: str
    ) -> Reply:
        """Return the status part every public reply shares: whose turn, buttons, the board.

        Working it out (the rules' prompt and legal actions, drawing and encoding the
        board) takes far longer than the rest of a command, so the result is kept for
        the position it shows: the game row's id, version and last write, and the
        language. Any write to the game moves one of those, so the database stays the
        truth; a channel asking for the same board again gets it at once.
        """
        key = (
            game.id,
            game.version,
            game.updated_at,
            lang,
            game.status,
            game.winner,
            game.result,
            game.seed_revealed,
            game.system,
            game.scenario,
        )
        with self._boards_lock:
            found = self._boards.get(key)
            if found is not None:
                self._boards.move_to_end(key)
        if found is None:
            if state is None:  # the caller left it to us: only needed when not kept
                state = sys.load_state(game.state)
            found = _Board.of(self._make_board_reply(game, sys, state, lang))
            with self._boards_lock:
                self._boards[key] = found
                while len(self._boards) > BOARD_CACHE:
                    self._boards.popitem(last=False)
        return found.reply()

    def _make_board_reply(
        self, game: GameRow, sys: GameSystem, state: BaseModel, lang: str
    ) -> Reply:
        """Work out the board reply of a position (see _board_reply)."""
        lines: list[str] = []
        buttons: list[Button] = []
        outcome = sys.outcome(state)
        if game.status == "finished" and outcome is None and game.winner:
            lines.append(t(lang, "game.winner", seat=game.winner.capitalize(), reason=game.result))
        elif outcome is not None:
            lines.append(
                t(
                    lang,
                    "game.winner",
                    seat=self._seat_label(game, outcome.winner),
                    reason=outcome_text(lang, sys.id, outcome),
                )
            )
        elif game.status == "ended":
            lines.append(t(lang, "game.ended", user=t(lang, "game.nobody")))
        else:
            prompt = sys.prompt(state)
            if prompt.seat:
                seat = self._seat_label(game, prompt.seat)
                hint = prompt_hint(lang, sys.id, prompt, state)
                lines.append(t(lang, "game.turn", seat=seat, hint=hint))
                if game.status == "active":
                    buttons = self._choice_buttons(game, sys, state, prompt.seat)
        if game.over and game.seed_revealed:
            lines.append(t(lang, "game.seed_revealed", seed=game.seed))
        return Reply(
            text="",
            title=t(
                lang,
                "game.status_title",
                system=sys.title,
                scenario=self._scenario_title(sys, game.scenario),
            ),
            lines=lines,
            image=self.render(sys, state),
            buttons=buttons,
            game_id=game.id,
            version=game.version,
        )

    def _choice_buttons(
        self, game: GameRow, sys: GameSystem, state: BaseModel, seat: str, private: bool = False
    ) -> list[Button]:
        """Offer the seat's choices as buttons: all of them when few, else the option-less ones.

        A retreat among three hexes becomes three buttons; a 40k phase with dozens of
        actions still gets a one-click "next phase". Choices that would reveal a hand
        (`private_actions`) go only on the player's private reply, never on a public one.
        """
        hidden: frozenset[str] = getattr(sys, "private_actions", frozenset())
        options = sys.legal_actions(state, seat)
        indexed = [(i, a) for i, a in enumerate(options) if (a.type in hidden) == private]
        if len(indexed) > MAX_BUTTONS:
            indexed = [
                (i, a)
                for i, a in indexed
                if not a.model_dump(exclude={"seat", "type"}, exclude_defaults=True)
            ][:MAX_BUTTONS]
        return [
            Button("act", action_label(a), game.id, game.version, str(i)) for i, a in indexed
        ]

    def _scenario_title(self, sys: GameSystem, scenario: str) -> str:
        for info in sys.scenarios():
            if info.id == scenario:
                return info.title
        return scenario

    def ruling(
        self, channel_id: str, caller: Caller, action: dict[str, Any], seat: str | None = None
    ) -> Reply:
        """Judge an action against the live game without applying it (quick arbitration)."""
        with self.store.reading() as tx:
            game = self._active(tx, channel_id, caller)
        sys, state = self._state(game)
        lang = game.language
        prompt = sys.prompt(state)
        as_seat = seat or (game.seats_of(caller.user_id) or [prompt.seat or ""])[0]
        if prompt.seat in game.seats_of(caller.user_id) and seat is None:
            as_seat = prompt.seat
        hidden: frozenset[str] = getattr(sys, "private_actions", frozenset())
        try:
            parsed = self._parse(sys, {**action, "seat": as_seat}, lang)
            if parsed.type in hidden and as_seat not in game.seats_of(caller.user_id):
                # The verdict alone would say whether that hand holds the card.
                return Reply(
                    text=t(lang, "rule.ruling_private", seat=self._seat_label(game, as_seat)),
                    ephemeral=True,
                    game_id=game.id,
                    version=game.version,
                )
            if as_seat != prompt.seat and parsed.type not in getattr(
                sys, "out_of_turn_actions", frozenset()
            ):
                raise Refused(
                    RuleViolation(
                        "core/not-your-turn",
                        f"it is {self._seat_label(game, prompt.seat)}'s turn ({prompt.step}), "
                        f"not {as_seat.capitalize()}'s",
                    ),
                    lang,
                )
            self._apply(game, sys, state, parsed)
        except Refused as refusal:
            # A verdict on one's own card play still says what the hand holds: keep it private.
            reply = Reply(
                text=t(lang, "rule.ruling_illegal", reason=refusal.violation.message),
                ephemeral=str(action.get("type")) in hidden,
                game_id=game.id,
                version=game.version,
            )
            if refusal.rule is not None:
                reply.lines = rule_lines(lang, refusal.rule)
            return reply
        return Reply(
            text=t(lang, "rule.ruling_legal", action=action_label(parsed)),
            ephemeral=parsed.type in hidden,
            game_id=game.id,
            version=game.version,
        )

    # ------------------------------------------------------------ showing

    def status(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Show the board, the seats and whose turn it is."""
        with self.store.reading() as tx:
            game = self._any(tx, channel_id, caller)
            claims = [c["seq"] for c in game.pending.get("claims", [])] if not game.over else []
            entries = {seq: tx.entry(game.id, seq) for seq in claims}
        sys = self._system(game.system)
        lang = game.language
        reply = self._board_reply(game, sys, None, lang)
        seats = ", ".join(
            f"{s.capitalize()}: {f'<@{uid}>' if uid else '—'}" for s, uid in game.seats.items()
        )
        reply.text = seats
        if claims:
            reply.lines.extend(self._claim_lines(game, entries))
            # The latest claim's answer buttons, for when its message has scrolled away.
            reply.buttons = [*self._claim_buttons(game, claims[-1]), *reply.buttons][:5]
        reply.lines.append(t(lang, "game.version", version=game.version))
        return reply

    def private(self, channel_id: str, caller: Caller) -> Reply:
        """Show a player what only their seat may see (their hand, hidden pieces)."""
        with self.store.reading() as tx:
            game = self._any(tx, channel_id, caller)
        sys, state = self._state(game)
        lang = game.language
        mine = game.seats_of(caller.user_id)
        if not mine:
            raise NotSeated(lang)
        private_lines = getattr(sys, "private_lines", None)
        if private_lines is None:
            return Reply(text=t(lang, "hand.nothing_hidden"), ephemeral=True, game_id=game.id,
                         version=game.version)
        lines: list[str] = []
        for seat in mine:
            found = list(private_lines(state, seat))
            if len(mine) > 1:
                found = [f"{seat.capitalize()}: {line}" for line in found]
            lines.extend(found)
        prompt = sys.prompt(state)
        buttons: list[Button] = []
        if game.status == "active" and prompt.seat in mine:
            buttons = self._choice_buttons(game, sys, state, prompt.seat, private=True)
        # The board from the player's own edge: the top seat sees it turned around.
        image = None
        board_for = getattr(sys, "board_for", None)
        if board_for is not None and self._render is not None:
            seat = prompt.seat if prompt.seat in mine else mine[0]
            image = self._render(board_for(state, seat))
        return Reply(
            text=t(lang, "hand.title"),
            lines=lines or [t(lang, "hand.empty")],
            ephemeral=True,
            buttons=buttons,
            image=image,
            image_name="your-view.png",
            game_id=game.id,
            version=game.version,
        )

    def log_lines(self, channel_id: str, caller: Caller | None = None, last: int = 20) -> Reply:
        """Show the last entries of the game's log as text."""
        with self.store.reading() as tx:
            game = self._any(tx, channel_id, caller)
            entries = tx.log(game.id, last=last)
        lang = game.language
        lines = []
        for entry in entries:
            who = (entry.seat or "").capitalize()
            if entry.kind in ("action", "claim"):
                texts = [event_text(lang, game.system, e) for e in entry.events]
                said = " / ".join(texts or [entry.action["type"]])
                if entry.kind == "claim":
                    said = t(lang, "claim.logged", what=said)
                lines.append(f"#{entry.seq} {who}: {said}")
            else:
                lines.append(f"#{entry.seq} {who}: {entry.kind}")
        return Reply(
            text=t(lang, "game.status_title", system=game.system, scenario=game.scenario),
            lines=lines or [t(lang, "game.log_empty")],
            game_id=game.id,
            version=game.version,
        )

    def suggest(
        self,
        channel_id: str,
        caller: Caller,
        option: str,
        text: str,
        context: dict[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """Offer completions for an option from the channel's live game (at most 25)."""
        with self.store.reading() as tx:
            game = tx.active_game(channel_id)
        if game is None:
            return []
        sys, state = self._state(game)
        mine = game.seats_of(caller.user_id)
        seat = mine[0] if mine else None
        prompt = sys.prompt(state)
        if prompt.seat in mine:
            seat = prompt.seat
        return sys.suggest(state, seat, option, text, context)[:25]

    def seat_choices(
        self, channel_id: str, system_id: str | None = None, scenario: str | None = None
    ) -> list[str]:
        """Return the seats of a scenario being chosen, else of the channel's game."""
        if system_id and scenario:
            for info in self._system(system_id).scenarios() if system_id in available() else []:
                if info.id == scenario:
                    return list(info.seats)
        with self.store.reading() as tx:
            game = tx.active_game(channel_id)
        return list(game.seats) if game else []

    def scenario_choices(self, system_id: str, text: str) -> list[tuple[str, str]]:
        """Offer scenario completions for `/game new`."""
        needle = text.lower()
        found = [
            (f"{title} ({sid})", sid)
            for sid, title in self.scenarios(system_id)
            if needle in sid or needle in title.lower()
        ]
        return found[:25]

    # ------------------------------------------------------------ buttons

    def press(self, channel_id: str, caller: Caller, custom_id: str) -> Reply:
        """Handle a button made by this service; refuse politely if the game moved on."""
        try:
            _, kind, game_id, version, arg = custom_id.split(":", 4)
        except ValueError:
            raise BadInput(problem="unknown button") from None
        with self.store.reading() as tx:
            game = tx.game(int(game_id))
        if game is None or game.channel_id != channel_id or game.over:
            raise Stale(self._language(game, caller))
        if kind in ("claim-yes", "claim-no"):  # a claim is named by its log entry, not a position
            return self.settle(channel_id, caller, int(arg), kind == "claim-yes")
        if game.version != int(version):
            raise Stale(game.language)
        if kind == "join":
            return self.join(channel_id, caller, seat=arg)
        if kind in ("undo-yes", "undo-no"):
            return self.answer_undo(channel_id, caller, kind == "undo-yes", int(version))
        if kind == "act":
            sys, state = self._state(game)
            prompt = sys.prompt(state)
            options = sys.legal_actions(state, prompt.seat or "")
            index = int(arg)
            if not 0 <= index < len(options):
                raise Stale(game.language)
            data = options[index].model_dump(mode="json", exclude={"seat"})
            return self.act(
                channel_id, caller, data, expected_version=int(version), expected_game=game.id
            )
        raise BadInput(game.language, problem="unknown button")

    # ------------------------------------------------------------ undo

    def undo(self, channel_id: str, caller: Caller) -> Reply:
        """Take back your last action freely when the rules allow, else ask the opponent."""
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            lang = game.language
            mine = game.seats_of(caller.user_id)
            if not mine:
                raise NotSeated(lang)
            entries = tx.log(game.id)
            kept = effective_actions(entries)
            if not kept or kept[-1].seat not in mine:
                raise simple_error("error.nothing_to_undo", lang)
            last = kept[-1]
            last_seat = last.seat or ""
            sys, state = self._state(game)
            free = not last.irreversible and sys.prompt(state).seat == last.seat
            what = " / ".join(e.get("_text", "") for e in last.events) or last.action.get("type")
            if free:
                entry = tx.append(
                    game, "undo", caller.user_id, last.seat, {"count": 1, "of": last.seq}
                )
                new_state = self._replay_effective(game, sys, [*entries, entry])
                game = tx.update_game(
                    game, state=new_state.model_dump(mode="json"), pending=_lasting(game.pending)
                )
                reply = self._turn_reply(game, sys, new_state, [], None)
                reply.lines.insert(0, reply.text)
                reply.text = t(lang, "game.undone", seat=last_seat.capitalize(), what=what)
                return reply
            tx.append(game, "undo_request", caller.user_id, last.seat, {"of": last.seq})
            game = tx.update_game(
                game, pending={**game.pending, "undo": {"seat": last.seat, "of": last.seq}}
            )
        others = [s for s in game.seats if s != last_seat]
        other = others[0] if others else last_seat
        return Reply(
            text=t(
                lang,
                "game.undo_requested",
                seat=last_seat.capitalize(),
                what=what,
                other=f"<@{game.seats.get(other)}>",
            ),
            mention=game.seats.get(other),
            buttons=[
                Button(
                    "undo-yes", t(lang, "button.agree_undo"), game.id, game.version, "", "success"
                ),
                Button(
                    "undo-no", t(lang, "button.refuse_undo"), game.id, game.version, "", "danger"
                ),
            ],
            game_id=game.id,
            version=game.version,
        )

    def answer_undo(
        self, channel_id: str, caller: Caller, agree: bool, expected_version: int | None = None
    ) -> Reply:
        """Agree to or refuse the opponent's undo request; the answer is logged."""
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            lang = game.language
            if expected_version is not None and expected_version != game.version:
                raise Stale(lang)
            request = game.pending.get("undo")
            if not request:
                raise simple_error("error.no_undo_request", lang)
            mine = game.seats_of(caller.user_id)
            if not mine:
                raise NotSeated(lang)
            answering = [s for s in mine if s != request["seat"]]
            if not answering:
                raise simple_error("error.own_undo_request", lang)
            sys, _ = self._state(game)
            if not agree:
                tx.append(game, "undo_refused", caller.user_id, answering[0], {"of": request["of"]})
                game = tx.update_game(game, pending=_lasting(game.pending))
                return Reply(
                    text=t(lang, "game.undo_refused", seat=answering[0].capitalize()),
                    game_id=game.id,
                    version=game.version,
                )
            entries = tx.log(game.id)
            marker = {"count": 1, "of": request["of"], "agreed_by": answering[0]}
            entry = tx.append(game, "undo", caller.user_id, request["seat"], marker)
            new_state = self._replay_effective(game, sys, [*entries, entry])
            game = tx.update_game(
                game, state=new_state.model_dump(mode="json"), pending=_lasting(game.pending)
            )
        reply = self._turn_reply(game, sys, new_state, [], None)
        reply.lines.insert(0, reply.text)
        reply.text = t(lang, "game.undo_agreed", seat=answering[0].capitalize())
        return reply

    def _replay_effective(
        self, game: GameRow, sys: GameSystem, entries: list[LogEntry]
    ) -> BaseModel:
        state, _ = replay(
            sys, game.scenario, game.seed, [e.action for e in effective_actions(entries)]
        )
        return state

    # ------------------------------------------------------------ finishing

    def resign(self, channel_id: str, caller: Caller) -> Reply:
        """Concede: the other seat wins and the dice seed is revealed."""
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            lang = game.language
            mine = game.seats_of(caller.user_id)
            if not mine:
                raise NotSeated(lang)
            loser = mine[0]
            others = [s for s in game.seats if s != loser]
            winner = others[0] if others and game.seats[others[0]] != caller.user_id else None
            tx.append(game, "resign", caller.user_id, loser, {"seat": loser})
            reason = t(
                lang,
                "game.resigned",
                seat=loser.capitalize(),
                winner=self._seat_label(game, winner),
            )
            game = tx.update_game(
                game, status="finished", winner=winner, result=reason, seed_revealed=1
            )
        sys, state = self._state(game)
        reply = self._board_reply(game, sys, state, lang)
        reply.text = reason
        return reply

    def end(self, channel_id: str, caller: Caller) -> Reply:
        """Close the channel's game without a winner (creator or moderator only)."""
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            lang = game.language
            if not self._is_referee(game, caller):
                raise RefereeOnly(lang)
            tx.append(game, "end", caller.user_id, None, {})
            text = t(lang, "game.ended", user=caller.name)
            game = tx.update_game(game, status="ended", result=text, seed_revealed=1)
        sys, state = self._state(game)
        reply = self._board_reply(game, sys, state, lang)
        reply.text = text
        return reply

    def settings(
        self,
        channel_id: str,
        caller: Caller,
        language: str | None = None,
        deadline_hours: int | None = None,
        reports: str | None = None,
    ) -> Reply:
        """Show or change the game's language, turn deadline and how reports are trusted.

        The reports policy (core/reports-need-agreement) is the creator's to set while
        the game waits for players, so whoever joins sees it; later only a moderator
        may change it.
        """
        with self.store.transaction() as tx:
            game = self._active(tx, channel_id, caller)
            if language is not None or deadline_hours is not None or reports is not None:
                if not game.seats_of(caller.user_id) and not self._is_referee(game, caller):
                    raise NotSeated(game.language)
                settings = dict(game.settings)
                if deadline_hours is not None:
                    settings["deadline_hours"] = deadline_hours or None
                if reports is not None:
                    if reports not in REPORT_POLICIES:
                        raise BadInput(game.language, problem=f"reports: {reports}")
                    starting = game.status == "open" and caller.user_id == game.creator_id
                    if not (caller.moderator or starting):
                        raise ReportsLocked(game.language)
                    settings["reports"] = reports
                game = tx.update_game(
                    game,
                    bump=False,
                    language=pick_language(language) if language else game.language,
                    settings=settings,
                )
        lang = game.language
        hours = game.settings.get("deadline_hours")
        deadline = (
            t(lang, "game.deadline_hours", hours=hours) if hours else t(lang, "game.no_deadline")
        )
        policy = game.settings.get("reports", "confirm")
        return Reply(
            text=t(lang, "game.settings", language=lang, deadline=deadline,
                   reports=t(lang, f"game.reports_{policy}")),
            game_id=game.id,
            version=game.version,
        )

    # ------------------------------------------------------------ records

    def export(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Attach the game record as JSON (the seed only once revealed)."""
        with self.store.reading() as tx:
            game = self._any(tx, channel_id, caller)
            record = self._record(tx, game)
        data = json.dumps(record, indent=1, sort_keys=True).encode()
        return Reply(
            text=t(game.language, "game.exported"),
            files=[(f"banneret-game-{game.id}.json", data)],
            game_id=game.id,
            version=game.version,
        )

    def _record(self, tx: Transaction, game: GameRow) -> dict[str, Any]:
        """Return the game record; while it runs, hidden choices are left out like the seed."""
        hidden: frozenset[str] = (
            frozenset()
            if game.over
            else getattr(self.system_of(game), "private_actions", frozenset())
        )
        return game_record(game, tx.log(game.id), hidden)

    def verify_game(self, game_id: int) -> tuple[bool, str]:
        """Replay one stored game through the checked path; compare state and events."""
        with self.store.reading() as tx:
            game = tx.game(game_id)
            entries = tx.log(game_id) if game else []
        if game is None:
            return False, f"game {game_id} not found"
        lang = game.language
        problem = problem_with(
            self.system_of(game),
            game.scenario,
            game.seed,
            game.seed_hash,
            game.engine_version,
            entries,
            game.state,
        )
        if problem:
            return False, t(lang, "game.verify_bad", game=game.id, problem=problem)
        count = len(effective_actions(entries))
        return True, t(lang, "game.verify_ok", game=game.id, actions=count)

    def verify_all(self) -> list[tuple[int, bool, str]]:
        """Verify every stored game."""
        with self.store.reading() as tx:
            ids = tx.game_ids()
        return [(gid, *self.verify_game(gid)) for gid in ids]

    def verify_channel(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Verify the channel's game and say so."""
        with self.store.reading() as tx:
            game = self._any(tx, channel_id, caller)
        ok, text = self.verify_game(game.id)
        return Reply(text=text, game_id=game.id, version=game.version)

    def verify_record(self, record: dict[str, Any]) -> tuple[bool, str]:
        """Check an exported game record on its own (needs the revealed seed)."""
        game = record.get("game", "?")
        if record.get("format") != EXPORT_FORMAT:
            return False, f"not a {EXPORT_FORMAT} record"
        seed = record.get("seed")
        if not seed:
            return False, t("en", "game.verify_pending_seed", game=game)
        entries = record_entries(record)
        try:
            sys = self._system(record["system"])
        except KeyError:
            return False, f"no game system called {record['system']!r} here"
        problem = problem_with(
            sys,
            record["scenario"],
            seed,
            record["seed_hash"],
            record.get("engine_version", ""),
            entries,
            None,
        )
        if problem:
            return False, t("en", "game.verify_bad", game=game, problem=problem)
        return True, t("en", "game.verify_ok", game=game, actions=len(effective_actions(entries)))

    # ------------------------------------------------------------ rules reference

    def rule(self, rule_id: str, language: str = "en") -> RuleReference:
        """Return one rule reference or a polite error."""
        try:
            return rule(rule_id)
        except KeyError:
            raise simple_error("error.unknown_rule", language, rule=rule_id) from None
