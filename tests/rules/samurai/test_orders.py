"""Command cards and orders: sections, matching, lost orders, leader order costs, special cards."""

from __future__ import annotations

from rules.core.engine import sort_key
from rules.core.text import items, msg, term
from rules.samurai.actions import OrdersLost, PieceMoved, PieceOrdered, ShogunRolled, TurnEnded
from rules.samurai.catalogue import cards, sections_of
from rules.samurai.engine import SYSTEM
from rules.samurai.orders import (
    Request,
    assign,
    build_requests,
    fits,
    offered_orders,
    order_options,
)
from tests.rules.samurai.kit import (
    act,
    act_events,
    checks,
    game,
    of_type,
    refused,
    said,
    start_turn,
    with_rolls,
)

HAND = ["order-one-left", "order-two-center", "order-three-right", "advance-left"]


@checks("samurai/card-then-orders")
def test_turn_starts_with_a_card_then_orders() -> None:
    """No orders or moves before a card is played."""
    state = game(hands={"blue": HAND})
    refused(state, "blue", "core/wrong-step", type="order", pieces="U6")
    refused(state, "blue", "core/wrong-step", type="move", piece="U6", to="E7")
    state = act(state, "blue", type="play", card="Order Two Units Center")
    assert state.step == "orders"
    assert SYSTEM.prompt(state).actions == ("order", "adjust", "adjust_cards")
    refused(state, "blue", "core/wrong-step", type="move", piece="U6", to="E7")


@checks("samurai/card-in-hand")
def test_card_must_be_in_hand() -> None:
    state = game(hands={"blue": HAND})
    err = refused(state, "blue", "samurai/card-in-hand", type="play", card="shogun")
    assert err.reason == msg("refusal-card-not-in-hand", card=term("card", "shogun"))
    assert "Shogun is not in your hand" in said(err)


@checks("samurai/only-ordered-act")
def test_only_ordered_pieces_act() -> None:
    state = game(hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "U7")
    err = refused(state, "blue", "samurai/only-ordered-act", type="move", piece="U9", to="F6")
    assert "U9 has no order" in said(err) and "ordered: U7" in said(err)
    state = act(state, "blue", type="move", piece="U7", to="G7")
    assert state.piece("U7") is not None and state.piece("U7").hex == "G7"  # type: ignore[union-attr]


@checks("samurai/one-order-per-piece")
def test_one_order_per_piece() -> None:
    state = game(hands={"blue": HAND})
    state = act(state, "blue", type="play", card="order-two-center")
    err = refused(state, "blue", "samurai/one-order-per-piece", type="order", pieces="U7 u7")
    assert err.reason.args["pieces"] == items(["U7"])  # type: ignore[union-attr]


@checks("samurai/order-own-pieces")
def test_only_own_pieces_are_ordered() -> None:
    """Unknown ids are bad input."""
    state = game(hands={"blue": HAND})
    state = act(state, "blue", type="play", card="order-two-center")
    refused(state, "blue", "samurai/order-own-pieces", type="order", pieces="U1")
    err = refused(state, "blue", "core/bad-input", type="order", pieces="U99")
    assert err.message == "refusal-no-such-piece" and "U3 or L1" in said(err)


@checks("samurai/split-hex-either-section")
def test_split_hex_counts_for_either_section() -> None:
    """A piece on E7 takes a Left or a Center order."""
    assert sections_of("E7") == ("left", "center")
    pieces = [("U1", "ashigaru-spear", "blue", "E7"), ("U9", "ashigaru-spear", "red", "E2")]
    for card in ("order-one-left", "order-two-center"):
        state = game(pieces, hands={"blue": HAND})
        state, events = start_turn(state, "blue", card, "U1")
        assert [e.piece for e in of_type(events, PieceOrdered)] == ["U1"]
    state = game([*pieces, ("U2", "ashigaru-spear", "blue", "K8")], hands={"blue": HAND})
    state = act(state, "blue", type="play", card="order-three-right")
    err = refused(state, "blue", "samurai/order-slots-match", type="order", pieces="U1")
    assert "your left section and your center section" in said(err)
    assert "but Order Three Units Right only orders your right section" in said(err)


def _greedy(requests: list[Request], slots: list[str]) -> list[int] | None:
    taken: set[int] = set()
    out = []
    for r in requests:
        j = next((j for j, s in enumerate(slots) if j not in taken and fits(r, s)), None)
        if j is None:
            return None
        taken.add(j)
        out.append(j)
    return out


@checks("samurai/order-slots-match")
def test_matching_finds_fits_that_greedy_misses_across_sections() -> None:
    """A line-straddling piece must leave the left order free."""
    on_line = Request("U1", None, False, "E7", ("left", "center"), "circle", "infantry", False)
    left_only = Request("U2", None, False, "B7", ("left",), "circle", "infantry", False)
    slots = ["section:left", "section:center"]
    assert _greedy([on_line, left_only], slots) is None
    assert assign([on_line, left_only], slots) == [1, 0]
    assert assign([on_line, left_only, left_only], slots) is None


@checks("samurai/order-slots-match", "samurai/shogun-card")
def test_shogun_matching_where_greedy_fails() -> None:
    """A square unit and a leader."""
    pieces = [
        ("U1", "samurai-infantry", "blue", "E8"),
        ("L2", "foot-leader", "blue", "G9"),
        ("U9", "ashigaru-spear", "red", "E2"),
    ]
    state = game(pieces, hands={"blue": ["shogun", "order-two-left"]})
    state = with_rolls(state, "square", "flag")
    state, events = act_events(state, "blue", type="play", card="shogun")
    assert state.turn is not None
    assert state.turn.slots == ["any", "standard:square"]
    # First-fit would hand the flag ("any") to U1 and leave L2 without an order.
    requests = build_requests(state, "blue", ["U1", "L2"], cards()["shogun"])
    assert _greedy(requests, state.turn.slots) is None
    state, events = act_events(state, "blue", type="order", pieces="U1 L2")
    slots = {e.piece: e.slot for e in of_type(events, PieceOrdered)}
    assert slots == {"U1": "standard:square", "L2": "any"}


@checks("samurai/orders-lost")
def test_extra_orders_in_a_section_are_lost() -> None:
    """Reported as an event, not refused."""
    pieces = [("U1", "ashigaru-spear", "blue", "B7"), ("U9", "ashigaru-spear", "red", "E2")]
    state = game(pieces, hands={"blue": ["order-three-left", *HAND[:3]]})
    state, events = act_events(state, "blue", type="play", card="order-three-left")
    lost = of_type(events, OrdersLost)
    assert len(lost) == 1 and lost[0].count == 2
    assert "for the board's left section: no piece" in said(lost[0])
    assert state.turn is not None and state.turn.slots == ["section:left"]
    state, events = act_events(state, "blue", type="order", pieces="U1")
    assert len(of_type(events, PieceOrdered)) == 1


@checks("samurai/sections-from-own-side", "samurai/board-sections")
def test_left_card_of_the_top_player_orders_the_boards_right() -> None:
    pieces = [
        ("U1", "ashigaru-spear", "red", "K2"),
        ("U2", "ashigaru-spear", "red", "B2"),
        ("U9", "ashigaru-spear", "blue", "E8"),
    ]
    state = game(pieces, active="red", hands={"red": ["order-two-left", *HAND[1:]]})
    assert sections_of("K2") == ("right",) and sections_of("B2") == ("left",)
    state, events = act_events(state, "red", type="play", card="order-two-left")
    assert state.turn is not None and state.turn.slots == ["section:right"]
    assert "the board's right section (Red's left)" in said(of_type(events, OrdersLost)[0])
    assert "a seção direita do tabuleiro (a esquerda do Vermelho)" in said(
        of_type(events, OrdersLost)[0], "pt-BR"
    )
    err = refused(state, "red", "samurai/order-slots-match", type="order", pieces="U2")
    assert "your left section (the board's right)" in said(err)
    state, events = act_events(state, "red", type="order", pieces="U1")
    assert [e.piece for e in of_type(events, PieceOrdered)] == ["U1"]


@checks("samurai/sections-from-own-side")
def test_bottom_players_left_is_the_boards_left() -> None:
    """For the player at the bottom."""
    pieces = [("U1", "ashigaru-spear", "blue", "B8"), ("U9", "ashigaru-spear", "red", "E2")]
    state = game(pieces, hands={"blue": HAND})
    state, events = start_turn(state, "blue", "order-one-left", "U1")
    assert of_type(events, PieceOrdered)[0].slot == "section:left"


LEADER_POSITION = [
    ("U3", "samurai-infantry", "blue", "F8"),
    ("L1", "mounted-leader", "blue", "F8"),
    ("U9", "ashigaru-spear", "red", "E2"),
]


@checks("samurai/order-leader-with-unit", "samurai/leader-attached")
def test_leader_and_unit_together_cost_one_order() -> None:
    state = game(LEADER_POSITION, hands={"blue": ["order-one-center", *HAND[1:]]})
    state, events = start_turn(state, "blue", "order-one-center", "u3")
    ordered = of_type(events, PieceOrdered)
    assert len(ordered) == 1 and ordered[0].leader == "L1"
    assert SYSTEM.board(state, None).markers[-1].leader == "L1"


@checks("samurai/order-leader-split")
def test_leader_split_costs_one_order_and_leaves_unit_unordered() -> None:
    state = game(LEADER_POSITION, hands={"blue": ["order-one-center", *HAND[1:]]})
    state, events = start_turn(state, "blue", "order-one-center", "L1")
    ordered = of_type(events, PieceOrdered)
    assert len(ordered) == 1 and ordered[0].split and ordered[0].piece == "L1"
    refused(state, "blue", "samurai/only-ordered-act", type="move", piece="U3", to="F7")
    state, events = act_events(state, "blue", type="move", piece="L1", to="G7")
    assert state.unit_at("F8") is not None and state.leader_at("G7") is not None


@checks("samurai/order-split-and-unit")
def test_split_and_unit_separately_cost_two_orders() -> None:
    state = game(LEADER_POSITION, hands={"blue": ["order-one-center", *HAND[1:]]})
    state = act(state, "blue", type="play", card="order-one-center")
    err = refused(state, "blue", "samurai/order-slots-match", type="order", pieces="L1 U3")
    assert err.message == "refusal-no-order-left" and err.reason.args["count"] == 1  # type: ignore[union-attr]
    state = game(LEADER_POSITION, hands={"blue": HAND})
    state, events = start_turn(state, "blue", "order-two-center", "L1 U3")
    ordered = {e.piece: e for e in of_type(events, PieceOrdered)}
    assert set(ordered) == {"L1", "U3"} and ordered["L1"].split and ordered["U3"].leader is None
    state, events = act_events(state, "blue", type="move", piece="U3", to="F7")
    assert of_type(events, PieceMoved)[0].leader is None  # the split leader stays behind
    state = act(state, "blue", type="move", piece="L1", to="G7")
    assert state.leader_at("G7") is not None


@checks("samurai/leader-stays-with-unit")
def test_attached_leader_goes_with_his_unit() -> None:
    """The unit carries him; he cannot move alone."""
    state = game(LEADER_POSITION, hands={"blue": HAND})
    state, _ = start_turn(state, "blue", "order-two-center", "U3")
    err = refused(state, "blue", "samurai/leader-stays-with-unit", type="move", piece="L1", to="G7")
    assert err.reason.args == {"leader": "L1", "unit": "U3"}  # type: ignore[union-attr]
    state, events = act_events(state, "blue", type="move", piece="U3", to="F7")
    assert of_type(events, PieceMoved)[0].leader == "L1"
    assert state.leader_at("F7") is not None


@checks("samurai/leader-split-needs-helmet")
def test_splitting_a_leader_needs_a_helmet_card() -> None:
    """Cavalry Charge has no helmet."""
    pieces = [
        ("U3", "samurai-cavalry", "blue", "F8"),
        ("L1", "mounted-leader", "blue", "F8"),
        ("U9", "ashigaru-spear", "red", "E2"),
    ]
    assert not cards()["cavalry-charge"].helmet
    assert all(c.helmet for c in cards().values() if c.kind in ("section", "advance", "shogun"))
    state = game(pieces, hands={"blue": ["cavalry-charge", *HAND[:3]]})
    state = act(state, "blue", type="play", card="cavalry-charge")
    err = refused(state, "blue", "samurai/leader-split-needs-helmet", type="order", pieces="L1")
    assert "helmet" in said(err) and err.reason.args["card"] == term("card", "cavalry-charge")  # type: ignore[union-attr]
    refused(state, "blue", "samurai/leader-split-needs-helmet", type="order", pieces="L1 U3")
    state, events = act_events(state, "blue", type="order", pieces="U3")
    assert of_type(events, PieceOrdered)[0].leader == "L1"


@checks("samurai/advance-card")
def test_advance_orders_one_per_card_in_hand() -> None:
    """Four cards in hand (Advance included) give four orders."""
    pieces = [
        ("U1", "ashigaru-spear", "blue", "A8"),
        ("U2", "ashigaru-spear", "blue", "B8"),
        ("U3", "ashigaru-spear", "blue", "C8"),
        ("U4", "ashigaru-spear", "blue", "D8"),
        ("U5", "ashigaru-spear", "blue", "A9"),
        ("U9", "ashigaru-spear", "red", "E2"),
    ]
    state = game(pieces, hands={"blue": HAND})
    state, events = act_events(state, "blue", type="play", card="advance-left")
    assert not of_type(events, OrdersLost)
    assert state.turn is not None and len(state.turn.slots) == 4
    err = refused(state, "blue", "samurai/order-slots-match", type="order", pieces="U1 U2 U3 U4 U5")
    assert err.reason.args["count"] == 4  # type: ignore[union-attr]
    state, events = act_events(state, "blue", type="order", pieces="U1 U2 U3 U4")
    assert len(of_type(events, PieceOrdered)) == 4


@checks("samurai/advance-card", "samurai/orders-lost")
def test_advance_with_few_pieces_loses_the_rest() -> None:
    pieces = [("U1", "ashigaru-spear", "blue", "A8"), ("U9", "ashigaru-spear", "red", "E2")]
    state = game(pieces, hands={"blue": HAND})
    state, events = act_events(state, "blue", type="play", card="advance-left")
    assert [e.count for e in of_type(events, OrdersLost)] == [3]


@checks("samurai/shogun-card", "samurai/shogun-counts-itself", "samurai/honor-fortune-tokens")
def test_shogun_roll_gives_slots_tokens_and_a_bonus_die() -> None:
    pieces = [
        ("U1", "samurai-infantry", "blue", "E8"),
        ("U2", "ashigaru-spear", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "E7"),
    ]
    hand = ["shogun", "order-two-left", "order-one-center"]
    # Ruleset 2: no tokens for faces in close combat nor end-of-turn reward to count here.
    state = game(pieces, hands={"blue": hand}).model_copy(update={"ruleset": 2})
    state = with_rolls(state, "square", "honor", "sword")
    deck_and_discard = len(state.deck) + len(state.discard)
    state, events = act_events(state, "blue", type="play", card="shogun")
    rolled = of_type(events, ShogunRolled)[0]
    assert rolled.faces == ["square", "honor", "sword"] and rolled.tokens == 1
    assert state.tokens["blue"] == 1
    refused(state, "blue", "samurai/order-slots-match", type="order", pieces="U2")
    state = act(state, "blue", type="order", pieces="U1")
    state = with_rolls(state, None, None, None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U1", target="E7")
    assert events[0].dice == 5  # type: ignore[attr-defined]
    state, events = act_events(state, "blue", type="end_turn")
    assert not state.discard
    assert len(state.deck) == deck_and_discard + 1 - 1  # Shogun shuffled back in, one drawn
    assert any(e.type == "deck_reshuffled" for e in events)
    ended = of_type(events, TurnEnded)[0]
    assert (ended.seat, ended.tokens, ended.next_seat, ended.next_tokens) == ("blue", 1, "red", 0)


@checks("samurai/lone-leader-dice")
def test_shogun_orders_leaders_only_on_flags() -> None:
    """A circle face does not order a leader."""
    pieces = [("L2", "foot-leader", "blue", "G9"), ("U9", "ashigaru-spear", "red", "E2")]
    state = game(pieces, hands={"blue": ["shogun", "order-two-left"]})
    state = with_rolls(state, "circle", "circle")
    state, events = act_events(state, "blue", type="play", card="shogun")
    assert [e.count for e in of_type(events, OrdersLost)] == [2]
    refused(state, "blue", "samurai/order-slots-match", type="order", pieces="L2")


@checks("samurai/cavalry-charge")
def test_cavalry_charge_orders_four_cavalry_anywhere() -> None:
    """Cavalry only, up to four, +1 close die, no shooting."""
    pieces = [
        ("U1", "samurai-cavalry", "blue", "A8"),
        ("U2", "samurai-cavalry", "blue", "E8"),
        ("U3", "samurai-cavalry", "blue", "G8"),
        ("U4", "mounted-bow", "blue", "K8"),
        ("U5", "samurai-cavalry", "blue", "L8"),
        ("U6", "samurai-infantry", "blue", "C8"),
        ("U9", "ashigaru-spear", "red", "G7"),
        ("U10", "ashigaru-spear", "red", "K6"),
    ]
    state = game(pieces, hands={"blue": ["cavalry-charge", *HAND[:3]]})
    state = act(state, "blue", type="play", card="cavalry-charge")
    err = refused(state, "blue", "samurai/order-slots-match", type="order", pieces="U6")
    assert "only orders a cavalry unit anywhere" in said(err)
    refused(state, "blue", "samurai/order-slots-match", type="order", pieces="U1 U2 U3 U4 U5")
    state = act(state, "blue", type="order", pieces="U1 U2 U3 U4")
    err = refused(state, "blue", "samurai/cavalry-charge", type="battle", piece="U4", target="K6")
    assert "may not shoot" in said(err)
    state = with_rolls(state, None, None, None, None, None)
    state, events = act_events(state, "blue", type="battle", piece="U3", target="G7")
    assert events[0].dice == 5  # type: ignore[attr-defined]


@checks("samurai/order-slots-match")
def test_legal_order_options_are_legal_and_sorted() -> None:
    """Every listed order set is accepted."""
    state = SYSTEM.new_game("sekigahara-ridge", "opts")
    state = act(state, "blue", type="play", card=state.hands["blue"][0])
    options = SYSTEM.legal_actions(state, "blue")
    assert len(options) > 1
    assert options == sorted(options, key=sort_key)
    assert any(o.pieces == "" for o in options)  # type: ignore[attr-defined]
    for option in options:
        SYSTEM.apply(state, option)


def test_orders_offered_lazily_begin_with_ordering_nothing() -> None:
    """The orders step offers "" (no orders) before any set of pieces, so its buttons may stop
    early, and the lazy offer holds exactly the sorted list's orders, each once."""
    state = SYSTEM.new_game("sekigahara-ridge", "opts")
    state = act(state, "blue", type="play", card=state.hands["blue"][0])
    turn = state.current
    card = cards()[turn.card]
    offered = list(offered_orders(state, "blue", turn.slots, card))
    assert offered[0] == ""
    assert len(offered) == len(set(offered)) > 1
    assert sorted(offered) == sorted(order_options(state, "blue", turn.slots, card))
