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
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot.clock import at
from bot.store.rows import LogEntry
from bot.text import seat_term
from rules.core.engine import Engine
from rules.core.text import Msg

# How far back an entry's time may be from the one before it: the clocks of several
# hosts sharing a PostgreSQL store disagree a little (an edit of hours or days is found).
CLOCK_SLACK = timedelta(seconds=5)
# Log entries whose command moved the game to a new version (its buttons go stale).
BUMPS = frozenset({"action", "resign", "end", "undo_request", "undo_refused", "undo",
                   "out_of_time"})
# Entries whose seat column repeats their action's seat.
SEATED = frozenset({"action", "claim", "resign", "out_of_time"})
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
           final: BaseModel, ended_by_play: bool = False,
           refereeable: set[int] | None = None) -> Facts:
    """Recompute a game's facts from its log and its replayed final position.

    `ended_by_play` says whether some position on the way had an outcome (the replay
    knows), which revealed the seed even if a referee reopened the game afterwards.
    `refereeable` holds the seqs of the actions a referee who plays no seat may make
    (the replay knows them too: bot/service/logwalk.py); None trusts every one.

    Raises `Wrong` at the first entry that cannot be (a gap in the sequence, a seat
    taken twice, an entry whose seat column disagrees with its action, one made by
    someone who could not make it then).
    """
    facts = Facts(seats={s: None for s in seats})
    # Joins written before they named every seat a creator took (a solo game of old).
    old_joins = bool(entries) and "seats" not in entries[0].action
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
        elif entry.kind in SEATED and entry.seat != entry.action.get("seat"):
            raise Wrong(entry.seq, "seat")
        elif not _may_make(facts, entry, old_joins, refereeable):
            raise Wrong(entry.seq, "actor")
        elif entry.kind in ("action", "claim"):
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
        elif entry.kind == "substitute":  # a league's referee gave a seat to a substitute
            _substitute(facts, entry)
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
    return _concluded(sys, facts, ended, final)


def _concluded(sys: Engine[Any], facts: Facts, ended: tuple[str, str | None, Msg] | None,
               final: BaseModel) -> Facts:
    """Say how the game stands: as the last end in its log left it, else as its position."""
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


def _may_make(facts: Facts, entry: LogEntry, old_joins: bool,
              refereeable: set[int] | None) -> bool:
    """Say whether an entry's actor could make it, given who sat where at that moment.

    As the service lets them (bot/service/turns.py, games.py, turnclocks.py): a player
    acts, claims, resigns, asks or answers an undo and takes a holiday for a seat they
    hold; a referee who holds no seat makes adjustments and reports (`refereeable`) and
    answers claims as "referee"; a time control's expiry and forfeit have no actor; a
    win claimed on time is the other seat's; a deadline is extended by a referee who does
    not hold the seat whose clock runs; a change of settings is its seat holder's or, with
    no seat, a referee's who holds none. Who is a moderator is not stored, so an `end` or a
    referee's answer needs only an actor; kinds this version does not know pass.
    """
    actor, kind, action = entry.actor_id, entry.kind, entry.action
    taken = {uid for uid in facts.seats.values() if uid}

    def holds(seat: Any) -> bool:
        holder = facts.seats.get(str(seat))
        return holder == actor or (old_joins and holder is None and actor == facts.creator)

    seated = actor in taken or (old_joins and actor == facts.creator)
    if kind in ("action", "claim"):
        return holds(entry.seat) if seated else (
            refereeable is None or entry.seq in refereeable)
    if kind in ("resign", "undo_request", "undo_refused", "holiday", "claim_withdrawn"):
        return holds(entry.seat)
    if kind == "undo":  # taken back by its maker, or by the other side agreeing
        return holds(action.get("agreed_by", entry.seat))
    if kind in CLAIM_ANSWERS:
        return bool(actor) and (entry.seat == "referee" or holds(entry.seat))
    if kind == "time_expired":
        return actor == ""
    if kind == "out_of_time":
        policy = action.get("policy")
        return actor == "" if policy == "forfeit" else seated and not holds(entry.seat)
    if kind == "extend":
        return bool(actor) and not holds(entry.seat)
    if kind == "settings":  # a change of settings (bot/service/settingrules.py): a seat's
        # holder for his seat (made at once, or agreed to), else a referee holding none
        return bool(actor) and (holds(entry.seat) if entry.seat else not seated)
    return bool(actor) if kind == "end" else True


def in_order(entries: list[LogEntry], opened: str | None, changed: str | None) -> None:
    """Check that a log's times run forward, from the game's creation (`opened`) to its
    last change (`changed`); raise `Wrong` at the entry out of order.

    Each write stamps its entries, then the game row, from the one clock, so they only
    grow; a clock reminder's `time_expired` alone is written without touching the row.
    Clocks of several hosts (PostgreSQL) may disagree by a little: `CLOCK_SLACK`.
    An entry without a time (an older export) is not checked.
    """
    stamped = [e for e in entries if e.created_at]
    moments = [_moment(e) for e in stamped]
    first = at(opened) if opened else None
    last = at(changed) if changed else None
    for entry, moment in zip(stamped, moments, strict=True):
        early = first is not None and moment < first - CLOCK_SLACK
        late = last is not None and entry.kind != "time_expired" and moment > last + CLOCK_SLACK
        if early or late:
            raise Wrong(entry.seq, "time")
    for i in range(1, len(moments)):
        if moments[i] < moments[i - 1] - CLOCK_SLACK:
            # The later one was moved back, unless the earlier one was moved forward.
            ahead = i + 1 < len(moments) and moments[i - 1] > moments[i + 1] + CLOCK_SLACK
            raise Wrong(stamped[i - 1 if ahead else i].seq, "time")


def _moment(entry: LogEntry) -> datetime:
    """Read an entry's time (bot/clock.py's one reading); `Wrong` if it is not a time."""
    try:
        return at(entry.created_at)
    except ValueError:
        raise Wrong(entry.seq, "time") from None


def _join(facts: Facts, entry: LogEntry, first: bool) -> None:
    seat = entry.action.get("seat")
    if seat not in facts.seats or entry.seat != seat:
        raise Wrong(entry.seq, "seat")
    if first:
        if not entry.action.get("creator"):
            raise Wrong(entry.seq, "creator")
        # A league's game is made by its referee with both players seated: `by` names him.
        facts.creator = str(entry.action.get("by") or entry.actor_id)
        for taken in entry.action.get("seats", [seat]):
            facts.seats[taken] = entry.actor_id
        return
    if facts.seats.get(seat) is not None:
        raise Wrong(entry.seq, "seat")
    facts.seats[seat] = entry.actor_id
    facts.version += 1  # taking a seat moves the game to a new version


def _substitute(facts: Facts, entry: LogEntry) -> None:
    """Give a seat to a league's substitute: the seat must be the leaving player's."""
    seat = str(entry.seat)
    if not entry.actor_id or facts.seats.get(seat) != entry.action.get("out"):
        raise Wrong(entry.seq, "seat")
    facts.seats[seat] = str(entry.action.get("in") or "")


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


__all__ = ["BUMPS", "CLOCK_SLACK", "Facts", "Wrong", "compare", "derive", "in_order"]
