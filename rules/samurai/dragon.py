"""Dragon cards (games of ruleset 3 on): the deck, the hidden hands, playing and answering.

A Dragon card is paid for in Honor & Fortune tokens when played, at most one per player
per turn (samurai/dragon-once-per-turn), and only at the moment its timing names
(data/samurai/dragon.toml). A close combat declared against a unit whose owner holds a
Dragon card, or could inspire it for the battle back, waits in the `react` step for that
owner's answer (samurai/dragon-interrupt): a Dragon card that answers it, an inspiration,
or `decline`. The end of a turn offers a Dragon card or two tokens (`reward` step).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Literal

from rules.core.data import read_records
from rules.core.dice import Dice
from rules.core.errors import RuleViolation, refuse
from rules.core.hexgrid import distance
from rules.core.model import Action, Event, Frozen
from rules.core.text import items, term
from rules.samurai import honor, momentum
from rules.samurai.battle import attack, battle, fighter_at, roll
from rules.samurai.catalogue import Scenario, hex_of
from rules.samurai.honor import change, honor_table, inspire_options, lose_command_cards, published
from rules.samurai.honor_actions import (
    ChallengeRolled,
    Decline,
    DiscardDragon,
    DragonDeckReshuffled,
    DragonDiscarded,
    DragonDrawn,
    DragonPlayed,
    PlayDragon,
    ReactionDeclined,
    ReactionOffered,
    Reward,
    Seppuku,
)
from rules.samurai.state import PendingBattle, Piece, SamuraiState

Timing = Literal["react", "challenge"]


class DragonCard(Frozen):
    """A Dragon card: its cost, when it may be played, what it names and does."""

    id: str
    name: str
    count: int
    cost: int
    timing: Timing
    target: Literal["attacked", "battle"]
    extra_dice: int = 0
    source: str


@cache
def dragon_cards() -> dict[str, DragonCard]:
    """Return every Dragon card by id."""
    return read_records(DragonCard, "samurai/dragon.toml", "dragon", key=lambda c: c.id)


def dragon_deck() -> list[str]:
    """Return the Dragon deck, unshuffled (a card with count 0 is left out)."""
    return [c.id for c in dragon_cards().values() for _ in range(c.count)]


def deal(scenario: Scenario, dice: Dice) -> tuple[list[str], dict[str, list[str]]]:
    """Shuffle the Dragon deck and deal each side the scenario's number of cards."""
    deck = dice.shuffle(dragon_deck())
    hands: dict[str, list[str]] = {}
    for side in scenario.sides:
        hands[side.seat], deck = deck[: side.dragon], deck[side.dragon :]
    return deck, hands


def draw(work: SamuraiState, seat: str, count: int, dice: Dice, events: list[Event]) -> int:
    """Draw Dragon cards into a seat's hand, reshuffling the discards when the deck runs out."""
    drawn = 0
    for _ in range(count):
        if not work.dragon_deck and work.dragon_discard:
            work.dragon_deck = dice.shuffle(work.dragon_discard)
            work.dragon_discard = []
            events.append(DragonDeckReshuffled(cards=len(work.dragon_deck)))
        if not work.dragon_deck:
            break
        work.dragon_hands.setdefault(seat, []).append(work.dragon_deck.pop(0))
        drawn += 1
    events.append(DragonDrawn(seat=seat, count=drawn))
    return drawn


def reshuffle(work: SamuraiState, dice: Dice, events: list[Event]) -> None:
    """Shuffle the Dragon discards back into the Dragon deck (the Shogun card does it)."""
    if not published(work):
        return
    work.dragon_deck = dice.shuffle(work.dragon_deck + work.dragon_discard)
    work.dragon_discard = []
    events.append(DragonDeckReshuffled(cards=len(work.dragon_deck)))


def new_turn(work: SamuraiState) -> None:
    """Forget what lasts one turn: who played a Dragon card, inspirations, the discard."""
    work.dragon_played = []
    work.inspired = []
    work.reaction = None
    work.dragon_discarded = False


# ---------------------------------------------------------------- playing a card


def _card(state: SamuraiState, act: PlayDragon) -> DragonCard:
    """Return the card played, or refuse what the rules do not allow now."""
    if not published(state):
        refuse("samurai/honor-fortune-in-battle", "refusal-not-this-ruleset")
    card = dragon_cards().get(act.card)
    if card is None:
        refuse("core/bad-input", "refusal-unknown-dragon", text=act.card,
               choices=items((term("dragon", c) for c in dragon_cards()), "or"))
    if act.card not in state.dragon_hands.get(act.seat, []):
        refuse("samurai/dragon-cards", "refusal-dragon-not-in-hand", card=term("dragon", card.id))
    if act.seat in state.dragon_played:
        refuse("samurai/dragon-once-per-turn", "refusal-dragon-played-already")
    if state.tokens[act.seat] < card.cost:
        refuse("samurai/dragon-cards", "refusal-tokens-short",
               cost=card.cost, tokens=state.tokens[act.seat])
    return card


def _challengers(state: SamuraiState, act: PlayDragon) -> tuple[Piece, Piece]:
    """Return the two leaders of a Personal Challenge, or refuse."""
    rule = "samurai/dragon-personal-challenge"
    if state.step not in ("moves", "battles") or act.seat != state.active:
        refuse("samurai/dragon-cards", "refusal-dragon-timing",
               card=term("dragon", act.card), step=term("step", state.step))
    unit = state.piece(act.piece or "")
    turn = state.current
    if (
        unit is None or unit.side != act.seat or unit.is_leader
        or turn.entry(unit.id) is None or unit.id in turn.battled
    ):
        refuse(rule, "refusal-challenge-unit", piece=act.piece or "")
    leader = state.leader_at(unit.hex)
    enemy = fighter_at(state, act.target or "")
    if (
        leader is None or enemy is None or enemy.head.side == act.seat or enemy.leader is None
        or distance(hex_of(unit.hex), hex_of(enemy.head.hex)) != 1
    ):
        refuse(rule, "refusal-challenge-target", piece=unit.id, hex=act.target or "")
    return leader, enemy.leader


def check_dragon(state: SamuraiState, act: PlayDragon) -> None:
    """Refuse a Dragon card that may not be played now, or not on what it names."""
    card = _card(state, act)
    if card.timing == "challenge":
        _challengers(state, act)
        return
    if state.step != "react" or state.reaction is None or state.reaction.seat != act.seat:
        refuse("samurai/dragon-cards", "refusal-dragon-timing",
               card=term("dragon", card.id), step=term("step", state.step))


def play(work: SamuraiState, act: PlayDragon, dice: Dice, events: list[Event]) -> None:
    """Pay for a Dragon card, discard it face up and apply its effect."""
    card = dragon_cards()[act.card]
    leaders = _challengers(work, act) if card.timing == "challenge" else None
    work.dragon_hands[act.seat].remove(card.id)
    work.dragon_discard.append(card.id)
    work.dragon_played.append(act.seat)
    events.append(DragonPlayed(seat=act.seat, card=card.id, cost=card.cost))
    change(work, act.seat, -card.cost, "dragon", events)
    if leaders is not None:
        _personal_challenge(work, card, act.seat, *leaders, dice=dice, events=events)
    else:
        _ambush(work, card, dice, events)


STATUS = {"infantry": 1, "cavalry": 2}


def _personal_challenge(
    work: SamuraiState, card: DragonCard, seat: str, mine: Piece, theirs: Piece,
    dice: Dice, events: list[Event],
) -> None:
    """Both leaders roll; the one with fewer swords falls (no banner; his side loses a card)."""
    other = work.other(seat)
    rank = STATUS[mine.unit_type.kind] - STATUS[theirs.unit_type.kind]
    honor = work.tokens[seat] - work.tokens[other]
    count = len(work.hands[seat]) + 1 + card.extra_dice + (honor > 0) + (rank > 0)
    enemy_count = len(work.hands[other]) + (honor < 0) + (rank < 0)
    faces, enemy_faces = roll(dice, count), roll(dice, enemy_count)
    swords, enemy_swords = faces.count("sword"), enemy_faces.count("sword")
    slain = theirs if swords > enemy_swords else mine if enemy_swords > swords else None
    events.append(ChallengeRolled(leader=mine.id, enemy=theirs.id, faces=faces,
                                  enemy_faces=enemy_faces,
                                  slain=slain.id if slain is not None else None))
    for side, rolled in ((seat, faces), (other, enemy_faces)):
        if rolled.count("honor"):
            change(work, side, rolled.count("honor"), "faces", events)
    if slain is not None:
        work.pieces = [p for p in work.pieces if p.id != slain.id]
        lose_command_cards(work, slain.side, 1, dice, events)


def _ambush(work: SamuraiState, card: DragonCard, dice: Dice, events: list[Event]) -> None:
    """The attacked unit battles first with more dice; the attacker then battles if it can."""
    pending = work.reaction
    assert pending is not None
    work.reaction = None
    work.step = "battles"
    standing, _ = attack(work, dice, pending.target, pending.start, ranged=False,
                         bonus=card.extra_dice, battle_back=False, events=events)
    if standing and work.winner is None:
        attack(work, dice, pending.start, pending.target, ranged=False, bonus=pending.bonus,
               battle_back=False, events=events)
    momentum.settle(work)


def challenge_options(state: SamuraiState, seat: str) -> list[Action]:
    """Return the Personal Challenges (or other own-turn cards) a seat may play now."""
    hand = set(state.dragon_hands.get(seat, []))
    if not published(state) or seat in state.dragon_played or not hand:
        return []
    out: list[Action] = []
    for card_id in sorted(hand):
        if dragon_cards()[card_id].timing != "challenge":
            continue
        for entry in state.current.orders:
            unit = state.piece(entry.piece)
            if unit is None or unit.is_leader or state.leader_at(unit.hex) is None:
                continue
            for p in state.pieces:
                if p.side == seat or not p.is_leader or state.unit_at(p.hex) is None:
                    continue
                action = PlayDragon(card=card_id, piece=unit.id, target=p.hex, seat=seat)
                if _passes(check_dragon, state, action):
                    out.append(action)
    return out


def _passes(check: Callable[[SamuraiState, PlayDragon], None], state: SamuraiState,
            action: PlayDragon) -> bool:
    try:
        check(state, action)
    except RuleViolation:
        return False
    return True


# ---------------------------------------------------------------- the defender's answer


def offers_reaction(state: SamuraiState, target: str) -> bool:
    """Say whether a close combat on `target` must wait for its defender's answer."""
    defender = fighter_at(state, target)
    if not published(state) or defender is None or defender.head.is_leader:
        return False
    seat = defender.head.side
    reaction = PendingBattle(piece="", start="", target=target, seat=seat)
    probe = state.model_copy(update={"reaction": reaction})
    return bool(state.dragon_hands.get(seat)) or bool(
        inspire_options(probe, seat, [defender.head.id])
    )


def open_reaction(
    work: SamuraiState, head: Piece, target: str, bonus: int, events: list[Event]
) -> None:
    """Hold a declared close combat until the defender answers it."""
    defender = fighter_at(work, target)
    assert defender is not None
    seat = defender.head.side
    work.reaction = PendingBattle(piece=head.id, start=head.hex, target=target, seat=seat,
                                  bonus=bonus)
    work.step = "react"
    events.append(ReactionOffered(seat=seat, piece=head.id, target=target))


def react_options(state: SamuraiState, seat: str) -> list[Action]:
    """Return the defender's answers: Dragon cards that fit, an inspiration, or decline."""
    pending = state.reaction
    if pending is None or seat != pending.seat:
        return []
    out: list[Action] = [Decline(seat=seat)]
    if seat not in state.dragon_played:
        for card_id in sorted(set(state.dragon_hands.get(seat, []))):
            action = PlayDragon(card=card_id, seat=seat)
            if dragon_cards()[card_id].timing == "react" and _passes(check_dragon, state, action):
                out.append(action)
    unit = state.unit_at(pending.target)
    if unit is not None:
        out += inspire_options(state, seat, [unit.id])
    return out


def decline(work: SamuraiState, act: Decline, dice: Dice, events: list[Event]) -> None:
    """Let the declared close combat be fought as usual."""
    pending = work.reaction
    assert pending is not None
    work.reaction = None
    work.step = "battles"
    events.append(ReactionDeclined(seat=act.seat))
    battle(work, dice, pending.start, pending.target, False, pending.bonus, events)
    momentum.settle(work)


def seppuku(work: SamuraiState, act: Seppuku, dice: Dice, events: list[Event]) -> None:
    """The leader dies by his own hand (rules.samurai.honor); the enemy draws Dragon cards."""
    honor.seppuku(work, act.seat, dice, events)
    draw(work, work.other(act.seat), honor_table().costs.seppuku_enemy_dragons, dice, events)
    if work.step != "over":
        work.step = "battles"
    momentum.settle(work)


def react_actor(state: SamuraiState) -> str | None:
    """Return the seat whose answer a close combat waits for."""
    return state.reaction.seat if state.reaction is not None else state.active


# ---------------------------------------------------------------- the end of a turn


def reward_options(state: SamuraiState, seat: str) -> list[Action]:
    """Return the end-of-turn choices: two tokens, a Dragon card, a discard for a token."""
    if seat != state.active:
        return []
    out: list[Action] = [Reward(choice="tokens", seat=seat)]
    if state.dragon_deck or state.dragon_discard:
        out.append(Reward(choice="dragon", seat=seat))
    if not state.dragon_discarded:
        out += [DiscardDragon(card=c, seat=seat)
                for c in sorted(set(state.dragon_hands.get(seat, [])))]
    return out


def check_reward(state: SamuraiState, act: Reward) -> None:
    """Refuse a Dragon card when neither the deck nor the discards hold one."""
    if act.choice == "dragon" and not (state.dragon_deck or state.dragon_discard):
        refuse("samurai/honor-reward", "refusal-dragon-deck-empty")


def reward(work: SamuraiState, act: Reward, dice: Dice, events: list[Event]) -> None:
    """Take the chosen reward (the turn then passes: rules.samurai.flow)."""
    if act.choice == "tokens":
        change(work, act.seat, honor_table().reward_tokens, "reward", events)
    else:
        draw(work, act.seat, 1, dice, events)


def check_discard(state: SamuraiState, act: DiscardDragon) -> None:
    """Refuse a discard of a card not held, or a second one this turn."""
    if act.card not in state.dragon_hands.get(act.seat, []):
        refuse("samurai/honor-discard-dragon", "refusal-dragon-not-in-hand",
               card=term("dragon", act.card) if act.card in dragon_cards() else act.card)
    if state.dragon_discarded:
        refuse("samurai/honor-discard-dragon", "refusal-discarded-already")


def discard(work: SamuraiState, act: DiscardDragon, dice: Dice, events: list[Event]) -> None:
    """Discard a Dragon card face up for a token."""
    work.dragon_hands[act.seat].remove(act.card)
    work.dragon_discard.append(act.card)
    work.dragon_discarded = True
    events.append(DragonDiscarded(seat=act.seat, card=act.card))
    change(work, act.seat, honor_table().discard_tokens, "discard", events)
