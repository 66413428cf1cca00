"""The command surface: every slash command, declared once, for every transport.

Banneret's own commands (/game, /rules, /league) are declared here with the
service call each makes; a game system's commands are declared next to the system
(`Engine.commands`, in rules/<system>/commands.py) and each applies one action.
The console runs this surface directly; the Discord transport builds its slash
commands from it (bot/discord/commands.py). Descriptions are catalogue messages:
`command-<group>-<name>` and `command-<group>-<name>-<option>`.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.errors import GuildOnly, PlayerError, bad_input
from bot.replies import Reply
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.service.leagues.rounds import FORMATS, TIEBREAK_ORDERS
from bot.text import Said, Words, pick_language
from bot.timecontrol import TimeControl
from rules.core.commands import Command, Option
from rules.core.system import available, system
from rules.core.text import items


@dataclass(frozen=True)
class Context:
    """Where a command was typed and by whom (`guild_id` NO_GUILD outside a server)."""

    channel_id: str
    guild_id: str
    caller: Caller


# The guild id of a command typed outside any server (a DM, a group DM).
NO_GUILD = "dm"
# Command groups that work outside a server too: rules questions need no game.
ANYWHERE = frozenset({"rules"})


Handler = Callable[[GameService, Context, dict[str, Any]], Reply]


@dataclass(frozen=True)
class Entry:
    """One command of the surface: its group, its declaration and what running it does."""

    group: str
    command: Command
    handler: Handler
    # The game system whose catalogue words it (None: Banneret's own).
    system_id: str | None = None

    @property
    def path(self) -> str:
        """Return 'group name', e.g. 'samurai order'."""
        return f"{self.group} {self.command.name}"

    @property
    def name(self) -> str:
        """Return the subcommand name."""
        return self.command.name

    @property
    def options(self) -> tuple[Option, ...]:
        """Return the command's options."""
        return self.command.options

    def words(self, language: str | None) -> Words:
        """Return the words that describe this command."""
        return Words.of(language, system(self.system_id) if self.system_id else None)

    def description(self, language: str | None = None, option: str | None = None) -> str:
        """Return the command's (or one option's) description in a language."""
        key = f"command-{self.group}-{self.command.name}" + (f"-{option}" if option else "")
        return self.words(language)(key)


@dataclass
class Surface:
    """Every command, by path, and the slash command group of each game system."""

    entries: dict[str, Entry] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)

    def add(self, entry: Entry) -> None:
        """Register a command."""
        self.entries[entry.path] = entry

    def group_names(self) -> list[str]:
        """Return the top-level command names, in the order they were declared."""
        return list(dict.fromkeys(e.group for e in self.entries.values()))

    def by_action(self, group: str, name: str) -> Entry | None:
        """Return a group's action command by subcommand name."""
        found = self.entries.get(f"{group} {name}")
        return found if found and found.command.action else None

    def group_description(self, group: str, language: str | None = None) -> str:
        """Return a group's description in a language."""
        entry = next(e for e in self.entries.values() if e.group == group)
        return entry.words(language)(f"command-{group}")


def act(action: str) -> Handler:
    """Return the handler of a command that applies one action type (options = its fields)."""

    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        data = {"type": action, **{k: v for k, v in o.items() if v is not None}}
        return service.act(ctx.channel_id, ctx.caller, data)

    return handler


def offer(action: str) -> Handler:
    """Return the handler of a `preview` command: show its action first (importreview.py)."""

    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        data = {"type": action, **{k: v for k, v in o.items() if v is not None}}
        return service.previews.offer(ctx.channel_id, ctx.caller, data)

    return handler


def _o(name: str, kind: Any = "str", required: bool = True, **kw: Any) -> Option:
    return Option(name=name, kind=kind, required=required, **kw)


def _core(s: Surface) -> None:
    """Declare Banneret's own commands: /game, /rules and /league."""

    def add(group: str, name: str, handler: Handler, *options: Option,
            private: bool = False) -> None:
        s.add(Entry(group, Command(name=name, options=options, private=private), handler))

    _game(add)
    _rules_and_leagues(add)


Add = Callable[..., None]


def _game(add: Add) -> None:
    """Declare /game: one game per channel, from the invitation to the record."""
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
        _o("start", "int", False, min_value=0), _o("end", "int", False, min_value=0),
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
    # Play-by-post clocks (bot/service/turnclocks.py)
    add("game", "extend", lambda sv, c, o: sv.clocks.extend(c.channel_id, c.caller, o["hours"]),
        _o("hours", "int", min_value=1, max_value=24 * 30))
    add("game", "holiday", lambda sv, c, o: sv.clocks.holiday(c.channel_id, c.caller,
                                                               o["hours"]),
        _o("hours", "int", min_value=1, max_value=24 * 60))
    add("game", "reminders", lambda sv, c, o: sv.clocks.reminders(c.channel_id, c.caller,
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


def _rules_and_leagues(add: Add) -> None:
    """Declare /rules (questions, the reference, rulings) and /league."""
    add("rules", "search", lambda sv, c, o: sv.rulebook.search(
        c.channel_id, c.caller, o["keyword"], o.get("system"), o.get("public") is True),
        _o("keyword", autocomplete="rule"), _o("system", required=False, autocomplete="system"),
        _o("public", "bool", False))
    add("rules", "ask", lambda sv, c, o: sv.rulebook.ask(
        c.channel_id, c.caller, o["question"], o.get("system"), o.get("public") is True),
        _o("question"), _o("system", required=False, autocomplete="system"),
        _o("public", "bool", False))
    add("rules", "show", lambda sv, c, o: sv.rulebook.show(c.channel_id, c.caller, o["rule"]),
        _o("rule", autocomplete="rule"))
    add("rules", "ruling", _rules_ruling, _o("action"),
        _o("seat", required=False, autocomplete="seat"))
    _leagues(add)


def _leagues(add: Add) -> None:
    """Declare /league: seasons with players, fixtures, reports and standings."""
    league = _o("league", autocomplete="league")
    add("league", "create", lambda sv, c, o: sv.leagues.create(
        c.guild_id, c.caller, o["name"], channel_id=c.channel_id, system_id=o.get("system"),
        scenario=o.get("scenario"), format_=o.get("format"), rounds=o.get("rounds"),
        legs=o.get("legs"), time=o.get("time"), win=o.get("win"), draw=o.get("draw"),
        loss=o.get("loss"), tiebreaks=o.get("tiebreaks"), confirm_hours=o.get("confirm_hours"),
        holiday_days=o.get("holiday_days")),
        _o("name"), _o("system", required=False, autocomplete="system"),
        _o("scenario", required=False, autocomplete="scenario"),
        _o("format", required=False, choices=FORMATS),
        _o("rounds", "int", False, min_value=1, max_value=20),
        _o("legs", "int", False, min_value=1, max_value=2),
        _o("time", required=False),
        _o("win", "int", False, min_value=0, max_value=10),
        _o("draw", "int", False, min_value=0, max_value=10),
        _o("loss", "int", False, min_value=0, max_value=10),
        _o("tiebreaks", required=False, choices=TIEBREAK_ORDERS),
        _o("confirm_hours", "int", False, min_value=1, max_value=336),
        _o("holiday_days", "int", False, min_value=0, max_value=60))
    add("league", "join", lambda sv, c, o: sv.leagues.join(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "leave", lambda sv, c, o: sv.leagues.leave(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "start", lambda sv, c, o: sv.leagues.start(c.guild_id, c.caller, o["league"]),
        league)
    add("league", "remove", lambda sv, c, o: sv.leagues.remove(
        c.guild_id, c.caller, o["league"], o["player"]), league, _o("player", "user"))
    add("league", "play", lambda sv, c, o: sv.leagues.play(
        c.guild_id, c.channel_id, c.caller, o["league"], o.get("opponent")),
        league, _o("opponent", "user", False))
    add("league", "report", lambda sv, c, o: sv.leagues.report(
        c.guild_id, c.caller, o["league"], o.get("opponent"), o.get("result"), o.get("mine"),
        o.get("theirs")),
        league, _o("opponent", "user", False),
        _o("result", required=False, choices=("win", "loss", "draw")),
        _o("mine", "int", False, min_value=0, max_value=999),
        _o("theirs", "int", False, min_value=0, max_value=999))
    add("league", "resolve", lambda sv, c, o: sv.leagues.resolve(
        c.guild_id, c.caller, o["league"], o["fixture"], o.get("result"), o.get("home_score"),
        o.get("away_score")),
        league, _o("fixture", "int", min_value=1),
        _o("result", required=False, choices=("home", "away", "draw")),
        _o("home_score", "int", False, min_value=0, max_value=999),
        _o("away_score", "int", False, min_value=0, max_value=999))
    add("league", "fixtures", lambda sv, c, o: sv.leagues.fixtures(c.guild_id, c.caller,
                                                                    o["league"]), league)
    add("league", "standings", lambda sv, c, o: sv.leagues.standings(c.guild_id, c.caller,
                                                                      o["league"]), league)
    add("league", "export", lambda sv, c, o: sv.leagues.export(c.guild_id, c.caller,
                                                                o["league"]), league)
    add("league", "ratings", lambda sv, c, o: sv.leagues.ratings(c.guild_id, c.caller,
                                                                  o["system"]),
        _o("system", autocomplete="system"))
    add("league", "add", lambda sv, c, o: sv.leagues.add(c.guild_id, c.channel_id, c.caller,
                                                          o["league"]), league)
    add("league", "turns", lambda sv, c, o: sv.leagues.turns(c.guild_id, c.caller, o["league"]),
        league)


def _systems(s: Surface, system_ids: tuple[str, ...]) -> None:
    """Declare every game system's commands: each applies one action type."""
    for system_id in system_ids:
        sys = system(system_id)
        group = sys.command_group or system_id
        s.groups[system_id] = group
        for command in sys.commands:
            assert command.action is not None, f"{group} {command.name} applies no action"
            run_it = offer if command.preview else act
            s.add(Entry(group, command, run_it(command.action), system_id))


def _rules_ruling(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
    with service.store.reading() as tx:
        game = tx.active_game(ctx.channel_id)
    if game is None:
        return service.status(ctx.channel_id, ctx.caller)  # refuses politely: no game
    group = surface().groups.get(game.system, game.system)
    language = game.language
    action = parse_action_text(surface(), group, o["action"], language)
    return service.ruling(ctx.channel_id, ctx.caller, action, seat=o.get("seat"))


def surface() -> Surface:
    """Return every command Banneret offers, for the systems registered now."""
    return build(tuple(available()))


@cache
def build(system_ids: tuple[str, ...]) -> Surface:
    """Return Banneret's own commands and those of the given systems (built once)."""
    s = Surface()
    _core(s)
    _systems(s, system_ids)
    return s


# ---------------------------------------------------------------- typed commands


def split_options(text: str, language: str | None = None,
                  names: Collection[str] | None = None) -> dict[str, str]:
    """Read `name:value name:"two words"` into a dict, as Discord delivers options.

    A value runs to the next `name:` of the command (`names`; without them any
    `word:`), so `keyword:leader split` is one value, quoted or not. BadInput when
    the text starts with a word that names no option.
    """
    try:
        words = shlex.split(text)
    except ValueError:
        raise bad_input("input-unbalanced-quotes").where(language) from None
    out: dict[str, str] = {}
    current: str | None = None
    for word in words:
        name, sep, value = word.partition(":")
        if sep and name and (names is None or name in names or current is None):
            out[name] = value
            current = name
        elif current is not None:
            out[current] = f"{out[current]} {word}" if out[current] else word
        else:
            raise bad_input("input-not-name-value", word=word).where(language)
    return out


def parse_action_text(
    s: Surface, group: str, text: str, language: str | None = None
) -> dict[str, Any]:
    """Read 'order pieces:"U3 L1"' (a subcommand of `group` and its options) into an action."""
    words = text.strip().split(None, 1)
    if not words:
        raise bad_input("input-name-an-action", example=f"{group} ...").where(language)
    name = words[0].lstrip("/")
    if name == group and len(words) > 1:
        words = words[1].split(None, 1)
        name = words[0]
    entry = s.by_action(group, name)
    if entry is None or entry.command.action is None:
        choices = sorted(e.name for e in s.entries.values() if e.group == group
                         and e.command.action)
        raise bad_input("input-not-an-action", name=name, group=group,
                        choices=Said(", ".join(choices))).where(language)
    names = {option.name for option in entry.options}
    options = coerce(entry, split_options(words[1] if len(words) > 1 else "", language, names),
                     language)
    return {"type": entry.command.action, **{k: v for k, v in options.items() if v is not None}}


def coerce(entry: Entry, raw: dict[str, str], language: str | None = None) -> dict[str, Any]:
    """Check typed options against a command and convert them; BadInput on a mistake."""
    known = {o.name: o for o in entry.options}
    out: dict[str, Any] = {}
    for name, value in raw.items():
        option = known.get(name)
        if option is None:
            expected = Said(", ".join(f"{o.name}:" for o in entry.options))
            raise bad_input("input-no-such-option", command=entry.path, option=name,
                            expected=expected or Words.of(language)("input-no-options"),
                            ).where(language)
        out[name] = _typed(option, value, language)
    missing = [o.name for o in entry.options if o.required and o.name not in out]
    if missing:
        raise bad_input("input-needs", command=entry.path,
                        missing=Said(", ".join(f"{m}:" for m in missing))).where(language)
    return out


def _typed(option: Option, value: str, language: str | None) -> Any:
    field_name = option.name
    if option.kind in ("int", "float"):
        text = value if option.kind == "int" else value.rstrip('"').removesuffix("in")
        try:
            number: float = int(text) if option.kind == "int" else float(text)
        except ValueError:
            key = "input-int-parsing" if option.kind == "int" else "input-float-parsing"
            raise bad_input(key, field=field_name).where(language) from None
        if option.min_value is not None and number < option.min_value:
            raise bad_input("input-greater-than-equal", field=field_name,
                            ge=_shown(option.min_value)).where(language)
        if option.max_value is not None and number > option.max_value:
            raise bad_input("input-less-than-equal", field=field_name,
                            le=_shown(option.max_value)).where(language)
        return number
    if option.kind == "bool":
        return value.lower() in ("1", "true", "yes", "y", "on", "sim", "s")
    if option.choices and value not in option.choices:
        raise bad_input("input-one-of", option=option.name,
                        choices=items(option.choices, "or")).where(language)
    return value


def _shown(number: float) -> int | float:
    return int(number) if float(number).is_integer() else number


# ---------------------------------------------------------------- running


def run(service: GameService, ctx: Context, path: str, options: dict[str, Any]) -> Reply:
    """Run a command by path with already-typed options."""
    entry = surface().entries.get(path)
    if entry is None:
        raise bad_input("input-no-such-command", command=path, near="none").where(
            pick_language(ctx.caller.locale))
    if ctx.guild_id == NO_GUILD and entry.group not in ANYWHERE:
        # Games, seats and leagues belong to a server's channels; a DM has none.
        raise GuildOnly().where(pick_language(ctx.caller.locale))
    reply = entry.handler(service, ctx, options)
    if entry.command.private:
        reply.ephemeral = True
    return reply


def autocomplete(
    service: GameService,
    ctx: Context,
    path: str,
    option: str,
    text: str,
    options: dict[str, Any],
) -> list[tuple[str, str]]:
    """Return (name, value) completions for an option, best first, at most 25."""
    entry = surface().entries.get(path)
    spec = next((o for o in entry.options if o.name == option), None) if entry else None
    if spec is None or spec.autocomplete is None or entry is None:
        return []
    if ctx.guild_id == NO_GUILD and entry.group not in ANYWHERE:
        return []
    source = spec.autocomplete
    locale = ctx.caller.locale
    if source == "system":
        return service.views.system_choices(text, locale)
    if source == "scenario":
        return service.views.scenario_choices(str(options.get("system") or ""), text, locale)
    if source == "rule":
        return service.rulebook.choices(ctx.channel_id, ctx.caller, text)
    if source == "league":
        return service.leagues.names(ctx.guild_id, text)
    if source == "seat":
        needle = text.lower()
        seats = service.views.seat_choices(ctx.channel_id, options.get("system"),
                                           options.get("scenario"))
        return [(n, s) for n, s in seats if needle in s or needle in n.lower()][:25]
    others = {k: v for k, v in options.items() if k != option and isinstance(v, str | int | float)}
    return service.suggest(ctx.channel_id, ctx.caller, source, text, others)


def help_lines(language: str = "en", system_ids: tuple[str, ...] | None = None) -> list[str]:
    """Return one line per command (of the given systems, else all), for help and the README."""
    lines = []
    chosen = surface() if system_ids is None else build(system_ids)
    for entry in chosen.entries.values():
        opts = " ".join(f"{o.name}:" if o.required else f"[{o.name}:]" for o in entry.options)
        lines.append(f"/{entry.path} {opts}".rstrip() + f" — {entry.description(language)}")
    return lines


__all__ = [
    "Context",
    "Entry",
    "Surface",
    "autocomplete",
    "build",
    "coerce",
    "help_lines",
    "parse_action_text",
    "run",
    "split_options",
    "surface",
]
