"""Reports about the other side's units are claims: they count once that side agrees."""

from __future__ import annotations

import pytest

from bot.errors import (
    AdjustForReferee,
    NoClaim,
    NotClaimSubject,
    NotSeated,
    ReportsForReferee,
    SettingRefused,
)
from bot.service.gameservice import Caller, GameService
from bot.store.sqlite import Store
from tests.bot.conftest import ALICE, BOB, DAN, MOD
from tests.kit import checks
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
    with pytest.raises(SettingRefused):
        service.settings(CH, ALICE, reports="trust")
    with pytest.raises(SettingRefused):
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
    ready = service.act("k", ALICE, {"type": "start_battle"})
    service.settle("k", BOB, int(ready.buttons[0].arg), True)
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
    service.settings(CH, MOD, language="pt-BR")
    reply = service.act(CH, BOB, {"type": "destroyed", "unit": "N1"})
    assert reply.text.startswith("O Sul informa:")
    assert [b.label for b in reply.buttons] == ["Concordo", "Contesto"]
    assert "Concordo" in service.status(CH, Caller("9", "x")).buttons[0].label


def _40k_step(store: Store) -> str:
    with store.reading() as tx:
        game = tx.active_game("k")
        assert game is not None
        return str(game.state["step"])


@checks("wh40k/both-ready")
def test_the_40k_battle_starts_when_both_players_are_ready(
    service: GameService, store: Store
) -> None:
    service.new_game("k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("k", BOB)
    asked = service.act("k", ALICE, {"type": "start_battle", "first": "defender"})
    assert asked.mention == BOB.user_id and asked.text.startswith("Attacker asks:")
    assert asked.text == ("Attacker asks: `/wh40k start first:defender` "
                          f"It happens once <@{BOB.user_id}> agrees.")
    assert _40k_step(store) == "setup"
    # The defender goes on setting up while the request waits, then turns it down.
    service.act("k", BOB, {"type": "add_unit", "name": "Late Boyz", "models": 10,
                           "wounds": 1, "leadership": 7, "oc": 2, "x": 30, "y": 40})
    refused = service.settle("k", BOB, int(asked.buttons[1].arg), False)
    assert "turns down the request of Attacker" in refused.text
    assert _40k_step(store) == "setup"
    # Asked again, and agreed to: the battle begins, the defender first as asked.
    again = service.act("k", ALICE, {"type": "start_battle", "first": "defender"})
    started = service.settle("k", BOB, int(again.buttons[0].arg), True)
    assert started.text == "Defender agrees with the request of Attacker."
    assert _40k_step(store) == "command"
    with store.reading() as tx:
        game = tx.active_game("k")
        assert game is not None and game.state["active"] == "defender"


@checks("wh40k/both-ready")
def test_a_referee_who_does_not_play_starts_the_40k_battle_at_once(
    service: GameService, store: Store
) -> None:
    service.new_game("k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("k", BOB)
    service.settings("k", MOD, reports="trust")  # trust covers reports, not the start
    asked = service.act("k", BOB, {"type": "start_battle"})
    assert [b.label for b in asked.buttons] == ["Agree", "Dispute"]
    service.act("k", MOD, {"type": "start_battle"})
    assert _40k_step(store) == "command"


def _samurai_banners(store: Store) -> dict[str, int]:
    with store.reading() as tx:
        game = tx.active_game("s")
        assert game is not None
        return dict(game.state["banners"])


@checks("core/referee-consent")
def test_a_creator_who_plays_adjusts_only_with_the_other_sides_consent(
    service: GameService, store: Store
) -> None:
    service.new_game("s", "g1", ALICE, "samurai", "river-crossing", opponent=BOB)
    service.join("s", BOB)
    before = _samurai_banners(store)
    mine = next(seat for seat in before if seat == "takeda")
    for _ in range(3):  # three banners would win the game outright
        asked = service.act("s", ALICE, {"type": "adjust", "banner": mine})
        assert asked.mention == BOB.user_id and "asks:" in asked.text
    assert _samurai_banners(store) == before
    service.settle("s", BOB, int(asked.buttons[1].arg), False)
    service.settle("s", BOB, int(asked.buttons[1].arg) - 1, True)
    assert _samurai_banners(store)[mine] == before[mine] + 1
    # A moderator adjusts at once; so does the creator when the game trusts its players.
    service.act("s", MOD, {"type": "adjust", "banner": mine})
    assert _samurai_banners(store)[mine] == before[mine] + 2
    service.settings("s", MOD, reports="trust")
    service.act("s", ALICE, {"type": "adjust", "banner": mine})
    assert _samurai_banners(store)[mine] == before[mine] + 3
    # Left to referees, the playing creator is refused and nothing changes.
    service.settings("s", MOD, reports="referee")
    with pytest.raises(AdjustForReferee) as err:
        service.act("s", ALICE, {"type": "adjust", "banner": mine})
    assert err.value.rule is not None and err.value.rule.id == "core/referee-consent"
    assert _samurai_banners(store)[mine] == before[mine] + 3


@checks("core/referee-consent")
def test_a_hidden_piece_is_turned_up_only_with_its_owners_consent(
    service: GameService, store: Store
) -> None:
    service.new_game("b", "g1", ALICE, "bushido", "skirmish", opponent=BOB)
    service.join("b", BOB)
    with store.reading() as tx:
        game = tx.active_game("b")
        assert game is not None
        theirs = next(p for p in game.state["pieces"] if p["side"] != game.state["active"]
                      and game.seats[p["side"]] == BOB.user_id)
    asked = service.act("b", ALICE, {"type": "adjust", "piece": theirs["id"], "reveal": True})
    assert asked.mention == BOB.user_id
    # The request says what was asked, not the face it would show; nothing is turned up.
    assert asked.text.startswith("West asks: `/bushido adjust") or "asks: `/bushido" in asked.text
    log = service.log_lines("b", ALICE).lines[-1]
    assert "/bushido adjust" in log and theirs["movement"] not in log
    with store.reading() as tx:
        game = tx.active_game("b")
        assert game is not None
        piece = next(p for p in game.state["pieces"] if p["id"] == theirs["id"])
        assert piece == theirs
