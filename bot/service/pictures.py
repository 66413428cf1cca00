"""Board pictures by position and seat: a small cache of PNG bytes, never a record."""

from __future__ import annotations

from bot.replies import Recent

PICTURES = 256  # about 12 MB of PNGs at most


class Pictures(Recent[bytes]):
    """The last pictures drawn, by key (game id, version, last write, language, seat)."""

    def __init__(self, size: int = PICTURES) -> None:
        super().__init__(size)


__all__ = ["PICTURES", "Pictures"]
