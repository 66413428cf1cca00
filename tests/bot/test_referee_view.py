"""core/referee-sees-hidden: what a referee who holds no seat may read of hidden things."""

from __future__ import annotations

import pytest

from bot.errors import NotSeated, SettingRefused
from bot.service.gameservice import GameService
from tests.bot.conftest import ALICE, BOB, DAN, MOD
from tests.kit import checks


def _samurai(service: GameService, sees: str | None = None) -> None:
    service.new_game("t", "g", ALICE, "samurai", "river-crossing", opponent=BOB)
    if sees is not None:
        service.settings("t", ALICE, referee_sees=sees)  # before Bob sits down
    service.join("t", BOB)


@checks("core/referee-sees-hidden")
def test_referee_sees_hidden_is_off_by_default(service: GameService) -> None:
    _samurai(service)
    with pytest.raises(NotSeated):
        service.private("t", MOD)


@checks("core/referee-sees-hidden")
def test_referee_sees_hidden_shows_every_seat_to_a_moderator(service: GameService) -> None:
    _samurai(service, sees="everything")
    shown = service.private("t", MOD)
    assert shown.ephemeral and shown.text.startswith("What every seat hides")
    for player in (ALICE, BOB):  # every line of each player's hand is in the referee's view
        hand = service.private("t", player)
        assert hand.lines
        for line in hand.lines:
            assert any(seen.endswith(line) for seen in shown.lines), (line, shown.lines)
    with pytest.raises(NotSeated):  # a spectator never
        service.private("t", DAN)
    # the creator plays, so she still sees her own hand only
    alice = service.private("t", ALICE)
    assert alice.text == "Only you can see this:"
    assert not any(line.startswith("Uesugi:") for line in alice.lines)


@checks("core/referee-sees-hidden")
def test_referee_sees_hidden_is_chosen_before_players_join(service: GameService) -> None:
    _samurai(service, sees="everything")
    with pytest.raises(SettingRefused):
        service.settings("t", ALICE, referee_sees="public")
    reply = service.settings("t", MOD, referee_sees="public")
    assert "the public position only" in reply.text
    with pytest.raises(NotSeated):
        service.private("t", MOD)
