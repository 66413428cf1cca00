"""Every option is bounded: numbers by a range, text by a length, refused before any work.

Issue 28, findings 5 and 6: a 28-digit `/game replay start:`, a fixture number past
64 bits, a 40k report of 2^63 VP and a 100 KB rules question each ended in a
traceback or seconds of CPU. Each option's bounds are declared once (its `Option`)
and enforced by the console's option parsing, by the surface for every transport,
and by Discord from the same declaration; the service guards what reaches it another way.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from hypothesis import given
from hypothesis import strategies as st

from bot.console.terminal import Console
from bot.discord.commands import build_groups
from bot.errors import BadInput, LeagueBadResult, LeagueUnknownFixture, PlayerError
from bot.replies import parse_custom_id
from bot.service.gameservice import Caller, GameService
from bot.service.leagues.reports import HIGHEST_SCORE
from bot.service.rulesearch import QUESTION_MAX, index
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from bot.surface.dispatch import run, surface
from bot.surface.entries import Context, Entry
from bot.surface.options import coerce
from bot.text import Words
from rules.core.commands import Option
from tests.bot.conftest import ALICE, BOB

LANGUAGES = ("en", "pt-BR")
# The CPU one refused input may cost at most: generous (a refusal costs about a millisecond).
CPU_BOUND = 0.5
SQLITE_LOWEST, SQLITE_HIGHEST = -(2**63), 2**63 - 1
TWENTY_EIGHT_DIGITS = 10**27 + 1


def _render(_view: Any, *, lineage: Any = None) -> bytes:
    return b"png"


@pytest.fixture
def drawing(store: GameStore) -> GameService:
    """A service that draws (cheaply), with a race game begun in channel c1."""
    service = GameService(store, render=_render, seed_factory=lambda: "seed")
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    return service


def _spoken(err: PlayerError) -> list[str]:
    """Word a refusal in every language (a formatting failure raises here)."""
    return [Words.of(lang, err.system).message(err.message()) for lang in LANGUAGES]


def _polite(err: PlayerError) -> None:
    for text in _spoken(err):
        assert text and "\n" not in text, text
        assert not text.startswith(("input-", "error-", "league-")), text


def _one_refusal(lines: list[str], *named: str) -> None:
    """Check the console said one refusal line (then, indented, the rule it cites)."""
    assert lines and lines[0].startswith("(only you) "), lines
    assert all(line.startswith("  ") for line in lines[1:]), lines
    for name in named:
        assert name in lines[0], lines


def _forty_k_league(service: GameService) -> None:
    service.leagues.create("g1", ALICE, "Crusade", channel_id="lc", system_id="wh40k")
    service.leagues.join("g1", ALICE, "Crusade")
    service.leagues.join("g1", BOB, "Crusade")
    service.leagues.start("g1", ALICE, "Crusade")


def _fixture_row(service: GameService) -> Any:
    with service.store.reading() as tx:
        found = tx.league_season("g1", "Crusade")
        assert found is not None
        (fixture,) = tx.fixtures(found.id)
    return fixture


# ---------------------------------------------------------------- the findings


def test_a_28_digit_replay_start_is_refused_politely(drawing: GameService,
                                                     tmp_path: Path) -> None:
    lines: list[str] = []
    console = Console(drawing, tmp_path, write=lines.append, channel="c1", guild="g1")
    assert console.execute(f"@{ALICE.user_id} /game replay start:{TWENTY_EIGHT_DIGITS}") is None
    _one_refusal(lines, "start")
    # The service refuses a position past the game's last one, whatever its size, and the
    # refusal words the number without Babel's 28-digit decimal context failing.
    for start in (TWENTY_EIGHT_DIGITS, 2**63, 10**400):
        with pytest.raises(BadInput) as refused:
            drawing.replay("c1", ALICE, start=start)
        _polite(refused.value)


def test_a_fixture_number_past_64_bits_is_refused(store: GameStore, tmp_path: Path) -> None:
    service = GameService(store, seed_factory=lambda: "seed")
    _forty_k_league(service)
    before = _fixture_row(service)
    for number in (2**63, 10**30, -(2**63) - 1, 0):
        with pytest.raises(LeagueUnknownFixture) as refused:
            service.leagues.resolve("g1", ALICE, "Crusade", number, None, 1, 0)
        _polite(refused.value)
    lines: list[str] = []
    console = Console(service, tmp_path, write=lines.append, channel="lc", guild="g1")
    console.execute(f"@{ALICE.user_id} /league resolve league:Crusade "
                    "fixture:9223372036854775808 home_score:1 away_score:0")
    _one_refusal(lines, "fixture")
    assert _fixture_row(service) == before


def test_a_40k_report_of_2_to_63_vp_is_refused(store: GameStore) -> None:
    service = GameService(store, seed_factory=lambda: "seed")
    _forty_k_league(service)
    before = _fixture_row(service)
    for mine, theirs in ((2**63, 1), (1, 2**63), (HIGHEST_SCORE + 1, 0), (-1, 0)):
        with pytest.raises(LeagueBadResult) as refused:
            service.leagues.report("g1", ALICE, "Crusade", None, None, mine, theirs)
        _polite(refused.value)
        assert str(HIGHEST_SCORE) in _spoken(refused.value)[0]  # names the form expected
    with pytest.raises(LeagueBadResult):
        service.leagues.resolve("g1", ALICE, "Crusade", before.id, None, 2**63, 0)
    assert _fixture_row(service) == before
    service.leagues.report("g1", ALICE, "Crusade", None, None, HIGHEST_SCORE, 0)
    assert _fixture_row(service).status == "reported"


@pytest.mark.parametrize("question", [
    "flee " * 20_000,  # 100 KB of a word the rules know
    " ".join(f"zq{n:x}wk" for n in range(10_000)),  # 10,000 words no rule knows (typos)
])
def test_a_100kb_question_costs_little_cpu(store: GameStore, tmp_path: Path,
                                          question: str) -> None:
    service = GameService(store)
    # What the first question of a process loads (the index, the game systems, the
    # catalogues) is loaded once, before: it is not this question's cost.
    service.rulebook.ask("c1", ALICE, "flee")
    for ask in (service.rulebook.ask, service.rulebook.search):
        began = time.process_time()
        reply = ask("c1", ALICE, question)
        assert time.process_time() - began < CPU_BOUND
        assert len(reply.text) < 2000
    lines: list[str] = []
    console = Console(service, tmp_path, write=lines.append)
    for command in ("ask question", "search keyword"):
        began = time.process_time()
        console.execute(f'/rules {command}:"{question}"')
        assert time.process_time() - began < CPU_BOUND
        _one_refusal(lines, str(QUESTION_MAX))
        lines.clear()


def test_a_question_is_cut_before_it_is_read() -> None:
    long = "flee " * 1000
    query = index().read(long, "en")
    assert query.words == index().read(long[:QUESTION_MAX], "en").words
    tail = "x" * QUESTION_MAX + " battleshock"  # a word past the cap is never read
    assert "battl" not in " ".join(index().read(tail, "en").words)


def test_a_log_asked_for_2_to_63_entries_shows_all_of_it(drawing: GameService) -> None:
    assert drawing.log_lines("c1", ALICE, last=2**63).lines == drawing.log_lines(
        "c1", ALICE, last=50).lines
    with pytest.raises(BadInput) as refused:
        drawing.log_lines("c1", ALICE, last=-(2**63))
    _polite(refused.value)


def test_a_forged_button_number_past_64_bits_is_not_ours(drawing: GameService) -> None:
    assert parse_custom_id("bn:league-confirm:9223372036854775808:1:") is None
    assert parse_custom_id("bn:league-confirm:1:-1:") is None
    assert parse_custom_id("bn:league-confirm:9223372036854775807:0:") is not None
    with pytest.raises(BadInput) as refused:
        drawing.press("c1", ALICE, f"bn:league-uphold:{2**64}:1:")
    _polite(refused.value)


# ---------------------------------------------------------------- declarations


def _options() -> list[tuple[Entry, Option]]:
    return [(e, o) for e in surface().entries.values() for o in e.options]


def test_every_number_option_has_finite_bounds_within_sqlite() -> None:
    numbers = [(e.path, o) for e, o in _options() if o.kind in ("int", "float")]
    assert len(numbers) > 20
    for path, option in numbers:
        assert option.min_value is not None and option.max_value is not None, (path, option)
        assert SQLITE_LOWEST <= option.min_value <= option.max_value <= SQLITE_HIGHEST, path


def test_every_text_option_has_a_cap_discord_accepts() -> None:
    texts = [(e.path, o) for e, o in _options() if o.kind == "str"]
    for path, option in texts:
        assert option.max_length is not None and 1 <= option.max_length <= 6000, path
    ask = surface().entries["rules ask"]
    assert next(o for o in ask.options if o.name == "question").max_length == QUESTION_MAX


def test_discord_is_given_every_bound() -> None:
    declared = {(e.path, o.name): o for e, o in _options()}
    seen = 0
    for group in build_groups(surface()):
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            for p in command.parameters:
                option = declared[(f"{group.name} {command.name}", p.name)]
                if option.kind in ("int", "float"):
                    assert (p.min_value, p.max_value) == (option.min_value, option.max_value)
                    seen += 1
                elif option.kind == "str" and not option.choices:
                    assert p.max_value == option.max_length, (command.name, p.name)
                    assert command._params[p.name].to_dict()["max_length"] == option.max_length
                    seen += 1
    assert seen == sum(1 for o in declared.values()
                       if o.kind in ("int", "float") or (o.kind == "str" and not o.choices))


def test_an_option_declared_past_what_discord_holds_is_refused() -> None:
    with pytest.raises(ValueError):
        Option(name="n", kind="int", min_value=0, max_value=2**63)
    with pytest.raises(ValueError):
        Option(name="t", max_length=6001)
    assert Option(name="n", kind="int").max_value == 2**31 - 1


# ---------------------------------------------------------------- every option, both transports


def _filler(option: Option) -> str:
    """A typed value each other required option can take, so only the bad one is refused."""
    if option.kind in ("int", "float"):
        return str(int(option.min_value or 0))
    if option.kind == "bool":
        return "true"
    if option.kind == "user":
        return BOB.user_id
    return option.choices[0] if option.choices else "x"


def _typed_filler(option: Option) -> Any:
    if option.kind == "int":
        return int(option.min_value or 0)
    if option.kind == "float":
        return float(option.min_value or 0)
    if option.kind == "bool":
        return True
    if option.kind == "user":
        return BOB
    if option.kind == "file":
        return "x"
    return option.choices[0] if option.choices else "x"


def _edges(option: Option) -> list[Any]:
    """The values just outside an option's bounds and far outside them."""
    if option.kind in ("int", "float"):
        assert option.min_value is not None and option.max_value is not None
        low, high = int(option.min_value), int(option.max_value)
        out: list[Any] = [low - 1, high + 1, TWENTY_EIGHT_DIGITS, 2**63, -(2**63) - 1]
        if option.kind == "float":
            out += [float("nan"), float("inf"), -float("inf"), 1e300, high + 0.5]
        return out
    assert option.max_length is not None
    return ["é" * (option.max_length + 1), "word " * 2_000]


def _bad_value(option: Option) -> st.SearchStrategy[Any]:
    if option.kind in ("int", "float"):
        assert option.min_value is not None and option.max_value is not None
        ints = st.integers(max_value=int(option.min_value) - 1) | st.integers(
            min_value=int(option.max_value) + 1)
        if option.kind == "int":
            return ints
        floats = st.floats(max_value=option.min_value, exclude_max=True) | st.floats(
            min_value=option.max_value, exclude_min=True)
        return ints | floats
    assert option.max_length is not None
    return st.builds(lambda n, ch: ch * n, st.integers(option.max_length + 1, 20_000),
                     st.characters(blacklist_categories=("Cs", "Cc", "Zs"),
                                   blacklist_characters="\"'\\:"))


BOUNDED = [(e.path, o.name) for e, o in _options() if o.kind in ("int", "float", "str")]
RANGE_REFUSALS = ("input-number-range", "input-string-too-long", "input-int-parsing",
                  "input-float-parsing")


def _snapshot(path: Path) -> list[Any]:
    """Return every row of every table of a SQLite file (read by a connection of its own)."""
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return [(t, conn.execute(f'SELECT * FROM "{t}"').fetchall()) for t in tables]


class Bench:
    """A service with a game in c1 and a started league, and the console typing into it."""

    def __init__(self, folder: Path) -> None:
        self.lines: list[str] = []
        self.path = folder / "games.db"
        self.store = open_store(str(self.path))
        self.service = GameService(self.store, render=_render, seed_factory=lambda: "seed")
        self.service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
        self.service.join("c1", BOB)
        _forty_k_league(self.service)
        self.console = Console(self.service, folder, write=self.lines.append, channel="c1",
                               guild="g1", scheduled=False)
        self.before = _snapshot(self.path)

    def through_console(self, entry: Entry, option: Option, value: Any) -> None:
        """Type the command with the bad value (every other required option filled)."""
        self.lines.clear()
        parts = [f"{o.name}:\"{_filler(o)}\"" for o in entry.options
                 if o.required and o.name != option.name and o.kind != "file"]
        text = str(value) if not isinstance(value, str) else f'"{value}"'
        line = f"@{ALICE.user_id} /{entry.path} {' '.join(parts)} {option.name}:{text}"
        began = time.process_time()
        assert self.console.execute(line) is None, line[:200]
        assert time.process_time() - began < CPU_BOUND, (entry.path, option.name)
        _one_refusal(self.lines, option.name)

    def through_discord(self, entry: Entry, option: Option, value: Any) -> None:
        """Run the command as discord.py hands it over: typed values, not checked by it."""
        typed = {o.name: _typed_filler(o) for o in entry.options
                 if o.required and o.name != option.name}
        parameter = _discord_command(entry)._params[option.name]
        if option.choices:
            assert tuple(c.value for c in parameter.choices) == option.choices
        else:
            assert parameter.max_value is not None, (entry.path, option.name)
        # discord.py's Range and Literal transformers hand a value over as Discord sent it,
        # trusting Discord to have checked it: a forged one reaches the bot as it is.
        typed[option.name] = asyncio.run(parameter.transform(None, value))  # type: ignore[arg-type]
        assert typed[option.name] is value
        for language in LANGUAGES:
            ctx = Context("c1", "g1", Caller(user_id=ALICE.user_id, name="Alice",
                                             locale=language))
            began = time.process_time()
            with pytest.raises(BadInput) as refused:
                run(self.service, ctx, entry.path, typed)
            assert time.process_time() - began < CPU_BOUND
            assert refused.value.message().key == "error-bad-input"
            problem = refused.value.message().args["problem"]
            assert getattr(problem, "key", None) in RANGE_REFUSALS, problem
            _polite(refused.value)

    def unchanged(self) -> None:
        assert _snapshot(self.path) == self.before


@cache
def _groups() -> list[app_commands.Group]:
    return build_groups(surface())


def _discord_command(entry: Entry) -> app_commands.Command[Any, ..., None]:
    for group in _groups():
        if group.name == entry.group:
            found = group.get_command(entry.name)
            assert isinstance(found, app_commands.Command)
            return found
    raise AssertionError(entry.path)


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bench]:
    made = Bench(tmp_path_factory.mktemp("bounds"))
    yield made
    made.store.close()


@pytest.mark.parametrize(("path", "name"), BOUNDED)
def test_every_option_refuses_values_past_its_bounds(bench: Bench, path: str,
                                                     name: str) -> None:
    entry = surface().entries[path]
    option = next(o for o in entry.options if o.name == name)
    for value in _edges(option):
        bench.through_console(entry, option, value)
        bench.through_discord(entry, option, value)
    bench.unchanged()


@given(data=st.data(), which=st.sampled_from(BOUNDED))
def test_any_value_past_an_options_bounds_is_refused(bench: Bench, data: st.DataObject,
                                                    which: tuple[str, str]) -> None:
    entry = surface().entries[which[0]]
    option = next(o for o in entry.options if o.name == which[1])
    value = data.draw(_bad_value(option))
    bench.through_console(entry, option, value)
    bench.through_discord(entry, option, value)
    bench.unchanged()


def test_console_parsing_refuses_past_bounds_before_the_service() -> None:
    replay = surface().entries["game replay"]
    for raw in ({"start": str(TWENTY_EIGHT_DIGITS)}, {"start": "9" * 150},
                {"delay": "nan"}, {"delay": "inf"}, {"delay": "1" * 400 + ".5"}):
        with pytest.raises(BadInput) as refused:
            coerce(replay, raw)
        assert refused.value.message().args["problem"].key == "input-number-range"  # type: ignore[union-attr]
        _polite(refused.value)
