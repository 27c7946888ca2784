"""Realm of Reckoning's Learn to play (game.realm.guide) at the real table, driven only by real mouse
events on what the guide outlines: the whole lesson to its summary at two window sizes (every step shown,
the panel never over its highlights, its words whole and readable), leaving part-way and resuming at the
same step from the title screen, a refused click, the scripted bots and the rules' first game page."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.core import paths
from game.core.games import get_game
from game.core.session import autosave_path
from game.realm.guide import GUIDE, STEPS
from game.shell import guide as G
from game.shell import testing
from game.shell import text as T
from game.shell.rules import RulesScene
from game.shell.title import TitleScene

MIN_PX = 13


def _open(cfg: Any, window: tuple[int, int] = (1280, 720)):
    app = testing.make_app(window_size=window, skip_animations=True)
    app.home = lambda: TitleScene(cfg, [get_game("realm")])
    app.push(app.home())
    testing.step(app, 2)
    return app


def _start(cfg: Any, window: tuple[int, int] = (1280, 720)):
    app = _open(cfg, window)
    testing.click_widget(app, testing.find_widget(app, "Learn to play"))
    testing.step(app, 2)
    guide = G.active_guide(app)
    assert guide is not None
    return app, guide


def _check_frame(guide: G.Guide, problems: set[str]) -> None:
    """The panel covers none of its highlights; its words are whole, inside it, readable, apart."""
    if guide.panel.w and not guide.ended and guide.panel.collidelist(guide.targets) >= 0:
        problems.add(f"panel over a target at step {guide.step.id if guide.step else None}")
    low = min(T.font(MIN_PX).get_height(), T.font(MIN_PX, bold=True).get_height())
    items = guide.drawn_texts
    for i, d in enumerate(items):
        if d.text.endswith("\u2026"):
            problems.add(f"cut: {d.text!r}")
        if d.overflows(pygame.Rect(0, 0, 1600, 900)):
            problems.add(f"out of the panel: {d.text!r}")
        if d.rect.h < low:
            problems.add(f"under {MIN_PX} px: {d.text!r}")
        for other in items[i + 1:]:
            o = d.rect.clip(other.rect)
            if o.w > 2 and o.h > 2:
                problems.add(f"overlap: {d.text!r} and {other.text!r}")


def drive(app, guide: G.Guide, until, problems: set[str] | None = None, frames: int = 4000) -> list[str]:
    """Click only where the guide says (its first highlight, or Got it) until ``until()``; the steps shown."""
    shown: list[str] = []
    for _ in range(frames):
        testing.step(app, 1)
        if problems is not None:
            _check_frame(guide, problems)
        if until():
            return shown
        pos = guide.next_click()  # (the guide looks afresh: a step may come up now)
        if guide.step is not None and guide.step.id not in shown:
            shown.append(guide.step.id)
        if pos is None:
            time.sleep(0.002)  # a bot thinking in the worker
            continue
        testing.click(app, pos)
    raise AssertionError(f"not reached; steps so far {shown}, decision {guide.s.state.decision_name()}")


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_the_whole_lesson_by_clicking_only_what_the_guide_outlines(cfg, window) -> None:
    app, guide = _start(cfg, window)
    problems: set[str] = set()
    shown = drive(app, guide, lambda: guide.ended, problems)
    testing.step(app, 2)
    _check_frame(guide, problems)
    assert not problems, sorted(problems)
    assert shown == [s.id for s in STEPS]  # every concept, in the order it arose
    assert guide.done == {s.id for s in STEPS}
    st = guide.s.state
    assert st.age == 2 and st.round == 1  # the lesson is the first age
    assert any(m is not None for m in st.view(0)["monuments"])
    new_game = next(b for b in guide.buttons if b.text == "New game")  # the summary's, drawn over the table
    assert testing.was_drawn(app, GUIDE.summary_title) and testing.was_drawn(app, "New game")
    assert guide.s.record.assisted  # never counted as a normal game
    assert not autosave_path(paths.saves_dir(), "realm").exists()  # the player's own autosave untouched
    assert not G.has_lesson("realm")  # a finished lesson leaves nothing to resume
    testing.click(app, new_game.rect.center)
    testing.step(app, 2)
    assert type(app.stack.top).__name__ == "SetupScene" and G.active_guide(app) is None


def test_leave_part_way_and_resume_at_the_same_step_from_the_title(cfg) -> None:
    app, guide = _start(cfg)
    drive(app, guide, lambda: guide.step is not None and guide.step.id == "bid")
    moves = list(guide.s.actions)
    testing.key(app, pygame.K_ESCAPE, frames=2)
    testing.click_widget(app, testing.find_widget(app, "Leave"))
    testing.step(app, 3)
    assert isinstance(app.stack.top, TitleScene) and G.active_guide(app) is None and G.has_lesson("realm")
    testing.click_widget(app, testing.find_widget(app, "Resume lesson"))
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "Resume"))
    testing.step(app, 3)
    resumed = G.active_guide(app)
    assert resumed is not None and resumed is not guide
    assert resumed.s.actions == moves
    assert resumed.step is not None and resumed.step.id == "bid" and "reward" in resumed.done
    drive(app, resumed, lambda: resumed.ended)
    assert resumed.done == {s.id for s in STEPS}


def test_a_click_off_the_outline_is_refused_and_changes_nothing(cfg) -> None:
    app, guide = _start(cfg)
    drive(app, guide, lambda: guide.step is not None and guide.step.id == "select")
    table = guide.table
    other = next(h for h in table.hotspots if h.kind == "card" and h.actions
                 and not any(a in guide.wants for a in h.actions))
    before = list(guide.s.actions)
    testing.click(app, other.rect.center, frames=2)
    assert table.pending is None and guide.s.actions == before
    assert guide.line == G.REFUSED and testing.was_drawn(app, "Click what is outlined in gold")
    testing.click(app, guide.next_click(), frames=2)  # control: the outlined card goes into preview
    assert table.pending in guide.wants


def test_the_bots_keep_their_reckonings_for_the_learner_and_bid_nothing_against_the_first(cfg) -> None:
    app, guide = _start(cfg)
    drive(app, guide, lambda: "monument" in guide.done)
    sess = guide.s
    c = sess.state.c
    first = next(k for k, ev in enumerate(sess.events) if ev.data["type"] == "reckoning")
    assert sess.events[first].data["seat"] == 0  # the first reckoning of the game is the learner's
    bids = next(ev.data for ev in sess.events if ev.data["type"] == "bids_revealed")
    assert list(bids["bids"])[1:] == [0, 0] and bids["bids"][0] == 2
    reveals = [ev.data["cards"] for ev in sess.events[:first] if ev.data["type"] == "reveal"]
    assert len(reveals) == 2  # rounds 1 and 2 of the first age
    assert all(c.cards[cards[seat]].kind == 0 for cards in reveals for seat in (1, 2))  # action cards only
    assert c.cards[reveals[1][0]].kind == 1  # the learner's reckoning card of round 2 ...
    assert reveals[1][0] not in sess.position(0).hand(0)  # ... came in the hand a bot passed on


def test_the_panel_opens_the_rules_first_game_page(cfg) -> None:
    app, guide = _start(cfg)
    testing.click(app, next(b for b in guide.buttons if b.text == "Rules").rect.center)
    testing.step(app, 2)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.current["id"] == "first-game"
    assert testing.was_drawn(app, "Your first game")
