"""Progress of slow work, told to whoever waits for it.

A command that takes long (drawing a replay) says how far it has got with `report`;
the transport that runs it decides where that goes with `reporting_to` (Discord edits
the deferred "thinking…" reply, the command line writes to stderr). The reporter is
a context variable, so it follows the command into the worker thread that
`asyncio.to_thread` starts, and commands running side by side never see each
other's. Without a reporter, `report` does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Reporter = Callable[[str], None]

_REPORTER: ContextVar[Reporter | None] = ContextVar("banneret_progress", default=None)


def report(text: str) -> None:
    """Tell whoever waits for the running command how far it has got (worded text)."""
    reporter = _REPORTER.get()
    if reporter is not None:
        reporter(text)


@contextmanager
def reporting_to(reporter: Reporter) -> Iterator[None]:
    """Send the progress of work started inside this block to `reporter`."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


__all__ = ["Reporter", "report", "reporting_to"]
