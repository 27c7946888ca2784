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
    assert any(shown == "Dominion Collection" for shown, _ in pairs)  # the one whose tile once said "Collection"


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


def test_every_monument_has_one_name_on_its_tile_tip_hint_score_table_and_log() -> None:
    """Play-test s8 item 4: "Collection" on its tile, "Dominion Collection" in the hint and the score table. Each
    monument's tile, tooltip, the build hint, the age's score table and the log name it
    alike."""
    from game.realm.engine import describe, new_game
    from game.realm.engine.advice import _best_unbuilt
    from game.realm.ui.overlays import AgeScoringScene
    from game.realm.ui.table import TableRenderer, UIHints
    from game.realm.ui.words import event_text

    pygame.font.init()
    st = new_game(3, seed=2)
    c = st.c
    tiles = {shown: tip for shown, tip in _tiles_and_tips(st.view(0), st)}
    spaces = [sp for sp in c.spaces if not sp.id.startswith("track_")]
    assert len(tiles) == len(spaces) == 12
    best = _best_unbuilt(st, 0)[1]  # the hint's words for the best monument to build
    assert any(best.startswith(sp.name) for sp in spaces), best
    app = testing.make_app(window_size=(1280, 720))  # the end of age's score table, every monument in it
    table = AgeScoringScene(TableRenderer(c), st.view(0), UIHints(), 1, [[sp.index, 1, 2, 3] for sp in spaces],
                            [0, 0, 0])
    app.push(table)
    testing.step(app, 2)
    table.shown = len(spaces)
    testing.step(app, 2)
    scored = testing.drawn_texts(app)
    for sp in spaces:
        assert sp.name in tiles, (sp.name, sorted(tiles))  # the tile's first line is the name
        assert sp.name in scored, (sp.name, scored)
        assert tiles[sp.name].startswith(f"{sp.name}: ")
        log = event_text(c, {"type": "monument", "seat": 0, "space": sp.index, "option": 0}, lambda p: "Ann")
        assert f"on {sp.name}" in log, log
        assert f"on {sp.name}" in describe(c, ("monument", sp.index, 0))
