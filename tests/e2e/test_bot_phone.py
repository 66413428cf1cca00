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
from rules.core.menus import Chooser, Form, Menu
from rules.core.model import Action
from rules.core.system import system

from .test_bot_support import Table, turn_message

GAMES = [("samurai", "river-crossing", "Your hand", "Sua mão"),
         ("bushido", "skirmish", "Your pieces", "Suas peças"),
         ("wh40k", "take-and-hold", "Your units", "Suas unidades"),
         ("fantasy_warriors", "the-stockade-ford", "Your plan", "Seu plano")]
Step = tuple[str, Any]


def _same(a: Action, b: Action) -> bool:
    return a.model_dump(exclude={"seat"}) == b.model_dump(exclude={"seat"})


def _numbers(chooser: Chooser, form: Form, target: Action) -> dict[str, str]:
    out = {}
    for blank in form.fields:
        value = getattr(target, blank.name, None)
        out[blank.name] = "" if value is None else str(value)
    return out


def _lead(chooser: Chooser, key: str, target: Action, depth: int) -> list[Step] | None:
    """Return the taps from a node to the target action (None: not under this node)."""
    found = chooser.resolve(key)
    if isinstance(found, Action):
        return [] if _same(found, target) else None
    if isinstance(found, Form):
        kind, values = chooser.split(found.key)
        if kind != target.type:
            return None
        names = chooser.fields(kind)
        picked = [chooser._text(getattr(target, n)) for n in names]
        return [("form", _numbers(chooser, found, target))] if picked == values else None
    if isinstance(found, Menu) and depth < 3:
        for entry in found.entries:
            rest = _lead(chooser, entry.key, target, depth + 1)
            if rest is not None:
                return [("value", entry.key), *rest]
    return None


def route(chooser: Chooser, target: Action) -> list[Step] | None:
    """Return the taps in a player's controls that make the target action, or None."""
    controls = chooser.controls()
    for button in controls.buttons:
        if button.action is not None and _same(button.action, target):
            return [("button", f"a:{action_digest(button.action)}")]
        if button.key:
            rest = _lead(chooser, button.key, target, 1)
            if rest is not None:
                return [("button", f"n:{button.key}"), *rest]
    for menu in controls.menus:
        for entry in menu.entries:
            rest = _lead(chooser, entry.key, target, 1)
            if rest is not None:
                return [("value", entry.key), *rest]
    return None


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
        steps = route(Chooser(engine, table.state(), seat), target)
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
    """The same in a game set to Portuguese: the controls speak it."""
    phone = await play_by_phone(table, system_id, scenario, button, "pt-BR")
    assert phone.taps
