"""The service with the real Samurai engine: hands stay private in buttons, rulings and images."""

from __future__ import annotations

import json

import pytest

from bot.errors import NotYourTurn
from bot.service.gameservice import GameService
from bot.service.records import record_digest
from bot.store.sqlite import Store
from rules.samurai.catalogue import cards
from tests.bot.conftest import ALICE, BOB, CAROL


@pytest.fixture
def samurai(service: GameService) -> GameService:
    """River Crossing: Alice plays Takeda, Bob plays Uesugi (Uesugi moves first)."""
    service.new_game("c1", "g1", ALICE, "samurai", "river-crossing", opponent=BOB)
    service.join("c1", BOB)
    return service


def _hand(service: GameService) -> list[str]:
    with service.store.reading() as tx:
        game = tx.active_game("c1")
    assert game is not None
    return list(game.state["hands"]["uesugi"])


def test_public_replies_never_offer_cards_as_buttons(samurai: GameService) -> None:
    status = samurai.status("c1")
    assert status.lines[0].startswith("Uesugi")
    assert not [b for b in status.buttons if b.label.startswith("Play")]
    text = " ".join([status.text, *status.lines, *(b.label for b in status.buttons)])
    assert not [card for card in _hand(samurai) if card in text]


def test_the_hand_reply_is_private_and_offers_the_cards(samurai: GameService) -> None:
    reply = samurai.private("c1", BOB)
    assert reply.ephemeral
    plays = [b for b in reply.buttons if b.label.startswith("Play ")]
    names = {cards()[c].name: c for c in _hand(samurai)}
    assert plays and all(b.label.removeprefix("Play ") in names for b in plays)
    assert samurai.private("c1", ALICE).buttons == []  # not Takeda's turn
    card = names[plays[0].label.removeprefix("Play ")]
    played = samurai.press("c1", BOB, plays[0].custom_id)
    assert played.text.startswith("Uesugi plays")  # the press played a card, as labelled
    with samurai.store.reading() as tx:
        game = tx.active_game("c1")
    assert game is not None and game.state["step"] == "orders"
    assert game.state["turn"]["card"] == card


def test_the_hand_reply_shows_the_board_from_the_players_edge(store: Store) -> None:
    seen: list[bool] = []
    service = GameService(store,
                          render=lambda view, lineage=None: seen.append(view.flipped) or b"png")
    service.new_game("c1", "g1", ALICE, "samurai", "river-crossing", opponent=BOB)
    service.join("c1", BOB)
    seen.clear()
    assert service.private("c1", ALICE).image == b"png"  # Takeda holds the top edge
    assert service.private("c1", BOB).image_name == "your-view.png"
    # Uesugi's view is the public board, drawn when Bob joined: not drawn again.
    assert seen == [True]


def test_a_ruling_never_probes_another_hand(samurai: GameService) -> None:
    card = _hand(samurai)[0]
    probe = samurai.ruling("c1", CAROL, {"type": "play", "card": card})
    assert probe.ephemeral and "only Uesugi may ask" in probe.text
    own = samurai.ruling("c1", BOB, {"type": "play", "card": card})
    assert own.text.startswith("Legal")
    with pytest.raises(NotYourTurn):
        samurai.act("c1", ALICE, {"type": "play", "card": card})


def test_destinations_complete_for_the_piece_already_chosen(samurai: GameService) -> None:
    samurai.act("c1", BOB, {"type": "play", "card": _hand(samurai)[0]})
    options = samurai.suggest("c1", BOB, "pieces", "")
    pieces = [value for _, value in options if value != "none"]
    for piece in pieces:  # every suggested piece can take one of the card's orders
        assert samurai.ruling("c1", BOB, {"type": "order", "pieces": piece}).text.startswith(
            "Legal"
        ), piece
    samurai.act("c1", BOB, {"type": "order", "pieces": pieces[0]})
    everyone = {v for _, v in samurai.suggest("c1", BOB, "to", "")}
    mine = {v for _, v in samurai.suggest("c1", BOB, "to", "", {"piece": pieces[0]})}
    assert mine and mine <= everyone
    for hex_name in mine:  # each suggested hex is a legal move of that piece
        move = {"type": "move", "piece": pieces[0], "to": hex_name}
        assert samurai.ruling("c1", BOB, move).text.startswith("Legal")


def test_export_carries_the_public_position_then_the_whole_one(samurai: GameService) -> None:
    running = json.loads(samurai.export("c1").files[0][1])
    position = running["position"]
    assert "hands" not in position and "deck" not in position and "dice" not in position
    # River Crossing deals Takeda four cards and Uesugi five.
    assert position["hand"] == [] and position["hand_counts"] == {"takeda": 4, "uesugi": 5}
    text = json.dumps(running)
    assert not [card for card in _hand(samurai) if f'"{card}"' in text]

    samurai.resign("c1", ALICE)
    ended = json.loads(samurai.export("c1").files[0][1])
    assert ended["position"]["hands"]["uesugi"] == _ended_hand(samurai)
    assert samurai.verify_record(ended)[0]
    ended["position"]["hands"]["uesugi"] = ended["position"]["hands"]["uesugi"][::-1]
    ok, problem = samurai.verify_record(ended)
    assert not ok and problem.args["problem"].key == "verify-digest-differs"
    ended["digest"] = record_digest(ended)  # even with the digest made again
    ok, problem = samurai.verify_record(ended)
    assert not ok and problem.args["problem"].key == "verify-position-differs"


def _ended_hand(service: GameService) -> list[str]:
    with service.store.reading() as tx:
        game = tx.game(1)
    assert game is not None
    return list(game.state["hands"]["uesugi"])


def test_taking_back_a_card_reads_as_one_sentence(samurai: GameService) -> None:
    card = _hand(samurai)[0]
    samurai.act("c1", BOB, {"type": "play", "card": card})
    undone = samurai.undo("c1", BOB)
    assert undone.text.startswith("Uesugi takes back: Uesugi plays "), undone.text
    assert ".." not in undone.text and undone.text.endswith("."), undone.text
    assert card in _hand(samurai)
