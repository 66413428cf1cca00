"""Objective control: checked when the battle starts and whenever a phase ends."""

from __future__ import annotations

from rules.core.inches import Point
from rules.core.model import Event
from rules.wh40k.actions import ObjectiveControlChanged
from rules.wh40k.missions import objectives
from rules.wh40k.state import Control, Wh40kState, control_of, objective_totals


def recompute_control(work: Wh40kState, events: list[Event]) -> None:
    """Decide who holds each marker now, reporting the markers that changed."""
    for obj in objectives(work):
        totals = objective_totals(work, Point(x=obj.x, y=obj.y))
        now = control_of(totals)
        was = work.control.get(obj.id, Control())
        if now != was:
            events.append(ObjectiveControlChanged(
                objective=obj.id, label=obj.name, holder=now.holder, contested=now.contested,
                was=was.holder, attacker_oc=totals["attacker"], defender_oc=totals["defender"],
            ))
        work.control[obj.id] = now
