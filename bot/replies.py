"""What a transport shows after a command: replies, buttons, and the board of a position.

A reply is already worded (in the game's language) when it leaves the service;
transports only lay it out. Working out a position's board (the prompt, the
buttons, drawing and encoding the picture) costs far more than the rest of a
command, so `Boards` keeps recent ones by position.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.core.model import Action

# The most text one reply may carry: Discord shows 4,096 characters of an embed.
MAX_REPLY = 4000


@dataclass(frozen=True)
class Button:
    """A choice offered under a reply; it is only valid for the game version it names."""

    kind: str  # join | undo-yes | undo-no | claim-yes | claim-no | act
    label: str
    game_id: int
    version: int
    arg: str = ""
    style: str = "primary"

    @property
    def custom_id(self) -> str:
        """Return the id a transport gives the component (at most 100 characters)."""
        return f"bn:{self.kind}:{self.game_id}:{self.version}:{self.arg}"[:100]


@dataclass(frozen=True)
class Link:
    """A button that opens a web page (the web companion's, bot/service/pagelinks.py)."""

    label: str
    url: str


@dataclass(frozen=True)
class Option:
    """One option of a pick list: what it says, the value it sends, a line under it."""

    label: str
    value: str
    description: str = ""
    default: bool = False  # shown as chosen already


@dataclass(frozen=True)
class Pick:
    """A pick list (a Discord select menu) under a reply; valid for the version it names."""

    kind: str  # pick | lead (a preview's choice, bot/service/importreview.py)
    placeholder: str
    game_id: int
    version: int
    arg: str
    options: tuple[Option, ...]

    @property
    def custom_id(self) -> str:
        """Return the id a transport gives the component (at most 100 characters)."""
        return f"bn:{self.kind}:{self.game_id}:{self.version}:{self.arg}"[:100]


@dataclass(frozen=True)
class Blank:
    """A number to type in a form: the option it fills, its words, its prefilled value."""

    name: str
    label: str
    value: str = ""
    required: bool = True
    placeholder: str = ""


@dataclass(frozen=True)
class FormRequest:
    """A form (a Discord modal) to open in answer, instead of a message."""

    title: str
    game_id: int
    version: int
    arg: str
    blanks: tuple[Blank, ...]

    @property
    def custom_id(self) -> str:
        """Return the id a transport gives the form (at most 100 characters)."""
        return f"bn:form:{self.game_id}:{self.version}:{self.arg}"[:100]


# The largest number a button id may carry: SQLite's largest integer (ids, versions).
HIGHEST_NUMBER = 2**63 - 1


def parse_custom_id(custom_id: str) -> tuple[str, int, int, str] | None:
    """Read a button id back: (kind, game id, version, argument), or None if not ours.

    A number outside SQLite's integers is no id of ours (a forged component's), so the
    id is refused before it reaches a query that could not hold it."""
    try:
        prefix, kind, game_id, version, arg = custom_id.split(":", 4)
        if prefix != "bn":
            return None
        numbers = int(game_id), int(version)
    except ValueError:
        return None
    if not all(0 <= n <= HIGHEST_NUMBER for n in numbers):
        return None
    return kind, numbers[0], numbers[1], arg


def action_digest(action: Action) -> str:
    """Return a short fingerprint of an action, for the button that offers it.

    A button names its action by content, not by its place in a list, so it can
    never act differently from what its label said.
    """
    data = action.model_dump_json(exclude={"seat"})
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class TurnMark:
    """Where a reply about a move belongs: the one live message of the turn in progress.

    A turn's message is posted when the turn passes to a seat (pinging its player) and
    then edited as that player acts, so a channel reads one message per turn. `since`
    (the log entry the stretch began at) names the message; `fresh` says this reply
    opens a new one. The lines are worded in the game's language: `log` is the stretch
    so far, `closing` the whole stretch that just ended (the last state of the message
    it leaves behind, named by `closed`), `recap` what the next player missed, `said`
    what this move did and `status` the board's lines (whose turn, what is next).
    """

    game_id: int
    since: int
    fresh: bool
    log: tuple[str, ...] = ()
    closed: int | None = None
    closing: tuple[str, ...] = ()
    recap: tuple[str, ...] = ()
    said: tuple[str, ...] = ()
    status: tuple[str, ...] = ()


@dataclass(frozen=True)
class ThreadRequest:
    """Asks the transport to open a thread under the reply's channel and go on in it.

    The transport opens a public thread called `name`, then calls `then` with the new
    thread's channel id (from a worker thread: it writes to the store) and posts the
    reply it returns in the thread. A transport without threads (the console) passes
    a channel id of its own made from `key`.
    """

    name: str
    key: str
    then: Callable[[str], Reply]


@dataclass
class Reply:
    """What a transport shows after a command."""

    text: str
    title: str | None = None
    lines: list[str] = field(default_factory=list)
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    files: list[tuple[str, bytes]] = field(default_factory=list)
    mention: str | None = None
    buttons: list[Button] = field(default_factory=list)
    # Buttons that open a web page (a league's, a player's): after the others.
    links: list[Link] = field(default_factory=list)
    game_id: int | None = None
    version: int | None = None
    # Which game and position a board shows, worded ("game 3 · position 12").
    footer: str | None = None
    # A move in a game: which turn message shows it (transports that keep one live
    # message per turn edit it; others show the reply as it is).
    turn: TurnMark | None = None
    # Open a thread and go on there (a league fixture's game, bot/service/leagues/reports.py).
    thread: ThreadRequest | None = None
    # Pick lists under the reply (a player's private controls, bot/service/panels.py).
    picks: list[Pick] = field(default_factory=list)
    # Open this form instead of answering with a message.
    form: FormRequest | None = None
    # Show the reply in the private message whose control was used, not in a new one.
    in_place: bool = False
    # After a move made from a player's private controls: those controls, renewed, to
    # show in the private message they were used in (the move goes to the turn message).
    private: Reply | None = None


@dataclass(frozen=True)
class Board:
    """The shared part of a public reply for one position, kept to hand out again."""

    title: str | None
    lines: tuple[str, ...]
    image: bytes | None
    buttons: tuple[Button, ...]
    game_id: int | None
    version: int | None
    footer: str | None = None

    def reply(self) -> Reply:
        """Return a new reply (callers add to its text and lines)."""
        return Reply(text="", title=self.title, lines=list(self.lines), image=self.image,
                     buttons=list(self.buttons), game_id=self.game_id, version=self.version,
                     footer=self.footer)


__all__ = ["Blank", "Board", "Button", "FormRequest", "Link", "Option", "Pick", "Reply",
           "ThreadRequest", "TurnMark",
           "action_digest", "parse_custom_id"]
