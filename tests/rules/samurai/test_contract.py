"""Samurai meets the skeleton's contract: positions, replays, hidden cards, fixed legal counts."""

from __future__ import annotations

import json
import random
import shlex
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules.core.data import data_dir
from rules.core.hexgrid import Hex, distance
from rules.core.model import Action
from rules.samurai.catalogue import cards
from rules.samurai.commands import COMMANDS
from rules.samurai.dragon import dragon_cards
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState
from tests.contract import Playout, check_position, playout, replay

SCENARIOS = [info.id for info in SYSTEM.scenarios()]


@cache
def played(scenario: str) -> Playout:
    """Return one random game of a scenario (cached: several tests read it)."""
    return playout(SYSTEM, scenario, f"contract-{scenario}", 240, random.Random(11))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_playout_positions_meet_the_contract_and_replay(scenario: str) -> None:
    game = played(scenario)
    assert len(game.actions) > 100
    for state in game.states[::6]:
        check_position(SYSTEM, state, sample=6)
    assert replay(game) == game.states[-1]


# ---------------------------------------------------------------- perft


def choose(state: SamuraiState, legal: list[Action]) -> Action:
    """Pick an action by a fixed policy: battle, order the most, close in, else the first."""
    by_type: dict[str, list[Any]] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    if "battle" in by_type:
        return by_type["battle"][0]  # type: ignore[no-any-return]
    if "order" in by_type:
        return max(by_type["order"], key=lambda a: len(a.pieces.split()))  # type: ignore[no-any-return]
    if "move" in by_type:
        enemies = [Hex.parse(p.hex) for p in state.pieces if p.side != state.active]
        return min(  # type: ignore[no-any-return]
            by_type["move"], key=lambda a: min(distance(Hex.parse(a.to), e) for e in enemies)
        )
    return legal[0]


def counts_along(
    scenario: str, marks: tuple[int, ...]
) -> dict[int, tuple[str, int, dict[str, int]]]:
    """Return (step, number of legal actions, by type) after each of `marks` actions."""
    state = SYSTEM.new_game(scenario, "perft")
    out = {}
    for n in range(max(marks) + 1):
        seat = SYSTEM.prompt(state).seat
        assert seat is not None
        legal = SYSTEM.legal_actions(state, seat)
        if n in marks:
            out[n] = (state.step, len(legal), dict(sorted(Counter(a.type for a in legal).items())))
        state, _ = SYSTEM.apply(state, choose(state, legal))
    return out


PERFT = {
    "open-field": {
        0: ("card", 4, {"play": 4}),
        1: ("orders", 4, {"order": 4}),
        5: ("reward", 4, {"dragon_discard": 2, "reward": 2}),
        15: ("orders", 4, {"order": 4}),
        18: ("react", 2, {"decline": 1, "dragon": 1}),
        19: ("retreat", 9, {"retreat": 8, "seppuku": 1}),
        67: ("momentum", 2, {"gain": 1, "hold": 1}),
    },
    "river-crossing": {
        0: ("card", 5, {"play": 5}),
        1: ("orders", 7, {"order": 7}),
        12: ("retreat", 6, {"retreat": 5, "seppuku": 1}),
        14: ("reward", 4, {"dragon_discard": 2, "reward": 2}),
        25: ("card", 3, {"play": 3}),
        49: ("react", 2, {"decline": 1, "dragon": 1}),
        97: ("react", 3, {"decline": 1, "dragon": 1, "inspire": 1}),
    },
    "sekigahara-ridge": {
        0: ("card", 5, {"play": 5}),
        1: ("orders", 8, {"order": 8}),
        14: ("reward", 4, {"dragon_discard": 2, "reward": 2}),
        34: ("react", 2, {"decline": 1, "dragon": 1}),
        35: ("retreat", 6, {"retreat": 5, "seppuku": 1}),
        43: ("momentum", 2, {"gain": 1, "hold": 1}),
        111: ("react", 3, {"decline": 1, "dragon": 1, "inspire": 1}),
    },
    "first-samurai-skirmish": {
        0: ("card", 5, {"play": 5}),
        1: ("orders", 6, {"order": 6}),
        6: ("reward", 3, {"dragon_discard": 2, "reward": 1}),
        14: ("reward", 2, {"reward": 2}),
        55: ("react", 2, {"decline": 1, "dragon": 1}),
        56: ("retreat", 6, {"retreat": 5, "seppuku": 1}),
        65: ("momentum", 2, {"gain": 1, "hold": 1}),
    },
    "kawanakajima-1561-vanguard": {
        0: ("card", 5, {"play": 5}),
        1: ("orders", 5, {"order": 5}),
        6: ("reward", 3, {"dragon_discard": 2, "reward": 1}),
        14: ("reward", 2, {"reward": 2}),
        28: ("momentum", 2, {"gain": 1, "hold": 1}),
        57: ("retreat", 10, {"retreat": 9, "seppuku": 1}),
        67: ("react", 2, {"decline": 1, "dragon": 1}),
    },
    "kawanakajima-1561-kansuke": {
        0: ("card", 5, {"play": 5}),
        1: ("orders", 5, {"order": 5}),
        7: ("reward", 3, {"dragon_discard": 2, "reward": 1}),
        13: ("react", 2, {"decline": 1, "dragon": 1}),
        14: ("retreat", 7, {"retreat": 6, "seppuku": 1}),
        103: ("momentum", 2, {"gain": 1, "hold": 1}),
    },
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_action_counts_in_fixed_positions(scenario: str) -> None:
    """A rules change that alters what is legal changes one of these numbers."""
    assert counts_along(scenario, tuple(PERFT[scenario])) == PERFT[scenario]


# ---------------------------------------------------------------- hidden information


def with_other_secrets(state: SamuraiState, seat: str | None) -> SamuraiState:
    """Return the position with everything `seat` may not know changed.

    The other hands hold other cards, the deck is in another order, the cards another
    seat drew to keep are others, and the dice have another seed.
    """
    ids = sorted(cards())

    def other_cards(held: list[str]) -> list[str]:
        return [ids[(ids.index(c) + 1) % len(ids)] for c in held]

    hands = {s: h if s == seat else other_cards(h) for s, h in state.hands.items()}
    keep = state.keep_choices if state.active == seat else other_cards(state.keep_choices)
    dice = state.dice.model_copy(update={"seed": state.dice.seed + "-other"})
    dragons = sorted(dragon_cards())

    def other_dragons(held: list[str]) -> list[str]:
        return [dragons[(dragons.index(c) + 1) % len(dragons)] for c in held]

    dragon_hands = {
        s: h if s == seat else other_dragons(h) for s, h in state.dragon_hands.items()
    }
    changed = state.model_copy(
        update={
            "hands": hands,
            "deck": other_cards(state.deck)[::-1],
            "keep_choices": keep,
            "dice": dice,
            "dragon_hands": dragon_hands,
            "dragon_deck": other_dragons(state.dragon_deck)[::-1],
        }
    )
    assert changed.hands != state.hands
    assert changed.deck != state.deck or not state.deck
    return changed


def secret_positions() -> list[SamuraiState]:
    """Return positions of the random games, among them every card choice after a draw."""
    out = []
    for scenario in SCENARIOS:
        states = played(scenario).states
        out += states[::10] + [s for s in states if s.step == "keep"]
    assert any(s.step == "keep" for s in out)
    return out


def test_a_seat_sees_nothing_of_the_other_hand_the_deck_or_the_dice() -> None:
    """What a seat may see stays the same whatever the other seat holds or the deck hides."""
    for state in secret_positions():
        for seat in (*state.seats, None):
            changed = with_other_secrets(state, seat)
            view, other = SYSTEM.view(state, seat), SYSTEM.view(changed, seat)
            assert view == other, (state.step, seat)
            text = json.dumps(view.position)
            assert "dice" not in view.position and state.dice.seed not in text
        for seat in state.seats:
            mine = SYSTEM.view(state, seat)
            assert mine.position["hand"] == state.hands[seat]
            assert mine.position["dragon_hand"] == state.dragon_hands[seat]
            assert len(mine.private) == len(state.hands[seat]) + len(state.dragon_hands[seat]) + (
                1 if state.step == "keep" and state.active == seat else 0
            )
            if state.step == "keep":
                own = state.active == seat
                assert mine.position["keep_choices"] == (state.keep_choices if own else [])


def test_the_board_is_turned_for_the_top_seat_only() -> None:
    for scenario in SCENARIOS:
        state = SYSTEM.new_game(scenario, "turned")
        top = next(s for s in state.seats if state.at_top(s))
        assert SYSTEM.board(state, top).flipped
        assert not SYSTEM.board(state, state.other(top)).flipped
        assert not SYSTEM.board(state, None).flipped


# ---------------------------------------------------------------- the demo


def demo_actions() -> list[dict[str, Any]]:
    """Read the /samurai commands of the bundled demo as actions (who plays which seat too)."""
    script = Path(data_dir() / "demo" / "samurai.txt").read_text(encoding="utf-8").splitlines()
    seats = next(i.seats for i in SYSTEM.scenarios() if i.id == "river-crossing")
    players: dict[str, str] = {}
    by_name = {c.name: c for c in COMMANDS}
    out = []
    for line in script:
        words = shlex.split(line, comments=True)
        if len(words) < 2:
            continue
        user, group = words[0].lstrip("@"), words[1]
        if group == "/game" and words[2] == "new":
            options = dict(w.split(":", 1) for w in words[3:])
            players[user] = seats[0]
            players[options["opponent"].lstrip("@")] = seats[1]
        if group != "/samurai":
            continue
        command = by_name[words[2]]
        options = dict(w.split(":", 1) for w in words[3:])
        assert set(options) <= {o.name for o in command.options}
        out.append({"type": command.action, "seat": players[user], **options})
    return out


def test_the_demo_script_still_plays_to_a_victory() -> None:
    """data/demo/samurai.txt, replayed on the rules with its seed, ends with a winner."""
    state = SYSTEM.new_game("river-crossing", "banneret-demo-samurai")
    actions = demo_actions()
    assert len(actions) > 100
    for data in actions:
        state, _ = SYSTEM.apply(state, SYSTEM.parse_action(data))
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner in state.seats
