"""Widgets driven by synthetic events at logical coordinates."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell import testing  # noqa: E402
from game.shell.scene import WidgetScene  # noqa: E402
from game.shell.widgets import (  # noqa: E402
    Button,
    Choice,
    Dialog,
    DialogButton,
    Label,
    ProgressBar,
    ScrollList,
    Slider,
    Stepper,
    Toggle,
    TooltipManager,
)


def scene_with(app, *widgets) -> WidgetScene:  # type: ignore[no-untyped-def]
    scene = WidgetScene(widgets=widgets)
    app.push(scene)
    return scene


def test_button_fires_on_click_and_shortcut_but_not_when_disabled_or_released_outside() -> None:
    app = testing.make_app(window_size=(1280, 720))
    hits: list[str] = []
    b = Button("End turn", (600, 400, 240, 60), lambda: hits.append("click"), shortcut=pygame.K_e)
    scene_with(app, b)
    testing.click(app, (720, 430))
    assert hits == ["click"]
    testing.press(app, (720, 430))
    assert b.pressed
    testing.release(app, (100, 100))  # dragged off: no click
    assert hits == ["click"] and not b.pressed
    testing.key(app, pygame.K_e)
    assert hits == ["click", "click"]
    b.enabled = False
    testing.click(app, (720, 430))
    testing.key(app, pygame.K_e)
    assert hits == ["click", "click"]
    assert testing.find_widget(app, "End turn") is b


def test_button_hover_state_follows_the_mouse_and_the_hint_is_drawn() -> None:
    app = testing.make_app()
    b = Button("Pass", (100, 100, 260, 50), None, shortcut=pygame.K_SPACE)
    scene_with(app, b)
    testing.move(app, (150, 120))
    assert b.hovered
    assert testing.was_drawn(app, "Pass") and testing.was_drawn(app, "Space")
    testing.move(app, (500, 500))
    assert not b.hovered


def test_find_widget_reports_what_exists_when_nothing_matches() -> None:
    app = testing.make_app()
    scene_with(app, Label("Round 3", (10, 10)))
    with pytest.raises(LookupError, match="Round 3"):
        testing.find_widget(app, "Round 4")
    assert testing.find_widget(app, "Round", exact=False).text == "Round 3"


def test_tooltip_appears_only_after_the_delay_and_stays_on_screen() -> None:
    app = testing.make_app()
    app.tooltips.delay = 0.5
    scene_with(app, Button("Info", (1500, 840, 90, 50), None, tooltip="Line one\nLine two is here"),
               Label("elsewhere", (100, 100)))
    testing.move(app, (1540, 860))
    testing.step(app, 20)  # 1/3 s: not yet
    assert not testing.was_drawn(app, "Line one")
    testing.step(app, 15)  # past half a second
    assert testing.was_drawn(app, "Line one") and testing.was_drawn(app, "Line two is here")
    rect, lines = app.tooltips.rect_for("Line one\nLine two is here")
    assert lines == ["Line one", "Line two is here"]
    assert pygame.Rect(0, 0, 1600, 900).contains(rect)
    testing.move(app, (100, 100))
    assert not testing.was_drawn(app, "Line one")


def test_tooltip_follows_the_mouse_and_a_press_hides_it() -> None:
    tips = TooltipManager(delay=0.2, screen=(1600, 900))
    tips.update(0.1, (300, 300), "hello")  # the mouse arrives
    tips.update(0.15, (300, 300), "hello")
    assert tips.visible_text is None
    tips.update(0.1, (300, 300), "hello")
    assert tips.visible_text == "hello"
    first, _ = tips.rect_for("hello")
    tips.update(0.01, (340, 310), "hello")
    second, _ = tips.rect_for("hello")
    assert second.topleft == (first.x + 40, first.y + 10)
    tips.notify_press()
    assert tips.visible_text is None


def test_scroll_list_scrolls_with_wheel_and_drag_and_clamps() -> None:
    app = testing.make_app()
    log = ScrollList((100, 100, 300, 200), [f"entry {i}" for i in range(60)], follow=False)
    scene_with(app, log)
    assert log.scroll == 0 and log.max_scroll() > 0
    testing.wheel(app, (200, 200), dy=-1)
    after_wheel = log.scroll
    assert after_wheel > 0
    testing.wheel(app, (200, 200), dy=1)
    assert log.scroll == 0
    testing.drag(app, (200, 280), (200, 130))  # content drag: pull up by 150 px
    assert log.scroll == pytest.approx(150, abs=2)
    for _ in range(200):
        log.scroll_by(50)
    assert log.scroll == log.max_scroll()
    testing.wheel(app, (900, 600), dy=5)  # outside the list: nothing
    assert log.scroll == log.max_scroll()
    testing.step(app)
    assert testing.was_drawn(app, "entry 59") and not testing.was_drawn(app, "entry 0")


def test_scroll_list_follows_new_entries_unless_scrolled_back() -> None:
    testing.make_app()
    log = ScrollList((0, 0, 300, 200), [f"line {i}" for i in range(40)])
    assert log.at_end()
    log.append("newest")
    assert log.at_end() and log.visible_entries()[-1][0].text == "newest"
    log.scroll_by(-100)
    log.append("newer still")
    assert not log.at_end()


def test_scroll_list_drops_old_entries_beyond_max_items() -> None:
    testing.make_app()
    log = ScrollList((0, 0, 300, 200), max_items=5)
    log.extend([str(i) for i in range(8)])
    assert log.items == ["3", "4", "5", "6", "7"]


def test_slider_clamps_to_its_range_and_snaps_to_its_step() -> None:
    app = testing.make_app()
    seen: list[float] = []
    s = Slider((200, 200, 400, 40), 5, 0, 10, 1, on_change=seen.append)
    scene_with(app, s)
    assert s.set_value(99) == 10 and s.set_value(-3) == 0 and s.set_value(4.4) == 4
    track = s.track_rect()
    testing.drag(app, (track.centerx, track.centery), (track.right + 300, track.centery))
    assert s.value == 10
    testing.drag(app, (track.right, track.centery), (track.x - 300, track.centery))
    assert s.value == 0
    testing.click(app, (track.x + track.w // 2, track.centery))
    assert s.value == 5
    assert seen[-1] == 5 and all(0 <= v <= 10 for v in seen)
    with pytest.raises(ValueError, match="minimum 5 is above maximum 1"):
        Slider((0, 0, 100, 20), 0, 5, 1)


def test_stepper_stops_at_its_limits_and_follows_a_new_range() -> None:
    app = testing.make_app()
    bid = Stepper((600, 400, 240, 60), 2, 0, 4, 1)
    scene_with(app, bid)
    minus, plus = bid.buttons()
    for _ in range(5):
        testing.click(app, plus.center)
    assert bid.value == 4
    for _ in range(7):
        testing.click(app, minus.center)
    assert bid.value == 0
    testing.wheel(app, bid.rect.center, dy=1)
    assert bid.value == 1
    testing.move(app, bid.rect.center)
    testing.key(app, pygame.K_RIGHT)
    assert bid.value == 2
    bid.set_value(4)
    bid.set_range(0, 3)
    assert bid.value == 3 and isinstance(bid.value, int)


def test_toggle_and_choice_cycle() -> None:
    app = testing.make_app()
    changes: list[object] = []
    t = Toggle("Sound", (100, 100, 300, 34), False, on_change=changes.append)
    c = Choice((100, 200, 300, 44), ["easy", "normal", "hard"], 1, labels=["Easy", "Normal", "Hard"],
               on_change=changes.append)
    scene_with(app, t, c)
    testing.click(app, (300, 117))
    assert t.value is True
    testing.click(app, (380, 222))  # right half: next
    assert c.value == "hard"
    testing.click(app, (380, 222))  # wraps around
    assert c.value == "easy" and c.text == "Easy"
    testing.click(app, (120, 222))  # left half: previous
    assert c.value == "hard"
    assert changes == [True, "hard", "easy", "hard"]
    testing.step(app)
    assert testing.was_drawn(app, "On") and testing.was_drawn(app, "Hard")


def test_progress_bar_draws_its_label_in_both_modes() -> None:
    app = testing.make_app()
    bar = ProgressBar((100, 100, 300, 14), None, label="Bot is thinking")
    scene_with(app, bar)
    testing.step(app, 3)
    assert bar.phase > 0 and testing.was_drawn(app, "Bot is thinking")
    bar.value = 0.5
    testing.step(app)
    assert testing.was_drawn(app, "Bot is thinking")


def test_dialog_buttons_close_it_and_run_their_callback() -> None:
    app = testing.make_app()
    scene_with(app, Label("the table", (10, 10)))
    chosen: list[str] = []
    app.dialog("End your turn?", "You have an action left.",
               [DialogButton("Keep playing", lambda: chosen.append("keep"), pygame.K_ESCAPE),
                DialogButton("End turn", lambda: chosen.append("end"), pygame.K_RETURN, "primary")])
    testing.step(app)
    assert testing.was_drawn(app, "End your turn?") and testing.was_drawn(app, "the table")
    testing.click_widget(app, testing.find_widget(app, "End turn"))
    assert chosen == ["end"] and len(app.stack) == 1
    app.dialog("Again?", "", [DialogButton("Yes", lambda: chosen.append("yes"), pygame.K_RETURN)])
    testing.key(app, pygame.K_RETURN)
    assert chosen == ["end", "yes"] and len(app.stack) == 1


def test_error_dialog_shows_the_message_and_escape_dismisses_it() -> None:
    app = testing.make_app()
    scene_with(app)
    app.show_error("saves/slot1.json: not a saved game (line 3)")
    testing.step(app)
    assert testing.was_drawn(app, "not a saved game")
    assert isinstance(app.stack.top.content, Dialog)  # type: ignore[union-attr]
    testing.key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 1


def test_curtain_hides_everything_and_swallows_input_until_continued() -> None:
    app = testing.make_app()
    hits: list[str] = []
    scene_with(app, Label("Secret hand: Moonlit Key", (100, 100)),
               Button("Behind", (700, 600, 200, 60), lambda: hits.append("behind")))
    testing.step(app)
    assert testing.was_drawn(app, "Moonlit Key")
    revealed: list[str] = []
    app.curtain("Pass to Bea", "Everyone else, look away.", "I am Bea", lambda: revealed.append("bea"))
    for _ in range(3):
        testing.step(app)
        assert not testing.was_drawn(app, "Moonlit Key") and testing.was_drawn(app, "Pass to Bea")
    testing.click(app, (800, 630))  # where the hidden button is
    assert hits == []
    testing.click_widget(app, testing.find_widget(app, "I am Bea"))
    assert revealed == ["bea"]
    testing.step(app)
    assert testing.was_drawn(app, "Moonlit Key") and not testing.was_drawn(app, "Pass to Bea")


def test_screenshot_helper_writes_a_png(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = testing.make_app()
    scene_with(app, Button("Hello", (10, 10, 120, 40)))
    testing.step(app)
    path = testing.save_screenshot(app, tmp_path / "x" / "shot.png")
    img = pygame.image.load(str(path))
    assert img.get_size() == (1600, 900)
    assert img.get_at((20, 30)) != img.get_at((1500, 800))  # the button is there, not just background


def test_scroll_list_draws_no_line_cut_at_its_edges() -> None:
    """Play-test t2 item 4: the game log's last line showed cut in half. At any scroll, every line drawn lies
    wholly inside the list's view (a line partly out is left out, not cut)."""
    from game.shell import text as T

    testing.make_app()
    log = ScrollList((0, 0, 300, 200), [f"line {i} of a game log long enough to wrap once or twice" for i in range(40)])
    view = log.view_rect()
    surf = pygame.Surface((300, 200))
    for scroll in range(0, int(log.max_scroll()) + 1, 7):
        log.scroll = float(scroll)
        before = len(T.registry.items)
        log.draw(surf)
        drawn = [d.rect for d in T.registry.items[before:]]  # no title, no keys hint: the lines alone
        del T.registry.items[before:]
        assert drawn and all(view.y <= r.y and r.bottom <= view.bottom for r in drawn), (scroll, drawn, view)


def test_the_game_log_keeps_a_whole_game_by_default() -> None:
    """Play-test t2 item 4: Home in the log reached only round 2 of a 4-player game (200 lines kept)."""
    from game.core.config import load_config

    assert load_config(user=False).ui.log_lines >= 2000
