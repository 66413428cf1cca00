"""Uploaded TOML is read within budgets: a hostile file is refused before it costs anything."""

from __future__ import annotations

import pytest

from rules.core.bounded_toml import TomlLimits, TomlRefused, loads_bounded


def _reason(text: str, limits: TomlLimits | None = None) -> str:
    with pytest.raises(TomlRefused) as caught:
        loads_bounded(text, limits or TomlLimits())
    return caught.value.reason


def test_an_ordinary_roster_is_read() -> None:
    text = '# army\nname = "Waaagh"\n[[unit]]\nname = "Boyz" # mob\nmodels = 10\nx = 12.5\n'
    assert loads_bounded(text) == {"name": "Waaagh", "unit": [{"name": "Boyz", "models": 10,
                                                                 "x": 12.5}]}


def test_the_dotted_key_bomb_never_reaches_the_parser() -> None:
    # 48 KB of one dotted key cost the standard parser 14-18 s and 2 GB before.
    bomb = "a" + ".a" * 24_000 + " = 1\n"
    assert _reason(bomb) == "line-too-dotted"
    assert _reason("[" + "a." * 40 + "a]\n") == "line-too-dotted"
    # Many moderately dotted lines stay inside the budget and parse.
    many = "".join(f"k{i}" + ".a" * 31 + " = 1\n" for i in range(50))
    assert len(loads_bounded(many)) == 50


def test_size_lines_nesting_items_and_syntax_are_refused_with_a_reason() -> None:
    assert _reason("x = 1\n" * 20, TomlLimits(max_chars=50)) == "too-large"
    assert _reason("\n" * 2_001) == "too-many-lines"
    assert _reason("a = " + "[" * 5_000 + "]" * 5_000) == "too-deep"
    assert _reason("a = " + "{b = " * 3_000 + "1" + "}" * 3_000) == "too-deep"
    assert _reason("a = [" + "1," * 6_000 + "]") == "too-many-items"
    assert _reason("not = [toml") == "syntax"


def test_a_refusal_carries_its_details_as_data() -> None:
    with pytest.raises(TomlRefused) as caught:
        loads_bounded("x.y.z = 1\n", TomlLimits(max_dots_per_line=1))
    assert caught.value.values == {"line": 1, "limit": 1}
