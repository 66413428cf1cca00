"""How small a board's words and badges may be: readable where a phone shows the board.

Discord shows a posted picture about PHONE_WIDTH pixels wide on a phone, whatever its
own width, so a board drawn `width` pixels wide is read at PHONE_WIDTH / width of its
size. Every label (the em size of its font) and every badge (its height) is drawn at
least SMALLEST pixels tall at that scale: `smallest(width)` is the floor in the
picture's own pixels. While `measuring()` is open the renderers note each text and
badge they draw, so a test can check the floor on the drawing itself.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

PHONE_WIDTH = 400
SMALLEST = 8
# The width a board is drawn at unless asked otherwise. Words at the phone's smallest
# size are a fifth of a 13-column hex board's pieces and half of a tabletop's: at 1,200
# pixels most Samurai boards and a Fantasy Warriors board of every two came near the
# 60 KB upload budget (renderers/png.py), and were compressed whole, two to three times
# the time. A tenth narrower, they keep to the fast way, and the phone reads them alike.
BOARD_WIDTH = 1080


def smallest(width: int) -> int:
    """Return the fewest pixels a label or badge may be tall on a board `width` wide."""
    return math.ceil(SMALLEST * width / PHONE_WIDTH)


@dataclass(frozen=True)
class Mark:
    """One label (its font's em size) or badge (its height) as drawn, in picture pixels."""

    kind: Literal["text", "badge"]
    what: str
    height: float


_NOTES: ContextVar[list[Mark] | None] = ContextVar("legibility_notes", default=None)


def note(kind: Literal["text", "badge"], what: str, height: float) -> None:
    """Note a label or badge being drawn (nothing unless `measuring()` is open)."""
    notes = _NOTES.get()
    if notes is not None:
        notes.append(Mark(kind, what, height))


def noting() -> bool:
    """Say whether labels and badges are being noted (`measuring()` is open here)."""
    return _NOTES.get() is not None


@contextmanager
def measuring() -> Iterator[list[Mark]]:
    """Collect every label and badge drawn in this context (stamps only when first drawn)."""
    notes: list[Mark] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)
