"""The Warhammer 40,000 battle tracker: rosters, CP, phases, Battle-shock, objectives, VP.

The battle is played on a real table (or by post); players report moves, casualties and
scores, and the bot keeps the books, rolls the Command-phase tests and enforces the rules.
This module declares the system on the engine skeleton and wires its parts together:
the step table and handlers (flow), the picture (picture), autocomplete (suggest),
the /wh40k commands (commands) and the demo player (autoplay).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.board import TabletopView
from rules.core.dice import DiceState
from rules.core.engine import (
    SERVER_DATASHEETS,
    Engine,
    Outcome,
    Player,
    PreviewChoice,
    ScenarioInfo,
)
from rules.core.errors import RuleViolation, refuse
from rules.core.model import Action, Event
from rules.core.text import Msg, items, msg, term
from rules.wh40k import catalogue, flow, picture
from rules.wh40k.actions import (
    ACTIONS,
    ALIASES,
    EVENTS,
    Casualties,
    GainCp,
    LoadRoster,
    Restore,
    ShockTest,
    StartBattle,
    UseStratagem,
)
from rules.wh40k.army import add_roster, check_roster_units, find
from rules.wh40k.catalogues import preview as datasheets_preview
from rules.wh40k.catalogues import read_datasheets, stored_form, stored_sheets
from rules.wh40k.commands import COMMANDS, GROUP
from rules.wh40k.listbuilders import read_army
from rules.wh40k.losses import below_half_now, strength_changes
from rules.wh40k.missions import objectives
from rules.wh40k.roster import choose_bodyguard, keyed, leader_choices
from rules.wh40k.scoring import PRIMARY_CAP, SECONDARY_CAP, result
from rules.wh40k.state import (
    RULESET,
    SEATS,
    Control,
    Seat,
    Wh40kState,
    below_half_strength,
    leader_of,
    other,
    parts,
    phase_of,
    starting_strength,
    vp_total,
)
from rules.wh40k.suggest import suggest
from rules.wh40k.summary import summary as summarise

# Reports about one unit. Losses and demanded tests of an enemy unit, and models given
# back to one's own, are claims the other side must agree to.
Report = Casualties | Restore | ShockTest


class Wh40kEngine(Engine[Wh40kState]):
    """Warhammer 40,000 (10th edition) as a battle tracker."""

    id = "wh40k"
    # 3: ruleset 2 for new battles (Battle-shock tests named before the dice, Insane Bravery
    # before a test, no Command Re-roll of tests, CP before Battle-shock ends), demanded tests
    # in any step, a second Leader.
    # 4: ruleset 3 (per-round score limits, a referee's adjust_score).
    # 5: ruleset 4 (the primary mission decides when and how much primary scores; a mission
    # and map chosen at the start; the mission pack's scenarios).
    version = "5"
    # Engine stamps (bot.records.engine_version) of games that began under ruleset 1, 2, 3.
    ruleset_1_stamps = frozenset({"wh40k-wh40k/1", "wh40k-1", "wh40k-2"})
    ruleset_2_stamps = frozenset({"wh40k-3"})
    ruleset_3_stamps = frozenset({"wh40k-4"})
    command_group = GROUP
    commands = COMMANDS
    state_type = Wh40kState
    action_types = ACTIONS
    event_types = EVENTS
    aliases = ALIASES
    # Version 1 stamped every state with the engine's name; nothing read it.
    retired_fields = frozenset({"engine"})
    steps = flow.STEPS
    handlers = flow.HANDLERS
    referee_actions = flow.REFEREE_ACTIONS
    consent_actions = frozenset({"start_battle"})
    out_of_turn_actions = flow.OUT_OF_TURN_ACTIONS
    # Reported from the table, never listed among the legal actions (rules/core/menus.py).
    reported_actions = frozenset({"casualties", "restore"})
    # A server's datasheets (/wh40k datasheets) complete the app's text export of a roster.
    uploads_datasheets = True
    datasheet_actions = frozenset({"roster"})
    headline_events = frozenset({"StratagemUsed", "BattleShockTestRolled", "UnitDestroyed",
                                 "ModelsDestroyed", "ObjectiveControlChanged",
                                 "VictoryPointsScored", "BattleEnded"})

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios: Take and Hold first (a league's default), then by id."""
        found = sorted(catalogue.scenarios(), key=lambda s: (s != "take-and-hold", s))
        return [ScenarioInfo(id=s, seats=SEATS) for s in found]

    def new_game(self, scenario_id: str, seed: str) -> Wh40kState:
        """Set up a scenario with its sample armies deployed, in the setup step."""
        sc = catalogue.scenarios().get(scenario_id)
        if sc is None:
            refuse("core/bad-input", "refusal-no-scenario", scenario=scenario_id)
        state = Wh40kState(
            scenario=sc.id, dice=DiceState(seed=seed), first=sc.first_turn,
            active=sc.first_turn, cp={s: sc.starting_cp for s in SEATS},
            extra_cp={s: 0 for s in SEATS}, scores={s: [] for s in SEATS}, ruleset=RULESET,
        )
        state.control = {o.id: Control() for o in objectives(state)}
        for seat in SEATS:
            roster = catalogue.bundled_roster(sc.sides[seat].roster)
            check_roster_units(state, roster)
            add_roster(state, seat, roster)
        return state

    def replay_start(self, scenario_id: str, seed: str, stamp: str = "") -> Wh40kState:
        """Start a replay by the rules the game began under: an older stamp's ruleset."""
        state = self.new_game(scenario_id, seed)
        if stamp in self.ruleset_1_stamps:
            state.ruleset = 1
        elif stamp in self.ruleset_2_stamps:
            state.ruleset = 2
        elif stamp in self.ruleset_3_stamps:
            state.ruleset = 3
        return state

    def prepare(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Read a roster file (`text`: TOML, a list builder's .ros/.rosz, the app's text
        export with an optional `datasheets` TOML) into the units the action stores.

        It is read here, within the upload budgets, so the log keeps the army itself
        and a replay never parses a file again.
        """
        server = raw.pop(SERVER_DATASHEETS, None)
        if raw.get("type") == "roster" and "text" in raw:
            text = raw.pop("text")
            sheets = raw.pop("datasheets", None)
            own = read_datasheets(sheets).datasheet if isinstance(sheets, bytes | str) else ()
            kept = [s for stored in server or () if isinstance(stored, str)
                    for s in stored_sheets(stored)]
            roster = read_army(text if isinstance(text, bytes) else str(text),
                               [s.model_dump(exclude_none=True) for s in own], kept)
            raw.update(name=roster.name, units=keyed(roster.units), points=roster.points)
        return raw

    def read_datasheets(self, data: str | bytes) -> tuple[str, str, int, tuple[Msg, ...]]:
        """Read a datasheets upload (our TOML or a BSData catalogue, rules.wh40k.catalogues)."""
        sheets = read_datasheets(data)
        return (sheets.army, stored_form(sheets), len(sheets.datasheet),
                datasheets_preview(sheets))

    def after(
        self, before: Wh40kState, work: Wh40kState, action: Action, events: list[Event]
    ) -> None:
        """Report the units that went Below Half-strength, or came back above it."""
        events.extend(strength_changes(below_half_now(before), work))

    def best_score(self, state: Wh40kState, seat: str) -> int | None:
        """Return the most VP a side's score sheet counts: the primary and secondary caps."""
        return PRIMARY_CAP + SECONDARY_CAP

    def outcome(self, state: Wh40kState) -> Outcome | None:
        """Return the result once the battle is over."""
        return result(state) if state.step == "over" else None

    def board(self, state: Wh40kState, seat: str | None) -> TabletopView:
        """Return the table; nothing is hidden, so every seat sees the same one."""
        return picture.board(state)

    def summary(self, state: Wh40kState, full: bool) -> tuple[Msg, ...]:
        """Return the round, CP and VP, units Below Half or Battle-shocked, objectives."""
        return summarise(state, full)

    def position(self, state: Wh40kState, seat: str | None) -> dict[str, Any]:
        """Return the whole battle (nothing in 40k is secret) without the dice, and what follows.

        `derived` holds the facts worked out from the units: the phase, VP totals, and each
        unit's Starting Strength, Below Half-strength and attached parts.
        """
        out = super().position(state, seat)
        out["derived"] = {
            "phase": phase_of(state.step),
            "vp": {s: vp_total(state, s) for s in SEATS},
            "units": {
                u.id: {
                    "destroyed": u.destroyed,
                    "below_half_strength": below_half_strength(state, u),
                    "starting_strength": starting_strength(state, u),
                    "attached": [p.id for p in parts(state, u)]
                    if u.leads or leader_of(state, u) else [],
                }
                for u in state.units.values()
            },
        }
        return out

    def suggest(
        self,
        state: Wh40kState,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[Msg | str, str]]:
        """Offer completions for unit, leader, bodyguard and stratagem options."""
        return list(suggest(state, seat, field, text))

    def label(self, action: Action, state: Wh40kState | None = None) -> Msg:
        """Word a button; a Stratagem's is named by the catalogue; moving on says where to."""
        if action.type == "next_phase":
            goes = flow.next_phase_goes(state) if state is not None else {"to": "other"}
            return msg("button-next-phase", **{"step": None, **goes})
        if isinstance(action, UseStratagem):
            return msg("button-stratagem", name=term("stratagem", action.name), unit=action.unit)
        if isinstance(action, GainCp):
            # Whose CP and why: beyond the Command phase's own, another rule's (capped).
            return msg("button-gain-cp", amount=action.amount, seat=term("seat", action.seat),
                       source=action.source or term("cp-source", "other-rule"))
        return super().label(action, state)

    def preview(self, action: Action) -> tuple[Msg, ...]:
        """List a roster's units before it is loaded: models, W, Ld and OC of each distinct
        profile, points where the list gives them, the Warlord and the Leaders."""
        if not isinstance(action, LoadRoster):
            return super().preview(action)
        keys = {u.key: u.name for u in action.units if u.key}
        out = [msg("preview-roster", name=action.name or None, units=len(action.units),
                   models=sum(u.models for u in action.units), points=action.points)]
        for unit in action.units:
            single = not unit.profiles
            out.append(msg("preview-roster-unit", name=unit.name, models=unit.models,
                           wounds=unit.wounds if single else None,
                           leadership=unit.leadership, oc=unit.oc, points=unit.points,
                           warlord=unit.warlord,
                           leads=keys.get(unit.leads) if unit.leads else None,
                           reserves=unit.reserves))
            out.extend(msg("preview-roster-profile", name=p.name or unit.name, models=p.models,
                           wounds=p.wounds, leadership=p.leadership or unit.leadership,
                           oc=p.oc) for p in unit.profiles)
            listed = unit.listed
            if listed.enhancements:
                out.append(msg("preview-roster-enhancements", names=items(listed.enhancements)))
            if listed.wargear:
                out.append(msg("preview-roster-wargear", names=items(listed.wargear)))
        return tuple(out)

    def preview_choices(self, action: Action) -> tuple[PreviewChoice, ...]:
        """Offer each Leader of a roster its eligible Bodyguards (wh40k/leader)."""
        return leader_choices(action) if isinstance(action, LoadRoster) else ()

    def preview_choose(self, action: Action, key: str, value: str) -> Action:
        """Join the Leader `key` of a previewed roster to the unit `value` (or to none)."""
        if not isinstance(action, LoadRoster):
            return super().preview_choose(action, key, value)
        return choose_bodyguard(action, key, value)

    def points_of(self, action: Action) -> int | None:
        """Return a roster's points: the list's total, else its units' if all are priced."""
        if not isinstance(action, LoadRoster):
            return None
        if action.points is not None:
            return action.points
        priced = [u.points for u in action.units]
        return sum(p or 0 for p in priced) if all(p is not None for p in priced) else None

    def points_limit(self, state: Wh40kState) -> int | None:
        """Return the scenario's points limit for each army (wh40k/points-limit), if any."""
        scenario = catalogue.scenarios().get(state.scenario)
        return scenario.points if scenario is not None else None

    def report_for(self, state: Wh40kState, action: Action) -> str | None:
        """Return the side whose unit a report (casualties, restore, a demanded test) is about.

        A referee who plays no seat starts the battle for the attacker's seat.
        """
        if isinstance(action, StartBattle):
            return "attacker"
        if not isinstance(action, Report):
            return None
        try:
            return find(state, action.unit).side
        except RuleViolation:
            return None

    def agreement_from(self, state: Wh40kState, action: Action) -> str | None:
        """Return the side that must agree to a report: the victim of a loss reported by its
        enemy, or the enemy of a side giving models back to its own unit; and the other
        side to a side ready to start the battle (wh40k/both-ready)."""
        if isinstance(action, StartBattle):
            return other(action.seat) if action.seat in SEATS else None
        side = self.report_for(state, action)
        if side not in SEATS:
            return None
        owner: Seat = "attacker" if side == "attacker" else "defender"
        if action.type == "restore":
            return other(owner) if action.seat == owner else None
        return owner if action.seat != owner else None

    def demo_player(self) -> Player:
        """Return the policy that plays data/demo's script for this system."""
        from rules.wh40k.autoplay import PLAYER

        return PLAYER


SYSTEM = Wh40kEngine()
