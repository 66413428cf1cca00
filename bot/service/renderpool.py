"""Boards drawn and encoded in a small pool of processes, so a busy bot uses every core.

Drawing a board is Python (Pillow's drawing calls, the layout) holding the GIL: with
the bot's commands in worker threads of one process, the boards of ten channels are
drawn one after another on one core, and the event loop waits for the GIL meanwhile.
`RenderPool` sends the board view (a pydantic model, a few KB pickled) down a pipe to
one of a few worker processes started once (`workers`, the cores by default), which
draws it with `renderers.render_png` and sends back the PNG bytes: the same bytes,
since the picture depends on the view only. Each worker keeps its own static-layer
caches warm, and the last board of each game it drew (renderers/layers.py): a game's
boards go back to the worker that drew its last one, so only what changed is drawn,
unless that worker is much busier than another (then the game moves there). A plain
pipe per worker rather than `concurrent.futures`' process pool:
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

import logging
import multiprocessing
import os
import signal
import threading
from collections import OrderedDict
from collections.abc import Hashable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # not imported at run time: the workers stay light
    from bot.config import Settings
    from bot.service.boards import Render

log = logging.getLogger(__name__)

# A game's boards go to the worker that drew its last one (which keeps its frame) unless
# that worker has more than twice the boards in hand of the least busy one and this many
# more: then the game moves (its next board is drawn over the newest frame of its map
# there, about 5 ms more). So a game waits behind one board rather than move to an idle
# worker, and with long queues on both (every core busy anyway) games seldom move.
STICKY_SLACK = 1
HOMES = 100_000  # games whose worker is remembered (a few MB at most)


def _serve(conn: Connection, draw: Render) -> None:
    """A worker process: draw each view received and send back its PNG (or the error)."""
    import renderers  # noqa: F401 - imported now, not at the first board

    # Ctrl-C reaches the whole process group: the bot decides when its workers stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            view, lineage = conn.recv()
        except (EOFError, OSError):  # the bot has gone
            return
        try:
            reply: tuple[bool, Any] = (True, draw(view, lineage=lineage))
        except Exception as error:  # noqa: BLE001 - raised again in the bot
            reply = (False, error)
        try:
            conn.send(reply)
        except OSError:  # the bot has gone
            return


def _render_png(view: Any, *, lineage: Hashable | None = None) -> bytes:
    """Draw a board (in a worker: `renderers` imported there, not in the bot's process)."""
    from renderers import render_png

    return render_png(view, lineage=lineage)


class WorkerDied(Exception):
    """A render worker stopped before answering."""


class _Worker:
    """One worker process and the pipe to it (one board at a time), and how many boards
    are in its hands: the one it draws (`busy`) and those waiting for it."""

    def __init__(self, draw: Render) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, theirs = ctx.Pipe()
        # spawn, not fork: the bot process runs threads (the event loop, the store's
        # connections) that a forked child would inherit half-copied.
        self.process = ctx.Process(target=_serve, args=(theirs, draw), daemon=True,
                                   name="banneret-render")
        self.process.start()
        theirs.close()
        self.busy = False
        self.waiting = 0
        self.games = 0  # lineages whose boards it draws (their frames are here)

    @property
    def load(self) -> int:
        """Return the boards in its hands: drawing one, and those waiting for it."""
        return self.busy + self.waiting

    def draw(self, view: Any, lineage: Hashable | None) -> bytes:
        """Send the view; wait for the PNG. WorkerDied if the process went away."""
        try:
            self.conn.send((view, lineage))
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

    A game's boards (its `lineage`) go to the worker that drew its last one, which keeps
    that frame (renderers/layers.py), unless that worker has much more in hand than
    another (STICKY_SLACK): then the game moves to the least busy one, and stays there.
    A board without a lineage goes to the least busy worker. Each call waits for its
    worker, sends it the view over its pipe and waits for the PNG: one send and one
    receive, no helper threads in the bot. `draw` is what a worker runs (a
    module-level function, so it pickles); `fallback` draws in this process when a
    worker dies or after close.
    """

    def __init__(self, workers: int | None = None, draw: Render = _render_png,
                 fallback: Render = _render_png) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._draw = draw
        self._fallback = fallback
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)  # a worker freed, died or closed
        self._all: list[_Worker] = []
        self._homes: OrderedDict[Hashable, _Worker] = OrderedDict()
        self._closed = False
        self.fallbacks = 0  # boards drawn in this process because a worker died
        self.moves = 0  # games sent to another worker than their last board's

    def start(self) -> None:
        """Start the workers (each takes a moment to import the renderers)."""
        with self._lock:
            if self._all or self._closed:
                return
            for _ in range(self.workers):
                self._all.append(_Worker(self._draw))

    def __call__(self, view: Any, *, lineage: Hashable | None = None) -> bytes:
        """Draw `view` in a worker and return its PNG; in this process if the worker dies."""
        if not self._all:
            self.start()
        worker = self._take(lineage)
        if worker is None:  # closed
            return self._in_process(view, lineage)
        try:
            if not worker.process.is_alive():  # died while idle
                raise WorkerDied(f"render worker {worker.process.pid} stopped (exit code "
                                 f"{worker.process.exitcode})")
            png = worker.draw(view, lineage)
        except WorkerDied as error:
            # The new worker takes a moment to start: this board is not kept waiting.
            log.warning("%s: this board is drawn in the bot's process, and a new worker "
                        "is started", error)
            self._successor(worker)
            return self._in_process(view, lineage)
        except Exception:  # the drawing failed, raised again here: the worker lives on
            self._give_back(worker)
            raise
        except BaseException:  # interrupted between sending and receiving: out of step
            self._successor(worker)
            raise
        self._give_back(worker)
        return png

    def _choose(self, lineage: Hashable | None) -> _Worker:
        """Return the worker for a board of `lineage` (its home unless much busier); a
        new game goes to the least busy worker, the one with fewer games if even."""
        least = min(self._all, key=lambda w: (w.load, w.games))
        if lineage is None:
            return least
        home = self._homes.get(lineage)
        if (home is not None and home in self._all
                and home.load <= 2 * least.load + STICKY_SLACK):
            self._homes.move_to_end(lineage)
            return home
        if home is not None:
            self.moves += 1
            home.games -= 1
        self._homes[lineage] = least
        least.games += 1
        if len(self._homes) > HOMES:
            _, gone = self._homes.popitem(last=False)
            gone.games -= 1
        return least

    def _take(self, lineage: Hashable | None) -> _Worker | None:
        """Wait for the worker of a board of `lineage` to be free and take it (None once
        the pool is closed). Chosen again whenever a worker frees up or dies."""
        with self._lock:
            while not self._closed:
                worker = self._choose(lineage)
                if not worker.busy:
                    worker.busy = True
                    return worker
                worker.waiting += 1
                self._changed.wait()
                worker.waiting -= 1
            return None

    def _give_back(self, worker: _Worker) -> None:
        """Make a worker free again (stop it if the pool was closed while it drew)."""
        with self._lock:
            worker.busy = False
            self._changed.notify_all()
            if not self._closed:
                return
        worker.stop()

    def _in_process(self, view: Any, lineage: Hashable | None) -> bytes:
        with self._lock:
            self.fallbacks += 1
        return self._fallback(view, lineage=lineage)

    def _successor(self, dead: _Worker) -> None:
        """Start a new worker in a dead one's place (none once the pool is closed)."""
        dead.stop()
        with self._lock:
            dead.busy = False
            if dead in self._all:
                self._all.remove(dead)
            if not self._closed:
                self._all.append(_Worker(self._draw))
            self._changed.notify_all()

    def pids(self) -> list[int]:
        """Return the process ids of the workers (for the tests)."""
        with self._lock:
            return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        """Stop the workers (a busy one once its board is done); later boards are drawn
        in this process."""
        with self._lock:
            self._closed = True
            idle = [w for w in self._all if not w.busy]
            self._all = []
            self._homes.clear()
            self._changed.notify_all()  # whoever waits for a worker draws in-process
        for worker in idle:
            worker.stop()


def renderer(settings: Settings) -> Render:
    """Return the board renderer the settings ask for: a started `RenderPool` for
    `BANNERET_RENDER=processes` (and for `auto` on more than one core), else
    `renderers.render_png` in the calling thread (one core: a pool would only add
    the trips to and from its worker)."""
    cores = os.cpu_count() or 1
    if settings.render == "processes" or (settings.render == "auto" and cores > 1):
        pool = RenderPool(settings.render_workers, draw=_render_png, fallback=_render_png)
        pool.start()
        return pool
    from renderers import render_png

    return render_png


def close_renderer(render: Render | None) -> None:
    """Stop a renderer's workers, if it has any."""
    if isinstance(render, RenderPool):
        render.close()


__all__ = ["RenderPool", "close_renderer", "renderer"]
