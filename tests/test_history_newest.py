"""The history lists the newest move, in its words (play-test g6: after the player's tuck, History (Y) made
taller (Tab) did not list it though the log had it; the same in age 1, "Move 27"). The list's window was moved
up to begin on a whole row, and that cut the newest row at its foot, so it was left out. Over a seeded
three-player game, each time after the player's own move: every move in the history has words, and the newest
is drawn whole, in the normal panel and the taller one, at 1280x720 and 1600x900."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.realm.ui.table_scene import TableScene
from game.shell import testing
from game.shell.history import HistoryScene

CHECKS = range(20, 240, 11)  # the moves after which the player's next move is made at the table and looked back on


def _newest_is_shown(cfg: Any, sess: GameSession, window: tuple[int, int]) -> list[str]:
    """The player moves at the table, opens the history and makes it taller; what went wrong, in words."""
    sess.restored_events = len(sess.events)  # as a continued game: nothing to show again
    app = testing.make_app(window_size=window, skip_animations=True)
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    table.submit(random.Random(len(sess.actions)).choice(sess.state.legal_actions()))
    testing.step(app, 1)
    testing.key(app, pygame.K_y)
    testing.step(app, 2)
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    wrong = [f"move {m.count} has no words" for m in history.moves if not m.text.strip(" .")]
    for size in ("normal", "taller"):
        if size == "taller":
            testing.key(app, pygame.K_TAB)
            testing.step(app, 2)
        newest = len(history.moves) - 1
        if history.moves[newest].count != len(sess.actions):
            wrong.append(f"{size}: the newest row is move {history.moves[newest].count} of {len(sess.actions)}")
        if newest not in [index for _rect, index in history.rows] or newest in history.left_out:
            wrong.append(f"{size}: move {history.moves[newest].count} (the newest) not drawn at {len(sess.actions)}")
    testing.key(app, pygame.K_LEFT)  # a step back: the move chosen drawn, every move up to it in words
    testing.step(app, 2)
    wrong += [f"stepped back: move {m.count} has no words" for m in history.shown if not m.text.strip(" .")]
    if history.chosen not in [index for _rect, index in history.rows]:
        wrong.append(f"stepped back: the chosen move {history.moves[history.chosen].count} not drawn")
    app.stack.pop()
    return wrong


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_the_newest_move_is_listed_in_words_in_both_panels(cfg, window: tuple[int, int]) -> None:
    cfg.ui["bot_delay"] = 60.0  # the bots wait while the table is looked at
    sess = GameSession(3, [Seat("human")] + [Seat("bot", "random")] * 2, 3, game="realm")
    rng = random.Random(3)
    wrong: list[str] = []
    checks = iter(CHECKS)
    at = next(checks)
    while not sess.is_over():
        if not sess.human_to_move():
            sess.tick()
        elif len(sess.actions) >= at:
            wrong += _newest_is_shown(cfg, sess, window)
            at = next(checks, 10 ** 6)
        else:
            sess.submit(rng.choice(sess.state.legal_actions()))
    sess.close()
    assert not wrong, wrong
