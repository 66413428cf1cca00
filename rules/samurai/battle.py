"""Battles: who may battle whom, rolling, scoring hits and flags, removing figures,
banners, retreats and battle back.

`battler` and `check_battle` read a state and refuse; every other function works on
the skeleton's working copy of the state and appends the events it causes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.hexgrid import distance, line
from rules.core.model import Event
from rules.core.text import term
from rules.samurai.actions import (
    BannerWon,
    BattleRolled,
    EscapePending,
    FiguresLost,
    GameWon,
    LeaderCasualtyCheck,
    LeaderEscaped,
    RetreatBlocked,
    Retreated,
    RetreatPending,
    UnitEliminated,
)
from rules.samurai.catalogue import UnitType, battle_table, hex_of, neighbours_of
from rules.samurai.honor import collect_faces, pay_escape, pay_retreat, take_inspiration
from rules.samurai.momentum import leave_battlefield
from rules.samurai.movement import blocks_sight, impassable, may_join
from rules.samurai.orders import own_piece, unordered_refusal
from rules.samurai.state import ArrowRecord, PendingRetreat, Piece, SamuraiState
from rules.samurai.tactics import may_shoot
from rules.samurai.terrain import capped, flags_ignored, refuse_after_entering


@dataclass(frozen=True)
class Fighter:
    """What stands on a hex for battle: a unit with any attached leader, or a leader alone."""

    head: Piece
    leader: Piece | None

    @property
    def unit_type(self) -> UnitType:
        """Return the type the combined piece fights as (the unit's, not the leader's)."""
        return self.head.unit_type


@dataclass(frozen=True)
class Score:
    """What a battle roll achieved against its target."""

    hits: int
    swords_ignored: int
    flags: int
    flags_ignored: int


def fighter_at(state: SamuraiState, label: str) -> Fighter | None:
    """Return what fights on a hex, or None when it is empty."""
    unit = state.unit_at(label)
    leader = state.leader_at(label)
    if unit is not None:
        return Fighter(unit, leader)
    if leader is not None:
        return Fighter(leader, None)
    return None


def close_dice(utype: UnitType) -> int:
    """Return the close-combat dice of a type, from its standard."""
    return battle_table().dice[utype.standard]


def roll(dice: Dice, count: int) -> list[str]:
    """Roll battle dice and return their faces."""
    faces = battle_table().faces
    return [faces[dice.roll(6) - 1] for _ in range(count)]


def score(faces: list[str], attacker: UnitType, target: UnitType, ranged: bool) -> Score:
    """Count hits and flags of a roll against a target, after what the target ignores."""
    table = battle_table()
    swords = faces.count("sword") if (not ranged or table.ranged.swords_hit) else 0
    ignore = table.swords_ignored_by_standard.get(target.standard, {}).get(attacker.standard, 0)
    ignore += table.swords_ignored_by_kind.get(target.kind, {}).get(attacker.kind, 0)
    swords_ignored = min(swords, ignore)
    flags = faces.count("flag")
    flags_ignored = min(flags, table.flags_ignored.get(target.standard, 0))
    return Score(
        hits=swords - swords_ignored + faces.count(target.standard),
        swords_ignored=swords_ignored,
        flags=flags - flags_ignored,
        flags_ignored=flags_ignored,
    )


def score_lone_leader(faces: list[str], ranged: bool) -> Score:
    """Count what a roll does to a leader alone: only swords hit him, flags do nothing."""
    swords = faces.count("sword") if (not ranged or battle_table().ranged.swords_hit) else 0
    return Score(hits=swords, swords_ignored=0, flags=0, flags_ignored=faces.count("flag"))


def sight_blocker(state: SamuraiState, start: str, target: str) -> str | None:
    """Return the first hex between two hexes that blocks a shot, or None when clear."""
    for h in line(hex_of(start), hex_of(target))[1:-1]:
        label = h.label
        if state.at(label) or blocks_sight(state, label):
            return label
    return None


def battler(state: SamuraiState, seat: str, piece_id: str) -> Piece:
    """Return the ordered piece that would fight, or refuse.

    A leader with a unit fights as part of it: he battles on his own only once he
    has moved away from it.
    """
    turn = state.current
    piece = own_piece(state, seat, piece_id)
    if turn.entry(piece.id) is None:
        raise unordered_refusal(state, piece)
    if not piece.is_leader:
        return piece
    unit = state.unit_at(piece.hex)
    if unit is None:
        return piece
    if turn.entry(unit.id) is not None:
        refuse(
            "samurai/leader-stays-with-unit",
            "refusal-leader-fights-with-unit",
            leader=piece.id,
            unit=unit.id,
        )
    if piece.id in turn.joined:
        refuse(
            "samurai/joining-does-not-order",
            "refusal-joined-no-battle",
            leader=piece.id,
            unit=unit.id,
        )
    refuse(
        "samurai/leader-stays-with-unit",
        "refusal-leader-still-with-unit",
        leader=piece.id,
        unit=unit.id,
    )


def check_battle(state: SamuraiState, seat: str, piece_id: str, target: str) -> tuple[Piece, bool]:
    """Return the fighting piece and whether the battle is ranged, or refuse."""
    head = battler(state, seat, piece_id)
    if head.id in state.current.battled:
        refuse("samurai/battle-once", "refusal-battled-already", piece=head.id)
    refuse_after_entering(state, head)
    defender = fighter_at(state, target)
    if defender is None or defender.head.side == seat:
        refuse("samurai/battle-target", "refusal-no-enemy-there", hex=target)
    steps = distance(hex_of(head.hex), hex_of(target))
    if steps == 1:
        return head, False
    utype = head.unit_type
    unit = term("unit", utype.id)
    if utype.range == 0:
        refuse(
            "samurai/ranged-combat",
            "refusal-close-combat-only",
            piece=head.id,
            unit=unit,
            hex=target,
            distance=steps,
        )
    if not may_shoot(state, head):
        refuse(
            "samurai/cavalry-charge",
            "refusal-no-shooting",
            piece=head.id,
            card=term("card", state.current.card),
        )
    if steps > utype.range:
        refuse(
            "samurai/ranged-combat",
            "refusal-out-of-range",
            piece=head.id,
            unit=unit,
            range=utype.range,
            hex=target,
            distance=steps,
        )
    for n in neighbours_of(head.hex):
        near = fighter_at(state, n)
        if near is not None and near.head.side != seat:
            refuse(
                "samurai/ranged-combat",
                "refusal-enemy-adjacent",
                piece=head.id,
                enemy=near.head.id,
                hex=n,
            )
    blocker = sight_blocker(state, head.hex, target)
    if blocker is not None:
        refuse(
            "samurai/ranged-combat",
            "refusal-sight-blocked",
            piece=head.id,
            hex=target,
            blocker=blocker,
        )
    return head, True


def award_banner(state: SamuraiState, seat: str, piece: str | None, events: list[Event]) -> None:
    """Give a seat one victory banner and end the game when it reaches its target."""
    target = state.setup.side(seat).banners
    state.banners[seat] += 1
    events.append(BannerWon(seat=seat, banners=state.banners[seat], target=target, piece=piece))
    if state.winner is None and state.banners[seat] >= target:
        state.winner = seat
        state.step = "over"
        state.retreat = None
        events.append(GameWon(seat=seat, banners=target))


def remove(state: SamuraiState, piece: Piece, events: list[Event]) -> None:
    """Take an eliminated piece off the map and give its opponent a banner."""
    state.pieces = [p for p in state.pieces if p.id != piece.id]
    events.append(UnitEliminated(piece=piece.id, side=piece.side, hex=piece.hex))
    award_banner(state, state.other(piece.side), piece.id, events)


def leader_check(
    state: SamuraiState,
    dice: Dice,
    leader: Piece,
    unit: Piece,
    lost_unit: bool,
    events: list[Event],
) -> None:
    """Roll to see whether a leader falls with the unit he is with (house rule)."""
    table = battle_table().leader_check
    count, needed = (
        (table.lost_dice, table.lost_swords) if lost_unit else (table.hit_dice, table.hit_swords)
    )
    faces = roll(dice, count)
    killed = faces.count("sword") >= needed
    events.append(LeaderCasualtyCheck(leader=leader.id, unit=unit.id, faces=faces, killed=killed))
    if killed:
        remove(state, leader, events)
    elif lost_unit and state.ruleset >= 2:
        start_escape(state, dice, leader, events)


def escape_choices(state: SamuraiState, leader: Piece) -> list[str]:
    """Return where a leader may fall back to: 1 to 3 retreat hexes toward his own edge.

    Each hex is one of the two on the next row back, on the map and not impassable. He
    goes on through free hexes and may stop on a friendly unit he may lead, joining it.
    """
    top = state.setup.top == leader.side
    occupied = state.occupied() - {leader.hex}
    out: set[str] = set()
    frontier = {leader.hex}
    for _ in range(battle_table().retreat.leader_escape_hexes):
        reached: set[str] = set()
        for label in frontier:
            row = hex_of(label).row + (-1 if top else 1)
            for n in neighbours_of(label):
                if hex_of(n).row != row or impassable(state, n):
                    continue
                if n in occupied:
                    if may_join(state, leader, n):
                        out.add(n)
                    continue
                out.add(n)
                reached.add(n)
        frontier = reached
    return sorted(out)


def escape_to(state: SamuraiState, leader: Piece, end: str, events: list[Event]) -> None:
    """Move an escaping leader to `end`, attaching him to the friendly unit there, if any."""
    start = leader.hex
    unit = state.unit_at(end)
    leader.hex = end
    events.append(
        LeaderEscaped(leader=leader.id, start=start, end=end, unit=unit.id if unit else None)
    )
    if state.turn is not None:
        state.turn.arrows.append(ArrowRecord(start=start, end=end, kind="retreat"))
    if pay_escape(state, leader, events):  # lack of honor: he is lost (samurai/lack-of-honor)
        remove(state, leader, events)


def start_escape(state: SamuraiState, dice: Dice, leader: Piece, events: list[Event]) -> bool:
    """Make a leader left alone by a battle fall back; return True when his owner must choose.

    With one hex open he goes there at once; with none he leaves the map through his own
    baseline when he stands on it (ruleset 3, rules.samurai.momentum), else he takes the
    hit a blocked retreat costs, and falls.
    """
    choices = escape_choices(state, leader)
    if not choices and leave_battlefield(state, leader, events):
        return False
    if not choices:
        events.append(RetreatBlocked(piece=leader.id, hexes=1, hits=1))
        inflict(state, dice, leader.hex, 1, False, events)
        return False
    if len(choices) == 1 and state.ruleset < 3:  # from ruleset 3 seppuku is his other choice
        escape_to(state, leader, choices[0], events)
        return False
    state.retreat = PendingRetreat(piece=leader.id, seat=leader.side, remaining=1, escape=True)
    state.step = "retreat"
    events.append(EscapePending(leader=leader.id, seat=leader.side, choices=choices))
    return True


def retreat_options(state: SamuraiState) -> list[str]:
    """Return the hexes the pending retreat or escape may go to next."""
    pending = state.retreat
    piece = state.piece(pending.piece) if pending is not None else None
    if pending is None or piece is None:
        return []
    if pending.escape:
        return escape_choices(state, piece)
    return retreat_choices(state, piece.hex, piece.side)


def inflict(
    state: SamuraiState, dice: Dice, label: str, hits: int, from_roll: bool, events: list[Event]
) -> bool:
    """Remove figures for hits on the piece on a hex; return True if its unit was eliminated.

    The standard bearer is the last figure, so a unit leaves the map only when its count
    reaches zero; excess hits are wasted.
    """
    fighter = fighter_at(state, label)
    if fighter is None or hits <= 0:
        return False
    head = fighter.head
    lost = min(hits, head.figures)
    head.figures -= lost
    events.append(FiguresLost(piece=head.id, lost=lost, remaining=head.figures))
    if head.figures == 0:
        remove(state, head, events)
        if fighter.leader is not None and state.winner is None:
            leader_check(state, dice, fighter.leader, head, True, events)
        return True
    if fighter.leader is not None and from_roll and state.winner is None:
        leader_check(state, dice, fighter.leader, head, False, events)
    return False


def retreat_choices(state: SamuraiState, label: str, seat: str) -> list[str]:
    """Return the free hexes one step toward the seat's own edge of the map."""
    top = state.setup.top == seat
    row = hex_of(label).row + (-1 if top else 1)
    occupied = state.occupied()
    return sorted(
        n
        for n in neighbours_of(label)
        if hex_of(n).row == row and n not in occupied and not impassable(state, n)
    )


def shift(state: SamuraiState, start: str, end: str) -> None:
    """Move everything on a hex (a unit and its leader) to another hex."""
    for p in state.pieces:
        if p.hex == start:
            p.hex = end


def step_retreat(state: SamuraiState, end: str, events: list[Event]) -> None:
    """Move the retreating piece one hex and record it."""
    pending = state.retreat
    assert pending is not None
    piece = state.piece(pending.piece)
    assert piece is not None
    start = piece.hex
    shift(state, start, end)
    pending.remaining -= 1
    pending.moved += 1
    events.append(Retreated(piece=piece.id, start=start, end=end))
    if state.turn is not None:
        state.turn.arrows.append(ArrowRecord(start=start, end=end, kind="retreat"))


def continue_retreat(state: SamuraiState, dice: Dice, events: list[Event]) -> tuple[bool, int]:
    """Carry a pending retreat as far as it goes without a choice.

    Returns (waiting, hexes moved): waiting is True when the owner must pick the next hex.
    """
    pending = state.retreat
    assert pending is not None
    while pending.remaining > 0:
        piece = state.piece(pending.piece)
        if piece is None:
            break
        choices = retreat_choices(state, piece.hex, piece.side)
        if not choices:
            hits = pending.remaining * battle_table().retreat.hits_per_blocked_hex
            events.append(RetreatBlocked(piece=piece.id, hexes=pending.remaining, hits=hits))
            state.retreat = None
            pay_retreat(state, dice, pending, events, inflict)
            inflict(state, dice, piece.hex, hits, False, events)
            return False, pending.moved
        if len(choices) > 1:
            state.step = "retreat"
            events.append(
                RetreatPending(
                    piece=piece.id, seat=piece.side, remaining=pending.remaining, choices=choices
                )
            )
            return True, pending.moved
        step_retreat(state, choices[0], events)
    state.retreat = None
    pay_retreat(state, dice, pending, events, inflict)
    return False, pending.moved


def start_retreat(
    state: SamuraiState, dice: Dice, label: str, flags: int, events: list[Event]
) -> tuple[bool, int]:
    """Begin the retreat that flags force on the piece on a hex."""
    fighter = fighter_at(state, label)
    assert fighter is not None
    hexes = flags * battle_table().retreat.hexes_per_flag
    state.retreat = PendingRetreat(piece=fighter.head.id, seat=fighter.head.side, remaining=hexes)
    return continue_retreat(state, dice, events)


def attack(
    state: SamuraiState,
    dice: Dice,
    start: str,
    target: str,
    *,
    ranged: bool,
    bonus: int,
    battle_back: bool,
    events: list[Event],
) -> tuple[bool, bool]:
    """Roll one battle from `start` against `target` and apply it.

    Returns (target still stands unmoved and alive, a retreat now waits for a choice).
    """
    attacker = fighter_at(state, start)
    defender = fighter_at(state, target)
    assert attacker is not None and defender is not None
    base = attacker.unit_type.ranged_dice if ranged else close_dice(attacker.unit_type)
    inspired = take_inspiration(state, attacker.head, ranged)
    count = capped(state, attacker.head, start, target, ranged, base) + bonus + int(inspired)
    faces = roll(dice, count)
    lone = state.ruleset >= 2 and defender.head.is_leader
    if lone:
        result = score_lone_leader(faces, ranged)
    else:
        result = score(faces, attacker.unit_type, defender.unit_type, ranged)
        cover = min(result.flags, flags_ignored(state, target))  # samurai/terrain-battle-dice
        result = replace(
            result, flags=result.flags - cover, flags_ignored=result.flags_ignored + cover
        )
    events.append(
        BattleRolled(
            attacker=attacker.head.id,
            defender=defender.head.id,
            start=start, target=target, ranged=ranged, battle_back=battle_back,
            dice=count,
            faces=faces,
            hits=result.hits,
            swords_ignored=result.swords_ignored,
            flags=result.flags,
            flags_ignored=result.flags_ignored,
            lone_leader=lone,
        )
    )
    collect_faces(state, attacker.head, faces, ranged, inspired, events)
    if state.turn is not None:
        state.turn.arrows.append(ArrowRecord(start=start, end=target, kind="battle"))
    if inflict(state, dice, target, result.hits, True, events) or state.winner is not None:
        return False, False
    if lone:
        return False, start_escape(state, dice, defender.head, events)
    if result.flags <= 0:
        return True, False
    waiting, moved = start_retreat(state, dice, target, result.flags, events)
    if waiting:
        return False, True
    standing = state.winner is None and moved == 0 and state.piece(defender.head.id) is not None
    return standing, False


def battle(
    state: SamuraiState,
    dice: Dice,
    start: str,
    target: str,
    ranged: bool,
    bonus: int,
    events: list[Event],
) -> None:
    """Resolve an ordered piece's battle, with the defender's battle back when it may."""
    standing, _ = attack(
        state, dice, start, target, ranged=ranged, bonus=bonus, battle_back=False, events=events
    )
    if standing and not ranged and state.winner is None:
        attack(state, dice, target, start, ranged=False, bonus=0, battle_back=True, events=events)
