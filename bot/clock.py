"""The time the bot goes by: the wall clock in play, a settable one in tests.

Everything that stamps or compares times (the store's `created_at`/`updated_at`,
deadlines, clocks, reminders, league auto-confirmations) asks a `Clock`, so a test
moves time forward with `FakeClock.advance` instead of sleeping.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Something that says what time it is (always timezone-aware, UTC)."""

    def now(self) -> datetime: ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FakeClock:
    """A clock that stands still until a test moves it (thread-safe)."""

    def __init__(self, start: datetime | str = "2026-01-05T12:00:00+00:00") -> None:
        moment = datetime.fromisoformat(start) if isinstance(start, str) else start
        if moment.tzinfo is None:
            raise ValueError("a FakeClock needs a timezone-aware start")
        self._now = moment.astimezone(UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, delta: timedelta | None = None, **parts: float) -> datetime:
        """Move the clock forward (by a timedelta, or timedelta's keyword parts)."""
        step = delta if delta is not None else timedelta(**parts)
        if step < timedelta(0):
            raise ValueError("time does not go backwards")
        with self._lock:
            self._now += step
            return self._now

    def set(self, moment: datetime) -> None:
        """Put the clock at a moment (not before the present one)."""
        with self._lock:
            if moment < self._now:
                raise ValueError("time does not go backwards")
            self._now = moment.astimezone(UTC)


SYSTEM_CLOCK = SystemClock()


def stamp(moment: datetime) -> str:
    """The stored form of a moment (ISO 8601, UTC, milliseconds)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def at(text: str) -> datetime:
    """Read a stored moment (one without a zone is UTC)."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
