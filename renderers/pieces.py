"""Recorded pieces: a piece's drawing calls recorded once and reused while it stays the same.

A board is recorded call by call (renderers/layers.py) every turn, but most of its
pieces (a unit and its badges, a panel line, an arrow, a tag) are what they were last
turn. Each piece's calls are kept here under a key naming everything its drawing
depends on (its view fields, its place, the width, the sides' colours), so a turn lays
out only the pieces that changed. The calls reused are the very calls recording the
piece again would append (the same sprites and stamps, by the same objects), so the
recording, and the picture, are the same.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import TypeVar

from renderers.caches import LayerCache
from renderers.canvas import Canvas
from renderers.layers import Call, Recorder
from renderers.legibility import noting

Result = TypeVar("Result")


class Recording(Recorder):
    """A recorder that shows the list it appends to, so pieces can be cut from it and reused."""

    def __init__(self, calls: list[Call], *, blend: bool = False) -> None:
        super().__init__(calls, blend=blend)
        self.calls = calls


# About 40-60 pieces a board (units, tags, lines, arrows) and a few new ones a turn: room
# for the boards of a few dozen games at a time. A piece's calls hold its sprites and
# stamps, mostly those the text and stamp caches hold too: the four demo games' 1,767
# pieces hold 16 MB of pixels in all, so this bounds what they may keep beyond those.
PIECES: LayerCache[tuple[tuple[Call, ...], object]] = LayerCache(maxsize=2048)


def piece(draw: Canvas, key: Hashable, paint: Callable[[], Result]) -> Result:
    """Record `paint`'s calls on `draw` once per `key`, then append the kept ones instead.

    `paint` draws on `draw` (or on another recorder appending to the same list) and may
    return a result that depends only on `key` too; it is kept and returned with the calls.
    On a canvas that draws, or while legibility is being measured (every word must be
    noted as it is drawn), `paint` is simply called.
    """
    if not isinstance(draw, Recording) or noting():
        return paint()
    calls = draw.calls
    found = PIECES.peek(key)
    if found is not None:
        calls.extend(found[0])
        kept: Result = found[1]  # type: ignore[assignment]  # stored by this function
        return kept
    start = len(calls)
    made = paint()
    PIECES.put(key, (tuple(calls[start:]), made))
    return made


def values(model: object) -> tuple[object, ...]:
    """Return a view model's class and field values, a key that hashes and compares fast.

    A frozen pydantic model hashes and compares through Python code, about 2 us a time:
    a board's keys hold some sixty of them.
    """
    return (type(model), *vars(model).values())


_SCOPES: dict[Hashable, int] = {}
_NUMBERS = itertools.count()


def scope(layout: Hashable) -> int:
    """Return a number standing for `layout` (a board's geometry) in its pieces' keys.

    Found once a board, where the layout itself would be hashed and compared in every
    piece's key. A number is never given to another layout, even once forgotten.
    """
    found = _SCOPES.get(layout)
    if found is None:
        if len(_SCOPES) >= 256:
            _SCOPES.clear()
        found = _SCOPES.setdefault(layout, next(_NUMBERS))
    return found


def clear_pieces() -> None:
    """Forget every recorded piece."""
    PIECES.clear()
