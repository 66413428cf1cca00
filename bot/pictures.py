"""Board pictures by position and seat: a small cache of PNG bytes, never a record."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

PICTURES = 256  # about 12 MB of PNGs at most


class Pictures:
    """The last pictures drawn, by key (game id, version, last write, language, seat)."""

    def __init__(self, size: int = PICTURES) -> None:
        self._size = size
        self._found: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        """Return the picture kept under `key`, drawing it (outside the lock) when not kept."""
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
                return found
        made = make()
        with self._lock:
            self._found[key] = made
            while len(self._found) > self._size:
                self._found.popitem(last=False)
        return made


__all__ = ["PICTURES", "Pictures"]
