"""Shared vocabulary of every game system: actions, events, dice, geometry, rule references."""

from rules.core.errors import RuleViolation
from rules.core.model import Action, Event, Frozen

__all__ = ["Action", "Event", "Frozen", "RuleViolation"]
