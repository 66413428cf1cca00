"""/wh40k roster from list builders: an ephemeral preview first, the army only on Accept."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest

from bot import uploads
from bot.cli import main
from bot.console.terminal import Console
from bot.errors import PlayerError, Stale
from bot.service.gameservice import GameService
from bot.surface.dispatch import run
from bot.surface.entries import Context
from bot.text import Words
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
    assert "• Boyz: 10 models\n    ◦ Boy: 9 models, W 1, Ld 7+, OC 2\n" in text
    assert "    ◦ Boss Nob: 1 model, W 2, Ld 7+, OC 2" in text
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
    assert caught.value.violation.reason.key == "refusal-app-missing-datasheets"  # type: ignore[attr-defined]


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
    assert "• Stormboyz (65 points): 5 models\n      ◦ Stormboy: 4 models, W 1, Ld 7+, OC 1" \
        in text
    assert "Defender loads the roster “Mixed patrol”" in text
    assert console.failures == 0


def test_roster_check_lists_units_or_says_what_is_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["roster", "check", str(FIXTURES / "orks.rosz")]) == 0
    assert "• Boyz: 10 models\n    ◦ Boy: 9 models" in capsys.readouterr().out
    assert main(["roster", "check", str(FIXTURES / "app-unknown.txt")]) == 1
    assert "Stormboyz and Deffkoptas" in capsys.readouterr().err
    assert main(["roster", "check", str(FIXTURES / "app-unknown.txt"), "--datasheets",
                 str(FIXTURES / "app-unknown-datasheets.toml")]) == 0


def _preview(service: GameService, data: str | bytes, language: str = "en") -> str:
    service.new_game("c40k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB,
                     language=language)
    service.join("c40k", BOB)
    return "\n".join(_offer(service, data).lines)  # type: ignore[attr-defined]


NECRONS = (FIXTURES / "necrons.ros").read_bytes()


def test_issue28_finding10_each_model_profile_has_its_line_with_points_and_warlord(
    service: GameService,
) -> None:
    assert _preview(service, NECRONS).splitlines() == [
        "Roster “Silent Court”: 2 units, 13 models, 490 points.",
        "• The Silent King (400 points), Warlord: 3 models",
        "    ◦ Triarchal Menhir: 2 models, W 6, Ld 6+, OC 1",
        "    ◦ Szarekh: 1 model, W 16, Ld 5+, OC 6",
        "• Necron Warriors (90 points): 10 models, W 1, Ld 7+, OC 2",
    ]


def test_issue28_finding10_the_preview_in_portuguese(service: GameService) -> None:
    assert _preview(service, NECRONS, "pt-BR").splitlines() == [
        "Lista “Silent Court”: 2 unidades, 13 miniaturas, 490 pontos.",
        "• The Silent King (400 pontos), Senhor da Guerra: 3 miniaturas",
        "    ◦ Triarchal Menhir: 2 miniaturas, W 6, Ld 6+, OC 1",
        "    ◦ Szarekh: 1 miniatura, W 16, Ld 5+, OC 6",
        "• Necron Warriors (90 pontos): 10 miniaturas, W 1, Ld 7+, OC 2",
    ]


@pytest.mark.parametrize(("language", "header"), [
    ("en", "Roster “Lone”: 1 unit, 1 model."),
    ("pt-BR", "Lista “Lone”: 1 unidade, 1 miniatura."),
])
def test_issue28_finding10_one_unit_is_said_in_the_singular(
    service: GameService, language: str, header: str,
) -> None:
    toml = ('name = "Lone"\n[[unit]]\nname = "Captain"\nmodels = 1\nwounds = 5\n'
            'leadership = 6\noc = 1\n')
    assert _preview(service, toml, language).splitlines()[0] == header


@pytest.mark.parametrize(("language", "said"), [
    ("en", "This is a roster for Warhammer 40,000: Kill Team (2024), not for Warhammer "
           "40,000 (10th edition)."),
    ("pt-BR", "Esta é uma lista de Warhammer 40,000: Kill Team (2024), não de Warhammer "
              "40,000 (10ª edição)."),
])
def test_issue28_finding10_a_kill_team_roster_is_refused_by_name(
    service: GameService, language: str, said: str,
) -> None:
    with pytest.raises(PlayerError) as caught:
        _preview(service, (FIXTURES / "killteam.ros").read_bytes(), language)
    assert said in Words.of(language, "wh40k").message(caught.value.message())


@pytest.mark.parametrize(("language", "said"), [
    ("en", "The .rosz file says its roster “army.ros” is 1,000 bytes, but it unzips to "
           "{found} bytes: the file was damaged (cut short or altered). Export it again."),
    ("pt-BR", "O arquivo .rosz diz que a sua lista “army.ros” tem 1.000 bytes, mas ela "
              "descompacta em {found} bytes: o arquivo foi danificado (cortado ou alterado)."),
])
def test_issue28_finding10_a_rosz_whose_header_lies_says_so(
    service: GameService, language: str, said: str,
) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("army.ros", NECRONS)
    data = bytearray(out.getvalue())
    for at in (22, data.rfind(b"PK\x01\x02") + 24):  # the local and central sizes
        struct.pack_into("<I", data, at, 1000)
    with pytest.raises(PlayerError) as caught:
        _preview(service, bytes(data), language)
    text = Words.of(language, "wh40k").message(caught.value.message())
    found = f"{len(NECRONS):,}".replace(",", "." if language == "pt-BR" else ",")
    assert said.format(found=found) in text, text
