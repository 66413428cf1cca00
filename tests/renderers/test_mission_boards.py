"""40k boards of the mission pack: each map's deployment zones are painted where the map
puts them while the armies deploy, and every word is readable at a phone's width."""

from __future__ import annotations

import pytest

from bot.text import word_view, words_for
from renderers import BOARD_WIDTH, clear_caches, render_image, tabletop
from renderers.legibility import PHONE_WIDTH, SMALLEST, measuring
from rules.core.board import TabletopView
from rules.wh40k import catalogue
from rules.wh40k.engine import SYSTEM
from rules.wh40k.missions import objectives

from .helpers import pixel


def _setup_view(deployment: str, language: str = "en") -> TabletopView:
    state = SYSTEM.new_game("take-and-hold", "boards")
    state.deployment = deployment
    view = SYSTEM.board(state, None)
    assert isinstance(view, TabletopView)
    return word_view(view, words_for(SYSTEM, language))


@pytest.mark.parametrize("deployment", list(catalogue.deployments()))
def test_each_maps_zones_are_painted_inside_and_not_outside(deployment: str) -> None:
    view = _setup_view(deployment).model_copy(update={"units": ()})  # the table alone
    img = render_image(view, BOARD_WIDTH)
    lay = tabletop.TableLayout.of(view, BOARD_WIDTH)
    zone = tabletop.feature_style("deployment").fill
    found = catalogue.deployments()[deployment]
    state = SYSTEM.new_game("take-and-hold", "x")
    state.deployment = deployment
    centre = next(o for o in objectives(state) if o.name == "centre")
    # Beside the centre marker's ring lies No Man's Land on every map; a few inches in from a
    # home marker lies that side's zone (sampled off the marker's own drawing).
    assert pixel(img, lay.to_px(centre.x + 4.5, centre.y + 0.5))[:3] != zone[:3]
    for home in (o for o in found.objectives if o.name.endswith("-home")):
        assert pixel(img, lay.to_px(home.x + 0.5, home.y - 4.5))[:3] == zone[:3], home.name


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize("deployment", list(catalogue.deployments()))
def test_a_maps_words_are_8_px_or_more_at_400_px(deployment: str, language: str) -> None:
    clear_caches()
    with measuring() as marks:
        render_image(_setup_view(deployment, language), BOARD_WIDTH)
    clear_caches()
    texts = [m for m in marks if m.kind == "text"]
    assert any(m.what.endswith("zone") or m.what.startswith("Zona") for m in texts)
    small = [m.what for m in texts if m.height * PHONE_WIDTH / BOARD_WIDTH < SMALLEST]
    assert small == []
