"""Every command card of the deck is dealt and played once, from one fixed position."""

from __future__ import annotations

import pytest

from rules.samurai.actions import BattleRolled, DeckReshuffled, Order
from rules.samurai.catalogue import battle_table, cards, deck_of, sections_of
from rules.samurai.engine import SYSTEM
from rules.samurai.state import RULESET, SamuraiState
from tests.rules.samurai.kit import PieceSpec, act, act_events, checks, game, of_type, with_rolls

FILLERS = ["order-two-left", "order-two-center", "order-two-right"]
COLUMNS = "ABCDEFGHIJKL"
# Four blue units a section (A-D left, E-H center, I-L right), cavalry among them, and a red
# unit in front of each one, so every ordered unit can battle without moving.
CAVALRY = {
    "D": "samurai-cavalry",
    "G": "samurai-cavalry",
    "H": "samurai-cavalry",
    "L": "mounted-bow",
}
PIECES: list[PieceSpec] = [
    *(
        (f"U{i + 1}", CAVALRY.get(c, "samurai-infantry"), "blue", f"{c}8")
        for i, c in enumerate(COLUMNS)
    ),
    *((f"U{i + 21}", "ashigaru-spear", "red", f"{c}7") for i, c in enumerate(COLUMNS)),
]


def _expected_orders(card_id: str) -> int:
    """Return how many pieces the card orders in the fixed position (hand of four cards)."""
    card = cards()[card_id]
    if card.kind == "section":
        return sum(card.orders.values())
    return 4  # Advance and Shogun: one per card in hand; Cavalry Charge: four cavalry


def _played(card_id: str) -> SamuraiState:
    """Deal the card into blue's hand, play it and give it the most orders it allows."""
    state = game(PIECES, hands={"blue": [card_id, *FILLERS]})
    if cards()[card_id].kind == "shogun":
        state = with_rolls(state, "flag", "flag", "flag", "flag")  # four orders of any kind
    state = act(state, "blue", type="play", card=card_id)
    options = [a for a in SYSTEM.legal_actions(state, "blue") if isinstance(a, Order)]
    widest = max(options, key=lambda a: (len(a.pieces.split()), a.pieces))
    return act(state, "blue", type="order", pieces=widest.pieces)


@checks("samurai/command-deck", "samurai/deck-shogun-and-charge")
@pytest.mark.parametrize("card_id", sorted(set(deck_of(RULESET))))
def test_every_command_card_is_dealt_and_played(card_id: str) -> None:
    card = cards()[card_id]
    state = _played(card_id)
    ordered = [state.piece(e.piece) for e in state.current.orders]
    assert len(ordered) == _expected_orders(card_id)
    for piece in ordered:
        assert piece is not None and piece.side == "blue"
        if card.kind == "section":
            assert any(card.orders.get(s) for s in sections_of(piece.hex))
        if card.kind == "advance":
            assert card.section in sections_of(piece.hex)
        if card.kind == "charge":
            assert piece.unit_type.kind == "cavalry"
    head = next(p for p in ordered if p is not None)
    state = with_rolls(state, *[None] * 12)
    state, events = act_events(
        state, "blue", type="battle", piece=head.id, target=head.hex[0] + "7"
    )
    extra = card.bonus_dice + (0 if head.type in card.no_bonus else card.close_bonus)
    assert (
        of_type(events, BattleRolled)[0].dice
        == battle_table().dice[head.unit_type.standard] + extra
    )
    state, events = act_events(state, "blue", type="end_turn")
    assert bool(of_type(events, DeckReshuffled)) == card.reshuffle
    if card.draw_two:
        assert state.step == "keep" and len(state.keep_choices) == 2
        state = act(state, "blue", type="keep", card=state.keep_choices[0])
    assert state.step == "reward"  # ruleset 3: a Dragon card or two tokens (samurai/honor-reward)
    state = act(state, "blue", type="reward", choice="tokens")
    assert state.step == "card" and state.active == "red" and len(state.hands["blue"]) == 4
