"""`make run` without a token: every bundled demo plays to a victory, writes boards, verifies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main


def test_demo_plays_every_script_to_a_winner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BANNERET_OUT", str(tmp_path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the checkout
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "No DISCORD_TOKEN set" in out
    assert re.search(r"\*\*\w+ wins\*\*", out)
    assert "(only you) Not allowed" not in out  # the scripts only play legal moves
    assert "NOT consistent" not in out and "consistent" in out
    boards = sorted((tmp_path / "samurai").glob("*.png"))
    assert len(boards) > 50
    with Image.open(boards[-1]) as image:
        assert image.width == 1200
