"""A game's clock as data: the time control read from its settings, the time charged as the
turn passes, when it next falls due, and the line that says how long is left.

Pure but for the store's row type: `follow` is the hook every game update passes through
(installed by the service), so acting, buttons, claims, undo and referee corrections all
keep the clock in the command's own transaction. What the clocks *do* when they fall due
(reminders, expiry, claims, extend, holiday) is turnclocks.py's.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.clock import at, stamp
from bot.errors import RemindBad, bad_input
from bot.service.context import Table
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.text import Words, seat_term
from bot.timecontrol import MOST_MINUTES, NO_TIME_CONTROL, TimeControl, span_text

# Reminder points, in minutes before the expiry, when a game names none.
DEFAULT_POINTS: tuple[int, ...] = (24 * 60, 60)
# Changes of a game that may move whose time runs.
_TRIGGERS = ("state", "seats", "status", "settings")
_MOVES = ("state", "seats", "status")
_GAME_FIELDS = frozenset(f.name for f in fields(GameRow))


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


def fresh_clock(tc: TimeControl, game: GameRow, seat: str | None, now: datetime,
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


def due_at(cs: ClockState, points: tuple[int, ...]) -> str | None:
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
        cs = fresh_clock(tc, after, Table(after).prompt.seat, now, points)
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
    return {"clock": cs.model_dump(), "due_at": due_at(cs, points)}


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


def who(game: GameRow, seat: str) -> str:
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
        return words("clock-out", seat=seat, user=who(game, cs.seat))
    if since > now:
        return words("clock-paused", seat=seat, user=who(game, cs.seat),
                     pause=span(words, (since - now).total_seconds()),
                     left=span(words, cs.left))
    return words("clock-left", seat=seat, user=who(game, cs.seat),
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
