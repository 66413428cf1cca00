"""/game: one game per channel, from the invitation to the record, and its clock."""

from __future__ import annotations

from bot.errors import PlayerError
from bot.service.replay import HIGHEST_POSITION
from bot.surface.entries import Add, Context
from bot.surface.entries import opt as _o
from bot.text import pick_language
from bot.timecontrol import TimeControl


def declare_game(add: Add) -> None:
    """Declare /game's commands."""
    add("game", "new", lambda sv, c, o: sv.new_game(
        c.channel_id, c.guild_id, c.caller, o["system"], o["scenario"],
        opponent=o.get("opponent"), seat=o.get("seat"), language=o.get("language"),
        time_control=_time_control(c, o.get("time"), o.get("language"))),
        _o("system", autocomplete="system"), _o("scenario", autocomplete="scenario"),
        _o("opponent", "user", False), _o("seat", required=False, autocomplete="seat"),
        _o("language", required=False, choices=("en", "pt-BR")), _o("time", required=False))
    add("game", "join", lambda sv, c, o: sv.join(c.channel_id, c.caller, seat=o.get("seat")),
        _o("seat", required=False, autocomplete="seat"))
    add("game", "status", lambda sv, c, o: sv.status(c.channel_id, c.caller))
    add("game", "hand", lambda sv, c, o: sv.private(c.channel_id, c.caller), private=True)
    add("game", "log", lambda sv, c, o: sv.log_lines(c.channel_id, c.caller,
                                                      last=o.get("last") or 20),
        _o("last", "int", False, min_value=1, max_value=50))
    add("game", "undo", lambda sv, c, o: sv.undo(c.channel_id, c.caller))
    add("game", "answer", lambda sv, c, o: sv.answer_undo(c.channel_id, c.caller,
                                                           bool(o["agree"])),
        _o("agree", "bool"))
    add("game", "resign", lambda sv, c, o: sv.resign(c.channel_id, c.caller))
    add("game", "end", lambda sv, c, o: sv.end(c.channel_id, c.caller))
    add("game", "export", lambda sv, c, o: sv.export(c.channel_id, c.caller))
    add("game", "verify", lambda sv, c, o: sv.verify_channel(c.channel_id, c.caller))
    add("game", "replay", lambda sv, c, o: sv.replay(
        c.channel_id, c.caller, start=o.get("start"), end=o.get("end"), delay=o.get("delay")),
        _o("start", "int", False, min_value=0, max_value=HIGHEST_POSITION),
        _o("end", "int", False, min_value=0, max_value=HIGHEST_POSITION),
        _o("delay", "float", False, min_value=0.2, max_value=5))
    add("game", "settings", lambda sv, c, o: sv.settings(
        c.channel_id, c.caller, language=o.get("language"),
        deadline_hours=o.get("deadline_hours"), reports=o.get("reports"),
        referee_sees=o.get("referee_sees"), time=o.get("time"), remind=o.get("remind")),
        _o("language", required=False, choices=("en", "pt-BR")),
        _o("deadline_hours", "int", False, min_value=0, max_value=336),
        _o("reports", required=False, choices=("trust", "confirm", "referee")),
        _o("referee_sees", required=False, choices=("public", "everything")),
        _o("time", required=False), _o("remind", required=False))
    _declare_clock(add)


def _declare_clock(add: Add) -> None:
    """Declare the play-by-post clock's commands (bot/service/turnclocks.py)."""
    add("game", "extend", lambda sv, c, o: sv.extend(c.channel_id, c.caller, o["hours"]),
        _o("hours", "int", min_value=1, max_value=24 * 30))
    add("game", "holiday", lambda sv, c, o: sv.holiday(c.channel_id, c.caller, o["hours"]),
        _o("hours", "int", min_value=1, max_value=24 * 60))
    add("game", "reminders", lambda sv, c, o: sv.reminders(c.channel_id, c.caller,
                                                            bool(o["dm"])),
        _o("dm", "bool"), private=True)


def _time_control(ctx: Context, text: str | None, language: str | None) -> TimeControl | None:
    """Read `/game new time:` (None when left out); TimeControlBad in the caller's words."""
    if text is None:
        return None
    try:
        return TimeControl.parse(text)
    except PlayerError as err:
        raise err.where(pick_language(language, ctx.caller.locale)) from None
