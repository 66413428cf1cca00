"""The bot under load: boards drawn in worker processes (bot/service/renderpool.py,
BANNERET_RENDER), and worker threads that yield the GIL to the event loop quickly.

Players see the same boards as when the bot draws them itself; a worker that dies
costs no turn: the board is drawn in the bot's process (logged) and a new worker
draws the boards after it.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time

import pytest

from bot.discord.client import SWITCH_INTERVAL
from bot.service.context import Table as GameTable
from bot.service.renderpool import RenderPool
from renderers import render_png

from .test_bot_samurai import samurai_game
from .test_bot_support import Table, board_bytes, description, pick


def _board_now(table: Table) -> bytes:
    """The PNG of the channel's game as it stands, drawn here."""
    with table.service.store.reading() as tx:
        game = tx.latest_game(str(table.channel.id))
    assert game is not None
    return render_png(GameTable(game).picture())


def _turn_board(table: Table) -> bytes:
    """The board on the game's live turn message (the bot started last keeps it)."""
    shown = table.bot.live.get(1)
    assert shown is not None
    return board_bytes(table.fake.get_message(shown.message_id))


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            if stat.read().split()[2] in ("Z", "X"):
                return
        time.sleep(0.01)
    raise AssertionError(f"render worker {pid} did not die")


async def test_boards_drawn_by_workers_and_a_dead_worker_costs_no_turn(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    pool = RenderPool(1)
    pool.start()
    try:
        table.render = pool
        await table.restart()
        alice = table.alice
        joined = await samurai_game(table)
        live = joined.primary
        assert live is not None
        assert board_bytes(live) == _board_now(table)
        assert pool.fallbacks == 0  # drawn by the worker

        (worker,) = pool.pids()
        _kill(worker)
        card = await pick(table, alice, "samurai play", "card", "two")
        with caplog.at_level(logging.WARNING, logger="bot.service.renderpool"):
            played = await table.fake.slash(alice, table.channel, "samurai play", card=card)
        assert description(played).startswith("Uesugi plays Order Two Units Center.")
        assert _turn_board(table) == _board_now(table)  # the turn still shows its board
        assert pool.fallbacks == 1
        assert any(f"render worker {worker} stopped" in r.getMessage()
                   and "drawn in the bot's process" in r.getMessage() for r in caplog.records)

        (successor,) = pool.pids()
        assert successor != worker
        pieces = await pick(table, alice, "samurai order", "pieces", "U13 U14")
        ordered = await table.fake.slash(alice, table.channel, "samurai order", pieces=pieces)
        assert "Uesugi orders U13 with leader L4." in description(ordered)
        assert _turn_board(table) == _board_now(table)
        assert pool.fallbacks == 1  # the new worker drew it
    finally:
        pool.close()


async def test_the_running_bot_makes_threads_yield_the_gil_within_a_fifth_of_a_millisecond(
    table: Table,
) -> None:
    """The event loop waits at most about SWITCH_INTERVAL for a worker thread's GIL."""
    sys.setswitchinterval(0.005)  # Python's default
    await table.restart()
    assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
    assert SWITCH_INTERVAL <= 0.0002
