"""Scenarios of the players' own (rules.samurai.authoring): each kind of mistake is refused
naming its line and field; a file that reads sets up a game that keeps it whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import RuleViolation
from rules.core.text import Msg
from rules.samurai.authoring import read_scenario
from rules.samurai.catalogue import CUSTOM_PREFIX, scenario_of
from rules.samurai.engine import SYSTEM

EXAMPLE = (Path(__file__).parents[3] / "docs" / "examples" / "scenario.toml").read_text()


def changed(old: str, new: str, count: int = 1) -> str:
    """Return the example with one piece of text replaced (it must be there)."""
    assert old in EXAMPLE, old
    return EXAMPLE.replace(old, new, count)


# (what is wrong, the file, the refusal's key, its line, its field)
MISTAKES: list[tuple[str, str, str, int | None, str | None]] = [
    ("bad hex", changed('hex = "G2"', 'hex = "Z9"'), "hex", 53, "piece 2: hex"),
    ("hex off the short row", changed('hex = "G2"', 'hex = "M2"'), "hex", 53, "piece 2: hex"),
    ("unknown unit type", changed('type = "ashigaru-bow"', 'type = "ninja"'), "unit-type", 56,
     "piece 3: type"),
    ("two units on a hex", changed('hex = "G2"', 'hex = "F2"'), "hex-taken", 53,
     "piece 2: hex"),
    ("foot leader on cavalry", changed('hex = "F8"\n\n[[piece]]\ntype = "ashigaru-spear"',
                                       'hex = "F7"\n\n[[piece]]\ntype = "ashigaru-spear"')
     .replace('type = "foot-leader"\nside = "imagawa"\nhex = "F8"',
              'type = "foot-leader"\nside = "imagawa"\nhex = "K8"'), "leader", 94,
     "piece 10: hex"),
    ("leader with an enemy unit", changed('type = "mounted-leader"\nside = "oda"\nhex = "C2"',
                                          'type = "mounted-leader"\nside = "oda"\nhex = "K8"'),
     "leader", 68, "piece 5: hex"),
    ("missing side", EXAMPLE[:EXAMPLE.index('[[side]]\nseat = "imagawa"')]
     + EXAMPLE[EXAMPLE.index("# Pieces:"):], "sides", 23, "side"),
    ("piece of no side", changed('side = "imagawa"\nhex = "G8"', 'side = "hojo"\nhex = "G8"'),
     "no-such-side", 77, "piece 7: side"),
    ("first of no side", changed('first = "oda"', 'first = "mori"'), "no-such-side", 12,
     "first"),
    ("bad number", changed("hand = 5              #", "hand = 40             #"), "number", 27,
     "side 1: hand"),
    ("too many figures", changed("figures = 3", "figures = 9"), "number", 84,
     "piece 8: figures"),
    ("text for a number", changed("banners = 5           #", 'banners = "five"      #'),
     "not-number", 28, "side 1: banners"),
    ("number for text", changed('title = "Hill of Crows"', "title = 7"), "not-text", 8,
     "title"),
    ("missing field", changed('side = "oda"\nhex = "H2"', 'side = "oda"'), "missing", 55,
     "piece 3: hex"),
    ("missing title", changed('title = "Hill of Crows"\n', ""), "missing", None, "title"),
    ("unknown field", changed("dragon = 3            #", "dragons = 3           #"),
     "unknown-field", 30, "side 1: dragons"),
    ("unknown top-level field", changed('first = "oda"', 'first = "oda"\nweather = "rain"'),
     "unknown-field", 13, "weather"),
    ("bad colour", changed('colour = "#2e5fa8"', 'colour = "blue"'), "colour", 34,
     "side 2: colour"),
    ("two sides on one edge", changed('edge = "bottom"', 'edge = "top"'), "edge", 35,
     "side 2: edge"),
    ("unknown side name", changed('seat = "imagawa"', 'seat = "wei"')
     .replace('"imagawa"', '"wei"'), "seat", 33, "side 2: seat"),
    ("one side named twice", changed('seat = "imagawa"', 'seat = "oda"'), "seat-twice", 33,
     "side 2: seat"),
    ("bad terrain kind", changed('kind = "village"', 'kind = "swamp"'), "terrain-kind", 19,
     "terrain 4: kind"),
    ("bad terrain hex", changed('{ hex = "F5", kind = "hill" }', '{ hex = "Q5", kind = "hill" }'),
     "hex", 17, "terrain 2: hex"),
    ("terrain twice", changed('{ hex = "F5", kind = "hill" }', '{ hex = "G5", kind = "hill" }'),
     "terrain-twice", 17, "terrain 2: hex"),
    ("piece in a river", changed('{ hex = "B4", kind = "forest" }',
                                 '{ hex = "G2", kind = "river" }'), "impassable", 53,
     "piece 2: hex"),
    ("bad scenario name", changed('id = "hill-of-crows"', 'id = "Hill of Crows!"'), "name", 6,
     "id"),
    ("markup in the title", changed('title = "Hill of Crows"', 'title = "@everyone **win**"'),
     "title", 8, "title"),
    ("underlined title", changed('title = "Hill of Crows"', 'title = "__Hill__"'), "title", 8,
     "title"),
    ("piece id twice", changed('type = "ashigaru-spear"\nside = "oda"',
                               'id = "X1"\ntype = "ashigaru-spear"\nside = "oda"')
     .replace('type = "ashigaru-bow"', 'id = "x1"\ntype = "ashigaru-bow"'), "id-twice", 57,
     "piece 3: id"),
    ("bad piece id", changed('type = "ashigaru-bow"', 'id = "U 3"\ntype = "ashigaru-bow"'),
     "name", 56, "piece 3: id"),
    ("side with no unit", changed('side = "imagawa"', 'side = "oda"', 5)
     .replace('side = "oda"\nhex = "F8"\n\n[[piece]]\ntype = "ashigaru-spear"',
              'side = "oda"\nhex = "F9"\n\n[[piece]]\ntype = "ashigaru-spear"')
     .replace('type = "foot-leader"\nside = "imagawa"\nhex = "F8"',
              'type = "foot-leader"\nside = "imagawa"\nhex = "A9"'),
     "side-empty", 45, "piece"),
    ("a side that is not a table", changed("[[side]]\nseat = \"imagawa\"", "side = 3\n[[x]]\n")
     .replace("[[side]]", "[[y]]", 1), "unknown-field", None, None),
    ("terrain not a list", EXAMPLE[:EXAMPLE.index("terrain = [")] + "terrain = 5\n"
     + EXAMPLE[EXAMPLE.index("]\n", EXAMPLE.index("terrain = [")) + 2:], "not-list", 15,
     "terrain"),
    ("too many pieces", EXAMPLE + '\n[[piece]]\ntype = "ashigaru-spear"\nside = "oda"\n'
     'hex = "A1"\n' * 0 + "".join(
         f'\n[[piece]]\ntype = "ashigaru-spear"\nside = "oda"\nhex = "{c}{r}"\n'
         for c in "ABCDEFGHIJKL" for r in (1, 3, 5, 7, 9)) * 2, "count", 45, "piece"),
]


@pytest.mark.parametrize(("what", "text", "key", "line", "field"), MISTAKES,
                         ids=[m[0] for m in MISTAKES])
def test_each_kind_of_mistake_is_refused_naming_its_line_and_field(
    what: str, text: str, key: str, line: int | None, field: str | None
) -> None:
    with pytest.raises(RuleViolation) as refused:
        read_scenario(text)
    reason = refused.value.reason
    assert isinstance(reason, Msg)
    assert reason.key == f"refusal-scenario-{key}", (what, reason)
    if field is not None:
        assert reason.args.get("field") == field, (what, reason)
        assert reason.args.get("line") == line, (what, reason)


def test_a_file_that_is_not_toml_is_refused_with_its_line() -> None:
    with pytest.raises(RuleViolation) as refused:
        read_scenario(changed('first = "oda"', "first = oda"))
    assert refused.value.reason.key == "refusal-scenario-toml-syntax"
    assert refused.value.reason.args["line"] == 12


@pytest.mark.parametrize(("text", "key"), [
    ("a = 1\n" * 1600, "refusal-scenario-toml-too-many-lines"),
    ("x" * 40_000, "refusal-scenario-toml-too-large"),
    ("a" + ".a" * 40 + " = 1", "refusal-scenario-toml-line-too-dotted"),
    ("a = " + "[" * 600 + "]" * 600, "refusal-scenario-toml-too-deep"),
    ("a = [" + "1," * 2100 + "]", "refusal-scenario-toml-too-many-items"),
])
def test_a_hostile_file_is_refused_within_the_budgets(text: str, key: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        read_scenario(text)
    assert refused.value.reason.key == key


def test_a_title_in_another_script_is_shown_as_written() -> None:
    scenario = read_scenario(changed('title = "Hill of Crows"', 'title = "川中島 (1561)"'))
    assert scenario.title == "川中島 (1561)"


def test_the_documented_example_reads_and_sets_up_a_game_that_keeps_it_whole() -> None:
    name, stored = SYSTEM.read_scenario(EXAMPLE)
    assert name == "hill-of-crows" and stored.startswith(CUSTOM_PREFIX)
    state = SYSTEM.new_game(stored, "seed")
    assert state.scenario == stored
    assert state.setup == scenario_of(stored) and state.setup.title == "Hill of Crows"
    assert state.setup.side("oda").honor == 4 and state.setup.side("imagawa").dragon == 3
    # Units and leaders are numbered apart when the file gives no ids.
    assert [p.id for p in state.pieces] == ["U1", "U2", "U3", "U4", "L1", "U5", "U6", "U7",
                                            "U8", "L2"]
    assert next(p for p in state.pieces if p.id == "U7").figures == 3  # the arquebus
    reread = SYSTEM.load_state(state.model_dump(mode="json"))
    assert reread.setup == state.setup
    info = SYSTEM.scenario_info(stored)
    assert info is not None and info.seats == ("oda", "imagawa")
    assert SYSTEM.view(state, None).board.static_key.startswith("samurai:custom-")


def every_scenario_refusal() -> list[Msg]:
    """Return one refusal of each kind (tests/rules/samurai/test_words.py words them all)."""
    out: list[Msg] = []
    texts = [m[1] for m in MISTAKES] + [changed('first = "oda"', "first = oda")]
    texts += ["a = 1\n" * 1600, "x" * 40_000, "a" + ".a" * 40 + " = 1",
              "a = " + "[" * 600 + "]" * 600, "a = [" + "1," * 2100 + "]"]
    texts += ['id = "ab"\ntitle = "x"\nfirst = "red"\nside = 5\n',
              'id = "ab"\ntitle = "x"\nfirst = "red"\nside = [1, 2]\n',
              EXAMPLE.replace('source = "Our own design: a hill fight for two small armies."',
                              "source = 3")]
    for text in texts:
        try:
            read_scenario(text)
        except RuleViolation as refused:
            out.append(refused.reason)
    return out


def test_every_worded_scenario_refusal_can_be_provoked() -> None:
    keys = {m.key for m in every_scenario_refusal()}
    assert {"refusal-scenario-not-list", "refusal-scenario-not-table",
            "refusal-scenario-not-text", "refusal-scenario-count",
            "refusal-scenario-sides"} <= keys
