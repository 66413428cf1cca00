"""Data that overflows one message, and the checks that no reply is cut without saying so.

Issue 28, finding 3: at 900 players `/league start`, `fixtures`, the resolve that pairs
round 2, `standings` and `ratings` were cut at 4,000 characters without a word, and so
was `/league turns` over many games. `build_world` makes, per language, what makes every
growing reply overflow: a race game with a long log, two 900-player Swiss leagues (one
started with all of round 1 but one fixture settled, one not started yet), running games
counted in the started one, and a round-robin in which the referee has hundreds of
fixtures waiting (a refusal naming them grows too). `options_for` gives each command of
the surface the options that make it show that data (any other command gets plain valid
values), and the checks below say whether a reply fits Discord and, when it leaves lines
out, says how many (bot/paging.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.paging import PAGE_BUTTON, WHOLE_FILE, body
from bot.replies import Reply
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.surface.dispatch import surface
from bot.surface.entries import Entry

PLAYERS = 900
TURN_GAMES = 60
RIVALS = 300
LOG_ENTRIES = 50
# Discord's limits on one message (https://discord.com/developers/docs/resources/message).
DESCRIPTION = 4096
EMBED_TOTAL = 6000
TITLE = 256
FOOTER = 2048
CONTENT = 2000
BUTTONS = 25
CUSTOM_ID = 100
LABEL = 80
# The replies that must overflow with this data (else the data is too small to test them).
OVERFLOWING = ("league start", "league fixtures", "league resolve", "league standings",
               "league ratings", "league turns", "game log")
# Commands that only read: run again with room for everything, they show the whole list.
READS = ("game status", "game hand", "game log", "game export", "game verify",
         "rules search", "rules ask", "rules show", "league fixtures", "league standings",
         "league export", "league ratings", "league turns")
# Run last: they end the channel's game or change who plays.
LAST = ("game undo", "game resign", "game end", "league remove", "league leave")
# The line that ends a reply which left lines out, in each language (data/locales/*/core.ftl).
LEFT_OUT = re.compile(r"^\((?:(?P<n>\d+) more lines are|one more line is) not shown|"
                      r"^\(mais (?:(?P<m>\d+) linhas não aparecem|uma linha não aparece)")


@dataclass
class World:
    """What one language's commands run against."""

    language: str
    guild: str
    channel: str
    referee: Caller
    opponent: Caller
    big: str  # a started league: round 1 paired, all but one fixture settled
    open: str  # a league with PLAYERS players, not started
    pending: int  # the fixture whose result pairs round 2
    marathon: str  # a running round-robin: the referee has RIVALS fixtures waiting


def build_world(service: GameService, guild: str, channel: str, referee: Caller,
                opponent: Caller, language: str) -> World:
    """Make the data that overflows every growing reply, for one language."""
    service.new_game(channel, guild, referee, "race", "short", opponent=opponent,
                     language=language)
    service.join(channel, opponent)
    for number in range(LOG_ENTRIES):
        service.act(channel, referee, {"type": "mark", "note": f"{number:03d} " + "n" * 96})
    big, open_ = f"Big {language}", f"Open {language}"
    first = 7_000_000_000 + (1_000_000 if language != "en" else 0)  # players' Discord ids
    for name in (big, open_):
        service.leagues.create(guild, referee, name, channel_id=channel, system_id="race",
                               format_="swiss")
        with service.store.transaction() as tx:
            league = tx.league_season(guild, name)
            assert league is not None
            for n in range(PLAYERS):
                tx.join_league(league.id, str(first + n), f"Player {n}")
    service.leagues.start(guild, referee, big)
    with service.store.transaction() as tx:
        league = tx.league_season(guild, big)
        assert league is not None
        *settled, last = tx.fixtures(league.id)
        for fixture in settled:
            tx.update_fixture(fixture, status="done", winner=fixture.home,
                              settled_by="referee", settled_at=tx.now())
    # A round-robin in which the referee waits on hundreds of opponents at once.
    service.leagues.create(guild, referee, marathon := f"Marathon {language}",
                           channel_id=channel, system_id="race")
    with service.store.transaction() as tx:
        league = tx.league_season(guild, marathon)
        assert league is not None
        tx.join_league(league.id, referee.user_id, referee.name)
        for n in range(RIVALS):
            tx.join_league(league.id, str(first + n), f"Player {n}")
            tx.insert_fixture(league.id, n + 1, referee.user_id, str(first + n))
        tx.set_league_status(league.id, "running", {**league.settings, "rounds": RIVALS})
    for n in range(TURN_GAMES):
        where = f"{channel}-t{n}"
        service.new_game(where, guild, referee, "race", "short", opponent=opponent,
                         language=language)
        service.join(where, opponent)
        with service.store.transaction() as tx:
            game = tx.active_game(where)
            league = tx.league_season(guild, big)
            assert game is not None and league is not None
            tx.add_to_league(league.id, game.id)
    return World(language, guild, channel, referee, opponent, big, open_, last.id, marathon)


def order() -> list[Entry]:
    """Return every command of the surface, those that end the game or a seat last."""
    entries = list(surface().entries.values())
    return sorted(entries, key=lambda e: LAST.index(e.path) + 1 if e.path in LAST else 0)


def options_for(world: World, entry: Entry) -> dict[str, Any]:
    """Return options that make a command show the world's data (plain values otherwise).

    A user option is given as the world's opponent; the transport turns it into its own.
    """
    named: dict[str, dict[str, Any]] = {
        "game new": {"system": "race", "scenario": "short"},
        "game log": {"last": LOG_ENTRIES},
        "rules search": {"keyword": "leader"},
        "rules ask": {"question": "can a leader leave his unit"},
        "rules show": {"rule": "core/undo-limit"},
        "rules ruling": {"action": "mark note:x"},
        "league create": {"name": f"New {world.language}"},
        "league join": {"league": world.open},
        "league leave": {"league": world.open},
        "league start": {"league": world.open},
        "league remove": {"league": world.big, "player": world.opponent},
        "league play": {"league": world.marathon},
        "league report": {"league": world.marathon, "result": "win"},
        "league resolve": {"league": world.big, "fixture": world.pending, "result": "home"},
        "league ratings": {"system": "race"},
        "race mark": {"note": "m" * 100},
        "wh40k roster": {"text": "wh40k/rosters/ultramarines-strike-force.toml"},
    }
    if entry.path in named:
        return named[entry.path]
    out: dict[str, Any] = {}
    for option in entry.options:
        if not option.required and option.name != "league":
            continue
        if option.name == "league":
            out["league"] = world.big
        elif option.choices:
            out[option.name] = option.choices[0]
        elif option.kind == "int":
            out[option.name] = int(option.min_value or 1)
        elif option.kind == "float":
            out[option.name] = float(option.min_value or 1)
        elif option.kind == "bool":
            out[option.name] = True
        elif option.kind == "user":
            out[option.name] = world.opponent
        else:
            out[option.name] = "x"
    return out


# ---------------------------------------------------------------- checks


def problems_fitting(reply: Reply) -> list[str]:
    """Say how a reply breaks Discord's limits on one message (nothing: it fits)."""
    found = []
    text = body(reply)
    title, footer = reply.title or "", reply.footer or ""
    if len(text) > DESCRIPTION:
        found.append(f"description of {len(text)} characters")
    if len(text) + len(title) + len(footer) > EMBED_TOTAL:
        found.append("embed over 6,000 characters")
    if len(title) > TITLE or len(footer) > FOOTER:
        found.append("title or footer too long")
    if len(reply.buttons) > BUTTONS:
        found.append(f"{len(reply.buttons)} buttons")
    for button in reply.buttons:
        if len(button.custom_id) > CUSTOM_ID or len(button.label) > LABEL:
            found.append(f"button {button.custom_id!r} too long")
    return found


def left_out(lines: list[str]) -> int:
    """Return how many lines a reply says it left out (0: it says nothing is)."""
    said = [m for m in (LEFT_OUT.match(line) for line in lines) if m]
    if not said:
        return 0
    count = said[-1]["n"] or said[-1]["m"]
    return int(count) if count else 1


def note_is_last(lines: list[str]) -> bool:
    """Say whether a reply that leaves lines out says so in its last line."""
    notes = [i for i, line in enumerate(lines) if LEFT_OUT.match(line)]
    return not notes or notes == [len(lines) - 1]


def missing(shown: Reply, whole: list[str]) -> list[str]:
    """Return the lines of the whole list a reply does not show."""
    have = set(shown.lines) | {shown.text}
    return [line for line in whole if line not in have]


def page_buttons(reply: Reply) -> list[str]:
    """Return the custom ids of a reply's page buttons."""
    return [b.custom_id for b in reply.buttons if b.kind == PAGE_BUTTON]


def whole_file(reply: Reply) -> list[str] | None:
    """Return the lines of the whole reply a too-long reply carries as a file, if any."""
    for name, data in reply.files:
        if name == WHOLE_FILE:
            return data.decode().split("\n")
    return None


__all__ = ["LAST", "OVERFLOWING", "PLAYERS", "READS", "World", "build_world", "left_out",
           "missing", "note_is_last", "options_for", "order", "page_buttons",
           "problems_fitting", "whole_file"]
