"""What a game's row (or exported record) claims, recomputed from its log alone.

A game is its log: who created it and took each seat (`join` entries), what was
played (`action`, with `undo` taking actions back), requests still open (`claim`,
`undo_request`) and how it ended (`resign`, `end`, `out_of_time`, or the rules' own
outcome). Every
fact the row keeps besides the position is derived here from those entries, so an
edit to the row, a deleted entry or a log cut short is found and named with the first
entry that disagrees. The position itself is checked by replaying (records.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.store.rows import LogEntry
from bot.text import seat_term
from rules.core.engine import Engine
from rules.core.text import Msg

# Log entries whose command moved the game to a new version (its buttons go stale).
BUMPS = frozenset({"action", "resign", "end", "undo_request", "undo_refused", "undo",
                   "out_of_time"})
# Entries that answer an open claim, naming it by its sequence number ("of").
CLAIM_ANSWERS = frozenset({"claim_agreed", "claim_disputed", "claim_withdrawn", "claim_lapsed"})


@dataclass
class Facts:
    """What the log says about a game besides its position."""

    creator: str | None = None
    seats: dict[str, str | None] = field(default_factory=dict)
    status: str = "open"
    winner: str | None = None
    result: Msg | None = None
    version: int = 0
    claims: list[tuple[int, str | None]] = field(default_factory=list)
    undo: dict[str, Any] | None = None
    # Once a game has ended its seed is public for good, even if a referee reopens it.
    seed_revealed: bool = False


class Wrong(Exception):
    """The log contradicts itself at one entry."""

    def __init__(self, seq: int, what: str) -> None:
        super().__init__(f"{seq}: {what}")
        self.seq = seq
        self.what = what


def derive(sys: Engine[Any], seats: tuple[str, ...], entries: list[LogEntry],
           final: BaseModel, ended_by_play: bool = False) -> Facts:
    """Recompute a game's facts from its log and its replayed final position.

    `ended_by_play` says whether some position on the way had an outcome (the replay
    knows), which revealed the seed even if a referee reopened the game afterwards.

    Raises `Wrong` at the first entry that cannot be (a gap in the sequence, a seat
    taken twice, an entry whose seat column disagrees with its action).
    """
    facts = Facts(seats={s: None for s in seats})
    ended: tuple[str, str | None, Msg] | None = None
    open_claims: dict[int, str | None] = {}
    for number, entry in enumerate(entries, 1):
        if entry.seq != number:
            raise Wrong(number, "gap")
        if entry.kind in BUMPS:
            facts.version += 1
        if entry.kind == "join":
            _join(facts, entry, number == 1)
        elif number == 1:
            raise Wrong(1, "creator")
        elif entry.kind in ("action", "claim"):
            if entry.seat != entry.action.get("seat"):
                raise Wrong(entry.seq, "seat")
            if entry.kind == "claim":
                open_claims[entry.seq] = entry.seat
            else:
                ended = None  # a referee's correction after the end reopens the game
        elif entry.kind in CLAIM_ANSWERS:
            if open_claims.pop(int(entry.action.get("of", -1)), "none") == "none":
                raise Wrong(entry.seq, "claim")
        elif entry.kind == "resign":
            ended = _resigned(facts, entry)
            facts.seed_revealed = True
        elif entry.kind == "out_of_time":  # lost on time (bot/service/turnclocks.py)
            ended = _out_of_time(facts, entry)
            facts.seed_revealed = True
        elif entry.kind == "end":
            by = entry.action.get("by")
            ended = ("ended", None, Msg(key="result-ended", args={"user": by} if by else {}))
            facts.seed_revealed = True
        if entry.kind == "undo_request":
            facts.undo = {"seat": entry.seat, "of": entry.action.get("of")}
        elif entry.kind in ("action", "undo", "undo_refused"):
            facts.undo = None
    facts.claims = sorted(open_claims.items())
    facts.seed_revealed = facts.seed_revealed or ended_by_play
    if ended is not None:
        facts.status, facts.winner, facts.result = ended
        return facts
    outcome = sys.outcome(final)
    if outcome is not None:
        facts.status, facts.winner = "finished", outcome.winner
        facts.result = outcome.reason
    else:
        facts.status = "active" if all(facts.seats.values()) else "open"
    return facts


def _join(facts: Facts, entry: LogEntry, first: bool) -> None:
    seat = entry.action.get("seat")
    if seat not in facts.seats or entry.seat != seat:
        raise Wrong(entry.seq, "seat")
    if first:
        if not entry.action.get("creator"):
            raise Wrong(entry.seq, "creator")
        facts.creator = entry.actor_id
        for taken in entry.action.get("seats", [seat]):
            facts.seats[taken] = entry.actor_id
        return
    if facts.seats.get(seat) is not None:
        raise Wrong(entry.seq, "seat")
    facts.seats[seat] = entry.actor_id
    facts.version += 1  # taking a seat moves the game to a new version


def _resigned(facts: Facts, entry: LogEntry) -> tuple[str, str | None, Msg]:
    loser = str(entry.action.get("seat"))
    others = [s for s in facts.seats if s != loser]
    solo = bool(others) and facts.seats.get(others[0]) == entry.actor_id
    winner = others[0] if others and not solo else None
    return "finished", winner, Msg(key="result-resigned", args={"seat": seat_term(loser)})


def _out_of_time(facts: Facts, entry: LogEntry) -> tuple[str, str | None, Msg]:
    loser = str(entry.action.get("seat"))
    others = [s for s in facts.seats if s != loser]
    winner = others[0] if others and facts.seats.get(others[0]) != facts.seats.get(loser) else None
    return "finished", winner, Msg(key="result-out-of-time", args={"seat": seat_term(loser)})


def compare(facts: Facts, claimed: dict[str, Any]) -> Msg | None:
    """Return the first fact a row or record claims that its log does not give, or None.

    `claimed` holds the row's values (`creator`, `seats`, `status`, `winner`,
    `result` as stored JSON text or None, `seed_revealed`, `version`, `pending`); a
    key missing from it (an older export) is not compared.
    """
    stored_seats = claimed.get("seats")
    if stored_seats is not None and _solo_of_old(facts, stored_seats):
        facts.seats = dict(stored_seats)
    checks: list[tuple[str, Any, Any]] = [
        ("creator", facts.creator, claimed.get("creator", facts.creator)),
        ("seats", facts.seats, stored_seats if stored_seats is not None else facts.seats),
        ("status", facts.status, claimed.get("status", facts.status)),
        ("winner", facts.winner, claimed.get("winner", facts.winner)),
        ("seed_revealed", facts.seed_revealed,
         bool(claimed.get("seed_revealed", facts.seed_revealed))),
        ("version", facts.version, claimed.get("version", facts.version)),
    ]
    if "result" in claimed:
        checks.append(("result", _canonical(facts.result),
                       _result(claimed["result"], facts.result)))
    if "pending" in claimed:
        pending = claimed["pending"] or {}
        stored_claims = sorted((int(c["seq"]), c.get("seat")) for c in pending.get("claims", []))
        checks.append(("pending", (facts.claims, facts.undo),
                       (stored_claims, pending.get("undo"))))
    for name, derived, stored in checks:
        if derived != stored:
            return Msg(key="verify-fact-differs", args={"fact": name})
    return None


def _result(stored: Any, derived: Msg | None) -> Any:
    """Read a stored result as the derived one would be stored (JSON of a message).

    An `end` logged before entries named the referee matches on its key alone.
    """
    if derived is not None and derived.key == "result-ended" and not derived.args:
        try:
            found = json.loads(stored) if isinstance(stored, str) else stored
        except json.JSONDecodeError:
            return stored
        return _canonical(derived) if isinstance(found, dict) and found.get(
            "key") == "result-ended" else found
    try:
        return json.loads(stored) if isinstance(stored, str) else stored
    except json.JSONDecodeError:
        # Versions before results were stored as data kept an English sentence; it
        # cannot be derived again, so it stands (status and winner are still checked).
        return _canonical(derived) if derived is not None else stored


def _canonical(result: Msg | None) -> Any:
    return None if result is None else json.loads(result.model_dump_json())


def _solo_of_old(facts: Facts, stored: dict[str, Any]) -> bool:
    """Say whether a game stored before joins named every seat is a solo game.

    Then the creator holds every seat and nobody else ever joined.
    """
    creator = facts.creator
    return (
        creator is not None
        and set(stored.values()) == {creator}
        and set(v for v in facts.seats.values() if v is not None) == {creator}
    )


__all__ = ["BUMPS", "Facts", "Wrong", "compare", "derive"]
