"""The turn message: which log entries one live message shows, and what a player missed.

A channel reads one message per turn: it is posted when the turn passes to a seat,
pinging that player, and edited as they act. The game row's `pending["turn"]` marks
the stretch of play it shows, from the log entry where the prompt last moved to
another seat: `{"seat": who has it, "since": first entry, "left": {seat: entry after
which that seat last handed over}}`. Only the log is the truth: the marker just
says where to start reading, and a game stored before it existed starts one at its
next action.
"""

from __future__ import annotations

import json
from typing import Any

from bot.recent import Recent
from bot.replies import TurnMark
from bot.service.context import Table
from bot.store.rows import LogEntry
from bot.store.transaction import Transaction
from bot.text import seat_term

# A turn message shows at most this many entries of its stretch (a 40k phase of
# many reports stays readable; `/game log` and the export have everything).
MOST_ENTRIES = 40
# What a player missed is told in this many lines at most, plus one saying what is left.
RECAP_LINES = 3


def advanced(marker: dict[str, Any], before: str | None, after: str | None,
             seq: int) -> dict[str, Any]:
    """Return the turn marker after log entry `seq` moved the prompt from `before` to `after`.

    The stretch goes on while the seat it belongs to keeps the prompt. A handover
    starts a new one after this entry. A marker that does not match (a game older
    than markers, or an undo that gave the prompt back) starts one at this entry.
    """
    left = dict(marker.get("left", {}))
    if before == after:
        if marker and marker.get("seat") == before:
            return {"seat": after, "since": int(marker["since"]), "left": left}
        return {"seat": after, "since": seq, "left": left}
    if before:
        left[before] = seq + 1
    return {"seat": after, "since": seq + 1, "left": left}


class _Worded(Recent[tuple[str, ...]]):
    """The lines of log entries already worded, by what they say (a bounded cache).

    A log entry never changes once written, and its lines depend on its words (game
    language and system), kind, seat and events alone, which make the key; so a turn
    message words only the entries it has not shown before, however long its stretch.
    Keyed by content, not by game and seq, a write that was rolled back can leave
    nothing wrong behind.
    """

    def lines(self, table: Table, entry: LogEntry) -> tuple[str, ...]:
        """Return an entry's lines, worded once."""
        key = (table.words, entry.kind, entry.seat,
               json.dumps(entry.events, sort_keys=True, separators=(",", ":")))

        def word() -> tuple[str, ...]:
            if entry.kind == "action":
                return tuple(table.event(e) for e in entry.events)
            return (table.words("game-log-undo", seat=seat_term(entry.seat or "")),)

        return self.get(key, word)


# Enough for every live turn message's stretch in many channels; a few MB at most.
WORDED = _Worded(8 * 1024)


def entry_lines(table: Table, entries: list[LogEntry]) -> list[str]:
    """Word the moves among log entries, one line per event (undos said as such)."""
    lines: list[str] = []
    for entry in entries:
        if entry.kind in ("action", "undo"):
            lines.extend(WORDED.lines(table, entry))
    return [line for line in lines if line]


def recap(table: Table, entries: list[LogEntry], reader: str | None) -> list[str]:
    """Say in a few lines what the other seats did in `entries`: all of it when short,
    else the battles, losses and scores (the system's headline events), else the start."""
    theirs = [e for e in entries if e.kind == "action" and e.seat != reader]
    lines = entry_lines(table, theirs)
    if len(lines) > RECAP_LINES:
        headlines = table.system.headline_events
        lines = [table.event(e) for entry in theirs for e in entry.events
                 if e.get("type") in headlines] or lines
        shown = RECAP_LINES if len(lines) <= RECAP_LINES else RECAP_LINES - 1
        more = len(entry_lines(table, theirs)) - shown
        lines = [*lines[:shown], table.words("turn-recap-more", count=more)]
    return [table.words("turn-recap"), *lines] if lines else []


def earlier(table: Table, shown: list[LogEntry], since: int) -> tuple[str, ...]:
    """Say how many entries of a stretch (from entry `since`) come before those shown, if any:
    a turn message shows its last MOST_ENTRIES only."""
    if not shown or shown[0].seq <= since:
        return ()
    return (table.words("game-log-earlier", count=shown[0].seq - since),)


def mark(tx: Transaction, table: Table, old: dict[str, Any], new: dict[str, Any],
         seq: int) -> TurnMark:
    """Describe the turn message the move logged as entry `seq` belongs to (read inside
    its transaction). A new turn message tells what the player missed before this move;
    the move itself it says anyway."""
    game = table.game
    since = int(new["since"])
    if old and int(old["since"]) == since:
        shown = tx.log(game.id, MOST_ENTRIES, since)
        return TurnMark(game.id, since, fresh=False,
                        log=(*earlier(table, shown, since), *entry_lines(table, shown)))
    closed = int(old["since"]) if old else None
    reader = new.get("seat")
    start = min(int(old.get("left", {}).get(reader, closed or since)) if old else since,
                closed if closed is not None else since)
    read = tx.log(game.id, MOST_ENTRIES * 2, start)
    closing = [e for e in read if closed is not None and closed <= e.seq < since][-MOST_ENTRIES:]
    return TurnMark(
        game.id, since, fresh=True, closed=closed,
        closing=(*earlier(table, closing, closed or 0), *entry_lines(table, closing)),
        recap=tuple(recap(table, [e for e in read if e.seq < seq], reader)),
    )


def opened(table: Table, seq: int) -> tuple[dict[str, Any], TurnMark]:
    """Return the marker and turn message of a game that begins after log entry `seq`."""
    seat = table.prompt.seat
    return ({"seat": seat, "since": seq + 1, "left": {}},
            TurnMark(table.game.id, seq + 1, fresh=True))


__all__ = ["MOST_ENTRIES", "RECAP_LINES", "advanced", "earlier", "entry_lines", "mark", "opened",
           "recap"]
