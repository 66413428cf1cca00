"""The web companion's guards: the rate limit per client, and the language a visitor asks for."""

from __future__ import annotations

from bot.web.guards import WINDOW, RateLimit
from bot.web.templating import accepted_languages


def test_a_client_past_the_rate_waits_until_its_oldest_request_leaves_the_minute() -> None:
    now = [1000.0]
    limit = RateLimit(3, clock=lambda: now[0])
    assert [limit.wait("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    now[0] += 10
    assert limit.wait("a") == WINDOW - 10  # refused, and not counted
    assert limit.wait("b") == 0.0  # another client is not held up
    now[0] += WINDOW - 10
    assert limit.wait("a") == 0.0


def test_accept_language_is_read_by_quality_then_order() -> None:
    assert accepted_languages("en;q=0.5, pt-BR, fr;q=0.8, *;q=0.1") == ["pt-BR", "fr", "en"]
    assert accepted_languages("pt;q=abc, de") == ["de"]
    assert accepted_languages(None) == []
