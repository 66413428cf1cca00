"""Players' ratings from their confirmed league games, by OpenSkill (pure, deterministic).

The maths is openskill's (pinned in pyproject.toml): its Plackett-Luce model with the
defaults (a new player is mu 25, sigma 25/3), each game rated in the order played as
a two-team match with one player a side, a draw as a shared rank.

The displayed figure is the model's ordinal, mu - 3 sigma (a rating the player is very
likely above), scaled by `SCALE` and shifted by `START`: `rating = SCALE * (mu - 3 sigma) +
START`, openskill's `ordinal(z=3, alpha=SCALE, target=START)`. A new player shows 1500.
With SCALE 40 it reads roughly like Elo: between players with some games behind them
(sigma near 4), 400 points of difference (10 of mu) is, by the model's own prediction,
about nine wins in ten. A first game moves the figures a lot (a win between new players
gives 1637 and 1427) since the model knows little yet. Because sigma shrinks as a
player plays, the figure also rises a little with games played, even for a player who
wins and loses equally: the table rewards a proven record over a short lucky one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = ["SCALE", "START", "Rated", "ratings"]

SCALE = 40.0  # rating points per unit of the model's mu
START = 1500.0  # a new player's figure
_Z = 3.0  # sigmas below mu: the ordinal is conservative

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rated:
    """One player's rating after every game given."""

    player: str
    rating: float  # SCALE * (mu - 3 sigma) + START: 1500 for a new player (see the module)
    mu: float
    sigma: float
    games: int


def ratings(games: Sequence[tuple[str, str, str | None]]) -> list[Rated]:
    """Rate players from confirmed results in the order played: (a, b, winner or None for a
    draw). Sorted best first. Deterministic.

    Ties of rating fall to the higher mu, then to the player id.
    """
    current: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for a, b, winner in games:
        if a == b:
            raise ValueError(f"a player cannot play themself: {a!r}")
        if winner not in (None, a, b):
            raise ValueError(f"{winner!r} did not play {a!r} against {b!r}")
        for player in (a, b):
            if player not in current:
                current[player] = _MODEL.rating(name=player)
                played[player] = 0
            played[player] += 1
        ranks = [1.0, 1.0] if winner is None else ([1.0, 2.0] if winner == a else [2.0, 1.0])
        [[new_a], [new_b]] = _MODEL.rate([[current[a]], [current[b]]], ranks=ranks)
        current[a], current[b] = new_a, new_b
    out = [
        Rated(
            player=player,
            rating=float(r.ordinal(z=_Z, alpha=SCALE, target=START)),
            mu=float(r.mu),
            sigma=float(r.sigma),
            games=played[player],
        )
        for player, r in current.items()
    ]
    return sorted(out, key=lambda r: (-r.rating, -r.mu, r.player))
