"""Measuring helpers shared by the benchmarks: paired timings, ratios and figures."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Figure:
    """One measured result: a ratio against its floor or peer, with a target."""

    name: str
    value: float
    target: str  # e.g. "<= 1.2x"
    detail: str = ""
    unit: str = "x"

    @property
    def met(self) -> bool:
        """Say whether the value meets the target."""
        op, _, bound = self.target.partition(" ")
        limit = float(bound.split()[0].rstrip("xKBms"))  # "1.2x", "60 KB", "80 MiB"
        return self.value <= limit if op == "<=" else self.value >= limit

    def line(self) -> str:
        """Return the figure as one printed line."""
        mark = "ok  " if self.met else "MISS"
        if self.unit == "x":
            value = f"{self.value:.2f}x"
        else:
            value = f"{self.value:.1f} {self.unit}"
        return f"  [{mark}] {self.name}: {value} (target {self.target}) {self.detail}".rstrip()


@dataclass
class Report:
    """What one benchmark printed: its figures and free notes."""

    name: str
    title: str
    figures: list[Figure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def ms(seconds: float) -> str:
    """Format seconds as milliseconds."""
    return f"{seconds * 1000:.2f} ms"


def median(xs: Sequence[float]) -> float:
    """Return the median of a non-empty sequence."""
    return statistics.median(xs)


@contextmanager
def quiet_gc() -> Iterator[None]:
    """Collect garbage first and keep the collector out of the timed region."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@dataclass
class Paired:
    """Times of two operations measured alternately, pair by pair."""

    a: list[float]
    b: list[float]

    @property
    def ratio(self) -> float:
        """Return the median of the per-pair ratios a/b (robust to a noisy neighbour)."""
        return median([x / y for x, y in zip(self.a, self.b, strict=True)])

    @property
    def a_median(self) -> float:
        """Return the median time of a."""
        return median(self.a)

    @property
    def b_median(self) -> float:
        """Return the median time of b."""
        return median(self.b)


def paired(
    a: Callable[[int], object],
    b: Callable[[int], object],
    rounds: int,
    *,
    setup: Callable[[int], object] | None = None,
) -> Paired:
    """Time a(i) and b(i) alternately for i in range(rounds), swapping which goes first.

    `setup(i)`, when given, runs untimed before each pair (fresh rows, fresh channels).
    """
    ta: list[float] = []
    tb: list[float] = []
    clock = time.perf_counter
    with quiet_gc():
        for i in range(rounds):
            if setup is not None:
                setup(i)
            if i % 2:
                t0 = clock()
                b(i)
                t1 = clock()
                a(i)
                t2 = clock()
                tb.append(t1 - t0)
                ta.append(t2 - t1)
            else:
                t0 = clock()
                a(i)
                t1 = clock()
                b(i)
                t2 = clock()
                ta.append(t1 - t0)
                tb.append(t2 - t1)
    return Paired(ta, tb)


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Return `repeat` wall-clock times of fn()."""
    out: list[float] = []
    clock = time.perf_counter
    with quiet_gc():
        for _ in range(repeat):
            t0 = clock()
            fn()
            out.append(clock() - t0)
    return out
