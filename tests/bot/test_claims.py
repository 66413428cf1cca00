"""Reports about the other side's units are claims: they count once that side agrees."""

from __future__ import annotations

import pytest

from bot.errors import NoClaim, NotClaimSubject, NotSeated, ReportsForReferee, ReportsLocked
from bot.service import Caller, GameService
from bot.store import Store
from tests.bot.conftest import ALICE, BOB, DAN, MOD
from tests.rules.fantasy_warriors.kit import NORTH_COMMANDS, SOUTH_COMMANDS

CH = "fw"


def _fw_battle(service: GameService, reports: str | None = None) -> None:
    """Alice (North) and Bob (South) in a Fantasy Warriors battle, every command on HOLD."""
    service.new_game(CH, "g1", ALICE, "fantasy_warriors", "the-stockade-ford", opponent=BOB)
    if reports:
        service.settings(CH, ALICE, reports=reports)
    service.join(CH, BOB)
    for caller, commands in ((ALICE, NORTH_COMMANDS), (BOB, SOUTH_COMMANDS)):
        for command in commands:
            service.act(CH, caller, {"type": "order", "command": command, "order": "hold"})
        service.act(CH, caller, {"type": "ready"})


def _status(store: Store) -> tuple[int, str, list[str]]:
    with store.reading() as tx:
        game = tx.latest_game(CH)
        assert game is not None
        return game.version, game.status, [e.kind for e in tx.log(game.id)]


def _unit_status(store: Store, unit: str) -> str:
    with store.reading() as tx:
        game = tx.latest_game(CH)
        assert game is not None
        return str(game.state["units"][unit]["status"])


def test_destroying_the_enemy_army_by_report_changes_nothing_until_it_agrees(
    service: GameService, store: Store
) -> None:
    _fw_battle(service)
    version, _, _ = _status(store)
    claims = []
    for unit in ("N1", "N2", "N3", "N4", "N5", "N6"):
        reply = service.act(CH, BOB, {"type": "destroyed", "unit": unit})
        assert reply.mention == ALICE.user_id
        assert [b.label for b in reply.buttons] == ["Agree", "Dispute"]
        assert "South reports:" in reply.text and "the units of North" in reply.text
        claims.append(int(reply.buttons[0].arg))
    after, status, kinds = _status(store)
    # The game did not end and its position did not move: six claims wait in the log.
    assert (after, status) == (version, "active")
    assert kinds[-6:] == ["claim"] * 6
    assert _unit_status(store, "N1") == "in-play"
    status_reply = service.status(CH, DAN)
    assert sum("Awaiting North: South reports" in line for line in status_reply.lines) == 6
    # North agrees to one, disputes another; Bob cannot settle his own claim.
    with pytest.raises(NotClaimSubject):
        service.settle(CH, BOB, claims[0], True)
    agreed = service.settle(CH, ALICE, claims[0], True)
    assert agreed.text == "North agrees with the report of South."
    assert _unit_status(store, "N1") == "destroyed"
    disputed = service.settle(CH, ALICE, claims[1], False)
    assert "disputes the report of South" in disputed.text
    assert _unit_status(store, "N2") == "in-play"
    with pytest.raises(NoClaim):
        service.settle(CH, ALICE, claims[1], True)
    # Bob withdraws one; a moderator settles another.
    assert "withdraws" in service.settle(CH, BOB, claims[2], False).text
    service.settle(CH, MOD, claims[3], True)
    assert _unit_status(store, "N4") == "destroyed"
    _, _, kinds = _status(store)
    assert kinds.count("claim_agreed") == 2 and kinds.count("claim_disputed") == 1
    assert service.verify_all()[0][1]


def test_claim_buttons_act_on_their_claim(service: GameService) -> None:
    _fw_battle(service)
    claim = service.act(CH, BOB, {"type": "left", "unit": "N5"})
    # A later action moves the game on; the claim's buttons still answer that claim.
    service.act(CH, ALICE, {"type": "sight", "unit": "N1", "visible": False})
    yes = claim.buttons[0]
    reply = service.press(CH, ALICE, yes.custom_id)
    assert reply.text == "North agrees with the report of South."
    assert any("N5" in line and "leaves the battlefield" in line for line in reply.lines)
    with pytest.raises(NoClaim):
        service.press(CH, ALICE, claim.buttons[1].custom_id)


def test_own_reports_count_at_once_and_trust_skips_agreement(
    service: GameService, store: Store
) -> None:
    _fw_battle(service, reports="trust")
    service.act(CH, BOB, {"type": "destroyed", "unit": "N1"})
    assert _unit_status(store, "N1") == "destroyed"
    service.act(CH, ALICE, {"type": "destroyed", "unit": "N2"})
    assert _unit_status(store, "N2") == "destroyed"


def test_referee_policy_leaves_enemy_reports_to_a_referee(
    service: GameService, store: Store
) -> None:
    _fw_battle(service, reports="referee")
    version, _, _ = _status(store)
    with pytest.raises(ReportsForReferee) as caught:
        service.act(CH, BOB, {"type": "destroyed", "unit": "N1"})
    assert caught.value.rule is not None
    assert caught.value.rule.id == "core/reports-need-agreement"
    assert _status(store)[0] == version
    # A moderator who plays no seat reports for North; a spectator cannot.
    service.act(CH, MOD, {"type": "destroyed", "unit": "N1"})
    assert _unit_status(store, "N1") == "destroyed"
    with pytest.raises(NotSeated):
        service.act(CH, DAN, {"type": "destroyed", "unit": "N2"})


def test_only_a_moderator_changes_the_policy_once_players_joined(service: GameService) -> None:
    _fw_battle(service)
    with pytest.raises(ReportsLocked):
        service.settings(CH, ALICE, reports="trust")
    with pytest.raises(ReportsLocked):
        service.settings(CH, BOB, reports="trust")
    reply = service.settings(CH, MOD, reports="trust")
    assert "reports about the other side's units: trusted" in reply.text


def test_a_referee_restores_a_unit_and_reopens_a_battle_ended_by_mistake(
    service: GameService, store: Store
) -> None:
    _fw_battle(service)
    for unit in ("N1", "N2", "N3", "N4", "N5", "N6"):
        service.act(CH, ALICE, {"type": "destroyed", "unit": unit})
    _, status, _ = _status(store)
    assert status == "finished"
    reply = service.act(CH, MOD, {"type": "adjust", "unit": "N3", "status": "in-play"})
    assert any("the battle goes on" in line for line in [reply.text, *reply.lines])
    with store.reading() as tx:
        game = tx.latest_game(CH)
        assert game is not None
        assert (game.status, game.winner, game.result) == ("active", None, None)
    # Players cannot reach a finished game; only a referee's correction can.
    with store.reading() as tx:
        assert tx.active_game(CH) is not None
    assert all(ok for _, ok, _ in service.verify_all())


def test_40k_claims_losses_of_enemy_units_and_restores_of_ones_own(
    service: GameService, store: Store
) -> None:
    service.new_game("k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("k", BOB)
    service.act("k", ALICE, {"type": "start_battle"})
    captain = "U1"
    with store.reading() as tx:
        game = tx.active_game("k")
        assert game is not None
        assert game.state["units"][captain]["side"] == "attacker"
        models = game.state["units"][captain]["models"]
    claim = service.act("k", BOB, {"type": "casualties", "unit": captain, "models": models})
    assert claim.mention == ALICE.user_id and "the units of Attacker" in claim.text
    service.settle("k", ALICE, int(claim.buttons[0].arg), True)
    # The attacker gives its own Captain back: now the defender must agree.
    back = service.act("k", ALICE, {"type": "restore", "unit": captain, "models": models})
    assert back.mention == BOB.user_id
    service.settle("k", BOB, int(back.buttons[0].arg), True)
    with store.reading() as tx:
        game = tx.active_game("k")
        assert game is not None
        assert game.state["units"][captain]["models"] == models


def test_a_claim_that_is_no_longer_legal_lapses(service: GameService, store: Store) -> None:
    _fw_battle(service)
    claim = service.act(CH, BOB, {"type": "destroyed", "unit": "N1"})
    service.act(CH, ALICE, {"type": "left", "unit": "N1"})
    lapsed = service.settle(CH, ALICE, int(claim.buttons[0].arg), True)
    assert "lapses" in lapsed.text
    assert _unit_status(store, "N1") == "left"
    assert _status(store)[2][-1] == "claim_lapsed"


def test_claims_read_in_portuguese(service: GameService) -> None:
    _fw_battle(service)
    service.settings(CH, ALICE, language="pt-BR")
    reply = service.act(CH, BOB, {"type": "destroyed", "unit": "N1"})
    assert reply.text.startswith("O Sul informa:")
    assert [b.label for b in reply.buttons] == ["Concordo", "Contesto"]
    assert "Concordo" in service.status(CH, Caller("9", "x")).buttons[0].label
