"""The turn as a step table, and one handler per action type.

    turn   (the active seat moves a piece, attacks with one, or holds)
      -> defend (only when a commander is attacked in its own camp: its side
                 counter-attacks or flees)
      -> the other seat's turn

and `over` once a commander has fallen or night has come. Each handler's `check`
reads the state and refuses what the rules forbid (so `is_legal` and rulings see every
refusal); its `effect` then changes the skeleton's working copy and reports events.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

from rules.bushido import actions as ev
from rules.bushido.actions import Adjust, AdjustMovement, Attack, Counter, Flee, Hold, Move
from rules.bushido.battle import draw_movement, fight, nightfall, remove, reveal
from rules.bushido.catalogue import Scenario, movement_pieces, scenarios
from rules.bushido.movement import (
    at,
    attack_targets,
    board_of,
    destinations,
    explain_attack,
    explain_move,
    face_values,
    flee_targets,
    hex_of_space,
    in_own_camp,
    may_flee,
    place,
    placement,
)
from rules.bushido.state import ArrowRecord, BushidoState, PendingAttack, Piece
from rules.core.dice import Dice
from rules.core.engine import Handler, Step
from rules.core.errors import refuse
from rules.core.model import Action, Event
from rules.core.text import Msg, Value, items, msg, term

# Names a player may use for their own commander instead of its id.
COMMANDER_ALIASES = frozenset({"COMMANDER", "C", "GENERAL"})


def scenario_of(state: BushidoState) -> Scenario:
    """Return the scenario a game is played on."""
    return scenarios()[state.scenario]


def natural_key(piece_id: str) -> tuple[int, str, int]:
    """Sort piece ids as people do: W2 before W10, and commanders after all troops."""
    digits = piece_id[1:]
    if digits.isdigit():
        return 0, piece_id[:1], int(digits)
    return 1, piece_id, 0


def pieces_of(state: BushidoState, seat: str) -> list[Piece]:
    """Return a seat's pieces on the field, troops first, in id order."""
    return sorted((p for p in state.pieces if p.side == seat), key=lambda p: natural_key(p.id))


def pending_pieces(state: BushidoState) -> tuple[Piece, Piece]:
    """Return the attacker and the commander of the attack waiting for an answer."""
    pending = state.pending
    assert pending is not None, "only the defend step has an attack waiting"
    attacker, defender = state.piece(pending.attacker), state.piece(pending.defender)
    assert attacker is not None and defender is not None
    return attacker, defender


# ---------------------------------------------------------------- the steps


def _defending_seat(state: BushidoState) -> str | None:
    return state.pending.seat if state.pending is not None else None


def hint(state: BushidoState) -> Msg:
    """Return what the seat to act is asked to do (or how the battle ended)."""
    if state.step == "defend":
        attacker, defender = pending_pieces(state)
        targets = flee_targets(state, defender)
        return msg(
            "prompt-defend",
            attacker=attacker.id,
            defender=defender.id,
            at=at(state, defender.space),
            flee=items(targets, "or"),
            flee_count=len(targets),
        )
    if state.step == "over":
        if state.winner is None:
            return msg("prompt-over-draw", reason=state.ending)
        return msg("prompt-over", winner=term("seat", state.winner), reason=state.ending)
    return msg("prompt-turn")


def _turn_legal(state: BushidoState, seat: str) -> Iterator[Action]:
    """Offer holding first, then each piece's moves and attacks as they are asked for (the
    step is `simple_first`: buttons stop early)."""
    if seat != state.active:
        return
    yield Hold(seat=seat)
    for piece in pieces_of(state, seat):
        yield from (Move(piece=piece.id, to=h, seat=seat) for h in destinations(state, piece))
        yield from (
            Attack(piece=piece.id, target=s, seat=seat) for s in attack_targets(state, piece)
        )


def _defend_legal(state: BushidoState, seat: str) -> Iterator[Action]:
    if seat != _defending_seat(state):
        return
    _, commander = pending_pieces(state)
    yield Counter(seat=seat)
    yield from (Flee(to=h, seat=seat) for h in flee_targets(state, commander))


STEPS: dict[str, Step[BushidoState]] = {
    "turn": Step(
        actions=("attack", "hold", "move", "adjust", "adjust_movement"),
        actor=lambda state: state.active,
        hint=hint,
        legal=_turn_legal,
        simple_first=True,
    ),
    "defend": Step(
        actions=("counter", "flee", "adjust", "adjust_movement"),
        actor=_defending_seat,
        hint=hint,
        legal=_defend_legal,
        simple_first=True,
    ),
    "over": Step(actions=(), actor=lambda state: None, hint=hint),
}


# ---------------------------------------------------------------- shared checks


def own_piece(state: BushidoState, seat: str, piece_id: str) -> Piece:
    """Return one of the seat's pieces by id (or 'commander'), or refuse."""
    if piece_id in COMMANDER_ALIASES:
        commander = state.commander(seat)
        if commander is not None:
            return commander
    piece = state.piece(piece_id)
    if piece is None:
        refuse(
            "core/bad-input", "refusal-no-such-piece",
            piece=piece_id, yours=items(p.id for p in pieces_of(state, seat)),
        )
    if piece.side != seat:
        refuse("bushido/one-action-per-turn", "refusal-not-your-piece", piece=piece_id)
    return piece


def on_map(state: BushidoState, label: str) -> str:
    """Check a hex name lies on this game's map; return it."""
    if not board_of(state).contains(label):
        sc = scenario_of(state)
        refuse("core/bad-input", "refusal-off-map", hex=label, last=f"{chr(64 + sc.cols)}{sc.rows}")
    return label


def target_space(state: BushidoState, seat: str, target: str) -> str:
    """Turn a target (a hex, 'camp' for the enemy camp, or '<seat>-camp') into a space."""
    f = board_of(state)
    if target == "camp":
        return f"{state.other(seat)}-camp"
    if target.endswith("camp"):
        if target not in f.camps:
            refuse(
                "core/bad-input", "refusal-no-such-camp",
                target=target, camps=items(sorted(f.camps), typed=True),
            )
        return target
    return f.space_of(on_map(state, target))


def no_flight(state: BushidoState, seat: str) -> NoReturn:
    """Refuse a flight when no attack on the seat's camp waits for an answer."""
    commander = state.commander(seat)
    if commander is not None and not in_own_camp(state, commander):
        refuse(
            "bushido/flee-only-from-camp", "refusal-flee-out-of-camp",
            piece=commander.id, at=at(state, commander.space),
        )
    if commander is not None and not may_flee(state, commander):
        refuse("bushido/flee-only-from-camp", "refusal-flight-lost", piece=commander.id)
    refuse("bushido/camp-attack-choice", "refusal-flee-unasked")


def end_turn(work: BushidoState, events: list[Event]) -> None:
    """Pass the turn to the other seat; night falls after the scenario's last turn."""
    seat = work.active
    work.active = work.other(seat)
    work.step = "turn"
    work.pending = None
    work.turn_number += 1
    events.append(ev.TurnEnded(seat=seat, next_seat=work.active, turn_number=work.turn_number))
    if work.turn_number > scenario_of(work).turn_limit:
        nightfall(work, events)


# ---------------------------------------------------------------- the turn


def check_move(state: BushidoState, act: Move) -> None:
    """Refuse a move that is not one hex along an arrow onto a free hex."""
    piece = own_piece(state, act.seat, act.piece)
    on_map(state, act.to)
    if act.to not in destinations(state, piece):
        explain_move(state, piece, act.to)


def move(work: BushidoState, act: Move, dice: Dice, events: list[Event]) -> None:
    """Move the piece and pass the turn."""
    piece = own_piece(work, act.seat, act.piece)
    start = hex_of_space(work, piece.space)
    left_camp = in_own_camp(work, piece)
    if left_camp and work.ruleset >= 2 and piece.side not in work.flight_lost:
        work.flight_lost.append(piece.side)
    piece.space = act.to
    work.arrows = [ArrowRecord(start=start, end=act.to, kind="move")]
    events.append(
        ev.PieceMoved(seat=act.seat, piece=piece.id, start=start, end=act.to, left_camp=left_camp)
    )
    end_turn(work, events)


def check_attack(state: BushidoState, act: Attack) -> None:
    """Refuse an attack that is not on an enemy next to the piece, along an arrow."""
    piece = own_piece(state, act.seat, act.piece)
    space = target_space(state, act.seat, act.target)
    if space not in attack_targets(state, piece):
        explain_attack(state, piece, space)


def attack(work: BushidoState, act: Attack, dice: Dice, events: list[Event]) -> None:
    """Declare the attack; a commander in its camp is asked to answer, anyone else fights."""
    piece = own_piece(work, act.seat, act.piece)
    space = target_space(work, act.seat, act.target)
    defender = work.at(space)
    assert defender is not None
    start, target = hex_of_space(work, piece.space), hex_of_space(work, space)
    work.arrows = [ArrowRecord(start=start, end=target, kind="battle")]
    in_camp = in_own_camp(work, defender)
    asked = may_flee(work, defender)
    events.append(
        ev.AttackDeclared(
            seat=act.seat, piece=piece.id, start=start, defender=defender.id, target=target,
            in_camp=in_camp,
        )
    )
    reveal(work, defender, events)
    if asked:
        work.pending = PendingAttack(attacker=piece.id, defender=defender.id, seat=defender.side)
        work.step = "defend"
        open_hexes = flee_targets(work, defender)
        events.append(
            ev.AnswerAwaited(
                seat=defender.side,
                piece=defender.id,
                attacker=piece.id,
                flee_to=open_hexes,
                can_flee=bool(open_hexes),
            )
        )
        return
    if not fight(work, dice, piece, defender, False, events):
        end_turn(work, events)


def hold(work: BushidoState, act: Hold, dice: Dice, events: list[Event]) -> None:
    """Hold: nothing moves and the turn passes."""
    work.arrows = []
    events.append(ev.Held(seat=act.seat))
    end_turn(work, events)


# ---------------------------------------------------------------- the camp's answer


def check_flee(state: BushidoState, act: Flee) -> None:
    """Refuse a flight that is not along an arrow to a free hex on the camp's border."""
    _, commander = pending_pieces(state)
    on_map(state, act.to)
    targets = flee_targets(state, commander)
    if act.to in targets:
        return
    f = board_of(state)
    camp = commander.space
    choices: dict[str, Value] = {"open": items(targets, "or"), "open_count": len(targets)}
    if not state.stacks[commander.side]:
        refuse("bushido/flee-draws-new-piece", "refusal-flee-stack-empty")
    if act.to not in f.links[camp]:
        refuse(
            "bushido/flee-along-arrows", "refusal-flee-off-border",
            hex=act.to, camp=place(state, camp), border=items(f.border(camp)), **choices,
        )
    holder = state.at(act.to)
    if holder is not None:
        refuse(
            "bushido/flee-to-free-hex", "refusal-flee-hex-taken",
            hex=act.to, holder=holder.id, **choices,
        )
    refuse(
        "bushido/flee-along-arrows", "refusal-flee-no-arrow",
        hex=act.to, piece=commander.id, **face_values(commander), **choices,
    )


def flee(work: BushidoState, act: Flee, dice: Dice, events: list[Event]) -> None:
    """Take the commander out of its camp; its face-up piece stays there, it draws a new one."""
    attacker, commander = pending_pieces(work)
    placed_at = placement(work, commander, act.to)
    start = hex_of_space(work, commander.space)
    work.left_on_camp[act.seat] = commander.movement
    commander.space = act.to
    events.append(
        ev.CommanderFled(
            seat=act.seat,
            piece=commander.id,
            start=start,
            end=act.to,
            placed_at=placed_at,
            attacker=attacker.id,
        )
    )
    draw_movement(work, commander, events)
    work.arrows.append(ArrowRecord(start=start, end=act.to, kind="retreat"))
    end_turn(work, events)


def counter(work: BushidoState, act: Counter, dice: Dice, events: list[Event]) -> None:
    """Fight the attacker instead of fleeing."""
    attacker, defender = pending_pieces(work)
    work.pending = None
    work.step = "turn"
    if not fight(work, dice, attacker, defender, True, events):
        end_turn(work, events)


# ---------------------------------------------------------------- the referee


def _adjusted_space(state: BushidoState, piece: Piece, to: str | None) -> str | None:
    """Return the space a referee puts a piece on (None: it stays), or refuse."""
    if to is None:
        return None
    if to.endswith("camp"):
        space = to
        if space != f"{piece.side}-camp" or not piece.is_commander:
            known = space in board_of(state).camps
            where = at(state, space) if known else msg("at-typed", text=space)
            refuse("bushido/adjust", "refusal-adjust-camp", piece=piece.id, at=where)
    else:
        space = board_of(state).space_of(on_map(state, to))
        if space in board_of(state).camps:
            refuse(
                "bushido/adjust", "refusal-adjust-camp-hex",
                hex=to, camp=f"{piece.side}-camp",
            )
    holder = state.at(space)
    if holder is not None and holder.id != piece.id:
        refuse("bushido/adjust", "refusal-adjust-hex-taken", hex=to, holder=holder.id)
    return space


def check_adjust(state: BushidoState, act: Adjust) -> None:
    """Refuse an adjustment that names no change, or one the field cannot take."""
    changes = act.to is not None or act.remove or act.reveal or act.restore or act.conceal
    if act.piece is None or not changes:
        refuse("bushido/adjust", "refusal-adjust-nothing")
    piece = state.piece(act.piece)
    if piece is None:
        refuse("core/bad-input", "refusal-adjust-no-piece", piece=act.piece)
    if act.restore and (not piece.is_commander or piece.side not in state.flight_lost):
        refuse("bushido/adjust", "refusal-adjust-flight-kept", piece=piece.id)
    _adjusted_space(state, piece, act.to)
    if act.remove and piece.is_commander:
        refuse("bushido/adjust", "refusal-adjust-commander", piece=piece.id)
    if act.conceal and (act.reveal or not piece.revealed):
        refuse("bushido/adjust-movement", "refusal-adjust-already-down", piece=piece.id)


def adjust(work: BushidoState, act: Adjust, dice: Dice, events: list[Event]) -> None:
    """Put a piece elsewhere, turn up its movement piece, or take it off; no turn passes.

    An attack waiting for an answer is called off when either of its pieces is moved or
    removed; the turn then passes to the defending side.
    """
    assert act.piece is not None
    piece = work.piece(act.piece)
    assert piece is not None
    space = _adjusted_space(work, piece, act.to)
    camps = board_of(work).camps
    note = act.note or None
    if space is not None and space != piece.space:
        events.append(
            ev.Adjusted(
                change="placed", piece=piece.id,
                start=hex_of_space(work, piece.space), end=hex_of_space(work, space),
                start_camp=piece.space in camps, end_camp=space in camps, note=note,
            )
        )
        piece.space = space
        if space in camps:
            work.left_on_camp[piece.side] = None
    if act.restore:
        work.flight_lost.remove(piece.side)
        events.append(ev.Adjusted(change="flight-restored", piece=piece.id, note=note))
    if act.reveal and not piece.revealed:
        events.append(ev.Adjusted(change="revealed", piece=piece.id, note=note))
        reveal(work, piece, events)
    if act.conceal:
        piece.revealed = False
        events.append(ev.Adjusted(change="concealed", piece=piece.id, note=note))
    if act.remove:
        events.append(ev.Adjusted(change="removed", piece=piece.id, note=note))
        remove(work, piece, events)
    pending = work.pending
    if pending is not None and piece.id in (pending.attacker, pending.defender):
        if space is not None or act.remove:
            events.append(ev.Adjusted(change="called-off", piece=pending.attacker))
            end_turn(work, events)


def check_adjust_movement(state: BushidoState, act: AdjustMovement) -> None:
    """Refuse a swap for a face its side's stack does not hold, or for the same face.

    A refusal goes only to whoever asked: a referee, or a player asking in private.
    """
    piece = state.piece(act.piece)
    if piece is None:
        refuse("core/bad-input", "refusal-adjust-no-piece", piece=act.piece)
    if act.face not in movement_pieces():
        refuse("core/bad-input", "refusal-no-such-face", text=act.face)
    if act.face not in state.stacks[piece.side]:
        refuse(
            "bushido/adjust-movement", "refusal-adjust-face-not-in-stack",
            face=term("face", act.face), seat=term("seat", piece.side),
        )
    if act.face == piece.movement:
        refuse(
            "bushido/adjust-movement", "refusal-adjust-same-face",
            piece=piece.id, face=term("face", act.face),
        )


def adjust_movement(
    work: BushidoState, act: AdjustMovement, dice: Dice, events: list[Event]
) -> None:
    """Swap a piece's movement piece with one from its stack; name it only if face up."""
    piece = work.piece(act.piece)
    assert piece is not None
    stack = work.stacks[piece.side]
    stack[stack.index(act.face)] = piece.movement
    piece.movement = act.face
    events.append(
        ev.MovementAdjusted(
            seat=piece.side, piece=piece.id, face=act.face if piece.revealed else None,
            note=act.note or None,
        )
    )


HANDLERS: dict[str, Handler[BushidoState, Any]] = {
    "move": Handler(effect=move, check=check_move),
    "attack": Handler(effect=attack, check=check_attack),
    "hold": Handler(effect=hold),
    "flee": Handler(effect=flee, check=check_flee),
    "counter": Handler(effect=counter),
    "adjust": Handler(effect=adjust, check=check_adjust),
    "adjust_movement": Handler(effect=adjust_movement, check=check_adjust_movement),
}
