"""A referee corrects cards and this turn's orders (samurai/adjust-cards, -orders)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from rules.samurai.actions import Adjusted, CardsAdjusted
from rules.samurai.engine import SYSTEM
from tests.bot.conftest import ALICE, BOB, DAN, MOD
from tests.outputs import public_after_correction
from tests.rules.samurai.kit import act, act_events, checks, game, of_type, refused, said

HAND = ["order-one-center", "order-two-center", "order-three-center", "advance-center"]


@checks("samurai/adjust-cards")
def test_adjust_cards_moves_one_card_and_names_it_only_face_up() -> None:
    state = game(hands={"blue": HAND})
    deck, top = list(state.deck), state.deck[0]
    # A wrong draw undone: the card leaves the hand and goes back on top of the deck.
    state, events = act_events(
        state, "referee", type="adjust_cards", card="advance-center", origin="hand",
        into="deck", side="blue", note="drawn twice",
    )
    assert state.hands["blue"] == HAND[:3] and state.deck == ["advance-center", *deck]
    (moved,) = of_type(events, CardsAdjusted)
    assert moved.card is None and moved.seat == "blue" and moved.note == "drawn twice"
    for language in ("en", "pt-BR"):
        assert "Advance" not in said(moved, language)
    assert said(moved) == (
        "Referee adjustment: one card moved from Blue's hand to the top of the deck "
        "(drawn twice)."
    )
    # And drawn again by the right seat: the card comes off the deck, still unnamed.
    state, events = act_events(
        state, "referee", type="adjust_cards", card="Advance Center", origin="deck",
        into="hand", side="red",
    )
    assert state.hands["red"][-1] == "advance-center" and state.deck == deck
    assert of_type(events, CardsAdjusted)[0].card is None
    # The discard pile lies face up: a card going there (or coming from it) is named.
    state, events = act_events(
        state, "referee", type="adjust_cards", card=top, origin="deck", into="discard"
    )
    assert state.discard[-1] == top and of_type(events, CardsAdjusted)[0].card == top
    state = act(state, "referee", type="adjust_cards", card=top, origin="discard", into="deck")
    assert state.deck == deck and state.discard == []
    # The card must be where the referee says; a hand needs its side; two places.
    refused(state, "referee", "samurai/adjust-cards", type="adjust_cards", card="shogun",
            origin="hand", into="deck", side="blue")
    refused(state, "referee", "samurai/adjust-cards", type="adjust_cards", card=top,
            origin="deck", into="hand")
    refused(state, "referee", "samurai/adjust-cards", type="adjust_cards", card=top,
            origin="deck", into="deck")
    refused(state, "referee", "core/bad-input", type="adjust_cards", card=top,
            origin="deck", into="hand", side="green")
    assert "adjust_cards" in SYSTEM.private_actions and "adjust_cards" in SYSTEM.referee_actions


@checks("samurai/adjust-orders")
def test_adjust_orders_gives_and_takes_away_an_order_this_turn() -> None:
    state = act(game(hands={"blue": HAND}), "blue", type="play", card="order-one-center")
    refused(state, "referee", "samurai/adjust-orders", type="adjust", piece="U7", order="add")
    state = act(state, "blue", type="order", pieces="U7")
    # U6 gets an order the card did not give, and takes its leader L2 along.
    state, events = act_events(state, "referee", type="adjust", piece="U6", order="add",
                               note="forgotten")
    (given,) = of_type(events, Adjusted)
    assert (given.change, given.piece, given.leader) == ("ordered", "U6", "L2")
    assert said(given) == (
        "Referee adjustment: U6 is given an order this turn (with L2) (forgotten)."
    )
    entry = state.current.entry("U6")
    assert entry is not None and entry.leader == "L2"
    assert SYSTEM.is_legal(state, SYSTEM.parse_action(
        {"type": "move", "piece": "U6", "to": "E7", "seat": "blue"}))
    refused(state, "referee", "samurai/adjust-orders", type="adjust", piece="U6", order="add")
    refused(state, "referee", "samurai/adjust-orders", type="adjust", piece="L2", order="add")
    refused(state, "referee", "samurai/adjust-orders", type="adjust", piece="U1", order="add")
    # Taking the leader's order away leaves the unit's; taking U7's leaves it unordered.
    state = act(state, "referee", type="adjust", piece="L2", order="remove")
    entry = state.current.entry("U6")
    assert entry is not None and entry.leader is None
    state, events = act_events(state, "referee", type="adjust", piece="U7", order="remove")
    assert of_type(events, Adjusted)[0].change == "unordered"
    assert [e.piece for e in state.current.orders] == ["U6"]
    refused(state, "referee", "samurai/adjust-orders", type="adjust", piece="U7",
            order="remove")
    refusal = refused(state, "blue", "samurai/only-ordered-act", type="move",
                      piece="U7", to="G7")
    assert "U7" in said(refusal)


# ---------------------------------------------------------------- what the channel reads


def _public_after_moving(path: Path, pick: int, referee: Caller) -> tuple[list[str], str]:
    """Move the deck's `pick`-th distinct card into Alice's hand; return what others read.

    Returns the outputs Bob and a spectator can get, and the card that was moved.
    """
    service = GameService(
        Store(path, clock=FakeClock("2026-01-01T00:00:00+00:00")),
        seed_factory=lambda: "referee-cards",
    )
    service.new_game("t", "g", ALICE, "samurai", "river-crossing", opponent=BOB)
    service.join("t", BOB)
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None
    seat = game.seats_of(ALICE.user_id)[0]
    card = sorted(set(game.state["deck"]) - set(game.state["hands"][seat]))[pick]
    move = {"type": "adjust_cards", "card": card, "origin": "deck", "into": "hand",
            "side": seat, "note": "misdeal"}
    out = public_after_correction(service, referee, move, BOB, DAN)
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None and card in game.state["hands"][seat]
    service.store.close()
    return out, card


@checks("samurai/adjust-cards")
@pytest.mark.parametrize("referee", [MOD, ALICE], ids=["moderator", "creator-who-plays"])
def test_adjust_cards_public_outputs_never_name_the_card(
    tmp_path: Path, referee: Caller
) -> None:
    # Two games that differ only in the card moved, each on a clock standing at the
    # same moment: the same log times.
    one, card_one = _public_after_moving(tmp_path / "one.db", 0, referee)
    other, card_other = _public_after_moving(tmp_path / "other.db", 1, referee)
    assert card_one != card_other
    assert any("one card moved from the deck" in text for text in one), one
    for seen_one, seen_other in zip(one, other, strict=True):
        assert seen_one == seen_other
