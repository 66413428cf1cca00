"""Dragon cards (ruleset 3): the deck, the secret hand, paying, timing, answering, each card."""

from __future__ import annotations

from collections import Counter

from rules.samurai.actions import BannerWon, BattleRolled
from rules.samurai.dragon import dragon_cards, dragon_deck
from rules.samurai.engine import SYSTEM
from rules.samurai.honor_actions import (
    ChallengeRolled,
    CommandCardLost,
    DragonDeckReshuffled,
    DragonPlayed,
    ReactionDeclined,
    ReactionOffered,
)
from tests.rules.samurai.kit import (
    act,
    act_events,
    checks,
    game,
    of_type,
    refused,
    said,
    start_turn,
    with_rolls,
)

HAND = ["order-one-center", "order-two-center", "order-three-center", "advance-center"]
FACING = [("U1", "ashigaru-spear", "blue", "G8"), ("U9", "ashigaru-spear", "red", "G7")]


@checks("samurai/dragon-deck")
def test_the_deck_holds_the_cards_we_could_confirm() -> None:
    assert Counter(dragon_deck()) == {"ambush": 3, "personal-challenge": 2}
    assert {c.id: c.cost for c in dragon_cards().values()} == {
        "ambush": 1, "personal-challenge": 2
    }
    assert all("house" in c.source and "commandsandcolors.net" in c.source
               for c in dragon_cards().values())


@checks("samurai/dragon-cards")
def test_the_dragon_hand_is_secret_and_shows_each_cost() -> None:
    state = SYSTEM.new_game("open-field", "secret")
    mine = state.dragon_hands["blue"]
    secrets = [said(m) for m in SYSTEM.secrets(state, "blue")]
    assert sum(s.startswith("Dragon card:") for s in secrets) == len(mine) == 2
    assert any("costs one token" in s or "costs 2 tokens" in s for s in secrets)
    seen = SYSTEM.view(state, "red").position
    assert "dragon_hands" not in seen and "dragon_deck" not in seen
    assert seen["dragon_counts"] == {"red": 2, "blue": 2}
    assert seen["dragon_hand"] == state.dragon_hands["red"]
    assert "dragon" in SYSTEM.private_actions and "dragon_discard" in SYSTEM.private_actions


@checks("samurai/dragon-interrupt", "samurai/dragon-cards")
def test_a_close_combat_waits_for_a_defender_holding_a_dragon_card() -> None:
    state = game(FACING, hands={"blue": HAND}, dragons={"red": ["personal-challenge"]},
                 tokens={"red": 3})
    state, _ = start_turn(state, "blue", "order-three-center", "U1")
    state, events = act_events(state, "blue", type="battle", piece="U1", target="G7")
    offered = of_type(events, ReactionOffered)[0]
    assert (offered.seat, offered.piece, offered.target) == ("red", "U1", "G7")
    assert not of_type(events, BattleRolled) and SYSTEM.prompt(state).seat == "red"
    # A card that does not answer a close combat is not offered; declining is.
    assert [a.type for a in SYSTEM.legal_actions(state, "red")] == ["decline"]
    err = refused(state, "red", "samurai/dragon-cards", type="dragon", card="personal-challenge")
    assert err.message == "refusal-dragon-timing"
    refused(state, "blue", "core/not-your-turn", type="decline")
    state = with_rolls(state, "circle", "circle", "circle", "circle", "circle", "circle")
    state, events = act_events(state, "red", type="decline")
    assert of_type(events, ReactionDeclined) and len(of_type(events, BattleRolled)) == 2
    err = refused(state, "blue", "core/wrong-step", type="decline")
    assert err.rule_id == "core/wrong-step"
    # Nobody holding a Dragon card (nor able to inspire): the dice roll at once.
    quiet = game(FACING, hands={"blue": HAND})
    quiet, _ = start_turn(quiet, "blue", "order-three-center", "U1")
    quiet, events = act_events(quiet, "blue", type="battle", piece="U1", target="G7")
    assert of_type(events, BattleRolled) and not of_type(events, ReactionOffered)


@checks("samurai/dragon-ambush")
def test_ambush_lets_the_defender_battle_first_with_one_more_die() -> None:
    state = game(FACING, hands={"blue": HAND}, dragons={"red": ["ambush"]}, tokens={"red": 1})
    state, _ = start_turn(state, "blue", "order-three-center", "U1")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    assert "dragon" in [a.type for a in SYSTEM.legal_actions(state, "red")]
    state = with_rolls(state, *["circle"] * 4, "triangle", "circle", "circle")
    state, events = act_events(state, "red", type="dragon", card="ambush")
    played = of_type(events, DragonPlayed)[0]
    assert (played.seat, played.card, played.cost) == ("red", "ambush", 1)
    rolls = of_type(events, BattleRolled)
    assert [(r.attacker, r.dice, r.battle_back) for r in rolls] == [
        ("U9", 4, False), ("U1", 3, False)
    ]  # red first with one more die; blue as ordered; no battle back
    assert state.tokens["red"] == 0 and state.dragon_discard == ["ambush"]
    assert state.piece("U9").figures == 3 and state.step == "battles"  # type: ignore[union-attr]
    assert "Ambush" in said(played)


@checks("samurai/dragon-cards")
def test_a_dragon_card_must_be_held_and_paid_for() -> None:
    state = game(FACING, hands={"blue": HAND}, dragons={"red": ["ambush"]})
    state, _ = start_turn(state, "blue", "order-three-center", "U1")
    state = act(state, "blue", type="battle", piece="U1", target="G7")
    err = refused(state, "red", "samurai/dragon-cards", type="dragon", card="ambush")
    assert err.message == "refusal-tokens-short"
    assert [a.type for a in SYSTEM.legal_actions(state, "red")] == ["decline"]
    rich = state.model_copy(update={"tokens": {"red": 3, "blue": 0}, "dragon_hands": {
        "red": ["personal-challenge"], "blue": []}})
    err = refused(rich, "red", "samurai/dragon-cards", type="dragon", card="ambush")
    assert err.message == "refusal-dragon-not-in-hand"
    err = refused(rich, "red", "core/bad-input", type="dragon", card="kamikaze")
    assert err.message == "refusal-unknown-dragon"


@checks("samurai/dragon-personal-challenge", "samurai/dragon-once-per-turn")
def test_personal_challenge_kills_the_leader_with_fewer_swords() -> None:
    pieces = [("U1", "ashigaru-spear", "blue", "G8"), ("L2", "mounted-leader", "blue", "G8"),
              ("U9", "ashigaru-spear", "red", "G7"), ("L1", "foot-leader", "red", "G7")]
    state = game(pieces, hands={"blue": HAND, "red": ["order-two-left"]},
                 dragons={"blue": ["personal-challenge", "personal-challenge"]},
                 tokens={"blue": 4})
    state, _ = start_turn(state, "blue", "order-three-center", "U1")
    offered = [a for a in SYSTEM.legal_actions(state, "blue") if a.type == "dragon"]
    assert [(a.piece, a.target) for a in offered] == [("U1", "G7")]  # type: ignore[attr-defined]
    # Blue: 3 cards held + the card played + 2 + more tokens + mounted = 8 dice; red: 1.
    state = with_rolls(state, "sword", *[None] * 7, "circle", None)
    state, events = act_events(state, "blue", type="dragon", card="personal-challenge",
                               piece="U1", target="G7")
    rolled = of_type(events, ChallengeRolled)[0]
    assert (len(rolled.faces), len(rolled.enemy_faces), rolled.slain) == (8, 1, "L1")
    assert state.piece("L1") is None and not of_type(events, BannerWon)
    assert of_type(events, CommandCardLost)[0].seat == "red" and not state.hands["red"]
    # Blue paid two and collects its honor faces; red rolled none.
    assert state.tokens == {"blue": 2 + rolled.faces.count("honor"), "red": 0}
    assert "L1 falls" in said(rolled)
    err = refused(state, "blue", "samurai/dragon-once-per-turn", type="dragon",
                  card="personal-challenge", piece="U1", target="G7")
    assert err.message == "refusal-dragon-played-already"
    # A unit without a leader, or a target without one, cannot challenge.
    plain = game(FACING, hands={"blue": HAND}, dragons={"blue": ["personal-challenge"]},
                 tokens={"blue": 4})
    plain, _ = start_turn(plain, "blue", "order-three-center", "U1")
    err = refused(plain, "blue", "samurai/dragon-personal-challenge", type="dragon",
                  card="personal-challenge", piece="U1", target="G7")
    assert err.message == "refusal-challenge-target"
    err = refused(plain, "blue", "samurai/dragon-personal-challenge", type="dragon",
                  card="personal-challenge", piece="U9", target="G8")
    assert err.message == "refusal-challenge-unit"


@checks("samurai/dragon-reshuffle-shogun")
def test_the_shogun_reshuffles_the_dragon_deck_with_its_discards() -> None:
    pieces = [("U1", "samurai-infantry", "blue", "E8"), ("U9", "ashigaru-spear", "red", "A1")]
    state = game(pieces, hands={"blue": ["shogun", "order-two-left"]})
    state = state.model_copy(update={"dragon_deck": ["ambush"], "dragon_discard": [
        "personal-challenge", "ambush"]})
    state = with_rolls(state, "square", "square")
    state = act(state, "blue", type="play", card="shogun")
    state = act(state, "blue", type="order", pieces="U1")
    state, events = act_events(state, "blue", type="end_turn")
    assert of_type(events, DragonDeckReshuffled)[0].cards == 3
    assert sorted(state.dragon_deck) == ["ambush", "ambush", "personal-challenge"]
    assert state.dragon_discard == []
