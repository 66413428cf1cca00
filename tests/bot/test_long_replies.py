"""Issue 28, finding 3: no reply is ever cut without saying so, here through the console.

Every command of the surface runs against data that overflows one message (tests/overflow.py:
900-player leagues, a long log, many games), in both languages. Each reply must fit one
Discord message; a reply that leaves lines out must end with a line saying how many, and
that number must be what it really left out (the whole list read again with room for
everything, or the listing its page buttons name, or the file it carries). The page
buttons then lead through every line of a listing, each page fitting too.
"""

from __future__ import annotations

import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import paging
from bot.clock import FakeClock
from bot.console.terminal import Console
from bot.paging import NOTICE_ROOM, parse_page
from bot.replies import Reply, parse_custom_id
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.location import open_store
from bot.surface.entries import Entry
from tests.overflow import (
    DESCRIPTION,
    OVERFLOWING,
    READS,
    World,
    build_world,
    left_out,
    missing,
    note_is_last,
    options_for,
    order,
    page_buttons,
    problems_fitting,
    whole_file,
)

EVERYTHING = 10**9


class SpeakingConsole(Console):
    """The console, its users speaking one language (as Discord tells the bot a locale)."""

    locale: str | None = None

    def caller(self, token: str) -> Caller:
        """Build the caller for an `@name`, in the console's language."""
        return replace(super().caller(token), locale=self.locale)


def _typed(value: Any) -> str:
    if isinstance(value, Caller):
        return f"@{value.user_id}"
    return shlex.quote(str(value))


def _line(world: World, entry: Entry, options: dict[str, Any]) -> str:
    typed = " ".join(f"{name}:{_typed(value)}" for name, value in options.items())
    return f"@{world.referee.user_id} /{entry.path} {typed}".rstrip()


def _whole(console: Console, service: GameService, world: World, entry: Entry,
           line: str, reply: Reply, monkeypatch: pytest.MonkeyPatch) -> list[str] | None:
    """Return every line the reply's list holds, read with room for everything."""
    with monkeypatch.context() as roomy:
        roomy.setattr(paging, "ROOM", EVERYTHING)
        if entry.path in READS:
            again = console.execute(line)
            return None if again is None else again.lines
        pages = page_buttons(reply)
        if pages:
            parsed = parse_custom_id(pages[0])
            assert parsed is not None
            found = parse_page(parsed[3])
            assert found is not None
            listing, _, key = found
            return service.press(world.channel, world.referee,
                                 f"bn:page:0:0:{listing}:1:{key}").lines
    return whole_file(reply)


def _walk(console: Console, reply: Reply, whole: list[str]) -> None:
    """Press Next until the last page; every page fits, and together they show every line."""
    seen = set(reply.lines)
    shown, page = reply, 1
    console.last = reply  # the buttons `click` presses
    while True:
        ahead = [n for n, b in enumerate(shown.buttons, 1)
                 if b.kind == "page" and (parse_page(b.arg) or ("", 0, ""))[1] == page + 1]
        if not ahead:
            break
        turned = console.execute(f"@alice click {ahead[0]}")
        assert turned is not None and turned.ephemeral
        assert problems_fitting(turned) == [] and note_is_last(turned.lines)
        seen |= set(turned.lines)
        shown, page = turned, page + 1
    assert [line for line in whole if line not in seen] == []


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_long_replies_are_never_cut_silently_in_the_console(
    service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    referee = Caller(user_id="alice", name="alice", locale=language)
    opponent = Caller(user_id="bob", name="bob", locale=language)
    world = build_world(service, "local", "console", referee, opponent, language)
    out: list[str] = []
    console = SpeakingConsole(service, tmp_path / "out", write=out.append, scheduled=False)
    console.locale = language
    overflowed = []
    for entry in order():
        options = options_for(world, entry)
        line = _line(world, entry, options)
        out.clear()
        reply = console.execute(line)
        # A message Fluent could not fill (a placeable over 1,000 characters) reads "{???}".
        assert not [text for text in out if "{???}" in text], line
        if reply is None:  # refused: one polite answer, within one message too
            assert len("\n".join(out)) <= DESCRIPTION, (line, out)
            continue
        assert problems_fitting(reply) == [], line
        assert note_is_last(reply.lines), line
        whole = _whole(console, service, world, entry, line, reply, monkeypatch)
        said = left_out(reply.lines)
        if whole is not None:
            assert said == len(missing(reply, whole)), line
        if said:
            overflowed.append(entry.path)
        if page_buttons(reply) and whole is not None:
            _walk(console, reply, whole)
    assert sorted(set(OVERFLOWING) - set(overflowed)) == []


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_long_replies_are_never_cut_silently_in_a_notice(db_location: str, language: str
                                                         ) -> None:
    """A report confirmed by time that pairs a 900-player round is posted as one plain
    message (2,000 characters): its first fixtures, how many more, and a page button."""
    clock = FakeClock("2026-03-02T10:00:00+00:00")
    store = open_store(db_location, clock=clock)
    service = GameService(store, seed_factory=lambda: "seed")
    referee = Caller(user_id="alice", name="alice", locale=language)
    opponent = Caller(user_id="bob", name="bob", locale=language)
    world = build_world(service, "local", "console", referee, opponent, language)
    with store.reading() as tx:
        fixture = tx.fixture(world.pending)
    assert fixture is not None
    service.leagues.report(world.guild, Caller(fixture.home, "Home", locale=language),
                           world.big, result="win")
    clock.advance(hours=49)
    (notice,) = [n for n in service.scheduler.due() if n.channel_id == world.channel]
    lines = notice.text.split("\n")
    assert len(notice.text) <= NOTICE_ROOM and note_is_last(lines)
    (button,) = notice.buttons
    first = service.press(world.channel, referee, button.custom_id)
    with pytest.MonkeyPatch.context() as roomy:
        roomy.setattr(paging, "ROOM", EVERYTHING)
        whole = service.press(world.channel, referee, button.custom_id).lines
    shown = [line for line in lines if line in whole]
    assert left_out(lines) == len(whole) - len(shown) > 0
    assert first.lines[:len(shown)] == shown  # the first page goes on from there
    store.close()
