"""The mission pack: which primary mission and map a battle is fought on, and when and how
much its primary scores.

A battle's mission and map are the scenario's unless `/wh40k start` chose others; battles
begun before ruleset 4 keep the scenario's map and score as before (wh40k/score-per-round).
"""

from __future__ import annotations

from rules.core.errors import refuse
from rules.core.text import term
from rules.wh40k import catalogue
from rules.wh40k.catalogue import Deployment, Objective, Point2, Primary
from rules.wh40k.state import SEATS, RoundScore, Seat, Wh40kState

MISSION_RULESET = 4
CHOICE = "wh40k/mission-choice"


def primary_of(state: Wh40kState) -> Primary | None:
    """Return the battle's primary mission (None in a battle begun before ruleset 4)."""
    if state.ruleset < MISSION_RULESET:
        return None
    sc = catalogue.scenarios()[state.scenario]
    return catalogue.primaries()[state.mission or sc.mission]


def deployment_of(state: Wh40kState) -> Deployment | None:
    """Return the battle's deployment map (None: the scenario draws its own)."""
    found = state.deployment or catalogue.scenarios()[state.scenario].deployment
    return catalogue.deployments()[found] if found else None


def objectives(state: Wh40kState) -> tuple[Objective, ...]:
    """Return the battle's objective markers: its map's, else the scenario's."""
    found = deployment_of(state)
    return found.objectives if found else catalogue.scenarios()[state.scenario].objectives


def zones(state: Wh40kState) -> dict[Seat, tuple[Point2, ...]]:
    """Return each side's deployment zone (empty where the scenario draws none)."""
    found = deployment_of(state)
    if found:
        return {seat: found.zone(seat) for seat in SEATS}
    sides = catalogue.scenarios()[state.scenario].sides
    return {seat: sides[seat].zone for seat in SEATS}


def check_choice(state: Wh40kState, mission: str | None, deployment: str | None) -> None:
    """A battle begun from ruleset 4 may be fought on any primary and map of the pack."""
    if mission is None and deployment is None:
        return
    if state.ruleset < MISSION_RULESET:
        refuse(CHOICE, "refusal-mission-too-old")
    if mission is not None and mission not in catalogue.primaries():
        refuse(CHOICE, "refusal-no-mission", mission=mission,
               choices=", ".join(f"`{p}`" for p in catalogue.primaries()))
    if deployment is not None and deployment not in catalogue.deployments():
        refuse(CHOICE, "refusal-no-deployment", deployment=deployment,
               choices=", ".join(f"`{d}`" for d in catalogue.deployments()))


def primary_budget(state: Wh40kState, seat: Seat, mission: Primary) -> int:
    """Return the most primary `seat` may score in the current turn of the battle round.

    Its own turn scores `own_turn`; an opponent's turn that follows one of its own (the same
    round if it went first, else the round before) scores `opponent_turn`; the round's
    second turn adds `round_end`.
    """
    i = state.round - 1
    if state.active == seat:
        budget = mission.own_turn[i]
    else:
        after = i if seat == state.first else i - 1
        budget = mission.opponent_turn[after] if after >= 0 else 0
    if state.active != state.first:
        budget += mission.round_end[i]
    return budget


def scored_this_turn(state: Wh40kState, entry: RoundScore) -> int:
    """Return the primary of a round's entry reported in the current turn."""
    if state.active != state.first:
        return entry.second_turn
    return entry.primary - entry.second_turn


def check_primary(state: Wh40kState, seat: Seat, entry: RoundScore, primary: int) -> None:
    """Refuse primary points the battle's mission does not give now, or past its turn's
    most (wh40k/primary-<mission>); a correction downwards is always taken."""
    mission = primary_of(state)
    if mission is None or primary <= 0:
        return
    rule = f"wh40k/primary-{mission.id}"
    budget = primary_budget(state, seat, mission)
    name = term("primary", mission.id)
    if budget == 0:
        refuse(rule, "refusal-primary-not-now", mission=name, round=state.round)
    total = scored_this_turn(state, entry) + primary
    if total > budget:
        refuse(rule, "refusal-primary-turn-cap", mission=name, limit=budget, total=total)
