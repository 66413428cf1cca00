"""A new game system is one folder and one registry line.

Race to Ten (tests/race) lives only in its own folder: its engine on the shared
skeleton, its command declarations and its catalogues in two languages. Nothing
in bot/, rules/, renderers/ or data/ names it; `register(SYSTEM)` (the registry
line, in tests/bot/conftest.py and tests/e2e/test_bot_support.py) is all it takes
for the console here, and for the real discord.py client in tests/e2e/test_bot_game.py,
to play it.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.console.terminal import Console
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from bot.surface.dispatch import surface
from rules.core.system import register, system
from tests.race.engine import SYSTEM as RACE

ROOT = Path(__file__).resolve().parents[2]


def test_the_race_lives_only_in_its_folder() -> None:
    folder = ROOT / "tests" / "race"
    assert {p.name for p in folder.iterdir() if p.suffix == ".py"} >= {"engine.py",
                                                                        "commands.py"}
    assert (folder / "locales" / "en" / "race.ftl").is_file()
    assert (folder / "locales" / "pt-BR" / "race.ftl").is_file()
    named = re.compile(r"tests[./]race|[\"']race[\"']")
    for top in ("bot", "rules", "renderers", "data"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".toml", ".ftl", ".txt"):
                assert not named.search(path.read_text(encoding="utf-8")), path


def test_one_registry_line_makes_it_playable_in_the_console(tmp_path: Path) -> None:
    register(RACE)
    assert system("race") is RACE
    assert {"race roll", "race move", "race fix"} <= set(surface().entries)
    store = Store(tmp_path / "games.db")
    out: list[str] = []
    console = Console(GameService(store, seed_factory=lambda: "fifth"), tmp_path, write=out.append)
    console.run_lines(["@ana /game new system:race scenario:short opponent:@bea language:pt-BR",
                       "@bea click 1"])
    for _ in range(20):
        for player in ("@ana", "@bea"):
            if "Vitória" not in "\n".join(out):
                console.run_lines([f"{player} /race roll", f"{player} /race move steps:1"])
    text = "\n".join(out)
    assert "Nova partida de Corrida até Dez" in text
    assert "O Vermelho tira" in text and "O Azul avança" in text
    assert "**Vitória do Vermelho** — chegou primeiro à casa 10" in text
    assert "could not be read" not in text and console.failures == 0
    store.close()
