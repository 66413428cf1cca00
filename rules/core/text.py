"""Words as data: what the rules say, for the catalogues to put into words.

The engines never write a sentence. A refusal, a prompt, a panel line or the
reason a game ended is a `Msg`: the key of a catalogue message and the values it
needs. A value that is itself a name the catalogue gives (a seat, a card, a die
face, a step) is a `Term`; a list is `Items`. The bot looks the key up in the
catalogue of the game's language (data/locales/<language>/<system>.ftl) when the
text is shown, so a stored game can be read in any language later.

Events are pydantic models whose fields are the message's values; a field that
names a catalogue term says so with `Named` in its type (see `named_kinds`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field

from rules.core.model import Frozen

Scalar = str | int | float | bool | None


class Term(Frozen):
    """A name the catalogue gives: `Term(kind="card", id="order-two-left")`.

    It is worded as the message `<kind>-<id>` of the system's catalogue; that
    message's attributes (`.the`, `.of`, `.gender`...) become extra values named
    `<value>_<attribute>` for templates that need an article or an agreement.
    """

    kind: str
    id: str


class Items(Frozen):
    """A list to be worded as the language joins lists ("a, b and c", "a or b").

    `typed` marks values a player types as they are (ids, hexes, camp names): they
    are shown as code, so they read as things to type, not as words of a language.
    """

    items: tuple[Value, ...] = ()
    style: Literal["and", "or", "narrow"] = "and"
    typed: bool = False


class Msg(Frozen):
    """A sentence to be worded: a catalogue key and the values it needs."""

    key: str
    args: dict[str, Value] = Field(default_factory=dict)


Value = Scalar | Term | Msg | Items

Items.model_rebuild()
Msg.model_rebuild()


class Named:
    """Type metadata: this field (or each item of it) names a catalogue term of `kind`.

    Use it in event and view fields: `seat: Annotated[str, Named("seat")]`.
    """

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"Named({self.kind!r})"


def msg(key: str, /, **args: Value) -> Msg:
    """Build a message; `msg("refusal-card-not-in-hand", card=term("card", "x"))`."""
    return Msg(key=key, args=args)


def term(kind: str, id: str) -> Term:
    """Build a term: a name the catalogue gives to `id` among the `kind` names."""
    return Term(kind=kind, id=id)


def items(
    values: Any, style: Literal["and", "or", "narrow"] = "and", typed: bool = False
) -> Items:
    """Build a list to be joined as the language does (`typed`: values a player types)."""
    return Items(items=tuple(values), style=style, typed=typed)


@lru_cache(maxsize=1024)
def kebab(name: str) -> str:
    """Return a type or field name as a key part (CardPlayed, card_played: card-played).

    Kept for the names asked again (an event's or an action's type, on every turn)."""
    out: list[str] = []
    for i, ch in enumerate(name):
        if ch.isupper() and i and (name[i - 1].islower() or name[i - 1].isdigit()):
            out.append("-")
        out.append("-" if ch == "_" else ch.lower())
    return "".join(out)


SeatName = Annotated[str, Named("seat")]

__all__ = [
    "Items",
    "Msg",
    "Named",
    "Scalar",
    "SeatName",
    "Term",
    "Value",
    "items",
    "kebab",
    "msg",
    "term",
]
