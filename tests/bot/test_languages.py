"""Every word a player reads comes from the catalogue of the game's language.

Each bundled demo is played through the service twice, in Brazilian Portuguese and
in English, and everything a player could read along the way is collected: public
and private replies, buttons, completions, the words drawn on every board, the log,
rule search and rule text, refusals of a fuzzed set of bad actions at many
positions, and the replies after the game is over. In Portuguese no word that only
the English catalogues use may appear; in English no word only the Portuguese ones
use; and no catalogue key or step id may show through in either.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from bot.app import demo_seed
from bot.console.terminal import Console
from bot.errors import PlayerError
from bot.service.context import Caller, Table
from bot.service.gameservice import GameService
from bot.service.rulebook import cite
from bot.store.sqlite import Store
from bot.surface.dispatch import surface
from bot.text import Words, locales_root
from rules.core.data import data_dir
from rules.core.engine import Engine
from rules.core.references import all_rules
from rules.core.system import bundled, system
from rules.core.text import Term
from tests.words_check import WORD, _vocabulary, catalogue_keys, foreign_words

SCRIPTS = sorted((data_dir() / "demo").glob("*.txt"))
LANGUAGES = ("pt-BR", "en")
PLAYERS = {"alice": Caller("alice", "alice"), "bob": Caller("bob", "bob")}
# Values that are not words of a language: ids, hexes, numbers, players' names.
# What the fuzzed actions type, which refusals may quote back.
FUZZ_WORDS = ("nobody",)
NOT_WORDS = re.compile(r"`[^`]*`|<[@#][^>]*>|\b[A-Z]{1,2}\d+\b")


def _system_of(script: Path) -> str:
    found = re.search(r"/game new system:(\w+)", script.read_text(encoding="utf-8"))
    assert found
    return found.group(1)


class Heard:
    """Everything a player could read, with where it came from."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def add(self, where: str, *texts: Any) -> None:
        for text in texts:
            if isinstance(text, str) and text.strip():
                self.texts.append((where, text))

    def board(self, view: Any, *, lineage: Any = None) -> bytes:
        """Stand in for the renderer: keep every word the picture would draw."""
        for text in _drawn_words(view):
            self.add("board", text)
        return b"png"


def _drawn_words(value: Any) -> Iterator[str]:
    """Yield the words of a worded board view (panel, labels, tags, area names)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, BaseModel):
        for name, item in value:
            if name in ("static_key", "sides", "hex", "side", "kind", "start", "end", "points",
                        "terrain", "shape", "leader"):
                continue
            yield from _drawn_words(item)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _drawn_words(item)


def _fuzzed(sys: Engine[Any], state: Any, seat: str, rng: random.Random) -> list[dict[str, Any]]:
    """Return bad or out-of-place actions: each declared command with wrong values."""
    out: list[dict[str, Any]] = []
    for command in sys.commands:
        data: dict[str, Any] = {"type": command.action}
        for option in command.options:
            if option.kind == "int":
                data[option.name] = rng.choice([-7, 0, 999])
            elif option.kind == "float":
                data[option.name] = rng.choice([-3.5, 1000.0])
            elif option.kind == "bool":
                data[option.name] = rng.choice([True, False])
            elif option.kind == "file":
                data[option.name] = "[[unit]]\nname = 3"
            elif option.choices:
                data[option.name] = rng.choice(option.choices)
            else:
                data[option.name] = rng.choice(["Z99", "X1", *FUZZ_WORDS, "U99", "L1", "C1", "N1"])
        out.append(data)
    return out


def _play(script: Path, language: str, tmp: Path) -> tuple[Heard, Engine[Any], Table]:
    heard = Heard()
    system_id = _system_of(script)
    sys = system(system_id)
    store = Store(tmp / f"{script.stem}-{language}.db")
    service = GameService(store, render=heard.board,
                          seed_factory=lambda: demo_seed(script.stem))
    console = Console(service, tmp, write=lambda line: heard.add("console", line),
                      channel="table")
    rng = random.Random(script.stem)
    lines = script.read_text(encoding="utf-8").splitlines()
    group = surface().groups[system_id]
    for number, line in enumerate(lines):
        if line.startswith("@alice /game new"):
            line += f" language:{language}"
        console.execute(line)
        if number % 9 == 4:
            _probe(service, sys, group, heard, rng)
    with store.reading() as tx:
        game = tx.latest_game("table")
    assert game is not None and game.status == "finished", f"{script.name} did not finish"
    _after_the_end(service, console, heard)
    return heard, sys, Table(game)


def _probe(service: GameService, sys: Engine[Any], group: str, heard: Heard,
           rng: random.Random) -> None:
    """At one position: completions, the log, rulings and fuzzed bad actions."""
    with service.store.reading() as tx:
        game = tx.active_game("table")
    if game is None:
        return
    table = Table(game)
    seat = table.prompt.seat or next(iter(game.seats))
    player = PLAYERS[game.seats[seat] or "alice"]
    for entry in surface().entries.values():
        if entry.group != group:
            continue
        for option in entry.options:
            if option.autocomplete and option.autocomplete not in ("rule", "league"):
                for label, _ in service.suggest("table", player, option.autocomplete, ""):
                    heard.add("completion", label)
    heard.add("log", *service.log_lines("table", player, last=50).lines)
    heard.add("hand", *service.private("table", player).lines)
    for data in _fuzzed(sys, table.state, seat, rng):
        for caller in (player, PLAYERS["bob" if player.user_id == "alice" else "alice"]):
            try:
                judged = service.ruling("table", caller, data)
            except PlayerError as err:
                _refusal(heard, err)
            else:
                heard.add("ruling", judged.text, *judged.lines)


def _refusal(heard: Heard, err: PlayerError) -> None:
    heard.add("refusal", err.text())
    if err.rule is not None:
        heard.add("rule", *cite(Words.of(err.language, err.system), err.rule))


def _after_the_end(service: GameService, console: Console, heard: Heard) -> None:
    """What players read once the game is over."""
    for attempt in (lambda: service.act("table", PLAYERS["alice"], {"type": "nothing"}),
                    lambda: service.join("table", PLAYERS["bob"]),
                    lambda: service.undo("table", PLAYERS["alice"])):
        with pytest.raises(PlayerError) as caught:
            attempt()
        _refusal(heard, caught.value)
    status = service.status("table", PLAYERS["alice"])
    heard.add("status", status.text, *status.lines, status.title or "")
    heard.add("log", *service.log_lines("table", PLAYERS["bob"], last=50).lines)
    heard.add("export", service.export("table").text)
    heard.add("verify", service.verify_channel("table").text)
    for rule_id in itertools.islice(sorted(all_rules()), 0, None, 9):
        shown = service.rulebook.show("table", PLAYERS["alice"], rule_id)
        heard.add("rules", shown.text, *shown.lines)
    found = service.rulebook.search("table", PLAYERS["alice"], "leader")
    heard.add("rules", found.text, *found.lines)
    none = service.rulebook.search("table", PLAYERS["alice"], "zzzz")
    heard.add("rules", none.text)
    console.execute("@alice /game frobnicate")


def _names(table: Table, sys: Engine[Any]) -> set[str]:
    """Words that are names, not template words: the game's own data (units, players) and
    the catalogue entries both languages word alike (card and Stratagem names)."""
    names = {"alice", "bob", *FUZZ_WORDS}
    names |= set(WORD.findall(str(table.game.state)))
    for folder in (None, *(system(s) for s in bundled())):
        english, portuguese = _entries("en", folder), _entries("pt-BR", folder)
        for key, text in english.items():
            if portuguese.get(key) == text:
                names |= set(WORD.findall(text))
    return {n.lower() for n in names}


def _entries(language: str, sys: Engine[Any] | None) -> dict[str, str]:
    """Return a catalogue's one-line messages by key."""
    out: dict[str, str] = {}
    folder = locales_root() if sys is None or sys.locales is None else sys.locales
    name = "core" if sys is None else sys.id
    for line in (folder / language / f"{name}.ftl").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([a-zA-Z][\w-]*) = (.+)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _words_of(language: str, sys: Engine[Any]) -> set[str]:
    """Return every word a language's catalogues and rule statements use."""
    found = set(_vocabulary(language, None) | _vocabulary(language, sys))
    for path in (data_dir() / "rules").glob("*.toml"):
        translated = "." in path.stem
        if translated == (language != "en") and (not translated or path.stem.endswith(language)):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.startswith(("title", "statement")):
                    found |= {w.lower() for w in WORD.findall(NOT_WORDS.sub(" ", line))}
    return found


def _keys(sys: Engine[Any]) -> set[str]:
    keys = {k for lang in LANGUAGES for k in catalogue_keys(lang, None) | catalogue_keys(lang, sys)}
    return {k for k in keys if "-" in k}


@pytest.mark.parametrize(("script", "language"), [(s, lang) for s in SCRIPTS for lang in LANGUAGES],
                         ids=[f"{s.stem}-{lang}" for s in SCRIPTS for lang in LANGUAGES])
def test_a_whole_game_reads_in_one_language(script: Path, language: str, tmp_path: Path) -> None:
    heard, sys, table = _play(script, language, tmp_path)
    other = "en" if language != "en" else "pt-BR"
    foreign = _words_of(other, sys) - _words_of(language, sys)
    names = _names(table, sys)
    foreign -= names
    data_names = {"alice", "bob", *FUZZ_WORDS, *(w.lower() for w in WORD.findall(
        str(table.game.state)))}
    keys = _keys(sys)
    words = Words.of(language, sys)
    # A step id that shows as it is, where this language names the step otherwise.
    steps = {s for s in sys.steps if words.term(Term(kind="step", id=s)) != s}
    problems: list[str] = []
    for where, text in heard.texts:
        if where == "console":
            # The console's own frame (the echo of a typed line, where a board was saved,
            # the button numbers) is the terminal's, not a player's reply.
            if text.startswith(">") or text.lstrip().startswith(("board:", "file:")):
                continue
            text = re.sub(r"\s+\(click \d+\)$", "", text.removeprefix("(only you) "))
        plain = NOT_WORDS.sub(" ", text)
        words = {w.lower() for w in WORD.findall(plain)}
        strays = (words & foreign) | set(foreign_words(plain, language, data_names))
        if strays:
            problems.append(f"{where}: {sorted(strays)} in {text!r}")
        tokens = set(re.findall(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+", plain))
        if tokens & keys:
            problems.append(f"{where}: catalogue key {sorted(tokens & keys)} in {text!r}")
        if f"({table.prompt.step})" in text or any(f"({s})" in plain for s in steps):
            problems.append(f"{where}: a step id in {text!r}")
    assert problems == [], "\n".join(problems[:20])
    kinds = {where for where, _ in heard.texts}
    assert {"console", "board", "completion", "refusal", "rule", "log", "rules"} <= kinds


def test_the_check_catches_english_in_portuguese() -> None:
    sys = system("samurai")
    foreign = _vocabulary("en", sys) - _vocabulary("pt-BR", sys)
    assert {"waiting", "turn", "battle"} & foreign
    assert not {w.lower() for w in WORD.findall("Agora joga o Vermelho")} & foreign
