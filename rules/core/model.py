"""Base models for actions, events and states."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value that refuses unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Action(Frozen):
    """Something a seat asks to do; each system narrows `type` to a literal."""

    type: str
    seat: str = ""


class Event(Frozen):
    """Something that happened; drives log text, turn summaries and highlights."""

    # True for dice rolls and reveals: a player may not take back an action past one.
    irreversible: ClassVar[bool] = False

    type: str
