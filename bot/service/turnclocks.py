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

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.clock import at, stamp
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
    Stale,
)
from bot.replies import Button, Reply
from bot.service.boards import BoardReplies
from bot.service.context import ButtonHandler, Caller, Table, running
from bot.service.scheduler import CLAIM_BATCH, Notice, Ready, keep, prepared
from bot.service.timekeeping import (
    ClockState,
    control_of,
    due_at,
    fresh_clock,
    hours_in,
    loaded,
    reminder_points,
    span,
    who,
    winner_against,
)
from bot.store.gamestore import GameStore
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.text import Words, pick_language, seat_term
from bot.timecontrol import TimeControl
from rules.core.text import Msg

# The log kinds the clocks write: what each says in `/game log` (bot/service/views.py).
LOG_KINDS = {
    "time_expired": "game-log-time-expired",
    "out_of_time": "game-log-out-of-time",
    "extend": "game-log-extend",
    "holiday": "game-log-holiday",
}
# The claim button's kind (bot/replies.py Button): `time-claim`, its argument the turn.
CLAIM_BUTTON = "time-claim"


# ---------------------------------------------------------------- words


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
            cs = fresh_clock(tc, game, table.prompt.seat, start, points)
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
        plan.clock, plan.due_at = cs.model_dump(), due_at(cs, points)
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
        values: dict[str, Any] = {"user": who(game, seat), "seat": seat_term(seat),
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
        values: dict[str, Any] = {"seat": seat_term(seat), "user": who(game, seat)}
        if policy == "claim":
            other = winner_against(game, seat)
            user = game.seats.get(other) if other else None
            # The claim leaves the version alone, so the button holds the version as read.
            button = Button(CLAIM_BUTTON, words("button-claim-win"), game.id, game.version,
                            str(cs.turn), "danger")
            notice = Notice(text=words("clock-out-of-time-claim",
                                       other=who(game, other or ""), **values),
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
        values: dict[str, Any] = {"seat": seat_term(seat), "user": who(game, seat)}
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
                                  due_at=due_at(cs, reminder_points(game.settings)))
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
                                  due_at=due_at(cs, reminder_points(game.settings)))
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


__all__ = ["CLAIM_BUTTON", "LOG_KINDS", "ClockSource", "Clocks"]
