"""`/game status` gives the public position in words; its button lists every piece.

For players on phones, screen readers and anyone quoting a position in a rules
argument. Played from the bundled demos to their midpoint, in both languages.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.app import demo_seed, make_service
from bot.console.terminal import Console
from bot.store.sqlite import Store
from rules.core.data import data_dir

DEMOS = sorted((data_dir() / "demo").glob("*.txt"))
# What the details of each system count one line for, read from the stored state.
PIECES: dict[str, Callable[[dict[str, Any]], int]] = {
    "samurai": lambda s: len(s["pieces"]),
    "bushido": lambda s: len(s["pieces"]),
    # units in play, an attached Leader and its Bodyguard on one line
    "wh40k": lambda s: sum(u["models"] > 0 and u.get("leads") is None
                           for u in s["units"].values()),
    "fantasy_warriors": lambda s: len(s["units"]),
}
WORDS = {"en": ("Position in words", "·"), "pt-BR": ("Posição por extenso", "·")}


def _halfway(script: Path, tmp_path: Path, language: str) -> tuple[Console, list[str], str]:
    out: list[str] = []
    console = Console(make_service(Store(tmp_path / "g.db"), seed=demo_seed(script.stem)),
                      tmp_path / "out", write=out.append)
    lines = [line for line in script.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    console.run_lines(lines[: len(lines) // 2])
    creator = lines[0].split()[0]
    if language != "en":
        # The game is under way: a moderator changes its language at once.
        console.execute(f"@mod* /game settings language:{language}")
    out.clear()
    return console, out, creator


@pytest.mark.parametrize("language", sorted(WORDS))
@pytest.mark.parametrize("script", DEMOS, ids=[d.stem for d in DEMOS])
def test_status_gives_the_position_in_words(script: Path, language: str,
                                            tmp_path: Path) -> None:
    console, out, creator = _halfway(script, tmp_path, language)
    console.execute(f"{creator} /game status")
    status = list(out)
    label, bullet = WORDS[language]
    button = next(line for line in status if label in line)
    # The compact text: more than the turn line, and no piece-by-piece list.
    assert not any(line.lstrip().startswith(bullet) for line in status)
    out.clear()
    console.execute(f"{creator} click {button.split('[')[1].split(']')[0]}")
    details = [line for line in out if line.lstrip().startswith(bullet)]
    with console.service.store.reading() as tx:
        game = tx.active_game(console.channel)
    assert game is not None
    assert len(details) == PIECES[game.system](game.state), "\n".join(out)
    assert out[0].startswith("(only you)")  # the details go to the one who asked
