"""/samurai end to end: a full Samurai Battles turn through slash commands and autocomplete.

River Crossing with the first e2e seed: Alice (Uesugi, first to act) invites Bob
(Takeda). A referee adjustment puts Takeda's U7 on F6, next to Uesugi's U13, so the
turn can include a battle.
"""

from __future__ import annotations

import pytest

from fakediscord import ImpossibleAction, InteractionResult
from rules.core.references import rule
from rules.samurai.catalogue import cards

from .test_bot_support import (
    BOARD_WIDTH,
    Table,
    assert_pings_nobody,
    assert_pings_only,
    assert_refused,
    board_bytes,
    description,
    pick,
    png_of,
    rule_behind_button,
    start_by_autocomplete,
    turn_message,
)


async def samurai_game(table: Table) -> InteractionResult:
    """Alice sets up River Crossing as Uesugi through autocomplete; Bob accepts. Return the join."""
    return await start_by_autocomplete(
        table, ("sam", "river", "ues"), ("samurai", "river-crossing", "uesugi")
    )


def a_card_in_no_hand(table: Table) -> str:
    """Return the id of a command card that nobody holds (naming it reveals nothing)."""

    held = {card for hand in table.state().hands.values() for card in hand}
    return next(card for card in sorted(cards()) if card not in held)


def hidden_cards(table: Table) -> set[str]:
    """Return ids and names of cards held in a hand that were never shown publicly."""

    state = table.state()
    shown = set(state.discard)
    held = {card for hand in state.hands.values() for card in hand} - shown
    return held | {cards()[c].name for c in held}


async def test_a_full_turn_by_slash_commands_and_autocomplete(table: Table) -> None:
    """Play a card, order, move, battle and end the turn; the next player is pinged."""
    fake, alice, bob = table.fake, table.alice, table.bob
    joined = await samurai_game(table)
    assert "Uesugi to act: play a command card" in description(joined)

    # The creator, who plays, asks to put a Takeda unit across the river: Bob must agree
    # (core/referee-consent). The note cannot ping anybody; only Bob is asked.
    asked = await fake.slash(
        alice, table.channel, "samurai adjust", piece="U7", to="F6", note="@everyone charge!"
    )
    assert "asks: `/samurai adjust piece:U7 to:F6" in description(asked)
    assert_pings_only(asked, bob)
    adjusted = await fake.click(bob, asked, label="Agree")
    assert "Referee adjustment: U7 moved F3 → F6 (@everyone charge!)" in description(adjusted)
    assert not adjusted.components  # the claim, answered, has no buttons left
    live = joined.primary
    assert live is not None and turn_message(table) is live
    assert "Referee adjustment: U7 moved F3 → F6" in live.text  # the turn message shows it
    before_turn = board_bytes(live)

    card = await pick(table, alice, "samurai play", "card", "two")
    assert card == "order-two-center"
    played = await fake.slash(alice, table.channel, "samurai play", card=card)
    assert description(played).startswith("Uesugi plays Order Two Units Center.")
    assert "name up to 2 pieces to order" in description(played)
    assert_pings_nobody(played)

    pieces = await pick(table, alice, "samurai order", "pieces", "U13 U14")
    assert pieces == "U13 U14"
    ordered = await fake.slash(alice, table.channel, "samurai order", pieces=pieces)
    assert "Uesugi orders U13 with leader L4." in description(ordered)

    mover = await pick(table, alice, "samurai move", "piece", "U14")
    destination = await pick(table, alice, "samurai move", "to", "G", piece=mover)
    moved = await fake.slash(alice, table.channel, "samurai move", piece=mover, to=destination)
    assert f"U14 moves from G7 to {destination}." in description(moved)

    target = await pick(table, alice, "samurai battle", "target", "F6")
    attacker = await pick(table, alice, "samurai battle", "piece", "U13")
    fought = await fake.slash(alice, table.channel, "samurai battle", piece=attacker, target=target)
    # Takeda holds Dragon cards, so the dice wait for his answer (samurai/dragon-interrupt).
    assert "Takeda to act: answer the close combat" in description(fought)
    fought = await fake.slash(bob, table.channel, "samurai decline")
    assert "U13 (F7) battles U7 (F6)" in description(fought)
    if table.state().step == "retreat":  # Takeda chooses where U7 falls back
        retreat_to = await pick(table, bob, "samurai retreat", "to")
        retreated = await fake.slash(bob, table.channel, "samurai retreat", to=retreat_to)
        assert "retreats" in description(retreated)
    if table.state().step == "momentum":  # F6 is empty: Uesugi may gain ground, and stays
        held = await fake.slash(alice, table.channel, "samurai hold")
        assert "U13 holds on F7 instead of gaining ground." in description(held)

    answered = turn_message(table)  # Bob's answer made the prompt a new turn message
    drew = await fake.slash(alice, table.channel, "samurai endturn")
    assert "draw a Dragon card or take two Honor & Fortune tokens" in description(drew)
    ended = await fake.slash(alice, table.channel, "samurai reward", choice="tokens")
    text = description(ended)
    # Bob answered the battle: he missed what came after (samurai/honor-reward here).
    assert text.startswith("Since your last turn:\n") and "Uesugi draws a card." in text
    assert "Uesugi gains 2 Honor & Fortune tokens (instead of a Dragon card)" in text
    assert "Takeda to act: play a command card" in text
    assert_pings_only(ended, bob)
    # Alice's turn messages keep the whole turn's log, without buttons left to press.
    assert "Uesugi draws a card." in answered.text
    assert f"U14 moves from G7 to {destination}." in live.text
    assert not live.components and not answered.components

    assert png_of(ended).width == BOARD_WIDTH
    assert board_bytes(ended) != before_turn
    assert before_turn != live.revisions[0].attachments[0].data  # the adjustment shows too

    # Bob answers with his own card: turns alternate.
    bob_card = await pick(table, bob, "samurai play", "card")
    bob_played = await fake.slash(bob, table.channel, "samurai play", card=bob_card)
    assert description(bob_played).startswith("Takeda plays ")
    assert table.state().active == "takeda"

    public = fake.public_text()
    assert sorted(name for name in hidden_cards(table) if name in public) == []


async def test_game_hand_shows_your_cards_to_you_alone(table: Table) -> None:
    """/game hand names the caller's cards, ephemerally; spectators are refused."""

    await samurai_game(table)
    hands = table.state().hands
    mine = await table.fake.slash(table.alice, table.channel, "game hand")
    theirs = await table.fake.slash(table.bob, table.channel, "game hand")
    assert mine.ephemeral and theirs.ephemeral
    assert all(m.visible_to == table.alice.id for m in mine.messages)
    assert all(m.visible_to == table.bob.id for m in theirs.messages)
    for result, seat in ((mine, "uesugi"), (theirs, "takeda")):
        for card in hands[seat]:
            assert cards()[card].name in result.text, (seat, card)
    refused = await table.fake.slash(table.carol, table.channel, "game hand")
    assert_refused(refused, "You are not playing in this game")


async def test_cards_are_played_from_private_buttons_and_never_shown_publicly(
    table: Table,
) -> None:
    """Card choices appear only in the player's own /game hand; public replies hide the hand."""
    fake, alice = table.fake, table.alice
    joined = await samurai_game(table)
    # No card on the public message: only the button to the player's own controls.
    assert joined.primary is not None and joined.primary.custom_ids() == ["bn:panel:1:1:"]

    hand = await fake.slash(alice, table.channel, "game hand")
    assert hand.primary is not None and hand.primary.ephemeral
    labels = [c["label"] for row in hand.primary.components for c in row["components"]]
    assert labels and all(label.startswith("Play ") for label in labels)
    names = {cards()[c].name: c for c in cards()}
    card = names[labels[0].removeprefix("Play ")]
    with pytest.raises(ImpossibleAction, match="cannot see"):
        await fake.click(table.bob, hand, label=labels[0])  # the reply is Alice's alone

    played = await fake.click(alice, hand, label=labels[0])
    # The private hand loses its (now stale) buttons; the public turn message says the play.
    assert played.ephemeral and not played.components
    assert "Uesugi plays " in turn_message(table).text
    assert turn_message(table) is joined.primary
    assert table.state().discard == [card]

    await fake.slash(table.carol, table.channel, "game status")
    public = fake.public_text()
    leaked = sorted(name for name in hidden_cards(table) if name in public)
    assert leaked == []


async def test_a_ruling_cannot_reveal_a_hand(table: Table) -> None:
    """Nobody learns a hand from a ruling: not the opponent, not the channel."""
    fake, alice, bob = table.fake, table.alice, table.bob
    await samurai_game(table)
    absent = a_card_in_no_hand(table)

    probe = await fake.slash(
        bob, table.channel, "rules ruling", action=f"play card:{absent}", seat="uesugi"
    )
    assert probe.ephemeral
    assert "only Uesugi may ask for this ruling" in probe.text

    own = await fake.slash(alice, table.channel, "rules ruling", action=f"play card:{absent}")
    assert "Not legal" in own.text and "`samurai/card-in-hand`" in own.text
    leaked = sorted(name for name in hidden_cards(table) if name in fake.public_text())
    assert leaked == []


async def test_rule_violation_is_refused_privately_with_the_rule(table: Table) -> None:
    """Playing a card you do not hold is refused with the rule; nothing is applied."""
    await samurai_game(table)
    absent = a_card_in_no_hand(table)
    before = table.version()
    refused = await table.fake.slash(table.alice, table.channel, "samurai play", card=absent)
    ref = rule("samurai/card-in-hand")
    assert_refused(refused, "Not allowed:", "is not in your hand", f"`{ref.id}`")
    assert ref.statement in await rule_behind_button(table, refused, table.alice)
    assert table.version() == before


async def test_samurai_refusals(table: Table) -> None:
    """Wrong turn, spectators, bad hexes and referee-only adjustments are refused politely."""
    fake = table.fake
    await samurai_game(table)
    before = table.version()
    card = await pick(table, table.alice, "samurai play", "card")

    refused = await fake.slash(table.bob, table.channel, "samurai play", card=card)
    assert_refused(refused, "It is not your turn", "`core/not-your-turn`")
    refused = await fake.slash(table.carol, table.channel, "samurai play", card=card)
    assert_refused(refused, "You are not playing in this game")
    refused = await fake.slash(table.alice, table.channel, "samurai move", piece="U13", to="Z99")
    assert_refused(refused, "Z99 is not on the board", "`core/bad-input`")
    refused = await fake.slash(table.alice, table.channel, "samurai move", piece="U13", to="ford")
    assert_refused(refused, "`ford` is not a hex name", "`core/bad-input`")
    refused = await fake.slash(table.bob, table.channel, "samurai adjust", piece="U1", figures=2)
    assert_refused(refused, "`core/referee-only`")
    assert table.version() == before


async def test_order_autocomplete_completes_a_list(table: Table) -> None:
    """After "U13 " the pieces autocomplete offers the next pieces the card may still order."""
    fake, alice = table.fake, table.alice
    await samurai_game(table)
    await fake.slash(alice, table.channel, "samurai play", card="order-two-center")
    choices = await fake.autocomplete(alice, table.channel, "samurai order", focused="pieces",
                                      value="U13 ")
    values = [str(c["value"]) for c in choices]
    assert values and all(v.startswith("U13") for v in values), values
    assert "U13 U14" in values
