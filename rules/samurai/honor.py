"""Honor & Fortune as published (games of ruleset 3 on): how a side gains and spends tokens.

Gains: the tokens a scenario starts a side with, two tokens instead of a Dragon card at
the end of a turn, one for a discarded Dragon card, one for every Honor & Fortune face a
side rolls in close combat. Spending: retreats (by the unit's standard, more with a
leader), a leader falling back alone, a leader's inspiration. A side that cannot pay a
retreat loses figures instead (lack of honor). Seppuku lets a leader who must fall back
die instead: no banner for the enemy. The numbers are in data/samurai/honor.toml.

Every function is a no-op for games of rulesets 1 and 2, which keep the cut-down economy
(samurai/honor-fortune-in-battle), so they replay exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.core.data import read_model
from rules.core.dice import Dice
from rules.core.errors import RuleViolation, refuse
from rules.core.model import Action, Event, Frozen
from rules.samurai.catalogue import SideSetup, neighbours_of
from rules.samurai.honor_actions import (
    CommandCardLost,
    HonorLacking,
    Inspire,
    Inspired,
    Seppuku,
    SeppukuCommitted,
    TokenReason,
    TokensChanged,
)
from rules.samurai.state import PendingRetreat, Piece, SamuraiState

# How a retreat's unpaid tokens are taken from the piece: battle.inflict's signature.
Inflict = Callable[[SamuraiState, Dice, str, int, bool, list[Event]], bool]


class HonorCosts(Frozen):
    """What leaders, escapes and seppuku cost or give."""

    leader_per_hex: int
    escape: int
    inspire: int
    seppuku_tokens: int
    seppuku_cards_lost: int
    seppuku_enemy_dragons: int


class HonorTable(Frozen):
    """The numbers of Honor & Fortune (data/samurai/honor.toml)."""

    reward_tokens: int
    discard_tokens: int
    retreat_per_hex: dict[str, int]
    costs: HonorCosts


@cache
def honor_table() -> HonorTable:
    """Return the Honor & Fortune numbers."""
    return read_model(HonorTable, "samurai/honor.toml")


def published(state: SamuraiState) -> bool:
    """Say whether a game plays the published economy (ruleset 3 on)."""
    return state.ruleset >= 3


def starting_tokens(sides: tuple[SideSetup, SideSetup], ruleset: int) -> dict[str, int]:
    """Return each seat's tokens at the start: the scenario's (none before ruleset 3)."""
    return {s.seat: s.honor if ruleset >= 3 else 0 for s in sides}


def change(
    state: SamuraiState, seat: str, amount: int, reason: TokenReason, events: list[Event]
) -> int:
    """Add (or spend) tokens of a side, never below zero; return what actually changed."""
    before = state.tokens[seat]
    state.tokens[seat] = max(0, before + amount)
    done = state.tokens[seat] - before
    if done:
        events.append(
            TokensChanged(
                seat=seat, change=done, amount=abs(done), total=state.tokens[seat], reason=reason
            )
        )
    return done


# ---------------------------------------------------------------- close combat


def collect_faces(
    state: SamuraiState, piece: Piece, faces: list[str], ranged: bool, inspired: bool,
    events: list[Event],
) -> None:
    """Give a side a token per Honor & Fortune face it rolled in close combat.

    An inspired unit does not collect for its first such face (samurai/leader-inspiration).
    """
    if not published(state) or ranged:
        return
    count = faces.count("honor") - (1 if inspired else 0)
    if count > 0:
        change(state, piece.side, count, "faces", events)


def take_inspiration(state: SamuraiState, piece: Piece, ranged: bool) -> bool:
    """Use up a unit's inspiration for this close combat; say whether it had one."""
    if ranged or piece.id not in state.inspired:
        return False
    state.inspired.remove(piece.id)
    return True


def inspirer(state: SamuraiState, unit: Piece) -> Piece | None:
    """Return the leader who may inspire a unit: one with it, or a mounted one next to it."""
    with_it = state.leader_at(unit.hex)
    if with_it is not None:
        return with_it
    for label in neighbours_of(unit.hex):
        leader = state.leader_at(label)
        if leader is not None and leader.side == unit.side and leader.unit_type.kind == "cavalry":
            return leader
    return None


def _enemy_next_to(state: SamuraiState, piece: Piece) -> bool:
    return any(
        p.side != piece.side for label in neighbours_of(piece.hex) for p in state.at(label)
    )


def check_inspire(state: SamuraiState, act: Inspire) -> None:
    """Refuse an inspiration the rules do not allow now."""
    if not published(state):
        refuse("samurai/honor-fortune-in-battle", "refusal-not-this-ruleset")
    unit = state.piece(act.piece)
    if unit is None or unit.side != act.seat or unit.is_leader:
        refuse("samurai/leader-inspiration", "refusal-inspire-not-your-unit", piece=act.piece)
    reaction = state.reaction
    if reaction is not None:
        if state.unit_at(reaction.target) is not unit:
            refuse("samurai/leader-inspiration", "refusal-inspire-not-attacked", piece=unit.id)
    else:
        turn = state.current
        if turn.entry(unit.id) is None or unit.id in turn.battled:
            refuse("samurai/leader-inspiration", "refusal-inspire-not-ordered", piece=unit.id)
        if not _enemy_next_to(state, unit):
            refuse("samurai/leader-inspiration", "refusal-inspire-no-enemy", piece=unit.id)
    if unit.id in state.inspired:
        refuse("samurai/leader-inspiration", "refusal-inspired-already", piece=unit.id)
    if inspirer(state, unit) is None:
        refuse("samurai/leader-inspiration", "refusal-inspire-no-leader", piece=unit.id)
    cost = honor_table().costs.inspire
    if state.tokens[act.seat] < cost:
        refuse("samurai/leader-inspiration", "refusal-tokens-short",
               cost=cost, tokens=state.tokens[act.seat])


def inspire(work: SamuraiState, act: Inspire, dice: Dice, events: list[Event]) -> None:
    """Spend a token: the unit rolls one more die in its next close combat."""
    unit = work.piece(act.piece)
    assert unit is not None
    leader = inspirer(work, unit)
    assert leader is not None
    change(work, act.seat, -honor_table().costs.inspire, "inspire", events)
    work.inspired.append(unit.id)
    events.append(Inspired(leader=leader.id, unit=unit.id))


def inspire_options(state: SamuraiState, seat: str, units: list[str]) -> list[Action]:
    """Return the inspirations open to a seat among some of its units."""
    if not published(state):
        return []
    out: list[Action] = []
    for unit in units:
        action = Inspire(piece=unit, seat=seat)
        try:
            check_inspire(state, action)
        except RuleViolation:  # a refusal means "not offered"
            continue
        out.append(action)
    return out


# ---------------------------------------------------------------- retreats


def retreat_cost(state: SamuraiState, piece: Piece, hexes: int) -> int:
    """Return what retreating `hexes` costs a unit (with the leader on its hex, if any)."""
    table = honor_table()
    per_hex = table.retreat_per_hex.get(piece.unit_type.standard, 1)
    if state.leader_at(piece.hex) is not None and not piece.is_leader:
        per_hex += table.costs.leader_per_hex
    return per_hex * hexes


def pay_retreat(
    state: SamuraiState, dice: Dice, pending: PendingRetreat, events: list[Event],
    inflict: Inflict,
) -> None:
    """Charge a finished retreat's tokens; what cannot be paid costs figures (lack of honor).

    Only the hexes actually retreated cost tokens: a blocked hex costs a hit instead.
    """
    piece = state.piece(pending.piece)
    if not published(state) or piece is None or pending.moved == 0 or pending.escape:
        return
    cost = retreat_cost(state, piece, pending.moved)
    paid = -change(state, piece.side, -cost, "retreat", events)
    owed = cost - paid
    if owed > 0:
        events.append(HonorLacking(seat=piece.side, piece=piece.id, owed=owed))
        inflict(state, dice, piece.hex, owed, False, events)


def pay_escape(state: SamuraiState, leader: Piece, events: list[Event]) -> bool:
    """Charge a leader falling back alone; return True when his side could not pay in full."""
    if not published(state):
        return False
    cost = honor_table().costs.escape
    paid = -change(state, leader.side, -cost, "escape", events)
    if paid < cost:
        events.append(HonorLacking(seat=leader.side, piece=leader.id, owed=cost - paid))
        return True
    return False


# ---------------------------------------------------------------- seppuku


def check_seppuku(state: SamuraiState, act: Seppuku) -> None:
    """Refuse seppuku unless a leader of this seat must fall back now (ruleset 3 on)."""
    pending = state.retreat
    if not published(state) or pending is None or not pending.escape or pending.seat != act.seat:
        refuse("samurai/seppuku", "refusal-no-seppuku")


def seppuku(work: SamuraiState, seat: str, dice: Dice, events: list[Event]) -> None:
    """Remove the leader who must fall back, without a banner: his side gains tokens and
    loses command cards (the enemy's Dragon cards are rules.samurai.dragon's)."""
    pending = work.retreat
    assert pending is not None
    leader = work.piece(pending.piece)
    assert leader is not None
    costs = honor_table().costs
    work.retreat = None
    work.pieces = [p for p in work.pieces if p.id != leader.id]
    events.append(SeppukuCommitted(leader=leader.id, seat=seat, hex=leader.hex))
    change(work, seat, costs.seppuku_tokens, "seppuku", events)
    lose_command_cards(work, seat, costs.seppuku_cards_lost, dice, events)


def lose_command_cards(
    work: SamuraiState, seat: str, count: int, dice: Dice, events: list[Event]
) -> None:
    """Discard command cards drawn at random from a seat's hand."""
    hand = work.hands[seat]
    for _ in range(count):
        if not hand:
            return
        card = hand.pop(dice.roll(len(hand)) - 1)
        work.discard.append(card)
        events.append(CommandCardLost(seat=seat, card=card))

