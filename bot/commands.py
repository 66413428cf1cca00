"""The command surface, declared once: names, options, descriptions, autocomplete sources.

The console runs these directly; the Discord extensions declare the same commands
with discord.py's decorators (for Range, choices and autocomplete) and call
`run()`. A test checks that both expose exactly the same commands and options,
so a script that runs in the console runs the same way in Discord.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.i18n import pick_language
from bot.leagues import Leagues
from bot.service import BadInput, Caller, GameService, Reply
from rules.core.references import search, worded

OptionKind = Literal["str", "int", "float", "bool", "user", "file"]


@dataclass(frozen=True)
class Option:
    """One option of a command."""

    name: str
    description: str
    kind: OptionKind = "str"
    required: bool = True
    choices: tuple[str, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    # Where completions come from: "system", "scenario", "rule", or a game field name.
    autocomplete: str | None = None


@dataclass(frozen=True)
class Context:
    """Where a command was typed and by whom."""

    channel_id: str
    guild_id: str
    caller: Caller


Handler = Callable[[GameService, Context, dict[str, Any]], Reply]


@dataclass(frozen=True)
class Command:
    """A command: `path` is 'group name', e.g. 'samurai order'."""

    path: str
    description: str
    handler: Handler
    options: tuple[Option, ...] = ()
    # For game actions: the action type this command applies (options become its fields).
    action: str | None = None
    private: bool = False

    @property
    def group(self) -> str:
        """Return the command group (the slash command's top-level name)."""
        return self.path.split()[0]

    @property
    def name(self) -> str:
        """Return the subcommand name."""
        return self.path.split()[1]


@dataclass
class Surface:
    """Every command, by path."""

    commands: dict[str, Command] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)

    def add(self, command: Command) -> None:
        """Register a command."""
        self.commands[command.path] = command

    def by_action(self, group: str, name: str) -> Command | None:
        """Return a group's action command by subcommand name."""
        found = self.commands.get(f"{group} {name}")
        return found if found and found.action else None


def _act(action: str) -> Handler:
    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        data = {"type": action, **{k: v for k, v in o.items() if v is not None}}
        return service.act(ctx.channel_id, ctx.caller, data)

    return handler


def _rules_search(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
    found = search(o["keyword"], system=o.get("system"), limit=10)
    lines = [f"`{r.id}` — {r.title}" for r in found]
    return Reply(
        text=f"{len(found)} rule(s) match “{o['keyword']}”"
        if found
        else f"No rule matches “{o['keyword']}”.",
        lines=lines,
        ephemeral=o.get("public") is not True,
    )


def _rules_show(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
    ref = service.rule(o["rule"])
    origin = {
        "seed": f"restates the rules excerpt {ref.origin}",
        "published": "published game fact, in our words",
        "house": "house rule: Banneret's default where the published value is unknown to us",
        "banneret": "how Banneret runs games",
    }[ref.source]
    title, statement = worded(ref, pick_language(ctx.caller.locale))
    return Reply(text=f"`{ref.id}` — **{title}**", lines=[statement, f"Source: {origin}."])


def parse_action_text(surface: Surface, group: str, text: str) -> dict[str, Any]:
    """Read 'order pieces:"U3 L1"' (a subcommand of `group` and its options) into an action."""
    from bot.console import split_options  # the console owns the typed syntax

    words = text.strip().split(None, 1)
    if not words:
        raise BadInput(problem="name an action, e.g. `order pieces:U3`")
    name = words[0].lstrip("/")
    if name == group and len(words) > 1:
        words = words[1].split(None, 1)
        name = words[0]
    command = surface.by_action(group, name)
    if command is None or command.action is None:
        choices = sorted(c.name for c in surface.commands.values() if c.group == group and c.action)
        raise BadInput(
            problem=f"`{name}` is not a {group} action; try one of: {', '.join(choices)}"
        )
    options = coerce(command, split_options(words[1] if len(words) > 1 else ""))
    return {"type": command.action, **{k: v for k, v in options.items() if v is not None}}


def coerce(command: Command, raw: dict[str, str]) -> dict[str, Any]:
    """Check typed options against a command and convert them; BadInput on a mistake."""
    known = {o.name: o for o in command.options}
    out: dict[str, Any] = {}
    for name, value in raw.items():
        option = known.get(name)
        if option is None:
            expected = ", ".join(f"{o.name}:" for o in command.options) or "no options"
            raise BadInput(problem=f"/{command.path} has no option `{name}` (it takes {expected})")
        if option.kind == "int":
            try:
                number = int(value)
            except ValueError:
                raise BadInput(problem=f"`{name}` must be a whole number") from None
            if option.min_value is not None and number < option.min_value:
                raise BadInput(problem=f"`{name}` must be at least {option.min_value}")
            if option.max_value is not None and number > option.max_value:
                raise BadInput(problem=f"`{name}` must be at most {option.max_value}")
            out[name] = number
        elif option.kind == "float":
            try:
                real = float(value.rstrip('"').removesuffix("in"))
            except ValueError:
                raise BadInput(problem=f"`{name}` must be a number") from None
            if option.min_value is not None and real < option.min_value:
                raise BadInput(problem=f"`{name}` must be at least {option.min_value}")
            if option.max_value is not None and real > option.max_value:
                raise BadInput(problem=f"`{name}` must be at most {option.max_value}")
            out[name] = real
        elif option.kind == "bool":
            out[name] = value.lower() in ("1", "true", "yes", "y", "on")
        else:
            if option.choices and value not in option.choices:
                raise BadInput(problem=f"`{name}` must be one of: {', '.join(option.choices)}")
            out[name] = value
    missing = [o.name for o in command.options if o.required and o.name not in out]
    if missing:
        raise BadInput(problem=f"/{command.path} needs {', '.join(f'{m}:' for m in missing)}")
    return out


def _ruling(group: str) -> Handler:
    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        action = parse_action_text(SURFACE, group, o["action"])
        return service.ruling(ctx.channel_id, ctx.caller, action, seat=o.get("seat"))

    return handler


def _rules_ruling(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
    with service.store.reading() as tx:
        game = tx.active_game(ctx.channel_id)
    if game is None:
        return service.status(ctx.channel_id, ctx.caller)  # raises NoGame politely
    return _ruling(SURFACE.groups.get(game.system, game.system))(service, ctx, o)


def build_surface() -> Surface:
    """Declare every command Banneret offers."""
    s = Surface()
    s.groups = {"samurai": "samurai", "wh40k": "wh40k", "bushido": "bushido",
                "fantasy_warriors": "fw"}
    g = "game"

    def add(path: str, description: str, handler: Handler, *options: Option, **kw: Any) -> None:
        s.add(Command(path, description, handler, tuple(options), **kw))

    add(
        f"{g} new",
        "Start a game in this channel (one per channel; use a thread for another)",
        lambda sv, c, o: sv.new_game(
            c.channel_id,
            c.guild_id,
            c.caller,
            o["system"],
            o["scenario"],
            opponent=o.get("opponent"),
            seat=o.get("seat"),
            language=o.get("language"),
        ),
        Option("system", "Which game system to play", autocomplete="system"),
        Option("scenario", "Which scenario to set up", autocomplete="scenario"),
        Option("opponent", "Invite a player (yourself for a solo game)", "user", required=False),
        Option(
            "seat",
            "The side you play (default: the scenario's first)",
            required=False,
            autocomplete="seat",
        ),
        Option(
            "language", "Language of the bot's replies", required=False, choices=("en", "pt-BR")
        ),
    )
    add(
        f"{g} join",
        "Take a free seat, or the one you were invited to",
        lambda sv, c, o: sv.join(c.channel_id, c.caller, seat=o.get("seat")),
        Option("seat", "Which side to play", required=False, autocomplete="seat"),
    )
    add(
        f"{g} status",
        "Show the board and whose turn it is",
        lambda sv, c, o: sv.status(c.channel_id, c.caller),
    )
    add(
        f"{g} hand",
        "Show, privately, what only you may see (cards, hidden pieces, sealed orders)",
        lambda sv, c, o: sv.private(c.channel_id, c.caller),
        private=True,
    )
    add(
        f"{g} log",
        "Show the latest entries of the game log",
        lambda sv, c, o: sv.log_lines(c.channel_id, c.caller, last=o.get("last") or 15),
        Option("last", "How many entries", "int", required=False, min_value=1, max_value=50),
    )
    add(
        f"{g} undo",
        "Take back your last action (or ask your opponent to agree)",
        lambda sv, c, o: sv.undo(c.channel_id, c.caller),
    )
    add(
        f"{g} answer",
        "Agree to or refuse your opponent's undo request",
        lambda sv, c, o: sv.answer_undo(c.channel_id, c.caller, bool(o["agree"])),
        Option("agree", "True to agree, false to refuse", "bool"),
    )
    add(f"{g} resign", "Concede the game", lambda sv, c, o: sv.resign(c.channel_id, c.caller))
    add(
        f"{g} end",
        "End the game without a winner (creator or moderator)",
        lambda sv, c, o: sv.end(c.channel_id, c.caller),
    )
    add(
        f"{g} export",
        "Download the game record as JSON",
        lambda sv, c, o: sv.export(c.channel_id, c.caller),
    )
    add(
        f"{g} verify",
        "Replay the game from its log and check every roll",
        lambda sv, c, o: sv.verify_channel(c.channel_id, c.caller),
    )
    add(
        f"{g} settings",
        "Show or change the game's language, turn deadline and how reports are trusted",
        lambda sv, c, o: sv.settings(
            c.channel_id,
            c.caller,
            language=o.get("language"),
            deadline_hours=o.get("deadline_hours"),
            reports=o.get("reports"),
        ),
        Option(
            "language", "Language of the bot's replies", required=False, choices=("en", "pt-BR")
        ),
        Option(
            "deadline_hours",
            "Hours a player has for a turn (0: none)",
            "int",
            required=False,
            min_value=0,
            max_value=336,
        ),
        Option(
            "reports",
            "Reports about the other side's units: trust, confirm (agreement) or referee",
            required=False,
            choices=("trust", "confirm", "referee"),
        ),
    )

    add(
        "rules search",
        "Find rules by keyword",
        _rules_search,
        Option(
            "keyword", "Words to look for in rule ids, titles and statements", autocomplete="rule"
        ),
        Option("system", "Only this game system", required=False, autocomplete="system"),
        Option("public", "Show the answer to the whole channel", "bool", required=False),
    )
    add(
        "rules show",
        "Show one rule in full",
        _rules_show,
        Option("rule", "The rule id, e.g. samurai/leader-split-needs-helmet", autocomplete="rule"),
    )
    add(
        "rules ruling",
        "Judge an action against this channel's game without applying it",
        _rules_ruling,
        Option("action", "The action as you would type it, e.g. order pieces:L1"),
        Option(
            "seat",
            "Judge it for this side (default: yours, or the side to act)",
            required=False,
            autocomplete="seat",
        ),
    )

    _league(add)
    _samurai(add)
    _bushido(add)
    _wh40k(add)
    _fantasy_warriors(add)
    return s


def _fantasy_warriors(add: Callable[..., None]) -> None:
    p = "fw"
    unit = Option("unit", "The unit (id or name)", autocomplete="unit")
    x = Option("x", "Inches from the left edge (0-72)", "float", min_value=0, max_value=72)
    y = Option("y", "Inches from the bottom edge (0-48)", "float", min_value=0, max_value=48)
    add(f"{p} order", "Give a command its orders (and its Objective or Target)", _act("order"),
        Option("command", "The command", autocomplete="command"),
        Option("order", "The order, e.g. storm or take and hold", autocomplete="order"),
        Option("objective", "Objective: an id, a feature, or a point like 40,12",
               required=False, autocomplete="objective"),
        Option("target", "Target: a unit, personality, command or troop type", required=False,
               autocomplete="target"),
        Option("target_side", "Whether the Target is enemy or friendly", required=False,
               choices=("enemy", "friendly")),
        Option("approach", "How to reach the Objective", required=False,
               choices=("contact", "enter", "stand over")),
        Option("passed_test", "A Battle Leader Test was passed (needed in battle)", "bool",
               required=False),
        action="order")
    add(f"{p} ready", "Seal your battle plan", _act("ready"), action="ready")
    add(f"{p} move", "Report where a unit now stands", _act("move"), unit, x, y,
        Option("make_room", "Moving aside to make room at the Objective", "bool",
               required=False),
        Option("forced", "A forced move (rout, push back): no order checks", "bool",
               required=False),
        action="move")
    add(f"{p} contact", "Report that a unit contacts an enemy unit", _act("contact"), unit,
        Option("enemy", "The enemy unit contacted", autocomplete="enemy"), action="contact")
    for name, what in (("engaged", "is engaged in combat"), ("disengaged", "is out of combat"),
                       ("destroyed", "is destroyed"), ("left", "left the battlefield")):
        add(f"{p} {name}", f"Report that a unit {what}", _act(name), unit, action=name)
    add(f"{p} sight", "Report whether a unit can be seen", _act("sight"), unit,
        Option("visible", "True if it can be seen", "bool"), action="sight")
    add(f"{p} combat", "Get a unit's Combat Test modifier and To Hit dice", _act("combat"), unit,
        Option("dice", "To Hit dice before orders", "int", required=False, min_value=1,
               max_value=200),
        Option("roll", "Roll them too", "bool", required=False), action="combat")
    add(f"{p} endturn", "End your turn", _act("end_turn"), action="end_turn")
    add(f"{p} adjust", "Referee: correct a unit or a command's orders", _act("adjust"),
        Option("unit", "The unit to change", required=False, autocomplete="unit"),
        Option(x.name, x.description, "float", False, min_value=0, max_value=72),
        Option(y.name, y.description, "float", False, min_value=0, max_value=48),
        Option("status", "The unit's status", required=False,
               choices=("in-play", "destroyed", "left")),
        Option("engaged", "Engaged in combat", "bool", required=False),
        Option("visible", "Can be seen", "bool", required=False),
        Option("command", "The command to change", required=False, autocomplete="command"),
        Option("order", "Its order", required=False, autocomplete="order"),
        Option("objective", "Its Objective", required=False, autocomplete="objective"),
        Option("target", "Its Target", required=False, autocomplete="target"),
        Option("stage", "Which part of the order governs", required=False,
               choices=("first", "second", "fallback")),
        action="adjust")


def _bushido(add: Callable[..., None]) -> None:
    p = "bushido"
    piece = Option("piece", "Your piece (or your commander)", autocomplete="piece")
    add(f"{p} move", "Move a piece one hex along its movement piece's arrows", _act("move"),
        piece, Option("to", "The hex to move to, e.g. D4", autocomplete="to"), action="move")
    add(f"{p} attack", "Attack an adjacent enemy piece or camp", _act("attack"), piece,
        Option("target", "The hex or camp attacked", autocomplete="target"), action="attack")
    add(f"{p} flee", "Your commander flees its camp to a border hex", _act("flee"),
        Option("to", "The hex to flee to", autocomplete="to"), action="flee")
    add(f"{p} counter", "Counter-attack the piece that attacked you", _act("counter"),
        action="counter")
    add(f"{p} hold", "Hold your ground this turn", _act("hold"), action="hold")
    add(f"{p} adjust", "Referee: move, remove or reveal a piece", _act("adjust"),
        Option("piece", "The piece to change", autocomplete="piece"),
        Option("to", "Put it on this hex or camp", required=False, autocomplete="to"),
        Option("remove", "Take the piece off the field", "bool", required=False),
        Option("reveal", "Turn its movement piece face up", "bool", required=False),
        Option("note", "Why (shown in the log)", required=False),
        action="adjust")


def _league(add: Callable[..., None]) -> None:
    league = Option("league", "The league's name", autocomplete="league")
    add("league create", "Create a league in this server for turn tracking and standings",
        lambda sv, c, o: Leagues(sv).create(c.guild_id, c.caller, o["name"]),
        Option("name", "The league's name"))
    add("league add", "Count this channel's game in a league",
        lambda sv, c, o: Leagues(sv).add(c.guild_id, c.channel_id, c.caller, o["league"]),
        league)
    add("league turns", "Show whose turn it is in every game of a league",
        lambda sv, c, o: Leagues(sv).turns(c.guild_id, c.caller, o["league"]), league)
    add("league table", "Show a league's standings",
        lambda sv, c, o: Leagues(sv).table(c.guild_id, c.caller, o["league"]), league)


def _samurai(add: Callable[..., None]) -> None:
    p = "samurai"
    add(
        f"{p} play",
        "Play a command card from your hand",
        _act("play"),
        Option("card", "The card to play", autocomplete="card"),
        action="play",
    )
    add(
        f"{p} order",
        "Give orders: unit and leader ids, e.g. `U3 L1`",
        _act("order"),
        Option("pieces", "Pieces to order, separated by spaces", autocomplete="pieces"),
        action="order",
    )
    add(
        f"{p} move",
        "Move an ordered piece",
        _act("move"),
        Option("piece", "The piece to move", autocomplete="piece"),
        Option("to", "The hex to move to, e.g. E5", autocomplete="to"),
        action="move",
    )
    add(
        f"{p} battle",
        "Battle with an ordered piece",
        _act("battle"),
        Option("piece", "The attacking piece", autocomplete="piece"),
        Option("target", "The hex attacked, e.g. F6", autocomplete="target"),
        action="battle",
    )
    add(
        f"{p} retreat",
        "Choose where your unit retreats",
        _act("retreat"),
        Option("to", "The hex to retreat to", autocomplete="to"),
        action="retreat",
    )
    add(
        f"{p} keep",
        "Keep one of the two cards you drew",
        _act("keep"),
        Option("card", "The card to keep", autocomplete="card"),
        action="keep",
    )
    add(
        f"{p} endturn",
        "Finish your moves and battles and draw a card",
        _act("end_turn"),
        action="end_turn",
    )
    add(
        f"{p} adjust",
        "Referee: correct the game (figures, position, banners, tokens)",
        _act("adjust"),
        Option("piece", "The piece to change", required=False, autocomplete="piece"),
        Option(
            "figures",
            "Figures to add (negative to remove)",
            "int",
            required=False,
            min_value=-10,
            max_value=10,
        ),
        Option("to", "Move the piece to this hex", required=False, autocomplete="to"),
        Option(
            "banner", "Grant a victory banner to this side", required=False, autocomplete="seat"
        ),
        Option(
            "tokens",
            "Honor & Fortune tokens to add to the side (negative to remove)",
            "int",
            required=False,
            min_value=-10,
            max_value=10,
        ),
        Option("note", "Why (shown in the log)", required=False),
        action="adjust",
    )


def _wh40k(add: Callable[..., None]) -> None:
    p = "wh40k"
    unit = Option("unit", "The unit (id or name)", autocomplete="unit")
    x = Option("x", "Inches from the left edge (0-60)", "float", min_value=0, max_value=60)
    y = Option("y", "Inches from the bottom edge (0-44)", "float", min_value=0, max_value=44)
    add(f"{p} start", "Finish setting up and start the battle", _act("start_battle"),
        Option("first", "Who takes the first turn (default: a roll-off)", required=False,
               choices=("attacker", "defender", "roll-off")), action="start_battle")
    add(f"{p} next", "End this phase and go on to the next", _act("next_phase"),
        action="next_phase")
    add(f"{p} roster", "Load your army from a roster file (TOML, see data/wh40k/rosters)",
        _act("roster"), Option("text", "The roster file", "file"), action="roster")
    add(f"{p} addunit", "Add a unit to your army before the battle", _act("add_unit"),
        Option("name", "The unit's name"),
        Option("models", "How many models", "int", min_value=1, max_value=100),
        Option("wounds", "Wounds per model", "int", min_value=1, max_value=100),
        Option("leadership", "Leadership, e.g. 6+"),
        Option("oc", "Objective Control per model", "int", min_value=0, max_value=20),
        Option("keywords", "Keywords, comma separated", required=False),
        Option("reserves", "Starts in Reserves", "bool", required=False),
        action="add_unit")
    add(f"{p} editunit", "Change a unit before the battle", _act("edit_unit"), unit,
        Option("name", "New name", required=False),
        Option("models", "How many models", "int", required=False, min_value=1, max_value=100),
        Option("wounds", "Wounds per model", "int", required=False, min_value=1, max_value=100),
        Option("leadership", "Leadership, e.g. 6+", required=False),
        Option("oc", "Objective Control per model", "int", required=False, min_value=0,
               max_value=20),
        Option("keywords", "Keywords, comma separated", required=False),
        Option("reserves", "Starts in Reserves", "bool", required=False),
        action="edit_unit")
    add(f"{p} removeunit", "Remove a unit before the battle", _act("remove_unit"), unit,
        action="remove_unit")
    add(f"{p} attach", "Attach a Leader to a Bodyguard unit", _act("attach"),
        Option("leader", "The Leader unit", autocomplete="leader"),
        Option("bodyguard", "The Bodyguard unit", autocomplete="bodyguard"), action="attach")
    add(f"{p} detach", "Detach a Leader before the battle", _act("detach"),
        Option("leader", "The Leader unit", autocomplete="leader"), action="detach")
    add(f"{p} move", "Report where a unit now stands", _act("move"), unit, x, y,
        action="move")
    add(f"{p} fallback", "Fall Back with a unit (Battle-shocked units test each model)",
        _act("fall_back"), unit,
        Option(x.name, x.description, "float", False, min_value=0, max_value=60),
        Option(y.name, y.description, "float", False, min_value=0, max_value=44),
        Option("first", "Which part loses models first", required=False,
               choices=("bodyguard", "leader")),
        action="fall_back")
    add(f"{p} casualties", "Report models lost or wounds taken", _act("casualties"), unit,
        Option("models", "Models destroyed", "int", required=False, min_value=0, max_value=100),
        Option("wounds", "Wounds taken (not destroying a model)", "int", required=False,
               min_value=0, max_value=1000),
        action="casualties")
    add(f"{p} restore", "Give back models or wounds reported by mistake", _act("restore"), unit,
        Option("models", "Models to return", "int", required=False, min_value=0, max_value=100),
        Option("wounds", "Wounds to heal", "int", required=False, min_value=0, max_value=1000),
        action="restore")
    add(f"{p} shocktest", "Take a Battle-shock test a rule demands", _act("shock_test"), unit,
        action="shock_test")
    add(f"{p} stratagem", "Use a Stratagem (costs CP)", _act("stratagem"),
        Option("name", "The Stratagem", autocomplete="stratagem"),
        Option("unit", "The unit it targets", required=False, autocomplete="unit"),
        action="stratagem")
    add(f"{p} gaincp", "Gain CP from another rule (at most 1 a battle round)", _act("gain_cp"),
        Option("amount", "How many CP", "int", required=False, min_value=1, max_value=5),
        Option("source", "Which rule grants it", required=False), action="gain_cp")
    add(f"{p} score", "Record victory points scored this round", _act("score"),
        Option("primary", "Primary VP", "int", required=False, min_value=-50, max_value=50),
        Option("secondary", "Secondary VP", "int", required=False, min_value=-40,
               max_value=40),
        action="score")
    add(f"{p} adjustcp", "Referee: set a side's CP", _act("adjust_cp"),
        Option("side", "The side", autocomplete="seat"),
        Option("cp", "Its CP", "int", min_value=0, max_value=99), action="adjust_cp")


SURFACE = build_surface()


def run(service: GameService, ctx: Context, path: str, options: dict[str, Any]) -> Reply:
    """Run a command by path with already-typed options."""
    command = SURFACE.commands.get(path)
    if command is None:
        raise BadInput(problem=f"there is no command /{path}")
    reply = command.handler(service, ctx, options)
    if command.private:
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
    command = SURFACE.commands.get(path)
    spec = next((o for o in command.options if o.name == option), None) if command else None
    if spec is None or spec.autocomplete is None:
        return []
    source = spec.autocomplete
    needle = text.lower()
    if source == "system":
        return [(s, s) for s in service.systems() if needle in s][:25]
    if source == "scenario":
        return service.scenario_choices(str(options.get("system") or ""), text)
    if source == "rule":
        return [(f"{r.id} — {r.title}"[:100], r.id) for r in search(text, limit=25)]
    if source == "league":
        return Leagues(service).names(ctx.guild_id, text)
    if source == "seat":
        seats = service.seat_choices(ctx.channel_id, options.get("system"), options.get("scenario"))
        return [(seat.capitalize(), seat) for seat in seats if needle in seat][:25]
    others = {k: v for k, v in options.items() if k != option and isinstance(v, str | int | float)}
    return service.suggest(ctx.channel_id, ctx.caller, source, text, others)


def help_lines(language: str = "en") -> list[str]:
    """Return one line per command, for the README and `/help`-like replies."""
    del language  # descriptions are English for now; the catalogue covers replies
    lines = []
    for command in SURFACE.commands.values():
        opts = " ".join(f"{o.name}:" if o.required else f"[{o.name}:]" for o in command.options)
        lines.append(f"/{command.path} {opts}".rstrip() + f" — {command.description}")
    return lines


__all__ = ["SURFACE", "Command", "Context", "Option", "autocomplete", "help_lines", "run"]
