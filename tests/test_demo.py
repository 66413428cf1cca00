"""`make run` without a token: every bundled demo plays to a victory, writes boards, verifies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from renderers import BOARD_WIDTH
from rules.core.data import data_dir
from rules.core.system import bundled

SCRIPTS = sorted((data_dir() / "demo").glob("*.txt"))


def _system(script: Path) -> str:
    found = re.search(r"/game new system:(\w+)", script.read_text(encoding="utf-8"))
    assert found, f"{script.name} starts no game"
    return found.group(1)


def test_there_is_a_demo_for_every_system() -> None:
    assert {_system(s) for s in SCRIPTS} == set(bundled())


def test_demo_plays_every_script_to_a_winner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BANNERET_OUT", str(tmp_path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the checkout
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "No DISCORD_TOKEN set" in out
    assert "(only you) Not allowed" not in out  # the scripts only play legal moves
    # The output is one section a script, then the verification of every game.
    parts = re.split(r"^##### demo: (\S+) #####$", out, flags=re.MULTILINE)
    sections = dict(zip(parts[1::2], parts[2::2], strict=True))
    assert sorted(sections) == [s.stem for s in SCRIPTS]
    for script in SCRIPTS:
        text = sections[script.stem]
        assert re.search(r"\*\*\w+ wins\*\* — ", text), f"{script.name} ends with no winner"
        assert "Only you can see this" in text or "Nothing in this game is hidden" in text
        boards = sorted((tmp_path / script.stem).glob("game*-v????.png"))
        assert len(boards) > 20, f"{script.name} drew only {len(boards)} boards"
        with Image.open(boards[-1]) as image:
            assert image.width == BOARD_WIDTH
        # Every board a demo posts stays within 60 KB (issue 13: quick to upload on a phone).
        heavy = [(b.name, b.stat().st_size) for b in boards if b.stat().st_size > 60_000]
        assert not heavy, f"{script.name}: boards over 60 KB: {heavy}"
    verified = re.findall(r"^Game \d+: (consistent|NOT consistent) — ", out, flags=re.MULTILINE)
    assert verified == ["consistent"] * len(SCRIPTS)
    # It ends telling how to watch the games in a browser, with each game's address.
    assert f"BANNERET_DB={tmp_path / 'demo.db'} .venv/bin/banneret web" in out
    pages = re.findall(r"^  http://127\.0\.0\.1:8080/g/(\d+)-[a-z2-7]{20}$", out, re.MULTILINE)
    assert [int(n) for n in pages] == list(range(1, len(SCRIPTS) + 1))
