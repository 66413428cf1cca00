"""A stored game replays under the ruleset (and with the deck) it began under."""

from __future__ import annotations

from rules.samurai.catalogue import deck_of
from rules.samurai.engine import SamuraiEngine
from rules.samurai.state import RULESET

ENGINE = SamuraiEngine()


def test_replay_start_keeps_the_ruleset_of_the_stamp() -> None:
    for stamp, ruleset in {"samurai-1": 1, "samurai-2": 1, "samurai-3": 2, "samurai-4": 2}.items():
        assert ENGINE.replay_start("open-field", "seed", stamp).ruleset == ruleset, stamp
    assert ENGINE.replay_start("open-field", "seed", "").ruleset == RULESET
    assert ENGINE.new_game("open-field", "seed").ruleset == RULESET


def test_a_ruleset_2_game_is_dealt_the_35_card_deck() -> None:
    assert len(deck_of(2)) == 35
    state = ENGINE.replay_start("open-field", "seed", "samurai-4")
    dealt = len(state.deck) + sum(len(hand) for hand in state.hands.values())
    assert dealt == 35
