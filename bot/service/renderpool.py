"""Boards drawn and encoded in a small pool of processes, so a busy bot uses every core.

Drawing a board is Python (Pillow's drawing calls, the layout) holding the GIL: with
the bot's commands in worker threads of one process, the boards of ten channels are
drawn one after another on one core, and the event loop waits for the GIL meanwhile.
`RenderPool` sends the board view (a pydantic model, a few KB pickled) down a pipe to
one of a few worker processes started once (`workers`, the cores by default), which
draws it with `renderers.render_png` and sends back the PNG bytes: the same bytes,
since the picture depends on the view only. Each worker keeps its own static-layer
caches warm. A plain pipe per worker rather than `concurrent.futures`' process pool:
that pool passes each call through two helper threads of the bot's process, twice
the CPU per board there (0.9 ms vs 0.4 ms, measured), all of it holding the GIL.

A worker that dies (killed, out of memory) is noticed at once (its pipe closes): the
board it was drawing is then drawn in this process instead (logged), and a new worker
takes its place, so a player's turn is always answered. `BANNERET_RENDER=processes`
chooses it; the default, `threads`, draws in the command's worker thread (`renderer`):
on 2 cores the pool gave about 8% more turns a second with ten channels at once, but
made each single turn about 10% slower (the trips to and from the worker).
"""

from __future__ import annotations

import functools
import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.config import Settings

Render = Callable[[Any], bytes]  # as bot/service/boards.py's (not imported: workers stay light)

log = logging.getLogger(__name__)


def _serve(conn: Connection, draw: Render) -> None:
    """A worker process: draw each view received and send back its PNG (or the error)."""
    import renderers  # noqa: F401 - imported now, not at the first board

    # Ctrl-C reaches the whole process group: the bot decides when its workers stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            view = conn.recv()
        except (EOFError, OSError):  # the bot has gone
            return
        try:
            reply: tuple[bool, Any] = (True, draw(view))
        except Exception as error:  # noqa: BLE001 - raised again in the bot
            reply = (False, error)
        try:
            conn.send(reply)
        except OSError:  # the bot has gone
            return


def _render_png(view: Any, bands: int | None = None) -> bytes:
    """Draw a board; with `bands`, first keep that many compressed PNG bands (a worker's
    first board sets it: BANNERET_PNG_BANDS reaches the workers this way)."""
    from renderers import png, render_png

    if bands is not None and png.BANDS.info().maxsize != bands:
        png.BANDS.resize(bands)
    return render_png(view)


class WorkerDied(Exception):
    """A render worker stopped before answering."""


class _Worker:
    """One worker process and the pipe to it (one board at a time)."""

    def __init__(self, draw: Render) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, theirs = ctx.Pipe()
        # spawn, not fork: the bot process runs threads (the event loop, the store's
        # connections) that a forked child would inherit half-copied.
        self.process = ctx.Process(target=_serve, args=(theirs, draw), daemon=True,
                                   name="banneret-render")
        self.process.start()
        theirs.close()

    def draw(self, view: Any) -> bytes:
        """Send the view; wait for the PNG. WorkerDied if the process went away."""
        try:
            self.conn.send(view)
            ok, result = self.conn.recv()
        except (EOFError, OSError) as error:  # BrokenPipeError is an OSError
            self.process.join(timeout=1)  # reaped, for its exit code
            raise WorkerDied(f"render worker {self.process.pid} stopped "
                             f"(exit code {self.process.exitcode})") from error
        if not ok:
            raise result
        return bytes(result)

    def stop(self) -> None:
        """Close the pipe (the worker ends) and reap the process."""
        self.conn.close()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class RenderPool:
    """A `Render` (view -> PNG bytes) that draws in worker processes; thread-safe.

    Each call takes an idle worker (waiting for one when all are busy), sends it the
    view over its pipe and waits for the PNG: one send and one receive, no helper
    threads in the bot. `draw` is what a worker runs (a module-level function, so
    it pickles); `fallback` draws in this process when a worker dies or after close.
    """

    def __init__(self, workers: int | None = None, draw: Render = _render_png,
                 fallback: Render = _render_png) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._draw = draw
        self._fallback = fallback
        self._idle: queue.LifoQueue[_Worker | None] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._all: list[_Worker] = []
        self._closed = False
        self.fallbacks = 0  # boards drawn in this process because a worker died

    def start(self) -> None:
        """Start the workers (each takes a moment to import the renderers)."""
        with self._lock:
            if self._all or self._closed:
                return
            for _ in range(self.workers):
                worker = _Worker(self._draw)
                self._all.append(worker)
                self._idle.put(worker)

    def __call__(self, view: Any) -> bytes:
        """Draw `view` in a worker and return its PNG; in this process if the worker dies."""
        if not self._all:
            self.start()
        worker = self._idle.get()
        if worker is None:  # closed: wake the next waiter too
            self._idle.put(None)
            return self._in_process(view)
        try:
            if not worker.process.is_alive():  # died while idle
                raise WorkerDied(f"render worker {worker.process.pid} stopped (exit code "
                                 f"{worker.process.exitcode})")
            png = worker.draw(view)
        except WorkerDied as error:
            # The new worker takes a moment to start: this board is not kept waiting.
            log.warning("%s: this board is drawn in the bot's process, and a new worker "
                        "is started", error)
            successor = self._successor(worker)
            if successor is not None:
                self._give_back(successor)
            return self._in_process(view)
        except Exception:  # the drawing failed, raised again here: the worker lives on
            self._give_back(worker)
            raise
        except BaseException:  # interrupted between sending and receiving: out of step
            successor = self._successor(worker)
            if successor is not None:
                self._give_back(successor)
            raise
        self._give_back(worker)
        return png

    def _give_back(self, worker: _Worker) -> None:
        """Make a worker idle again (stop it if the pool was closed while it drew)."""
        with self._lock:
            if not self._closed:
                self._idle.put(worker)
                return
        worker.stop()

    def _in_process(self, view: Any) -> bytes:
        with self._lock:
            self.fallbacks += 1
        return self._fallback(view)

    def _successor(self, dead: _Worker) -> _Worker | None:
        """Start a new worker in a dead one's place (None once the pool is closed)."""
        dead.stop()
        with self._lock:
            if dead in self._all:
                self._all.remove(dead)
            if self._closed:
                return None
            worker = _Worker(self._draw)
            self._all.append(worker)
            return worker

    def pids(self) -> list[int]:
        """Return the process ids of the workers (for the tests)."""
        with self._lock:
            return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        """Stop the workers (a busy one once its board is done); later boards are drawn
        in this process."""
        with self._lock:
            self._closed = True
            self._all = []
        while True:
            try:
                worker = self._idle.get_nowait()
            except queue.Empty:
                break
            if worker is not None:
                worker.stop()
        self._idle.put(None)  # wakes whoever waits for a worker


def renderer(settings: Settings) -> Render:
    """Return the board renderer the settings ask for: a started `RenderPool` for
    `BANNERET_RENDER=processes` (and for `auto` on more than one core), else
    `renderers.render_png` in the calling thread (one core: a pool would only add
    the trips to and from its worker)."""
    cores = os.cpu_count() or 1
    if settings.render == "processes" or (settings.render == "auto" and cores > 1):
        draw = functools.partial(_render_png, bands=settings.png_bands)
        pool = RenderPool(settings.render_workers, draw=draw, fallback=draw)
        pool.start()
        return pool
    from renderers import png, render_png

    png.BANDS.resize(settings.png_bands)
    return render_png


def close_renderer(render: Render | None) -> None:
    """Stop a renderer's workers, if it has any."""
    if isinstance(render, RenderPool):
        render.close()


__all__ = ["RenderPool", "close_renderer", "renderer"]
