"""Every move a few taps away: the phone controls (rules/core/menus.py) on every demo position.

The turn message's button opens a player's controls (one tap); from there each legal
action of the seat to act is a button, or one or two picks, or a pick and a form: at most
three taps in all. Lists longer than a page (25 options) cost one more tap a page; the
figures below say how often that happens.
"""

from __future__ import annotations

import pytest

from bench.positions import script_turns
from bot.replies import action_digest
from rules.core.engine import has_options
from rules.core.menus import Chooser, Menu, route
from rules.core.system import bundled, system

PAGE = 24  # options a page shows when a list is paged (the 25th turns the page)


def _pages(chooser: Chooser, taps: list[tuple[str, object]]) -> int:
    """Count the page turns a route's picks need (an option past the first page)."""
    turns = 0
    menus = list(chooser.controls().menus)
    for kind, what in taps:
        if kind != "value":
            continue
        for menu in menus:
            keys = [e.key for e in menu.entries]
            if what in keys and len(keys) > PAGE + 1:
                turns += keys.index(what) // PAGE
        found = chooser.resolve(str(what))
        menus = [found] if isinstance(found, Menu) else []
    return turns


@pytest.mark.parametrize("system_id", sorted(bundled()))
def test_every_legal_action_is_three_taps_from_the_turn_message(system_id: str) -> None:
    engine = system(system_id)
    checked = paged = 0
    for turn in script_turns(system_id)[::2]:
        state = engine.load_state(turn.before.state)
        seat = engine.prompt(state).seat
        if seat is None:
            continue
        chooser = Chooser(engine, state, seat)
        for action in engine.legal_actions(state, seat):
            taps = route(chooser, action, action_digest)
            assert taps is not None, f"{action!r} is not in the controls"
            pages = _pages(chooser, taps)
            paged += pages > 0
            assert 1 + len(taps) <= 3, (action, taps)
            checked += 1
    assert checked > 50
    # Paging is the exception: a Samurai order of many pieces, nothing else.
    assert paged <= checked // 10, (paged, checked)


def test_the_command_step_always_offers_to_move_on() -> None:
    """40k: every Command step's public buttons hold the one to move on ("On to ...")."""
    engine = system("wh40k")
    hidden = engine.private_actions
    seen = 0
    for turn in script_turns("wh40k"):
        state = engine.load_state(turn.before.state)
        if state.step != "command":
            continue
        seat = engine.prompt(state).seat
        assert seat is not None
        offered = engine.button_actions(state, seat, 5, lambda a: a.type not in hidden)
        assert "next_phase" in [a.type for a in offered]
        seen += 1
    assert seen > 2


def test_reports_from_the_table_offer_the_players_own_units_first() -> None:
    """Fantasy Warriors' losses and contacts are offered though no legal action lists them."""
    engine = system("fantasy_warriors")
    turn = next(t for t in script_turns("fantasy_warriors") if t.action["type"] == "move")
    state = engine.load_state(turn.before.state)
    seat = engine.prompt(state).seat
    assert seat is not None
    chooser = Chooser(engine, state, seat)
    menu = chooser.resolve("destroyed")
    assert isinstance(menu, Menu)
    first = chooser.resolve(menu.entries[0].key)
    assert first is not None and not isinstance(first, Menu)
    assert all(not has_options(b.action) for b in chooser.controls().buttons
               if b.action is not None and b.action.type == "end_turn")
