"""Buttons offer the same actions whether a step lists them all or stops early.

`Engine.button_actions` offers all of a seat's legal actions when few, else the
option-less ones; a `simple_first` step (Fantasy Warriors' battle) stops listing once
there are too many. On every position of every bundled demo, for every seat, it
must offer exactly what the whole list of legal actions gives.
"""

from __future__ import annotations

import pytest

from bench.positions import script_turns
from rules.core.engine import has_options, sort_key
from rules.core.model import Action
from rules.core.system import bundled, system

MOST = 5


def _from_everything(legal: list[Action], most: int) -> list[Action]:
    if len(legal) > most:
        return sorted((a for a in legal if not has_options(a)), key=sort_key)[:most]
    return legal


@pytest.mark.parametrize("system_id", sorted(bundled()))
def test_buttons_match_the_whole_list_on_every_demo_position(system_id: str) -> None:
    turns = script_turns(system_id)
    assert turns, f"{system_id} has no demo"
    engine = system(system_id)
    hidden = engine.private_actions
    checked = many = 0
    for turn in turns[::3]:
        state = engine.load_state(turn.before.state)
        for seat in turn.before.seats:
            legal = engine.legal_actions(state, seat)
            for private in (False, True):
                def keep(a: Action, private: bool = private) -> bool:
                    return (a.type in hidden) == private

                kept = [a for a in legal if keep(a)]
                many += len(kept) > MOST
                expected = _from_everything(kept, MOST)
                assert engine.button_actions(state, seat, MOST, keep) == expected
                checked += 1
    assert checked > 20
    assert many > 0, "no position with more actions than buttons: the early stop went untried"
