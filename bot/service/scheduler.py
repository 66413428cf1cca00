"""One scheduler for everything that falls due with time: its sources say what is due.

A source is anything with a `name` and `due(now) -> list[Notice]` (the `Source`
protocol). `due` must claim and mark what it returns inside a short write
transaction (BEGIN IMMEDIATE, with an update guarded by the row's state as read:
`UPDATE ... WHERE id = ? AND due_at = ? AND version = ?`), so of several processes
sharing one database exactly one gets each notice, and a notice is never handed out
twice, not even after a restart. The game clocks (bot/service/turnclocks.py `ClockSource`) are
the first source; adding another is one line:

    service.scheduler.add(MySource(store))        # or Scheduler(store, clock, [a, b])

Transports run `Scheduler.due()` and deliver the notices: the Discord cog every
minute (bot/discord/notices.py, in a worker thread), the console after each command.

Nothing due is lost when a process dies between claiming a notice and posting it:
each source keeps what it claims in the outbox table, in the same transaction
(`keep`), under a lease. The Discord cog asks `due(lease=True)`, posts each notice
with its `nonce` (Discord posts a message once per nonce, so a second try of the same
notice returns the first message) and then calls `delivered`; a notice whose lease
runs out unposted (its process died) is taken over by the next check of any process
and posted again under the same nonce. Callers that show notices at once (the
console, tests) ask `due()` and the outbox is emptied as they are handed out.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol

from bot.clock import Clock, stamp
from bot.replies import Button
from bot.store.gamestore import GameStore
from bot.store.transaction import Transaction

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Notice:
    """One message to post because something fell due.

    `channel_id` is where it goes; with `user_id` set it goes to that user by direct
    message instead (`channel_id` then names the game's channel, should the DM fail).
    `mention` is the one user the message may ping. `text` is worded already.
    """

    text: str
    channel_id: str | None = None
    user_id: str | None = None
    buttons: tuple[Button, ...] = ()
    mention: str | None = None
    game_id: int | None = None
    # Kept in the outbox until posted (`keep`); Discord posts one message per `nonce`
    # (random: SQLite may give a deleted row's id to the next one).
    outbox_id: int | None = None
    nonce: str | None = None
    # The language its words are in, for what a transport adds (None: the default).
    language: str | None = None

    def dumps(self) -> str:
        """The notice as JSON, as the outbox keeps it."""
        return json.dumps({**asdict(self), "outbox_id": None, "nonce": None}, sort_keys=True)

    @classmethod
    def loads(cls, text: str, outbox_id: int, nonce: str) -> Notice:
        """A notice kept in the outbox."""
        data = json.loads(text)
        data["buttons"] = tuple(Button(**b) for b in data["buttons"])
        return cls(**{**data, "outbox_id": outbox_id, "nonce": nonce})


LEASE = timedelta(minutes=2)  # how long a claimed notice waits for its post
LAPSED_BATCH = 50
# Due items a source claims in one write transaction, and posted notices forgotten in
# one: each write holds the lock other channels wait on for a few milliseconds only.
CLAIM_BATCH = 10
DROP_BATCH = 100


@dataclass(frozen=True)
class Ready:
    """A notice made ready for the outbox before the write that claims it: its JSON and
    nonce worked out outside the lock (`prepared`), so `keep` only inserts it."""

    notice: Notice
    text: str
    nonce: str


def prepared(notice: Notice) -> Ready:
    """Make a notice ready for the outbox (its JSON and a random nonce)."""
    return Ready(notice, notice.dumps(), f"bn-{secrets.token_hex(8)}")  # Discord: <= 25


def keep(tx: Transaction, notices: Iterable[Notice | Ready]) -> list[Notice]:
    """Put claimed notices in the outbox, in the claiming transaction, leased for `LEASE`
    from now; return them with their outbox ids (sources call this before they commit;
    a notice `prepared` beforehand costs the write one insert)."""
    until = stamp(tx.clock.now() + LEASE)
    kept = []
    for notice in notices:
        ready = notice if isinstance(notice, Ready) else prepared(notice)
        kept.append(replace(ready.notice, nonce=ready.nonce,
                            outbox_id=tx.put_notice(ready.nonce, ready.text, until)))
    return kept


class Source(Protocol):
    """Something that knows what has fallen due (see the module docstring)."""

    name: str

    def due(self, now: datetime) -> list[Notice]: ...


class Scheduler:
    """Asks every source what is due now; a failing source does not stop the others."""

    def __init__(self, store: GameStore, clock: Clock, sources: Iterable[Source] = ()) -> None:
        self.store = store
        self.clock = clock
        self.sources: dict[str, Source] = {}
        for source in sources:
            self.add(source)

    def add(self, source: Source) -> None:
        """Register a source (one per name: adding a name again replaces it)."""
        self.sources[source.name] = source

    def due(self, lease: bool = False) -> list[Notice]:
        """Return every notice due now, claimed so no other process sends it: first those
        whose process died before posting them (lease run out), then the sources' new ones.

        With `lease=True` each stays in the outbox until `delivered`; else it leaves the
        outbox as it is handed out (the caller shows it at once)."""
        now = self.clock.now()
        notices = self._lapsed(now)
        for source in self.sources.values():
            try:
                notices.extend(source.due(now))
            except Exception:
                log.exception("scheduler source %s failed", source.name)
        if not lease:
            self.delivered(*notices)
        return notices

    def _lapsed(self, now: datetime) -> list[Notice]:
        """Take over the kept notices whose lease ran out, each by one process only."""
        with self.store.reading() as tx:
            lapsed = tx.lapsed_notices(stamp(now), LAPSED_BATCH)
        if not lapsed:
            return []
        taken: list[Notice] = []
        with self.store.transaction() as tx:
            until = stamp(now + LEASE)
            for notice_id, nonce, text, lease in lapsed:
                if tx.renew_notice(notice_id, lease, until):
                    taken.append(Notice.loads(text, notice_id, nonce))
        if taken:
            log.warning("posting %d notice(s) again whose process stopped before posting "
                        "them", len(taken))
        return taken

    def delivered(self, *notices: Notice) -> None:
        """Forget notices that are posted (or that no channel would take)."""
        kept = [n.outbox_id for n in notices if n.outbox_id is not None]
        for start in range(0, len(kept), DROP_BATCH):
            with self.store.transaction() as tx:
                for notice_id in kept[start:start + DROP_BATCH]:
                    tx.drop_notice(notice_id)


__all__ = ["CLAIM_BATCH", "DROP_BATCH", "LEASE", "Notice", "Ready", "Scheduler", "Source", "keep",
           "prepared"]
