"""Res Arcana's top bar: Log and Rules show their keys (L, F1) as the shell's Button draws a shortcut's badge
(in buttons 70 and 80 px wide the badge never fitted, so it was never drawn), left of the shell's Hint, Undo
and History; the status, a bot's thinking bar, the goal or the match's standing and the buttons never overlap,
and a passing message (the banner) stays whole and clear of the buttons."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.games import get_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T
from game.shell.scene import WidgetScene
from game.shell.widgets import Button

from .test_arcana_ui_fit import SIZES, Audit, _lift_curtain

LONG = "Bartholomew Longname"


def _texts_in(app: Any, rect: pygame.Rect) -> list[str]:
    return [d.text for d in app.last_frame_texts if rect.contains(d.rect)]


def _table(cfg: Any, window: tuple[int, int], seats: list[Seat], setup: dict | None = None) -> tuple[Any, Any]:
    g = get_game("arcana")
    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(len(seats), seats, 7, setup or {"preset": "random"}, presets=None, game=g)
    table = app.push(g.ui().TableScene(cfg, sess))
    testing.step(app, 2)
    _lift_curtain(app)
    testing.move(app, (4, 896), frames=2)
    return app, table


def test_a_button_too_narrow_for_its_badge_draws_none() -> None:
    """The control: the old Log button (70 px) drew its label and no badge, so the check below can fail."""
    app = testing.make_app()
    old = Button("Log", (100, 100, 70, 32), None, size="small", shortcut=pygame.K_l)
    app.push(WidgetScene(widgets=[old]))
    testing.step(app, 2)
    assert _texts_in(app, old.rect) == ["Log"]


@pytest.mark.parametrize("window", SIZES)
def test_log_and_rules_show_their_keys_before_the_shells_buttons(cfg, window) -> None:
    app, table = _table(cfg, window, [Seat("human", name="Annabel"), Seat("bot", "rule", name=LONG)])
    log, rules, leave = table.top_buttons
    assert _texts_in(app, log.rect) == ["Log", "L"] or sorted(_texts_in(app, log.rect)) == ["L", "Log"]
    assert sorted(_texts_in(app, rules.rect)) == ["F1", "Rules"]
    assert _texts_in(app, leave.rect) == ["Leave"]
    shared = [table.hint_rect, table.undo_rect, table.history_rect]
    for b in table.top_buttons:
        assert b.rect.right <= table.hint_rect.x - 4 and b.rect.collidelist(shared) < 0
        assert b.rect.collidelist([o.rect for o in table.top_buttons if o is not b]) < 0
    assert table.banner_rect.right <= log.rect.x - 4  # a passing message never runs under the buttons


def _bar_problems(app: Any, table: Any) -> list[str]:
    """Overlaps among the top bar's texts, and texts under the thinking bar."""
    audit = Audit()
    bar = [d for d in app.last_frame_texts if d.rect.bottom <= 44]
    audit.check(bar, [])
    out = list(audit.bad.values())
    for rect, _fraction in table.thinking_parts():
        out += [f"under the thinking bar: {d.text!r}" for d in bar if rect.inflate(8, 0).colliderect(d.rect)]
    return out


@pytest.mark.parametrize("match", [False, True])
def test_the_status_thinking_bar_and_goal_keep_apart_with_a_long_name(cfg, match) -> None:
    """A rival with a long name is deciding (its bar shows); in a match the standing takes the goal's place."""
    setup = {"preset": "random", "draft": False, "match": {"game": 1, "wins": [0, 0]}} if match else None
    seats = [Seat("human", name="Annabel"), Seat("human", name=LONG)]
    app, table = _table(cfg, (1280, 720), seats, setup)
    table.s.seats[1] = Seat("bot", "rule", name=LONG)  # seat 1 is a bot from here: the table shows it thinking
    first = table.s.state.to_move()
    if first == 0:
        table.submit(table.s.state.legal_actions()[0])
    table.viewer = 0
    testing.step(app, 1)
    assert table.s.state.to_move() == 1 and table.thinking_parts()
    bar = " ".join(d.text for d in app.last_frame_texts if d.rect.bottom <= 44)  # a line may wrap in two
    assert f"{LONG} to decide" in bar and "thinking" in bar
    assert ("Match: game 1 of 3 \u00b7 0\u20130" if match else "10 points at a victory check win") in bar, bar
    assert _bar_problems(app, table) == []


def test_a_long_banner_reads_whole_in_its_place(cfg) -> None:
    app, table = _table(cfg, (1280, 720), [Seat("human", name="Annabel"), Seat("bot", "rule", name=LONG)])
    text = (f"Victory check: {LONG} has 12 points and Annabel 11; {LONG} wins the game with the most points "
            "after the ties are broken")
    table.banner = [text, 30.0]
    testing.step(app, 2)
    drawn = [d for d in app.last_frame_texts if table.banner_rect.contains(d.rect)]
    assert " ".join(d.text for d in drawn) == text
    assert all(d.rect.h >= T.font(T.LEAST_SIZE, bold=True).get_height() for d in drawn)
    assert _bar_problems(app, table) == []
