"""/bushido end to end: turns, a commander attacked in its camp, and hidden movement pieces.

Skirmish at the Fuwa Barrier with the first e2e seed (`e2e-seed-0`): Alice plays West
(first to act) and invites Bob (East). The piece faces are dealt by that seed; the sequence
in `CAMP_RAID` was found offline with the engine: West's W2 (a keyhole, free to go any
way) walks D3 -> D4 -> E4 -> F4 -> G4 while East holds, then attacks the East camp, where
IEYASU must counter-attack or flee. With this seed a counter-attack loses W2 (1 + 1
against 4 + 2).
"""

from __future__ import annotations

from typing import Any

from bot.text import Words
from fakediscord import InteractionResult
from rules.core.system import system
from rules.core.text import Term

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
)

# West's moves up to the East camp (East holds in between), found offline for e2e-seed-0.
CAMP_RAID = ("D4", "E4", "F4", "G4")


async def bushido_game(table: Table) -> InteractionResult:
    """Alice sets up the Skirmish as West through autocomplete; Bob accepts. Return the join."""
    joined = await start_by_autocomplete(
        table, ("bush", "fuwa", "we"), ("bushido", "skirmish", "west")
    )
    assert table.state().seats == ["west", "east"]
    return joined


def labels(result: InteractionResult) -> list[str]:
    """Return the labels of the buttons under a reply."""
    return [c["label"] for row in result.components for c in row["components"]]


def hidden_faces(table: Table) -> set[str]:
    """Return what would give away a face-down movement piece: its name and its owner's line.

    A name is left out once a piece with the same face was turned up (even if that piece
    has fallen since) or lies on a camp after a flight: seeing that one is no leak.
    """
    state = table.state()
    bushido = system("bushido")
    with table.service.store.reading() as tx:
        game = tx.latest_game(str(table.channel.id))
        assert game is not None
        entries = tx.log(game.id)
    shown = {e["movement"] for x in entries for e in x.events if e["type"] == "movement_revealed"}
    shown |= {m for m in state.left_on_camp.values() if m is not None}
    hidden = {p.movement for p in state.pieces if not p.revealed} - shown
    words = Words.of("en", bushido)
    secrets = {words.term(Term(kind="face", id=m)) for m in hidden}
    for seat in state.seats:
        secrets |= {line for line in secrets_of(bushido, state, seat) if "face down" in line}
    return secrets


def assert_no_face_leaks(table: Table) -> None:
    """Check no face-down movement piece was ever named in a public message."""
    public = table.fake.public_text()
    secrets = hidden_faces(table)
    assert secrets  # something is still face down, or the check proves nothing
    assert sorted(secret for secret in secrets if secret in public) == []


async def raid_the_east_camp(table: Table) -> InteractionResult:
    """Play CAMP_RAID: West moves by slash command, East holds with the public button."""
    fake, alice, bob = table.fake, table.alice, table.bob
    for to in CAMP_RAID:
        moved = await fake.slash(alice, table.channel, "bushido move", piece="W2", to=to)
        assert "West moves W2 from " in description(moved)
        assert_pings_only(moved, bob)
        # Moves and attacks follow hidden arrows: only in the player's private controls.
        assert labels(moved) == ["Hold", "Your pieces"]
        held = await fake.click(bob, moved, label="Hold")
        assert "East holds its ground." in description(held)
        assert_pings_only(held, alice)
    assert table.state().piece("W2").space == "G4"

    target = await pick(table, alice, "bushido attack", "target", piece="W2")
    assert target == "east-camp"
    attacked = await fake.slash(alice, table.channel, "bushido attack", piece="W2", target=target)
    text = description(attacked)
    assert text.startswith("West's W2 (G4) attacks IEYASU (H4) in its camp.")
    assert "East's IEYASU turns up its movement piece: Kakuyoku (crane's wings)" in text
    assert (
        "East's IEYASU is attacked in its camp by W2: it may counter-attack, or flee "
        "(open hexes: H2, H3, H5, and H6)." in text
    )
    assert_pings_only(attacked, bob)  # the defender answers
    assert table.state().step == "defend"
    return attacked


async def test_a_turn_each_by_slash_commands_and_autocomplete(table: Table) -> None:
    """West moves, East replies; each reply is public, drawn, and pings only the next player."""
    fake, alice, bob = table.fake, table.alice, table.bob
    joined = await bushido_game(table)
    assert "West to act: move a piece one hex" in description(joined)
    assert_pings_only(joined, alice)

    # Alice: her pieces first, then the hexes open to the one she chose.
    piece = await pick(table, alice, "bushido move", "piece", "W2")
    destinations = await fake.autocomplete(
        alice, table.channel, "bushido move", focused="to", value="", piece=piece
    )
    assert [c["value"] for c in destinations] == ["C3", "C4", "D2", "D4", "E3"]
    assert all(c["name"].endswith("(W2)") for c in destinations)
    moved = await fake.slash(alice, table.channel, "bushido move", piece=piece, to="E3")
    assert not moved.ephemeral
    text = description(moved)
    assert text.startswith("West moves W2 from D3 to E3.")
    assert "West's turn ends; East is next (turn 2)." in text
    assert "East to act: move a piece one hex" in text
    assert_pings_only(moved, bob)
    assert png_of(moved).width == BOARD_WIDTH
    assert board_bytes(moved) != board_bytes(joined)

    # Bob: W2 now stands next to T3, which may attack it.
    attacker = await pick(table, bob, "bushido attack", "piece", "T3")
    target = await pick(table, bob, "bushido attack", "target", piece=attacker)
    assert (attacker, target) == ("T3", "E3")
    fought = await fake.slash(bob, table.channel, "bushido attack", piece=attacker, target=target)
    text = description(fought)
    assert text.startswith("East's T3 (F3) attacks W2 (E3).")
    assert "West's W2 turns up its movement piece: Gako (keyhole)" in text
    assert "T3 rolls 1 (total 2) against W2's counter-attack of 4 (total 5): W2 wins." in text
    assert "East's T3 is removed from F3." in text
    assert "East's turn ends; West is next (turn 3)." in text
    assert_pings_only(fought, alice)
    assert png_of(fought).width == BOARD_WIDTH
    assert board_bytes(fought) != board_bytes(moved)
    assert table.state().active == "west"
    assert_no_face_leaks(table)


async def test_commander_attacked_in_camp_flees_by_button(table: Table) -> None:
    """IEYASU flees from W2 through the public button; its new face stays East's secret."""
    fake, alice, bob = table.fake, table.alice, table.bob
    await bushido_game(table)
    attacked = await raid_the_east_camp(table)
    assert labels(attacked) == [
        "Counter-attack", "Flee to H2", "Flee to H3", "Flee to H5", "Flee to H6", "Your pieces"
    ]
    watching = await fake.click(table.carol, attacked, label="Flee to H3")
    assert_refused(watching, "You are not playing in this game")
    wrong = await fake.click(alice, attacked, label="Flee to H3")
    assert_refused(wrong, "It is not your turn", "`core/not-your-turn`")

    fled = await fake.click(bob, attacked, label="Flee to H3")
    text = description(fled)
    assert text.startswith("East's IEYASU flees its camp to H3, away from W2;")
    assert "East draws a new face-down movement piece for IEYASU (6 left)." in text
    assert "West's turn ends; East is next (turn 10)." in text
    assert_pings_nobody(fled)  # Bob answered and plays on: nobody new to call
    state = table.state()
    assert state.piece("IEYASU").space == "H3" and not state.piece("IEYASU").revealed

    mine = await fake.slash(bob, table.channel, "game hand")
    assert mine.ephemeral and all(m.visible_to == bob.id for m in mine.messages)
    assert "IEYASU, Tokugawa Ieyasu, on H3:" in mine.text and "(face down)" in mine.text
    assert_no_face_leaks(table)

    late = await fake.slash(bob, table.channel, "bushido flee", to="H2")
    assert_refused(late, "`bushido/flee-only-from-camp`", "IEYASU stands on H3")


async def test_commander_attacked_in_camp_counter_attacks_by_slash_command(table: Table) -> None:
    """/bushido counter: the dice the seed gives make IEYASU win and W2 leave the field."""
    fake, bob = table.fake, table.bob
    await bushido_game(table)
    await raid_the_east_camp(table)
    flights = await fake.autocomplete(bob, table.channel, "bushido flee", focused="to", value="")
    assert [c["value"] for c in flights] == ["H2", "H3", "H5", "H6"]
    refused = await fake.slash(bob, table.channel, "bushido flee", to="G5")
    assert_refused(refused, "`bushido/flee-along-arrows`", "G5 does not touch the East camp")

    countered = await fake.slash(bob, table.channel, "bushido counter")
    text = description(countered)
    assert "West's W2 turns up its movement piece: Gako (keyhole)" in text
    assert (
        "W2 rolls 1 (total 2) against IEYASU's counter-attack (chosen instead of flight) "
        "of 4 (total 6): IEYASU wins." in text
    )
    assert "West's W2 is removed from G4." in text
    assert table.state().piece("W2") is None
    assert table.state().active == "east"
    assert_no_face_leaks(table)


def secrets_of(bushido: Any, state: Any, seat: str) -> list[str]:
    """Return what a seat's /game hand should list, worded in English."""
    return Words.of("en", bushido).lines(bushido.view(state, seat).private)


async def test_movement_faces_are_shown_to_their_owner_alone(table: Table) -> None:
    """/game hand names the faces under your own pieces, ephemerally; never anyone else's."""
    fake, alice, bob = table.fake, table.alice, table.bob
    await bushido_game(table)
    bushido, state = system("bushido"), table.state()
    mine = await fake.slash(alice, table.channel, "game hand")
    theirs = await fake.slash(bob, table.channel, "game hand")
    assert mine.ephemeral and theirs.ephemeral
    assert all(m.visible_to == alice.id for m in mine.messages)
    assert all(m.visible_to == bob.id for m in theirs.messages)
    for result, seat, other in ((mine, "west", "east"), (theirs, "east", "west")):
        for line in secrets_of(bushido, state, seat):
            assert line in result.text, (seat, line)
        for line in secrets_of(bushido, state, other)[:-1]:  # the stack count is alike
            assert line not in result.text, (seat, line)
    assert "W2, Ashigaru spearmen, on D3: Gako (keyhole)" in mine.text
    assert any(secret in mine.text for secret in hidden_faces(table))  # the check can see
    if mine.primary is not None:
        ((name, _),) = mine.primary.attachments
        assert name == "your-view.png"

    refused = await fake.slash(table.carol, table.channel, "game hand")
    assert_refused(refused, "You are not playing in this game")
    await fake.slash(table.carol, table.channel, "game status")
    await fake.slash(table.carol, table.channel, "game log")
    assert_no_face_leaks(table)


async def test_bushido_refusals(table: Table) -> None:
    """Wrong turn, spectators, others' pieces, moves against the arrows: private, with the rule."""
    fake, alice, bob, carol = table.fake, table.alice, table.bob, table.carol
    await bushido_game(table)
    before = table.version()

    refused = await fake.slash(bob, table.channel, "bushido move", piece="T3", to="E3")
    assert_refused(refused, "It is not your turn", "`core/not-your-turn`")
    refused = await fake.slash(carol, table.channel, "bushido move", piece="W2", to="E3")
    assert_refused(refused, "You are not playing in this game")
    refused = await fake.slash(carol, table.channel, "bushido hold")
    assert_refused(refused, "You are not playing in this game")
    refused = await fake.slash(alice, table.channel, "bushido move", piece="T3", to="E3")
    assert_refused(refused, "T3 belongs to the other side", "`bushido/one-action-per-turn`")
    against = await fake.slash(alice, table.channel, "bushido move", piece="W3", to="E5")
    assert_refused(against, "`bushido/move-along-arrows`", "to reach E5")
    refused = await fake.slash(alice, table.channel, "bushido move", piece="W2", to="Z9")
    assert_refused(refused, "Z9 is not on this map", "`core/bad-input`")
    refused = await fake.slash(alice, table.channel, "bushido flee", to="B4")
    assert_refused(refused, "`bushido/camp-attack-choice`")
    refused = await fake.slash(bob, table.channel, "bushido adjust", piece="W2", to="E3")
    assert_refused(refused, "`core/referee-only`")
    assert table.version() == before
    # The refusal named W3's face to Alice alone.
    assert against.primary is not None and against.primary.visible_to == alice.id
    assert "Koyaku (balance)" in against.text
    assert_no_face_leaks(table)
