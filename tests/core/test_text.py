"""Words as data (rules.core.text) and the catalogues that word them (bot.text)."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest

from bot.text import Words, event_message, pick_language, word_view
from rules.core.board import (
    HexBoardView,
    Panel,
    PanelLine,
    StatusTag,
    TableArrow,
    TableFeature,
    TableObjective,
    TabletopView,
    TableUnit,
)
from rules.core.errors import RuleViolation, refuse
from rules.core.model import Event
from rules.core.text import Items, Msg, Named, Term, items, kebab, msg, term


class SidesMet(Event):
    type: Literal["SidesMet"] = "SidesMet"
    seat: Annotated[str, Named("seat")]
    others: tuple[Annotated[str, Named("seat")], ...]
    count: int


def test_keys_are_kebab_case() -> None:
    assert kebab("CardPlayed") == "card-played"
    assert kebab("card_played") == "card-played"
    assert kebab("BattleShockTest2Rolled") == "battle-shock-test2-rolled"


def test_a_refusal_carries_its_rule_and_a_message() -> None:
    with pytest.raises(RuleViolation) as caught:
        refuse("core/bad-input", "refusal-unknown-action", action="fly")
    assert caught.value.rule_id == "core/bad-input"
    assert caught.value.reason == Msg(key="refusal-unknown-action", args={"action": "fly"})
    assert caught.value.message == "refusal-unknown-action"


def test_messages_round_trip_through_json() -> None:
    m = msg("game-turn", seat=term("seat", "west"), hint=msg("x", n=2),
            each=items(["a", term("seat", "east")], "or"))
    assert Msg.model_validate_json(m.model_dump_json()) == m


def test_terms_bring_their_attributes_for_articles() -> None:
    pt = Words("pt-BR", "bushido")
    assert pt("game-turn", seat=term("seat", "west"), hint="mova") == "Agora joga o Oeste: mova"
    en = Words("en", "bushido")
    assert en("game-turn", seat=term("seat", "west"), hint="move") == "West to act: move"


def test_lists_numbers_and_selectors_follow_the_language() -> None:
    pt = Words("pt-BR")
    assert pt.join(items(["a", "b", "c"])) == "a, b e c"
    assert pt.join(items(["a", "b"], "or")) == "a ou b"
    assert Words("en").join(items(["a", "b", "c"])) == "a, b, and c"
    assert pt.word(12.5) == "12,5"
    assert Words("en")("rules-found", count=1, query="x") == "One rule matches `x`."
    assert Words("en")("rules-found", count=3, query="x") == "3 rules match `x`."


def test_a_missing_key_is_shown_by_key_and_strict_wording_fails() -> None:
    words = Words("en", "bushido")
    assert words("no-such-message") == "no-such-message"
    with pytest.raises(LookupError):
        words.strict(Msg(key="no-such-message"))
    with pytest.raises(LookupError):
        words.strict(msg("game-turn", seat=term("seat", "nowhere"), hint="x"))


def test_english_fills_in_for_a_key_another_language_lacks() -> None:
    # Core keys exist in both; a term only English has still reads.
    assert Words("pt-BR", "bushido").term(Term(kind="seat", id="west")) == "Oeste"
    assert Words("pt-BR", "bushido").term(Term(kind="unknown", id="W1")) == "W1"


def test_events_are_worded_from_their_fields() -> None:
    event = SidesMet(seat="west", others=("east",), count=2)
    m = event_message(event)
    assert m.key == "event-sides-met"
    assert m.args["seat"] == Term(kind="seat", id="west")
    assert m.args["others"] == Items(items=(Term(kind="seat", id="east"),))
    assert m.args["count"] == 2


def test_a_view_is_worded_before_it_is_drawn() -> None:
    view = HexBoardView(
        static_key="k", cols=2, rows=2,
        panel=Panel(title=msg("system-title"),
                    lines=(PanelLine(text=term("seat", "west")), PanelLine(text="as is"))),
    )
    worded = word_view(view, Words("pt-BR", "bushido"))
    assert worded.panel.title == "Bushido, a Batalha de Sekigahara"
    assert [ln.text for ln in worded.panel.lines] == ["Oeste", "as is"]
    assert worded.static_key == "k@pt-BR"


def test_every_word_on_a_tabletop_is_worded_and_the_rest_kept_as_it_is() -> None:
    # Wording looks only into the fields whose type can hold words; every one of them
    # is worded, however deep (a unit's status tag), and the other parts stay as given.
    features = (TableFeature(kind="wood", points=((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)),
                             label=term("seat", "west")),)
    arrows = (TableArrow(x1=1, y1=1, x2=2, y2=2),)
    view = TabletopView(
        static_key="t", width=10, height=10, features=features, arrows=arrows,
        units=(TableUnit(x=1, y=1, side="west", label=term("seat", "east"),
                         status=("plain", StatusTag(kind="x", text=term("seat", "west")))),),
        objectives=(TableObjective(x=5, y=5, label=msg("system-title")),),
    )
    worded = word_view(view, Words("pt-BR", "bushido"))
    assert worded.features[0].label == "Oeste"
    assert worded.units[0].label == "Leste"
    assert worded.units[0].status == ("plain", StatusTag(kind="x", text="Oeste"))
    assert worded.objectives[0].label == "Bushido, a Batalha de Sekigahara"
    assert worded.arrows is view.arrows
    assert worded.features[0].points is view.features[0].points


def test_a_language_is_picked_leniently() -> None:
    assert pick_language("pt") == "pt-BR"
    assert pick_language(None, "pt-PT") == "pt-BR"
    assert pick_language("fr") == "en"
