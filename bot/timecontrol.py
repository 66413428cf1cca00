"""Time controls for play-by-post games: how long a player may take, and what then.

A time control is one of:
- `none`: no limit;
- a fixed **deadline** per turn (`48h`): each turn the player to act has that long;
- a **clock** (`3d+1d/7d`): the player starts with an allowance (3 days), gains an
  increment after each turn they finish (1 day), and never holds more than the cap
  (7 days; no cap when left out), as asynchronous game sites run them.

`expiry` says what happens when the time runs out: `remind` (the player is pinged),
`claim` (the opponent may claim the win with a button) or `forfeit` (the game ends,
lost by the player out of time). Its text form follows the time: `48h forfeit`.

The text form is what players type in `/game new time:` and `/league create time:`;
`TimeControl.parse` reads it and `text()` writes it back canonically.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Literal

from pydantic import BaseModel, model_validator

from bot.errors import PlayerError

Kind = Literal["none", "deadline", "clock"]
Expiry = Literal["remind", "claim", "forfeit"]
EXPIRIES: tuple[Expiry, ...] = ("remind", "claim", "forfeit")

# The longest any single period may be: a year (a league season at most).
MOST_MINUTES = 366 * 24 * 60
_UNITS = {"d": 24 * 60, "h": 60, "m": 1}
_SPAN = r"(?:\d+[dhm])+"
_FORM = re.compile(
    rf"^(?P<first>{_SPAN})(?:\+(?P<inc>{_SPAN})(?:/(?P<cap>{_SPAN}))?)?$"
)


class TimeControlBad(PlayerError):
    """A time control that cannot be read; the reply shows the forms it takes."""

    key = "time-control-bad"


def _minutes(span: str) -> int:
    """Read '1d12h' or '90m' as minutes."""
    return sum(int(n) * _UNITS[u] for n, u in re.findall(r"(\d+)([dhm])", span))


def span_text(minutes: int) -> str:
    """Write minutes as the shortest span text ('1d12h', '90m' → '1h30m')."""
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    text = "".join(f"{n}{u}" for n, u in ((days, "d"), (hours, "h"), (mins, "m")) if n)
    return text or "0m"


class TimeControl(BaseModel, frozen=True):
    """How long a player may take over their turns, and what happens when time runs out."""

    kind: Kind = "none"
    # deadline: the time allowed for each turn
    per_turn_minutes: int | None = None
    # clock: allowance at the start, gained per finished turn, most ever held
    initial_minutes: int | None = None
    increment_minutes: int = 0
    cap_minutes: int | None = None
    expiry: Expiry = "remind"
    # How long in all each player may pause their own clock for a holiday (a league
    # sets it for its games; not part of the text form).
    holiday_minutes: int = 0

    @model_validator(mode="after")
    def _consistent(self) -> TimeControl:
        spans = (self.per_turn_minutes, self.initial_minutes, self.cap_minutes)
        if any(s is not None and not 0 < s <= MOST_MINUTES for s in spans):
            raise ValueError("every period must be between 1 minute and a year")
        if not 0 <= self.holiday_minutes <= MOST_MINUTES:
            raise ValueError("the holiday allowance must be between 0 and a year")
        if not 0 <= self.increment_minutes <= MOST_MINUTES:
            raise ValueError("the increment must be between 0 and a year")
        if self.kind == "deadline" and self.per_turn_minutes is None:
            raise ValueError("a deadline needs the time per turn")
        if self.kind == "clock":
            if self.initial_minutes is None:
                raise ValueError("a clock needs its starting allowance")
            if self.cap_minutes is not None and self.cap_minutes < self.initial_minutes:
                raise ValueError("a clock's cap cannot be below its starting allowance")
        return self

    @property
    def limited(self) -> bool:
        """True when the control ever runs out."""
        return self.kind != "none"

    @property
    def per_turn(self) -> timedelta | None:
        return None if self.per_turn_minutes is None else timedelta(minutes=self.per_turn_minutes)

    @property
    def initial(self) -> timedelta | None:
        return None if self.initial_minutes is None else timedelta(minutes=self.initial_minutes)

    @property
    def increment(self) -> timedelta:
        return timedelta(minutes=self.increment_minutes)

    @property
    def cap(self) -> timedelta | None:
        return None if self.cap_minutes is None else timedelta(minutes=self.cap_minutes)

    def text(self) -> str:
        """The canonical text form ('none', '48h remind', '3d+1d/7d forfeit')."""
        if self.kind == "none":
            return "none"
        if self.kind == "deadline":
            assert self.per_turn_minutes is not None
            time = span_text(self.per_turn_minutes)
        else:
            assert self.initial_minutes is not None
            time = f"{span_text(self.initial_minutes)}+{span_text(self.increment_minutes)}"
            if self.cap_minutes is not None:
                time += f"/{span_text(self.cap_minutes)}"
        return f"{time} {self.expiry}"

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read a typed time control; TimeControlBad (naming the forms) if it is not one."""
        words = text.strip().lower().split()
        if not words or words == ["none"]:
            return cls()
        expiry: Expiry = "remind"
        if len(words) == 2 and words[1] in EXPIRIES:
            expiry = words[1]
            words = words[:1]
        found = _FORM.match(words[0]) if len(words) == 1 else None
        if found is None:
            raise TimeControlBad(value=text)
        try:
            if found["inc"] is None:
                return cls(kind="deadline", per_turn_minutes=_minutes(found["first"]),
                           expiry=expiry)
            return cls(
                kind="clock",
                initial_minutes=_minutes(found["first"]),
                increment_minutes=_minutes(found["inc"]),
                cap_minutes=_minutes(found["cap"]) if found["cap"] else None,
                expiry=expiry,
            )
        except ValueError as err:
            raise TimeControlBad(value=text) from err


NO_TIME_CONTROL = TimeControl()
