"""A board's pillars (play-test p1, items 2-3): the band's influence reads as influence, not as a count of
the arrows on the cards; a tight stack's icon label has icons of 14 px at 1280x720 and stands clear of the
stack's cards, inside its column."""

from __future__ import annotations

import random

import pygame
import pytest

from game.shell import testing

from .realm_ui_helpers import realm_table_at

SCALE_1280 = 1280 / 1600

testing.use_dummy_drivers()


def _late_game(players: int, seed: int):
    """A random game's last age, its stacks tall."""
    from game.realm.engine import new_game

    st, rng = new_game(players, seed=seed), random.Random(seed)
    while not (st.age == 3 and st.round >= 3 and st.decision_name() == "select"):
        st.apply(rng.choice(st.legal_actions()))
    return st


def test_each_bands_influence_says_infl_and_its_tip_says_it_is_the_track(cfg) -> None:
    st = _late_game(3, 5)
    app, scene = realm_table_at(cfg, st)
    p = st.to_move()
    view = scene.view()
    words = testing.drawn_texts(app)
    for pl, name in enumerate(st.c.pillar_names):
        level = view["tracks"][p][pl]
        spot = next(h for h in scene.hotspots if h.kind == "influence" and h.value == (p, pl))
        assert f"infl {level}" in words
        assert scene.tooltip_at(spot.rect.center).startswith(f"Your influence on {name}: {level} (the marker")
    rival = (p + 1) % st.n
    spot = next(h for h in scene.hotspots if h.kind == "influence" and h.value == (rival, 0))
    assert scene.tooltip_at(spot.rect.center).startswith("This player's influence on")


def test_a_tight_stacks_label_icons_are_14_px_at_1280x720(monkeypatch) -> None:
    from game.realm.engine import load_content
    from game.realm.ui import table as T

    pygame.font.init()
    content = load_content()
    r = T.TableRenderer(content)
    sizes: list[int] = []
    real = T.draw_icon
    monkeypatch.setattr(T, "draw_icon", lambda surf, name, centre, size, fg: (sizes.append(size),
                                                                              real(surf, name, centre, size, fg)))
    with_icons = [cd for cd in content.cards if len(cd.halves[0].icons) >= 1][:6]
    stack = [{"card": cd.id, "pillar": 0, "side": 0} for cd in with_icons]
    spots: list = []
    r._stack(pygame.Surface((600, 300)), pygame.Rect(10, 10, 110, 90), pygame.Rect(10, 45, 110, 20), 0, stack,
             (0, 0), spots)
    assert any(h.kind == "stack_icons" for h in spots)  # tight: its icons on a label
    assert sizes and min(sizes) * SCALE_1280 >= 14, sizes
    assert 12 * SCALE_1280 < 14  # control: the play-tester's 12 logical px were under 14 px at 1280x720


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_stacks_label_stands_in_its_column_clear_of_the_stacks_cards(players) -> None:
    """Every seat's board with tall stacks of cards showing many icons (as The Archivists' D stack, z092):
    each label inside its column, 3 px in from its edges, over none of its stack's cards."""
    from game.realm.engine import new_game
    from game.realm.ui.table import BOARDS_RECT, TableRenderer, UIHints

    pygame.font.init()
    st = new_game(players, seed=7)
    view = st.view(0)
    rich = sorted(st.c.cards, key=lambda cd: -len(set(cd.halves[0].icons) | set(cd.halves[1].icons)))[:9]
    for q in range(players):
        for pl, side, count in ((4, 0, 9), (0, 1, 6), (2, 0, 4)):
            view["tucked"][q] += [{"card": cd.id, "pillar": pl, "side": side} for cd in rich[:count]]
    spots = TableRenderer(st.c).draw(pygame.Surface((1600, 900)), view, UIHints())
    labels = [h for h in spots if h.kind == "stack_icons"]
    cards = [h for h in spots if h.kind == "tucked"]
    bands = {h.value: h.rect for h in spots if h.kind == "pillar"}
    assert len(labels) >= players  # control: the stacks are tight enough to take a label
    for label in labels:
        p, pl, side = label.value
        band = bands[(p, pl)]
        column = pygame.Rect(band.x + 3, BOARDS_RECT.y, band.w - 6, BOARDS_RECT.h)
        assert column.left <= label.rect.left and label.rect.right <= column.right, (tuple(label.rect), tuple(band))
        mine = [h.rect for h in cards if h.value[:3] == (p, pl, side)]
        assert mine and not any(label.rect.colliderect(r) for r in mine), (label.value, tuple(label.rect))
