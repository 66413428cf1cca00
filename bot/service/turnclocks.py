"""Play-by-post clocks: how much time the player to act has left, reminders, and expiry.

A game with a time control (bot/timecontrol.py, kept in `settings["time_control"]`;
an older game's `deadline_hours` reads as a deadline that reminds) keeps a clock in
its row (`games.clock`, JSON) and the next moment something must happen in
`games.due_at` (indexed, `m005_clocks`):

- **Whose time runs** is the seat `Table(game).prompt.seat` names. Every change of a
  game passes through `Transaction.update_game`, whose hook (`follow`, installed by
  the service) sees the new position inside the command's own write transaction:
  acting, buttons, agreed claims, undo and referee corrections all keep the clock.
  When the seat to act changes, the previous player is charged the time they used:
  a clock (`3d+1d/7d`) loses it, then gains the increment, never above the cap; a
  deadline (`48h`) simply starts afresh for the next player.
- **Undo gives no time back**: the player who was charged keeps the charge; the
  player to act after the undo gets the turn (a fresh deadline, or their clock).
- **Reminders** go out at points before the expiry (`settings["remind"]`, minutes;
  24 h and 1 h by default), one per point per turn, in the channel or, for a player
  who asked (`/game reminders dm:true`), by direct message. A point is recorded as
  sent in the same transaction that claims it, so it is never repeated, not even
  after a restart; points already past when a turn starts are skipped.
- **Expiry** applies the control's policy and logs it: `remind` pings once more and
  the game goes on; `claim` posts a "Claim the win" button for the opponent (valid
  while the same turn is still out of time); `forfeit` ends the game at once, lost by
  the player out of time (log kind `out_of_time`, result `result-out-of-time`).
- A referee may **extend** the deadline (`/game extend`: the reminder points still
  ahead of the new expiry are armed again); a player may **pause** their
  own clock for a holiday within the control's `holiday_minutes`; the pause ends by
  itself or when they act.

`ClockSource` is the scheduler's source for all this (bot/service/scheduler.py). It finds due
games by the `games_due` index and claims each inside one `BEGIN IMMEDIATE`
transaction with an update guarded by the row's version and `due_at` as read
(`Transaction.claim_due`), so of several bot processes sharing one database only
one sends each reminder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, ValidationError

from bot.errors import (
    ClockExpired,
    ExtendOwnClock,
    HolidayTooLong,
    NoClock,
    NotOutOfTime,
    NotSeated,
    NotTimeClaimant,
    PlayerError,
    RefereeOnly,
    RemindBad,
    Stale,
    bad_input,
)
from bot.replies import Button, Reply
from bot.service.context import ButtonHandler, Caller, Table, running
from bot.service.scheduler import CLAIM_BATCH, Notice, Ready, keep, prepared
from bot.store.sqlite import GameRow, GameStore, Transaction
from bot.text import Words, pick_language, seat_term
from bot.timecontrol import MOST_MINUTES, NO_TIME_CONTROL, TimeControl, span_text
from rules.core.text import Msg

if TYPE_CHECKING:
    from bot.service.boards import BoardReplies

# Reminder points, in minutes before the expiry, when a game names none.
DEFAULT_POINTS: tuple[int, ...] = (24 * 60, 60)
# The log kinds the clocks write: what each says in `/game log` (bot/service/views.py).
LOG_KINDS = {
    "time_expired": "game-log-time-expired",
    "out_of_time": "game-log-out-of-time",
    "extend": "game-log-extend",
    "holiday": "game-log-holiday",
}
# The claim button's kind (bot/replies.py Button): `time-claim`, its argument the turn.
CLAIM_BUTTON = "time-claim"
# Changes of a game that may move whose time runs.
_TRIGGERS = ("state", "seats", "status", "settings")
_MOVES = ("state", "seats", "status")
_GAME_FIELDS = frozenset(f.name for f in fields(GameRow))


def at(text: str) -> datetime:
    """Read a stored moment."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def stamp(moment: datetime) -> str:
    """Write a moment as stored (the store's form, so stored moments compare as text)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def control_of(settings: dict[str, Any]) -> TimeControl:
    """Return a game's time control; an older game's `deadline_hours` is a deadline that
    reminds."""
    stored = settings.get("time_control")
    if stored:
        return TimeControl.model_validate(stored)
    hours = settings.get("deadline_hours")
    if hours:
        return TimeControl(kind="deadline", per_turn_minutes=int(hours) * 60, expiry="remind")
    return NO_TIME_CONTROL


def reminder_points(settings: dict[str, Any]) -> tuple[int, ...]:
    """Return a game's reminder points (minutes before the expiry), largest first."""
    stored = settings.get("remind")
    if stored is None:
        return DEFAULT_POINTS
    return tuple(sorted({int(p) for p in stored}, reverse=True))


def parse_points(text: str) -> tuple[int, ...]:
    """Read typed reminder points ('24h,1h', '90m', 'none'); RemindBad if they are not."""
    words = [w for w in re.split(r"[,\s]+", text.strip().lower()) if w]
    if words == ["none"]:
        return ()
    found: set[int] = set()
    for word in words:
        if not re.fullmatch(r"(?:\d+[dhm])+", word):
            raise RemindBad(value=text)
        minutes = sum(int(n) * {"d": 1440, "h": 60, "m": 1}[u]
                      for n, u in re.findall(r"(\d+)([dhm])", word))
        if not 0 < minutes <= MOST_MINUTES:
            raise RemindBad(value=text)
        found.add(minutes)
    if not found or len(found) > 5:
        raise RemindBad(value=text)
    return tuple(sorted(found, reverse=True))


def hours_in(hours: int, field: str, most: int) -> int:
    """Return hours typed for a command, or refuse a number out of 1..most."""
    if hours < 1:
        raise bad_input("input-greater-than-equal", field=field, ge=1)
    if hours > most:
        raise bad_input("input-less-than-equal", field=field, le=most)
    return hours


def timed_settings(settings: dict[str, Any], deadline_hours: int | None, time: str | None,
                   remind: str | None) -> dict[str, Any]:
    """Return a game's settings with a new time control and reminder points, as typed
    in `/game settings` (`deadline_hours` is the older shorthand of `time:<n>h remind`)."""
    out = dict(settings)
    control: TimeControl | None = None
    if deadline_hours is not None:
        hours = hours_in(deadline_hours, "deadline_hours", 336) if deadline_hours else 0
        control = TimeControl(kind="deadline", per_turn_minutes=hours * 60) if hours else (
            NO_TIME_CONTROL)
    if time is not None:
        control = TimeControl.parse(time)
    if control is not None:
        out.pop("deadline_hours", None)  # the older form, now a time control
        out.pop("time_control", None)
        if control.limited:
            out["time_control"] = control.model_dump()
    if remind is not None:
        out["remind"] = list(parse_points(remind))
    return out


class ClockState(BaseModel):
    """A running game's clock, as kept in `games.clock`."""

    control: str  # the time control's text when the clock was set up (a change restarts it)
    seat: str | None = None  # whose time runs
    turn: int = 0  # counts the turns (changes of the seat to act); a claim names its turn
    since: str  # when the seat's time started (or starts, after a holiday) running
    left: float = 0.0  # seconds the seat had at `since`
    bank: dict[str, float] = Field(default_factory=dict)  # clock kind: what each seat holds
    sent: list[int] = Field(default_factory=list)  # reminder points sent this turn
    expired: bool = False  # the expiry policy has been applied this turn
    holidays: dict[str, list[str]] = Field(default_factory=dict)  # seat -> [start, end]
    holiday_used: dict[str, float] = Field(default_factory=dict)  # seat -> seconds

    def expires(self) -> datetime:
        """Return when the seat to act runs out of time."""
        return at(self.since) + timedelta(seconds=self.left)


def loaded(data: dict[str, Any]) -> ClockState | None:
    """Read a stored clock (None when there is none, or it cannot be read)."""
    if not data:
        return None
    try:
        return ClockState.model_validate(data)
    except ValidationError:
        return None


def _fresh(tc: TimeControl, game: GameRow, seat: str | None, now: datetime,
           points: tuple[int, ...]) -> ClockState:
    """Set a clock up at `now`: every seat holds the starting allowance."""
    bank = {s: float(tc.initial_minutes or 0) * 60 for s in game.seats} if (
        tc.kind == "clock") else {}
    cs = ClockState(control=tc.text(), since=stamp(now), bank=bank)
    _start_turn(cs, tc, seat, now, points)
    return cs


def _start_turn(cs: ClockState, tc: TimeControl, seat: str | None, now: datetime,
                points: tuple[int, ...]) -> None:
    """Start `seat`'s time at `now` (after their holiday, if one is running)."""
    cs.seat, cs.expired, cs.turn = seat, False, cs.turn + 1
    start = now
    holiday = cs.holidays.get(seat or "")
    if holiday and at(holiday[1]) > now:
        start = at(holiday[1])
    cs.since = stamp(start)
    if seat is None:
        cs.left, cs.sent = 0.0, []
        return
    if tc.kind == "clock":
        cs.left = cs.bank.get(seat, float(tc.initial_minutes or 0) * 60)
    else:
        cs.left = float(tc.per_turn_minutes or 0) * 60
    expires = cs.expires()
    cs.sent = [p for p in points if expires - timedelta(minutes=p) <= start]


def _back_from_holiday(cs: ClockState, seat: str, now: datetime) -> None:
    """End a seat's running holiday at `now`; what was not used goes back to the allowance."""
    holiday = cs.holidays.get(seat)
    if not holiday or at(holiday[1]) <= now:
        return
    unused = (at(holiday[1]) - max(now, at(holiday[0]))).total_seconds()
    cs.holiday_used[seat] = max(0.0, cs.holiday_used.get(seat, 0.0) - unused)
    cs.holidays[seat] = [holiday[0], stamp(now)]
    if cs.seat == seat and at(cs.since) > now:
        cs.since = stamp(now)  # their clock runs again from now


def _pass_turn(cs: ClockState, tc: TimeControl, seat: str | None, now: datetime,
               points: tuple[int, ...]) -> None:
    """Charge the player who was to act the time they used, then start `seat`'s time."""
    before = cs.seat
    if before is not None:
        _back_from_holiday(cs, before, now)
        used = max(0.0, (now - at(cs.since)).total_seconds())
        if tc.kind == "clock":
            kept = max(0.0, cs.left - used) + tc.increment_minutes * 60
            if tc.cap_minutes is not None:
                kept = min(kept, tc.cap_minutes * 60.0)
            cs.bank[before] = kept
    _start_turn(cs, tc, seat, now, points)


def next_due(cs: ClockState, points: tuple[int, ...]) -> datetime | None:
    """Return the next moment the scheduler must look at a clock (None: nothing is due)."""
    if cs.seat is None or cs.expired:
        return None
    expires, since = cs.expires(), at(cs.since)
    moments = [max(since, expires - timedelta(minutes=p)) for p in points if p not in cs.sent]
    return min([*moments, expires])


def _due(cs: ClockState, points: tuple[int, ...]) -> str | None:
    moment = next_due(cs, points)
    return None if moment is None else stamp(moment)


def follow(tx: Transaction, game: GameRow, changes: dict[str, Any]) -> dict[str, Any]:
    """The store hook: keep a game's clock right as a command changes the game.

    Returns the clock and `due_at` to write with the change (nothing for a game
    without a time control, and nothing when the change cannot move the clock).
    """
    if "clock" in changes or not any(key in changes for key in _TRIGGERS):
        return {}
    after = replace(game, **{k: v for k, v in changes.items() if k in _GAME_FIELDS})
    tc = control_of(after.settings)
    if not tc.limited or after.status != "active":
        return {"clock": {}, "due_at": None} if (game.clock or game.due_at) else {}
    now = tx.clock.now()
    points = reminder_points(after.settings)
    cs = loaded(game.clock)
    if cs is None or cs.control != tc.text():
        turns = cs.turn if cs is not None else 0  # turns keep counting: old claims lapse
        cs = _fresh(tc, after, Table(after).prompt.seat, now, points)
        cs.turn += turns
    else:
        if any(key in changes for key in _MOVES):
            seat = Table(after).prompt.seat
            if seat != cs.seat:
                _pass_turn(cs, tc, seat, now, points)
            elif seat is not None and "state" in changes:
                _back_from_holiday(cs, seat, now)  # acting ends one's own holiday
        if "settings" in changes:  # points added that are already past are skipped
            expires = cs.expires()
            cs.sent = sorted({*cs.sent, *(p for p in points
                                          if expires - timedelta(minutes=p) <= now)},
                             reverse=True)
    return {"clock": cs.model_dump(), "due_at": _due(cs, points)}


# ---------------------------------------------------------------- words


def span(words: Words, seconds: float) -> str:
    """Word a length of time: '1 d 4 h', '3 h 20 min', '45 min'."""
    minutes = max(0, int(seconds // 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return words("clock-span-days", days=days, hours=hours)
    if hours:
        return words("clock-span-hours", hours=hours, minutes=mins)
    return words("clock-span-minutes", minutes=mins)


def _who(game: GameRow, seat: str) -> str:
    user = game.seats.get(seat)
    return f"<@{user}>" if user else "—"


def time_line(table: Table, now: datetime) -> str | None:
    """Say how long the player to act has left ("Red (@Alice) to act — 1 d 4 h left")."""
    game = table.game
    cs = loaded(game.clock) if not game.over else None
    if cs is None or cs.seat is None:
        return None
    words, seat = table.words, seat_term(cs.seat)
    expires, since = cs.expires(), at(cs.since)
    if cs.expired or expires <= now:
        return words("clock-out", seat=seat, user=_who(game, cs.seat))
    if since > now:
        return words("clock-paused", seat=seat, user=_who(game, cs.seat),
                     pause=span(words, (since - now).total_seconds()),
                     left=span(words, cs.left))
    return words("clock-left", seat=seat, user=_who(game, cs.seat),
                 left=span(words, (expires - now).total_seconds()))


def control_text(words: Words, settings: dict[str, Any]) -> str:
    """Word a game's time control and its reminder points for `/game settings`."""
    tc = control_of(settings)
    if not tc.limited:
        return words("game-no-deadline")
    points = reminder_points(settings)
    said = ", ".join(span_text(p) for p in points) if points else words("game-no-reminders")
    return words("game-time-control", control=tc.text(), points=said)


def winner_against(game: GameRow, loser: str) -> str | None:
    """Return who wins when `loser` loses on time (none in a solo game), as resign does."""
    others = [s for s in game.seats if s != loser]
    if others and game.seats.get(others[0]) != game.seats.get(loser):
        return others[0]
    return None


def _out_of_time(tx: Transaction, game: GameRow, loser: str, actor: str, policy: str,
                 turn: int) -> GameRow:
    """End a game lost on time by `loser` and log it (`out_of_time`)."""
    tx.append(game, "out_of_time", actor, loser, {"seat": loser, "policy": policy,
                                                  "turn": turn})
    reason = Msg(key="result-out-of-time", args={"seat": seat_term(loser)})
    return tx.update_game(game, status="finished", winner=winner_against(game, loser),
                          result=reason.model_dump_json(), seed_revealed=1)


# ---------------------------------------------------------------- the scheduler's source


@dataclass
class _Plan:
    """What one due game's clock calls for, worked out on a read snapshot: the clock to
    write, when it is next due, the notices to post (worded and made ready for the
    outbox), the `time_expired` entry to log and the expiry policy to apply."""

    game: GameRow
    clock: dict[str, Any]
    due_at: str | None
    table: Table | None = None
    state: ClockState | None = None
    notices: list[Ready] = field(default_factory=list)
    expired: dict[str, Any] | None = None  # the time_expired entry's action
    forfeit: bool = False


class ClockSource:
    """Reminders and expiries of game clocks, as the scheduler's due items."""

    name = "clocks"

    def __init__(self, store: GameStore, batch: int = CLAIM_BATCH) -> None:
        self.store = store
        self.batch = batch

    def due(self, now: datetime) -> list[Notice]:
        """Claim every game clock due at `now` and return what to post about them.

        Each batch is read and decided on a read snapshot (reading the position, wording
        the reminders and expiries, making them ready for the outbox: the costly part),
        then claimed in one short write transaction that only writes: each game's clock
        is written only if its row is still as read (version and `due_at`), so a notice
        is returned once only, whatever other process looks too; a game that moved
        meanwhile is decided again in the next batch. (A forfeit, which ends the game,
        is the one expiry worded inside the write.)
        """
        notices: list[Notice] = []
        while True:
            with self.store.reading() as tx:
                games = tx.due_games(stamp(now), self.batch)
                plans = [self._plan(tx, game, now) for game in games]
            with self.store.transaction() as tx:
                claimed = [n for plan in plans for n in self._claim(tx, plan)]
                notices.extend(keep(tx, claimed))  # kept until posted, in the claim's write
            if len(games) < self.batch:
                return notices

    def _plan(self, tx: Transaction, game: GameRow, now: datetime) -> _Plan:
        """Decide what one due game's clock calls for (nothing is written here)."""
        tc = control_of(game.settings)
        if not tc.limited or game.status != "active":
            return _Plan(game, {}, None)
        table = Table(game)
        points = reminder_points(game.settings)
        cs = loaded(game.clock)
        if cs is None or cs.control != tc.text():
            # A deadline of old: it runs from when the game last changed.
            start = at(game.updated_at) if cs is None else now
            cs = _fresh(tc, game, table.prompt.seat, start, points)
        plan = _Plan(game, {}, None, table, cs)
        if cs.seat is not None and not cs.expired:
            expires, since = cs.expires(), at(cs.since)
            if expires <= now:
                cs.expired, cs.sent = True, list(points)
                self._expiry(plan, table, cs, tc.expiry)
            else:
                ready = [p for p in points if p not in cs.sent
                         and max(since, expires - timedelta(minutes=p)) <= now]
                if ready:
                    cs.sent = sorted({*cs.sent, *ready}, reverse=True)
                    plan.notices.append(prepared(
                        self._reminder(tx, table, cs.seat, expires - now)))
        plan.clock, plan.due_at = cs.model_dump(), _due(cs, points)
        return plan

    def _claim(self, tx: Transaction, plan: _Plan) -> list[Notice | Ready]:
        """Write a plan's clock if the game is still as read, and apply its expiry."""
        if not tx.claim_due(plan.game, plan.clock, plan.due_at):
            return []  # another process claimed it first, or the game moved on
        notices: list[Notice | Ready] = list(plan.notices)
        cs, table = plan.state, plan.table
        if plan.expired is not None and cs is not None and cs.seat is not None:
            tx.append(plan.game, "time_expired", "", cs.seat, plan.expired)
        if plan.forfeit and cs is not None and cs.seat is not None and table:
            notices.append(self._forfeit(tx, table, cs))
        return notices

    def _reminder(self, tx: Transaction, table: Table, seat: str, left: timedelta) -> Notice:
        game, words = table.game, table.words
        user = game.seats.get(seat)
        values: dict[str, Any] = {"user": _who(game, seat), "seat": seat_term(seat),
                                  "left": span(words, left.total_seconds())}
        if user and tx.reminder_dm(user):
            text = words("clock-reminder-dm", channel=f"<#{game.channel_id}>",
                         system=table.title(), **values)
            return Notice(text=text, channel_id=game.channel_id, user_id=user, game_id=game.id)
        return Notice(text=words("clock-reminder", **values), channel_id=game.channel_id,
                      mention=user, game_id=game.id)

    def _expiry(self, plan: _Plan, table: Table, cs: ClockState, policy: str) -> None:
        """Plan the expiry policy for the seat out of time: a forfeit ends the game in the
        claim's write; else the `time_expired` entry and its notice, worded here."""
        game, words = table.game, table.words
        seat = cs.seat or ""
        if policy == "forfeit":
            plan.forfeit = True
            return
        plan.expired = {"seat": seat, "policy": policy, "turn": cs.turn}
        values: dict[str, Any] = {"seat": seat_term(seat), "user": _who(game, seat)}
        if policy == "claim":
            other = winner_against(game, seat)
            user = game.seats.get(other) if other else None
            # The claim leaves the version alone, so the button holds the version as read.
            button = Button(CLAIM_BUTTON, words("button-claim-win"), game.id, game.version,
                            str(cs.turn), "danger")
            notice = Notice(text=words("clock-out-of-time-claim",
                                       other=_who(game, other or ""), **values),
                            channel_id=game.channel_id, buttons=(button,), mention=user,
                            game_id=game.id)
        else:
            notice = Notice(text=words("clock-out-of-time-remind", **values),
                            channel_id=game.channel_id, mention=game.seats.get(seat),
                            game_id=game.id)
        plan.notices.append(prepared(notice))

    def _forfeit(self, tx: Transaction, table: Table, cs: ClockState) -> Notice:
        """End the game of the seat out of time (in the claim's write) and word it."""
        game, words = table.game, table.words
        seat = cs.seat or ""
        values: dict[str, Any] = {"seat": seat_term(seat), "user": _who(game, seat)}
        ended = Table(_out_of_time(tx, game, seat, "", "forfeit", cs.turn))
        return Notice(text="\n".join([words("clock-out-of-time-forfeit", **values),
                                      ended.result_line()]),
                      channel_id=game.channel_id, mention=game.seats.get(seat),
                      game_id=game.id)


# ---------------------------------------------------------------- commands


class Clocks:
    """Extend a deadline, take a holiday, choose where reminders go, claim a win on time."""

    def __init__(self, store: GameStore, boards: BoardReplies) -> None:
        self.store = store
        self.boards = boards
        self.source = ClockSource(store)

    def _running_clock(self, tx: Transaction, channel_id: str, caller: Caller
                       ) -> tuple[GameRow, TimeControl, ClockState]:
        game = running(tx, channel_id, caller)
        tc = control_of(game.settings)
        cs = loaded(game.clock)
        if not tc.limited or cs is None or cs.seat is None or game.status != "active":
            raise NoClock().where(game.language, game.system)
        return game, tc, cs

    def extend(self, channel_id: str, caller: Caller, hours: int) -> Reply:
        """Give the player to act `hours` more (a referee: the creator or a moderator)."""
        with self.store.transaction() as tx:
            game, _, cs = self._running_clock(tx, channel_id, caller)
            try:
                hours_in(hours, "hours", 24 * 30)
            except PlayerError as err:
                raise err.where(game.language, game.system) from None
            if not Table(game).is_referee(caller):
                raise RefereeOnly().where(game.language, game.system)
            if cs.seat and cs.seat in game.seats_of(caller.user_id):
                # The time is for the other side to give (or a referee who is not to act).
                raise ExtendOwnClock().where(game.language, game.system)
            now = tx.clock.now()
            expires = max(cs.expires(), now) + timedelta(hours=hours)
            cs.left = (expires - at(cs.since)).total_seconds()
            cs.expired = False
            # A new deadline: its reminder points still ahead are armed again.
            points = reminder_points(game.settings)
            cs.sent = [p for p in points if expires - timedelta(minutes=p) <= now]
            seat = cs.seat or ""
            tx.append(game, "extend", caller.user_id, seat,
                      {"seat": seat, "hours": hours, "by": caller.name})
            game = tx.update_game(game, bump=False, clock=cs.model_dump(),
                                  due_at=_due(cs, reminder_points(game.settings)))
        table = Table(game)
        reply = self.boards.board(table)
        reply.text = table.words("clock-extended", user=caller.name, seat=seat_term(seat),
                                 hours=hours)
        return reply

    def holiday(self, channel_id: str, caller: Caller, hours: int) -> Reply:
        """Pause your own clock for `hours`, within the time control's holiday allowance.

        It may be taken before one's turn comes; it ends by itself, or when one acts.
        """
        with self.store.transaction() as tx:
            game, tc, cs = self._running_clock(tx, channel_id, caller)
            where = (game.language, game.system)
            try:
                hours_in(hours, "hours", 24 * 60)
            except PlayerError as err:
                raise err.where(*where) from None
            mine = game.seats_of(caller.user_id)
            if not mine:
                raise NotSeated().where(*where)
            seat = cs.seat if cs.seat in mine else mine[0]
            words = Table(game).words
            allowance = tc.holiday_minutes * 60.0
            used = cs.holiday_used.get(seat, 0.0)
            wanted = hours * 3600.0
            if used + wanted > allowance:
                raise HolidayTooLong(hours=hours, left=span(words, allowance - used),
                                     allowance=span(words, allowance)).where(*where)
            now = tx.clock.now()
            if seat == cs.seat and (cs.expired or cs.expires() <= now):
                raise ClockExpired().where(*where)
            running_now = cs.holidays.get(seat)
            if running_now and at(running_now[1]) > now:
                first, begin = running_now[0], at(running_now[1])  # a longer holiday
            else:
                first, begin = stamp(now), now
            end = begin + timedelta(seconds=wanted)
            if seat == cs.seat:
                since = at(cs.since)
                if since < now:
                    cs.left -= (now - since).total_seconds()
                cs.since = stamp(end)
            cs.holidays[seat] = [first, stamp(end)]
            cs.holiday_used[seat] = used + wanted
            tx.append(game, "holiday", caller.user_id, seat, {"seat": seat, "hours": hours})
            game = tx.update_game(game, bump=False, clock=cs.model_dump(),
                                  due_at=_due(cs, reminder_points(game.settings)))
        table = Table(game)
        reply = self.boards.board(table)
        reply.text = table.words("clock-holiday", seat=seat_term(seat), hours=hours,
                                 left=span(table.words, allowance - used - wanted))
        return reply

    def reminders(self, channel_id: str, caller: Caller, dm: bool) -> Reply:
        """Choose where your turn reminders go (every game): by DM, or in the channel."""
        with self.store.transaction() as tx:
            tx.set_reminder_dm(caller.user_id, dm)
            game = tx.latest_game(channel_id)
        language = game.language if game else pick_language(caller.locale)
        words = Words.of(language)
        return Reply(text=words("clock-reminders-dm" if dm else "clock-reminders-channel"),
                     ephemeral=True)

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The button a reminder of a game out of time carries: claim the win on time."""
        return {CLAIM_BUTTON: lambda channel_id, caller, pressed: self.claim(
            channel_id, caller, pressed[1], pressed[3])}

    def claim(self, channel_id: str, caller: Caller, game_id: int, turn: str) -> Reply:
        """Claim the win on time (the "Claim the win" button): the opponent of the player
        out of time only, and only while that same turn is still out of time."""
        with self.store.transaction() as tx:
            game = tx.game(game_id)
            if game is None or game.channel_id != channel_id or game.over:
                error = Stale()
                raise error.where(game.language, game.system) if game else error
            where = (game.language, game.system)
            cs = loaded(game.clock)
            if cs is None or cs.seat is None:
                raise NotOutOfTime(seat="—").where(*where)
            loser = cs.seat
            if control_of(game.settings).expiry != "claim":  # the control changed since
                raise Stale().where(*where)
            if str(cs.turn) != turn or tx.clock.now() < cs.expires():
                raise NotOutOfTime(seat=seat_term(loser)).where(*where)
            mine = [s for s in game.seats_of(caller.user_id) if s != loser]
            if not mine or winner_against(game, loser) not in mine:
                raise NotTimeClaimant(seat=seat_term(loser)).where(*where)
            game = _out_of_time(tx, game, loser, caller.user_id, "claim", cs.turn)
        table = Table(game)
        reply = self.boards.board(table)
        reply.text = table.words("clock-claimed", seat=seat_term(mine[0]),
                                 loser=seat_term(loser))
        return reply


__all__ = ["CLAIM_BUTTON", "ClockSource", "ClockState", "Clocks", "control_of", "follow",
           "loaded", "next_due", "parse_points", "reminder_points", "span", "time_line"]
