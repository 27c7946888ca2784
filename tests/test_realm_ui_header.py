"""Realm's header (play-test p1, item 9): which way hands pass is never under the box of a move in preview,
and is told whole in its tooltip where the header shows only its arrow and word."""

from __future__ import annotations

import pytest

from game.realm.ui.table_scene import PREVIEW_RECT
from game.shell import testing

from .engine_helpers import play_until
from .realm_ui_helpers import realm_table_at

testing.use_dummy_drivers()


def _direction_text(app, arrow: str):
    return next(d for d in app.last_frame_texts if arrow in d.text)


@pytest.mark.parametrize("age,arrow,way", [(1, "\u21bb", "clockwise"), (2, "\u21ba", "counter-clockwise")])
def test_which_way_hands_pass_stays_clear_of_the_preview_box(cfg, age, arrow, way) -> None:
    st = play_until(3, 4, lambda s: s.age == age and s.decision_name() == "place")
    app, scene = realm_table_at(cfg, st)
    scene.choose(st.legal_actions()[0])  # a move in preview: its box stands in the header
    scene.rebuild()
    testing.step(app, 2)
    assert testing.was_drawn(app, "Confirm")
    drawn = _direction_text(app, arrow)
    assert drawn.text.endswith(f"{arrow} {way}") and "\u2026" not in drawn.text
    assert not drawn.rect.colliderect(PREVIEW_RECT), (tuple(drawn.rect), tuple(PREVIEW_RECT))
    tip = scene.tooltip_at(drawn.rect.center)
    assert tip.startswith(f"This age, hands pass {way}.")


def test_control_the_whole_words_stand_where_they_fit(cfg) -> None:
    st = play_until(3, 4, lambda s: s.age == 1 and s.decision_name() == "place")
    app, _scene = realm_table_at(cfg, st)
    assert _direction_text(app, "\u21bb").text == "hands pass \u21bb clockwise"
