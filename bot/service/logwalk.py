"""Replay a game's whole log in order: every action once, also those undone later.

The stored position is the replay of the actions still in force, but every entry keeps
more than that: the events it logged, whether they were irreversible, the undo it
answered, and who made it. To check those columns of an entry, it is replayed on the
position it was made on: an action undone later still has the position before it, kept
while an undo may come back to it. Claims are judged on the position they were made on,
as the service judged them, without changing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.service.settingrules import CLAIM_KIND as SETTINGS_CLAIM
from bot.store.rows import LogEntry
from bot.text import event_record
from rules.core.errors import RuleViolation
from rules.core.model import Event
from rules.core.system import GameSystem
from rules.core.text import Msg

# Entries that carry events: an applied action, and a claim of what an action would do
# (a claim to change settings asks for no action: it carries none).
WITH_EVENTS = frozenset({"action", "claim"})


def _carries_events(entry: LogEntry) -> bool:
    """Say whether an entry is replayed through the rules (an action, or a claim of one)."""
    return entry.kind in WITH_EVENTS and not (
        entry.kind == "claim" and entry.action.get("type") == SETTINGS_CLAIM)


@dataclass
class Walked:
    """What replaying a whole log found: the final position and what the audit needs."""

    state: BaseModel
    ended_by_play: bool = False
    # Actions (and claims) a referee who plays no seat may make, by seq: a referee's
    # adjustment for the "referee" seat, or a report about one side's units.
    refereeable: set[int] = field(default_factory=set)


def returns(entries: list[LogEntry]) -> dict[int, int]:
    """Return how many undos of the log go back to each action (by seq; 0: the start)."""
    standing: list[int] = []
    back: dict[int, int] = {}
    for entry in entries:
        if entry.kind == "action":
            standing.append(entry.seq)
        elif entry.kind == "undo":
            del standing[max(0, len(standing) - _count(entry)):]
            top = standing[-1] if standing else 0
            back[top] = back.get(top, 0) + 1
    return back


def _count(entry: LogEntry) -> int:
    return max(1, int(entry.action.get("count", 1)))


def walk(sys: GameSystem, start: BaseModel, entries: list[LogEntry], note: dict[str, Any],
         same_engine: bool, flags: bool = True) -> Walked | Msg:
    """Replay every entry of a log in order from `start`; return what it found, or the
    first entry whose events, irreversibility or undo the replay does not give.

    `note` names the engines (recorded and replaying) for the messages; an older engine's
    events are compared by type only, and its irreversible flags (or all of them when
    `flags` is False: an exported record has none) not at all.
    """
    back = returns(entries)
    kept: dict[int, BaseModel] = {0: start} if 0 in back else {}
    standing: list[int] = []
    found = Walked(start)
    for entry in entries:
        if _carries_events(entry):
            problem = _replayed(sys, found, entry, note, same_engine, flags)
            if problem is not None:
                return problem
            if entry.kind == "action":
                standing.append(entry.seq)
                if entry.seq in back:
                    kept[entry.seq] = found.state
            continue
        if entry.events or (flags and entry.irreversible):
            return Msg(key="verify-entry-wrong", args={"seq": entry.seq, "what": "events"})
        if entry.kind == "undo":
            top = standing[-1] if standing else 0
            if int(entry.action.get("of", top)) != top or _count(entry) > len(standing):
                return Msg(key="verify-entry-wrong", args={"seq": entry.seq, "what": "undo"})
            for seq in standing[len(standing) - _count(entry):]:
                kept.pop(seq, None)  # taken back for good: no undo comes back to it
            del standing[len(standing) - _count(entry):]
            top = standing[-1] if standing else 0
            found.state = kept[top]
            back[top] -= 1
            if not back[top]:  # no later undo comes back here: let the position go
                del kept[top]
    return found


def _replayed(sys: GameSystem, found: Walked, entry: LogEntry, note: dict[str, Any],
              same_engine: bool, flags: bool) -> Msg | None:
    """Apply one action (or judge one claim) on the position it was made on and compare."""
    try:
        action = sys.parse_action(entry.action)
        state, events = sys.apply(found.state, action)
    except RuleViolation as violation:
        return Msg(key="verify-action-refused",
                   args={"rule": violation.rule_id, "seq": entry.seq, **note})
    except ValueError:
        return Msg(key="verify-action-unreadable", args={"seq": entry.seq, **note})
    adjusts = entry.seat == "referee" and action.type in sys.referee_actions
    if adjusts or (entry.seat is not None and sys.report_for(found.state, action) == entry.seat):
        found.refereeable.add(entry.seq)
    replayed = [event_record(sys, e) for e in events]
    flag = _irreversible(events)
    if entry.kind == "claim":
        # A request for consent keeps no events (they could show a roll before it is agreed).
        consent = action.type in sys.referee_actions | sys.consent_actions
        replayed, flag = ([] if consent else replayed), False
    else:
        found.state = state
        found.ended_by_play = found.ended_by_play or sys.outcome(state) is not None
    if not same_events(entry.events, replayed, same_engine):
        return Msg(key="verify-events-differ", args={"seq": entry.seq, **note})
    if flags and same_engine and entry.irreversible != flag:
        return Msg(key="verify-entry-wrong", args={"seq": entry.seq, "what": "irreversible"})
    return None


def _irreversible(events: list[Event]) -> bool:
    """Say whether an action's events cannot be taken back freely (as the service stores it)."""
    return any(type(e).irreversible for e in events)


def same_events(
    stored: list[dict[str, Any]], replayed: list[dict[str, Any]], same_engine: bool
) -> bool:
    """Compare a logged entry's events with a replay's.

    Events stored by an older engine may have another shape (a sentence that became
    data), so for them only the sequence of event types must match; the position,
    checked after the replay, must match exactly either way.
    """
    if same_engine:
        return _strip_text(stored) == _strip_text(replayed)
    return [e.get("type") for e in stored] == [e.get("type") for e in replayed]


def _strip_text(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "_text"} for e in events]


__all__ = ["Walked", "returns", "same_events", "walk"]
