"""Every magic item on offer says what it does in a line under its name (play-tester p1, finding 18:
Divination, Protection and Transmutation showed only their names, their rows being too wide for a tile).
Where a card's own row does not fit, the tile uses shorter words (``look.SHORT_ITEM_LINES``)."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T

from .test_arcana_ui_fit import _action_phase_state, _lift_curtain


@pytest.fixture
def app():
    return testing.make_app()


def _offer_tile_texts(cd, size: tuple[int, int]) -> list[str]:
    from game.arcana.ui import look as L

    img = pygame.Surface(size, pygame.SRCALPHA)
    before = len(T.registry.items)
    L.draw_tile(img, img.get_rect(), cd, None, False, centre=True, rows=2)
    texts = [d for d in T.registry.items[before:]]
    del T.registry.items[before:]
    for d in texts:
        assert img.get_rect().contains(d.rect) and not d.text.endswith("\u2026"), (cd.name, d.text, d.rect)
    return [d.text for d in texts]


def _item_tile_size() -> tuple[int, int]:
    from game.arcana.ui import layout as LY

    return LY.TILE_W - 8, T.line_height(13, bold=True) * 2 + 8  # the table's centre tiles


def test_every_magic_item_on_offer_shows_a_line_besides_its_name(app) -> None:
    from game.arcana.engine import new_game

    items = [cd for cd in new_game(2, 1).c.cards if cd.kind == "magic_item"]
    assert len(items) >= 8 and {"Divination", "Protection", "Transmutation"} <= {cd.name for cd in items}
    bare = [cd.name for cd in items if not set(_offer_tile_texts(cd, _item_tile_size())) - {cd.name}]
    assert not bare, f"only a name on the tile: {bare}"


def test_the_check_sees_a_tile_with_only_a_name(app) -> None:
    """Control: a tile too narrow for any line of Protection's shows only its name, and the check says so."""
    from game.arcana.engine import new_game

    cd = next(c for c in new_game(2, 1).c.cards if c.name == "Protection")
    assert set(_offer_tile_texts(cd, (110, _item_tile_size()[1]))) == {"Protection"}


def test_the_items_on_the_table_show_their_lines(cfg, app) -> None:
    from game.arcana.ui.table import TableScene

    sess = GameSession(2, [Seat("human"), Seat("human")], 7, {"preset": "random"}, presets=None, game="arcana")
    sess.state = next(s for s in (_action_phase_state(2, seed) for seed in range(7, 60)) if s.to_move() == 0)
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    _lift_curtain(app)
    free = table.view()["magic_items_free"]
    assert free
    for cid in free:
        ci = sess.state.c.by_id[cid]
        inside = [d.text for d in app.last_frame_texts if table.anchors[("card", ci)].contains(d.rect)]
        assert set(inside) - {sess.state.c.cards[ci].name}, (sess.state.c.cards[ci].name, inside)
