"""Words set the fast way give what setting them character by character gives."""

from __future__ import annotations

import pytest

from renderers.lettering import _ellipsis, _printable, fit_text, printable, text_width


def test_a_text_with_an_accent_keeps_each_ascii_character_as_looking_it_up_would() -> None:
    text = "\t\n\x7f" + "".join(map(chr, range(0x20, 0x7F))) + "\u00e9\u2026\u00bd\u4e00"
    assert printable(text) == "".join(_printable(c) for c in text)


def _fit_by_every_try(text: str, size: int, max_width: float, bold: bool) -> str:
    """Cut `text` as fit_text always did: measure every try, a character at a time."""
    text = printable(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    mark = _ellipsis()
    while len(text) > 1 and text_width(text.rstrip() + mark, size, bold=bold) > max_width:
        text = text[:-1]
    return text.rstrip() + mark


LINES = (
    "Uesugi: battle with ordered pieces or end the turn",
    "West: 2 troops, strength 3 | ISHIDA in camp, may flee | stack 7",
    "C4 Warband: STORM (ATTACK) \u2192 O3 The Old Stockade (contact)",
    "Counter-attack",
    "a b",
)


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("line", LINES)
def test_a_line_is_cut_where_measuring_every_try_cuts_it(line: str, bold: bool) -> None:
    full = text_width(line, 22, bold=bold)
    widths = [full * k / 40 for k in range(41)] + [0.0, -1.0, 10.5]
    cuts = [fit_text(line, 22, w, bold=bold) for w in widths]
    assert cuts == [_fit_by_every_try(line, 22, w, bold) for w in widths]
    assert len(set(cuts)) > len(line) // 5  # many different cuts were compared
