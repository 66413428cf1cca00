"""Live pages: Server-Sent Events telling a browser its page changed, whichever process wrote.

A page opts in with `<main data-live="{its events address}">` (static/live.js then fetches the
page again and swaps its `data-live-part` elements). Its events route calls `stream` with a
topic (`game:<id>`, `league:<id>`: bot/store/leaguequeries.py) and a token, a cheap read whose
value changes whenever the page would (a game's version). One `Watch` per process keeps the
topics its streams follow and reads each token once per change, however many browsers watch:

- SQLite: one poller, every `POLL` seconds, asks the file whether any other connection wrote
  since (`PRAGMA data_version`, no table read); only then does it read every watched token,
  all in one read transaction.
- PostgreSQL: one connection LISTENs on `CHANGES`; writers NOTIFY each topic they change
  (`Transaction.announce`), so only the topics named are read again.

Token reads run in one thread of their own (so SQLite's data_version is asked on one
connection, and the reads land in the order they were asked). A stream sends
`event: changed` when its token moves and aiohttp-sse's comment every `KEEP_ALIVE` seconds;
it ends when the browser goes or the server shuts down (`on_shutdown` wakes every stream, so
`runner.cleanup()` does not wait on them). Its event id is the token's mark: a browser that
reconnects sends it back (Last-Event-ID), and a page may give the mark it was drawn at
(`?seen=`), so a change made between the page and its stream is not missed.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable, Coroutine, Hashable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

import psycopg
from aiohttp import web
from aiohttp_sse import EventSourceResponse

from bot.store.leaguequeries import CHANGES, game_topic
from bot.store.postgres import PgStore
from bot.store.transaction import Transaction
from bot.web.companion import Companion
from bot.web.gamepage import find
from bot.web.guards import SECURITY_HEADERS

log = logging.getLogger(__name__)

# A cheap read whose value changes whenever the page it serves would.
Token = Callable[[Transaction], Hashable]
POLL = 1.0  # seconds between two looks at a SQLite file
KEEP_ALIVE = 15.0  # seconds between two comments on a quiet stream (proxies drop silent ones)
RETRY_MS = 3000  # how long a browser waits before it reconnects a stream that ended
RECONNECT = 5.0  # seconds before the PostgreSQL listener tries its connection again
LONGEST_MARK = 64


def mark(value: Hashable) -> str:
    """Write a token's value as a stream's event id: short numbers and words as they are
    (a tuple's parts joined by "/", so a page can write the mark it was drawn at), anything
    else as a digest (an id is one line of text the browser sends back)."""
    parts = value if isinstance(value, tuple) else (value,)
    if parts and all(isinstance(part, int | str) for part in parts):
        text = "/".join(str(part) for part in parts)
        if len(text) <= LONGEST_MARK and text.isascii() and text.isprintable():
            return text
    return hashlib.blake2b(repr(value).encode(), digest_size=12).hexdigest()


@dataclass(eq=False)
class Follower:
    """One open stream: the mark its page shows, and what wakes it."""

    seen: str
    woken: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(eq=False)
class Topic:
    """A topic some stream follows: its token, its latest mark, its followers."""

    token: Token
    mark: str | None = None
    followers: set[Follower] = field(default_factory=set)


class Watch:
    """The topics this process's streams follow, and the one poller (SQLite) or listener
    (PostgreSQL) that reads their tokens again when the database changed."""

    def __init__(self, companion: Companion, poll: float = POLL) -> None:
        self.companion = companion
        self.poll = poll
        self.topics: dict[str, Topic] = {}
        self.closed = False
        self.reads = 0  # tokens read so far (what the poller costs)
        self.looks = 0  # times the poller looked at the file
        self._data_version: int | None = None
        self._dirty: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="banneret-live")

    async def start(self, app: web.Application | None = None) -> None:
        """Start the poller or the listener (the application's on_startup)."""
        store = self.companion.service.store
        job = self._listen(store.url) if isinstance(store, PgStore) else self._poll()
        self._spawn(job)

    async def close(self, app: web.Application | None = None) -> None:
        """End every stream and the poller (the application's on_shutdown)."""
        self.closed = True
        for topic in self.topics.values():
            for follower in topic.followers:
                follower.woken.set()
        for task in list(self._tasks):
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
        self._thread.shutdown(wait=False, cancel_futures=True)

    async def follow(self, name: str, token: Token, seen: str | None) -> Follower:
        """Follow topic `name`; `seen` is the mark the browser's page shows, if it said."""
        topic = self.topics.get(name)
        if topic is None:
            topic = self.topics[name] = Topic(token)
        if topic.mark is None:  # new here: read it (after any read asked before, in order)
            try:
                self._settle(await self._read({name: token}, every=True))
            finally:
                if not topic.followers and topic.mark is None:
                    self.topics.pop(name, None)
        follower = Follower(seen if seen is not None else topic.mark or "")
        topic.followers.add(follower)
        if topic.mark is not None and follower.seen != topic.mark:
            follower.woken.set()
        return follower

    def unfollow(self, name: str, follower: Follower) -> None:
        """Stop following (a stream ended); a topic nobody follows is forgotten."""
        topic = self.topics.get(name)
        if topic is not None:
            topic.followers.discard(follower)
            if not topic.followers:
                del self.topics[name]

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self, tokens: Mapping[str, Token], every: bool) -> dict[str, str]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._look, dict(tokens), every)

    def _look(self, tokens: dict[str, Token], every: bool) -> dict[str, str]:
        """Read the tokens (in the live thread); unless `every`, only when a SQLite file
        says another connection wrote since the last look."""
        with self.companion.service.store.reading() as tx:
            if not every and tx.sql.name == "sqlite":
                self.looks += 1
                version = int(tx.conn.execute("PRAGMA data_version").fetchone()[0])
                if version == self._data_version:
                    return {}
                self._data_version = version
            self.reads += len(tokens)
            return {name: mark(token(tx)) for name, token in tokens.items()}

    def _settle(self, marks: Mapping[str, str]) -> None:
        """Take the marks just read; wake the streams whose page they make stale."""
        for name, now in marks.items():
            topic = self.topics.get(name)
            if topic is None or topic.mark == now:
                continue
            topic.mark = now
            for follower in topic.followers:
                if follower.seen != now:
                    follower.woken.set()

    async def _poll(self) -> None:
        """Look at the SQLite file every `poll` seconds while anyone follows anything."""
        while True:
            await asyncio.sleep(self.poll)
            if not self.topics:
                continue
            try:
                tokens = {name: topic.token for name, topic in self.topics.items()}
                self._settle(await self._read(tokens, every=False))
            except Exception:  # one bad look must not end every live page
                log.exception("live pages: looking at the store failed")

    async def _listen(self, url: str) -> None:
        """LISTEN on one PostgreSQL connection; read again the topics writers name."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANGES}")
                    # What changed while nobody listened (first start, a lost connection).
                    self._dirty.update(self.topics)
                    self._spawn(self._drain())
                    async for note in conn.notifies():
                        if note.payload in self.topics and not self._dirty:
                            self._spawn(self._drain())
                        if note.payload in self.topics:
                            self._dirty.add(note.payload)
            except (psycopg.Error, OSError) as err:
                log.warning("live pages: listening to the database failed (%s); again in %ss",
                            err, RECONNECT)
                await asyncio.sleep(RECONNECT)

    async def _drain(self) -> None:
        """Read the tokens of the topics named since the last read, all in one read."""
        await asyncio.sleep(0)  # let notes that came together gather
        while self._dirty:
            names, self._dirty = self._dirty, set()
            tokens = {n: self.topics[n].token for n in names if n in self.topics}
            try:
                self._settle(await self._read(tokens, every=True))
            except Exception:
                log.exception("live pages: reading what changed failed")


# Where the application keeps its watch (`request.app[WATCH]`).
WATCH: web.AppKey[Watch] = web.AppKey("watch", Watch)


def install(app: web.Application, companion: Companion) -> Watch:
    """Give an application its watch, started and closed with it."""
    watch = app[WATCH] = Watch(companion)
    app.on_startup.append(watch.start)
    app.on_shutdown.append(watch.close)
    return watch


async def stream(request: web.Request, token: Token, channel: str) -> web.StreamResponse:
    """Send `event: changed` each time `token` changes for topic `channel`, until the
    browser goes or the server shuts down (a keep-alive comment every KEEP_ALIVE s)."""
    watch = request.app[WATCH]
    seen = request.headers.get("Last-Event-ID") or request.query.get("seen")
    events = EventSourceResponse(headers=SECURITY_HEADERS, ping_interval=KEEP_ALIVE)
    follower = await watch.follow(channel, token, seen)
    try:
        await events.prepare(request)
        async with events:
            await events.write(f"retry: {RETRY_MS}\r\nid: {follower.seen}\r\n\r\n".encode())
            await _tell(events, watch, channel, follower)
    finally:
        watch.unfollow(channel, follower)
    return events


async def _tell(events: EventSourceResponse, watch: Watch, channel: str,
                follower: Follower) -> None:
    """Send `changed` each time the follower is woken by a new mark, until one side ends."""
    gone = asyncio.ensure_future(events.wait())
    try:
        while not watch.closed:
            woken = asyncio.ensure_future(follower.woken.wait())
            await asyncio.wait((gone, woken), return_when=asyncio.FIRST_COMPLETED)
            woken.cancel()
            if gone.done() or watch.closed:
                return
            follower.woken.clear()
            now = watch.topics[channel].mark
            if now is not None and now != follower.seen:
                follower.seen = now
                await events.send(now, id=now, event="changed")
    except (ConnectionResetError, TimeoutError):
        return
    finally:
        gone.cancel()


async def game_events(request: web.Request) -> web.StreamResponse:
    """Tell a game page's browser each time the game is written (its version and last
    write: a settings change such as its language moves no version but changes the page)."""
    _, shown = await find(request)
    game_id = shown.game.id
    return await stream(request, lambda tx: tx.game_version(game_id), game_topic(game_id))


__all__ = ["KEEP_ALIVE", "POLL", "WATCH", "Follower", "Token", "Topic", "Watch", "game_events",
           "install", "mark", "stream"]
