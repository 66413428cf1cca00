"""Byes count in the round they fall (issue 32, first finding).

A round robin writes its rounds ahead, each bye settled as it is written, so right after
the start of a three-player league every player showed a bye's points although only one
sits out round 1.
"""

from __future__ import annotations

from bot.service.gameservice import GameService
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.test_league_withdrawals import fixtures, row_of, season, service, win
from tests.kit import checks

__all__ = ["service"]  # the fixture, used by name


def byes_by_round(service: GameService) -> dict[int, str]:
    return {f.round: f.home for f in fixtures(service, "Trio") if f.away is None}


@checks("core/league-bye")
def test_only_the_bye_of_the_round_being_played_counts(service: GameService) -> None:
    season(service, "Trio", [ALICE, BOB, CAROL], format_="round-robin")
    byes = byes_by_round(service)
    assert sorted(byes) == [1, 2, 3]  # every round written ahead, one bye each
    points = {p.user_id: row_of(service, "Trio", p).points for p in (ALICE, BOB, CAROL)}
    assert points == {uid: (3.0 if uid == byes[1] else 0.0) for uid in points}

    # Round 1 is played: round 2's bye now counts, round 3's still does not.
    (first,) = [f for f in fixtures(service, "Trio") if f.round == 1 and f.away is not None]
    players = {p.user_id: p for p in (ALICE, BOB, CAROL)}
    win(service, "Trio", players[first.home], players[first.away])
    assert row_of(service, "Trio", players[byes[2]]).points >= 3.0
    third = players[byes[3]]
    played = 3.0 if third.user_id == first.home else 0.0
    assert row_of(service, "Trio", third).points == played + (3.0 if byes[1] == third.user_id
                                                             else 0.0)
