"""Every word the tracker can say has its words in English and Brazilian Portuguese.

Random battles and a fuzzed set of actions in crafted positions collect what the engine says
(prompts, events, refusals, boards for each seat and for spectators, secrets, suggestions,
button labels, outcomes, command help); each message is worded strictly in every language, and
the Portuguese has no English in it but the scenario's proper names of units and commands.
"""

from __future__ import annotations

import random
import re
import typing
from functools import cache
from typing import Any

import pytest

from bot.text import Words
from rules.core.data import data_dir
from rules.core.errors import RuleViolation
from rules.core.text import Msg, kebab, msg
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.actions import FwEvent
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.state import FantasyWarriorsState
from tests.contract import playout
from tests.rules.fantasy_warriors.fuzz import bad_actions
from tests.rules.fantasy_warriors.kit import SCENARIO, act, battle, planned
from tests.words_check import Speech, catalogue_keys

SEATS = ("north", "south", None)
FIELDS = ("unit", "enemy", "command", "order", "objective", "target", "approach")


@cache
def _crafted() -> list[FantasyWarriorsState]:
    """Positions where each refusal can happen (see the rules tests for each one)."""
    fresh = SYSTEM.new_game(SCENARIO, "words")
    renamed = planned()
    renamed.units["N2"].name = "Hearthguard"  # two units of one name
    gone = act(act(battle(), "south", type="destroyed", unit="S3"), "south",
               type="destroyed", unit="S4")
    close = battle(orders={"C4": {"order": "attack"}}, at={"N1": (30, 30), "S1": (30, 27.6)})
    contact = act(act(close, "north", type="end_turn"), "south", type="contact", unit="S1",
                  enemy="N1")
    # S3 and S4 gone before the battle: C5 has nobody left to order or to aim at.
    emptied_command = planned()
    for unit in ("S3", "S4"):
        emptied_command = act(emptied_command, "referee", type="adjust", unit=unit,
                              status="destroyed")
    emptied = battle()
    for unit in ("N1", "N2", "N3", "N4", "N5", "N6"):
        emptied = act(emptied, "south", type="destroyed", unit=unit)
    return [
        fresh,
        planned(),
        act(planned(), "north", type="ready"),
        renamed,
        battle(orders={"C1": {"order": "take and hold", "objective": "O3"}},
               at={"N1": (13, 39.4), "N2": (30, 34)}),
        battle(orders={"C1": {"order": "take and hold", "objective": "O1"}},
               at={"N1": (36, 15.4), "N2": (36, 30), "S1": (36, 13)}),
        battle(orders={"C3": {"order": "intercept", "target": "archers"}},
               at={"N5": (30, 30), "S4": (30, 27.5), "S3": (32.8, 30), "S1": (27.6, 30)}),
        battle(orders={"C1": {"order": "storm", "objective": "O3"},
                       "C3": {"order": "reinforce", "target": "C1"}},
               at={"N1": (13, 39.4), "N2": (30, 34), "N5": (30, 20), "S1": (30, 22.6)}),
        # N1 fills the crossroads; C2's N3 counts as there within 3 inches, N4 is far off.
        battle(orders={"C1": {"order": "take and hold", "objective": "O1"},
                       "C2": {"order": "take and hold", "objective": "O1"}},
               at={"N1": (36, 13), "N2": (36, 30), "N3": (36, 16.5), "N4": (36, 40)}),
        gone,
        emptied_command,
        close,
        contact,
        emptied,
        act(battle(), "south", type="concede"),
        # Rules 2: N1 stepping back onto N2's block; a STORM unit that has not pressed on.
        planned(at={"N1": (27, 44), "N2": (27, 41.5)}, ruleset=2),
        battle(orders={"C1": {"order": "storm", "objective": "O1"}}, ruleset=2),
    ]


def _collect(speech: Speech, state: FantasyWarriorsState) -> None:
    """Collect what can be seen and offered in a position."""
    speech.add(SYSTEM.prompt(state), SYSTEM.outcome(state))
    for seat in SEATS:
        speech.add(SYSTEM.view(state, seat))
        for field in FIELDS:
            speech.add([label for label, _ in SYSTEM.suggest(state, seat, field, "")])
    for seat in ("north", "south"):
        speech.add([SYSTEM.label(a) for a in SYSTEM.legal_actions(state, seat)])


def _try(speech: Speech, state: FantasyWarriorsState, data: dict[str, Any]) -> str | None:
    """Apply an action; collect its events or its refusal; return the refusal's key."""
    try:
        _, events = SYSTEM.apply(state, SYSTEM.parse_action(data))
    except RuleViolation as refusal:
        assert isinstance(refusal.reason, Msg), refusal
        speech.add(refusal.reason)
        return refusal.reason.key
    except ValueError:
        return None  # unreadable input: worded by the bot's input-* messages
    speech.add(events)
    return None


def _allowed() -> set[str]:
    """Return the words of what stays as it is in every language: the scenario's proper names
    of units and commands, and the feature ids players type (raven-hill, west-road)."""
    state = SYSTEM.new_game(SCENARIO, "names")
    names = [u.name for u in state.units.values()] + [c.name for c in state.commands.values()]
    names += [f.id for f in catalogue.scenarios()[SCENARIO].features]
    return {w for name in names for w in re.findall(r"[^\W\d_]+", name)}


def test_everything_the_tracker_says_is_worded_in_every_language() -> None:
    speech = Speech(SYSTEM)
    refusals: set[str] = set()
    for state in _crafted():
        _collect(speech, state)
        for seat in ("north", "south", "referee"):
            for data in bad_actions(state, seat):
                key = _try(speech, state, data)
                if key is not None:
                    refusals.add(key)
    try:
        SYSTEM.new_game("zz-9", "x")
    except RuleViolation as refusal:
        speech.add(refusal.reason)
        refusals.add(refusal.message)
    rng = random.Random(7)
    for n in range(3):
        game = playout(SYSTEM, SCENARIO, f"words-{n}", 400, rng)
        for state in game.states[::15] + game.states[-1:]:
            _collect(speech, state)
        speech.add(game.events)
    speech.add(SYSTEM.title(), [SYSTEM.scenario_title(s.id) for s in SYSTEM.scenarios()],
               [SYSTEM.seat_name(seat) for seat in ("north", "south")])
    speech.add([msg(f"command-{SYSTEM.command_group}")])
    for command in SYSTEM.commands:
        speech.add(msg(f"command-fw-{command.name}"),
                   [msg(f"command-fw-{command.name}-{o.name}") for o in command.options])
    # Many positions say the same things: word each message once.
    speech.messages = list({m.model_dump_json(): m for m in speech.messages}.values())
    speech.terms = list({t.model_dump_json(): t for t in speech.terms}.values())
    texts = speech.check(allowed=_allowed())
    # Every refusal the catalogue words was provoked, and every provoked one is worded.
    ours = {k for k in catalogue_keys("en", SYSTEM) if k.startswith("refusal-")}
    assert ours - refusals == set()
    assert refusals - ours <= {"refusal-game-over", "refusal-not-your-turn",
                               "refusal-wrong-step"}
    assert len(texts["en"]) == len(texts["pt-BR"]) > 1500


def test_both_catalogues_have_the_same_keys() -> None:
    assert catalogue_keys("en", SYSTEM) == catalogue_keys("pt-BR", SYSTEM)
    assert not catalogue_keys("en", SYSTEM) & catalogue_keys("en", None)


def test_events_and_buttons_have_a_message_each() -> None:
    words = Words("en", SYSTEM.id)
    union = typing.get_args(typing.get_args(FwEvent)[0])
    assert len(union) == 18
    for event in union:
        assert words.has(f"event-{kebab(event.__name__)}"), event
    buttons = {a.type for s in _crafted() for seat in ("north", "south")
               for a in SYSTEM.legal_actions(s, seat)}
    assert buttons == {"order", "ready", "move", "contact", "destroyed", "disengaged",
                       "combat", "end_turn"}


def test_portuguese_reads_naturally() -> None:
    pt = Words("pt-BR", SYSTEM.id)
    state = battle(orders={"C1": {"order": "storm", "objective": "O1"}})
    board = SYSTEM.board(state, None)
    assert [pt.word(line.text) for line in board.panel.lines[:3]] == [
        "Turno 1 de 8", "Vez do Norte", "C1 Hearth Guard: STORM (ATTACK) → O1 Encruzilhada "
        "(por cima)"]
    assert pt.word(SYSTEM.prompt(state).hint) == (
        "Turno 1 de 8: informe movimentos (`/fw move`), contatos (`/fw contact`), baixas "
        "(`/fw destroyed`, `/fw left`) e avistamentos (`/fw sight`); depois, `/fw endturn`.")
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.apply(state, SYSTEM.parse_action({"type": "end_turn", "seat": "south"}))
    assert isinstance(caught.value.reason, Msg)
    assert pt.message(caught.value.reason) == "É a vez do Norte (batalha); aguarde a jogada."
    with pytest.raises(RuleViolation) as caught:
        SYSTEM.apply(state, SYSTEM.parse_action({"type": "ready", "seat": "north"}))
    assert isinstance(caught.value.reason, Msg)
    assert pt.message(caught.value.reason).endswith(
        "Agora valem: `/fw adjust`, `/fw combat`, desistir, `/fw contact`, `/fw destroyed`, "
        "`/fw disengaged`, `/fw endturn`, `/fw engaged`, `/fw left`, `/fw move`, `/fw order` e "
        "`/fw sight`.")


# The order names stay in English in every language, as players write them on their plans, and
# so does the game's name.
KEPT = {"ATTACK", "HOLD", "OPPOSE", "TAKE", "AND", "STORM", "INTERCEPT", "REINFORCE", "DESTROY",
        "BREAKOUT", "Fantasy", "Warriors"}


def _sources(language: str) -> dict[str, str]:
    """Return each message of a catalogue as its Fluent source (value and attributes)."""
    from fluent.syntax import ast, parse, serialize

    path = data_dir() / "locales" / language / f"{SYSTEM.id}.ftl"
    out = {}
    for entry in parse(path.read_text(encoding="utf-8")).body:
        if isinstance(entry, ast.Message):
            bare = ast.Message(ast.Identifier("m"), entry.value, entry.attributes)
            out[entry.id.name] = serialize(ast.Resource([bare]))
    return out


def test_portuguese_is_translated_wherever_there_are_words() -> None:
    en, pt = _sources("en"), _sources("pt-BR")
    for key, text in en.items():
        if pt[key] != text:
            continue
        # Left as in English: only placeables, commands, order names and punctuation.
        bare = re.sub(r"\$[\w-]+|\*?\[[\w-]+\]|\{ *[a-z][\w-]* *\}|\"[^\"]*\"|`[^`]*`|^m =",
                      " ", text)
        words = [w for w in re.findall(r"[^\W\d_]{3,}", bare) if w not in KEPT]
        assert not words, f"{key} is not translated: {words}"
