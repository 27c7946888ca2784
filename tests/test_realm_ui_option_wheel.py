"""Play-test gB item 3: the mouse wheel scrolled a long option menu wherever the mouse was. It scrolls the menu
only with the pointer over the menu's panel; elsewhere the wheel leaves the menu as it is."""

from __future__ import annotations

import pytest

from game.realm.ui.table import SPACES_RECT, TRACKS_RECT
from game.shell import testing

from .realm_ui_helpers import realm_table_at
from .test_realm_ui_option_reach import _most_claims, _option_buttons, _state_at

testing.use_dummy_drivers()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_wheel_scrolls_the_option_menu_only_over_it(cfg, size: tuple[int, int]) -> None:
    st = _most_claims(_state_at(1, "claim"))
    app, scene = realm_table_at(cfg, st, window_size=size)
    assert scene.option_cue is not None  # a menu longer than its panel
    shown = [b.text for b in _option_buttons(scene)]
    for away in (TRACKS_RECT.center, SPACES_RECT.center, (8, 8)):
        assert not scene.options_rect.collidepoint(away)
        testing.wheel(app, away, -1)
        assert [b.text for b in _option_buttons(scene)] == shown, away
    testing.wheel(app, scene.options_rect.center, -1)
    assert [b.text for b in _option_buttons(scene)] != shown  # over the menu: it scrolls
    scene.s.close()
