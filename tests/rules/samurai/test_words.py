"""Everything Samurai says has words in English and Brazilian Portuguese, and no English leaks.

Random games (tests.contract.playout) are played in every scenario; in their
positions a fuzzed set of bad actions provokes refusals, and the prompts, events,
board pictures seen from every seat, secrets, suggestions, button labels, outcomes
and command descriptions are all worded strictly in every language.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from bot.text import Words, event_message, languages
from rules.core.errors import RuleViolation
from rules.core.hexgrid import distance
from rules.core.text import Msg, kebab, msg, term
from rules.samurai.actions import EVENTS
from rules.samurai.catalogue import BOARD, cards, hex_of
from rules.samurai.commands import COMMANDS
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState
from tests.contract import Playout, playout
from tests.rules.samurai.test_authoring import every_scenario_refusal
from tests.words_check import Speech, catalogue_keys

# Referee actions are never offered as buttons.
REFEREE_TYPES = SYSTEM.referee_actions

SCENARIOS = [info.id for info in SYSTEM.scenarios()]
SEEDS = ("words-1", "words-2")


@cache
def games() -> tuple[Playout, ...]:
    """Play one random game per scenario and seed (cached: several tests read them).

    Random play seldom wins within its budget, so each game is then ended by a referee
    granting banners: the last step, the winning events and the outcome are said too.
    """
    out = []
    for scenario in SCENARIOS:
        for n, seed in enumerate(SEEDS):
            played = playout(SYSTEM, scenario, seed, 260, random.Random(n))
            state = played.states[-1]
            while SYSTEM.outcome(state) is None:
                grant = SYSTEM.parse_action({"type": "adjust", "banner": state.seats[n]})
                state, events = SYSTEM.apply(state, grant)
                played.actions.append(grant)
                played.events.append(events)
                played.states.append(state)
            out.append(played)
    return tuple(out)


def _near(label: str, most: int) -> list[str]:
    """Return every hex on the board within `most` steps of a hex."""
    here = hex_of(label)
    return [h.label for h in BOARD.hexes() if distance(here, h) <= most]


def bad_actions(state: SamuraiState) -> Iterator[dict[str, Any]]:
    """Yield actions to try in a position, most of them illegal (as typed, before parsing)."""
    actor = SYSTEM.prompt(state).seat or state.active
    other = state.other(actor)
    own = [p for p in state.pieces if p.side == actor]
    enemy = [p for p in state.pieces if p.side != actor]
    yield {"type": "end_turn", "seat": other}
    yield {"type": "play", "card": "shogun", "seat": other}
    yield {"type": "play", "card": "shogun", "seat": actor}
    yield {"type": "order", "pieces": "U1", "seat": actor}
    yield {"type": "retreat", "to": "E5", "seat": actor}
    yield {"type": "keep", "card": "shogun", "seat": actor}
    yield {"type": "end_turn", "seat": actor}
    yield {"type": "move", "piece": "U1", "to": "M2", "seat": actor}
    yield {"type": "move", "piece": "U1", "to": "55", "seat": actor}
    yield {"type": "play", "card": "Dragon Strike", "seat": actor}
    if state.step in ("card", "keep"):
        kind = "play" if state.step == "card" else "keep"
        for card in cards():
            yield {"type": kind, "card": card, "seat": actor}
    if state.step == "orders":
        ids = [p.id for p in own]
        yield {"type": "order", "pieces": "U99", "seat": actor}
        yield {"type": "order", "pieces": " ".join(ids), "seat": actor}
        yield {"type": "order", "pieces": f"{ids[0]} {ids[0]}", "seat": actor}
        for piece in [*own, *enemy[:2]]:
            yield {"type": "order", "pieces": piece.id, "seat": actor}
        for a, b in zip(ids, ids[1:], strict=False):
            yield {"type": "order", "pieces": f"{a} {b}", "seat": actor}
    if state.step in ("moves", "battles") and state.turn is not None:
        acting = {e.piece for e in state.turn.orders} | {e.leader or "" for e in state.turn.orders}
        movers = [p for p in own if p.id in acting] + [p for p in own if p.id not in acting][:2]
        targets = sorted({p.hex for p in state.pieces})
        for piece in movers:
            for h in _near(piece.hex, 3):
                yield {"type": "move", "piece": piece.id, "to": h, "seat": actor}
            for h in targets:
                yield {"type": "battle", "piece": piece.id, "target": h, "seat": actor}
    if state.step == "retreat" and state.retreat is not None:
        piece = state.piece(state.retreat.piece)
        if piece is not None:
            for h in _near(piece.hex, 2):
                yield {"type": "retreat", "to": h, "seat": actor}
    yield from _bad_adjustments(state)


def _bad_adjustments(state: SamuraiState) -> Iterator[dict[str, Any]]:
    """Yield a referee's adjustments that say too little or too much."""
    piece = state.pieces[0]
    taken = next(p.hex for p in state.pieces if p.hex != piece.hex)
    yield {"type": "adjust", "note": "nothing"}
    yield {"type": "adjust", "piece": "U99", "figures": -1}
    yield {"type": "adjust", "figures": -1}
    yield {"type": "adjust", "banner": "green"}
    yield {"type": "adjust", "piece": piece.id, "figures": 5}
    yield {"type": "adjust", "piece": piece.id, "to": taken}
    yield {"type": "adjust", "tokens": 1}
    yield {"type": "adjust", "tokens": 1, "seat": state.seats[0]}
    yield {"type": "adjust", "piece": piece.id, "figures": -1, "note": "miscount"}
    yield from _bad_corrections(state)


def _bad_corrections(state: SamuraiState) -> Iterator[dict[str, Any]]:
    """Yield a referee's corrections of orders and cards that cannot be made."""
    turn = state.turn
    acting = turn.seat if turn is not None else state.active
    for piece in state.pieces:
        yield {"type": "adjust", "piece": piece.id, "order": "add"}
        yield {"type": "adjust", "piece": piece.id, "order": "remove"}
        if piece.side == acting:
            yield {"type": "adjust", "piece": piece.id, "order": "add",
                   "figures": -piece.figures}
    seat = state.seats[0]
    missing = sorted(set(cards()) - set(state.hands[seat]))[0]
    yield {"type": "adjust_cards", "card": missing, "origin": "hand", "into": "deck",
           "side": seat}
    yield {"type": "adjust_cards", "card": missing, "origin": "deck", "into": "hand"}
    yield {"type": "adjust_cards", "card": missing, "origin": "deck", "into": "deck"}


def provoke(state: SamuraiState) -> tuple[list[Msg], list[str]]:
    """Try the bad actions of a position; return the refusals and the rules they name."""
    out: list[Msg] = []
    rules: list[str] = []
    for data in bad_actions(state):
        try:
            SYSTEM.apply(state, SYSTEM.parse_action(data))
        except RuleViolation as refused:
            assert isinstance(refused.reason, Msg), refused
            out.append(refused.reason)
            rules.append(refused.rule_id)
    return out, rules


def distinct(speech: Speech) -> Speech:
    """Drop repeated messages and terms (the same panel line is said in many positions)."""
    speech.messages = list({m.model_dump_json(): m for m in speech.messages}.values())
    speech.terms = list({t.model_dump_json(): t for t in speech.terms}.values())
    return speech


def said_in_a_game(game: Playout, speech: Speech) -> None:
    """Collect what the system says in a game's positions (every fourth one, and the last)."""
    for events in game.events:
        speech.add(events)
    for state in [*game.states[::4], game.states[-1]]:
        actor = SYSTEM.prompt(state).seat
        speech.add(SYSTEM.prompt(state).hint, SYSTEM.outcome(state))
        for seat in (*state.seats, None):
            speech.add(SYSTEM.board(state, seat))
        speech.add(SYSTEM.suggest(state, None, "piece", ""))
        for seat in state.seats:
            speech.add(SYSTEM.secrets(state, seat), SYSTEM.suggest(state, seat, "card", ""))
        if actor is None:
            continue
        speech.add([SYSTEM.label(a) for a in SYSTEM.legal_actions(state, actor)])
        ordered = state.turn.orders[0].piece if state.turn and state.turn.orders else None
        for field in ("pieces", "piece", "to", "target"):
            speech.add(SYSTEM.suggest(state, actor, field, "", {"piece": ordered}))
            speech.add(SYSTEM.suggest(state, actor, field, ""))


def test_everything_said_in_random_games_is_worded_in_every_language() -> None:
    speech = Speech(SYSTEM)
    steps: set[str] = set()
    for game in games():
        said_in_a_game(game, speech)
        steps |= {s.step for s in game.states}
    for command in COMMANDS:
        speech.add(msg(f"command-samurai-{command.name}"))
        speech.add([msg(f"command-samurai-{command.name}-{o.name}") for o in command.options])
    speech.add(msg("command-samurai"))
    texts = distinct(speech).check()
    assert steps == {
        "card", "orders", "moves", "battles", "retreat", "momentum", "keep", "react", "reward",
        "over",
    }
    assert len(texts["pt-BR"]) == len(texts["en"]) > 2000


def test_refusals_provoked_in_every_step_are_worded_and_cover_the_catalogue() -> None:
    """Every refusal the catalogue words is one a position can provoke."""
    speech = Speech(SYSTEM)
    rules: set[str] = set()
    for game in games():
        for state in game.states[::4]:
            refusals, broken = provoke(state)
            speech.add(refusals)
            rules |= set(broken)
    speech.add(_rare_refusals())
    speech.add(_fortune_refusals())

    speech.add(every_scenario_refusal())  # uploaded scenarios' mistakes (test_authoring.py)
    distinct(speech).check()
    said = {m.key for m in speech.messages}
    worded = {k for k in catalogue_keys("en", SYSTEM) if k.startswith("refusal-")}
    assert worded - said == set()
    assert {"core/not-your-turn", "core/wrong-step", "core/bad-input"} <= rules
    assert len({r for r in rules if r.startswith("samurai/")}) >= 15


def _rare_refusals() -> list[Msg]:
    """Provoke the refusals random games seldom reach, in positions built for them."""
    from tests.rules.samurai.kit import act, game, start_turn, with_rolls

    out: list[Msg] = []

    def grab(state: SamuraiState, seat: str, **fields: Any) -> None:
        try:
            act(state, seat, **fields)
        except RuleViolation as refused:
            assert isinstance(refused.reason, Msg)
            out.append(refused.reason)
        else:  # pragma: no cover - reported as a failure
            raise AssertionError(f"{fields} was accepted")

    try:
        SYSTEM.new_game("kawanakajima", "x")
    except RuleViolation as refused:
        assert isinstance(refused.reason, Msg)
        out.append(refused.reason)
    hand = ["order-one-center", "order-two-center", "order-three-right", "cavalry-charge"]
    red = ("U9", "ashigaru-spear", "red", "C2")
    # A card ordering nobody: no blue piece stands on the right.
    state = game([("U1", "ashigaru-spear", "blue", "B8"), red], hands={"blue": hand})
    state = act(state, "blue", type="play", card="order-three-right")
    grab(state, "blue", type="order", pieces="U1")
    # A leader who moved and joined may not move on, nor be carried.
    pieces = [("L2", "foot-leader", "blue", "G9"), ("U7", "ashigaru-spear", "blue", "G8"), red]
    state = game(pieces, hands={"blue": hand})
    state, _ = start_turn(state, "blue", "order-two-center", "L2 U7")
    state = act(state, "blue", type="move", piece="L2", to="G8")
    grab(state, "blue", type="move", piece="L2", to="H8")
    # A leader left alone falls back only toward his own edge.
    alone = [
        ("U1", "samurai-infantry", "blue", "G8"),
        ("U9", "ashigaru-spear", "red", "G7", 1),
        ("L1", "foot-leader", "red", "G7"),
    ]
    state = game(alone, hands={"blue": hand})
    state, _ = start_turn(state, "blue", "order-two-center", "U1")
    state = with_rolls(state, "triangle", "honor", "honor", "honor", "circle")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    grab(state, "red", type="retreat", to="H8")
    # Joining a unit does not order it.
    state = game(pieces, hands={"blue": hand})
    state, _ = start_turn(state, "blue", "order-one-center", "L2")
    state = act(state, "blue", type="move", piece="L2", to="G8")
    grab(state, "blue", type="move", piece="U7", to="G7")
    # A foot leader may not lead cavalry; a unit takes one leader.
    pieces = [
        ("L2", "foot-leader", "blue", "G9"),
        ("L3", "foot-leader", "blue", "F8"),
        ("U7", "ashigaru-spear", "blue", "F8"),
        ("U8", "samurai-cavalry", "blue", "G8"),
        red,
    ]
    state = game(pieces, hands={"blue": hand})
    state, _ = start_turn(state, "blue", "order-one-center", "L2")
    grab(state, "blue", type="move", piece="L2", to="G8")
    grab(state, "blue", type="move", piece="L2", to="F8")
    grab(state, "blue", type="move", piece="L2", to="G9")
    # Cavalry Charge forbids shooting; a leader with an unordered unit stays with it.
    pieces = [("U4", "mounted-bow", "blue", "K8"), ("U10", "ashigaru-spear", "red", "K6")]
    state = game([*pieces, ("L1", "foot-leader", "blue", "K8")], hands={"blue": hand})
    state, _ = start_turn(state, "blue", "cavalry-charge", "U4")
    grab(state, "blue", type="battle", piece="U4", target="K6")
    grab(state, "blue", type="move", piece="U4", to="H8")  # Mounted Bow: 2 hexes under it
    state = game(
        [("U4", "ashigaru-bow", "blue", "K8"), ("L1", "foot-leader", "blue", "K8"), pieces[1]],
        hands={"blue": ["order-two-right", *hand]},
    )
    state, _ = start_turn(state, "blue", "order-two-right", "L1")
    grab(state, "blue", type="battle", piece="L1", target="K6")
    # Gaining ground first, then a bonus battle by the winner only, at an enemy next to it.
    pieces = [
        ("U8", "samurai-cavalry", "blue", "G8"),
        ("U7", "ashigaru-spear", "blue", "E8"),
        ("U9", "ashigaru-spear", "red", "G7", 1),
        ("U10", "ashigaru-spear", "red", "G6"),
    ]
    state = game(pieces, hands={"blue": hand})
    state, _ = start_turn(state, "blue", "order-two-center", "U8 U7")
    state = with_rolls(state, "triangle", "honor", "honor", "honor")
    state = act(state, "blue", type="battle", piece="U8", target="G7")
    grab(state, "blue", type="battle", piece="U8", target="G6")
    state = act(state, "blue", type="gain")
    grab(state, "blue", type="gain")
    grab(state, "blue", type="battle", piece="U7", target="G6")
    grab(state, "blue", type="battle", piece="U8", target="C2")
    # Keeping a card that was not drawn.
    state = game(hands={"blue": hand})
    state, _ = start_turn(state, "blue", "order-one-center", "U7")
    state = act(state, "blue", type="end_turn")
    grab(state, "blue", type="keep", card=next(c for c in cards() if c not in state.keep_choices))
    return out


def _fortune_refusals() -> list[Msg]:
    """Provoke the refusals of Honor & Fortune and the Dragon cards (ruleset 3)."""
    from tests.rules.samurai.kit import act, game, start_turn, with_rolls

    out: list[Msg] = []

    def grab(state: SamuraiState, seat: str, **fields: Any) -> None:
        try:
            act(state, seat, **fields)
        except RuleViolation as refused:
            assert isinstance(refused.reason, Msg)
            out.append(refused.reason)
        else:  # pragma: no cover - reported as a failure
            raise AssertionError(f"{fields} was accepted")

    hand = ["order-three-center", "order-two-center"]
    pieces = [("U1", "ashigaru-spear", "blue", "G8"), ("L2", "foot-leader", "blue", "G8"),
              ("U2", "ashigaru-spear", "blue", "E8"), ("U3", "ashigaru-spear", "blue", "C8"),
              ("U9", "ashigaru-spear", "red", "G7"), ("L1", "foot-leader", "red", "G7"),
              ("U8", "ashigaru-spear", "red", "E6")]
    state = game(pieces, hands={"blue": hand}, tokens={"blue": 1, "red": 1},
                 dragons={"blue": ["personal-challenge"], "red": ["ambush"]})
    state, _ = start_turn(state, "blue", "order-three-center", "U1 U2")
    grab(state, "blue", type="dragon", card="kamikaze")
    grab(state, "blue", type="dragon", card="ambush")
    grab(state, "blue", type="dragon", card="personal-challenge", piece="U1", target="G7")
    rich = state.model_copy(update={"tokens": {"blue": 5, "red": 5}})
    grab(rich, "blue", type="dragon", card="personal-challenge", piece="U2", target="E6")
    grab(rich, "blue", type="dragon", card="personal-challenge", piece="U1", target="E6")
    grab(rich, "blue", type="dragon", card="personal-challenge", piece="U3", target="G7")
    grab(rich.model_copy(update={"dragon_played": ["blue"]}), "blue", type="dragon",
         card="personal-challenge", piece="U1", target="G7")
    grab(state.model_copy(update={"ruleset": 2}), "blue", type="inspire", piece="U1")
    grab(state, "blue", type="inspire", piece="U3")
    grab(state, "blue", type="inspire", piece="U2")
    inspired = act(state, "blue", type="inspire", piece="U1")
    grab(inspired, "blue", type="inspire", piece="U1")
    grab(state.model_copy(update={"tokens": {"blue": 0, "red": 1}}), "blue", type="inspire",
         piece="U1")
    waiting = act(state, "blue", type="battle", piece="U1", target="G7")
    both = {"blue": [], "red": ["ambush", "personal-challenge"]}
    grab(waiting.model_copy(update={"dragon_hands": both, "tokens": {"blue": 0, "red": 5}}),
         "red", type="dragon",
         card="personal-challenge")
    grab(waiting, "red", type="inspire", piece="U8")
    grab(waiting, "red", type="inspire", piece="U1")
    grab(state, "blue", type="inspire", piece="U9")
    # A unit's retreat: only a hex toward its edge, and no seppuku.
    facing = game([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")],
                  hands={"blue": hand})
    facing, _ = start_turn(facing, "blue", "order-three-center", "U1")
    facing = act(with_rolls(facing, "flag", "honor", "honor"), "blue", type="battle", piece="U1",
                 target="G7")
    grab(facing, "red", type="seppuku")
    alone = game([("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")],
                 hands={"blue": hand}, tokens={"blue": 1})
    alone, _ = start_turn(alone, "blue", "order-three-center", "U1")
    grab(alone, "blue", type="inspire", piece="U1")
    grab(facing, "red", type="retreat", to="H8")
    # The end of a turn.
    ending = game(hands={"blue": hand}, dragons={"blue": ["ambush", "ambush"]})
    ending, _ = start_turn(ending, "blue", "order-two-center", "U7")
    ending = act(ending, "blue", type="end_turn")
    grab(ending.model_copy(update={"dragon_deck": [], "dragon_discard": []}), "blue",
         type="reward", choice="dragon")
    grab(ending, "blue", type="dragon_discard", card="personal-challenge")
    grab(act(ending, "blue", type="dragon_discard", card="ambush"), "blue",
         type="dragon_discard", card="ambush")
    return out


def test_every_event_action_step_and_command_has_its_words() -> None:
    """The catalogues hold the same keys, none of core's, and every name the engine uses."""
    en = catalogue_keys("en", SYSTEM)
    for language in languages():
        assert catalogue_keys(language, SYSTEM) == en, language
        assert not en & catalogue_keys(language, None), language
    events = {kebab(t) for t in _literal_types(EVENTS.json_schema())}
    assert {f"event-{t}" for t in events} <= en
    assert {f"step-{s}" for s in SYSTEM.steps} <= en
    assert {f"action-{a}" for step in SYSTEM.steps.values() for a in step.actions} <= en
    legal_types = {a for step in SYSTEM.steps.values() for a in step.actions} - REFEREE_TYPES
    assert {f"button-{kebab(a)}" for a in legal_types} <= en
    for kind, ids in (("card", cards()), ("scenario", SCENARIOS)):
        assert {f"{kind}-{i}" for i in ids} <= en


def _literal_types(schema: dict[str, Any]) -> set[str]:
    """Return the `type` constants of every model of a discriminated union's JSON schema."""
    out = set()
    for model in schema.get("$defs", {}).values():
        kind = model.get("properties", {}).get("type", {})
        if "const" in kind:
            out.add(kind["const"])
    return out


def test_command_descriptions_fit_discord() -> None:
    """Discord takes descriptions of at most 100 characters."""
    keys = ["command-samurai"]
    for command in COMMANDS:
        keys.append(f"command-samurai-{command.name}")
        keys += [f"command-samurai-{command.name}-{o.name}" for o in command.options]
    for language in languages():
        words = Words(language, "samurai")
        for key in keys:
            text = words.strict(msg(key))
            assert 0 < len(text) <= 100, (language, key, text)


def test_portuguese_names_seats_with_articles_and_keeps_card_names() -> None:
    """Sentences start with a capital; the victory banner is not a unit's standard."""
    pt = Words("pt-BR", "samurai")
    won = EVENTS.validate_python({"type": "banner_won", "seat": "red", "banners": 2, "target": 3})
    assert pt.strict(event_message(won)) == "O Vermelho conquista uma bandeira de vitória (2 de 3)."
    played = EVENTS.validate_python({"type": "card_played", "seat": "takeda", "card": "shogun"})
    assert pt.strict(event_message(played)) == "Takeda joga a carta Shogun."
    assert "estandarte" not in pt.strict(event_message(won))
    # Portuguese counts 0 with 1 ("one"): the panel says "0 fichas", not "0 ficha".
    side = msg("panel-side", seat=term("seat", "red"), banners=0, target=3, cards=1, tokens=0)
    assert pt.strict(side) == "Vermelho: bandeiras de vitória 0/3 | 1 carta | 0 fichas"
