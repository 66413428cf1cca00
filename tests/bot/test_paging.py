"""The pager (bot/paging.py): pages that fit, cut alike, and say what they leave out."""

from __future__ import annotations

import re

from bot import paging
from bot.paging import Listing, clipped, fitted, newest, paged, parse_page, split
from bot.replies import Reply, parse_custom_id
from bot.text import Words

EN, PT = Words.of("en"), Words.of("pt-BR")
LINES = [f"{n}. <@{7_000_000_000 + n}>: {n} pts · 1 W 0 D 0 L" for n in range(1, 901)]


def test_split_keeps_every_line_in_order_within_the_room() -> None:
    pages = split(LINES, 1000)
    assert [line for page in pages for line in page] == LINES
    assert all(len("\n".join(page)) <= 1000 for page in pages)
    assert len(pages) > 1
    (cut,), = split(["x" * 50], 10)
    assert cut == "x" * 9 + "…"


def test_a_page_ends_saying_how_many_lines_are_left_out_and_offers_the_others() -> None:
    listing = Listing("standings", "Big league", "paging-where-league")
    first = paged(Reply(text="Big league: standings"), LINES, EN, listing)
    shown = first.lines[:-1]
    assert shown == LINES[:len(shown)]
    assert re.fullmatch(rf"\({900 - len(shown)} more lines are not shown · page 1 of 1\d; "
                        r"the buttons below turn the pages, and `/league export` has "
                        r"everything\)", first.lines[-1])
    assert len("\n".join([first.text, *first.lines])) <= paging.ROOM
    (after,) = first.buttons
    assert after.label == "Page 2 ▶"
    parsed = parse_custom_id(after.custom_id)
    assert parsed is not None and parse_page(parsed[3]) == ("standings", 2, "Big league")
    second = paged(Reply(text="Big league: standings"), LINES, PT, listing, page=2)
    assert [b.label for b in second.buttons] == ["◀ Página 1", "Página 3 ▶"]
    assert second.lines[0] == LINES[len(shown)]
    assert second.lines[-1].startswith(f"(mais {900 - len(second.lines) + 1} linhas não "
                                       "aparecem · página 2 de ")


def test_a_listing_is_cut_at_the_same_lines_whatever_reply_shows_it() -> None:
    listing = Listing("round", "1:Big", "paging-where-league")
    short = paged(Reply(text="Big: fixtures"), LINES, EN, listing)
    long = paged(Reply(text="x" * 400, lines=["**Round 1** is paired:"]), LINES, EN, listing)
    assert short.lines[:-1] == long.lines[1:-1]


def test_a_log_pages_from_its_newest_lines() -> None:
    log = paged(Reply(text="Race"), LINES, EN, Listing("log", "1:50"), newest_first=True)
    assert log.lines[-2] == LINES[-1]
    assert log.lines[0] == LINES[-(len(log.lines) - 1)]


def test_a_short_list_is_shown_whole_without_a_note_or_buttons() -> None:
    reply = paged(Reply(text="t"), LINES[:10], EN, Listing("standings", "x"))
    assert reply.lines == LINES[:10] and reply.buttons == []


def test_a_plain_message_shows_its_first_lines_and_a_button_to_the_first_page() -> None:
    reply = paged(Reply(text="Fixture #5 confirmed"), LINES, EN, Listing("round", "2:Big"),
                  room=paging.NOTICE_ROOM)
    assert len("\n".join([reply.text, *reply.lines])) <= paging.NOTICE_ROOM
    assert reply.lines[-1].startswith(f"({900 - len(reply.lines) + 1} more lines are not shown;")
    assert [b.label for b in reply.buttons] == ["Page 1 ▶"]


def test_a_reply_too_long_for_a_message_carries_the_whole_text_as_a_file() -> None:
    reply = fitted(Reply(text="Roster", lines=list(LINES)), EN)
    assert len("\n".join([reply.text, *reply.lines])) <= paging.ROOM
    ((name, data),) = reply.files
    assert name == "reply.txt" and data.decode() == "\n".join(["Roster", *LINES])
    kept = len(reply.lines) - 1
    assert reply.lines[-1] == (f"({900 - kept} more lines are not shown; the attached "
                               "reply.txt has everything)")
    small = Reply(text="fine", lines=["a"])
    assert fitted(small, EN) is small and small.files == []


def test_a_turn_message_keeps_its_newest_lines() -> None:
    kept = newest(tuple(LINES), EN, 2000)
    assert kept[-1] == LINES[-1] and len("\n".join(kept)) <= 2000
    assert kept[0].startswith(f"({900 - len(kept) + 1} more lines are not shown; `/game log`")
    assert newest(tuple(LINES[:3]), EN, 2000) == tuple(LINES[:3])


def test_a_transport_clips_text_to_its_room_and_says_so() -> None:
    text = "\n".join(LINES)
    shown, whole = clipped(text, PT, 2000)
    assert whole == text.encode() and len(shown) <= 2000
    *kept, note = shown.split("\n")
    assert kept == LINES[:len(kept)]
    assert note.startswith(f"(mais {900 - len(kept)} linhas não aparecem; o arquivo anexo")
    one, _ = clipped("y" * 5000, EN, 2000)
    assert one.endswith("…\n(one more line is not shown; the attached reply.txt has everything)")
    assert clipped("short", EN, 2000) == ("short", None)
