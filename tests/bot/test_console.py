"""The console transport: typed slash commands, users, buttons, images, polite errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.terminal import Console, split_options
from bot.errors import BadInput
from bot.service.gameservice import GameService
from bot.surface.dispatch import surface
from bot.surface.options import coerce


def _console(service: GameService, tmp_path: Path) -> tuple[Console, list[str]]:
    lines: list[str] = []
    return Console(service, tmp_path / "out", write=lines.append), lines


def test_options_are_read_like_discord_typed_them() -> None:
    assert split_options('pieces:"U3 L1" to:E5') == {"pieces": "U3 L1", "to": "E5"}
    with pytest.raises(BadInput):
        split_options("U3")
    with pytest.raises(BadInput):
        split_options('pieces:"U3')


def test_options_are_checked_against_the_command() -> None:
    log = surface().entries["game log"]
    assert coerce(log, {"last": "5"}) == {"last": 5}
    for bad in ({"last": "x"}, {"last": "0"}, {"last": "99"}, {"first": "1"}):
        with pytest.raises(BadInput):
            coerce(log, bad)
    with pytest.raises(BadInput, match="error-bad-input"):
        coerce(surface().entries["rules show"], {})


def test_a_script_plays_through_the_service(service: GameService, tmp_path: Path) -> None:
    console, out = _console(service, tmp_path)
    console.run_lines(
        [
            "# a comment",
            "@alice /game new system:race scenario:short opponent:@bob",
            "@bob click 1",
            "@bob /game status",
            "@carol /game undo",
            "@alice /rules show rule:core/undo-limit",
            "@alice /game frobnicate",
        ]
    )
    text = "\n".join(out)
    assert "alice plays Red" in text
    assert "bob joins as Blue" in text
    assert "not playing in this game" in text  # carol is a spectator
    assert "Taking back an action" in text
    assert "There is no command `/game frobnicate`" in text
    assert console.failures == 2


def test_moderator_marker_and_channels(service: GameService, tmp_path: Path) -> None:
    console, out = _console(service, tmp_path)
    console.execute("@alice #t1 /game new system:race scenario:short opponent:@alice")
    assert console.channel == "t1"
    console.execute("@bob /game end")
    assert "creator or a channel moderator may do that" in "\n".join(out)
    console.execute("@mod* /game end")
    assert "ended by mod" in "\n".join(out)
