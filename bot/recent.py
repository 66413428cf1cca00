"""A size-capped, thread-safe cache of the last values made (boards, pictures, worded lines)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    """The last values made, by key: a size-capped cache, never a record of games."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._found: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """Return how many values are kept."""
        with self._lock:
            return len(self._found)

    def kept(self, key: Hashable) -> V | None:
        """Return the value kept under `key`, or None (nothing is made)."""
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
            return found

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """Return the value kept under `key`, making it (outside the lock) when not kept."""
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
