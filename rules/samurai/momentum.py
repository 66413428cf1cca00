"""Gaining ground and the bonus close combat; a leader leaving by his own baseline.

Both are the published game's and apply from ruleset 3 on (rules samurai/gaining-ground,
samurai/bonus-close-combat, samurai/leader-leaves-by-baseline): `begin` records nothing
for games of rulesets 1 and 2, and `leave_battlefield` refuses them, so they replay as
they were played.

How it fits the turn (rules.samurai.flow): the battle handler calls `begin` before a
battle and `settle` once it is resolved; the retreat handler calls `settle` again when
the retreat or fall-back that battle caused is done. `settle` opens the `momentum` step
when the attacker still stands where it attacked from and the enemy's hex is empty:
its owner gains ground (`gain`) or stays (`hold`); a unit that may battle again then
names a bonus target (`battle`, checked by `bonus_battler`) or holds.

Honor & Fortune (rules.samurai.honor, helper samhonor's): a leader leaving the map
falls back, so the token cost of a leader's fall-back belongs to LeaderLeftBattlefield
as it does to LeaderEscaped; nothing here spends or earns tokens.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.model import Action, Event
from rules.core.text import Msg, items, msg
from rules.samurai.actions import (
    Battle,
    BonusBattle,
    Gain,
    GroundGained,
    GroundHeld,
    Hold,
    LeaderLeftBattlefield,
)
from rules.samurai.catalogue import BOARD, hex_of, neighbours_of
from rules.samurai.movement import impassable
from rules.samurai.state import ArrowRecord, PendingMomentum, Piece, SamuraiState
from rules.samurai.terrain import battles_on_entering

# The first ruleset (rules.samurai.state.RULESET) played with these rules.
FIRST_RULESET = 3


def may_battle_again(state: SamuraiState, piece: Piece) -> bool:
    """Say whether a piece that gained ground may make a bonus close combat.

    Cavalry may, and so may a unit with a leader attached; a leader alone fights as a
    one-figure unit of his kind (samurai/lone-leader-is-unit), so a mounted one may.
    """
    if piece.unit_type.kind == "cavalry":
        return True
    return not piece.is_leader and state.leader_at(piece.hex) is not None


def begin(
    state: SamuraiState,
    head: Piece,
    target: str,
    *,
    ranged: bool,
    bonus: bool,
    events: list[Event],
) -> None:
    """Remember a close combat that may win ground (a bonus one is announced first)."""
    if bonus:
        events.append(BonusBattle(piece=head.id, target=target))
    if state.ruleset < FIRST_RULESET or ranged:
        state.momentum = None
        return
    state.momentum = PendingMomentum(
        piece=head.id, seat=head.side, start=head.hex, vacated=target, bonus=not bonus
    )


def settle(state: SamuraiState) -> None:
    """Once a close combat and its retreats are over, offer the ground it won, or forget it."""
    pending = state.momentum
    if state.step == "over":
        state.momentum = None
    if pending is None or pending.stage != "wait" or state.step != "battles":
        return
    piece = state.piece(pending.piece)
    if (
        piece is None
        or piece.hex != pending.start
        or state.at(pending.vacated)
        or impassable(state, pending.vacated)
    ):
        state.momentum = None
        return
    pending.stage = "advance"
    state.step = "momentum"


def after_adjust(state: SamuraiState) -> None:
    """Drop the ground on offer when a referee took the winner away or filled the hex."""
    pending = state.momentum
    if pending is None or pending.stage == "wait":
        return
    piece = state.piece(pending.piece)
    moved = piece is None or piece.hex != pending.start
    if moved or (pending.stage == "advance" and state.at(pending.vacated)):
        _close(state)


def targets(state: SamuraiState, piece: Piece) -> list[str]:
    """Return the hexes of the enemies next to a piece: its bonus close combat's targets."""
    return sorted(
        n for n in neighbours_of(piece.hex) if any(p.side != piece.side for p in state.at(n))
    )


def _winner(state: SamuraiState) -> tuple[PendingMomentum, Piece]:
    pending = state.momentum
    assert pending is not None, "the momentum step always has a pending combat"
    piece = state.piece(pending.piece)
    assert piece is not None, "settle offers ground only to a piece on the map"
    return pending, piece


def legal(state: SamuraiState, seat: str) -> list[Action]:
    """Return gain or hold, or the bonus battles and hold, for the winner's owner."""
    pending = state.momentum
    if pending is None or seat != pending.seat or pending.stage == "wait":
        return []
    if pending.stage == "advance":
        return [Gain(seat=seat), Hold(seat=seat)]
    _, piece = _winner(state)
    bonus: list[Action] = [
        Battle(piece=piece.id, target=t, seat=seat) for t in targets(state, piece)
    ]
    return [*bonus, Hold(seat=seat)]


def _may_battle_on(state: SamuraiState, piece: Piece) -> bool:
    """Say whether a piece that gained ground has an enemy next to it and may fight there."""
    return bool(targets(state, piece)) and battles_on_entering(state, piece.hex)


def hint(state: SamuraiState) -> Msg:
    """Tell the winner's owner what he may do with the ground he won."""
    pending, piece = _winner(state)
    if pending.stage == "advance":
        return msg(
            "prompt-gain",
            piece=piece.id,
            start=piece.hex,
            hex=pending.vacated,
            bonus=pending.bonus and may_battle_again(state, piece),
        )
    return msg(
        "prompt-bonus", piece=piece.id, hex=piece.hex, targets=items(targets(state, piece), "or")
    )


def check_gain(state: SamuraiState, act: Gain) -> None:
    """Refuse gaining ground when the winner's owner is choosing a bonus battle instead."""
    pending, piece = _winner(state)
    if pending.stage != "advance":
        refuse("samurai/gaining-ground", "refusal-ground-gained", piece=piece.id, hex=piece.hex)


def _close(state: SamuraiState) -> None:
    state.momentum = None
    state.step = "battles"


def gain(work: SamuraiState, act: Gain, dice: Dice, events: list[Event]) -> None:
    """Move the winner (and the leader with it) into the hex its enemy left."""
    check_gain(work, act)
    pending, piece = _winner(work)
    start, end = pending.start, pending.vacated
    leader = None if piece.is_leader else work.leader_at(start)
    for p in work.at(start):
        p.hex = end
    work.current.arrows.append(ArrowRecord(start=start, end=end, kind="move"))
    events.append(
        GroundGained(piece=piece.id, leader=leader.id if leader else None, start=start, end=end)
    )
    if pending.bonus and may_battle_again(work, piece) and _may_battle_on(work, piece):
        pending.stage = "bonus"
        pending.start = end
        return
    _close(work)


def hold(work: SamuraiState, act: Hold, dice: Dice, events: list[Event]) -> None:
    """Leave the winner where it stands and go back to the other battles."""
    pending, piece = _winner(work)
    events.append(GroundHeld(piece=piece.id, hex=piece.hex, bonus=pending.stage == "bonus"))
    _close(work)


def bonus_battler(state: SamuraiState, seat: str, piece_id: str, target: str) -> Piece:
    """Return the piece making a bonus close combat, or refuse.

    It must be the piece that gained ground, and the target an enemy next to it.
    """
    pending, piece = _winner(state)
    if pending.stage != "bonus":
        refuse("samurai/gaining-ground", "refusal-gain-first", piece=piece.id, hex=pending.vacated)
    if piece_id != piece.id:
        refuse("samurai/bonus-close-combat", "refusal-bonus-piece", piece=piece_id, winner=piece.id)
    choices = targets(state, piece)
    if target not in choices:
        refuse(
            "samurai/bonus-close-combat",
            "refusal-bonus-target",
            piece=piece.id,
            hex=target,
            targets=items(choices, "or"),
        )
    return piece


def on_own_baseline(state: SamuraiState, piece: Piece) -> bool:
    """Say whether a piece stands on the row of hexes along its own side's edge."""
    edge = 0 if state.at_top(piece.side) else BOARD.rows - 1
    return hex_of(piece.hex).row == edge


def leave_battlefield(state: SamuraiState, leader: Piece, events: list[Event]) -> bool:
    """Take a leader with no hex to fall back to off the map through his own baseline.

    Only from ruleset 3 on and only from his baseline row; nobody gains a banner. Returns
    False (nothing changed) otherwise, and the blocked fall-back costs its hit instead.
    """
    if state.ruleset < FIRST_RULESET or not on_own_baseline(state, leader):
        return False
    state.pieces = [p for p in state.pieces if p.id != leader.id]
    events.append(LeaderLeftBattlefield(leader=leader.id, side=leader.side, hex=leader.hex))
    return True
