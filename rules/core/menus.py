"""A seat's choices as menus a phone can tap: buttons, pick lists and forms.

Built from what every system already declares, so a new action of any system gets its
menu without code of its own:

- the legal actions of the seat (`Engine.legal_actions`): an offer is a whole action, so
  its menu path is its fields, the first one (a piece, a unit, a card) picked first;
- the step's open action types that offer nothing (a report of losses, a contact): their
  command declaration (`Engine.commands`) names the options, and `Engine.suggest` lists
  the values of each one to pick from;
- numbers (inches, scores, dice) are typed into a form, prefilled from an offer when there
  is one.

A menu node is named by a path, `type|value|value...` (the choice fields in order), short
enough to travel in a Discord select's value (100 characters); a longer one is named by a
digest and found again by walking the offers. Nothing here words anything: labels are
catalogue messages or the ids players type.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.core.commands import Command, Option
from rules.core.engine import Engine, has_options
from rules.core.model import Action
from rules.core.text import Msg, items, msg

# The longest path sent whole (a select's value holds 100 characters, a button's id the
# path after its prefix, game and version).
MOST_KEY = 60
NUMBER_KINDS = ("int", "float")
SEP = "|"


@dataclass(frozen=True)
class Entry:
    """One option of a menu: what it says, and the node it leads to (its key)."""

    key: str
    label: Msg | str


@dataclass(frozen=True)
class Menu:
    """A pick list: the node it lists the choices of, what it is for, its options."""

    key: str
    title: Msg
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class FormField:
    """A number to type in a form: the option it fills, its words, its prefilled value."""

    name: str
    label: Msg
    kind: str
    value: str = ""
    required: bool = True
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class Form:
    """The numbers an action still needs, typed at once (a move's inches, a score)."""

    key: str
    title: Msg
    fields: tuple[FormField, ...]


@dataclass(frozen=True)
class Shortcut:
    """A button of the controls: an action to apply, or a form or menu to open (`key`)."""

    label: Msg | str
    action: Action | None = None
    key: str = ""


@dataclass
class Controls:
    """Everything a seat may do now: buttons first, then one pick list a row."""

    buttons: list[Shortcut] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)


def digest(text: str) -> str:
    """Return a short fingerprint of a path too long to travel whole."""
    return "#" + hashlib.sha256(text.encode()).hexdigest()[:24]


class Chooser:
    """The menus of one seat in one position."""

    def __init__(self, engine: Engine[Any], state: Any, seat: str, private: bool = True) -> None:
        self.engine = engine
        self.state = state
        self.seat = seat
        hidden = engine.private_actions
        self.offers = [a for a in engine.legal_actions(state, seat)
                       if private or a.type not in hidden]
        self._by_type: dict[str, list[Action]] = {}
        for offer in self.offers:
            self._by_type.setdefault(offer.type, []).append(offer)
        self._fields: dict[str, list[str]] = {}
        self._keys: dict[str, list[tuple[Action, tuple[str, ...]]]] = {}
        self._controls: Controls | None = None
        self.types = self._types(private)

    # ------------------------------------------------------------ what is open

    def command(self, kind: str) -> Command | None:
        """Return the command declared for an action type (none for a file upload)."""
        for command in self.engine.commands:
            if command.action == kind:
                if any(o.kind == "file" for o in command.options):
                    return None
                return command
        return None

    def _types(self, private: bool) -> list[str]:
        """Return the action types to offer: those with offers, then the step's others."""
        engine, state = self.engine, self.state
        out = list(dict.fromkeys(a.type for a in self.offers))
        prompt = engine.prompt(state)
        open_types = prompt.actions if prompt.seat == self.seat else tuple(
            t for t in prompt.actions if t in engine.out_of_turn_actions)
        for kind in open_types:
            command = self.command(kind)
            if (kind in out or kind not in engine.reported_actions
                    or kind in engine.referee_actions or command is None
                    or not any(o.required for o in command.options)
                    or (not private and kind in engine.private_actions)):
                continue
            out.append(kind)
        return out

    def _offered(self, kind: str) -> list[Action]:
        return self._by_type.get(kind, [])

    def numbers(self, kind: str) -> list[Option]:
        """Return the number options of an action type's command."""
        command = self.command(kind)
        return [o for o in command.options if o.kind in NUMBER_KINDS] if command else []

    def fields(self, kind: str) -> list[str]:
        """Return the fields picked from lists for an action type, in order.

        For offers: the fields (numbers aside) some offer sets; else the command's
        required options (numbers aside).
        """
        if kind not in self._fields:
            self._fields[kind] = self._find_fields(kind)
        return self._fields[kind]

    def _find_fields(self, kind: str) -> list[str]:
        numbers = {o.name for o in self.numbers(kind)}
        offered = self._offered(kind)
        if offered:
            names = [n for n in type(offered[0]).model_fields if n not in ("seat", "type")]
            used = {n for a in offered
                    for n in a.model_dump(exclude_defaults=True, exclude={"seat", "type"})}
            return [n for n in names if n in used and n not in numbers]
        command = self.command(kind)
        if command is None:
            return []
        return [o.name for o in command.options if o.required and o.name not in numbers]

    # ------------------------------------------------------------ the top level

    def controls(self, rows: int = 5) -> Controls:
        """Return the buttons and pick lists of the position (at most `rows` rows)."""
        if self._controls is not None and rows == 5:
            return self._controls
        out = Controls()
        menus: list[Menu] = []
        for kind in self.types:
            offered = self._offered(kind)
            simple = [a for a in offered if not has_options(a)]
            out.buttons += [Shortcut(self.engine.label(a, self.state), action=a) for a in simple]
            if simple and len(simple) == len(offered):
                continue
            if not self.fields(kind):
                if self.numbers(kind):
                    out.buttons.append(Shortcut(self.title(kind), key=kind))
                continue
            menu = self.menu(kind)
            if menu is not None and menu.entries:
                menus.append(menu)
        self._small_to_buttons(out, menus, rows)
        out.menus = self._fitted(menus, rows - -(-len(out.buttons) // 5))
        if rows == 5:
            self._controls = out
        return out

    def _small_to_buttons(self, out: Controls, menus: list[Menu], rows: int) -> None:
        """Make short pick lists buttons where a row of buttons has room for all their
        options: a list of one whenever it fits, a longer one while the lists would not all
        fit (the smallest first), so fewer moves end up under "other actions"."""
        while True:
            free = (5 - len(out.buttons) % 5) % 5
            crowded = -(-len(out.buttons) // 5) + len(menus) > rows
            fitting = [m for m in menus if len(m.entries) <= free
                       and (crowded or len(m.entries) == 1)]
            if not fitting:
                return
            menu = min(fitting, key=lambda m: len(m.entries))
            for entry in menu.entries:
                found = self.resolve(entry.key)
                action = found if isinstance(found, Action) else None
                out.buttons.append(Shortcut(entry.label, action=action,
                                            key="" if action else entry.key))
            menus.remove(menu)

    def _fitted(self, menus: list[Menu], rows: int) -> list[Menu]:
        """Keep the pick lists that fit; the rest become one list of what else there is."""
        if len(menus) <= rows or rows < 1:
            return menus[:max(rows, 0)]
        kept, rest = menus[:rows - 1], menus[rows - 1:]
        more = tuple(Entry(m.key, m.title) for m in rest)
        return [*kept, Menu(key="", title=msg("menu-more"), entries=more)]

    def title(self, kind: str) -> Msg:
        """Return what an action type's pick list is for: its command's description."""
        command = self.command(kind)
        name = command.name if command else kind
        return msg(f"command-{self.engine.command_group}-{name}")

    # ------------------------------------------------------------ nodes

    def split(self, key: str) -> tuple[str, list[str]]:
        """Read a path into its action type and the values picked so far."""
        kind, *values = key.split(SEP)
        return kind, values

    def path(self, kind: str, values: list[str]) -> str:
        """Write a path; one too long for a select's value becomes its digest."""
        key = SEP.join([kind, *values])
        return key if len(key) <= MOST_KEY else digest(key)

    def resolve(self, key: str) -> Menu | Form | Action | None:
        """Return what a node leads to: a pick list, a form, an action; None if unknown."""
        if key.startswith("#"):
            key = next((k for k in self._all_paths() if digest(k) == key), "")
        kind, values = self.split(key)
        if kind not in self.types:
            return None
        names = self.fields(kind)
        if len(values) > len(names):
            return None
        if len(values) < len(names):
            return self.menu(kind, values)
        if self.numbers(kind):
            return self.form(kind, values)
        return self.action(kind, values)

    def _all_paths(self) -> Iterator[str]:
        for offer in self.offers:
            names = self.fields(offer.type)
            values = [self._text(getattr(offer, n)) for n in names]
            for i in range(1, len(values) + 1):
                yield SEP.join([offer.type, *values[:i]])

    @staticmethod
    def _text(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def _keyed(self, kind: str) -> list[tuple[Action, tuple[str, ...]]]:
        """Return a type's offers with the values of their picked fields (worked out once)."""
        if kind not in self._keys:
            names = self.fields(kind)
            self._keys[kind] = [(a, tuple(self._text(getattr(a, n)) for n in names))
                                for a in self._offered(kind)]
        return self._keys[kind]

    def _matching(self, kind: str, values: list[str]) -> list[Action]:
        picked = tuple(values)
        return [a for a, key in self._keyed(kind) if key[:len(picked)] == picked]

    def menu(self, kind: str, values: list[str] | None = None) -> Menu | None:
        """Return the pick list under a node: the next field's values."""
        values = values or []
        names = self.fields(kind)
        if not names:
            return None
        if self._offered(kind):
            entries = self._offer_entries(kind, values, names)
        else:
            entries = self._declared_entries(kind, values, names)
        return Menu(key=self.path(kind, values), title=self.title(kind), entries=entries)

    def _offer_entries(self, kind: str, values: list[str], names: list[str]) -> tuple[Entry, ...]:
        """List the offers under a node: grouped by their first fields, then whole (two
        picks at most). The groups take as many fields as keep every list within one
        page (a command, then its order and objective: not one list of 93 orders)."""
        seen: dict[str, Entry] = {}
        offers = [a for a in self._matching(kind, values) if has_options(a)]
        keys = [tuple(self._text(getattr(a, n)) for n in names) for a in offers]
        if values:
            for offer, key in zip(offers, keys, strict=True):
                path = self.path(kind, list(key))
                seen.setdefault(path, Entry(path, self._offer_label(kind, offer, names)))
            return tuple(seen.values())
        size = self._split(keys, len(names))
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, key in enumerate(keys):
            groups.setdefault(key[:size], []).append(i)
        for prefix, members in groups.items():
            if len({keys[i] for i in members}) == 1:
                offer = offers[members[0]]
                path = self.path(kind, list(keys[members[0]]))
                seen.setdefault(path, Entry(path, self._offer_label(kind, offer, names)))
            else:
                path = self.path(kind, list(prefix))
                seen[path] = Entry(path, self._prefix_label(kind, names, prefix))
        return tuple(seen.values())

    @staticmethod
    def _split(keys: list[tuple[str, ...]], most: int, page: int = 25) -> int:
        """Return how many fields name a group: the fewest that keep every list in a page."""
        for size in range(1, most):
            groups: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
            for key in keys:
                groups.setdefault(key[:size], set()).add(key)
            if len(groups) <= page and all(len(g) <= page for g in groups.values()):
                return size
        return 1

    def _prefix_label(self, kind: str, names: list[str], prefix: tuple[str, ...]
                      ) -> Msg | str:
        """Say a group of offers by the values they share ("C1 Hearth Guard · storm")."""
        labels = [self._value_label(kind, n, v, {})
                  for n, v in zip(names, prefix, strict=False) if v]
        if len(labels) == 1:
            return labels[0]
        return msg("menu-group", first=labels[0], rest=items(labels[1:], "narrow"))

    def _offer_label(self, kind: str, offer: Action, names: list[str]) -> Msg | str:
        """Say an offer: its button words, or, when numbers are still to type, its piece."""
        if self.numbers(kind):
            return self._value_label(kind, names[0], self._text(getattr(offer, names[0])), {})
        return self.engine.label(offer, self.state)

    def source(self, kind: str, name: str) -> str:
        """Return where an option's values come from: its autocomplete source, else its name
        (`Engine.suggest` knows fields by source: a Stratagem's `name` is a "stratagem")."""
        command = self.command(kind)
        option = next((o for o in command.options if o.name == name), None) if command else None
        return option.autocomplete if option is not None and option.autocomplete else name

    def _value_label(self, kind: str, name: str, value: str, context: dict[str, Any]
                     ) -> Msg | str:
        source = self.source(kind, name)
        for label, found in self.engine.suggest(self.state, self.seat, source, value, context):
            if found == value:
                return label
        return value

    def _declared_entries(self, kind: str, values: list[str], names: list[str]
                          ) -> tuple[Entry, ...]:
        """List the values of the next option of a command that offers nothing."""
        name = names[len(values)]
        command = self.command(kind)
        option = next(o for o in command.options if o.name == name) if command else None
        context = dict(zip(names, values, strict=False))
        if option is not None and option.kind == "bool":
            found: list[tuple[Msg | str, str]] = [(msg("menu-yes"), "yes"), (msg("menu-no"), "no")]
        elif option is not None and option.choices:
            found = [(c, c) for c in option.choices]
        else:
            found = self.engine.suggest(self.state, self.seat, self.source(kind, name), "",
                                        context)
        return tuple(Entry(self.path(kind, [*values, value]), label)
                     for label, value in found if SEP not in value)

    # ------------------------------------------------------------ the ends

    def action(self, kind: str, values: list[str]) -> Action | None:
        """Return the action a whole path names (an offer, or read from the command)."""
        matching = self._matching(kind, values)
        if matching:
            return matching[0]
        if self._offered(kind):
            return None
        data: dict[str, Any] = {"type": kind, "seat": self.seat}
        data.update(self._typed(kind, values))
        try:
            return self.engine.parse_action(data)
        except ValueError:
            return None

    def _typed(self, kind: str, values: list[str]) -> dict[str, Any]:
        command = self.command(kind)
        kinds = {o.name: o.kind for o in command.options} if command else {}
        out: dict[str, Any] = {}
        for name, value in zip(self.fields(kind), values, strict=False):
            if value == "":
                continue
            out[name] = value == "yes" if kinds.get(name) == "bool" else value
        return out

    def form(self, kind: str, values: list[str]) -> Form:
        """Return the form of a path's numbers, prefilled from the first matching offer."""
        matching = self._matching(kind, values)
        offer = matching[0] if matching else None
        fields: list[FormField] = []
        group = self.engine.command_group
        command = self.command(kind)
        for option in self.numbers(kind):
            value = getattr(offer, option.name, None) if offer is not None else None
            fields.append(FormField(
                name=option.name,
                label=msg(f"command-{group}-{command.name if command else kind}-{option.name}"),
                kind=option.kind, value="" if value is None else _number(value),
                required=option.required, low=option.min_value, high=option.max_value))
        return Form(key=self.path(kind, values), title=self.title(kind), fields=tuple(fields[:5]))

    def problem(self, kind: str, typed: dict[str, str]) -> Msg | None:
        """Say what is wrong with the numbers typed in a form (the command's bounds), or None."""
        for option in self.numbers(kind):
            text = typed.get(option.name, "").strip().replace(",", ".")
            if not text:
                continue
            try:
                value: float = int(text) if option.kind == "int" else float(text)
            except ValueError:
                key = "input-int-type" if option.kind == "int" else "input-float-type"
                return Msg(key=key, args={"field": option.name})
            found = option.problem(value)
            if found is not None:
                return found
        return None

    def filled(self, key: str, typed: dict[str, str]) -> Action | None:
        """Return the action a form makes with the numbers typed in it (None: unknown form)."""
        found = self.resolve(key)
        if not isinstance(found, Form):
            return None
        kind, values = self.split(key if not key.startswith("#") else found.key)
        data: dict[str, Any] = {"type": kind, "seat": self.seat}
        offer = next(iter(self._matching(kind, values)), None)
        if offer is not None:
            data.update(offer.model_dump(exclude={"seat", "type"}, exclude_none=True))
            for name in (o.name for o in self.numbers(kind)):
                data.pop(name, None)
        data.update(self._typed(kind, values))
        for name, text in typed.items():
            if text.strip():
                data[name] = text.strip().replace(",", ".")
        return self.engine.parse_action(data)


def _same(a: Action, b: Action) -> bool:
    return a.model_dump(exclude={"seat"}) == b.model_dump(exclude={"seat"})


# A tap in the controls: ("button", action digest or node), ("value", node picked in a
# list), ("form", the numbers typed).
Tap = tuple[str, Any]


def route(chooser: Chooser, target: Action, digest_of: Any) -> list[Tap] | None:
    """Return the taps in a seat's controls that make `target` (None: it is not there).

    `digest_of` names an action as its button does (bot/replies.py action_digest). For
    tests and tools that check every move is a few taps away.
    """
    controls = chooser.controls()
    for button in controls.buttons:
        if button.action is not None and _same(button.action, target):
            return [("button", f"a:{digest_of(button.action)}")]
        if button.key:
            rest = _lead(chooser, button.key, target, 1)
            if rest is not None:
                return [("button", f"n:{button.key}"), *rest]
    for menu in controls.menus:
        for entry in menu.entries:
            rest = _lead(chooser, entry.key, target, 1)
            if rest is not None:
                return [("value", entry.key), *rest]
    return None


def _lead(chooser: Chooser, key: str, target: Action, depth: int) -> list[Tap] | None:
    """Return the taps from a node to the target action (None: not under this node)."""
    found = chooser.resolve(key)
    if isinstance(found, Action):
        return [] if _same(found, target) else None
    if isinstance(found, Form):
        kind, values = chooser.split(found.key)
        names = chooser.fields(kind)
        picked = [chooser._text(getattr(target, n, None)) for n in names]
        if kind != target.type or picked != values:
            return None
        typed = {f.name: chooser._text(getattr(target, f.name, None)) for f in found.fields}
        return [("form", typed)]
    if isinstance(found, Menu) and depth < 3:
        for entry in found.entries:
            rest = _lead(chooser, entry.key, target, depth + 1)
            if rest is not None:
                return [("value", entry.key), *rest]
    return None


def _number(value: Any) -> str:
    """Write a prefilled number as a player would type it (5, not 5.0)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


__all__ = ["Chooser", "Controls", "Entry", "Form", "FormField", "Menu", "Shortcut", "Tap",
           "digest", "route"]
