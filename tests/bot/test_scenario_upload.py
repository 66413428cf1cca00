"""/samurai scenario upload: a private preview of the map, kept on Accept, played with
/game new, and a game that replays from its own copy whatever happens to the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.errors import PlayerError, Refused, Stale
from bot.service.gameservice import GameService
from bot.store.gamestore import GameStore
from bot.surface.dispatch import run
from bot.surface.entries import Context
from renderers import render_png
from tests.bot.conftest import ALICE, BOB, CAROL, MOD

EXAMPLE = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "scenario.toml").read_text()


def _upload(service: GameService, text: str, who: object = ALICE, channel: str = "c1") -> object:
    return run(service, Context(channel, "g1", who), "samurai scenario",  # type: ignore[arg-type]
               {"upload": text})


def _press(service: GameService, reply: object, index: int, who: object = ALICE) -> object:
    button = reply.buttons[index]  # type: ignore[attr-defined]
    return service.press("c1", who, button.custom_id)  # type: ignore[arg-type]


@pytest.fixture
def drawn(store: GameStore) -> GameService:
    return GameService(store, render=render_png, seed_factory=lambda: "seed-upload")


def test_upload_preview_accept_play_and_replay_after_the_file_changes(
    drawn: GameService, tmp_path: Path
) -> None:
    preview = _upload(drawn, EXAMPLE)
    assert preview.ephemeral and preview.image  # type: ignore[attr-defined]
    assert preview.image[:8] == b"\x89PNG\r\n\x1a\n"  # type: ignore[attr-defined]
    assert "Hill of Crows" in preview.text  # type: ignore[attr-defined]
    # Nothing is kept before Accept: /game new does not know the name yet.
    with pytest.raises(PlayerError):
        drawn.new_game("c1", "g1", ALICE, "samurai", "hill-of-crows", opponent=BOB)
    accepted = _press(drawn, preview, 0)
    assert "hill-of-crows" in accepted.text  # type: ignore[attr-defined]
    drawn.new_game("c1", "g1", ALICE, "samurai", "hill-of-crows", opponent=BOB)
    drawn.join("c1", BOB)
    with drawn.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
    first = game.scenario
    assert first.startswith("custom:") and '"Hill of Crows"' in first
    assert game.state["scenario"] == first
    # The file changes: a new version under the same name replaces it for new games only.
    changed = EXAMPLE.replace('title = "Hill of Crows"', 'title = "Hill of Ravens"')
    _press(drawn, _upload(drawn, changed), 0)
    with drawn.store.reading() as tx:
        assert tx.uploaded_scenario("g1", "samurai", "hill-of-crows")[0] != first  # type: ignore[index]
        assert tx.game(game.id).scenario == first  # type: ignore[union-attr]
    ok, _ = drawn.records.verify_game(game.id)
    assert ok
    # Then it is deleted altogether: the game still replays, exports and re-verifies.
    with drawn.store.transaction() as tx:
        tx.conn.execute("DELETE FROM scenarios")
    ok, _ = drawn.records.verify_game(game.id)
    assert ok
    record = json.loads(drawn.records.export(*_row_and_log(drawn, game.id)))
    assert record["scenario"] == first
    status = drawn.status("c1", ALICE)
    assert "Hill of Crows" in (status.title or "")
    # Played on: a card, orders, the end of the turn; then it ends and its record is
    # verified elsewhere (an import) and animated, all from the game's own copy.
    with drawn.store.reading() as tx:
        state = tx.active_game("c1").state  # type: ignore[union-attr]
    card = state["hands"]["oda"][0]
    drawn.act("c1", ALICE, {"type": "play", "card": card})
    drawn.resign("c1", BOB)
    row, log = _row_and_log(drawn, game.id)
    assert row.status == "finished" and len(log) >= 3
    record = json.loads(drawn.records.export(row, log))
    assert record["scenario"] == first and record["seed"]
    ok, said = drawn.verify_record(record)
    assert ok, said
    animated = drawn.replay("c1", ALICE)
    assert animated.files or animated.image


def _row_and_log(service: GameService, game_id: int) -> tuple[Any, Any]:
    with service.store.reading() as tx:
        return tx.game(game_id), tx.log(game_id)


def test_cancel_keeps_nothing_and_only_the_uploader_presses(service: GameService) -> None:
    preview = _upload(service, EXAMPLE)
    with pytest.raises(Stale):
        _press(service, preview, 0, who=BOB)
    cancelled = _press(service, preview, 1)
    assert "hill-of-crows" in cancelled.text  # type: ignore[attr-defined]
    with pytest.raises(Stale):
        _press(service, preview, 0)
    with service.store.reading() as tx:
        assert tx.uploaded_scenario_names("g1", "samurai") == []


def test_a_name_taken_by_someone_else_or_bundled_is_refused(service: GameService) -> None:
    _press(service, _upload(service, EXAMPLE), 0)
    with pytest.raises(PlayerError) as refused:
        _upload(service, EXAMPLE, who=CAROL)
    assert refused.value.key == "error-scenario-name-taken"
    _upload(service, EXAMPLE, who=MOD)  # a moderator may replace it
    with pytest.raises(PlayerError):
        _upload(service, EXAMPLE.replace('id = "hill-of-crows"', 'id = "open-field"'))


def test_a_mistake_is_refused_naming_its_line_and_field(service: GameService) -> None:
    with pytest.raises(Refused) as refused:
        _upload(service, EXAMPLE.replace('hex = "G2"', 'hex = "Z9"'))
    reason = refused.value.reason
    assert reason.key == "refusal-scenario-hex"
    assert reason.args["line"] == 53 and reason.args["field"] == "piece 2: hex"
    with service.store.reading() as tx:
        assert tx.uploaded_scenario_names("g1", "samurai") == []


def test_the_author_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text(EXAMPLE)
    picture = tmp_path / "map.png"
    assert main(["scenario", "check", str(good), "--out", str(picture)]) == 0
    assert "hill-of-crows" in capsys.readouterr().out
    assert picture.read_bytes()[:4] == b"\x89PNG"
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.replace('type = "ashigaru-bow"', 'type = "ninja"'))
    assert main(["scenario", "check", str(bad)]) == 1
    assert "Line 56" in capsys.readouterr().err


def test_game_new_offers_the_servers_own_scenarios_and_their_seats(service: GameService) -> None:
    ctx = ("c1", "g1", ALICE)
    before = service.complete(*ctx, "scenario", "crow", {"system": "samurai"})
    assert before == []
    _press(service, _upload(service, EXAMPLE), 0)
    offered = service.complete(*ctx, "scenario", "crow", {"system": "samurai"})
    assert offered == [("Hill of Crows (hill-of-crows)", "hill-of-crows")]
    assert service.complete("c1", "other-server", ALICE, "scenario", "crow",
                            {"system": "samurai"}) == []
    seats = service.complete(*ctx, "seat", "", {"system": "samurai",
                                                "scenario": "hill-of-crows"})
    assert seats == [("Oda", "oda"), ("Imagawa", "imagawa")]
