"""Helpers for the Bushido rule tests: build positions, act, fix the dice, read the words."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import ValidationError

from rules.bushido.catalogue import field, movement_pieces, scenarios
from rules.bushido.engine import SYSTEM
from rules.bushido.state import BushidoState, Piece
from rules.core.dice import DiceState, draw
from rules.core.errors import RuleViolation
from rules.core.hexgrid import Hex, distance
from rules.core.model import Action, Event
from tests.kit import Kit
from tests.kit import checks as checks  # the shared helpers, under the names every kit uses
from tests.kit import of_type as of_type

# (id, type, side, space, movement) or (..., revealed)
PieceSpec = tuple[str, str, str, str, str] | tuple[str, str, str, str, str, bool]

KIT = Kit(SYSTEM)
act, act_events, refused, said, words = KIT.act, KIT.act_events, KIT.refused, KIT.said, KIT.words


def game(
    pieces: Sequence[PieceSpec] | None = None,
    *,
    scenario: str = "skirmish",
    active: str = "east",
    turn_number: int = 1,
) -> BushidoState:
    """Return a fresh game of `scenario`, optionally with other pieces and another seat to act.

    Without pieces the scenario's own set-up is kept. With pieces, commanders must be
    listed too if the test needs them (a commander in its camp has space '<seat>-camp').
    """
    state = SYSTEM.new_game(scenario, "kit")
    update: dict[str, Any] = {"active": active, "turn_number": turn_number}
    if pieces is not None:
        # A built position starts its own dice, so a test can count the rolls from zero.
        update["dice"] = DiceState(seed="kit")
        update["pieces"] = [
            Piece(
                id=spec[0],
                type=spec[1],
                side=spec[2],
                space=spec[3],
                movement=spec[4],
                revealed=bool(spec[5]) if len(spec) == 6 else False,
            )
            for spec in pieces
        ]
    return state.model_copy(update=update)


def camps(*extra: PieceSpec, west: str = "gako", east: str = "gako") -> list[PieceSpec]:
    """Return both commanders in their camps on the given movement pieces, plus `extra`."""
    return [
        ("ISHIDA", "mitsunari", "west", "west-camp", west),
        ("IEYASU", "ieyasu", "east", "east-camp", east),
        *extra,
    ]


@cache
def _seed_for(rolls: tuple[int, ...]) -> str:
    for n in range(1_000_000):
        seed = f"fixed-{n}"
        if all(draw(seed, i, 6) == want for i, want in enumerate(rolls)):
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


def with_rolls(state: BushidoState, *rolls: int) -> BushidoState:
    """Return the state with dice whose next rolls are `rolls` (attacker first, then defender)."""
    return state.model_copy(update={"dice": DiceState(seed=_seed_for(tuple(rolls)), drawn=0)})


def fuzzed_actions(
    state: BushidoState, rng: random.Random, count: int = 40
) -> list[dict[str, Any]]:
    """Return actions as a player might type them in this position, most of them wrong.

    Every seat, every action type; pieces of either side, made-up ones and the commander
    alias; hexes on the map, off it and inside camps; camps by name, right and wrong.
    """
    f = field(state.scenario)
    camp_hexes = [h for hexes in f.camps.values() for h in hexes]
    hexes = [*f.hexes(), "Z9", "A0", "nowhere", *camp_hexes]
    pieces = [p.id for p in state.pieces] + ["X9", "commander"]
    targets = [*hexes, "camp", "west-camp", "east-camp", "north-camp", "the hill"]
    commanders = [p.id for p in state.pieces if p.is_commander]
    troops = [p.id for p in state.pieces if not p.is_commander]
    taken = [h for h in (p.space for p in state.pieces) if h not in f.camps]
    out: list[dict[str, Any]] = []
    for _ in range(count):
        seat = rng.choice(state.seats)
        kind = rng.choice(["move", "attack", "flee", "counter", "hold", "adjust"])
        if kind == "move":
            out.append({"type": kind, "seat": seat, "piece": rng.choice(pieces),
                        "to": rng.choice(hexes)})
        elif kind == "attack":
            out.append({"type": kind, "seat": seat, "piece": rng.choice(pieces),
                        "target": rng.choice(targets)})
        elif kind == "flee":
            out.append({"type": kind, "seat": seat, "to": rng.choice(hexes)})
        elif kind == "adjust":
            out.append(rng.choice([
                {"type": kind, "seat": seat, "note": "nothing"},
                {"type": kind, "seat": seat, "piece": "X9", "remove": True},
                {"type": kind, "seat": seat, "piece": rng.choice(troops or pieces),
                 "to": rng.choice(camp_hexes)},
                {"type": kind, "seat": seat, "piece": rng.choice(troops or pieces),
                 "to": rng.choice(["west-camp", "east-camp"])},
                {"type": kind, "seat": seat, "piece": rng.choice(commanders or pieces),
                 "remove": True},
                {"type": kind, "seat": seat, "piece": rng.choice(pieces),
                 "to": rng.choice(taken or hexes)},
                {"type": kind, "seat": seat, "piece": rng.choice(pieces), "to": "Z9"},
                {"type": kind, "seat": seat, "piece": rng.choice(pieces), "restore": True},
            ]))
        else:
            out.append({"type": kind, "seat": seat})
    return out + _near_misses(state) + _bad_corrections(state)


def _bad_corrections(state: BushidoState) -> list[dict[str, Any]]:
    """Return a referee's corrections of movement pieces that cannot be made."""
    out: list[dict[str, Any]] = []
    for piece in state.pieces[:3]:
        out.append({"type": "adjust", "seat": piece.side, "piece": piece.id, "conceal": True})
        out.append({"type": "adjust_movement", "seat": piece.side, "piece": piece.id,
                    "face": piece.movement})
        out.append({"type": "adjust_movement", "seat": piece.side, "piece": piece.id,
                    "face": "moon"})
        missing = sorted(set(movement_pieces()) - set(state.stacks[piece.side]))
        if missing:
            out.append({"type": "adjust_movement", "seat": piece.side, "piece": piece.id,
                        "face": missing[0]})
    return out


def _near_misses(state: BushidoState) -> list[dict[str, Any]]:
    """Return the seat to act's attacks on every enemy next to its pieces, its flights to
    every hex on its camp's border and names that are no place: a refusal of each kind."""
    f = field(state.scenario)
    seat = state.pending.seat if state.pending is not None else state.active
    out: list[dict[str, Any]] = []
    for piece in (p for p in state.pieces if p.side == seat):
        out += [
            {"type": "attack", "seat": seat, "piece": piece.id, "target": "north-camp"},
            {"type": "attack", "seat": seat, "piece": piece.id, "target": "the hill"},
            {"type": "move", "seat": seat, "piece": piece.id, "to": "nowhere"},
        ]
        for space in f.links.get(piece.space, {}):
            enemy = state.at(space)
            if enemy is not None and enemy.side != seat:
                out.append({"type": "attack", "seat": seat, "piece": piece.id, "target": space})
    commander = state.commander(seat)
    if commander is not None and commander.space in f.camps:
        out += [{"type": "flee", "seat": seat, "to": h} for h in f.border(commander.space)]
    return out


def try_action(state: BushidoState, raw: dict[str, Any]) -> RuleViolation | ValidationError | None:
    """Parse and check an action; return why it was refused (None: it would be accepted)."""
    try:
        SYSTEM.check(state, SYSTEM.parse_action(raw))
    except (RuleViolation, ValidationError) as refused:
        return refused
    return None


def choose(rng: random.Random, options: list[Action], state: BushidoState, eager: bool) -> Action:
    """Pick a legal action: uniformly, or eagerly (attack, close in, often fight back)."""
    if eager:
        counters = [a for a in options if a.type == "counter"]
        if counters and rng.random() < 0.5:
            return counters[0]
        attacks = [a for a in options if a.type == "attack"]
        if attacks and rng.random() < 0.8:
            return rng.choice(attacks)
        moves = [a for a in options if a.type == "move"]
        goal = scenarios()[state.scenario].side(state.other(state.active)).camp[1]
        if moves and rng.random() < 0.8:

            def gap(a: Action) -> int:
                return distance(Hex.parse(a.to), Hex.parse(goal))  # type: ignore[attr-defined]

            best = min(gap(a) for a in moves)
            return rng.choice([a for a in moves if gap(a) == best])
    return rng.choice(options)


def eager_game(
    scenario: str, seed: int, steps: int = 400
) -> list[tuple[BushidoState, Action, list[Event], BushidoState]]:
    """Play an eager random game (attacks, camps attacked, flights, counters); return each
    step as (position before, action, events, position after)."""
    rng = random.Random(seed)
    state = SYSTEM.new_game(scenario, f"eager-{seed}")
    out = []
    for _ in range(steps):
        seat = SYSTEM.prompt(state).seat
        if seat is None:
            break
        action = choose(rng, SYSTEM.legal_actions(state, seat), state, eager=True)
        after, events = SYSTEM.apply(state, action)
        out.append((state, action, events, after))
        state = after
    return out
