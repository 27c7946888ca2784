"""The history's entries say what happened, whole and true (play-test s6 item 12).

- A row the list's edge would cut is left out whole: the old list drew the lines inside the edge, so the top row
  began mid-sentence ("Weeping Cliffs. You draw 1 mercenary...").
- A move's line about another seat (a reckoning's reward that the move set off) reads as coming after the move:
  "The Archivists gain 3 VP" stood under The Remnants' move as if theirs.
- The first step back (the left arrow) shows the table before the last move: the table after it is the table as
  it is now, and the old first step changed only the banner.
- A past position draws no popup of the decision then (Realm's tuck choices showed behind the panel).
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.shell import testing
from game.shell.history import HistoryScene, after_the_move, past_session, possessive
from tests.test_history_panel import _history, _played


def test_a_line_about_another_seat_reads_as_after_the_move() -> None:
    names = ["You", "The Remnants", "The Archivists"]
    told = [("The Remnants place an acolyte in Fragmented Forest", 1), ("The Archivists gain 3 VP", 2),
            ("The reckoning of Fragmented Forest ends", None)]
    assert after_the_move(told, 1, names) == [
        "The Remnants place an acolyte in Fragmented Forest",
        "After The Remnants' move: The Archivists gain 3 VP",
        "The reckoning of Fragmented Forest ends"]
    own = [("You place an acolyte in Stone Gardens", 0), ("The round ends", None)]
    assert after_the_move(own, 0, names) == [line for line, _seat in own]  # the control: nobody else's line
    assert possessive("You") == "your" and possessive("Ann") == "Ann's"


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_the_history_marks_the_first_line_about_another_seat_in_a_move(cfg, key) -> None:
    sess = _played(key)
    app, history = _history(cfg, key, sess=sess)
    marked = [m for m in history.moves if " move: " in m.full]
    assert marked, key  # a real game has moves that set off another seat's gain or loss
    for move in marked:
        assert f"After {possessive(move.who)} move: " in move.full
    plain = [m for m in history.moves if m.full.startswith(m.who) and " move: " not in m.full]
    assert plain  # the control: a move told by its mover alone is not marked


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_the_first_step_back_shows_the_table_before_the_last_move(cfg, key) -> None:
    app, history = _history(cfg, key)
    n = len(history.moves)
    testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    assert history.chosen == n - 2 and len(history.past.s.actions) == n - 1
    assert testing.was_drawn(app, f"Looking back: the table after move {n - 1} of {n}")
    testing.key(app, pygame.K_RIGHT)  # on again: the last move's table is the game as it is now
    testing.step(app, 2)
    assert history.chosen is None and testing.was_drawn(app, "The game as it is now")
    history.choose(n - 1)  # the control: the last move, clicked, is still there to choose
    testing.step(app, 2)
    assert testing.was_drawn(app, f"Looking back: the table after move {n} of {n}")


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_every_row_drawn_is_whole_and_a_cut_one_is_left_out(cfg, window) -> None:
    app, history = _history(cfg, "realm", window)
    cut_seen = False
    for dy in (0, 1, 1, 1, -1):
        if dy:
            testing.wheel(app, history.panel.center, dy=dy)
        testing.step(app, 2)
        heights = {e.index: e.height - 2 for e in history.entries()}
        assert [i for rect, i in history.rows if rect.h < heights[i]] == []
        assert not set(history.left_out) & {i for _rect, i in history.rows}
        cut_seen = cut_seen or bool(history.left_out)
    assert cut_seen  # the control: some row met the list's edge on the way


def _a_past_with_options(history: HistoryScene) -> tuple[int, Any]:
    """The index of a move after which the viewer decided by option buttons, and a live-built table there."""
    table = history.table
    for index in range(len(history.moves) - 1, -1, -1):
        session = past_session(table.s, history.moves[index].count)
        live = type(table)(table.cfg, session)
        live.viewer = live.revealed_for = history.viewer
        live.rebuild()
        if live.options_rect is not None and live.buttons:
            return index, live
    raise AssertionError("no position with options")


def test_a_past_position_draws_no_popup_of_its_decision(cfg) -> None:
    app, history = _history(cfg, "realm")
    index, live = _a_past_with_options(history)  # the control: a live table there shows the options
    history.choose(index)
    testing.step(app, 2)
    assert history.past.buttons == [] and history.past.options_rect is None
    words = [b.text for b in live.buttons if b.text]
    assert words and not any(testing.was_drawn(app, w) for w in words[:3])
