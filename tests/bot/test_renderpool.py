"""bot/service/renderpool.py: boards drawn in worker processes, the same bytes as in the bot's.

A worker that dies, idle or in the middle of a board, costs no board: that board is
drawn in the calling process (logged) and a new worker takes the dead one's place.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable

import pytest

from bench.positions import system_boards
from bot.config import Settings
from bot.service.renderpool import RenderPool, close_renderer, renderer
from renderers import render_png


def _dead(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.01)  # a zombie until its parent reaps it: that is dead enough
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            if stat.read().split()[2] == "Z":
                return
    raise AssertionError(f"worker {pid} did not die")


@pytest.fixture
def pool() -> RenderPool:
    started = RenderPool(1)  # one worker: each takes about a second of CPU to start
    started.start()
    yield started  # type: ignore[misc]
    started.close()


def test_workers_draw_the_same_png_as_the_bot_for_every_system(pool: RenderPool) -> None:
    for system_id in ("samurai", "wh40k", "fantasy_warriors", "bushido"):
        views = system_boards(system_id)
        for view in (views[0], views[len(views) // 2], views[-1]):
            assert pool(view) == render_png(view), system_id
    assert pool.fallbacks == 0
    assert len(pool.pids()) == 1 and os.getpid() not in pool.pids()


def test_a_drawing_error_is_raised_in_the_caller(pool: RenderPool) -> None:
    with pytest.raises(TypeError, match="no renderer for str"):
        pool("not a board")
    view = system_boards("samurai")[0]
    drawn: list[bytes] = []
    after = threading.Thread(target=lambda: drawn.append(pool(view)), daemon=True)
    after.start()
    after.join(timeout=30)  # a worker not given back would keep the next board waiting
    assert drawn == [render_png(view)]  # the worker lives on
    assert pool.fallbacks == 0


def test_a_worker_killed_while_idle_costs_no_board(
    pool: RenderPool, caplog: pytest.LogCaptureFixture
) -> None:
    view = system_boards("samurai")[3]
    before = pool.pids()
    for pid in before:
        _dead(pid)
    with caplog.at_level(logging.WARNING, logger="bot.service.renderpool"):
        assert pool(view) == render_png(view)
    assert pool.fallbacks == 1
    assert any("drawn in the bot's process" in r.getMessage() for r in caplog.records)
    (successor,) = pool.pids()
    assert successor not in before
    assert pool(view) == render_png(view)  # the successor draws
    assert pool.fallbacks == 1
    assert pool.pids() == [successor]


def _exit(code: int, *, lineage: object = None) -> bytes:
    """A worker's "drawing" that ends the process before it answers."""
    os._exit(code)


def test_a_worker_dying_in_the_middle_of_a_board_costs_no_board(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pool = RenderPool(1, draw=_exit,
                      fallback=lambda code, lineage=None: f"drawn here {code} {lineage}".encode())
    try:
        pool.start()
        (first,) = pool.pids()
        with caplog.at_level(logging.WARNING, logger="bot.service.renderpool"):
            assert pool(3, lineage="game") == b"drawn here 3 game"
        assert pool.fallbacks == 1
        assert any("exit code 3" in r.getMessage() for r in caplog.records)
        (successor,) = pool.pids()
        assert successor != first
    finally:
        pool.close()


def test_closed_pool_draws_in_process_and_its_workers_end() -> None:
    pool = RenderPool(2)  # both end, though only one drew
    pool.start()
    view = system_boards("samurai")[0]
    assert pool(view) == render_png(view)
    workers = list(pool._all)  # noqa: SLF001 - their processes must end
    pool.close()
    assert all(not w.process.is_alive() for w in workers)
    assert pool(view) == render_png(view)
    assert pool.fallbacks == 1


def test_the_setting_chooses_processes_or_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    default = Settings(_env_file=None)  # type: ignore[call-arg]
    assert default.render == "auto"
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert renderer(default) is render_png  # one core: nothing to gain from processes
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    pool = renderer(Settings(_env_file=None, BANNERET_RENDER="auto",  # type: ignore[call-arg]
                             BANNERET_RENDER_WORKERS=1))
    try:
        assert isinstance(pool, RenderPool)
    finally:
        close_renderer(pool)
    threads = renderer(Settings(_env_file=None, BANNERET_RENDER="threads"))  # type: ignore[call-arg]
    assert threads is render_png
    processes = renderer(Settings(_env_file=None, BANNERET_RENDER="processes",  # type: ignore[call-arg]
                                  BANNERET_RENDER_WORKERS=1))
    try:
        assert isinstance(processes, RenderPool) and len(processes.pids()) == 1
    finally:
        close_renderer(processes)


def test_the_render_setting_chooses_threads_or_workers_that_draw_the_same_board() -> None:
    view = system_boards("samurai")[0]
    threads = Settings(_env_file=None, BANNERET_RENDER="threads")  # type: ignore[call-arg]
    assert renderer(threads) is render_png
    settings = Settings(_env_file=None, BANNERET_RENDER="processes",  # type: ignore[call-arg]
                        BANNERET_RENDER_WORKERS=1)
    processes = renderer(settings)
    try:
        assert isinstance(processes, RenderPool) and len(processes.pids()) == 1
        assert processes(view) == render_png(view)
    finally:
        close_renderer(processes)


def _pid(view: str, *, lineage: object = None) -> bytes:
    """A worker's "drawing": which process drew (after a while, for a "slow" board)."""
    if view == "slow":
        time.sleep(1)
    return str(os.getpid()).encode()


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, "the pool never got there"
        time.sleep(0.005)


def test_a_games_boards_go_to_the_worker_that_drew_its_last_one() -> None:
    pool = RenderPool(2, draw=_pid)
    try:
        pool.start()
        first = {game: pool("board", lineage=game) for game in "abcd"}
        assert len(set(first.values())) == 2  # new games spread over both workers
        for _ in range(3):
            for game in "dcba":
                assert pool("board", lineage=game) == first[game]
        assert pool.moves == 0
    finally:
        pool.close()


def test_a_game_whose_worker_is_much_busier_moves_and_stays_moved() -> None:
    pool = RenderPool(2, draw=_pid)
    try:
        pool.start()
        home = pool("board", lineage="a")
        worker = next(w for w in pool._all if str(w.process.pid).encode() == home)  # noqa: SLF001
        drawing = threading.Thread(target=pool, args=("slow",), kwargs={"lineage": "a"})
        drawing.start()
        _until(lambda: worker.busy)
        waiting = threading.Thread(target=pool, args=("board",), kwargs={"lineage": "a"})
        waiting.start()  # one board behind it: still its home's (the other is idle)
        _until(lambda: worker.waiting == 1)
        moved = pool("board", lineage="a")  # two behind: the other worker draws it
        assert moved != home and pool.moves == 1
        drawing.join()
        waiting.join()
        assert pool("board", lineage="a") == moved  # and draws the game's boards from now on
        assert pool.moves == 1
    finally:
        pool.close()
