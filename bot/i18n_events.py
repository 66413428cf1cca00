# mypy: disable-error-code="arg-type,union-attr,return-value"
# (Prompt hints and outcome reasons became messages; this module only ever sees the
# English strings of systems not yet moved onto the engine skeleton, and goes with them.)
"""Words for what the engines report: event lines and turn prompts, per language.

Engines describe events and prompts in English (`describe`, `Prompt.hint`). A
catalogue entry `event.<system>.<EventType>` or `prompt.<system>.<step>` replaces
that English in a language that has one; its {fields} are the event's fields plus
values the helpers below derive from them (names, plurals, lists, translated terms).

A template is plain `str.format`, so anything that needs a choice lives here:

- a *variant*: `event.<system>.<EventType>_<variant>` (or `prompt.<system>.<step>_<variant>`)
  replaces the main template when the case needs another sentence (a test failed,
  a unit arrived from Reserves); without it the main template is used;
- a *term*: `term.<system>.<name>` is a word or phrase the helpers fill in, such as a
  die face, an optional clause (" with leader L1") or a counted noun, whose forms are
  `term.<system>.<noun>.zero|one|other` with `{n}` for the number.

English never goes through these helpers: it keeps the engines' own text.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import ValidationError

from bot.text import DEFAULT, pick_language
from rules.bushido import actions as bu
from rules.bushido.catalogue import movement_pieces
from rules.bushido.catalogue import scenarios as bushido_scenarios
from rules.bushido.movement import flee_targets
from rules.bushido.state import BushidoState
from rules.core.data import data_dir, load_toml
from rules.core.system import Outcome, Prompt
from rules.fantasy_warriors import actions as fw
from rules.fantasy_warriors.state import GameState as FwState
from rules.wh40k import actions as wh
from rules.wh40k import catalogue as wh_catalogue
from rules.wh40k.state import LAST_ROUND, GameState

log = logging.getLogger(__name__)


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(name, value, out)
        else:
            out[name] = str(value)


@cache
def catalogue(language: str) -> dict[str, str]:
    """Return the older TOML translations of a language (data/locales/<language>.*.toml)."""
    out: dict[str, str] = {}
    for path in sorted((data_dir() / "locales").glob(f"{language}.*.toml")):
        _flatten("", load_toml(f"locales/{path.name}"), out)
    return out


def t(language: str, key: str, /, **values: Any) -> str:
    """Fill an older TOML translation with `str.format` values (English keeps the key)."""
    text = catalogue(pick_language(language)).get(key)
    if text is None:
        return key
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        log.error("message %s needs values it was not given: %s", key, sorted(values))
        return text


# ---------------------------------------------------------------- shared machinery


@dataclass
class Fill:
    """What a helper derived for one template: extra values, and which variant to use."""

    values: dict[str, Any] = field(default_factory=dict)
    variant: str | None = None


class Words:
    """One language's terms for one game system (`term.<system>.*` in its catalogue)."""

    def __init__(self, language: str, system_id: str) -> None:
        self.language = pick_language(language)
        self.system_id = system_id
        self._messages = catalogue(self.language)

    def has(self, name: str) -> bool:
        """Say whether the language has the term `name`."""
        return f"term.{self.system_id}.{name}" in self._messages

    def term(self, name: str, /, **values: Any) -> str:
        """Return a term filled with `values`; a missing one is logged and shown by name."""
        text = self._messages.get(f"term.{self.system_id}.{name}")
        if text is None:
            log.error("missing term %s.%s in %s", self.system_id, name, self.language)
            return name
        return text.format(**values) if values else text

    def lookup(self, name: str, fallback: str) -> str:
        """Return a term when the language has it, else `fallback` (a name kept as it is)."""
        return self.term(name) if self.has(name) else fallback

    def count(self, noun: str, n: int) -> str:
        """Return a counted noun in the right form: '1 figura', '3 figuras', 'nenhuma carta'."""
        form = "zero" if n == 0 and self.has(f"{noun}.zero") else "one" if n == 1 else "other"
        return self.term(f"{noun}.{form}", n=n)

    def join(self, items: Iterable[str], conjunction: str = "and") -> str:
        """Join a list as a sentence does: 'a, b e c' (or 'a ou b' with conjunction 'or')."""
        parts = list(items)
        if len(parts) < 2:
            return "".join(parts)
        return f"{', '.join(parts[:-1])} {self.term(conjunction)} {parts[-1]}"

    def optional(self, name: str, present: object, /, **values: Any) -> str:
        """Return an optional clause (a term) when `present` is truthy, else ''."""
        return self.term(name, **values) if present else ""


def _has_own(language: str, key: str) -> bool:
    lang = pick_language(language)
    return lang != DEFAULT and key in catalogue(lang)


def _fill(language: str, key: str, base: Mapping[str, Any], fill: Fill) -> str:
    if fill.variant and _has_own(language, f"{key}_{fill.variant}"):
        key = f"{key}_{fill.variant}"
    return t(language, key, **{**base, **fill.values})


def _capital(seat: str | None) -> str:
    return (seat or "").capitalize()


def _number(value: float) -> str:
    """Write a measurement as Portuguese does: 7.5 -> '7,5', 12.0 -> '12'."""
    return f"{value:g}".replace(".", ",")


# ---------------------------------------------------------------- Warhammer 40,000


def _side(w: Words, seat: str | None) -> str:
    return w.lookup(f"seat.{seat}", _capital(seat)) if seat else w.term("nobody")


_CONCEDED = re.compile(r"the (attacker|defender) conceded")
_DRAW = re.compile(r"a draw after (\d+) battle rounds, (\d+) VP to (\d+) VP")
_WON = re.compile(r"the (attacker|defender) won after (\d+) battle rounds, (\d+) VP to (\d+) VP")


def _wh40k_reason(w: Words, reason: str) -> str:
    """Translate the engine's account of how a battle ended."""
    sides = {"attacker_name": _side(w, "attacker"), "defender_name": _side(w, "defender")}
    if m := _CONCEDED.fullmatch(reason):
        return w.term("reason.conceded", seat_name=_side(w, m[1]))
    if m := _DRAW.fullmatch(reason):
        return w.term("reason.draw", rounds=m[1], attacker_vp=m[2], defender_vp=m[3], **sides)
    if m := _WON.fullmatch(reason):
        return w.term(
            "reason.won",
            seat_name=_side(w, m[1]),
            rounds=m[2],
            attacker_vp=m[3],
            defender_vp=m[4],
            **sides,
        )
    return reason


def _stratagem_name(w: Words, stratagem_id: str, name: str) -> str:
    found = wh_catalogue.stratagems().get(stratagem_id)
    return w.lookup(f"stratagem.{stratagem_id}", found.name if found else name)


def _wh40k_event(w: Words, e: wh.WhEvent) -> Fill:
    """Derive the values of one 40k event's template."""
    match e:
        case wh.RollOff():
            rolls = "; ".join(w.term("roll_pair", attacker=a, defender=d) for a, d in e.rolls)
            return Fill({"rolls": rolls, "winner_name": _side(w, e.winner)})
        case wh.BattleStarted():
            return Fill({"first_name": _side(w, e.first)})
        case wh.PhaseBegan():
            return Fill(
                {"step_phrase": w.lookup(f"step.{e.step}", e.step), "seat_name": _side(w, e.seat)}
            )
        case wh.CommandPointsGained():
            return Fill({"source_text": w.lookup(f"source.{e.source}", e.source)})
        case wh.BattleShockTestRolled():
            first, second = e.dice
            return Fill(
                {
                    "cause_text": w.lookup(f"cause.{e.cause}", e.cause),
                    "first": first,
                    "second": second,
                    "total": first + second,
                },
                None if e.passed else "failed",
            )
        case wh.StratagemUsed():
            return Fill(
                {
                    "stratagem_name": _stratagem_name(w, e.stratagem, e.name),
                    "on_unit": w.optional("on_unit", e.unit, unit=e.unit),
                }
            )
        case wh.DesperateEscapeRolled():
            return Fill(
                {
                    "dice_list": ", ".join(str(d) for d in e.dice),
                    "lost_models": w.count("model_lost", e.lost),
                }
            )
        case wh.ModelsDestroyed():
            return Fill(
                {"lost_models": w.count("model", e.models), "left": w.count("left", e.remaining)}
            )
        case wh.WoundsLost():
            return Fill(
                {
                    "lost_wounds": w.count("wound", e.wounds),
                    "destroyed": w.count("model_destroyed", e.models),
                    "left": w.count("left", e.remaining),
                }
            )
        case wh.ModelsRestored():
            return Fill(
                {
                    "restored_models": w.count("model", e.models),
                    "restored_wounds": w.count("wound", e.wounds),
                    "now_models": w.count("model", e.remaining),
                }
            )
        case wh.UnitDestroyed():
            return Fill(
                {
                    "attached_part": w.optional(
                        "attached_part", e.attached_to, attached_to=e.attached_to
                    )
                }
            )
        case wh.BelowHalfStrengthChanged():
            return Fill(variant=None if e.below else "recovered")
        case wh.UnitMoved():
            return Fill(
                {"x_text": _number(e.x), "y_text": _number(e.y)},
                "arrived" if e.arrived else None,
            )
        case wh.ObjectiveControlChanged():
            variant = None if e.holder else "contested" if e.contested else "nobody"
            return Fill(
                {
                    "label_text": w.lookup(f"objective.{e.label}", e.label),
                    "holder_name": _side(w, e.holder),
                    "attacker_name": _side(w, "attacker"),
                    "defender_name": _side(w, "defender"),
                },
                variant,
            )
        case wh.UnitAdded():
            return Fill({"model_count": w.count("model", e.models)})
        case wh.UnitEdited():
            fields = [w.lookup(f"field.{f}", f) for f in e.fields]
            return Fill({"fields_text": w.join(fields)})
        case wh.RosterLoaded():
            roster = w.term("roster_named", name=e.name) if e.name else w.term("roster_unnamed")
            return Fill({"roster": roster, "unit_count": w.count("unit", len(e.units))})
        case wh.BattleEnded():
            return Fill({"reason_text": _wh40k_reason(w, e.reason)})
    return Fill()


def _wh40k_prompt(w: Words, prompt: Prompt, state: Any) -> Fill | None:
    """Pick the last-round wording of the Fight phase; every other 40k hint is fixed."""
    if prompt.step != "fight":
        return Fill()
    if isinstance(state, GameState):
        last = state.round == LAST_ROUND and state.active != state.first
    else:
        last = prompt.hint.startswith("Last Fight phase")
    return Fill(variant="last" if last else None)


# ---------------------------------------------------------------- Bushido


def _bushido_side(w: Words, seat: str | None) -> str:
    """Name a side inside a sentence ('Oeste'); `seat.<seat>` is the full 'Oeste (Ishida)'."""
    return w.lookup(f"side.{seat}", _capital(seat)) if seat else w.term("nobody")


def _bushido_seat(w: Words, seat: str) -> str:
    return w.lookup(f"seat.{seat}", _capital(seat))


def _bushido_at(w: Words, space: str) -> str:
    """Say where a piece stands: 'em C4', 'no acampamento do Oeste' (a space id or hex)."""
    if space.endswith("-camp"):
        return w.term("at.camp", side=_bushido_side(w, space.removesuffix("-camp")))
    return w.term("at.hex", hex=space)


_CAMP_LABEL = re.compile(r"the (\w+) camp")


def _bushido_at_label(w: Words, label: str) -> str:
    """Say where a piece stands, from the engine's label ('C4', 'the West camp')."""
    if m := _CAMP_LABEL.fullmatch(label):
        return _bushido_at(w, f"{m[1].lower()}-camp")
    return _bushido_at(w, label)


def _bushido_seat_of(display: str) -> str | None:
    """Return the seat a scenario's display name ('West (Ishida)') belongs to."""
    for scenario in bushido_scenarios().values():
        for side in scenario.sides:
            if side.name == display:
                return side.seat
    return None


_DEFEATED = re.compile(r"(.+) was defeated by (\S+)")
_NIGHT_EQUAL = re.compile(r"nightfall with equal strength left \((\d+) each\)")
_NIGHT_MORE = re.compile(r"nightfall with more strength left \((\d+) to (\d+)\)")


def _bushido_reason(w: Words, reason: str) -> str:
    """Translate how a Bushido battle ended: a fallen commander, or nightfall."""
    if m := _DEFEATED.fullmatch(reason):
        return w.term("reason.defeated", name=m[1], by=m[2])
    if m := _NIGHT_EQUAL.fullmatch(reason):
        return w.term("reason.nightfall_equal", strength=m[1])
    if m := _NIGHT_MORE.fullmatch(reason):
        return w.term("reason.nightfall_more", high=m[1], low=m[2])
    return reason


_BUSHIDO_ADJUSTMENTS: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r"(\S+) put from (.+) on (.+)"), "adjust.put", ("piece", "before", "after")),
    (re.compile(r"(\S+)'s movement piece turned up"), "adjust.revealed", ("piece",)),
    (re.compile(r"(\S+) taken off the field"), "adjust.removed", ("piece",)),
    (re.compile(r"the attack by (\S+) is called off"), "adjust.called_off", ("piece",)),
)


def _bushido_adjustment(w: Words, change: str) -> str:
    for pattern, term, names in _BUSHIDO_ADJUSTMENTS:
        if m := pattern.fullmatch(change):
            values = dict(zip(names, m.groups(), strict=True))
            for key in ("before", "after"):
                if key in values:
                    values[key] = _bushido_at_label(w, values[key])
            return w.term(term, **values)
    return change


def _movement_name(w: Words, movement_id: str) -> str:
    found = movement_pieces().get(movement_id)
    return w.lookup(f"movement.{movement_id}", found.name if found else movement_id)


def _bushido_event(w: Words, e: bu.BushidoEvent) -> Fill:
    """Derive the values of one Bushido event's template."""
    match e:
        case bu.PieceMoved():
            return Fill(variant="left_camp" if e.left_camp else None)
        case bu.MovementRevealed():
            return Fill({"movement_name": _movement_name(w, e.movement)})
        case bu.AnswerAwaited():
            return Fill({"choices": w.join(e.flee_to, "or")}, None if e.flee_to else "trapped")
        case bu.MovementDrawn():
            return Fill({"stack_left": w.count("stack_left", e.left)})
        case bu.CombatRolled():
            return Fill(
                {
                    "chosen_part": w.optional("chosen_part", e.chosen),
                    "hill_part": w.optional("hill_part", e.hill),
                }
            )
        case bu.PieceRemoved():
            return Fill({"where": _bushido_at(w, e.space)})
        case bu.BattleEnded():
            return Fill(
                {
                    "winner_name": _bushido_side(w, e.winner),
                    "reason_text": _bushido_reason(w, e.reason),
                },
                None if e.winner else "draw",
            )
        case bu.Adjusted():
            return Fill(
                {
                    "change_text": _bushido_adjustment(w, e.change),
                    "note_part": w.optional("note", e.note, note=e.note),
                }
            )
    return Fill()


_DEFEND_HINT = re.compile(
    r".+?: (\S+) attacks (\S+) in (.+?): counter-attack "
    r"(?:or flee to (.+)|\(no free hex to flee to\))"
)
_BUSHIDO_OVER = re.compile(r"Battle over: (?:(.+?) wins|a draw) \((.*)\)\.")


def _bushido_prompt(w: Words, prompt: Prompt, state: Any) -> Fill | None:
    """Derive a Bushido prompt's values, from the state or else from the English hint."""
    st = state if isinstance(state, BushidoState) else None
    if prompt.step == "defend":
        if st is not None and st.pending is not None:
            defender = st.piece(st.pending.defender)
            attacker, defender_id = st.pending.attacker, st.pending.defender
            at = _bushido_at(w, defender.space) if defender else "?"
            choices = flee_targets(st, defender) if defender else []
        elif m := _DEFEND_HINT.fullmatch(prompt.hint):
            attacker, defender_id, at = m[1], m[2], _bushido_at_label(w, m[3])
            choices = m[4].split(", ") if m[4] else []
        else:
            return None
        return Fill(
            {
                "attacker": attacker,
                "defender": defender_id,
                "at": at,
                "choices": w.join(choices, "or"),
            },
            None if choices else "trapped",
        )
    if prompt.step == "over":
        if st is not None:
            winner_seat: str | None = st.winner
            reason = st.end_reason
            winner = _bushido_seat(w, st.winner) if st.winner else ""
        elif m := _BUSHIDO_OVER.fullmatch(prompt.hint):
            winner_seat = _bushido_seat_of(m[1]) if m[1] else None
            winner = _bushido_seat(w, winner_seat) if winner_seat else m[1] or ""
            reason = m[2]
        else:
            return None
        return Fill(
            {"winner": winner, "reason": _bushido_reason(w, reason)},
            None if winner else "draw",
        )
    return Fill()


# ---------------------------------------------------------------- Fantasy Warriors


def _fw_side(w: Words, seat: str | None) -> str:
    return w.lookup(f"seat.{seat}", _capital(seat)) if seat else w.term("nobody")


_GOAL_OBJECTIVE = re.compile(r"(.+) \((contact|enter|stand over)\)")
_GOAL_POINT = re.compile(r'-?[\d.]+,-?[\d.]+ \((-?[\d.]+)", (-?[\d.]+)"\)')
_GOAL_TROOPS = re.compile(r"(enemy|friendly) (.+)")


def _fw_place(w: Words, head: str) -> str:
    """Translate an Objective as a plan names it: 'O2 Top of Raven Hill', a feature, a point."""
    if m := _GOAL_POINT.fullmatch(head):
        return w.term("point", x=_number(float(m[1])), y=_number(float(m[2])))
    ref, _, label = head.partition(" ")
    if not label:
        return ref
    return f"{ref} {w.lookup(f'place.{label}', label)}"


def _fw_goal(w: Words, goal: str) -> str:
    """Translate the goal written on a battle plan: an Objective with its approach, or a Target."""
    if m := _GOAL_OBJECTIVE.fullmatch(goal):
        approach = m[2].replace(" ", "-")
        return w.term(
            "goal.objective", place=_fw_place(w, m[1]), how=w.lookup(f"approach.{approach}", m[2])
        )
    if m := _GOAL_TROOPS.fullmatch(goal):
        return w.term(f"goal.{m[1]}", troops=w.lookup(f"troop.{m[2]}", m[2]))
    return goal  # a unit, personality or command: its id and name


_FW_CONCEDED = re.compile(r"(North|South) conceded")
_FW_WIPED = re.compile(r"(North|South) has no units left on the battlefield")
_FW_MORE = re.compile(r"(North|South) holds more Objectives \(Objectives (\d+)-(\d+)\)")
_FW_LOSSES = re.compile(
    r"Objectives even \(Objectives (\d+)-(\d+)\); (North|South) destroyed or drove off more "
    r"units \((\d+) to (\d+)\)"
)
_FW_DRAW = re.compile(r"a draw: Objectives (\d+)-(\d+), (\d+) units lost each")


def _fw_reason(w: Words, reason: str) -> str:
    """Translate the engine's account of how a Fantasy Warriors battle ended."""
    sides = {"north_name": _fw_side(w, "north"), "south_name": _fw_side(w, "south")}
    if m := _FW_CONCEDED.fullmatch(reason):
        return w.term("reason.conceded", seat_name=_fw_side(w, m[1].lower()))
    if m := _FW_WIPED.fullmatch(reason):
        return w.term("reason.wiped_out", seat_name=_fw_side(w, m[1].lower()))
    if m := _FW_MORE.fullmatch(reason):
        return w.term(
            "reason.objectives",
            seat_name=_fw_side(w, m[1].lower()),
            north=m[2],
            south=m[3],
            **sides,
        )
    if m := _FW_LOSSES.fullmatch(reason):
        return w.term(
            "reason.losses",
            north=m[1],
            south=m[2],
            seat_name=_fw_side(w, m[3].lower()),
            more=m[4],
            fewer=m[5],
            **sides,
        )
    if m := _FW_DRAW.fullmatch(reason):
        return w.term(
            "reason.draw", north=m[1], south=m[2], lost=w.count("unit", int(m[3])), **sides
        )
    return reason


def _flags(w: Words, colours: tuple[str, ...]) -> str:
    names = [w.lookup(f"colour.{c}", c) for c in colours]
    return w.term(f"flags.{'one' if len(names) == 1 else 'other'}", colours=w.join(names))


def _fw_event(w: Words, e: fw.FwEvent) -> Fill:
    """Derive the values of one Fantasy Warriors event's template."""
    match e:
        case fw.BattleStarted():
            return Fill(
                {"first_name": _fw_side(w, e.first), "turns_text": w.count("turn", e.turns)}
            )
        case fw.OrdersRevealed():
            return Fill(
                {
                    "flags_text": _flags(w, e.flags),
                    "goal_part": w.optional("goal_part", e.goal, goal=_fw_goal(w, e.goal)),
                },
                "changed" if e.changed else None,
            )
        case fw.OrdersSwitched():
            return Fill({"why": w.term(f"why.{e.reason}")})
        case fw.GoalReached():
            return Fill({"goal_text": _fw_goal(w, e.goal)})
        case fw.UnitMoved():
            variant = "forced" if e.forced else "room" if e.make_room else None
            return Fill({"x_text": _number(e.x), "y_text": _number(e.y)}, variant)
        case fw.EngagementChanged():
            return Fill(variant=None if e.engaged else "released")
        case fw.UnitGone():
            return Fill(variant=None if e.status == "destroyed" else "left")
        case fw.SightChanged():
            return Fill(variant=None if e.visible else "hidden")
        case fw.CombatOrders():
            modifier = (
                w.term("modifier.some", sign=f"{e.modifier:+d}")
                if e.modifier
                else w.term("modifier.none")
            )
            return Fill(
                {
                    "modifier_text": modifier,
                    "to_hit": w.count("die", e.to_hit_dice),
                    "base": w.count("die", e.dice),
                }
            )
        case fw.ToHitRolled():
            return Fill({"rolls_text": ", ".join(str(r) for r in e.rolls)})
        case fw.Adjusted():
            fields = [w.lookup(f"field.{f}", f) for f in e.fields]
            return Fill({"fields_text": w.join(fields) if fields else w.term("nothing")})
        case fw.BattleResumed():
            return Fill({"active_name": _fw_side(w, e.active)})
        case fw.BattleEnded():
            # A result decided on Objectives already gives the count; don't say it twice.
            scored = any(p.fullmatch(e.reason) for p in (_FW_MORE, _FW_LOSSES, _FW_DRAW))
            return Fill(
                {
                    "reason_text": _fw_reason(w, e.reason),
                    "north_name": _fw_side(w, "north"),
                    "south_name": _fw_side(w, "south"),
                },
                "scored" if scored else None,
            )
    return Fill()


_FW_TURN = re.compile(r"Turn (\d+): .*")


def _fw_prompt(w: Words, prompt: Prompt, state: Any) -> Fill | None:
    """Give the battle prompt its turn number; the plan and the end need nothing more."""
    if prompt.step != "battle":
        return Fill()
    if isinstance(state, FwState):
        return Fill({"turn": state.turn})
    if m := _FW_TURN.fullmatch(prompt.hint):
        return Fill({"turn": m[1]})
    return None


# ---------------------------------------------------------------- per system


@dataclass(frozen=True)
class SystemWords:
    """How one system's events and prompts are prepared for a catalogue template."""

    parse: Callable[[dict[str, Any]], Any]
    event: Callable[[Words, Any], Fill]
    prompt: Callable[[Words, Prompt, Any], Fill | None]
    # Fields holding a seat, and the name each one gets in templates ({seat} -> {seat_name}).
    seat_fields: tuple[tuple[str, str], ...]
    seat_name: Callable[[Words, str], str]
    reason: Callable[[Words, str], str]


SYSTEMS: dict[str, SystemWords] = {
    "wh40k": SystemWords(
        parse=wh.EVENTS.validate_python,
        event=_wh40k_event,
        prompt=_wh40k_prompt,
        seat_fields=(("side", "side_name"), ("seat", "seat_name")),
        seat_name=_side,
        reason=_wh40k_reason,
    ),
    "bushido": SystemWords(
        parse=bu.EVENTS.validate_python,
        event=_bushido_event,
        prompt=_bushido_prompt,
        seat_fields=(("seat", "seat_name"), ("next_seat", "next_name")),
        seat_name=_bushido_side,
        reason=_bushido_reason,
    ),
    "fantasy_warriors": SystemWords(
        parse=fw.EVENTS.validate_python,
        event=_fw_event,
        prompt=_fw_prompt,
        seat_fields=(("side", "side_name"),),
        seat_name=_fw_side,
        reason=_fw_reason,
    ),
}


# ---------------------------------------------------------------- public


def event_text(language: str, system_id: str, event: dict[str, Any]) -> str:
    """Return one stored event as a line of text in a language."""
    english = str(event.get("_text") or event.get("type"))
    key = f"event.{system_id}.{event.get('type')}"
    if not _has_own(language, key):
        return english
    values = {k: v for k, v in event.items() if not k.startswith("_")}
    helper = SYSTEMS.get(system_id)
    if helper is None:
        return t(language, key, **values)
    try:
        model = helper.parse(values)
    except ValidationError:
        log.warning("stored %s event does not match its model: %s", system_id, values)
        return english
    w = Words(language, system_id)
    for name, derived in helper.seat_fields:
        if isinstance(values.get(name), str):
            values[derived] = helper.seat_name(w, values[name])
    return _fill(language, key, values, helper.event(w, model))


def prompt_hint(language: str, system_id: str, prompt: Prompt, state: Any = None) -> str:
    """Return what the seat to act should do now, in a language.

    With the game's `state`, details (the card in play, retreat hexes) come from it;
    without, from the engine's English hint. If neither gives them, the English stays.
    """
    key = f"prompt.{system_id}.{prompt.step}"
    if not _has_own(language, key):
        return prompt.hint
    values: dict[str, Any] = {"seat": _capital(prompt.seat)}
    helper = SYSTEMS.get(system_id)
    if helper is None:
        return t(language, key, **values)
    w = Words(language, system_id)
    if prompt.seat:
        values["name"] = helper.seat_name(w, prompt.seat)
    fill = helper.prompt(w, prompt, state)
    if fill is None:
        return prompt.hint
    return _fill(language, key, values, fill)


def outcome_text(language: str, system_id: str, outcome: Outcome) -> str:
    """Return how a game ended (`Outcome.reason`) in a language; English stays as it is."""
    lang = pick_language(language)
    helper = SYSTEMS.get(system_id)
    if lang == DEFAULT or helper is None:
        return outcome.reason
    return helper.reason(Words(lang, system_id), outcome.reason)


def seat_name(language: str, system_id: str, seat: str) -> str:
    """Return a seat's name in a language (`term.<system>.seat.<seat>`), else capitalised."""
    key = f"term.{system_id}.seat.{seat}"
    lang = pick_language(language)
    if lang != DEFAULT and key in catalogue(lang):
        return t(lang, key)
    return seat.capitalize()
