"""Taking actions back: the position once the last standing actions are undone.

A game's position is its scenario, its seed and the actions still in force. To take
the last one back we need the position before it: the log's outline (kinds and undo
counts, no JSON read) says which actions stand, the newest checkpoint whose actions
all still stand gives a position near the end, and only the actions after it are
replayed. So an undo at action 10,000 replays a few dozen actions, not 10,000; and
the caller does it on a read snapshot, outside the write transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from bot.store import GameRow, LogEntry, Transaction
from rules.core.system import GameSystem


@dataclass
class Standing:
    """Which actions of a game's log are in force, and where its checkpoints stand."""

    actions: list[int]  # seqs of the actions in force, in order
    # checkpoint seq -> (how many actions stood then, the seq of the last of them)
    marks: dict[int, tuple[int, int | None]]

    @classmethod
    def read(cls, tx: Transaction, game_id: int) -> Standing:
        """Read a game's log outline and checkpoints."""
        kept_at = set(tx.checkpoints(game_id))
        actions: list[int] = []
        marks: dict[int, tuple[int, int | None]] = {}
        for seq, kind, count in tx.log_outline(game_id):
            if kind == "action":
                actions.append(seq)
            elif kind == "undo":
                # As bot.records.effective_actions takes them back.
                del actions[len(actions) - count :]
            if seq in kept_at:
                marks[seq] = (len(actions), actions[-1] if actions else None)
        return cls(actions, marks)

    def last(self, tx: Transaction, game_id: int) -> LogEntry | None:
        """Return the last action in force, if any."""
        return tx.entry(game_id, self.actions[-1]) if self.actions else None

    def rewound(self, tx: Transaction, sys: GameSystem, game: GameRow, count: int = 1
                ) -> BaseModel:
        """Return the position once the last `count` actions in force are taken back."""
        kept = list(self.actions)
        del kept[len(kept) - count :]
        start: BaseModel | None = None
        done = 0
        for seq in sorted(self.marks, reverse=True):
            depth, top = self.marks[seq]
            if depth <= len(kept) and (depth == 0 or kept[depth - 1] == top):
                start = sys.load_state(tx.checkpoint(game.id, seq).state)
                done = depth
                break
        state = start if start is not None else sys.replay_start(
            game.scenario, game.seed, game.engine_version)
        for entry in tx.entries(game.id, kept[done:]):
            state, _ = sys.apply(state, sys.parse_action(entry.action))
        return state


__all__ = ["Standing"]
