"""The shell's Hint, Undo and History show their keys (H, Ctrl+Z, Y) as badges, as Log [L] and Rules [F1] do
(play-tester p1, finding 16: the keys worked but nothing on the buttons said so), in both games: the buttons
are the shell's, the same in each, and the Button draws a badge only where it fits, so each is wide enough.
Realm's and Res Arcana's top bars keep every text apart with the wider buttons (their fit tests, and here)."""

from __future__ import annotations

import pygame
import pytest

from game.shell import testing
from game.shell.scene import WidgetScene
from game.shell.widgets import Button

from .test_arcana_ui_fit import Audit
from .test_undo_ui import _arcana_past, _realm_past

BADGES = {"hint_button": ("Hint", "H"), "undo_button": ("Undo", "Ctrl+Z"), "history_button": ("History", "Y")}


def _texts_in(app, rect: pygame.Rect) -> list[str]:
    return sorted(d.text for d in app.last_frame_texts if rect.contains(d.rect))


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("game", ["realm", "arcana"])
def test_hint_undo_and_history_show_their_keys_in_both_games(cfg, game, window) -> None:
    app, sess = (_realm_past if game == "realm" else _arcana_past)(cfg, window)
    testing.step(app, 3)
    table = app.stack.top
    assert table.hint_offered(), "a solo game at the viewer's turn offers hints"
    for attr, (label, key) in BADGES.items():
        button = getattr(table, attr)
        assert button in table.shared_shown
        assert _texts_in(app, button.rect) == sorted([label, key]), (game, attr, _texts_in(app, button.rect))
    top = [d for d in app.last_frame_texts if d.rect.bottom <= 46]
    audit = Audit()
    audit.check(top, [])
    assert not audit.bad, audit.report()


def test_the_old_undo_width_draws_no_badge() -> None:
    """Control: at its old 90 px the Undo button had no room for Ctrl+Z, and the check above would see it."""
    app = testing.make_app()
    old = Button("Undo", (100, 100, 90, 32), None, size="small", key_words="Ctrl+Z")
    app.push(WidgetScene(widgets=[old]))
    testing.step(app, 2)
    assert _texts_in(app, old.rect) == ["Undo"]
