"""Web: a game page's first byte and size against its board PNG alone, at 100,000 stored games;
live streams held by one web process and what its poller costs.

The web companion runs as `banneret web` would, in a process of its own (`python -m bench.web
serve DB`), over a SQLite copy of the 100,000-finished-game store (bench/growth.py) plus
`WATCHED` running games. Page and PNG are fetched alternately over fresh connections (time to
first byte: request sent to first response byte). Then one stream is opened per running game,
and the server's CPU time (from /proc) is read over quiet seconds (its poller asks the file
for data_version only) and over seconds with one move a second written by this process (each
write makes it read every watched game's version), with its memory per open stream and the
time a move takes to reach its stream.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.growth import COMMUNITY, community
from bench.positions import typical_turn
from bench.tables import game_values
from bench.timing import Figure, Report, median
from bot.store.gamestore import GameStore
from bot.web.addresses import ref
from bot.web.gamepage import GAME

NAME = "web"
TITLE = "Web: a game page vs its board PNG alone at 100,000 games; live streams"
ROUNDS = 30
# Running games, one open stream each (BENCH_WEB_WATCHED=5000 tries more).
WATCHED = int(os.environ.get("BENCH_WEB_WATCHED", "1000"))
QUIET = 5.0  # seconds of CPU measured


def _running_games(store: GameStore, count: int) -> list[int]:
    """Add `count` running games (copies of a mid-game Samurai position); return their ids."""
    row = replace(typical_turn("move").before, status="active")
    values = game_values(row, "x")
    columns = list(values)
    with store.transaction() as tx:
        tx.conn.executemany(
            f"INSERT INTO games ({', '.join(columns)}) VALUES "
            f"({', '.join('?' for _ in columns)})",
            (tuple({**values, "channel_id": f"live-{i}"}[c] for c in columns)
             for i in range(count)))
        found = tx.conn.execute("SELECT id FROM games WHERE channel_id LIKE 'live-%' "
                                "ORDER BY id").fetchall()
    return [int(r[0]) for r in found]


def _get(port: int, path: str) -> tuple[float, int]:
    """GET a path on a fresh connection; return (seconds to first byte, body bytes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n"
                     "Accept-Language: en\r\n\r\n".encode())
        t0 = time.perf_counter()
        first = sock.recv(65536)
        ttfb = time.perf_counter() - t0
        chunks = [first]
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    data = b"".join(chunks)
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head[:80]
    return ttfb, len(body)


def _cpu(pid: int) -> float:
    """The CPU seconds a process has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kb(pid: int) -> int:
    """A process's resident memory in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _open_streams(port: int, paths: list[str]) -> list[tuple[Any, Any]]:
    """Open one event stream per path; return once each has its first block."""
    async def one(path: str) -> tuple[Any, Any]:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"retry: 3000\r\n")
        await reader.readuntil(b"\r\n\r\n")
        return reader, writer

    opened: list[tuple[Any, Any]] = []
    for start in range(0, len(paths), 100):  # a hundred at a time: the rate of real visitors
        opened += await asyncio.gather(*(one(p) for p in paths[start:start + 100]))
    return opened


def _bump(store: GameStore, game_id: int) -> None:
    """Write a new version of a game, as a move would (the position itself unchanged)."""
    with store.transaction() as tx:
        game = tx.game(game_id)
        assert game is not None
        tx.update_game(game, pending=dict(game.pending))


async def _streams(report: Report, store: GameStore, pid: int, port: int,
                   ids: list[int], secret: str) -> None:
    rss0 = _rss_kb(pid)
    opened = await _open_streams(port, [f"/g/{ref(secret, GAME, i)}/events" for i in ids])
    await asyncio.sleep(2)  # the poller's first looks
    rss = _rss_kb(pid)
    cpu0 = _cpu(pid)
    await asyncio.sleep(QUIET)
    quiet = (_cpu(pid) - cpu0) / QUIET
    cpu0, reached = _cpu(pid), []
    for n in range(int(QUIET)):
        target = ids[n * 7 % len(ids)]
        t0 = time.perf_counter()
        await asyncio.to_thread(_bump, store, target)
        await opened[ids.index(target)][0].readuntil(b"event: changed")
        reached.append(time.perf_counter() - t0)
        await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - t0)))
    busy = (_cpu(pid) - cpu0) / QUIET
    for _, writer in opened:
        writer.close()
    per_stream = (rss - rss0) / len(opened)
    report.figures += [
        Figure(f"poller, {len(ids)} watched games, nothing written", quiet * 1000,
               "<= 50 ms", "CPU ms per second of the web process (1 look a second)", "ms"),
        Figure(f"poller, {len(ids)} watched games, a move every second", busy * 1000,
               "<= 200 ms", "CPU ms per second: every version read again at each write",
               "ms"),
        Figure("memory per open stream", per_stream, "<= 100 KB",
               f"{len(opened)} streams: RSS {rss0 // 1024} -> {rss // 1024} MiB", "KB"),
    ]
    report.notes.append(
        f"{len(opened)} open streams on one process; a move reached its stream in "
        f"{median(reached) * 1000:.0f} ms (median; the poller looks every second)")


def run() -> Report:
    """Serve 100,000 stored games from another process; time a page against its PNG."""
    report = Report(NAME, TITLE)
    store = community(COMMUNITY)
    ids = _running_games(store, WATCHED)
    with store.transaction() as tx:  # made and kept here, so the server reads the same
        secret = tx.site_secret()
    server = subprocess.Popen([sys.executable, "-m", "bench.web", "serve", store.path],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        page = f"/g/{ref(secret, GAME, ids[0])}"
        _get(port, page), _get(port, page + "/board.png?v=0")  # the board drawn once
        pages: list[tuple[float, int]] = []
        pngs: list[tuple[float, int]] = []
        for i in range(ROUNDS):
            pair = [(_get, page), (_get, page + "/board.png?v=0")]
            for fetch, path in pair if i % 2 == 0 else pair[::-1]:
                (pages if path == page else pngs).append(fetch(port, path))
        ttfb = median([a[0] / b[0] for a, b in zip(pages, pngs, strict=True)])
        report.figures += [
            Figure("game page / board PNG, time to first byte", ttfb, "<= 3x",
                   f"{median([p[0] for p in pages]) * 1000:.1f} ms vs "
                   f"{median([p[0] for p in pngs]) * 1000:.1f} ms, {COMMUNITY:,} stored games"),
            Figure("game page / board PNG, bytes", pages[0][1] / pngs[0][1], "<= 0.5x",
                   f"{pages[0][1]:,} B of HTML vs {pngs[0][1]:,} B of PNG"),
        ]
        asyncio.run(_streams(report, store, server.pid, port, ids, secret))
    finally:
        server.terminate()
        server.wait(timeout=30)
        store.close()
    return report


def serve(path: str) -> None:
    """Serve the web companion for a SQLite file on a free port; print the port."""
    from aiohttp import web

    from bot.config import Settings
    from bot.service.gameservice import GameService
    from bot.store.sqlite import Store
    from bot.web.companion import Companion
    from bot.web.server import make_app
    from renderers import render_png

    async def main() -> None:
        service = GameService(Store(path), render=render_png)
        app = make_app(Companion(service, Settings(BANNERET_WEB_RATE=100_000)))
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        print(runner.addresses[0][1], flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


if __name__ == "__main__" and sys.argv[1:2] == ["serve"]:
    serve(sys.argv[2])
