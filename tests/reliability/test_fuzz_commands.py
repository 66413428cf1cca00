"""Every declared command, fed hostile values by every kind of caller (issue 17).

For each game system, a running game takes random commands of its own group and of
`/game`: option values of every kind, from the plausible to the hostile (control
characters, markdown, mentions, 100 KB strings, huge and negative numbers), from
either player, a spectator or a moderator. Each must end in a reply or a polite
refusal, never another error; a refusal must leave the game and its log exactly as
they were; every reply must fit Discord's limits without being cut; and no command
may take more than a few seconds of CPU (a budget against blow-ups, far above what any
command needs, so a slow machine does not fail it).

`make test` tries a few dozen commands per system; `make deep` sets FUZZ_EXAMPLES
for 100,000 in all.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import PlayerError
from bot.replies import MAX_REPLY, Reply
from bot.service.context import Caller, Table
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from bot.surface.dispatch import run, surface
from bot.surface.entries import Context, Entry
from rules.core.commands import Option
from rules.core.system import bundled
from tests.bot.conftest import ALICE, BOB, DAN, MOD

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
CPU_BUDGET = 10.0  # seconds: only a runaway command comes near it
CALLERS = (ALICE, BOB, DAN, MOD)
SCENARIOS = {"samurai": "river-crossing", "bushido": "skirmish",
             "wh40k": "take-and-hold", "fantasy_warriors": "the-stockade-ford"}

HOSTILE_TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=200),
    st.sampled_from([
        "", " ", "\x00", "\x1b[31mred", "\u202eevil", "@everyone", "@here", "<@1002>",
        "<@&1>", "<#1>", "**bold** __u__ ~~s~~ `code` ```block```", "> quote", "||spoiler||",
        "../../etc/passwd", "'; DROP TABLE games; --", "{}", "[]", "null", "NaN", "-1",
        "U1", "A1", "C1", "O1", "N1", "S1", "W1", "E1", "takeda", "uesugi", "attacker",
    ]),
    st.just("x" * 100_000),
    st.just("a" + ".a" * 30_000 + " = 1\n"),
)


def _value(option: Option) -> st.SearchStrategy[Any]:
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "int":
        return st.one_of(st.integers(-5, 60), st.integers(-(10**18), 10**18))
    if option.kind == "float":
        return st.one_of(st.floats(-5, 80), st.floats(allow_nan=True, allow_infinity=True))
    if option.kind == "user":
        return st.sampled_from(CALLERS)
    if option.choices:
        return st.one_of(st.sampled_from(option.choices), HOSTILE_TEXT)
    return HOSTILE_TEXT


@st.composite
def commands(draw: st.DrawFn, entries: list[Entry]) -> tuple[Entry, dict[str, Any], Caller]:
    entry = draw(st.sampled_from(entries))
    options = {}
    for option in entry.options:
        if option.required or draw(st.booleans()):
            options[option.name] = draw(_value(option))
    return entry, options, draw(st.sampled_from(CALLERS))


def _snapshot(path: str) -> tuple[list[tuple[Any, ...]], int]:
    conn = sqlite3.connect(path)
    try:
        games = conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        log = conn.execute("SELECT COUNT(*), MAX(seq) FROM actions").fetchone()
    finally:
        conn.close()
    return games, hash(tuple(log))


def _fits_discord(reply: Reply) -> list[str]:
    body = "\n".join([reply.text, *reply.lines]).strip()
    problems = []
    if len(body) > MAX_REPLY:
        problems.append(f"body of {len(body)} characters")
    if len(reply.title or "") > 256:
        problems.append("title")
    if len(reply.buttons) > 25:
        problems.append(f"{len(reply.buttons)} buttons")
    problems += [f"label {b.label[:20]!r}" for b in reply.buttons if not 0 < len(b.label) <= 80]
    problems += [f"custom id {b.custom_id[:20]!r}" for b in reply.buttons
                 if len(b.custom_id) > 100]
    return problems


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, GameService]]:
    out = {}
    for system_id in bundled():
        store = Store(Path(tmp_path_factory.mktemp(system_id)) / "games.db")
        service = GameService(store, seed_factory=lambda s=system_id: f"fuzz-{s}")
        service.new_game(system_id, "g", ALICE, system_id, SCENARIOS[system_id], opponent=BOB)
        service.join(system_id, BOB)
        out[system_id] = service
    yield out
    for service in out.values():
        service.store.close()


def _restart_if_over(service: GameService, system_id: str) -> None:
    """Keep a game running in the channel: a new one when the last has ended."""
    with service.store.reading() as tx:
        running = tx.active_game(system_id)
    if running is None:
        service.new_game(system_id, "g", ALICE, system_id, SCENARIOS[system_id], opponent=BOB)
        service.join(system_id, BOB)


def _legal(service: GameService, system_id: str, pick: int) -> tuple[str, dict[str, Any]] | None:
    """Return a legal action of the player to act, as a command path and options."""
    with service.store.reading() as tx:
        game = tx.active_game(system_id)
    assert game is not None
    table = Table(game)
    seat = table.prompt.seat
    actions = table.legal(seat) if seat else []
    if not actions:
        return None
    action = actions[pick % len(actions)]
    entry = next((e for e in surface().entries.values()
                  if e.command.action == action.type and e.system_id == system_id), None)
    if entry is None:
        return None
    fields = action.model_dump(mode="json", exclude={"seat", "type"}, exclude_defaults=True)
    return entry.path, {k: v for k, v in fields.items() if v is not None} | {
        "_user": game.seats.get(seat or "")}


@pytest.mark.parametrize("system_id", sorted(SCENARIOS))
def test_hostile_commands_are_answered_or_refused_and_refusals_change_nothing(
    tables: dict[str, GameService], system_id: str
) -> None:
    """Half the commands are hostile; the others legal moves, so the game goes on and
    the hostile ones meet many positions."""
    service = tables[system_id]
    group = surface().groups.get(system_id, system_id)
    entries = [e for e in surface().entries.values() if e.group in (group, "game")
               and e.name not in ("new", "export")]
    ctx_for = {c.user_id: Context(system_id, "g", c) for c in CALLERS}

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.large_base_example])
    @given(commands(entries), st.integers(0, 10**6), st.booleans())
    def attempt(command: tuple[Entry, dict[str, Any], Caller], pick: int, hostile: bool) -> None:
        _restart_if_over(service, system_id)
        entry, options, caller = command
        path = entry.path
        if not hostile:
            legal = _legal(service, system_id, pick)
            if legal is not None:
                path, options = legal
                user = options.pop("_user")
                caller = next(c for c in CALLERS if c.user_id == user)
        before = _snapshot(service.store.path)
        started = time.thread_time()
        try:
            reply = run(service, ctx_for[caller.user_id], path, options)
        except PlayerError as refusal:
            assert _snapshot(service.store.path) == before, (path, options)
            text = refusal.text()
            assert 0 < len(text) <= MAX_REPLY, (path, len(text))
        else:
            assert _fits_discord(reply) == [], (path, _fits_discord(reply))
        assert time.thread_time() - started < CPU_BUDGET, path

    attempt()
