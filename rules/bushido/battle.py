"""Fights: an attack and the counter-attack it draws, settled with one die a side.

Each side rolls the die and adds its combat value (a defender on a hill adds the hill
bonus); the higher total wins and a tie goes to the defender. The loser leaves the
field. A commander who loses ends the battle on the spot.
"""

from __future__ import annotations

from rules.bushido import actions as ev
from rules.bushido.catalogue import battle_table, movement_pieces
from rules.bushido.movement import board_of, hex_of_space
from rules.bushido.state import (
    BushidoState,
    Piece,
    commander_fell,
    nightfall_ending,
    strength_of,
)
from rules.core.dice import Dice
from rules.core.model import Event
from rules.core.text import Msg


def reveal(work: BushidoState, piece: Piece, events: list[Event]) -> None:
    """Turn a piece's movement piece face up (once; it stays up)."""
    if piece.revealed:
        return
    piece.revealed = True
    events.append(
        ev.MovementRevealed(
            seat=piece.side,
            piece=piece.id,
            movement=piece.movement,
            arrows=movement_pieces()[piece.movement].arrows,
        )
    )


def fight(
    work: BushidoState,
    dice: Dice,
    attacker: Piece,
    defender: Piece,
    chosen: bool,
    events: list[Event],
) -> bool:
    """Fight out an attack and its counter-attack; remove the loser; say if the battle ended.

    `chosen` marks a commander who chose to counter-attack instead of fleeing.
    The counter-attack is an attack on the attacker, so its movement piece turns up too.
    """
    table = battle_table()
    reveal(work, attacker, events)
    a_roll, d_roll = dice.roll(table.die), dice.roll(table.die)
    hill = defender.space in board_of(work).hills
    a_total = a_roll + attacker.troop_type.combat
    d_total = d_roll + defender.troop_type.combat + (table.hill_bonus if hill else 0)
    winner, loser = (attacker, defender) if a_total > d_total else (defender, attacker)
    events.append(
        ev.CombatRolled(
            attacker=attacker.id,
            defender=defender.id,
            attacker_roll=a_roll,
            attacker_total=a_total,
            defender_roll=d_roll,
            defender_total=d_total,
            hill=hill,
            winner=winner.id,
            chosen=chosen,
        )
    )
    remove(work, loser, events)
    if loser.is_commander:
        events.append(ev.CommanderDefeated(seat=loser.side, piece=loser.id, by=winner.id))
        end_battle(work, winner.side, commander_fell(loser, winner), events)
        return True
    return False


def remove(work: BushidoState, piece: Piece, events: list[Event]) -> None:
    """Take a piece off the field (its movement piece goes with it, face as it was)."""
    in_camp = piece.space in board_of(work).camps
    work.pieces = [p for p in work.pieces if p.id != piece.id]
    events.append(
        ev.PieceRemoved(
            seat=piece.side, piece=piece.id, hex=hex_of_space(work, piece.space), in_camp=in_camp
        )
    )


def strength(state: BushidoState, seat: str) -> int:
    """Return the combat values of a seat's troops on the field added up (commander excluded)."""
    return strength_of(state.pieces, seat)


def troops(state: BushidoState, seat: str) -> int:
    """Return how many troops (not the commander) a seat has on the field."""
    return sum(1 for p in state.pieces if p.side == seat and not p.is_commander)


def end_battle(work: BushidoState, winner: str | None, reason: Msg, events: list[Event]) -> None:
    """Finish the game."""
    work.step = "over"
    work.pending = None
    work.winner = winner
    work.ending = reason
    events.append(ev.BattleEnded(winner=winner, reason=reason))


def nightfall(work: BushidoState, events: list[Event]) -> None:
    """End the battle at the turn limit: the side with more troop strength left wins."""
    winner, reason = nightfall_ending(work.pieces, work.seats)
    end_battle(work, winner, reason, events)


def draw_movement(work: BushidoState, piece: Piece, events: list[Event]) -> None:
    """Give a piece a new face-down movement piece from its side's stack."""
    stack = work.stacks[piece.side]
    piece.movement = stack.pop(0)
    piece.revealed = False
    events.append(ev.MovementDrawn(seat=piece.side, piece=piece.id, left=len(stack)))
