"""A whole turn on a phone: every move tapped, through the real discord.py client.

After `/game new` and the accepting click, each system is played for two full turns per
side with no typed command: each move the system's demo player would make is found in the
player's private controls (the turn message's "Your hand" / "Your units" button, then pick
lists, then a form for numbers) and tapped there. Per turn (from one ping to the next) the
channel gets one new message, each player at most one new private message, and every move
takes at most three taps from the turn message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.replies import action_digest
from fakediscord import FakeUser, InteractionResult, Message
from rules.core.engine import Memory
from rules.core.menus import Chooser, route
from rules.core.model import Action
from rules.core.system import system
from tests.words_check import english_leaks

from .test_bot_support import Table, turn_message

GAMES = [("samurai", "river-crossing", "Your hand", "Sua mão"),
         ("bushido", "skirmish", "Your pieces", "Suas peças"),
         ("wh40k", "take-and-hold", "Your units", "Suas unidades"),
         ("fantasy_warriors", "the-stockade-ford", "Your plan", "Seu plano")]


def _army_words(table: Table) -> set[str]:
    """Return the words of the names a position holds (units, leaders: an army list names
    its units in its own words, which no catalogue translates)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "name" and isinstance(inner, str):
                    found.update(inner.replace("(", " ").replace(")", " ").split())
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(table.state().model_dump(mode="json"))
    return found


def _version(message: Message) -> int:
    """Return the game version a private message's controls were made for."""
    first = message.components[0]["components"][0]
    return int(first["custom_id"].split(":")[3])


def _selects(message: Message) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"] if c["type"] == 3]


@dataclass
class Phone:
    """Both players' phones: their open controls and what each turn cost."""

    table: Table
    system_id: str
    button: str
    panels: dict[int, Message] = field(default_factory=dict)
    taps: list[int] = field(default_factory=list)
    # What the controls said: their text, buttons, pick lists and forms.
    said: list[str] = field(default_factory=list)

    def read(self, message: Message, result: InteractionResult | None = None) -> None:
        """Note what a player's controls (and a form they opened) say."""
        self.said.append(message.text)
        for row in message.components:
            for comp in row["components"]:
                self.said += [comp.get("label") or "", comp.get("placeholder") or ""]
                self.said += [o["label"] for o in comp.get("options", [])]
        if result is not None and result.modal is not None:
            self.said.append(result.modal.get("title") or "")
            self.said += [c["components"][0].get("label") or ""
                          for c in result.modal.get("components", [])]

    async def make(self, user: FakeUser, seat: str, target: Action) -> None:
        """Tap the target action in the user's controls, opening them if needed."""
        table, fake = self.table, self.table.fake
        taps = 0
        panel = self.panels.get(user.id)
        if panel is None:
            opened = await fake.click(user, turn_message(table), label=self.button)
            assert opened.ephemeral, opened.text
            panel = opened.primary
            assert panel is not None
            self.panels[user.id] = panel
            taps += 1
        if _version(panel) != table.version():
            # Made before a move elsewhere (a claim agreed, the other side's report): any
            # control shows the controls of the position now.
            first = panel.components[0]["components"][0]
            if first["type"] == 2:
                await fake.click(user, panel, first["custom_id"])
            else:
                await fake.select(user, panel, first["custom_id"], [first["options"][0]["value"]])
            taps += 1
        engine = system(self.system_id)
        steps = route(Chooser(engine, table.state(), seat), target, action_digest)
        assert steps is not None, f"{target!r} is not in the controls of {seat}"
        result: InteractionResult | None = None
        for kind, what in steps:
            if kind == "button":
                ids = [c["custom_id"] for row in panel.components for c in row["components"]
                       if c["type"] == 2 and c["custom_id"].endswith(f":{what}")]
                assert ids, (what, panel.components)
                result = await fake.click(user, panel, ids[0])
            elif kind == "value":
                result, extra = await self._pick(user, panel, what)
                taps += extra
            else:
                assert result is not None and result.modal is not None
                result = await fake.submit_modal(user, result, what)
            taps += 1
            self.read(panel, result)
            assert not result.rejections, result.rejections
        assert result is not None
        refused = [e for e in panel.embeds if e.get("color") == 0xC0392B]
        assert not refused, (target, panel.embeds)
        self.taps.append(taps)

    async def _pick(self, user: FakeUser, panel: Message, value: str
                    ) -> tuple[InteractionResult, int]:
        """Pick a value in whichever pick list holds it, turning pages to find it."""
        fake = self.table.fake
        extra = 0
        for _ in range(10):
            for select in _selects(panel):
                values = [o["value"] for o in select["options"]]
                if value in values:
                    return await fake.select(user, panel, select["custom_id"], [value]), extra
            pager = next((s for s in _selects(panel)
                          if any(o["value"].startswith("~") for o in s["options"])), None)
            assert pager is not None, (value, panel.components)
            more = next(o["value"] for o in pager["options"] if o["value"].startswith("~"))
            await fake.select(user, panel, pager["custom_id"], [more])
            extra += 1
        raise AssertionError(f"{value} not found in {len(_selects(panel))} pick lists")


async def _start(table: Table, system_id: str, scenario: str, language: str) -> None:
    fake = table.fake
    invitation = await fake.slash(table.alice, table.channel, "game new", system=system_id,
                                  scenario=scenario, opponent=table.bob, language=language)
    accept = "Accept the invitation" if language == "en" else "Aceitar o convite"
    await fake.click(table.bob, invitation, label=accept)


def _public(table: Table) -> list[Message]:
    return [m for m in table.fake.messages_in(table.channel) if m.public]


def _private(table: Table, user: FakeUser) -> list[Message]:
    return [m for m in table.fake.messages_in(table.channel) if m.visible_to == user.id]


async def _agree_to_claims(table: Table, users: dict[int, FakeUser], language: str) -> bool:
    """Tap Agree on any claim waiting (the other side's consent to start a 40k battle);
    say whether there was one."""
    with table.service.store.reading() as tx:
        game = tx.game(1)
    assert game is not None
    for claim in game.pending.get("claims", []):
        subject = users[int(game.seats[claim["subject"]])]
        agree = "Agree" if language == "en" else "Concordo"
        asked = next(m for m in reversed(_public(table)) if any(
            c.get("label") == agree for row in m.components for c in row["components"]))
        await table.fake.click(subject, asked, label=agree)
    return bool(game.pending.get("claims"))


async def play_by_phone(table: Table, system_id: str, scenario: str, button: str,
                        language: str) -> Phone:
    """Play two full turns per side by taps; check the messages and taps of each turn."""
    await _start(table, system_id, scenario, language)
    engine = system(system_id)
    player = engine.demo_player()
    assert player is not None
    users = {table.alice.id: table.alice, table.bob.id: table.bob}
    phone = Phone(table, system_id, button)
    memory = Memory()
    turns = 0
    claimed = False
    seat_before = engine.prompt(table.state()).seat
    public, private = len(_public(table)), {u: len(_private(table, users[u])) for u in users}
    for _ in range(200):
        state = table.state()
        action = player.policy(engine, state, memory)
        assert action is not None
        with table.service.store.reading() as tx:
            game = tx.game(1)
        assert game is not None
        user = users[int(game.seats[action.seat])]
        await phone.make(user, action.seat, action)
        # A request the other side must agree to is a public message of its own (the
        # battle's start, before any turn): that stretch is not counted.
        claimed = await _agree_to_claims(table, users, language) or claimed
        now = engine.prompt(table.state()).seat
        if now != seat_before:  # a turn passed: one ping, at most one private message each
            turns += 1
            assert claimed or len(_public(table)) - public <= 1, [
                m.text for m in _public(table)[public:]]
            claimed = False
            for uid, count in private.items():
                assert len(_private(table, users[uid])) - count <= 1, system_id
            public = len(_public(table))
            private = {u: len(_private(table, users[u])) for u in users}
            phone.panels.clear()
            seat_before = now
            if turns >= 4:
                break
    assert turns >= 4, f"{system_id}: only {turns} turns passed"
    assert max(phone.taps) <= 3, phone.taps
    return phone


@pytest.mark.parametrize(("system_id", "scenario", "button", "_pt"), GAMES)
async def test_two_full_turns_a_side_by_taps(table: Table, system_id: str, scenario: str,
                                             button: str, _pt: str) -> None:
    """Every move of two turns a side is tapped in the player's private controls."""
    phone = await play_by_phone(table, system_id, scenario, button, "en")
    assert phone.taps


@pytest.mark.parametrize(("system_id", "scenario", "_en", "button"), GAMES)
async def test_two_full_turns_a_side_by_taps_in_portuguese(
        table: Table, system_id: str, scenario: str, _en: str, button: str) -> None:
    """The same in a game set to Portuguese: the controls speak it, with no English."""
    phone = await play_by_phone(table, system_id, scenario, button, "pt-BR")
    assert phone.taps
    said = "\n".join(phone.said)
    leaks = english_leaks(said, system(system_id), "pt-BR", allowed=_army_words(table))
    assert leaks == [], " ".join(leaks)


async def test_a_take_back_within_the_turn_edits_the_turn_message(table: Table) -> None:
    """Samurai: an order taken back shows in the live turn message, restored; the channel
    gets no new message and the message's buttons go on working."""
    fake = table.fake
    await _start(table, "samurai", "river-crossing", "en")
    engine = system("samurai")
    player = engine.demo_player()
    assert player is not None
    memory = Memory()
    phone = Phone(table, "samurai", "Your hand")
    with table.service.store.reading() as tx:
        game = tx.game(1)
    assert game is not None
    for _ in range(2):  # a card, then orders
        action = player.policy(engine, table.state(), memory)
        assert action is not None
        user = table.alice if int(game.seats[action.seat]) == table.alice.id else table.bob
        await phone.make(user, action.seat, action)
    assert table.state().step == "moves"
    live, before = turn_message(table), _public(table)
    edits = len(live.revisions)
    undone = await fake.slash(user, table.channel, "game undo")
    assert undone.ephemeral  # a private note to the one who took it back
    assert _public(table) == before and turn_message(table) is live
    assert len(live.revisions) == edits + 1
    assert "An action is taken back." in live.text
    assert table.state().step == "orders"
    labels = [c["label"] for row in live.components for c in row["components"]]
    assert "Give no orders" in labels
    given = await fake.click(user, live, label="Give no orders")
    assert given.primary is live and table.state().step == "moves"


async def test_a_refusal_shows_in_the_players_controls_with_its_rule(table: Table) -> None:
    """40k: models given back to a unit that lost none are refused in the controls
    themselves (their rule one tap away), and the controls stay; no new message at all."""
    fake, alice = table.fake, table.alice
    await _start(table, "wh40k", "take-and-hold", "en")
    opened = await fake.click(alice, turn_message(table), label="Your units")
    panel = opened.primary
    assert panel is not None and panel.ephemeral
    await fake.click(alice, panel, label="Start the battle")
    await _agree_to_claims(table, {alice.id: alice, table.bob.id: table.bob}, "en")
    assert table.state().step == "command"
    await fake.click(alice, panel, panel.components[0]["components"][0]["custom_id"])  # renewed
    select = next(s for s in _selects(panel) if any(o["value"] == "restore|U1"
                                                    for o in s["options"]))
    messages = len(fake.messages_in(table.channel))
    form = await fake.select(alice, panel, select["custom_id"], ["restore|U1"])
    assert form.modal is not None
    labels = [c["components"][0]["label"] for c in form.modal["components"]]
    assert labels == ["Models to return", "Wounds to heal"], labels
    refused = await fake.submit_modal(alice, form, {"models": "1"})
    assert refused.primary is panel and len(fake.messages_in(table.channel)) == messages
    first = panel.embeds[0]
    assert first["color"] == 0xC0392B and "wh40k/" in first["description"], first
    buttons = [c["label"] for row in panel.components for c in row["components"]
               if c["type"] == 2]
    assert any(label.startswith("Rule: ") for label in buttons), buttons
    assert "Your units" not in buttons and _selects(panel), "the controls stay"
    assert _version(panel) == table.version()
