"""Live pages (bot/web/updates.py): a stream says `changed` when a move is written, reads each
watched game once per change however many streams watch it, and ends at shutdown at once."""

from __future__ import annotations

import asyncio
import http.client
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urlsplit

import pytest
from aiohttp import web

from bot.config import Settings
from bot.service.context import Table
from bot.service.gameservice import Caller, GameService
from bot.web.companion import Companion
from bot.web.gamepage import GAME
from bot.web.server import make_app
from bot.web.updates import WATCH, Watch, mark
from tests.web.conftest import Served
from tests.web.test_game_page import started

BOTH_STORES = True


def current(service: GameService, game_id: int) -> str:
    """The mark a game's stream gives its present state (version and last write)."""
    with service.store.reading() as tx:
        return mark(tx.game_version(game_id))


def played(service: GameService, game_id: int) -> int:
    """Play the first legal action of whoever must act; return the game's new version."""
    with service.store.reading() as tx:
        game = tx.game(game_id)
    assert game is not None
    table = Table(game)
    seat = table.prompt.seat
    assert seat is not None
    player = Caller(user_id=game.seats[seat] or "", name="Player")
    service.act(game.channel_id, player, table.legal(seat)[0].model_dump(mode="json"))
    with service.store.reading() as tx:
        after = tx.game_version(game_id)
    assert after is not None and after[0] == game.version + 1
    return after[0]


class Events:
    """An open event stream read line by line (a real socket: nothing buffers it)."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=20)
        self.conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""),
                          headers=headers or {})
        self.response = self.conn.getresponse()

    def block(self) -> list[str]:
        """Read the next block of lines (up to a blank line); [] when the stream ended."""
        lines: list[str] = []
        while True:
            line = self.response.readline().decode()
            if not line:
                return lines
            if line in ("\r\n", "\n"):
                if lines:
                    return lines
                continue
            lines.append(line.rstrip("\r\n"))

    def next_event(self) -> list[str]:
        """Read blocks until one that is an event (not a keep-alive comment); fail when
        none came within 20 s (keep-alive comments would otherwise wait for ever)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            block = self.block()
            if not block or any(line.startswith("event:") for line in block):
                return block
        raise AssertionError("no event within 20 s")

    def close(self) -> None:
        """Hang up."""
        self.conn.close()


def events_url(site: Served, game_id: int, query: str = "") -> str:
    """The events address of a game's page."""
    return f"{site.url}/g/{site.companion.ref(GAME, game_id)}/events{query}"


def test_a_move_reaches_an_open_stream(service: GameService, site: Served) -> None:
    game_id = started(service)
    events = Events(events_url(site, game_id))
    try:
        assert events.response.status == 200
        assert events.response.headers["Content-Type"].startswith("text/event-stream")
        assert "frame-ancestors 'none'" in events.response.headers["Content-Security-Policy"]
        assert events.block() == ["retry: 3000", f"id: {current(service, game_id)}"]
        played(service, game_id)
        now = current(service, game_id)
        assert now.startswith("2/")
        assert events.next_event() == [f"id: {now}", "event: changed", f"data: {now}"]
    finally:
        events.close()


def test_a_page_drawn_before_a_move_hears_of_it_at_once(service: GameService,
                                                        site: Served) -> None:
    game_id = started(service)
    drawn = current(service, game_id)
    played(service, game_id)
    now = current(service, game_id)
    # The page was drawn before the move (`seen`), or a browser reconnects with its last id.
    for events in (Events(events_url(site, game_id, "?" + urlencode({"seen": drawn}))),
                   Events(events_url(site, game_id), {"Last-Event-ID": drawn})):
        try:
            assert events.block() == ["retry: 3000", f"id: {drawn}"]
            assert events.next_event() == [f"id: {now}", "event: changed", f"data: {now}"]
        finally:
            events.close()


def test_a_game_not_opened_by_its_address_has_no_stream(service: GameService,
                                                        site: Served) -> None:
    game_id = started(service)
    for path in (f"/g/{game_id}/events", f"/g/{game_id + 5}-abc/events"):
        events = Events(site.url + path)
        try:
            assert events.response.status == 404
        finally:
            events.close()


def test_many_streams_on_one_game_cost_one_read_per_change(service: GameService,
                                                           site: Served) -> None:
    game_id = started(service)
    streams = [Events(events_url(site, game_id)) for _ in range(5)]
    try:
        for events in streams:
            assert events.block() == ["retry: 3000", f"id: {current(service, game_id)}"]
        watch = site.app[WATCH]
        before = watch.reads
        played(service, game_id)
        for events in streams:
            assert events.next_event()[0] == f"id: {current(service, game_id)}"
        assert len(watch.topics) == 1
        assert watch.reads - before == 1
    finally:
        for events in streams:
            events.close()


def test_the_poller_reads_nothing_while_nobody_writes(service: GameService) -> None:
    """A look at an unchanged SQLite file reads no token; a write from elsewhere does."""
    game_id = started(service)
    watch = Watch(Companion(service, Settings()))
    tokens = {"game": lambda tx: tx.game_version(game_id)}
    if service.store.path.startswith("postgresql"):
        pytest.skip("the poller is SQLite's (PostgreSQL listens)")

    def look() -> dict[str, str]:  # in the watch's own thread (its own connection)
        return watch._thread.submit(watch._look, tokens, False).result(timeout=20)

    assert look() == {"game": current(service, game_id)}
    assert look() == {}
    played(service, game_id)  # written on this thread's connection
    assert look() == {"game": current(service, game_id)}
    assert watch.reads == 2 and watch.looks == 3


def test_marks_are_short_single_lines() -> None:
    assert mark(7) == "7"
    assert mark("game:3") == "game:3"
    assert mark((4, "2026-12-03T21:00:00+00:00")) == "4/2026-12-03T21:00:00+00:00"
    for odd in ("two\nlines", "x" * 200, (1, 2.5), None, "é", ()):
        text = mark(odd)
        assert len(text) == 24 and text.isalnum() and text.isascii()
    assert mark((1, 2.5)) != mark((1, 3.5))


def test_shutdown_does_not_wait_for_open_streams(service: GameService) -> None:
    game_id = started(service)
    companion = Companion(service, Settings(BANNERET_WEB_RATE=10_000))

    async def scenario() -> tuple[list[str], int]:
        runner = web.AppRunner(make_app(companion), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /g/{companion.ref(GAME, game_id)}/events HTTP/1.1\r\n"
                     f"Host: 127.0.0.1\r\n\r\n".encode())
        await writer.drain()
        head = await reader.readuntil(b"retry: 3000\r\n")
        head += await reader.readuntil(b"\r\n\r\n")
        watch = runner.app[WATCH]
        # aiohttp waits up to a minute for handlers still running; ours end at once.
        await asyncio.wait_for(runner.cleanup(), timeout=20)
        rest = await asyncio.wait_for(reader.read(), timeout=20)  # the stream was ended
        writer.close()
        return [head.decode(), rest.decode()], len(watch.topics)

    # In a thread of its own: a browser test may have left Playwright's loop on this one.
    with ThreadPoolExecutor(1) as thread:
        (head, rest), topics = thread.submit(asyncio.run, scenario()).result(timeout=120)
    assert "text/event-stream" in head
    assert rest.endswith("0\r\n\r\n")  # the chunked body's last chunk: ended, not cut
    assert topics == 0


def test_a_browser_that_went_away_is_forgotten(service: GameService, site: Served) -> None:
    """Its stream ends at the first write that fails, and the game is no longer watched."""
    game_id = started(service)
    parts = urlsplit(events_url(site, game_id))
    sock = socket.create_connection((parts.hostname, parts.port), timeout=20)
    sock.sendall(f"GET {parts.path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert b"id: " in _read_until(sock, b"retry: 3000\r\nid: ")
    watch = site.app[WATCH]
    assert len(watch.topics) == 1
    sock.close()
    played(service, game_id)
    for _ in range(200):  # the poller looks every second: wait for it, at most 20 s
        if not watch.topics:
            break
        time.sleep(0.1)
    assert watch.topics == {}


def _read_until(sock: socket.socket, end: bytes) -> bytes:
    got = b""
    while end not in got:
        chunk = sock.recv(4096)
        if not chunk:
            break
        got += chunk
    return got
