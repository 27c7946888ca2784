"""The pass's magic-item buttons stand in the order the centre shows the items (play-test: the buttons
were sorted by name while the board keeps each item in its place, so the player clicked the top button for
the first item on the board and took another).

Seat 0 passes taking an item from the middle of the row: the item it gives back takes that place, so the
board's order is no longer the engine's (by name). At its next pass, the buttons read, row by row, in the
order of the items' tiles on the board, row by row.
"""

from __future__ import annotations

from typing import Any

from game.arcana.engine.state import K_ITEM, K_PASS
from game.shell import testing

from .arcana_helpers import table_at, to_main


def _board_order(table: Any, items: list[int]) -> list[int]:
    a = table._layout()
    return sorted(items, key=lambda ci: (a[("card", ci)].y, a[("card", ci)].x))


def _button_order(table: Any) -> list[int]:
    """The item buttons as a player reads them: top to bottom, left to right."""
    bs = [b for b in table.buttons if getattr(b, "action", (None,))[0] == K_ITEM]
    return [b.action[1] for b in sorted(bs, key=lambda b: (b.rect.y, b.rect.x))]


def test_the_item_buttons_follow_the_board(cfg, monkeypatch) -> None:
    st = to_main(2, 0)
    app, table, sess = table_at(cfg, st)
    monkeypatch.setattr(sess, "tick", lambda: False)  # the bot's seat is played here, move by move
    sess.submit((K_PASS,))
    items = [a[1] for a in sess.state.legal_actions() if a[0] == K_ITEM]
    sess.submit((K_ITEM, items[len(items) // 2]))  # the item given back takes this one's place on the board
    testing.step(app, 2)
    while not (sess.state.round == 2 and sess.state.to_move() == 0 and sess.state.decision_name() == "action"):
        sess.submit(sess.state.legal_actions()[0])
        testing.step(app, 1)
    table.rebuild()
    testing.step(app, 1)
    for label in ("Pass", "Confirm"):  # as the player passes
        testing.click_widget(app, next(b for b in table.buttons if b.text == label), frames=2)
    s = sess.state
    assert s.decision_name() == "magic_item" and s.to_move() == 0
    free = [a[1] for a in s.legal_actions() if a[0] == K_ITEM]
    board = _board_order(table, free)
    assert board != sorted(free), "the board's order should differ from the engine's here"
    assert _button_order(table) == board, ([s.c.cards[x].name for x in _button_order(table)],
                                           [s.c.cards[x].name for x in board])
