"""`/game replay` and `banneret replay`: a game's positions, replayed from its log, as one
animation.

The positions are rebuilt from the scenario, the seed and the actions still in force
(as verify rebuilds them), and each is drawn from its PUBLIC view
(`view(state, None).board`), so nothing a seat hides can appear, whoever asks and
whether or not the game has ended. Position 0 is the start; position n follows the
nth action in force. Consecutive positions that look the same make one frame.

The file stays far under Discord's upload limit (25 MiB for bots, 10 MiB for some
users' uploads): at most MAX_FRAMES frames (a longer range shows one position in
every `step`, and the reply says so), drawn 800 pixels wide, or smaller when that
would still pass BUDGET_BYTES.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot import progress
from bot.errors import PlayerError, bad_input
from bot.replies import Reply
from bot.service.context import Caller, Table, latest
from bot.service.records import Records, effective_actions, record_entries, said
from bot.store.gamestore import GameStore
from bot.store.rows import LogEntry
from bot.store.sqlite import Store
from bot.text import Words, word_view
from rules.core.errors import RuleViolation
from rules.core.system import GameSystem, system

if TYPE_CHECKING:
    from renderers.animation import Animation

MAX_FRAMES = 200
# The highest position `/game replay start:`/`end:` accept (a game's own last one is checked too).
HIGHEST_POSITION = 100_000
BUDGET_BYTES = 8 * 1024 * 1024
WIDTHS = (800, 560, 400)
DEFAULT_DELAY = 0.8  # seconds a position stays on screen
MIN_DELAY, MAX_DELAY = 0.2, 5.0
HOLD_SECONDS = 3.0  # the last position stays at least this long before the loop restarts


class NoDrawing(PlayerError):
    """The service runs without a renderer (tests, a bare store), so nothing is drawn."""

    key = "replay-no-drawing"


class TooLarge(PlayerError):
    """Even the smallest drawing of the range passes the budget."""

    key = "replay-too-large"


class LogBroken(PlayerError):
    """An action in force no longer replays (verify names what is wrong)."""

    key = "replay-log-broken"


@dataclass(frozen=True)
class Span:
    """The positions a replay shows: `first` to `last`, one in every `step`."""

    first: int
    last: int
    step: int
    latest: int  # the game's latest position

    @property
    def numbers(self) -> list[int]:
        """Return the positions shown, always including the first and the last."""
        shown = list(range(self.first, self.last + 1, self.step))
        if shown[-1] != self.last:
            shown.append(self.last)
        return shown


def span(positions: int, start: int | None, end: int | None, words: Words) -> Span:
    """Choose the positions to show of a game that has `positions` of them; refuse a
    range outside the game politely (BadInput in the game's words)."""
    latest_position = positions - 1
    first = 0 if start is None else start
    last = latest_position if end is None else end
    for asked in (first, last):
        if not 0 <= asked <= latest_position:
            raise bad_input("replay-no-such-position", position=asked,
                            latest=latest_position).where(words.language)
    if first > last:
        raise bad_input("replay-backwards", start=first, end=last).where(words.language)
    # The first and last positions are always shown, so n positions in MAX_FRAMES frames
    # take a step of (n - 1) / (MAX_FRAMES - 1), rounded up.
    count = last - first + 1
    step = 1 if count <= MAX_FRAMES else math.ceil((count - 1) / (MAX_FRAMES - 1))
    return Span(first, last, step, latest_position)


def seconds(delay: float | None, words: Words) -> float:
    """Return how long each position stays on screen; refuse a delay outside 0.2-5 s."""
    if delay is None:
        return DEFAULT_DELAY
    if not MIN_DELAY <= delay <= MAX_DELAY:  # NaN fails both comparisons
        raise bad_input("replay-bad-delay", low=MIN_DELAY, high=MAX_DELAY).where(words.language)
    return float(delay)


def public_boards(
    sys: GameSystem, scenario: str, seed: str, entries: Sequence[LogEntry], chosen: Span,
    words: Words,
) -> list[Any]:
    """Replay the log and return the public board of each chosen position, worded."""
    wanted = set(chosen.numbers)
    state = sys.new_game(scenario, seed)
    boards: list[Any] = []
    for position in range(chosen.last + 1):
        if position:
            entry = entries[position - 1]
            try:
                state, _ = sys.apply(state, sys.parse_action(entry.action))
            except (RuleViolation, ValueError):
                raise LogBroken(seq=entry.seq).where(words.language) from None
        if position in wanted:
            boards.append(word_view(sys.view(state, None).board, words))
    return boards


def draw(boards: Sequence[Any], delay: float, words: Words) -> Animation:
    """Animate the boards within the budget (smaller if need be), reporting progress."""
    # Drawing is the renderers' job; imported here, as in bot/app.py, so the rest of
    # bot/ runs without Pillow.
    from renderers.animation import animate

    delay_ms = round(delay * 1000)
    hold_ms = max(round(HOLD_SECONDS * 1000), delay_ms)

    def told(done: int, total: int) -> None:
        if done in (1, total) or done % max(1, total // 10) == 0:
            progress.report(words("replay-drawing", done=done, total=total))

    for width in WIDTHS:
        made = animate(boards, width=width, delay_ms=delay_ms, hold_ms=hold_ms, progress=told)
        if len(made.data) <= BUDGET_BYTES:
            return made
    raise TooLarge(limit=BUDGET_BYTES // (1024 * 1024)).where(words.language)


def file_name(game: int | str, chosen: Span) -> str:
    """Name the animation file after the game and the positions it shows."""
    from renderers.animation import EXTENSION

    return f"banneret-replay-{game}-{chosen.first}-{chosen.last}.{EXTENSION}"


def said_lines(words: Words, chosen: Span, made: Animation) -> list[str]:
    """Say what the replay shows: which positions, how many frames, how big."""
    lines = [words("replay-shows", first=chosen.first, last=chosen.last, latest=chosen.latest,
                   frames=made.frames, size=max(1, round(len(made.data) / 1024)))]
    if chosen.step > 1:
        lines.append(words("replay-sampled", step=chosen.step))
    return lines


def replay_channel(
    store: GameStore, drawing: bool, channel_id: str, caller: Caller | None,
    start: int | None = None, end: int | None = None, delay: float | None = None,
) -> Reply:
    """Animate the channel's latest game (running or over), from its public views."""
    with store.reading() as tx:
        game = latest(tx, channel_id, caller)
        entries = effective_actions(tx.log(game.id))
    table = Table(game)
    words = table.words
    if not drawing:
        raise NoDrawing().where(game.language, game.system)
    pause = seconds(delay, words)
    chosen = span(len(entries) + 1, start, end, words)
    boards = public_boards(table.system, game.scenario, game.seed, entries, chosen, words)
    made = draw(boards, pause, words)
    first, *rest = said_lines(words, chosen, made)
    title = words("game-status-title", system=table.title(), scenario=table.scenario_title())
    return Reply(text=first, title=title, lines=rest,
                 files=[(file_name(game.id, chosen), made.data)],
                 game_id=game.id, version=game.version)


def replay_job(
    record_path: Path, out: Path | None, out_dir: Path, start: int | None = None,
    end: int | None = None, delay: float | None = None, language: str | None = None,
    write: Callable[[str], None] = print,
) -> int:
    """`banneret replay --file`: check an exported record, then write its animation.

    A record that does not verify (edited, cut short, a running game's without its
    seed) is refused: only a game whose every position is known replays.
    """
    words = Words.of(language)
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        write(words("verify-unreadable-record", path=str(record_path), detail=str(err)))
        return 2
    checked = Records(Store(":memory:")).verify_record(record)
    if not checked[0]:
        write(said(checked, language))
        write(words("replay-record-refused"))
        return 1
    game_system = system(str(record["system"]))
    game_words = Words.of(language, game_system)
    entries = effective_actions(record_entries(record))

    def to_stderr(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        pause = seconds(delay, game_words)
        chosen = span(len(entries) + 1, start, end, game_words)
        with progress.reporting_to(to_stderr):
            boards = public_boards(game_system, str(record["scenario"]), str(record["seed"]),
                                   entries, chosen, game_words)
            made = draw(boards, pause, game_words)
    except PlayerError as refusal:
        write(refusal.text(language))
        return 2
    target = out or out_dir / file_name(record.get("game", "record"), chosen)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(made.data)
    except OSError as err:
        write(words("replay-not-written", path=str(target), detail=str(err)))
        return 2
    for line in said_lines(game_words, chosen, made):
        write(line)
    write(words("replay-written", path=str(target)))
    return 0


__all__ = [
    "BUDGET_BYTES",
    "DEFAULT_DELAY",
    "MAX_FRAMES",
    "Span",
    "draw",
    "public_boards",
    "seconds",
    "replay_channel",
    "replay_job",
    "span",
]
