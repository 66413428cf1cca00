"""/rules end to end: search with autocomplete, show a rule, and rulings that apply nothing."""

from __future__ import annotations

from rules.core.references import all_rules, rule
from rules.samurai.catalogue import cards

from .test_bot_support import (
    Table,
    assert_refused,
    description,
)


async def test_search_autocompletes_rule_ids_and_answers_privately(table: Table) -> None:
    """Typing in /rules search offers rule ids; the answer lists them, ephemeral by default."""
    fake, carol = table.fake, table.carol
    choices = await fake.autocomplete(
        carol, table.channel, "rules search", focused="keyword", value="turn"
    )
    values = [c["value"] for c in choices]
    assert "core/not-your-turn" in values
    assert set(values) <= set(all_rules()) and len(values) <= 25
    assert all(c["name"].startswith(c["value"]) for c in choices)

    found = await fake.slash(carol, table.channel, "rules search", keyword="not my turn")
    assert found.ephemeral
    first = description(found).splitlines()[1]
    assert first == "`core/not-your-turn` — Only the seat to act may act"

    shared = await fake.slash(carol, table.channel, "rules search", keyword="turn", public=True)
    assert not shared.ephemeral and shared.primary is not None and shared.primary.public

    nothing = await fake.slash(carol, table.channel, "rules search", keyword="zzzyzx")
    assert nothing.ephemeral and "No rule matches" in description(nothing)


async def test_search_can_be_narrowed_to_a_system(table: Table) -> None:
    """The system option autocompletes from the installed systems and filters the search."""
    choices = await table.fake.autocomplete(
        table.carol, table.channel, "rules search", focused="system", value="race"
    )
    assert [c["value"] for c in choices] == ["race"]
    found = await table.fake.slash(
        table.carol, table.channel, "rules search", keyword="turn", system="core"
    )
    lines = description(found).splitlines()[1:]
    assert lines and all(line.startswith("`core/") for line in lines)


async def test_show_states_one_rule(table: Table) -> None:
    """/rules show with an autocompleted id shows its title, statement and source."""
    choices = await table.fake.autocomplete(
        table.carol, table.channel, "rules show", focused="rule", value="referee"
    )
    assert "core/referee-only" in [c["value"] for c in choices]
    shown = await table.fake.slash(
        table.carol, table.channel, "rules show", rule="core/referee-only"
    )
    ref = rule("core/referee-only")
    assert not shown.ephemeral
    text = description(shown)
    assert text.startswith(f"`{ref.id}` — **{ref.title}**")
    assert ref.statement in text and "Source:" in text

    unknown = await table.fake.slash(table.carol, table.channel, "rules show", rule="core/nope")
    assert_refused(unknown, "There is no rule with the id `core/nope`")


async def test_ruling_needs_a_game(table: Table) -> None:
    """A ruling is about the channel's live game."""
    refused = await table.fake.slash(
        table.carol, table.channel, "rules ruling", action="order pieces:U1"
    )
    assert_refused(refused, "There is no game in this channel")


async def test_ruling_says_legal_or_illegal_with_the_rule_and_applies_nothing(
    table: Table,
) -> None:
    """Each ruling is one message naming the rule; the game's position does not move."""
    fake, alice = table.fake, table.alice
    await fake.slash(
        alice, table.channel, "game new", system="samurai", scenario="river-crossing",
        seat="uesugi", opponent=table.bob,
    )  # fmt: skip
    await fake.slash(table.bob, table.channel, "game join")
    before = table.version()
    hand = sorted(set(table.state().hands["uesugi"]))

    legal = await fake.slash(alice, table.channel, "rules ruling", action=f"play card:{hand[0]}")
    assert len(legal.messages) == 1
    assert description(legal) == f"Legal: Play {cards()[hand[0]].name} may be done now."

    wrong_step = await fake.slash(alice, table.channel, "rules ruling", action="order pieces:U13")
    ref = rule("core/wrong-step")
    assert len(wrong_step.messages) == 1
    text = description(wrong_step)
    assert text.startswith(
        "Not legal: The game is at the command card step, where `/samurai order`"
    )
    assert f"`{ref.id}`" in text and ref.statement in text

    not_mine = await fake.slash(alice, table.channel, "rules ruling", action="play card:x-wing")
    assert "Not legal" in description(not_mine) and "`core/bad-input`" in description(not_mine)

    unknown = await fake.slash(alice, table.channel, "rules ruling", action="fly to:E5")
    assert_refused(unknown, "`fly` is not a samurai action", "`core/bad-input`")

    assert table.version() == before
    assert sorted(set(table.state().hands["uesugi"])) == hand
