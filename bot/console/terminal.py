"""The console transport: slash commands typed in a terminal or read from a script.

A line is `[@user[*]] [#channel] /group command option:value option:"two words"`.
`@alice` acts as alice (a trailing `*` makes her a channel moderator), `#table-2`
switches channel, `click N` presses button N of the previous reply. A reply that
opens a thread (`/league play`) goes on in a channel named `#<channel>-<key>`.
Lines starting with `#` followed by a space are comments. Each reply is printed with
the path of the board PNG it produced.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.errors import PlayerError, bad_input
from bot.replies import Reply
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.service.rulebook import cite
from bot.store.faults import StoreError
from bot.surface.dispatch import run, surface
from bot.surface.entries import Context
from bot.surface.options import coerce, split_options
from bot.text import Said, Words
from bot.uploads import read_local

log = logging.getLogger(__name__)


@dataclass
class Console:
    """Runs typed lines against a GameService and reports what a player would see."""

    service: GameService
    out_dir: Path
    write: Callable[[str], None] = print
    channel: str = "console"
    guild: str = "local"
    last: Reply | None = None
    images: list[Path] = field(default_factory=list)
    failures: int = 0
    # Run the scheduler (reminders, expiries: bot/service/scheduler.py) after each command, so
    # local play shows what Discord would post when time passes.
    scheduled: bool = True

    def caller(self, token: str) -> Caller:
        """Build the caller for an `@name` (a trailing * marks a moderator)."""
        name = token.lstrip("@")
        moderator = name.endswith("*")
        name = name.rstrip("*")
        return Caller(user_id=name, name=name, moderator=moderator)

    def execute(self, line: str) -> Reply | None:
        """Run one line; print the reply; return it (None for blank lines and comments)."""
        line = line.strip()
        if not line or line.startswith("# ") or line == "#":
            return None
        caller = Caller(user_id="you", name="you")
        words = line.split(None, 1)
        while words and words[0][:1] in "@#" and len(words[0]) > 1:
            if words[0].startswith("@"):
                caller = self.caller(words[0])
            else:
                self.channel = words[0][1:]
            words = words[1].split(None, 1) if len(words) > 1 else []
        if not words:
            return None
        rest = words[1] if len(words) > 1 else ""
        try:
            if words[0] == "click":
                reply = self._click(caller, rest)
            else:
                reply = self._command(caller, words[0], rest)
        except PlayerError as err:
            self.failures += 1
            self._print_error(err)
            return None
        except StoreError as err:
            # The file, not the player: say what is wrong with it in one line and go on.
            self.failures += 1
            self.write(Words.of(None).message(err.message))
            return None
        self.last = reply
        self.show(reply)
        shown: Reply | None = reply
        if reply.thread is not None:
            shown = self._thread(reply)
        if self.scheduled:
            self.post_due()
        return shown

    def _thread(self, reply: Reply) -> Reply | None:
        """Go on in the thread a reply asks for: a channel named after the one it opens from
        (`#<channel>-<key>`); the console stays in its channel."""
        assert reply.thread is not None
        thread = f"{self.channel}-{reply.thread.key}"
        self.write(f"  thread: #{thread} ({reply.thread.name})")
        try:
            opened = reply.thread.then(thread)
        except PlayerError as err:
            self.failures += 1
            self._print_error(err)
            return None
        self.last = opened
        self.show(opened)
        return opened

    def post_due(self) -> None:
        """Show what has fallen due (bot/service/scheduler.py), as the bot would post it; a notice
        with buttons becomes the reply `click` answers."""
        for notice in self.service.scheduler.due():
            where = f"(to @{notice.user_id}) " if notice.user_id else ""
            self.write(where + notice.text)
            if notice.buttons:
                self.last = Reply(text=notice.text, buttons=list(notice.buttons),
                                  game_id=notice.game_id)
                for number, button in enumerate(notice.buttons, 1):
                    self.write(f"  [{number}] {button.label}   (click {number})")

    def _command(self, caller: Caller, head: str, rest: str) -> Reply:
        group = head.lstrip("/")
        name, _, rest = rest.partition(" ")
        path = f"{group} {name}".strip()
        entry = surface().entries.get(path)
        if entry is None:
            near = sorted(p for p in surface().entries if p.startswith(group))
            raise bad_input("input-no-such-command", command=path,
                            near=Said(", ".join(f"`/{p}`" for p in near)) or "none")
        names = {option.name for option in entry.options}
        options: dict[str, Any] = coerce(entry, split_options(rest, names=names))
        for option in entry.options:
            if option.kind == "user" and option.name in options:
                options[option.name] = self.caller(str(options[option.name]))
            if option.kind == "file" and option.name in options:
                options[option.name] = self._read(str(options[option.name]))
        return run(self.service, Context(self.channel, self.guild, caller), path, options)

    def _read(self, name: str) -> str | bytes:
        """Read a file option: a path, or a path under data/ (e.g. wh40k/rosters/x.toml)."""
        from rules.core.data import data_dir

        return read_local(name, (data_dir(),))

    def _click(self, caller: Caller, rest: str) -> Reply:
        buttons = self.last.buttons if self.last else []
        try:
            button = buttons[int(rest) - 1]
        except (ValueError, IndexError):
            raise bad_input("input-no-such-button", button=rest) from None
        return self.service.press(self.channel, caller, button.custom_id)

    def show(self, reply: Reply) -> None:
        """Print a reply as text, saving its board image."""
        prefix = "(only you) " if reply.ephemeral else ""
        if reply.title:
            self.write(f"== {reply.title} ==")
        if reply.text:
            self.write(prefix + reply.text)
        for text in reply.lines:
            self.write(f"  {text}")
        for number, button in enumerate(reply.buttons, 1):
            self.write(f"  [{number}] {button.label}   (click {number})")
        for link in reply.links:
            self.write(f"  {link.label}: {link.url}")
        if reply.footer:
            self.write(f"  ({reply.footer})")
        if reply.image is not None:
            # A private view ("your-view.png") must not overwrite the public board of a position;
            # a picture of no game (a scenario's preview) goes by its own name.
            suffix = "" if reply.image_name == "board.png" else f"-{Path(reply.image_name).stem}"
            path = (self.out_dir / f"game{reply.game_id}-v{reply.version:04d}{suffix}.png"
                    if reply.game_id is not None else self.out_dir / Path(reply.image_name).name)
            if self._save(path, reply.image):
                self.images.append(path)
                self.write(f"  board: {path}")
        elif reply.image is not None:  # a league's standings or bracket: numbered, kept
            path = self.out_dir / f"{Path(reply.image_name).stem}-{len(self.images) + 1}.png"
            if self._save(path, reply.image):
                self.images.append(path)
                self.write(f"  picture: {path}")
        for name, data in reply.files:
            path = self.out_dir / name
            if self._save(path, data):
                self.write(f"  file: {path}")

    def _save(self, path: Path, data: bytes) -> bool:
        """Write a file the reply carries; a full disk or a bad folder is said, not raised."""
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as err:
            self.write(f"  {Words.of(None)('console-not-saved', path=str(path), detail=str(err))}")
            return False
        return True

    def _print_error(self, err: PlayerError) -> None:
        if err.language is None:  # the console's own refusals speak the channel game's language
            found = self.service.game_in(self.channel, ended_too=True)
            if found is not None:
                err.where(found[1], err.system or found[0])
        words = Words.of(err.language, err.system)
        self.write(f"(only you) {words.message(err.message())}")
        if err.rule is not None:
            for line in cite(words, err.rule):
                self.write(f"  {line}")

    def run_lines(self, lines: Iterable[str]) -> None:
        """Run many lines, echoing each before its reply."""
        for line in lines:
            if line.strip() and not line.lstrip().startswith("#"):
                self.write(f"> {line.rstrip()}")
            self.execute(line)
