"""A monument tile and its tooltip name it the same (play-test p1, item 12: tile "Collection", tip "Dominion
Collection"), free and built with each of its options."""

from __future__ import annotations

import pygame

from game.shell import testing

testing.use_dummy_drivers()


def _tiles_and_tips(view, st):
    """(the first line drawn on each monument tile, its tooltip) of the monument spaces' row."""
    from game.realm.ui.table import SPACES_RECT, TableRenderer, UIHints
    from game.shell.text import registry

    registry.begin_frame()
    spots = TableRenderer(st.c).draw(pygame.Surface((1600, 900)), view, UIHints())
    out = []
    for h in spots:
        if h.kind == "space" and SPACES_RECT.contains(h.rect):
            inside = [d for d in registry.items if h.rect.contains(d.rect)]
            top = min(d.rect.y for d in inside)  # the name's line (beside a built tile's builder letters)
            out.append((max((d.text for d in inside if d.rect.y <= top + 4), key=len), h.tip))
    return out


def test_a_free_tile_and_its_tip_give_the_same_name() -> None:
    from game.realm.engine import new_game

    pygame.font.init()
    st = new_game(3, seed=2)
    pairs = _tiles_and_tips(st.view(0), st)
    assert len(pairs) == 12
    for shown, tip in pairs:
        assert tip.startswith(f"{shown}: "), (shown, tip)
    assert any(shown == "Collection" for shown, _ in pairs)  # control: a tile that shortens its rule's name


def test_a_built_tile_and_its_tip_give_the_same_name() -> None:
    from game.realm.engine import new_game

    pygame.font.init()
    st = new_game(3, seed=2)
    most = max(len(sp.options or [None]) for sp in st.c.spaces)
    for option in range(most):
        view = st.view(0)
        for sp in st.c.spaces:
            if not sp.id.startswith("track_"):
                view["monuments"][sp.index] = {"owner": 1, "age": 1, "option": min(option, len(sp.options or [0]) - 1)}
        for shown, tip in _tiles_and_tips(view, st):
            assert tip.startswith(f"{shown}: "), (shown, tip)
