"""A referee corrects movement pieces without naming a hidden face (bushido/adjust-movement)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from rules.bushido.actions import Adjusted, MovementAdjusted
from rules.bushido.engine import SYSTEM
from tests.bot.conftest import ALICE, BOB, DAN, MOD
from tests.outputs import public_after_correction
from tests.rules.bushido.kit import act, act_events, checks, game, of_type, refused, said


@checks("bushido/adjust-movement")
def test_adjust_movement_swaps_with_the_stack_and_turns_pieces_down() -> None:
    state = game()
    stack = list(state.stacks["west"])
    assert state.piece("W1").movement == "hoshi" and "choda" in stack  # type: ignore[union-attr]
    # W1 stands face down: it gets a Choda from the stack, which gets its Hoshi back.
    state, events = act_events(state, "west", type="adjust_movement", piece="w1",
                               face="Choda", note="misplaced")
    w1 = state.piece("W1")
    assert w1 is not None and (w1.movement, w1.revealed) == ("choda", False)
    swapped = list(stack)
    swapped[stack.index("choda")] = "hoshi"
    assert state.stacks["west"] == swapped
    (moved,) = of_type(events, MovementAdjusted)
    assert moved.face is None
    for language in ("en", "pt-BR"):
        assert "Choda" not in said(moved, language) and "Hoshi" not in said(moved, language)
    assert said(moved) == (
        "Referee adjustment: W1 stands on another face-down movement piece from West's "
        "stack (misplaced)."
    )
    # Face up, the new face is there for all to see, so it is named.
    state = act(state, "west", type="adjust", piece="W1", reveal=True)
    state, events = act_events(state, "west", type="adjust_movement", piece="W1",
                               face="koyaku")
    assert of_type(events, MovementAdjusted)[0].face == "koyaku"
    # And turned face down again.
    state, events = act_events(state, "west", type="adjust", piece="W1", conceal=True)
    assert of_type(events, Adjusted)[0].change == "concealed"
    assert not state.piece("W1").revealed  # type: ignore[union-attr]
    refused(state, "west", "bushido/adjust-movement", type="adjust", piece="W1", conceal=True)
    refused(state, "west", "bushido/adjust-movement", type="adjust_movement", piece="W1",
            face="kakuyoku")  # West's stack holds none
    refused(state, "west", "bushido/adjust-movement", type="adjust_movement", piece="W1",
            face="koyaku")  # it already stands on one
    refused(state, "west", "core/bad-input", type="adjust_movement", piece="W1", face="moon")
    assert "adjust_movement" in SYSTEM.private_actions & SYSTEM.referee_actions


# ---------------------------------------------------------------- what the channel reads


def _public_after_swapping(path: Path, pick: int, referee: Caller) -> list[str]:
    """Swap a face-down piece of Alice's for the `pick`-th other face in her stack."""
    service = GameService(
        Store(path, clock=FakeClock("2026-01-01T00:00:00+00:00")),
        seed_factory=lambda: "referee-faces",
    )
    service.new_game("t", "g", ALICE, "bushido", "skirmish", opponent=BOB)
    service.join("t", BOB)
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None
    seat = game.seats_of(ALICE.user_id)[0]
    piece = next(p for p in game.state["pieces"] if p["side"] == seat and not p["revealed"]
                 and not p["space"].endswith("camp"))
    face = sorted(set(game.state["stacks"][seat]) - {piece["movement"]})[pick]
    swap = {"type": "adjust_movement", "piece": piece["id"], "face": face, "note": "mix-up"}
    out = public_after_correction(service, referee, swap, BOB, DAN)
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None
    assert next(p for p in game.state["pieces"] if p["id"] == piece["id"])["movement"] == face
    service.store.close()
    return out


@checks("bushido/adjust-movement")
@pytest.mark.parametrize("referee", [MOD, ALICE], ids=["moderator", "creator-who-plays"])
def test_adjust_movement_public_outputs_never_name_a_hidden_face(
    tmp_path: Path, referee: Caller
) -> None:
    # Two games that differ only in the face swapped in, each on a clock standing at
    # the same moment: same log times.
    one = _public_after_swapping(tmp_path / "one.db", 0, referee)
    other = _public_after_swapping(tmp_path / "other.db", 1, referee)
    assert any("another face-down movement piece" in text for text in one), one
    for seen_one, seen_other in zip(one, other, strict=True):
        assert seen_one == seen_other
