"""Everything the 40k tracker says has words in English and Brazilian Portuguese.

Random battles (tests.contract.playout), a fuzzed set of bad actions in every position,
and a few set pieces for the refusals chance does not reach, are collected into a
`Speech`: prompts, events, refusals, boards for every seat, secrets, suggestions, button
labels, outcomes and command descriptions. Every message is worded strictly in every
language, with no English in the Portuguese text, and every refusal the catalogue words
must have been provoked.
"""

from __future__ import annotations

import random
import re
import typing
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentSerializer, ast, parse
from pydantic import ValidationError

from bot.text import Words, languages, locales_root
from rules.core.errors import RuleViolation
from rules.core.model import Action
from rules.core.text import Msg, kebab, msg
from rules.wh40k import catalogue
from rules.wh40k.actions import WhAction, WhEvent
from rules.wh40k.catalogue import Stratagem
from rules.wh40k.commands import COMMANDS
from rules.wh40k.engine import SYSTEM
from rules.wh40k.flow import STEPS
from rules.wh40k.state import Wh40kState
from tests.contract import playout
from tests.rules.wh40k.kit import SCENARIO, act, advance, battle, uid, unit
from tests.rules.wh40k.test_listbuilders import every_refusal
from tests.words_check import Speech, catalogue_keys

SEATS = ("attacker", "defender")
SENDERS = ("attacker", "defender", "", "referee")
# Unit names the set pieces below give (the players' own words, not the catalogue's).
# The list builders a roster comes from are named as they are, in every language, and so
# is the file inside a damaged .rosz ("army.ros").
NAMES = ("Squad", "Other", "Twin", "Chaplain", "Captain", "New Recruit", "BattleScribe", "army")


@cache
def _unit_name_words() -> tuple[str, ...]:
    """Return the words of the sample armies' unit names: the players' own words."""
    names = [u.name for sc in catalogue.scenarios().values() for side in sc.sides.values()
             for u in catalogue.bundled_roster(side.roster).units]
    return tuple(sorted({w for n in [*names, *NAMES] for w in re.findall(r"\w+", n)}))


def _candidates(state: Wh40kState) -> Iterator[dict[str, Any]]:
    """Yield bad (and some good) actions of every type, from every sender, for one position."""
    units = [*sorted(state.units), "Zzyzx"]
    heads = [min((u for u in state.units.values() if u.side == side), key=lambda u: u.id).id
             for side in SEATS if any(u.side == side for u in state.units.values())]
    for seat in SENDERS:
        yield {"type": "start_battle", "seat": seat}
        yield {"type": "next_phase", "seat": seat}
        yield {"type": "concede", "seat": seat}
        yield {"type": "add_unit", "seat": seat, "name": " ", "models": 1, "wounds": 1,
               "leadership": 7, "oc": 1}
        yield {"type": "gain_cp", "seat": seat, "amount": 2}
        yield {"type": "score", "seat": seat}
        yield {"type": "score", "seat": seat, "primary": -5, "secondary": -1}
        yield {"type": "stratagem", "seat": seat, "name": "orbital-strike"}
        for name in sorted(catalogue.stratagems()):
            yield {"type": "stratagem", "seat": seat, "name": name}
            for ref in heads:
                yield {"type": "stratagem", "seat": seat, "name": name, "unit": ref}
        for ref in units if seat in SEATS else units[:1]:
            yield {"type": "edit_unit", "seat": seat, "unit": ref}
            yield {"type": "edit_unit", "seat": seat, "unit": ref, "keywords": "Infantry"}
            yield {"type": "edit_unit", "seat": seat, "unit": ref, "keywords": "Character"}
            yield {"type": "remove_unit", "seat": seat, "unit": ref}
            yield {"type": "detach", "seat": seat, "leader": ref}
            yield {"type": "attach", "seat": seat, "leader": ref, "bodyguard": "U3"}
            yield {"type": "move", "seat": seat, "unit": ref, "x": 61, "y": 10}
            yield {"type": "fall_back", "seat": seat, "unit": ref, "x": 5}
            yield {"type": "casualties", "seat": seat, "unit": ref}
            yield {"type": "casualties", "seat": seat, "unit": ref, "models": 11}
            yield {"type": "restore", "seat": seat, "unit": ref}
            yield {"type": "restore", "seat": seat, "unit": ref, "models": 1}
            yield {"type": "shock_test", "seat": seat, "unit": ref}
            yield {"type": "stratagem", "seat": seat, "name": "grenade", "unit": ref}
            yield {"type": "stratagem", "seat": seat, "name": "rapid-ingress", "unit": ref}


def _refusals(state: Wh40kState) -> Iterator[RuleViolation]:
    """Check every candidate action against a position; yield the refusals."""
    for data in _candidates(state):
        try:
            SYSTEM.check(state, SYSTEM.parse_action(data))
        except RuleViolation as refused:
            yield refused


def _refused(state: Wh40kState, seat: str, **data: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        act(state, seat, **data)
    return caught.value


def _set_pieces() -> Iterator[RuleViolation]:
    """Provoke the refusals that random play and the fuzzed actions do not reach."""
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.new_game("xyzzy", "x")
    yield caught.value
    for text in ("not = [toml", "[[unit]]\nname = 3", "a" + ".a" * 40 + " = 1",
                 "a = " + "[" * 5_000, "a = [" + "1," * 6_000 + "]", "#\n" * 2_001,
                 "#" * 70_000, "unit = 3", "unit = [1]",
                 unit("A", key="k") + unit("B", key="k"), unit("A", leads="x"),
                 unit("A", keywords=("Character",), key="c", leads="c"),
                 unit("A", keywords=("Character",), leads="s")
                 + unit("B", keywords=("Character",), leads="s") + unit("S", key="s")):
        try:
            parsed = SYSTEM.parse_action({"type": "roster", "seat": "attacker", "text": text})
            SYSTEM.check(battle(start=False), parsed)
        except RuleViolation as refused:
            yield refused
    twins = battle(attacker=(unit("Twin", x=1, y=1), unit("Twin", x=2, y=2)), start=False)
    yield _refused(twins, "attacker", type="move", unit="Twin", x=1, y=1)
    setup = battle(attacker=(unit("Chaplain", models=1, keywords=("Character",), x=1, y=1),
                             unit("Captain", models=1, keywords=("Character",), key="c",
                                  leads="s"), unit("Squad", key="s", x=2, y=2)), start=False)
    yield _refused(setup, "attacker", type="attach", leader="Chaplain", bodyguard="Squad")
    yield _refused(setup, "attacker", type="attach", leader="Chaplain", bodyguard="Captain")
    empty = act(setup, "defender", type="remove_unit", unit="Mob")
    yield _refused(empty, "attacker", type="start_battle")
    yield from _battle_set_pieces()
    yield from _preview_set_pieces()
    yield from _mission_set_pieces()
    for data, sheets, _ in every_refusal():  # files from list builders
        try:
            SYSTEM.parse_action({"type": "roster", "seat": "attacker", "text": data,
                                 "datasheets": sheets})
        except RuleViolation as refused:
            yield refused


def _preview_set_pieces() -> Iterator[RuleViolation]:
    """Refusals of a roster preview's Leader choices (rules/wh40k/roster.py)."""
    listed = {"can_lead": ["Other Squad"]}
    roster = SYSTEM.parse_action({"type": "roster", "seat": "attacker", "units": [
        {"name": "Captain", "models": 1, "wounds": 5, "leadership": 6, "oc": 1, "key": "b",
         "keywords": ["Character"], "listed": listed},
        {"name": "Squad", "models": 10, "wounds": 1, "leadership": 7, "oc": 2, "key": "m"}]})
    for key, value in (("m", "b"), ("b", "m")):  # a squad leads nobody; the Captain lists no Squad
        with pytest.raises(RuleViolation) as caught:
            SYSTEM.preview_choose(roster, key, value)
        yield caught.value


def _mission_set_pieces() -> Iterator[RuleViolation]:
    """Refusals of the mission pack: choices at the start, a turn's primary past its most,
    and the per-round limit of battles begun before the missions."""
    setup = battle(start=False)
    yield _refused(setup, "attacker", type="start_battle", mission="xyzzy")
    yield _refused(setup, "attacker", type="start_battle", deployment="xyzzy")
    old = battle(start=False, ruleset=3)
    yield _refused(old, "attacker", type="start_battle", mission="linchpin")
    yield _refused(battle(ruleset=3), "attacker", type="score", primary=16)
    state = advance(advance(battle(), "movement"), "command", active="attacker")
    yield _refused(state, "attacker", type="score", primary=20)


def _battle_set_pieces() -> Iterator[RuleViolation]:
    """Refusals of a battle under way: limits once used, and Battle-shocked units."""
    state = battle("seed-3", attacker=(unit("Squad", x=20, y=22), unit("Other", x=5, y=5)))
    squad, mob, fine = uid(state, "Squad"), uid(state, "Mob"), uid(state, "Other")
    state = act(state, "attacker", type="casualties", unit=squad, models=6)
    state = act(state, "attacker", type="shock_test", unit=squad)
    yield _refused(state, "attacker", type="shock_test", unit=squad)
    yield _refused(state, "attacker", type="fall_back", unit=squad, x=5)
    yield _refused(state, "attacker", type="score", primary=16)  # past the round's limit
    state = act(state, "referee", type="adjust_score", side="attacker", primary=45,
                secondary=38)
    yield _refused(state, "attacker", type="score", primary=10)
    yield _refused(state, "attacker", type="score", secondary=5)
    state = act(state, "attacker", type="next_phase")  # seed-3 fails the test
    yield _refused(state, "attacker", type="stratagem", name="insane-bravery", unit=fine)
    yield _refused(state, "defender", type="stratagem", name="insane-bravery", unit=mob)
    state = act(state, "attacker", type="gain_cp")
    state = act(state, "attacker", type="stratagem", name="insane-bravery", unit=squad)
    state = act(state, "attacker", type="stratagem", name="command-re-roll")
    yield _refused(state, "attacker", type="stratagem", name="command-re-roll")
    shocked, _ = SYSTEM.apply(*_shocked())
    yield _refused(advance(shocked, "shooting"), "attacker", type="stratagem", name="grenade",
                   unit=uid(shocked, "Squad"))
    again = advance(state, "command", active="attacker")
    again = act(again, "attacker", type="next_phase")
    yield _refused(again, "attacker", type="stratagem", name="insane-bravery", unit=squad)
    # A battle begun under ruleset 1 answers a failed test; a unit that passed has none.
    old = battle("seed-3", attacker=(unit("Squad", x=20, y=22), unit("Other", x=5, y=5)),
                 ruleset=1)
    old = act(old, "attacker", type="casualties", unit=squad, models=6)
    old = act(old, "attacker", type="next_phase")  # seed-3 fails the test
    yield _refused(old, "attacker", type="stratagem", name="insane-bravery", unit=fine)


def _shocked() -> tuple[Wh40kState, Action]:
    """Return a battle-shock step whose next_phase leaves a GRENADES Squad Battle-shocked."""
    state = battle("seed-3", attacker=(unit("Squad", keywords=("Grenades",), x=20, y=22),))
    state = act(state, "attacker", type="casualties", unit=uid(state, "Squad"), models=6)
    state = act(state, "attacker", type="next_phase")  # names the test
    return state, SYSTEM.parse_action({"type": "next_phase", "seat": "attacker"})


def _no_unit_stratagem(monkeypatch: pytest.MonkeyPatch) -> RuleViolation:
    """No core Stratagem forbids a target; a data file may, so its refusal needs words too."""
    found = dict(catalogue.stratagems())
    found["command-re-roll"] = Stratagem(id="command-re-roll", cost=1, turn="either",
                                         phases=("command",), target="none")
    monkeypatch.setattr(catalogue, "stratagems", lambda: found)
    state = battle()
    return _refused(state, "attacker", type="stratagem", name="command-re-roll",
                    unit=uid(state, "Squad"))


def _ftl_keys(language: str) -> set[str]:
    return catalogue_keys(language, SYSTEM)


class _Said:
    """Messages collected once each (a playout repeats the same labels and prompts)."""

    def __init__(self) -> None:
        self.found: dict[str, Any] = {}

    def add(self, *values: Any) -> None:
        for value in values:
            if isinstance(value, list | tuple):
                self.add(*value)
            elif value is not None:
                self.found.setdefault(f"{type(value).__name__}:{value.model_dump_json()}", value)


def test_every_message_the_tracker_sends_is_worded_in_every_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = _Said()
    refusal_keys: set[str] = set()
    button_keys: set[str] = set()
    rng = random.Random(40)
    for number in range(4):
        game = playout(SYSTEM, SCENARIO, f"words-{number}", 500, rng)
        said.add(*game.events)
        for index, state in enumerate(game.states):
            said.add(SYSTEM.prompt(state).hint)
            for seat in SEATS:
                labels = [SYSTEM.label(a) for a in SYSTEM.legal_actions(state, seat)]
                said.add(labels)
                button_keys.update(label.key for label in labels)
            if index % 40:
                continue
            for seat in (*SEATS, None):
                said.add(SYSTEM.board(state, seat), SYSTEM.view(state, seat).private)
                for field in ("unit", "leader", "bodyguard", "stratagem"):
                    said.add([label for label, _ in SYSTEM.suggest(state, seat, field, "")])
            for refused in _refusals(state):
                said.add(refused.reason)
                refusal_keys.add(refused.message)
        final = game.states[-1]
        outcome = SYSTEM.outcome(final)
        said.add(outcome.reason if outcome else None, SYSTEM.board(final, None))
    # A Leader of the sample armies always starts attached; free one so attach is offered.
    free = act(SYSTEM.new_game(SCENARIO, "words"), "attacker", type="detach", leader="U1")
    labels = [SYSTEM.label(a) for a in SYSTEM.legal_actions(free, "attacker")]
    said.add(labels)
    button_keys.update(label.key for label in labels)
    for refused in [*_set_pieces(), _no_unit_stratagem(monkeypatch)]:
        said.add(refused.reason)
        refusal_keys.add(refused.message)
    said.add(_command_messages())
    speech = Speech(SYSTEM)
    speech.add(*said.found.values())
    texts = speech.check(allowed=_unit_name_words())
    assert texts["en"] and texts["pt-BR"]
    ours = {k for k in _ftl_keys("en") if k.startswith("refusal-")}
    assert ours - refusal_keys == set(), "refusals no test provoked"
    buttons = {k for k in _ftl_keys("en") if k.startswith("button-")}
    assert buttons == button_keys, "buttons no legal action offered, or offered without words"


def _command_messages() -> list[Msg]:
    out = [msg("command-wh40k")]
    for command in COMMANDS:
        out.append(msg(f"command-wh40k-{command.name}"))
        out += [msg(f"command-wh40k-{command.name}-{o.name}") for o in command.options]
    return out


def test_command_descriptions_fit_discord() -> None:
    for language in languages():
        words = Words.of(language, SYSTEM)
        for m in _command_messages():
            text = words.strict(m)
            assert 0 < len(text) <= 100, (language, m.key, text)


def test_both_catalogues_have_the_same_keys_and_none_of_core() -> None:
    en, pt = _ftl_keys("en"), _ftl_keys("pt-BR")
    assert en - pt == set() and pt - en == set()
    assert en & catalogue_keys("en", None) == set()


def _attributes(language: str) -> dict[str, set[str]]:
    path = Path(SYSTEM.locales or locales_root()) / language / "wh40k.ftl"
    resource = parse(path.read_text(encoding="utf-8"))
    return {
        entry.id.name: {a.id.name for a in entry.attributes}
        for entry in resource.body if isinstance(entry, ast.Message)
    }


def test_portuguese_entries_are_not_copies_of_the_english() -> None:
    # The leak check reads Portuguese words from the Portuguese file itself, so English
    # pasted there would pass it. Only the commands players type and the title are alike
    # (Stratagem names are too, but their summaries are translated).
    def entries(language: str) -> dict[str, str]:
        path = Path(SYSTEM.locales or locales_root()) / language / "wh40k.ftl"
        body = parse(path.read_text(encoding="utf-8")).body
        return {e.id.name: FluentSerializer().serialize_entry(e)
                for e in body if isinstance(e, ast.Message)}

    en, pt = entries("en"), entries("pt-BR")
    alike = {key for key in en if en[key] == pt.get(key)}
    assert alike == {key for key in en if key.startswith("action-")} | {"panel-title"}


def test_every_name_the_engine_uses_is_in_the_catalogue() -> None:
    events = {kebab(t.__name__) for t in _union_members(WhEvent)}
    actions = {t for t in _action_types()}
    for language in languages():
        keys = _ftl_keys(language)
        attributes = _attributes(language)
        assert {f"event-{e}" for e in events} <= keys
        assert {f"action-{a}" for a in actions} <= keys
        assert {f"step-{s}" for s in STEPS} <= keys
        for strat in catalogue.stratagems():
            assert "summary" in attributes[f"stratagem-{strat}"], (language, strat)
        for sc in catalogue.scenarios().values():
            assert "summary" in attributes[f"scenario-{sc.id}"]
            assert {f"objective-{o.name}" for o in sc.objectives} <= keys
        for step in STEPS:
            assert "phase" in attributes[f"step-{step}"]
        if language == "pt-BR":
            for seat in SEATS:
                assert {"o", "do", "ao", "O"} <= attributes[f"seat-{seat}"]


def _union_members(union: Any) -> list[type]:
    """Return the classes of an annotated discriminated union (WhEvent, WhAction)."""
    return list(typing.get_args(typing.get_args(union)[0]))


def _action_types() -> list[str]:
    return [cls.model_fields["type"].default for cls in _union_members(WhAction)]


def test_an_action_type_nobody_knows_is_bad_input() -> None:
    with pytest.raises(ValidationError):
        SYSTEM.parse_action({"type": "fly", "seat": "attacker"})
    assert len(_action_types()) == 20
