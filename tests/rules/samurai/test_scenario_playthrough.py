"""Every bundled scenario, and an uploaded one, can be played by the demo policy to a victory."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.engine import Memory
from rules.samurai.autoplay import PLAYER
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "scenario.toml"
PUBLISHED = ["first-samurai-skirmish", "kawanakajima-1561-vanguard", "kawanakajima-1561-kansuke"]


def played_out(scenario: str, seed: str) -> SamuraiState:
    """Play both sides with the demo policy until the game ends (or 3,000 actions)."""
    state = SYSTEM.new_game(scenario, seed)
    memory = Memory()
    for _ in range(3000):
        if SYSTEM.outcome(state) is not None:
            break
        action = PLAYER.policy(SYSTEM, state, memory)
        assert action is not None, state.step
        state, _ = SYSTEM.apply(state, action)
    return state


@pytest.mark.parametrize("scenario", PUBLISHED)
def test_a_published_scenario_is_played_to_a_victory(scenario: str) -> None:
    state = played_out(scenario, "victory")
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner in state.seats
    assert state.banners[outcome.winner] >= state.setup.side(outcome.winner).banners


def test_an_uploaded_scenario_is_played_to_a_victory() -> None:
    _, stored = SYSTEM.read_scenario(EXAMPLE.read_text())
    state = played_out(stored, "victory")
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner in ("oda", "imagawa")
    assert state.scenario == stored


def test_the_published_scenarios_carry_their_published_numbers() -> None:
    """The hand sizes, tokens, Dragon cards and banners of the scenario book's pages."""
    numbers = {
        scenario: {s.seat: (s.hand, s.dragon, s.honor, s.banners)
                   for s in SYSTEM.new_game(scenario, "x").setup.sides}
        for scenario in PUBLISHED
    }
    assert numbers == {
        "first-samurai-skirmish": {"red": (5, 3, 5, 5), "yellow": (5, 3, 5, 5)},
        "kawanakajima-1561-vanguard": {"uesugi": (5, 3, 6, 5), "takeda": (5, 2, 4, 5)},
        "kawanakajima-1561-kansuke": {"uesugi": (5, 3, 8, 5), "takeda": (5, 2, 5, 5)},
    }
    skirmish = SYSTEM.new_game("first-samurai-skirmish", "x")
    red = sorted(p.type for p in skirmish.pieces if p.side == "red")
    assert red == sorted(["ashigaru-spear"] * 4 + ["ashigaru-bow"] * 2 + ["ashigaru-arquebus"]
                         + ["samurai-infantry"] * 2 + ["samurai-cavalry"]
                         + ["foot-leader"] * 2 + ["mounted-leader"])
    assert skirmish.setup.first == "red" and skirmish.setup.source
