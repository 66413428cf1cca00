"""Everything Bushido says has words in English and Portuguese, and no English in Portuguese.

Random games are played; in their positions (and a few built ones) a fuzzed set of
actions provokes the refusals. Prompts, events, refusals, boards seen from each seat,
secrets, suggestions, buttons, outcomes and command help all go through
`tests.words_check.Speech`, which words every message strictly in every language.
"""

from __future__ import annotations

import random
import re
import typing
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from bot.text import Words, languages, locales_root
from rules.bushido.actions import BushidoEvent
from rules.bushido.catalogue import movement_pieces, scenarios, troop_types
from rules.bushido.engine import SYSTEM
from rules.bushido.state import BushidoState
from rules.core.engine import sort_key
from rules.core.errors import RuleViolation
from rules.core.text import Msg, Term, kebab, msg, term
from tests.contract import playout
from tests.rules.bushido.kit import act, camps, fuzzed_actions, game, try_action
from tests.words_check import Speech, catalogue_keys

SEEDS = range(4)


def built_positions() -> list[BushidoState]:
    """Positions random games reach rarely: a camp attacked with the stack used up, a
    commander out of its camp, a camp attacked with every flight blocked."""
    attacked = game(camps(("T1", "samurai", "east", "B4", "gako"), west="koyaku"))
    attacked = act(attacked, "east", type="attack", piece="T1", target="west-camp")
    empty = attacked.model_copy(update={"stacks": {**attacked.stacks, "west": []}})
    out_of_camp = game(camps(("T1", "samurai", "east", "E4", "gako"), west="choda"), active="west")
    out_of_camp = act(out_of_camp, "west", type="move", piece="ISHIDA", to="B4")
    blocked = game(
        camps(
            ("T1", "samurai", "east", "B4", "gako"),
            ("W1", "ashigaru", "west", "A2", "choda"),
            ("T2", "ashigaru", "east", "B3", "choda"),
            west="koyaku",
        )
    )
    blocked = act(blocked, "east", type="attack", piece="T1", target="west-camp")
    # Back on its camp by a referee's hand, the commander that left by choice may not flee.
    put_back = act(out_of_camp, "east", type="hold")
    put_back = act(put_back, "west", type="adjust", piece="ISHIDA", to="west-camp")
    return [attacked, empty, out_of_camp, blocked, put_back]


@cache
def everything_said() -> tuple[Speech, frozenset[str], frozenset[str]]:
    """Play and fuzz; return what was said, the refusal keys and the input error types."""
    speech = Speech(SYSTEM)
    refusals: set[str] = set()
    inputs: set[str] = set()
    rng = random.Random(7)
    positions: list[BushidoState] = built_positions()
    for scenario in sorted(scenarios()):
        for seed in SEEDS:
            game_ = playout(SYSTEM, scenario, f"words-{seed}", 400, random.Random(seed))
            speech.add(*game_.events)
            positions += game_.states[:: max(1, len(game_.states) // 12)] + [game_.states[-1]]
    for state in positions:
        speech.add(SYSTEM.prompt(state).hint, SYSTEM.outcome(state))
        for seat in (None, *state.seats):
            speech.add(SYSTEM.board(state, seat))
            for field_ in ("piece", "to", "target"):
                for context in (None, {"piece": "commander"}, {"piece": "W1"}):
                    speech.add([label for label, _ in SYSTEM.suggest(state, seat, field_, "",
                                                                     context)])
            if seat is not None:
                speech.add(SYSTEM.secrets(state, seat))
                speech.add([SYSTEM.label(a) for a in SYSTEM.legal_actions(state, seat)])
        for raw in fuzzed_actions(state, rng):
            refused = try_action(state, raw)
            if isinstance(refused, RuleViolation):
                assert isinstance(refused.reason, Msg), refused
                speech.add(refused.reason)
                refusals.add(refused.reason.key)
            elif isinstance(refused, ValidationError):
                for error in refused.errors():
                    if error["type"] in ("hex-name", "space-name"):
                        inputs.add(error["type"])
                        speech.add(msg(f"input-{error['type']}", field=str(error["loc"][-1]),
                                       value=str(error["input"])))
    try:
        SYSTEM.new_game("atlantis", "x")
    except RuleViolation as refused:
        assert isinstance(refused.reason, Msg)
        speech.add(refused.reason)
        refusals.add(refused.reason.key)
    speech.add(*command_help())
    return speech, frozenset(refusals), frozenset(inputs)


def command_help() -> list[Msg]:
    """Return the description of the group, every command and every option."""
    group = SYSTEM.command_group
    out = [msg(f"command-{group}")]
    for command in SYSTEM.commands:
        out.append(msg(f"command-{group}-{command.name}"))
        out += [msg(f"command-{group}-{command.name}-{o.name}") for o in command.options]
    return out


def test_everything_said_is_worded_in_every_language_with_no_english_in_portuguese() -> None:
    speech, _, _ = everything_said()
    # A refusal may echo what the player typed: here the commander alias, in English.
    texts = speech.check(allowed=("COMMANDER",))
    assert set(texts) == set(languages()) == {"en", "pt-BR"}
    assert len(texts["pt-BR"]) > 1000
    keys = {m.key for m in speech.messages}
    for family in ("event-", "refusal-", "prompt-", "panel-", "secret-", "suggest-",
                   "button-", "ending-", "command-"):
        assert any(k.startswith(family) for k in keys), family


def test_every_refusal_the_catalogue_has_is_provoked() -> None:
    _, refusals, inputs = everything_said()
    mine = {k for k in catalogue_keys("en", SYSTEM) if k.startswith("refusal-")}
    assert mine <= refusals, sorted(mine - refusals)
    core = {"refusal-game-over", "refusal-not-your-turn", "refusal-wrong-step"}
    assert core <= refusals
    assert inputs == {"hex-name", "space-name"}


def test_the_board_has_no_words_of_its_own() -> None:
    """Panel title, lines and camp names are messages or terms; labels are ids."""
    for state in built_positions() + [SYSTEM.new_game(s, "board") for s in scenarios()]:
        for seat in (None, *state.seats):
            board = SYSTEM.board(state, seat)
            texts = [board.panel.title, *(line.text for line in board.panel.lines)]
            texts += [name for name, _ in board.areas]
            assert all(isinstance(t, Msg | Term) for t in texts), texts
            ids = {p.id for p in state.pieces} | {m.capitalize() for m in movement_pieces()}
            assert {m.label for m in board.markers} <= ids


# Words the Portuguese catalogue shares with the English one: names (of the game, its
# leaders, places, formations and troops), command syntax (remove:true, west-camp) and
# words both languages spell alike. Anything else shared would be English left behind.
SHARED_WORDS = frozenset({
    "ashigaru", "bushido", "camp", "choda", "east", "engetsu", "fuwa", "gako", "gyorin",
    "hoen", "hoshi", "ieyasu", "ishida", "kakuyoku", "kiba", "koyaku", "mitsunari", "move", "musha",
    "remove", "restore", "reveal", "conceal", "samurai", "sekigahara", "tokugawa", "total",
    "true", "west",
})


def _catalogue_words(language: str) -> set[str]:
    path = Path(locales_root() / language / "bushido.ftl")
    found: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"^[a-z][a-z0-9_-]*\s*=|^\.[a-z]+\s*=|\*?\[[^]]*\]", " ", line)
        line = re.sub(r"\$[a-z_]+|->", " ", line)
        found |= {w.lower() for w in re.findall(r"[^\W\d_]{4,}", line)}
    return found


def test_the_portuguese_catalogue_shares_no_english_word_but_names() -> None:
    shared = _catalogue_words("pt-BR") & _catalogue_words("en")
    assert shared <= SHARED_WORDS, sorted(shared - SHARED_WORDS)


def test_both_catalogues_have_the_same_keys_and_none_of_cores() -> None:
    en, pt = catalogue_keys("en", SYSTEM), catalogue_keys("pt-BR", SYSTEM)
    assert en == pt, sorted(en ^ pt)
    assert not en & catalogue_keys("en", None)


def test_every_name_the_engine_uses_has_a_catalogue_key() -> None:
    keys = catalogue_keys("en", SYSTEM)
    union = typing.get_args(typing.get_args(BushidoEvent)[0])
    events = {kebab(cls.model_fields["type"].default) for cls in union}
    assert len(events) == 14
    needed = {f"event-{e}" for e in events}
    needed |= {f"step-{s}" for s in SYSTEM.steps}
    needed |= {f"action-{a}" for a in SYSTEM.handlers}
    needed |= {f"button-{a}" for a in ("move", "attack", "hold", "flee", "counter")}
    needed |= {f"troop-{t}" for t in troop_types()}
    needed |= {f"face-{m}" for m in movement_pieces()}
    needed |= {f"scenario-{s}" for s in scenarios()}
    needed |= {f"seat-{s}" for s in ("west", "east")}
    needed |= {f"camp-{s}" for s in ("west", "east")}
    needed |= {"input-hex-name", "input-space-name"}
    assert needed <= keys, sorted(needed - keys)


def test_buttons_name_what_they_do() -> None:
    state = game(camps(("T1", "samurai", "east", "B4", "gako")))
    labels = {
        Words.of("en", SYSTEM).strict(SYSTEM.label(a))
        for a in sorted(SYSTEM.legal_actions(state, "east"), key=sort_key)
    }
    assert {"T1 attacks the West camp", "Hold", "Move T1 to C4"} <= labels
    attack = next(a for a in SYSTEM.legal_actions(state, "east") if a.type == "attack")
    assert Words.of("pt-BR", SYSTEM).strict(SYSTEM.label(attack)) == (
        "T1 ataca o acampamento do Oeste"
    )


def test_command_help_fits_discord() -> None:
    for language in languages():
        words = Words.of(language, SYSTEM)
        for m in command_help():
            text = words.strict(m)
            assert 1 <= len(text) <= 100, (language, m.key, text)


def test_the_seats_read_with_their_articles_in_portuguese() -> None:
    pt = Words.of("pt-BR", SYSTEM)
    assert pt.strict(msg("game-turn", seat=term("seat", "east"), hint=msg("prompt-turn"))) == (
        "Agora joga o Leste: mova uma peça para um hexágono vizinho, ataque com uma delas ou"
        " mantenha as posições"
    )
    assert pt.strict(msg("place-camp", seat=term("seat", "west"))) == "o acampamento do Oeste"
