"""Buttons offer the same actions whether a step lists them all or stops early.

`Engine.button_actions` offers all of a seat's legal actions when few, else the
option-less ones; a `simple_first` step (Fantasy Warriors' battle) stops listing once
there are too many. On every position of every bundled demo, for every seat, it
must offer exactly what the whole list of legal actions gives.
"""

from __future__ import annotations

from dataclasses import replace

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


def test_public_buttons_judge_no_private_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step's `candidates` are judged only when asked for: Fantasy Warriors' public plan
    buttons ("ready") do not check every private order a command could be given."""
    engine = system("fantasy_warriors")
    turn = next(t for t in script_turns("fantasy_warriors") if t.action["type"] == "order")
    state = engine.load_state(turn.before.state)
    seat = engine.prompt(state).seat
    assert seat is not None
    judged: list[Action] = []
    order = engine.handlers["order"]
    assert order.check is not None
    real_check = order.check

    def counted(s: object, action: Action) -> None:
        judged.append(action)
        real_check(s, action)

    handlers = {**engine.handlers, "order": replace(order, check=counted)}
    monkeypatch.setattr(type(engine), "handlers", handlers)
    hidden = engine.private_actions
    public = engine.button_actions(state, seat, MOST, lambda a: a.type not in hidden)
    assert {a.type for a in public} <= {"ready"}
    assert judged == []
    private = engine.button_actions(state, seat, 500, lambda a: a.type in hidden)
    assert len(private) > 20 and {a.type for a in private} == {"order"}
    assert len(judged) >= len(private)  # each candidate order was judged for these
