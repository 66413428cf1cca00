"""`/game hand` reuses pictures: per game, version and seat, and the public one when equal."""

from __future__ import annotations

from typing import Any

from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from tests.bot.conftest import ALICE, BOB


def _samurai(store: Store) -> tuple[GameService, list[Any]]:
    drawn: list[Any] = []

    def render(view: Any, *, lineage: Any = None) -> bytes:
        drawn.append(view)
        return f"png-{len(drawn)}".encode()

    service = GameService(store, render=render)
    service.new_game("c1", "g1", ALICE, "samurai", "river-crossing", opponent=BOB)
    service.join("c1", BOB)
    return service, drawn


def test_a_seat_seeing_the_public_board_gets_its_picture(store: Store) -> None:
    service, drawn = _samurai(store)
    public = service.status("c1").image
    before = len(drawn)
    mine = service.private("c1", BOB)  # Uesugi sits at the bottom edge: the public view
    assert mine.image == public
    assert len(drawn) == before


def test_the_turned_board_is_drawn_once_per_position(store: Store) -> None:
    service, drawn = _samurai(store)
    first = service.private("c1", ALICE)  # Takeda sits at the top: the board turned
    again = service.private("c1", ALICE)
    assert first.image == again.image and drawn[-1].flipped
    count = len(drawn)
    assert service.private("c1", ALICE).image == first.image and len(drawn) == count


def test_a_new_position_draws_the_hand_again(store: Store) -> None:
    service, drawn = _samurai(store)
    first = service.private("c1", ALICE).image
    reply = service.private("c1", BOB)
    card = next(b for b in reply.buttons if b.label.startswith("Play "))
    service.press("c1", BOB, card.custom_id)
    count = len(drawn)
    assert service.private("c1", ALICE).image != first
    assert len(drawn) == count + 1
