"""Taking actions back: the position once the last standing actions are undone.

A game's position is its scenario, its seed and the actions still in force. To take
the last one back we need the position before it. The log is read backwards from its
end, in its outline only (kinds and undo counts, no JSON read), a stretch at a time:
an undo entry takes back as many of the standing actions before it as it counts, so
walking back with a count of actions still to take back tells which actions stand.
The walk stops at the newest checkpoint none of whose actions were taken back since
(the count is zero there); only the standing actions after it are replayed. So an
undo at action 10,000 reads and replays a few dozen entries, not 10,000, whichever
checkpoint interval the game's log was written with; and the caller does it on a read
snapshot, outside the write transaction.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from bot.store.rows import CHECKPOINT_EVERY, GameRow, LogEntry
from bot.store.transaction import Transaction
from rules.core.system import GameSystem

# Outline rows read per step of the walk back: past a checkpoint or two, as a rule.
STRETCH = 2 * CHECKPOINT_EVERY


class Standing:
    """Which actions of a game's log are in force, read backwards from its end."""

    def __init__(self, tx: Transaction, game_id: int) -> None:
        self.game_id = game_id
        self._tx = tx
        # The outline read so far, newest first, and the checkpoints among it.
        self._rows: list[tuple[int, str, int]] = []
        self._kept: set[int] = set()
        self._done = False  # the walk reached the log's first entry

    @classmethod
    def read(cls, tx: Transaction, game_id: int) -> Standing:
        """Start reading a game's log from its end (more is read as it is needed)."""
        return cls(tx, game_id)

    def _back(self) -> Iterator[tuple[int, str, int]]:
        """Yield the outline rows newest first, reading another stretch when needed."""
        at = 0
        while True:
            while at < len(self._rows):
                yield self._rows[at]
                at += 1
            if self._done:
                return
            before = self._rows[-1][0] if self._rows else None
            rows = self._tx.log_outline(self.game_id, before, STRETCH)
            if len(rows) < STRETCH:
                self._done = True
            if rows:
                self._kept.update(self._tx.checkpoints(self.game_id, since=rows[0][0]))
            self._rows.extend(reversed(rows))

    def _walk(self, count: int) -> tuple[int | None, list[int]]:
        """Return (the newest checkpoint to start from, or None for the scenario; the
        seqs of the actions standing after it, in order) once the last `count` actions
        in force are taken back."""
        owed = count  # actions still to be taken back further down the log
        after: list[int] = []
        for seq, kind, n in self._back():
            if owed == 0 and seq in self._kept:
                # Every action this checkpoint counts still stands.
                return seq, after[::-1]
            if kind == "action":
                if owed:
                    owed -= 1
                else:
                    after.append(seq)
            elif kind == "undo":
                owed += n
        return None, after[::-1]

    def last(self, tx: Transaction, game_id: int) -> LogEntry | None:
        """Return the last action in force, if any."""
        owed = 0
        for seq, kind, n in self._back():
            if kind == "action":
                if not owed:
                    return tx.entry(game_id, seq)
                owed -= 1
            elif kind == "undo":
                owed += n
        return None

    def rewound(self, tx: Transaction, sys: GameSystem, game: GameRow, count: int = 1
                ) -> BaseModel:
        """Return the position once the last `count` actions in force are taken back."""
        start, kept = self._walk(count)
        state: BaseModel = (
            sys.load_state(tx.checkpoint(game.id, start).state) if start is not None
            else sys.replay_start(game.scenario, game.seed, game.engine_version))
        for entry in tx.entries(game.id, kept):
            state, _ = sys.apply(state, sys.parse_action(entry.action))
        return state


__all__ = ["STRETCH", "Standing"]
