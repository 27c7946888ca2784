"""The game log scrolls a useful amount and by keys (play-test: the wheel was slow, End was not hinted).

On Res Arcana's table with a long log open: a notch of the wheel scrolls several lines (five), a touchpad's
part-notch scrolls too; Page Up and Page Down move by a view less a line, Home goes to the oldest line and
End back to the newest (where the log follows again); the heading says so, whole, beside "Game log". The
control: with the log closed, the keys leave it where it was.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.arcana.ui import TableScene
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T
from game.shell.widgets import ScrollList


def _open_log(cfg: Any) -> tuple[Any, Any]:
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule")], 3, {"preset": "random"},
                       presets=None, game="arcana")
    app = testing.make_app(skip_animations=True)
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 2)
    for k in range(120):
        table.log.append(f"Line {k}: Annabel uses the Dragon Bridle to gain one Gold.")
    testing.key(app, pygame.K_l, frames=2)
    assert table.show_log and table.log.at_end()
    return app, table


def test_a_wheel_notch_scrolls_several_lines(cfg) -> None:
    app, table = _open_log(cfg)
    log, lh = table.log, T.line_height("small")
    before = log.scroll
    testing.wheel(app, log.view_rect().center, dy=1)  # one notch up
    assert before - log.scroll >= 4 * lh
    before = log.scroll
    testing.move(app, log.view_rect().center, frames=0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0, flipped=False, precise_x=0.0, precise_y=0.5,
                                         touch=False))
    testing.step(app)
    assert before - log.scroll >= 2 * lh  # half a notch of a smooth wheel: half as far, not nothing


def test_page_keys_home_and_end_move_the_open_log(cfg) -> None:
    app, table = _open_log(cfg)
    log = table.log
    page = log.view_rect().h - T.line_height("small")
    end = log.scroll
    testing.key(app, pygame.K_PAGEUP)
    assert abs((end - log.scroll) - page) <= 1
    testing.key(app, pygame.K_PAGEUP)
    testing.key(app, pygame.K_PAGEDOWN)
    assert abs((end - log.scroll) - page) <= 1
    testing.key(app, pygame.K_HOME)
    assert log.scroll == 0
    table.log.append("A new line while the oldest are read")
    assert log.scroll == 0  # scrolled away: it does not jump
    testing.key(app, pygame.K_END)
    assert log.at_end()
    table.log.append("Another new line")
    assert log.at_end()  # at the newest again: it follows


def test_the_heading_says_the_keys_whole_beside_the_title(cfg) -> None:
    app, table = _open_log(cfg)
    testing.move(app, (4, 896), frames=2)
    drawn = {d.text: d.rect for d in app.last_frame_texts}
    hint = drawn.get(ScrollList.KEYS_HINT)
    assert hint is not None and "End" in ScrollList.KEYS_HINT and "PgUp" in ScrollList.KEYS_HINT
    title = drawn["Game log"]
    assert table.log.rect.contains(hint) and hint.left > title.right and abs(hint.centery - title.centery) <= 3
    assert hint.h >= 13


def test_control_the_keys_leave_a_closed_log_alone(cfg) -> None:
    app, table = _open_log(cfg)
    testing.key(app, pygame.K_l, frames=2)
    assert not table.show_log
    end = table.log.scroll
    for key in (pygame.K_PAGEUP, pygame.K_HOME):
        testing.key(app, key)
    assert table.log.scroll == end
