"""The helpers every demo player's policy uses (the player itself is declared in engine.py).

A system's demo player (`rules/<system>/autoplay.py`, offered by `Engine.demo_player`)
plays both sides of a seeded game for `tools/make_demo.py`, which turns its actions
into the console lines of a bundled demo script (data/demo/*.txt).

The policies are no opponents to be proud of; their use is a script that plays from the
first action to a decisive end through the same console commands a player types. Each one
picks among its system's `legal_actions(state, seat)`, never at random; for the measured
systems, whose offers are whole moves onto an objective or one model lost, it cuts an offer
to a believable stride or loss and has the rules check it again (`offered`, `toward`).
Stand-in dice for what the players roll at the table come from a hash of the situation
(`pips`).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from typing import Any

from rules.core.engine import Engine, Memory
from rules.core.inches import Point, distance
from rules.core.model import Action

# Wishes yield (tag, action) for what a side would like to do now, in order (see `wish`).
Wishes = Callable[[Engine[Any], Any, Memory, set[str]], Iterator[tuple[str, Action | None]]]


def wish(sys_: Engine[Any], state: Any, memory: Memory, step: str, wishes: Wishes) -> Action | None:
    """Return the first wish of this step not tried yet that the rules accept (None: no more).

    Each tag is tried once a step; the tags taken are passed back to `wishes`, so a later wish
    can follow up an earlier one (the casualties after a grenade)."""
    tried: set[str] = memory.data.setdefault(f"tried:{step}", set())
    done: set[str] = memory.data.setdefault(f"done:{step}", set())
    for tag, action in wishes(sys_, state, memory, done):
        if tag in tried or action is None:
            continue
        tried.add(tag)
        if sys_.is_legal(state, action):
            done.add(tag)
            return action
    return None


def offered(options: list[Any], wanted: Action, *keys: str) -> Action | None:
    """Return `wanted` if the legal actions offer one of its type with the same `keys` fields
    (`wanted` then shapes that offer's numbers), else None."""
    for option in options:
        if option.type == wanted.type and all(
            getattr(option, k) == getattr(wanted, k) for k in keys
        ):
            return wanted
    return None


def pips(*keys: object) -> int:
    """Return a fixed 1-6 for a situation: a stand-in for a die the players roll at the table."""
    return zlib.crc32(":".join(map(str, keys)).encode()) % 6 + 1


def toward(p: Point, goal: Point, inches: float) -> Point:
    """Return where a unit at p ends going straight toward goal by up to `inches`, to 0.1"."""
    d = distance(p, goal)
    t = 1.0 if d <= inches or d == 0 else inches / d
    return Point(x=round(p.x + t * (goal.x - p.x), 1), y=round(p.y + t * (goal.y - p.y), 1))


__all__ = ["Wishes", "offered", "pips", "toward", "wish"]
