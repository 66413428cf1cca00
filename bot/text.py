"""Every word a person reads: messages, events, prompts and pictures, per language.

The catalogues are Project Fluent files (https://projectfluent.org), one per
language and game system: `data/locales/<language>/core.ftl` holds the bot's own
words, `data/locales/<language>/<system>.ftl` a system's (a system may keep its
catalogues elsewhere, see `Engine.locales`). Fluent gives translators plurals,
selectors and number formats in the file itself, without touching Python.

The rules hand over data (rules.core.text: `Msg`, `Term`, `Items`; events with
their fields) and this module words it:

- a `Msg` is the catalogue message of its key, filled with its values;
- a `Term` is the message `<kind>-<id>` (`seat-west`, `card-shogun`); each of its
  attributes becomes one more value, `<name>_<attribute>` (`seat_the`, `seat_of`),
  for languages that need an article or an agreement;
- `Items` are joined as the language joins lists (Babel's CLDR data);
- an event is the message `event-<type>` filled with its fields, the fields
  typed `Named(kind)` worded as terms;
- booleans arrive as the strings "true" and "false", a missing value as "none",
  so templates choose with selectors.
"""

from __future__ import annotations

import logging
import math
import threading
import types
import typing
import unicodedata
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from pydantic import BaseModel, ValidationError

from rules.core.data import data_dir
from rules.core.engine import Engine
from rules.core.model import Action, Event
from rules.core.text import Items, Msg, Named, Term, Value, kebab

log = logging.getLogger(__name__)
# The longest text value a message quotes whole (players can type far longer ones);
# a refusal quotes what was typed shorter still (bot.errors.EXCERPT).
MAX_QUOTED = 500
# Fluent refuses a placeable longer than 2,500 characters; text we composed stays under it.
MAX_SAID = 2400


class Said(str):
    """Text Banneret composed itself (worded events): quoted whole, unlike typed input."""

    __slots__ = ()

DEFAULT = "en"
CORE = "core"


def locales_root() -> Path:
    """Return the folder of the bundled catalogues (data/locales)."""
    return data_dir() / "locales"


@cache
def languages() -> tuple[str, ...]:
    """Return the languages we have catalogues for, e.g. ('en', 'pt-BR')."""
    return tuple(sorted(p.name for p in locales_root().iterdir() if (p / "core.ftl").is_file()))


def pick_language(*candidates: str | None) -> str:
    """Return the first candidate we have catalogues for ('pt-BR', 'pt' ...), else English."""
    have = languages()
    for candidate in candidates:
        if not candidate:
            continue
        if candidate in have:
            return candidate
        for lang in have:
            if lang.split("-")[0] == candidate.split("-")[0]:
                return lang
    return DEFAULT


def _catalogue_files(language: str, system_id: str, folder: Path | None) -> list[Path]:
    files = [locales_root() / language / f"{CORE}.ftl"]
    if system_id != CORE:
        files.append((folder or locales_root()) / language / f"{system_id}.ftl")
    return files


def capitalized(value: Any) -> Any:
    """CAP(): start a value with a capital letter, for names that begin a sentence."""
    text = str(value)
    return text[:1].upper() + text[1:]


@cache
def _bundle(language: str, system_id: str, folder: Path | None) -> FluentBundle:
    """Return the Fluent bundle of a language for one system (core words included).

    Besides Fluent's own NUMBER and DATETIME, templates may call CAP($value) to start
    a sentence with a name that comes with an article ("o Sul" -> "O Sul").
    """
    bundle = FluentBundle([language], use_isolating=False, functions={"CAP": capitalized})
    for path in _catalogue_files(language, system_id, folder):
        if path.is_file():
            bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


def _babel_locale(language: str) -> str:
    return language.replace("-", "_")


@cache
def _named_fields(model: type[BaseModel]) -> dict[str, str]:
    """Return the fields of a model typed as catalogue terms: field name -> term kind."""
    out: dict[str, str] = {}
    for name, info in model.model_fields.items():
        kinds = [m.kind for m in info.metadata if isinstance(m, Named)]
        if not kinds:
            # A collection of names: tuple[Annotated[str, Named("face")], ...]
            for arg in typing.get_args(info.annotation):
                kinds += [m.kind for m in getattr(arg, "__metadata__", ()) if isinstance(m, Named)]
        if kinds:
            out[name] = kinds[0]
    return out


_LOCK = threading.Lock()
_LIST_STYLES: dict[str, Literal["standard", "or", "unit-narrow"]] = {
    "and": "standard",
    "or": "or",
    "narrow": "unit-narrow",
}


# Messages and terms already worded, per Words: (words, frozen value) -> text. Bounded:
# emptied whole when full (refilled by the next boards within a turn or two).
_WORDED: dict[tuple[Any, Hashable], str] = {}
_WORDED_MAX = 20_000


def _remember(key: tuple[Any, Hashable], text: str) -> None:
    if len(_WORDED) >= _WORDED_MAX:
        _WORDED.clear()
    _WORDED[key] = text


_EXACT_SCALARS = frozenset({str, int, bool, type(None)})


def _frozen(value: Any) -> Hashable:
    """Return a value as a hashable key that tells apart everything wording tells apart.

    Scalars keep their type (1, 1.0, True and "1" are worded differently; `Said` is
    quoted whole) and a float its sign (-0.0). The exact types a board is made of are
    told apart first by `type(...) is`, without isinstance's walk (a board's words are
    keyed so on every turn).
    """
    kind = type(value)
    if kind in _EXACT_SCALARS:
        return (kind, value)
    if kind is Term or isinstance(value, Term):
        return ("T", value.kind, value.id)
    if kind is Msg or isinstance(value, Msg):
        return ("M", value.key, tuple([(k, _frozen(v)) for k, v in value.args.items()]))
    if isinstance(value, Items):
        return ("I", tuple(_frozen(v) for v in value.items), value.style, value.typed)
    if isinstance(value, float):
        return (float, value, math.copysign(1.0, value))
    return (type(value), value)


# Babel formats a number through a decimal context of 28 digits and raises past it: a
# number this large (only ever one a player typed, refused) is shown as plain digits.
_FORMATTABLE = 10**18


def _formattable(value: int | float) -> bool:
    """Say whether Babel can format a number (finite and under 10^18 either way)."""
    if isinstance(value, float):
        return not math.isfinite(value) or abs(value) < _FORMATTABLE
    return abs(value) < _FORMATTABLE


def _digits(value: int | float) -> str:
    """Return a number Babel cannot format as plain text (its power of two past 4,300 digits,
    which Python will not spell out)."""
    try:
        return str(value)
    except ValueError:
        return f"{'-' if value < 0 else ''}2^{int(value).bit_length() - 1}"


@dataclass(frozen=True)
class Words:
    """One language's words for one game system (or for the bot alone: `system_id='core'`)."""

    language: str
    system_id: str = CORE
    folder: Path | None = None

    @classmethod
    def of(cls, language: str | None, system: Any = None) -> Words:
        """Return the words of a language (picked leniently) for a system or the bot."""
        lang = pick_language(language)
        if isinstance(system, str) and system != CORE:
            from rules.core.system import system as registered

            try:
                system = registered(system)
            except KeyError:
                return cls(lang, system)
        if isinstance(system, Engine):
            return cls(lang, system.id, system.locales)
        if system is None or isinstance(system, str):
            return cls(lang, system or CORE)
        return cls(lang, str(system.id))

    # ------------------------------------------------------------ lookups

    def _bundles(self) -> list[FluentBundle]:
        out = [_bundle(self.language, self.system_id, self.folder)]
        if self.language != DEFAULT:
            out.append(_bundle(DEFAULT, self.system_id, self.folder))
        return out

    def has(self, key: str) -> bool:
        """Say whether this language (or English) has a message."""
        return any(b.has_message(key) for b in self._bundles())

    def __call__(self, key: str, /, **values: Value) -> str:
        """Return the message `key` filled with `values` (Terms, Msgs, numbers...)."""
        return self.message(Msg(key=key, args=values))

    def message(self, m: Msg) -> str:
        """Word a message; a missing key is logged and shown as the key.

        A message worded cleanly once is remembered (`_WORDED`): the same message in the
        same words always reads the same, and a board repeats most of its words each turn.
        """
        key = (self, _frozen(m))
        found = _WORDED.get(key)
        if found is not None:
            return found
        text, clean = self._message(m)
        if clean:
            _remember(key, text)
        return text

    def _message(self, m: Msg) -> tuple[str, bool]:
        """Word a message; say too whether it was worded without a missing key or error."""
        for bundle in self._bundles():
            if bundle.has_message(m.key):
                found = bundle.get_message(m.key)
                if found.value is None:
                    break
                args: dict[str, Any] = {}
                for name, value in m.args.items():
                    args.update(self._arg(name, value, bundle))
                with _LOCK:  # Fluent's bundles compile patterns lazily; share them safely
                    text, errors = bundle.format_pattern(found.value, args)
                if errors:
                    log.error("message %s (%s) in %s: %s", m.key, self.system_id,
                              self.language, errors)
                return str(text), not errors
        log.error("missing message %s for %s in %s", m.key, self.system_id, self.language)
        return m.key, False

    def strict(self, m: Msg) -> str:
        """Word a message, raising LookupError if its key or a value it needs is missing.

        Tests use it to prove every message an engine can send has its words.
        """
        bundle = _bundle(self.language, self.system_id, self.folder)
        if not bundle.has_message(m.key):
            raise LookupError(f"{self.language}/{self.system_id}: no message {m.key}")
        args: dict[str, Any] = {}
        for name, value in m.args.items():
            if isinstance(value, Msg):
                self.strict(value)
            elif isinstance(value, Term) and not bundle.has_message(term_key(value)):
                raise LookupError(f"{self.language}/{self.system_id}: no term {term_key(value)}")
            elif isinstance(value, Items):
                for item in value.items:
                    if isinstance(item, Msg):
                        self.strict(item)
                    elif isinstance(item, Term) and not bundle.has_message(term_key(item)):
                        raise LookupError(
                            f"{self.language}/{self.system_id}: no term {term_key(item)}"
                        )
            args.update(self._arg(name, value, bundle))
        found = bundle.get_message(m.key)
        if found.value is None:
            raise LookupError(f"{self.language}/{self.system_id}: {m.key} has no value")
        with _LOCK:
            text, errors = bundle.format_pattern(found.value, args)
        if errors:
            raise LookupError(f"{self.language}/{self.system_id}: {m.key}: {errors}")
        return str(text)

    def term(self, t: Term) -> str:
        """Word a term: the message `<kind>-<id>`, or the id itself when there is none."""
        cached = (self, _frozen(t))
        found = _WORDED.get(cached)
        if found is not None:
            return found
        key = term_key(t)
        if not self.has(key):
            text, clean = t.id, True
        else:
            text, clean = self._message(Msg(key=key))
        if clean:
            _remember(cached, text)
        return text

    def word(self, value: Value) -> str:
        """Word any value: a message, a term, a list, a number or plain text."""
        if isinstance(value, Msg):
            return self.message(value)
        if isinstance(value, Term):
            return self.term(value)
        if isinstance(value, Items):
            return self.join(value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return ""
        if isinstance(value, int | float):
            return self.message(Msg(key="number", args={"n": value}))
        return str(value)

    def join(self, listed: Items) -> str:
        """Join a list as this language does ("a, b e c")."""
        parts = [self.word(v) for v in listed.items]
        if listed.typed:
            parts = [f"`{part}`" for part in parts]
        if not parts:
            return ""
        style = _LIST_STYLES[listed.style]
        return str(format_list(parts, style=style, locale=_babel_locale(self.language)))

    def _arg(self, name: str, value: Value, bundle: FluentBundle) -> dict[str, Any]:
        if isinstance(value, Term):
            out: dict[str, Any] = {name: self.term(value)}
            key = term_key(value)
            if bundle.has_message(key):
                for attr, pattern in bundle.get_message(key).attributes.items():
                    with _LOCK:
                        text, _ = bundle.format_pattern(pattern, {})
                    out[f"{name}_{attr}"] = str(text)
            return out
        if isinstance(value, bool):
            return {name: "true" if value else "false"}
        if value is None:
            return {name: "none"}
        if isinstance(value, int | float) and not _formattable(value):
            value = _digits(value)
        limit = MAX_SAID if isinstance(value, Said) else MAX_QUOTED
        if isinstance(value, str) and len(value) > limit:
            # A value a player typed, quoted back: a 100 KB string must not fill the reply.
            return {name: self.message(Msg(key="text-abridged",
                                           args={"start": value[:limit], "count": len(value)}))}
        if isinstance(value, int | float | str):
            return {name: value}
        return {name: self.word(value)}

    # ------------------------------------------------------------ events

    def event(self, system: Engine[Any], event: Event | Mapping[str, Any]) -> str:
        """Word one event (a model, or its stored JSON form)."""
        model = event if isinstance(event, Event) else self._event_model(system, event)
        if model is None:
            raw = dict(event) if isinstance(event, Mapping) else {}
            return str(raw.get("_text") or raw.get("type") or "")
        return self.message(event_message(model))

    def _event_model(self, system: Engine[Any], data: Mapping[str, Any]) -> Event | None:
        try:
            found: Event = system.event_types.validate_python(
                {k: v for k, v in data.items() if not k.startswith("_")}
            )
        except ValidationError:
            # Stored by an older engine whose events had another shape: keep its words.
            return None
        return found

    def lines(self, values: Iterable[Value]) -> list[str]:
        """Word several values, one line each."""
        return [self.word(v) for v in values]


V = TypeVar("V", bound=BaseModel)


def word_view(view: V, words: Words) -> V:
    """Return a board view with every message and term on it worded, ready to draw.

    Its static layer is keyed by language too: an area's name is drawn in it.
    """
    worded: V = _worded(view, words)
    if hasattr(worded, "static_key"):
        worded = worded.model_copy(update={"static_key": f"{worded.static_key}@{words.language}"})
    return worded


_PLAIN = frozenset({str, int, float, bool, type(None)})


_SHAPES: dict[type, str] = {}


def _shape(kind: type) -> str:
    """Say how `_worded` treats values of a type: plain, words, a model, a tuple, a dict
    or anything else (worked out once a type: isinstance on pydantic models is slow)."""
    found = _SHAPES.get(kind)
    if found is None:
        found = _SHAPES[kind] = _shape_of(kind)
    return found


def _shape_of(kind: type) -> str:
    if kind in _PLAIN:
        return "plain"
    if issubclass(kind, Msg | Term | Items):
        return "words"
    if issubclass(kind, BaseModel):
        return "model"
    if issubclass(kind, tuple):
        return "tuple"
    return "dict" if issubclass(kind, dict) else "other"


def _worded(value: Any, words: Words) -> Any:
    shape = _shape(type(value))
    if shape == "plain":  # most of a view: coordinates, labels, flags
        return value
    if shape == "words":
        return words.word(value)
    if shape == "model":
        changes = {}
        if value.__pydantic_extra__ is None:
            # Only the fields whose type can hold words (a map's hexes and pieces cannot).
            fields = value.__dict__
            kind: type[BaseModel] = type(value)
            named = ((name, fields[name]) for name in _wordy_fields(kind))
        else:
            named = iter(value)
        for name, item in named:
            new = _worded(item, words)
            if new is not item:
                changes[name] = new
        if not changes:
            return value
        if value.__pydantic_extra__ is None and value.__pydantic_private__ is None:
            return _updated(value, changes)
        return value.model_copy(update=changes)
    if shape == "tuple":
        items = tuple([_worded(v, words) for v in value])
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    if shape == "dict":
        mapped = {k: _worded(v, words) for k, v in value.items()}
        return mapped if any(mapped[k] is not value[k] for k in value) else value
    return value


def _updated(model: BaseModel, changes: dict[str, Any]) -> BaseModel:
    """Return `model.model_copy(update=changes)` of a model with no extra or private
    values, made at once: pydantic's copy goes through `copy.copy` three times, and a
    board has dozens of worded pieces a turn."""
    kind = type(model)
    new = kind.__new__(kind)
    object.__setattr__(new, "__dict__", {**model.__dict__, **changes})
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__",
                       model.__pydantic_fields_set__ | changes.keys())
    object.__setattr__(new, "__pydantic_private__", None)
    return new


_LOOKING: set[type[BaseModel]] = set()


@cache
def _wordy_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """Return the fields of a model type whose values may hold a Msg, Term or Items."""
    return tuple(name for name, info in model.model_fields.items()
                 if not _wordless(info.annotation))


def _wordless(annotation: Any) -> bool:
    """Say whether values of a type can never hold words: plain scalars, literals, and
    tuples, dicts, unions and models made only of them. Anything else may (Any too)."""
    if annotation in _PLAIN:
        return True
    if isinstance(annotation, type) and issubclass(annotation, Msg | Term | Items):
        return False
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in _LOOKING:
            return False  # a model that contains itself: say it may (never skipped)
        _LOOKING.add(annotation)
        try:
            return not _wordy_fields(annotation)
        finally:
            _LOOKING.discard(annotation)
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return True
    if origin is typing.Annotated:
        return _wordless(typing.get_args(annotation)[0])
    if origin in (tuple, dict, typing.Union, types.UnionType):
        return all(a is Ellipsis or _wordless(a) for a in typing.get_args(annotation))
    return False


def term_key(t: Term) -> str:
    """Return the catalogue key of a term: `<kind>-<id>` in Fluent's identifier letters."""
    ident = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in t.id.lower())
    return f"{t.kind}-{ident}"


def event_message(event: Event) -> Msg:
    """Return an event as the message that words it: `event-<type>` with its fields."""
    named = _named_fields(type(event))
    args: dict[str, Value] = {}
    for name, value in event:
        if name == "type":
            continue
        kind = named.get(name)
        if kind is not None and isinstance(value, str):
            args[name] = Term(kind=kind, id=value)
        elif kind is not None and isinstance(value, tuple | list):
            args[name] = Items(items=tuple(Term(kind=kind, id=str(v)) for v in value))
        elif isinstance(value, tuple | list):
            args[name] = Items(items=tuple(_plain(v) for v in value))
        else:
            args[name] = _plain(value)
    return Msg(key=f"event-{kebab(event.type)}", args=args)


def _plain(value: Any) -> Value:
    if value is None or isinstance(value, str | int | float | bool | Msg | Term | Items):
        return value
    if isinstance(value, BaseModel):
        return str(value.model_dump(mode="json"))
    return str(value)


__all__ = [
    "DEFAULT",
    "Words",
    "event_message",
    "languages",
    "pick_language",
    "term_key",
    "word_view",
]


# ---------------------------------------------------------------- a game's words


def words_for(system: Engine[Any], language: str | None) -> Words:
    """Return the words of a language for a system."""
    return Words.of(language, system)


def system_title(system: Engine[Any], language: str | None) -> str:
    """Return a system's name in a language."""
    return words_for(system, language).message(system.title())


def scenario_title(system: Engine[Any], scenario_id: str, language: str | None) -> str:
    """Return a scenario's title in a language."""
    return words_for(system, language).term(system.scenario_title(scenario_id))


def seat_term(seat: str | None) -> Term:
    """Return a seat as a term (the referee when no seat is named)."""
    return Term(kind="seat", id=seat or "referee")


def event_record(system: Engine[Any], event: Event) -> dict[str, Any]:
    """Return an event as stored in the log: its data only (words come when shown)."""
    data: dict[str, Any] = event.model_dump(mode="json")
    return data


def suggestions(
    system: Engine[Any],
    state: Any,
    seat: str | None,
    field: str,
    text: str,
    context: Mapping[str, Any] | None,
    language: str | None,
) -> list[tuple[str, str]]:
    """Offer worded (label, value) completions for an option (Discord shows 100 characters).

    The system matches what was typed against ids; the words of its labels are only
    known here, so its other offers whose label, in the player's language, holds what
    was typed come after (a Brazilian typing "encruz" finds the crossroads).
    """
    words = words_for(system, language)
    found = [(words.word(label)[:100], value)
             for label, value in system.suggest(state, seat, field, text, context)]
    needle = folded(text.strip())
    if needle and len(found) < 25:
        seen = {value for _, value in found}
        for label, value in system.suggest(state, seat, field, "", context):
            worded = words.word(label)[:100]
            if value not in seen and (needle in folded(worded) or needle in folded(value)):
                found.append((worded, value))
                seen.add(value)
    return found[:25]


def folded(text: str) -> str:
    """Return text lower-cased without accents, for matching what a player typed."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def typed(system: Engine[Any], action: Action) -> str:
    """Write an action as the slash command a player types to take it.

    For example `/samurai adjust banner:takeda`; a value with spaces is quoted. Used
    where an action is named before it happens (a request awaiting consent) and by the
    demo scripts.
    """
    command = next(c for c in system.commands if c.action == action.type)
    data = action.model_dump(mode="json", exclude={"seat", "type"}, exclude_defaults=True)
    options = {o.name: o for o in command.options}
    parts = [f"/{system.command_group} {command.name}"]
    for name, value in data.items():
        if value is None:
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, float):
            text = f"{value:g}"
        else:
            text = str(value)
            choices = options[name].choices if name in options else ()
            if choices and text not in choices:
                text = text.replace("-", " ")  # the approach stand-over is typed "stand over"
        parts.append(f'{name}:"{text}"' if " " in text else f"{name}:{text}")
    return " ".join(parts)
