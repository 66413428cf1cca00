"""/fw end to end: sealed battle plans, a battle turn each, and automatic order switches.

The Stockade Ford: Alice plays North (the Dwarf Holds, first to move) and invites Bob
(South, the Orc Horde). Each side writes an Objective order, a Target order and a basic
order. North's Hearth Guard TAKE AND HOLD the Crossroads (O1, at 36,13) and Thane's Riders
INTERCEPT Warlord Grishnak (S6, at 42,4); South's Warband STORM the Crossroads and its
Bowmen DESTROY the Hearth Guard. The positions reported below put both of North's Hearth
Guard units at the Crossroads (TAKE AND HOLD gives way to HOLD) and the Ram Riders in
contact with Grishnak (INTERCEPT gives way to ATTACK), with no dice involved.
"""

from __future__ import annotations

import json
from typing import Any

from bot.text import Words
from fakediscord import FakeUser, InteractionResult
from rules.core.system import system

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
    start_by_autocomplete,
    turn_message,
)

# (command, order, objective or target) as typed into autocomplete, and the values it offers.
NORTH_PLAN = (
    ("Hearth", "take and", ("objective", "cross"), ("C1", "take-and-hold", "crossroads")),
    ("Crossbows", "hold", None, ("C2", "hold", None)),
    ("Thane", "intercept", ("target", "Grishnak"), ("C3", "intercept-reinforce", "S6")),
)
SOUTH_PLAN = (
    ("Warband", "storm", ("objective", "cross"), ("C4", "storm", "crossroads")),
    ("Bowmen", "destroy", ("target", "Hearth"), ("C5", "destroy-breakout", "C1")),
    ("Wolf", "oppose", None, ("C6", "oppose", None)),
)
# What the public must not learn from a plan before both are sealed.
NORTH_SECRETS = ("TAKE AND HOLD", "INTERCEPT", "→ S6", "Hearth Guard: TAKE")
SOUTH_SECRETS = ("STORM", "DESTROY", "→ C1", "Wolf Pack: OPPOSE")


async def fw_game(table: Table) -> InteractionResult:
    """Alice sets up The Stockade Ford as North through autocomplete; Bob accepts."""
    return await start_by_autocomplete(
        table, ("fant", "stockade", "no"), ("fantasy_warriors", "the-stockade-ford", "north")
    )


async def write_plan(
    table: Table, user: FakeUser, plan: tuple[Any, ...], *, typed: bool = True
) -> None:
    """Order every command of the user's side, picking each value through autocomplete.

    With `typed=False` the values autocomplete would offer are sent straight away (the
    tests that only need the plans written save the round trips).
    """
    side = "North" if user is table.alice else "South"
    for command_typed, order_typed, goal, expected in plan:
        options: dict[str, str] = {}
        if not typed:
            command, order, value = expected
            if goal is not None:
                options[goal[0]] = value
        else:
            command = await pick(table, user, "fw order", "command", command_typed)
            order = await pick(table, user, "fw order", "order", order_typed, command=command)
            if goal is not None:
                field, text = goal
                options[field] = await pick(
                    table, user, "fw order", field, text, command=command, order=order
                )
            assert (command, order, next(iter(options.values()), None)) == expected
        written = await table.fake.slash(
            user, table.channel, "fw order", command=command, order=order, **options
        )
        # A private note to the writer; the public turn message says it too (not the order).
        assert written.ephemeral
        assert description(written).startswith(f"{side} writes sealed orders for {command} ")
        assert f"{side} writes sealed orders for {command} " in turn_message(table).text
        assert_pings_nobody(written)


def leaked(table: Table, secrets: tuple[str, ...]) -> list[str]:
    """Return the secrets that appear in any public message so far."""
    public = table.fake.public_text()
    return [secret for secret in secrets if secret in public]


async def seal_both_plans(table: Table) -> InteractionResult:
    """Write and seal both plans by slash commands; return Bob's /fw ready (the reveal)."""
    await write_plan(table, table.alice, NORTH_PLAN, typed=False)
    await table.fake.slash(table.alice, table.channel, "fw ready")
    await write_plan(table, table.bob, SOUTH_PLAN, typed=False)
    return await table.fake.slash(table.bob, table.channel, "fw ready")


async def move(
    table: Table, user: FakeUser, typed: str, x: float, y: float, **more: Any
) -> InteractionResult:
    """Report a move of the unit autocomplete offers first for `typed`."""
    unit = await pick(table, user, "fw move", "unit", typed)
    return await table.fake.slash(user, table.channel, "fw move", unit=unit, x=x, y=y, **more)


async def test_battle_plans_stay_sealed_until_both_are_ready(table: Table) -> None:
    """Orders are written in public replies that name no order; /game hand shows your own."""
    fake, alice, bob, carol = table.fake, table.alice, table.bob, table.carol
    fw = system("fantasy_warriors")
    joined = await fw_game(table)
    assert "North to act: Write your battle plan" in description(joined)
    assert_pings_only(joined, alice)

    early = await fake.slash(alice, table.channel, "fw ready")
    assert_refused(
        early, "Every command needs orders first: C1 Hearth Guard", "`fantasy_warriors/battle-plan`"
    )
    theirs = await fake.slash(bob, table.channel, "fw order", command="C1", order="hold")
    assert_refused(theirs, "C1 Hearth Guard belongs to North", "`fantasy_warriors/own-units`")
    watcher = await fake.slash(carol, table.channel, "fw order", command="C4", order="hold")
    assert_refused(watcher, "You are not playing in this game")
    wrong = await fake.slash(alice, table.channel, "fw order", command="C1", order="storm")
    assert_refused(
        wrong,
        "STORM needs its Objective written with the order",
        "`fantasy_warriors/objective-or-target-on-plan`",
    )

    await write_plan(table, alice, NORTH_PLAN)
    mine = await fake.slash(alice, table.channel, "game hand")
    assert mine.ephemeral and all(m.visible_to == alice.id for m in mine.messages)
    for line in Words.of("en", fw).lines(fw.view(table.state(), "north").private):
        assert line in mine.text
    assert (
        "C1 Hearth Guard: TAKE AND HOLD (OPPOSE), flag counter yellow and green → Crossroads"
        in mine.text
    )
    assert leaked(table, NORTH_SECRETS) == []

    sealed = await fake.slash(alice, table.channel, "fw ready")
    assert "North has sealed its battle plan." in description(sealed)
    assert_pings_only(sealed, bob)  # South's plan is now awaited

    await write_plan(table, bob, SOUTH_PLAN)
    own = await fake.slash(bob, table.channel, "game hand")
    assert own.ephemeral and all(m.visible_to == bob.id for m in own.messages)
    assert "C5 Bowmen: DESTROY (ATTACK), flag counter red and black → C1 Hearth Guard" in own.text
    assert not any(secret in own.text for secret in NORTH_SECRETS)
    assert not any(secret in mine.text for secret in SOUTH_SECRETS)
    await fake.slash(carol, table.channel, "game status")
    await fake.slash(carol, table.channel, "game log")
    assert leaked(table, NORTH_SECRETS + SOUTH_SECRETS) == []

    revealed = await fake.slash(bob, table.channel, "fw ready")
    text = description(revealed)
    assert "South has sealed its battle plan." in text
    assert "Both battle plans are sealed: the battle begins. North moves first (8 turns)." in text
    assert (
        "North's C1 Hearth Guard has TAKE AND HOLD orders (flag counter: yellow and green) → "
        "Crossroads (stand over)." in text
    )
    assert (
        "North's C3 Thane's Riders has INTERCEPT orders (flag counter: yellow and red) → " in text
    )
    assert (
        "South's C5 Bowmen has DESTROY orders (flag counter: red and black) → C1 Hearth Guard."
        in text
    )
    assert "Turn 1: North moves." in text
    assert_pings_only(revealed, alice)
    assert png_of(revealed).width == BOARD_WIDTH
    assert board_bytes(revealed) != board_bytes(sealed)
    names = ("TAKE AND HOLD", "INTERCEPT", "STORM", "DESTROY")
    assert leaked(table, names) == list(names)  # public now, and the check can see them


async def test_a_battle_turn_each_with_a_refused_contact_and_order_switches(table: Table) -> None:
    """North reports moves and contacts; reaching an Objective or a Target switches orders."""
    fake, alice, bob = table.fake, table.alice, table.bob
    await fw_game(table)
    started = await seal_both_plans(table)

    # The Ironbeards hurry south to the Black Orcs: taking and holding, they may not engage.
    moved = await move(table, alice, "Iron", 33.0, 6.5)
    assert description(moved).startswith('N2 Ironbeards moves to (33", 6.5").')
    assert_pings_nobody(moved)
    assert png_of(turn_message(table)).width == BOARD_WIDTH  # the turn message is redrawn
    assert started.primary is turn_message(table)  # North's turn message, redrawn in place
    assert board_bytes(started) != started.primary.revisions[0].attachments[0].data
    enemy = await pick(table, alice, "fw contact", "enemy", unit="N2")
    assert enemy == "S2"  # the nearest enemy comes first
    before = table.version()
    refused = await fake.slash(alice, table.channel, "fw contact", unit="N2", enemy=enemy)
    assert_refused(
        refused,
        "Hearth Guard is taking and holding an Objective",
        "`fantasy_warriors/take-and-hold-no-engaging`",
    )
    early = await fake.slash(alice, table.channel, "fw endturn")
    assert_refused(
        early,
        'N1 Hearthguard (3"), N5 Ram Riders (6"), and N6 Thane Borin (3")',
        "`fantasy_warriors/press-on`",
    )
    assert table.version() == before

    first = await move(table, alice, "Hearthg", 36.0, 14.0)
    assert "N1 Hearthguard has reached Crossroads (stand over)." in description(first)
    both = await move(table, alice, "Iron", 36.0, 11.0)
    text = description(both)
    assert "N2 Ironbeards has reached Crossroads (stand over)." in text
    assert (
        "North's C1 Hearth Guard: every unit has achieved its Objective, so TAKE AND HOLD "
        "gives way to HOLD orders (no Battle Leader Test needed)." in text
    )

    # Turned to face east, the riders' 6" front runs up the Warlord's side (blocks of figures).
    turned = await move(table, alice, "Ram", 43.6, 4.0, facing=90)
    assert description(turned).startswith('N5 Ram Riders moves to (43.6", 4"), facing 90°.')
    far = await fake.slash(alice, table.channel, "fw contact", unit="N5", enemy="S5")
    assert_refused(
        far, 'N5 Ram Riders is 3.4" from S5 Wolf Riders', "`fantasy_warriors/contact-distance`"
    )
    target = await pick(table, alice, "fw contact", "enemy", unit="N5")
    assert target == "S6"
    met = await fake.slash(alice, table.channel, "fw contact", unit="N5", enemy=target)
    text = description(met)
    assert text.startswith("N5 Ram Riders makes contact with S6 Warlord Grishnak.")
    assert "N5 Ram Riders has reached S6 Warlord Grishnak." in text
    assert (
        "North's C3 Thane's Riders: a unit has reached its Target, so INTERCEPT gives way to "
        "ATTACK orders (no Battle Leader Test needed)." in text
    )
    assert_pings_nobody(met)

    ended = await fake.slash(alice, table.channel, "fw endturn")
    assert "\nTurn 1: South moves." in description(ended)
    assert_pings_only(ended, bob)
    assert png_of(ended).width == BOARD_WIDTH

    # South's turn: its STORM and DESTROY units must press on before the turn can end.
    lagging = await fake.slash(bob, table.channel, "fw endturn")
    assert_refused(
        lagging,
        'S1 Orc Warriors (3"), S2 Black Orcs (3"), S3 Orc Archers (3"), and S4 Goblin Archers',
        "`fantasy_warriors/press-on`",
    )
    for typed, x, y in (
        ("Orc W", 28.0, 8.0),
        ("Black", 35.0, 9.0),
        ("Orc A", 10.0, 7.0),
        ("Goblin", 19.0, 7.0),
    ):
        went = await move(table, bob, typed, x, y)
        assert " moves to (" in description(went)
    charge = await fake.slash(bob, table.channel, "fw contact", unit="S2", enemy="N2")
    assert description(charge).startswith("S2 Black Orcs makes contact with N2 Ironbeards.")
    over = await fake.slash(bob, table.channel, "fw endturn")
    assert "\nTurn 2: North moves." in description(over)
    assert_pings_only(over, alice)
    state = table.state()
    assert (state.turn, state.active) == (2, "north")
    assert state.units["N2"].engaged and state.units["S2"].engaged


async def test_fw_refusals(table: Table) -> None:
    """Spectators, the wrong side and out-of-turn reports are refused privately with the rule."""
    fake, alice, bob, carol = table.fake, table.alice, table.bob, table.carol
    await fw_game(table)
    await seal_both_plans(table)
    before = table.version()

    refused = await fake.slash(carol, table.channel, "fw move", unit="N1", x=30.0, y=30.0)
    assert_refused(refused, "You are not playing in this game")
    refused = await fake.slash(carol, table.channel, "fw endturn")
    assert_refused(refused, "You are not playing in this game")
    refused = await fake.slash(bob, table.channel, "fw endturn")
    assert_refused(refused, "It is not your turn", "`core/not-your-turn`")
    refused = await fake.slash(bob, table.channel, "fw move", unit="S1", x=24.0, y=8.0)
    assert_refused(refused, "only forced moves", "`core/not-your-turn`")
    refused = await fake.slash(bob, table.channel, "fw move", unit="N1", x=24.0, y=8.0)
    assert_refused(refused, "N1 Hearthguard belongs to North", "`fantasy_warriors/own-units`")
    refused = await fake.slash(alice, table.channel, "fw move", unit="N3", x=8.0, y=40.0)
    assert_refused(refused, "Crossbows is on HOLD orders", "`fantasy_warriors/hold-stays-put`")
    refused = await fake.slash(alice, table.channel, "fw ready")
    assert_refused(refused, "`core/wrong-step`")
    refused = await fake.slash(alice, table.channel, "fw order", command="C2", order="attack")
    assert_refused(
        refused, "passed Battle Leader Test", "`fantasy_warriors/order-change-needs-test`"
    )
    assert table.version() == before


async def test_export_does_not_reveal_a_sealed_plan(table: Table) -> None:
    """While North's plan is sealed, the public /game export must not name its orders."""
    fake, alice, bob = table.fake, table.alice, table.bob
    await fw_game(table)
    await write_plan(table, alice, NORTH_PLAN, typed=False)
    await fake.slash(alice, table.channel, "fw ready")
    exported = await fake.slash(bob, table.channel, "game export")
    assert not exported.ephemeral
    ((name, data),) = [(n, d) for n, d in exported.attachments if n.endswith(".json")]
    record = json.loads(data)
    north = [e["action"] for e in record["log"] if e["seat"] == "north" and e["kind"] == "action"]
    assert north, name
    assert [a.get("order") for a in north if a.get("type") == "order"] == [None] * 3, north
