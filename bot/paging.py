"""Long lists in pages: every reply fits one Discord message and says what it leaves out.

A listing (a league's standings, its fixtures, one round, the ratings of a system, the
games waiting, a game's log) is worded whole, then cut into pages that fit one message
with the reply's text (`ROOM` characters, under Discord's 4,096 of an embed). A page
shows its lines and ends with one line saying how many lines are left out and where
they are: the Previous / Next buttons, and the export that holds everything. The
buttons name the listing, the page and what it lists in their custom id
(`bn:page:0:0:<listing>:<page>:<key>`, `Listing.button`); pressing one re-runs the
listing, read-only, for that page (`GameService.page`, the service's button table) and
shows it to whoever pressed it.

A reply that is no listing but still grew past one message (`fitted`, the last resort
the surface applies to every reply) keeps the lines that fit, says how many it left
out, and carries the whole text as an attached file.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.replies import MAX_REPLY, Button, Reply
from bot.text import Words
from rules.core.text import Msg

# The characters one page may fill: the reply's text and its lines (read when a page is
# cut, so a test can set it high and see a listing whole).
ROOM = MAX_REPLY
# Kept free on every page for the line that says what is left out.
NOTE_ROOM = 300
# Kept on every page for the reply's own text (its title, a result, a round's heading).
HEAD_ROOM = 700
# A page never gets less room than this, however long the reply's text.
LEAST_ROOM = 500
# Discord shows at most 2,000 characters of a plain message (a notice posted by itself).
NOTICE_ROOM = 2000
# The button kind of a page; its argument is `<listing>:<page>:<key>`.
PAGE_BUTTON = "page"
# The file a reply too long for one message carries whole.
WHOLE_FILE = "reply.txt"
ELLIPSIS = "…"


@dataclass(frozen=True)
class Listing:
    """A list a page button shows again: which listing, of what, and where it is whole.

    `whole` is the catalogue message that says where every line is (`paging-where-*`).
    """

    name: str  # standings | fixtures | round | ratings | turns | log
    # What it lists, by ids that hold wherever the button is pressed: a league's id,
    # "<round>:<league id>", "<server>:<system>" (ratings), "<game id>:<entries asked>" (log).
    key: str
    whole: str = "paging-where-pages"

    def button(self, words: Words, page: int, label: str) -> Button:
        """Return the button that shows page `page` of this listing."""
        return Button(PAGE_BUTTON, words(label, page=page), 0, 0,
                      arg=f"{self.name}:{page}:{self.key}", style="secondary")


def parse_page(arg: str) -> tuple[str, int, str] | None:
    """Read a page button's argument back: (listing, page, key), or None if malformed."""
    name, _, rest = arg.partition(":")
    number, _, key = rest.partition(":")
    if not name or not number.isdigit() or not key:
        return None
    return name, int(number), key


def split(lines: list[str], room: int) -> list[list[str]]:
    """Cut lines into pages of at most `room` characters each (a newline between lines).

    A line longer than a page is cut to fit and ends with an ellipsis.
    """
    pages: list[list[str]] = [[]]
    used = 0
    for line in lines:
        if len(line) > room:
            line = line[:room - 1] + ELLIPSIS
        if pages[-1] and used + 1 + len(line) > room:
            pages.append([])
            used = 0
        used += len(line) + (1 if pages[-1] else 0)
        pages[-1].append(line)
    return pages


def _space(own: int, limit: int) -> int:
    """Return the room for a page's lines in a message of `limit` characters whose own text
    takes `own`: the same for every reply of a listing whose text takes up to HEAD_ROOM."""
    return max(limit - NOTE_ROOM - max(HEAD_ROOM, own + 1), LEAST_ROOM)


def paged(reply: Reply, lines: list[str], words: Words, listing: Listing | None = None,
          page: int = 1, newest_first: bool = False, room: int | None = None,
          whole: str = "paging-where-pages") -> Reply:
    """Show one page of `lines` under the reply's text; say what is left out, offer the rest.

    Pages are counted from the top of the list, or from its end with `newest_first` (a
    log: page 1 holds the newest lines), and cut at the same lines whichever reply shows
    them (a round's fixtures after `/league start` and on its page buttons). Without a
    listing there are no buttons and only the first page shows (`whole` says where the
    rest is). A message smaller than a page (`room`: a notice posted as plain text) shows
    the first lines only, and a button to the first page.
    """
    own = len("\n".join([reply.text, *reply.lines]))
    ordered = lines[::-1] if newest_first else lines
    space = _space(own, ROOM)
    pages = split(ordered, space)
    if len(pages) == 1 and all(len(line) <= space for line in lines):
        reply.lines.extend(lines)
        return reply
    number = min(max(page, 1), len(pages))
    shown = pages[number - 1]
    if room is not None:
        shown, space = split(ordered, _space(own, room))[0], _space(own, room)
    left = len(lines) - len(shown)
    if any(len(line) > space for line in ordered):
        left = max(left, 1)  # a line cut to fit a page is partly left out
    where = listing.whole if listing is not None else whole
    reply.lines.extend(shown[::-1] if newest_first else shown)
    reply.lines.append(words("paging-left-out", count=left, page=number,
                             pages=1 if room is not None else len(pages),
                             where=Msg(key=where)))
    if listing is None:
        return reply
    if room is not None:
        reply.buttons.append(listing.button(words, 1, "button-page-next"))
        return reply
    if number > 1:
        reply.buttons.append(listing.button(words, number - 1, "button-page-previous"))
    if number < len(pages):
        reply.buttons.append(listing.button(words, number + 1, "button-page-next"))
    return reply


def newest(lines: tuple[str, ...], words: Words, room: int,
           whole: str = "paging-where-log") -> tuple[str, ...]:
    """Keep the last lines that fit in `room` characters, after a first line saying how many
    earlier ones are left out (a turn message's log grows at its end)."""
    if sum(len(line) + 1 for line in lines) <= room + 1:
        return lines
    space = max(room - NOTE_ROOM, LEAST_ROOM)
    kept = split(list(lines[::-1]), space)[0][::-1]
    note = words("paging-left-out", count=len(lines) - len(kept), page=1, pages=1,
                 where=Msg(key=whole))
    return (note, *kept)


def body(reply: Reply) -> str:
    """Return the text a transport shows of a reply: its text, then its lines."""
    return "\n".join([reply.text, *reply.lines]).strip()


def clipped(text: str, words: Words, room: int | None = None,
            where: str = "paging-where-file") -> tuple[str, bytes | None]:
    """Return text as it fits `room` characters, and the whole text when it did not fit: the
    lines that fit, then a line saying how many are left out and where they are (`where`:
    by default a file that has them all, which the caller attaches).

    The last resort of every transport and of `fitted`: nothing is ever cut unsaid.
    """
    room = ROOM if room is None else room
    if len(text) <= room:
        return text, None
    lines = text.split("\n")
    kept = split(lines, max(room - NOTE_ROOM, 1))[0]
    left = len(lines) - len(kept)
    if kept[-1] != lines[len(kept) - 1]:  # the last line kept was cut as well
        left += 1
    note = words("paging-left-out", count=left, page=1, pages=1, where=Msg(key=where))
    return "\n".join([*kept, note]), text.encode()


def fitted(reply: Reply, words: Words) -> Reply:
    """Return the reply as it fits one message: as it is when it fits, else the lines that
    fit, a line saying how many are left out, and the whole text attached as a file."""
    shown, whole = clipped(body(reply), words)
    if whole is None:
        return reply
    text, *lines = shown.split("\n")
    reply.text, reply.lines = text, lines
    reply.files = [*reply.files, (WHOLE_FILE, whole)]
    return reply


__all__ = ["NOTICE_ROOM", "PAGE_BUTTON", "ROOM", "WHOLE_FILE", "Listing", "body", "clipped",
           "fitted", "newest",
           "paged", "parse_page", "split"]
