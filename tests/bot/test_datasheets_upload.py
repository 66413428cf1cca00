"""/wh40k datasheets: a server's datasheets for the app's text export, kept on Accept.

Runs on SQLite and on PostgreSQL (BOTH_STORES): the upload, its Accept, the import that
reads it, and another server that does not see it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import uploads
from bot.errors import PlayerError, Stale
from bot.replies import Reply
from bot.service.datasheets import DatasheetsNotYours, DatasheetsOneThing, DatasheetsUnknown
from bot.service.gameservice import Caller, GameService
from bot.surface.dispatch import run
from bot.surface.entries import Context
from rules.core.engine import SERVER_DATASHEETS
from tests.bot.conftest import ALICE, BOB, CAROL, MOD

BOTH_STORES = True
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rosters"
CATALOGUE = (FIXTURES / "necrons.cat").read_text(encoding="utf-8")
APP = (FIXTURES / "app-necrons.txt").read_text(encoding="utf-8")
IMMORTALS = ('army = "Our own"\n[[datasheet]]\nname = "Immortals"\nmodels = 5\n'
             'max_models = 10\nwounds = 1\nleadership = 7\noc = 2\n')


def _sheets(service: GameService, options: dict[str, Any], who: Caller = ALICE,
            guild: str = "g1") -> Reply:
    reply: Reply = run(service, Context("c-admin", guild, who), "wh40k datasheets", options)
    return reply


def _kept(service: GameService, data: str, who: Caller = ALICE, guild: str = "g1") -> Reply:
    offered = _sheets(service, {"upload": data}, who, guild)
    return service.press("c-admin", who, offered.buttons[0].custom_id)


def _game(service: GameService, channel: str = "c40k", guild: str = "g1") -> None:
    service.new_game(channel, guild, ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join(channel, BOB)


def _import(service: GameService, channel: str = "c40k", guild: str = "g1") -> Reply:
    reply: Reply = run(service, Context(channel, guild, BOB), "wh40k roster", {"text": APP})
    return reply


def _missing(service: GameService, channel: str = "c40k", guild: str = "g1") -> tuple[str, ...]:
    with pytest.raises(PlayerError) as caught:
        _import(service, channel, guild)
    reason = caught.value.violation.reason  # type: ignore[attr-defined]
    assert reason.key == "refusal-app-missing-datasheets"
    return tuple(reason.args["units"].items)


def test_the_upload_is_listed_privately_and_kept_only_on_accept(service: GameService) -> None:
    _game(service)
    offered = _sheets(service, {"upload": CATALOGUE})
    assert offered.ephemeral and [b.label for b in offered.buttons] == ["Accept", "Cancel"]
    assert "Datasheets “Xenos - Necrons (test)”: 6 datasheets, 2 with a Leader ability" \
        in offered.lines[0]
    assert "• Necron Warriors: 10–20 models, W 1, Ld 7+, OC 2" in offered.lines
    assert "• Overlord: 1 model, W 6, Ld 6+, OC 1; leads Immortals, Lychguard, and Necron " \
        "Warriors" in offered.lines
    assert len(_missing(service)) == 6  # nothing kept before Accept
    with pytest.raises(Stale):  # only the uploader may accept
        service.press("c-admin", CAROL, offered.buttons[0].custom_id)
    accepted = service.press("c-admin", ALICE, offered.buttons[0].custom_id)
    assert "kept for this server" in accepted.text
    assert _missing(service) == ("Immortals",)  # exactly what the catalogue lacks
    _kept(service, IMMORTALS)
    preview = "\n".join(_import(service).lines)
    assert "• Necron Warriors (200 points): 20 models, W 1, Ld 7+, OC 2" in preview
    assert "• Immortals (150 points): 10 models" in preview
    listed = _sheets(service, {}, BOB)
    assert listed.lines == ["• `Our own`: 1 datasheet, uploaded by <@1001>",
                            "• `Xenos - Necrons (test)`: 6 datasheets, uploaded by <@1001>"]


def test_cancel_keeps_nothing(service: GameService) -> None:
    offered = _sheets(service, {"upload": CATALOGUE})
    assert "not kept" in service.press("c-admin", ALICE, offered.buttons[1].custom_id).text
    with pytest.raises(Stale):
        service.press("c-admin", ALICE, offered.buttons[0].custom_id)
    assert _sheets(service, {}).lines == []


def test_another_servers_upload_is_not_used(service: GameService) -> None:
    _kept(service, CATALOGUE, guild="g2")
    _kept(service, IMMORTALS, guild="g2")
    _game(service, "c-other", "g2")
    assert "Necron Warriors" in "\n".join(_import(service, "c-other", "g2").lines)
    _game(service)
    assert len(_missing(service)) == 6
    assert _sheets(service, {}).lines == []


def test_only_the_uploader_or_a_moderator_replaces_or_removes(service: GameService) -> None:
    _game(service)
    _kept(service, CATALOGUE)
    _kept(service, IMMORTALS)
    with pytest.raises(DatasheetsNotYours):
        _sheets(service, {"upload": IMMORTALS}, CAROL)
    with pytest.raises(DatasheetsNotYours):
        _sheets(service, {"remove": "Our own"}, CAROL)
    with pytest.raises(DatasheetsUnknown):
        _sheets(service, {"remove": "Theirs"})
    with pytest.raises(DatasheetsOneThing):
        _sheets(service, {"upload": IMMORTALS, "remove": "Our own"})
    assert "no longer kept" in _sheets(service, {"remove": "Our own"}, MOD).text
    assert _missing(service) == ("Immortals",)
    assert service.complete("c40k", "g1", ALICE, "datasheets", "necr", {}) == [
        ("Xenos - Necrons (test)", "Xenos - Necrons (test)")]


def test_a_hostile_upload_is_refused_and_nothing_kept(service: GameService) -> None:
    bomb = ('<?xml version="1.0"?><!DOCTYPE c [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
            '<catalogue name="&b;"/>')
    with pytest.raises(PlayerError) as caught:
        _sheets(service, {"upload": bomb})
    assert caught.value.violation.reason.key == "refusal-catalogue-doctype"  # type: ignore[attr-defined]
    assert _sheets(service, {}).lines == []
    with pytest.raises(uploads.FileTooLarge):  # refused before it is read
        uploads.check_size("Necrons.cat", uploads.MAX_CATALOGUE_BYTES + 1)
    uploads.check_size("Necrons.cat", 4 * 1024 * 1024)  # the largest real one fits


def test_a_player_cannot_bring_server_datasheets_of_their_own(service: GameService) -> None:
    _game(service)
    forged = {"type": "roster", "text": APP, SERVER_DATASHEETS: ["{}"]}
    attached = service.datasheets.attach("c40k", forged)
    assert attached[SERVER_DATASHEETS] == []  # the server's (none), not the caller's


def test_roster_check_reads_a_catalogue_beside_the_export(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.cli import main

    app, cat = str(FIXTURES / "app-necrons.txt"), str(FIXTURES / "necrons.cat")
    assert main(["roster", "check", app, "--datasheets", cat]) == 1
    assert "unknown: Immortals." in capsys.readouterr().err
