"""/game replay and `banneret replay`: a game's public positions as one animated GIF.

Frame rule: position 0 is the start and position n follows the nth action in force;
a run of consecutive positions whose public boards are equal is ONE frame (shown for
the whole run), so the frames of a range are the runs of equal boards in it.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import progress
from bot.app import demo_seed
from bot.cli import main
from bot.console.terminal import Console
from bot.errors import PlayerError
from bot.service import replay
from bot.service.gameservice import GameService
from bot.service.records import effective_actions
from bot.store.sqlite import Store
from bot.text import Words
from renderers import render_png
from renderers.animation import animate, runs
from renderers.samples import samurai_board
from rules.core.data import data_dir
from rules.core.system import system
from tests.bot.conftest import BOB, DAN
from tests.reliability.test_hidden import _other_faces, _other_hand

DISCORD_LIMIT = 25 * 1024 * 1024


def _play(path: Path, demo: str, lines: int | None = None) -> GameService:
    """Play a bundled demo (its first `lines` lines) in channel 'demo' without drawing."""
    store = Store(path)
    quiet = GameService(store, seed_factory=lambda: demo_seed(demo))
    console = Console(quiet, path.parent, write=lambda _line: None)
    console.channel = "demo"
    script = (data_dir() / "demo" / f"{demo}.txt").read_text(encoding="utf-8").splitlines()
    console.run_lines(script[:lines])
    assert console.failures == 0
    return GameService(store, render=render_png)


@pytest.fixture(scope="module")
def samurai(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameService]:
    """The Samurai demo played to its victory, with a drawing service on its store."""
    service = _play(tmp_path_factory.mktemp("samurai") / "games.db", "samurai")
    yield service
    service.store.close()


def _frames(data: bytes) -> list[tuple[bytes, int]]:
    """Decode every frame of an animation: (its RGB pixels, its duration in ms)."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.is_animated or image.n_frames == 1
    out = []
    for number in range(image.n_frames):
        image.seek(number)
        out.append((image.convert("RGB").tobytes(), int(image.info["duration"])))
    return out


def _positions(service: GameService) -> int:
    with service.store.reading() as tx:
        game = tx.latest_game("demo")
        assert game is not None
        return len(effective_actions(tx.log(game.id))) + 1


def _boards(service: GameService) -> list[Any]:
    """Replay the demo with the rules alone: each position's public board, as data."""
    with service.store.reading() as tx:
        game = tx.latest_game("demo")
        assert game is not None
        actions = [e.action for e in effective_actions(tx.log(game.id))]
    sys = system(game.system)
    state = sys.replay_start(game.scenario, game.seed, game.engine_version)
    boards = [sys.view(state, None).board]
    for action in actions:
        state = sys.apply(state, sys.parse_action(action))[0]
        boards.append(sys.view(state, None).board)
    return boards


def _run_lengths(boards: list[Any]) -> list[int]:
    """Count the runs of equal consecutive boards: one frame each, shown for the run."""
    out = [1]
    for before, after in zip(boards, boards[1:], strict=False):
        if after == before:
            out[-1] += 1
        else:
            out.append(1)
    return out


def test_a_whole_game_decodes_with_one_frame_per_position_within_the_limit(
    samurai: GameService, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One frame for each run of equal public boards, held for the whole run."""
    monkeypatch.setattr(replay, "MAX_FRAMES", 1000)  # every position (the steps: below)
    reply = samurai.replay("demo", DAN)
    ((name, data),) = reply.files
    positions = _positions(samurai)
    assert name == f"banneret-replay-1-0-{positions - 1}.gif"
    frames = _frames(data)
    lengths = _run_lengths(_boards(samurai))
    assert sum(lengths) == positions > 100
    assert len(frames) == len(lengths)
    assert len(data) <= replay.BUDGET_BYTES < DISCORD_LIMIT
    assert [d for _, d in frames[:-1]] == [800 * n for n in lengths[:-1]]
    assert frames[-1][1] >= 3000  # the last position is held longer
    last = positions - 1
    assert reply.text == f"Positions 0 to {last} (the latest is {last}): {len(frames)} frames, " \
                         f"{round(len(data) / 1024):,} KB."
    assert reply.title == "Command & Colors: Samurai Battles: River Crossing"


def test_a_range_shows_exactly_its_positions(samurai: GameService) -> None:
    whole = _frames(samurai.replay("demo", DAN, start=0, end=12).files[0][1])
    part = samurai.replay("demo", BOB, start=10, end=12, delay=1.5)
    frames = _frames(part.files[0][1])
    assert [pixels for pixels, _ in frames] == [pixels for pixels, _ in whole[10:13]]
    assert [d for _, d in frames] == [1500, 1500, 3000]
    assert part.files[0][0] == "banneret-replay-1-10-12.gif"


def test_equal_consecutive_boards_make_one_frame_shown_for_the_whole_run() -> None:
    board = samurai_board()
    other = board.model_copy(update={"markers": board.markers[1:]})
    made = animate([board, board, board, other, board], delay_ms=500, hold_ms=2000)
    frames = _frames(made.data)
    assert made.frames == len(frames) == len(runs([board, board, board, other, board])) == 3
    assert [d for _, d in frames] == [1500, 500, 2000]
    assert frames[0][0] == frames[2][0] != frames[1][0]


def test_a_long_range_shows_one_position_in_every_step_and_says_so(
    samurai: GameService, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replay, "MAX_FRAMES", 20)
    reply = samurai.replay("demo", DAN)
    last = _positions(samurai) - 1
    step = math.ceil(last / 19)  # 0, step, 2 step, ... and the last: the ends always shown
    shown = sorted({*range(0, last + 1, step), last})
    boards = _boards(samurai)
    assert len(_frames(reply.files[0][1])) == len(_run_lengths([boards[i] for i in shown]))
    assert reply.lines == [f"A long stretch of play: one position in every {step} is shown, "
                           "so the file stays small. Ask for fewer positions with `start:` and "
                           "`end:` to see each one."]


@pytest.mark.parametrize(("options", "key", "said"), [
    ({"start": 5, "end": 3}, "replay-backwards", "`start:` (5) must not come after `end:` (3)."),
    ({"start": 500}, "replay-no-such-position",
     "There is no position 500: this game's positions go from 0 (the start) to "),
    ({"end": -1}, "replay-no-such-position", "There is no position -1"),
    ({"delay": 9.0}, "replay-bad-delay", "`delay:` takes from 0.2 to 5 seconds."),
    ({"delay": float("nan")}, "replay-bad-delay", "`delay:` takes"),
])
def test_bad_ranges_and_delays_are_refused_politely(
    samurai: GameService, options: dict[str, Any], key: str, said: str,
) -> None:
    with pytest.raises(PlayerError) as refused:
        samurai.replay("demo", DAN, **options)
    problem = refused.value.values["problem"]
    assert problem.key == key  # type: ignore[union-attr]
    assert said in refused.value.text()
    assert "Traceback" not in refused.value.text("pt-BR")


def test_the_refusals_are_worded_in_portuguese_too() -> None:
    words = Words.of("pt-BR")
    with pytest.raises(PlayerError) as refused:
        replay.span(10, 3, 12, words)
    assert refused.value.text().endswith(
        "Não existe a posição 12: as posições desta partida vão de 0 (o início) a 9.")


def test_without_a_renderer_the_replay_is_refused(samurai: GameService) -> None:
    bare = GameService(samurai.store)
    with pytest.raises(replay.NoDrawing) as refused:
        bare.replay("demo", DAN)
    assert refused.value.text() == "This bot draws no boards, so it cannot draw a replay."


def test_progress_is_reported_in_the_games_words(samurai: GameService) -> None:
    heard: list[str] = []
    with progress.reporting_to(heard.append):
        samurai.replay("demo", DAN, start=0, end=29)
    assert heard[0] == "Drawing frame 1 of 30…" and heard[-1] == "Drawing frame 30 of 30…"
    assert len(heard) == len(set(heard)) <= 12  # every tenth, not every frame


def _hiding(view: Callable[..., Any], change: Callable[[dict[str, Any], str], None],
            seat: str, load: Callable[[Any], Any], asked: list[str | None],
            ) -> Callable[..., Any]:
    """Wrap a system's view so that it looks at a position whose `seat` hides other things
    (noting whose view was asked for)."""

    def other(state: Any, who: str | None) -> Any:
        asked.append(who)
        data = state.model_dump(mode="json")
        change(data, seat)
        return view(load(data), who)

    return other


@pytest.mark.parametrize(("demo", "seat", "change", "end"), [
    ("samurai", "takeda", _other_hand, 30),
    ("bushido-21", "west", _other_faces, 12),
])
def test_what_a_seat_hides_never_shows_in_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, demo: str, seat: str,
    change: Callable[[dict[str, Any], str], None], end: int,
) -> None:
    """The animation is byte for byte the same whatever Alice's hand (or her face-down
    pieces) holds at every position: only public views are drawn."""
    service = _play(tmp_path / "games.db", demo, lines=80)
    honest = service.replay("demo", DAN, end=end).files[0][1]
    with service.store.reading() as tx:
        game = tx.latest_game("demo")
    assert game is not None and seat in game.seats
    engine = system(game.system)
    # The change really changes what the seat sees, so the comparison can fail.
    state = engine.new_game(game.scenario, game.seed)
    data = state.model_dump(mode="json")
    change(data, seat)
    assert engine.view(engine.load_state(data), seat) != engine.view(state, seat)
    asked: list[str | None] = []
    monkeypatch.setattr(engine, "view",
                        _hiding(engine.view, change, seat, engine.load_state, asked))
    assert service.replay("demo", DAN, end=end).files[0][1] == honest
    assert asked == [None] * (end + 1)  # only the public view of each position
    service.store.close()


def test_the_console_writes_the_animation_under_its_folder(
    samurai: GameService, tmp_path: Path,
) -> None:
    said: list[str] = []
    console = Console(samurai, tmp_path / "out", write=said.append)
    console.channel = "demo"
    console.execute("@carol /game replay start:3 end:6")
    written = tmp_path / "out" / "banneret-replay-1-3-6.gif"
    assert f"  file: {written}" in said
    assert len(_frames(written.read_bytes())) == 4


def test_the_command_line_replays_an_exported_record_once_it_verifies(
    samurai: GameService, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    ((_, data),) = samurai.export("demo", DAN).files
    record = tmp_path / "record.json"
    record.write_bytes(data)
    out = tmp_path / "replay.gif"
    assert main(["replay", "--file", str(record), "--out", str(out), "--end", "9"]) == 0
    said = capsys.readouterr()
    assert f"Replay written to `{out}`." in said.out
    assert "Drawing frame 10 of 10…" in said.err
    from_chat = samurai.replay("demo", DAN, end=9).files[0][1]
    assert out.read_bytes() == from_chat

    edited = json.loads(data)
    edited["log"][5]["action"]["type"] = "end_turn"
    record.write_text(json.dumps(edited), encoding="utf-8")
    out.unlink()
    assert main(["replay", "--file", str(record), "--out", str(out)]) == 1
    said = capsys.readouterr()
    assert "NOT consistent" in said.out
    assert "The record does not check out, so no replay was drawn." in said.out
    assert not out.exists()


def test_the_command_line_refuses_a_running_games_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    running = _play(tmp_path / "games.db", "samurai", lines=20)
    ((_, data),) = running.export("demo", DAN).files
    record = tmp_path / "record.json"
    record.write_bytes(data)
    assert main(["replay", "--file", str(record), "--out", str(tmp_path / "r.gif")]) == 1
    assert "the seed is not revealed yet" in capsys.readouterr().out
    assert not (tmp_path / "r.gif").exists()
    running.store.close()
