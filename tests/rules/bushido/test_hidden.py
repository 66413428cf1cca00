"""No face-down movement piece of the other seat leaks, whatever a seat is shown.

The test is a twin: the same position with the other seat's face-down faces (and its
stack) changed. Everything a seat may read (its position, its secrets, the board it
sees, the prompt, its legal actions, the refusals of its actions) must be the same in
both; so must the events of every action, apart from the pieces that action turns up.
A field that carried a hidden face, in any form, would tell the twins apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from rules.bushido.actions import MovementRevealed
from rules.bushido.catalogue import movement_pieces, scenarios
from rules.bushido.engine import SYSTEM
from rules.bushido.state import BushidoState
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from tests.contract import playout
from tests.rules.bushido.kit import checks, eager_game, fuzzed_actions, try_action

FACES = sorted(movement_pieces())


def _other_face(face: str) -> str:
    return FACES[(FACES.index(face) + 1) % len(FACES)]


def disguise(state: BushidoState, seat: str, keep: Iterable[str] = ()) -> BushidoState:
    """Return the position with `seat`'s face-down faces and stack changed (but `keep`)."""
    kept = set(keep)
    pieces = [
        p.model_copy(update={"movement": _other_face(p.movement)})
        if p.side == seat and not p.revealed and p.id not in kept
        else p
        for p in state.pieces
    ]
    stack = [_other_face(f) for f in reversed(state.stacks[seat])]
    return state.model_copy(update={"pieces": pieces, "stacks": {**state.stacks, seat: stack}})


def seen_by(state: BushidoState, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` (None: a spectator) may read of a position, as data."""
    seen: dict[str, Any] = {
        "position": SYSTEM.position(state, seat),
        "board": SYSTEM.board(state, seat).model_dump(mode="json"),
        "prompt": SYSTEM.prompt(state).model_dump(mode="json"),
        "outcome": SYSTEM.outcome(state),
    }
    if seat is not None:
        seen["secrets"] = [m.model_dump(mode="json") for m in SYSTEM.secrets(state, seat)]
        seen["legal"] = [a.model_dump(mode="json") for a in SYSTEM.legal_actions(state, seat)]
        seen["view"] = SYSTEM.view(state, seat).model_dump(mode="json")
    return seen


def _games() -> list[tuple[BushidoState, Action, list[Event], BushidoState]]:
    """Return (before, action, events, after) of random games in every scenario: uniform
    ones, and eager ones where camps are attacked, commanders flee and fights are fought."""
    out = []
    for scenario in sorted(scenarios()):
        for seed in range(3):
            game = playout(SYSTEM, scenario, f"hidden-{seed}", 150, random.Random(seed))
            steps = zip(game.states, game.actions, game.events, game.states[1:], strict=False)
            out += list(steps)
        for seed in range(12):
            out += eager_game(scenario, seed)
    return out


GAMES = _games()


def test_the_games_go_through_every_kind_of_action() -> None:
    kinds = {action.type for _, action, _, _ in GAMES}
    assert kinds == {"move", "attack", "hold", "flee", "counter"}


def _has_hidden(state: BushidoState, seat: str) -> bool:
    return any(p.side == seat and not p.revealed for p in state.pieces)


@checks("bushido/movement-hidden")
def test_what_a_seat_reads_is_the_same_whatever_the_other_seats_hidden_faces() -> None:
    compared = 0
    for state, _, _, _ in GAMES[::3]:
        for seat in state.seats:
            other = state.other(seat)
            twin = disguise(state, other)
            if _has_hidden(state, other):
                assert twin != state
                compared += 1
            assert seen_by(twin, seat) == seen_by(state, seat)
        spectators_twin = disguise(disguise(state, state.seats[0]), state.seats[1])
        assert seen_by(spectators_twin, None) == seen_by(state, None)
    assert compared > 50


@checks("bushido/movement-hidden")
def test_nobody_reads_the_order_of_a_stack_not_even_its_owner() -> None:
    for state, _, _, _ in GAMES[::5]:
        for seat in state.seats:
            if len(set(state.stacks[seat])) < 2:
                continue
            stacks = {**state.stacks, seat: list(reversed(state.stacks[seat]))}
            reordered = state.model_copy(update={"stacks": stacks})
            assert seen_by(reordered, seat) == seen_by(state, seat)
            assert seen_by(reordered, None) == seen_by(state, None)


def _hidden_after(
    before: BushidoState, after: BushidoState, events: list[Event], seat: str
) -> set[str]:
    """Return `seat`'s pieces face down before an action that no one saw turned up in it.

    A piece still on the field must be face down after it; one taken off the field must
    have left without an event turning it up first (a fight turns both pieces up).
    """
    on_field = {p.id: p for p in after.pieces}
    shown = {e.piece for e in events if isinstance(e, MovementRevealed)}
    return {
        p.id for p in before.pieces
        if p.side == seat and not p.revealed
        and (not on_field[p.id].revealed if p.id in on_field else p.id not in shown)
    }


@checks("bushido/movement-hidden", "bushido/movement-piece-travels")
def test_events_carry_no_face_that_stays_hidden() -> None:
    compared = 0
    for before, action, events, after in GAMES:
        for seat in before.seats:
            hidden = _hidden_after(before, after, events, seat)
            keep = {p.id for p in before.pieces if p.id not in hidden}
            try:
                _, twin_events = SYSTEM.apply(disguise(before, seat, keep), action)
            except RuleViolation:
                # Another face would not let the acting piece go there: keep its own.
                keep.add(getattr(action, "piece", ""))
                _, twin_events = SYSTEM.apply(disguise(before, seat, keep), action)
            assert [e.model_dump(mode="json") for e in twin_events] == [
                e.model_dump(mode="json") for e in events
            ], (action, seat)
            compared += 1
    assert compared > 200


@checks("bushido/movement-hidden", "bushido/movement-piece-travels")
def test_a_referees_changes_show_no_hidden_face() -> None:
    rng = random.Random(5)
    for before, _, _, _ in GAMES[::7]:
        if before.step == "over":
            continue
        for seat in before.seats:
            face_down = [p for p in before.pieces if p.side == seat and not p.revealed]
            free = [h for h in ("C3", "D4", "E5", "F2", "G6") if before.at(h) is None]
            for piece in face_down[:3]:
                raw: dict[str, Any] = {"type": "adjust", "seat": "", "piece": piece.id}
                raw |= rng.choice([{"remove": True}, {"to": rng.choice(free or ["Z9"])}])
                refused = try_action(before, raw)
                if refused is not None:
                    continue
                twin = disguise(before, seat)
                action = SYSTEM.parse_action(raw)
                _, events = SYSTEM.apply(before, action)
                _, twin_events = SYSTEM.apply(twin, action)
                assert twin_events == events


@checks("bushido/movement-hidden")
def test_refusals_of_a_seats_actions_show_no_hidden_face_of_the_other() -> None:
    rng = random.Random(11)
    refusals = 0
    for state, _, _, _ in GAMES[::4]:
        for raw in fuzzed_actions(state, rng, count=25):
            seat = raw["seat"]
            twin = disguise(state, state.other(seat))
            mine, theirs = try_action(state, raw), try_action(twin, raw)
            if isinstance(mine, RuleViolation):
                assert isinstance(theirs, RuleViolation), raw
                assert (mine.rule_id, mine.reason) == (theirs.rule_id, theirs.reason), raw
                refusals += 1
            elif isinstance(mine, ValidationError):
                assert isinstance(theirs, ValidationError)
            else:
                assert theirs is None, raw
    assert refusals > 500
