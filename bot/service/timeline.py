"""A game's positions one by one, and its log in words with the position each entry leads
to: what the web companion's log, position pages and replay show.

Position 0 is the start; position n follows the nth action still in force, as `/game
replay` numbers them (bot/service/replay.py). Every entry of the log leads to the position
standing just after it: the actions in force written up to it. An action taken back later
leads to the position before it (its own position is in force no more), and says so.

A past position is rebuilt from the scenario, the seed and the actions in force, and only
its public view leaves here (`view(state, None)`, through `Table`), so nothing hidden
shows. Rebuilt positions are kept (a bounded cache, by game, number and the action that
made it, which no later write can change), so stepping through a replay applies one
action a step.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from bot.recent import Recent
from bot.service.context import Table
from bot.service.records import effective_actions
from bot.service.replay import LogBroken
from bot.service.views import log_line
from bot.store.rows import GameRow, LogEntry
from bot.text import seat_term
from rules.core.errors import RuleViolation

# Positions kept across requests (a few hundred KB each at most: some tens of MB).
POSITIONS = 512


@dataclass(frozen=True)
class Step:
    """One entry of the log as a page shows it."""

    seq: int
    position: int
    line: str
    taken_back: bool


_STATES: Recent[Any] = Recent(POSITIONS)


class Timeline:
    """A game's log and positions, read from its row and its whole log."""

    def __init__(self, game: GameRow, entries: list[LogEntry]) -> None:
        self.game = game
        self.table = Table(game)
        self.entries = entries
        self.in_force = effective_actions(entries)
        self._seqs = [entry.seq for entry in self.in_force]

    @property
    def latest(self) -> int:
        """Return the number of the game's latest position."""
        return len(self.in_force)

    def position_after(self, seq: int) -> int:
        """Return the position standing just after log entry `seq`."""
        return bisect.bisect_right(self._seqs, seq)

    @cached_property
    def _standing(self) -> frozenset[int]:
        return frozenset(self._seqs)

    def step(self, entry: LogEntry) -> Step:
        """Word one entry of the log, with the position it leads to."""
        return Step(entry.seq, self.position_after(entry.seq), self.line(entry),
                    entry.kind == "action" and entry.seq not in self._standing)

    def line(self, entry: LogEntry) -> str:
        """Word an entry as `/game log` does; a hidden choice said without events stays
        unsaid while the game runs (its events, written for everyone, would say it)."""
        table = self.table
        if (entry.kind == "action" and not entry.events and not self.game.over
                and entry.action.get("type") in table.private_actions):
            return table.words("game-log-line", seq=entry.seq, seat=seat_term(entry.seat or ""),
                               what=table.words("web-log-hidden-choice"))
        return log_line(table, entry)

    @cached_property
    def steps(self) -> list[Step]:
        """Word every entry of the log, each with the position it leads to."""
        return [self.step(entry) for entry in self.entries]

    def made_by(self, position: int) -> list[Step]:
        """Return the steps that lead to `position` and no further (the action that made
        it, and what was logged after it before the next one)."""
        return [step for step in self.steps if step.position == position]

    def table_at(self, position: int) -> Table:
        """Return the game at one of its positions (0 to `latest`)."""
        if position == self.latest:
            return self.table
        return Table(self.game, state=self.state(position))

    def key(self, position: int) -> tuple[Any, ...]:
        """Return what names a past position for good (game, number, the action making it)."""
        made = self._seqs[position - 1] if position else 0
        return (self.game.id, position, made, self.game.engine_version)

    def state(self, position: int) -> Any:
        """Rebuild the state at `position` from the nearest kept one before it."""
        found, start = None, position
        while start > 0 and (found := _STATES.kept(self.key(start))) is None:
            start -= 1
        system = self.table.system
        if found is None:
            found = _STATES.get(self.key(0), lambda: system.replay_start(
                self.game.scenario, self.game.seed, self.game.engine_version))
        state = found
        for number in range(start + 1, position + 1):
            entry = self.in_force[number - 1]
            try:
                state, _ = system.apply(state, system.parse_action(entry.action))
            except (RuleViolation, ValueError):
                raise LogBroken(seq=entry.seq).where(self.game.language) from None
            done = state
            _STATES.get(self.key(number), lambda: done)  # noqa: B023 - used at once
        return state


__all__ = ["POSITIONS", "Step", "Timeline"]
