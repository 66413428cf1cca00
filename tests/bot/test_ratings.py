"""Players' ratings from league games (bot/service/leagues/ratings.py, OpenSkill underneath)."""

from __future__ import annotations

import pytest

from bot.service.leagues.ratings import START, Rated, ratings


def _by_player(rated: list[Rated]) -> dict[str, Rated]:
    return {r.player: r for r in rated}


def test_nobody_is_rated_before_a_game() -> None:
    assert ratings([]) == []


def test_the_winner_goes_up_and_the_loser_down() -> None:
    after = _by_player(ratings([("ana", "bia", "ana")]))
    assert after["ana"].mu > 25 > after["bia"].mu
    assert after["ana"].rating > START > after["bia"].rating
    assert after["ana"].games == after["bia"].games == 1
    # The same game with the seats the other way round rates the same.
    swapped = _by_player(ratings([("bia", "ana", "ana")]))
    assert swapped["ana"].rating == pytest.approx(after["ana"].rating)
    assert swapped["bia"].rating == pytest.approx(after["bia"].rating)


def test_a_draw_between_equals_changes_little() -> None:
    drawn = _by_player(ratings([("ana", "bia", None)]))
    won = _by_player(ratings([("ana", "bia", "ana")]))
    assert drawn["ana"].mu == pytest.approx(25.0)
    assert drawn["bia"].mu == pytest.approx(25.0)
    assert drawn["ana"].rating == pytest.approx(drawn["bia"].rating)
    assert abs(drawn["ana"].rating - START) < abs(won["ana"].rating - START) / 2


def test_a_draw_against_a_stronger_player_gains() -> None:
    games: list[tuple[str, str, str | None]] = [("ana", "x", "ana"), ("ana", "y", "ana")]
    before = _by_player(ratings(games))
    after = _by_player(ratings([*games, ("ana", "bia", None)]))
    assert after["bia"].mu > 25
    assert after["ana"].mu < before["ana"].mu


def test_the_order_games_were_played_in_matters() -> None:
    upset_first: list[tuple[str, str, str | None]] = [
        ("ana", "bia", "bia"), ("ana", "caio", "ana"), ("ana", "duda", "ana")
    ]
    upset_last = [upset_first[1], upset_first[2], upset_first[0]]
    first, last = _by_player(ratings(upset_first)), _by_player(ratings(upset_last))
    # Beating ana after she has won twice is worth more to bia.
    assert last["bia"].mu > first["bia"].mu
    assert last["ana"].mu != pytest.approx(first["ana"].mu)


def test_more_games_shrink_sigma() -> None:
    games: list[tuple[str, str, str | None]] = []
    sigmas = []
    for i in range(8):
        games.append(("ana", f"opponent{i}", "ana" if i % 2 else None))
        sigmas.append(_by_player(ratings(games))["ana"].sigma)
    assert all(b < a for a, b in zip(sigmas, sigmas[1:], strict=False))
    assert _by_player(ratings(games))["ana"].games == 8


def test_an_unbeaten_player_tops_the_list_and_the_order_is_stable() -> None:
    games: list[tuple[str, str, str | None]] = [
        ("bia", "caio", "bia"),
        ("duda", "ana", "ana"),
        ("caio", "duda", None),
        ("ana", "bia", "ana"),
        ("bia", "duda", "duda"),
        ("caio", "ana", "ana"),
    ]
    rated = ratings(games)
    assert rated[0].player == "ana"
    assert [r.rating for r in rated] == sorted((r.rating for r in rated), reverse=True)
    assert {r.player for r in rated} == {"ana", "bia", "caio", "duda"}
    assert ratings(games) == rated  # deterministic
    # Two players with the same record sit in id order.
    level = ratings([("zoe", "x", "zoe"), ("abe", "y", "abe")])
    assert [r.player for r in level[:2]] == ["abe", "zoe"]


@pytest.mark.parametrize(
    "bad", [("ana", "ana", None), ("ana", "bia", "caio")]
)
def test_impossible_games_are_refused(bad: tuple[str, str, str | None]) -> None:
    with pytest.raises(ValueError):
        ratings([bad])
