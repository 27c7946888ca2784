"""The shell never cuts a word to "…": a button's label, a dialog's buttons, the curtain's title, the rules
screen's section titles and the review's banner, legend and key moments are drawn whole, inside their place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core import review as rv
from game.shell import testing  # sets the SDL dummy drivers before pygame opens a window
from game.shell import text as T
from game.shell.rules import RulesScene, rules_path
from game.shell.scene import WidgetScene
from game.shell.widgets import Button, DialogButton

from .test_realm_ui_readable import cut_texts

WINDOWS = [(1280, 720), (1920, 1080)]
CANVAS = pygame.Rect(0, 0, 1600, 900)
LONG_NAME = "Bartholomew the Long-Named (hard)"
LONG_LABEL = "Radiance + Guidance + Understanding"


def _words_drawn(app: Any, text: str) -> bool:
    """Every word of ``text`` is in what the last frame drew (a whole text may be drawn over several lines)."""
    drawn = " ".join(d.text for d in app.last_frame_texts)
    return all(word in drawn for word in text.split())


def _problems(app: Any, start: str = "") -> list[str]:
    """The last frame's texts (from the first that starts with ``start``) cut to "…", leaving their place or the
    screen, or under 13 px."""
    items = list(app.last_frame_texts)
    items = items[next(i for i, d in enumerate(items) if d.text.startswith(start)):]
    out = [f"cut {t!r}" for t in cut_texts(items)]
    out += [f"leaves its box {d.text!r} {tuple(d.rect)}" for d in items if d.overflows(CANVAS)]
    return out + [f"too small {d.text!r}" for d in items if d.rect.h < T.LEAST_SIZE]


def test_the_problem_check_sees_a_cut_word_and_a_text_leaving_its_box() -> None:
    """The control of the checks below: a label cut the old way, and a text drawn past its button."""
    app = testing.make_app()
    app.push(WidgetScene())
    testing.step(app, 1)
    with T.registry.within(pygame.Rect(100, 100, 236, 48)):
        T.draw_text(app.canvas, T.fit(LONG_LABEL, 200, "body", bold=True), (110, 110), "body")
        T.draw_text(app.canvas, LONG_LABEL, (110, 110), "body")
    app.last_frame_texts = list(T.registry.items)
    assert len(_problems(app)) == 2, _problems(app)


# ------------------------------------------------------------------ buttons
@pytest.mark.parametrize("window", WINDOWS)
def test_a_buttons_long_label_is_drawn_whole_inside_the_button(window: tuple[int, int]) -> None:
    app = testing.make_app(window_size=window)
    short = Button("Pass", (100, 300, 236, 48), None, shortcut=pygame.K_SPACE)
    long = Button(LONG_LABEL, (100, 100, 236, 48), None, shortcut=pygame.K_RETURN, style="primary")
    app.push(WidgetScene(widgets=[short, long]))
    testing.step(app, 2)
    assert _problems(app) == []
    assert _words_drawn(app, LONG_LABEL)
    mine = [d for d in app.last_frame_texts if d.text in LONG_LABEL and d.text.strip()]
    assert mine and all(long.rect.contains(d.rect) for d in mine), [(d.text, tuple(d.rect)) for d in mine]
    assert any(d.text == "Pass" and d.rect.h >= 20 for d in app.last_frame_texts)  # a short label keeps its size


def test_a_label_too_long_for_one_line_at_13px_takes_two_lines() -> None:
    app = testing.make_app()
    b = Button(LONG_LABEL + " + Equity", (100, 100, 236, 48), None)
    app.push(WidgetScene(widgets=[b]))
    testing.step(app, 2)
    lines = [d for d in app.last_frame_texts if b.rect.contains(d.rect)]
    assert len(lines) == 2 and _problems(app) == [] and _words_drawn(app, b.text)


# ------------------------------------------------------------------ dialogs
@pytest.mark.parametrize("window", WINDOWS)
def test_a_dialogs_three_long_buttons_are_drawn_whole_on_the_screen(window: tuple[int, int]) -> None:
    app = testing.make_app(window_size=window)
    app.push(WidgetScene())
    labels = ["Radiance + Guidance (the dawn spire)", "Understanding + Equity (the counting house)",
              "Dominion alone, and keep the coins"]
    scene = app.dialog("Choose the monument's option", "Which pair of pillars does the monument score?",
                       [DialogButton(text, None, None, "secondary") for text in labels])
    testing.step(app, 2)
    assert _problems(app) == []
    for text in labels:
        assert _words_drawn(app, text), text
    buttons = scene.content.buttons
    assert all(CANVAS.contains(b.rect) for b in buttons)
    assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])


def test_a_dialogs_short_buttons_stay_in_one_row() -> None:
    app = testing.make_app()
    app.push(WidgetScene())
    scene = app.dialog("Leave the game?", "It is saved.", [("Stay", None), ("Leave", None)])
    testing.step(app, 2)
    a, b = scene.content.buttons
    assert a.rect.y == b.rect.y and a.rect.w == b.rect.w == 236 and _problems(app) == []


# ------------------------------------------------------------------ the curtain
@pytest.mark.parametrize("window", WINDOWS)
def test_the_curtain_names_the_longest_seat_and_its_decision_whole(window: tuple[int, int]) -> None:
    app = testing.make_app(window_size=window)
    app.push(WidgetScene())
    title = f"{LONG_NAME}, it is your turn"
    message = ("Choose an action card from your hand and where it goes, then tuck it under the top or the bottom "
               "of your player board. Make sure nobody else is looking.")
    lines = ["The Remnants played Stone Gardens and tucked it under the top of their board.",
             "The Archivists bid 3 in the reckoning of the Coral Sea."]
    for since in ([], lines):  # the card grows for a wrapped name, the whole message and the lines
        app.curtain(title, message, "I am ready", lines=since, lines_title="Since you last looked:")
        testing.step(app, 2)
        assert _problems(app) == []
        assert _words_drawn(app, title) and _words_drawn(app, message) and all(_words_drawn(app, x) for x in since)
        assert testing.was_drawn(app, "looking.")  # the message's last line is not dropped for want of room
        app.stack.pop()


# ------------------------------------------------------------------ the rules screen
@pytest.mark.parametrize("game", ["realm", "arcana"])
def test_every_section_title_of_the_rules_reads_whole(game: str) -> None:
    app = testing.make_app(window_size=(1280, 720))
    app.push(WidgetScene())
    scene = app.push(RulesScene(path=rules_path(game)))
    for i, section in enumerate(scene.sections):
        scene.select(i)
        testing.step(app, 2)
        assert _problems(app) == [], (section["title"], _problems(app))
        assert _words_drawn(app, section["title"])


def test_a_section_title_too_long_for_its_row_wraps_in_the_list_and_on_the_page(tmp_path: Path) -> None:
    long = "Understanding Icons (Open Eye and Closed Eye) and How They Score at the End"
    rules = tmp_path / "rules.toml"
    rules.write_text(f'[[section]]\nid = "a"\nnumber = "1"\ntitle = "Overview"\ntext = "Words."\n\n'
                     f'[[section]]\nid = "b"\nnumber = "2"\ntitle = "{long}"\ntext = "More words."\n'
                     f'\n[[section]]\nid = "c"\nnumber = "3"\ntitle = "After"\ntext = "Last words."\n',
                     encoding="utf-8")
    app = testing.make_app(window_size=(1280, 720))
    app.push(WidgetScene())
    scene = app.push(RulesScene("b", path=rules))
    testing.step(app, 2)
    assert _problems(app) == [] and _words_drawn(app, long)
    assert scene.row_rect(1).h > scene.row_rect(0).h  # its row grew to hold the title's lines
    assert not scene.row_rect(1).colliderect(scene.row_rect(2))


# ------------------------------------------------------------------ the review
@pytest.fixture(scope="module")
def arcana_record() -> Any:
    from .test_review import _finished

    return _finished("arcana", 2, 5)


@pytest.mark.parametrize("window", WINDOWS)
def test_the_reviews_banner_legend_and_key_moments_read_whole(cfg: Any, arcana_record: Any,
                                                              window: tuple[int, int]) -> None:
    from game.shell.review import PANEL

    from .test_review import _scene_app

    n = len(arcana_record.actions)
    played = "Put Tree of Life into play, paying two gold, one elixir and the Sacred Grove's last life"
    best = "Claim the Coral Castle with three elixirs and one death, then pass and take the first player"
    review = rv.Review([[0.5, 0.5]] * (n + 1), [rv.KeyMoment(3, 0, played, best, 0.21),
                                               rv.KeyMoment(9, 0, "Pass", best, 0.12)], True)
    app, scene = _scene_app(cfg, arcana_record, review, window)
    scene.names = [LONG_NAME, "The Archivists of the Long Hall (normal)"]
    scene.choose(4)
    testing.step(app, 2)
    assert _problems(app, "Review: the table") == []  # the review's own texts, drawn over the table
    for words in (played, best, LONG_NAME, scene.names[1], "Win chance:"):
        assert _words_drawn(app, words), words
    moments = [d for d in app.last_frame_texts if d.rect.y > PANEL.y + 400 and PANEL.contains(d.rect)]
    assert moments, "the key moments are drawn in the panel"
