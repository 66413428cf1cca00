"""/wh40k roster from list builders: an ephemeral preview first, the army only on Accept."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import uploads
from bot.cli import main
from bot.console.terminal import Console
from bot.errors import PlayerError, Stale
from bot.service.gameservice import GameService
from bot.surface.dispatch import run
from bot.surface.entries import Context
from tests.bot.conftest import ALICE, BOB

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rosters"
ROSZ = (FIXTURES / "orks.rosz").read_bytes()


def _game(service: GameService) -> None:
    service.new_game("c40k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("c40k", BOB)


def _offer(service: GameService, data: str | bytes, who: object = BOB) -> object:
    ctx = Context("c40k", "g1", who)  # type: ignore[arg-type]
    return run(service, ctx, "wh40k roster", {"text": data})


def _army(service: GameService, seat: str) -> list[str]:
    with service.store.reading() as tx:
        game = tx.active_game("c40k")
        assert game is not None
        return [u["name"] for u in game.state["units"].values() if u["side"] == seat]


def test_a_rosz_upload_is_decoded_as_bytes_and_text_stays_text() -> None:
    assert uploads.decode("army.rosz", ROSZ) == ROSZ
    assert uploads.decode("army.ros", b"<roster/>") == "<roster/>"
    with pytest.raises(uploads.FileNotText):
        uploads.decode("army.toml", ROSZ)  # a zip under another name is not read
    with pytest.raises(uploads.FileTooLarge):
        uploads.check_size("army.rosz", uploads.MAX_ROSTER_BYTES + 1)
    uploads.check_size("army.rosz", uploads.MAX_UPLOAD_BYTES * 4)


def test_the_preview_changes_nothing_until_accept(service: GameService) -> None:
    _game(service)
    before = _army(service, "defender")
    with service.store.reading() as tx:
        version = tx.active_game("c40k").version  # type: ignore[union-attr]
    preview = _offer(service, ROSZ)
    assert preview.ephemeral  # type: ignore[attr-defined]
    text = "\n".join(preview.lines)  # type: ignore[attr-defined]
    assert "• Boyz: 10 models, W 1/2, Ld 7+, OC 2" in text
    assert "• Warboss: 1 model, W 6, Ld 6+, OC 1, leads Boyz" in text
    assert [b.label for b in preview.buttons] == ["Accept", "Cancel"]  # type: ignore[attr-defined]
    with service.store.reading() as tx:
        assert tx.active_game("c40k").version == version  # type: ignore[union-attr]
    assert _army(service, "defender") == before
    # Alice cannot accept Bob's preview.
    with pytest.raises(Stale):
        service.press("c40k", ALICE, preview.buttons[0].custom_id)  # type: ignore[attr-defined]
    loaded = service.press("c40k", BOB, preview.buttons[0].custom_id)  # type: ignore[attr-defined]
    assert "Defender loads the roster “Da Red Skullz”" in loaded.text + "\n".join(loaded.lines)
    assert _army(service, "defender") == ["Warboss", "Boyz", "Battlewagon"]
    with pytest.raises(Stale):  # accepted once; the same button again does nothing
        service.press("c40k", BOB, preview.buttons[0].custom_id)  # type: ignore[attr-defined]


def test_cancel_drops_the_preview(service: GameService) -> None:
    _game(service)
    before = _army(service, "defender")
    preview = _offer(service, ROSZ)
    cancelled = service.press("c40k", BOB, preview.buttons[1].custom_id)  # type: ignore[attr-defined]
    assert cancelled.ephemeral and "nothing changed" in cancelled.text
    with pytest.raises(Stale):
        service.press("c40k", BOB, preview.buttons[0].custom_id)  # type: ignore[attr-defined]
    assert _army(service, "defender") == before


def test_a_preview_survives_the_other_sides_import(service: GameService) -> None:
    _game(service)
    mine = _offer(service, ROSZ)
    theirs = _offer(service, (FIXTURES / "ultramarines.ros").read_bytes(), ALICE)
    service.press("c40k", ALICE, theirs.buttons[0].custom_id)  # type: ignore[attr-defined]
    service.press("c40k", BOB, mine.buttons[0].custom_id)  # type: ignore[attr-defined]
    assert _army(service, "attacker") == ["Captain", "Intercessor Squad", "Brother Tarkus"]
    assert _army(service, "defender") == ["Warboss", "Boyz", "Battlewagon"]


def test_a_bad_roster_is_refused_at_once_naming_what_is_wrong(service: GameService) -> None:
    _game(service)
    with pytest.raises(PlayerError) as caught:
        _offer(service, b"<?xml version='1.0'?><!DOCTYPE r [<!ENTITY a 'b'>]><roster/>")
    assert caught.value.violation.reason.key == "refusal-roster-doctype"  # type: ignore[attr-defined]
    with pytest.raises(PlayerError) as caught:
        _offer(service, (FIXTURES / "app-unknown.txt").read_text(encoding="utf-8"))
    assert caught.value.violation.reason.key == "refusal-roster-missing-datasheets"  # type: ignore[attr-defined]


def test_the_console_previews_and_clicks_accept(service: GameService, tmp_path: Path) -> None:
    out: list[str] = []
    console = Console(service, tmp_path / "out", write=out.append)
    console.run_lines([
        "@alice /game new system:wh40k scenario:take-and-hold opponent:@bob",
        "@bob click 1",
        f"@bob /wh40k roster text:{FIXTURES / 'app-unknown.txt'} "
        f"datasheets:{FIXTURES / 'app-unknown-datasheets.toml'}",
        "@bob click 1",
    ])
    text = "\n".join(out)
    assert "• Stormboyz: 5 models, W 1/2, Ld 7+, OC 1" in text
    assert "Defender loads the roster “Mixed patrol”" in text
    assert console.failures == 0


def test_roster_check_lists_units_or_says_what_is_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["roster", "check", str(FIXTURES / "orks.rosz")]) == 0
    assert "• Boyz: 10 models, W 1/2, Ld 7+, OC 2" in capsys.readouterr().out
    assert main(["roster", "check", str(FIXTURES / "app-unknown.txt")]) == 1
    assert "Deffkoptas and Stormboyz" in capsys.readouterr().err
    assert main(["roster", "check", str(FIXTURES / "app-unknown.txt"), "--datasheets",
                 str(FIXTURES / "app-unknown-datasheets.toml")]) == 0
