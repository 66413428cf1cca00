"""Realistic positions for the benchmarks: real games played once through the console.

The Samurai demo (data/demo/samurai.txt) is a full game from the first card to a
banner victory; a short 40k script plays a first battle round. Playing them records
every action a player made together with the stored game row just before it, so a
benchmark can put a channel at any point of a real game and time the next action.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.app import demo_seed
from bot.console.terminal import Console
from bot.service.context import Table
from bot.service.gameservice import Caller, GameService, Reply
from bot.store.rows import GameRow
from bot.store.sqlite import Store
from bot.text import word_view, words_for
from rules.core.board import HexBoardView, TabletopView
from rules.core.data import data_dir
from rules.core.system import system

# The first battle round of a 40k game, as players would type it.
WH40K_SCRIPT = """\
@alice /game new system:wh40k scenario:take-and-hold opponent:@bob
@bob click 1
@alice /wh40k start first:attacker
@alice /wh40k next
@alice /wh40k move unit:U3 x:14 y:16
@alice /wh40k move unit:U2 x:30 y:20
@alice /wh40k move unit:U4 x:44 y:14
@alice /wh40k next
@alice /wh40k casualties unit:U9 models:6
@alice /wh40k next
@alice /wh40k next
@alice /wh40k next
@bob /wh40k next
@bob /wh40k next
@bob /wh40k move unit:U9 x:40 y:26
@bob /wh40k move unit:U10 x:36 y:28
@bob /wh40k next
@bob /wh40k casualties unit:U2 models:2
@bob /wh40k next
@bob /wh40k next
@alice /wh40k next
"""


@dataclass(frozen=True)
class Turn:
    """One action of a scripted game and the game as it stood just before it."""

    index: int
    caller: Caller
    action: dict[str, Any]
    before: GameRow


class _Recorder(GameService):
    """A GameService that notes each action and the row it was applied to."""

    recorded: list[Turn]

    def act(
        self,
        channel_id: str,
        caller: Caller,
        action: dict[str, Any],
        expected_version: int | None = None,
        expected_game: int | None = None,
    ) -> Reply:
        with self.store.reading() as tx:
            before = tx.active_game(channel_id)
        assert before is not None
        self.recorded.append(Turn(len(self.recorded), caller, dict(action), before))
        return super().act(channel_id, caller, action, expected_version, expected_game)


def _play(lines: list[str], seed: str) -> tuple[Turn, ...]:
    service = _Recorder(Store(":memory:"), render=None, seed_factory=lambda: seed)
    service.recorded = []
    console = Console(service, out_dir=data_dir(), write=lambda _line: None)
    console.channel = "bench"
    console.run_lines(lines)
    if console.failures:
        raise RuntimeError(f"a benchmark script had {console.failures} refused lines")
    return tuple(service.recorded)


@cache
def demo_turns() -> tuple[Turn, ...]:
    """Play the Samurai demo (no drawing) and return every action with its position."""
    script = (data_dir() / "demo" / "samurai.txt").read_text(encoding="utf-8")
    return _play(script.splitlines(), demo_seed("samurai"))


@cache
def wh40k_turns() -> tuple[Turn, ...]:
    """Play a first 40k battle round (no drawing) and return every action with its position."""
    return _play(WH40K_SCRIPT.splitlines(), "banneret-bench-wh40k")


def script_turns(system_id: str) -> tuple[Turn, ...] | None:
    """Play the bundled demo of a system, if it has one (data/demo/<id>.txt or <id>-*.txt)."""
    if system_id == "samurai":
        return demo_turns()
    folder = data_dir() / "demo"
    for path in [folder / f"{system_id}.txt", *sorted(folder.glob(f"{system_id}-*.txt"))]:
        if path.is_file():
            return _play(path.read_text(encoding="utf-8").splitlines(), demo_seed(path.stem))
    if system_id == "wh40k":
        return wh40k_turns()
    return None


def playout(system_id: str, steps: int = 40) -> list[HexBoardView | TabletopView]:
    """Return the boards of a game played by a fixed, dull policy from the first scenario."""
    sys = system(system_id)
    state = sys.new_game(sys.scenarios()[0].id, f"banneret-bench-{system_id}")
    out: list[HexBoardView | TabletopView] = []
    for i in range(steps):
        seat = sys.prompt(state).seat
        options = sys.legal_actions(state, seat) if seat else []
        if not options:
            break
        state, _ = sys.apply(state, options[(i * 7919 + 13) % len(options)])
        out.append(picture(system_id, state))
    return out


def picture(system_id: str, state: Any, language: str = "en") -> HexBoardView | TabletopView:
    """Return the public board of a position, worded as the bot draws it."""
    sys = system(system_id)
    return word_view(sys.board(state, None), words_for(sys, language))


def system_boards(system_id: str) -> list[HexBoardView | TabletopView]:
    """Return a game's worth of boards for a system: its demo, else a playout."""
    turns = script_turns(system_id)
    return boards(turns) if turns else playout(system_id)


def typical_turn(kind: str = "move") -> Turn:
    """Return a mid-game Samurai action of a kind (move, battle, order, play, end_turn...)."""
    turns = [t for t in demo_turns() if t.action.get("type") == kind]
    return turns[len(turns) // 2]


def boards(turns: tuple[Turn, ...]) -> list[HexBoardView | TabletopView]:
    """Return the public board of every position of a game, in order."""
    out: list[HexBoardView | TabletopView] = []
    for turn in turns:
        out.append(Table(turn.before).picture())
    return out
