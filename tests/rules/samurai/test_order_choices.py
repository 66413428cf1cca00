"""How orders are offered: the button's words and the completion of `/samurai order pieces:`."""

from __future__ import annotations

from bot.text import words_for
from rules.samurai.actions import Order
from rules.samurai.engine import SYSTEM
from tests.rules.samurai.kit import act, game

HAND = ["order-one-center", "order-two-center", "order-three-center", "advance-center"]


def test_order_button_says_whom_it_orders() -> None:
    nobody, some = Order(pieces="", seat="blue"), Order(pieces="u3 U7", seat="blue")
    en, pt = words_for(SYSTEM, "en"), words_for(SYSTEM, "pt-BR")
    assert en.message(SYSTEM.label(nobody)) == "Give no orders"
    assert pt.message(SYSTEM.label(nobody)) == "Não dar ordens"
    assert en.message(SYSTEM.label(some)) == "Order U3 and U7"
    assert pt.message(SYSTEM.label(some)) == "Dar ordem a U3 e U7"


def _values(text: str) -> list[str]:
    state = act(game(hands={"blue": HAND}), "blue", type="play", card="order-two-center")
    return [value for _, value in SYSTEM.suggest(state, "blue", "pieces", text)]


def test_order_suggestions_complete_whole_lists() -> None:
    state = act(game(hands={"blue": HAND}), "blue", type="play", card="order-two-center")
    # A piece typed in full (as a completion fills it in) goes on to the next one.
    after_u6 = _values("U6")
    assert after_u6[0] == "U6" and "U6 U7" in after_u6 and "U6 U9" in after_u6
    assert _values("U6 ") == [v for v in after_u6 if v != "U6"]
    assert _values("U6 U") == [v for v in _values("U6 ") if v.startswith("U6 U")]
    # Each completion is the whole list, and the card could order every one of them.
    for value in [*after_u6, *_values("U7 ")]:
        assert SYSTEM.is_legal(state, Order(pieces=value, seat="blue")), value
    # U8 stands on the right: the centre card cannot order it, alone or after U6.
    assert not any("U8" in v for v in after_u6) and _values("U8 ") == []
    # Two pieces use both orders: the list is whole, nothing more is offered.
    assert _values("U6 U7 ") == ["U6 U7"]
    assert _values("")[0] == "none" and _values("no") == ["none"]
