"""Collecting the ERROR logs of a run, for the fake's state and the tests to check."""

from __future__ import annotations

import logging
from collections.abc import Callable


class ErrorLog(logging.Handler):
    """Collect log records at ERROR or above from every logger."""

    def __init__(self, level: int = logging.ERROR) -> None:
        """Create an uninstalled collector."""
        super().__init__(level)
        self.records: list[logging.LogRecord] = []
        self.listener: Callable[[], None] | None = None
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        """Store the record and wake the listener."""
        self.records.append(record)
        if self.listener is not None:
            self.listener()

    def install(self) -> None:
        """Attach to the root logger."""
        logging.getLogger().addHandler(self)

    def uninstall(self) -> None:
        """Detach from the root logger."""
        logging.getLogger().removeHandler(self)

    @property
    def messages(self) -> list[str]:
        """Return formatted records, with tracebacks."""
        return [self.format(r) for r in self.records]

    def clear(self) -> None:
        """Forget collected records."""
        self.records.clear()

    def assert_none(self) -> None:
        """Fail if any ERROR record was logged."""
        if self.records:
            raise AssertionError("errors were logged:\n" + "\n".join(self.messages))
