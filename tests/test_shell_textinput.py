"""The one-line text field, driven by synthetic mouse, key and text events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell import testing  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.scene import WidgetScene  # noqa: E402
from game.shell.textinput import TextInput  # noqa: E402
from game.shell.widgets import Button  # noqa: E402


def type_text(app: App, text: str) -> None:
    """What SDL sends for typed characters: a KEYDOWN (with its unicode) and a TEXTINPUT each."""
    for ch in text:
        code = pygame.key.key_code(ch) if ch.isalnum() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=ch, scancode=0))
    testing.step(app)


def setup(**kw: object) -> tuple[App, TextInput, list[str], list[str]]:
    app = testing.make_app()
    changes: list[str] = []
    submits: list[str] = []
    field = TextInput((500, 400, 400, 44), placeholder="type here", label="Name", on_change=changes.append,
                      on_submit=submits.append, **kw)  # type: ignore[arg-type]
    app.push(WidgetScene(widgets=[field]))
    return app, field, changes, submits


def test_click_focuses_and_typing_inserts_and_a_click_elsewhere_lets_go() -> None:
    app, field, changes, _ = setup()
    type_text(app, "ab")
    assert field.value == "" and not field.focused  # not focused: typing goes elsewhere
    testing.click(app, field.rect.center)
    assert field.focused
    type_text(app, "Ada")
    assert field.value == "Ada" and field.caret == 3
    assert changes == ["A", "Ad", "Ada"]
    testing.click(app, (100, 100))
    assert not field.focused
    assert testing.find_widget(app, "Name") is field


def test_placeholder_shows_only_when_empty_and_the_caret_blinks() -> None:
    app, field, _, _ = setup()
    testing.step(app)
    assert testing.was_drawn(app, "type here")
    testing.click(app, field.rect.center)
    seen = set()
    for _ in range(70):
        testing.step(app)
        seen.add(field.caret_visible())
    assert seen == {True, False}
    type_text(app, "x")
    assert field.caret_visible()  # typing shows the caret at once
    testing.step(app)
    assert not testing.was_drawn(app, "type here") and testing.was_drawn(app, "x")


def test_allowed_characters_filter_and_max_len() -> None:
    app, field, changes, _ = setup(allowed="0123456789", max_len=4)
    testing.click(app, field.rect.center)
    type_text(app, "1a2-3 45")
    assert field.value == "1234"
    assert changes == ["1", "12", "123", "1234"]
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="99"))  # pasted / IME text arrives at once
    testing.step(app)
    assert field.value == "1234"
    field.value = "98x7654"  # set from code: filtered and cut, no on_change
    assert field.value == "9876" and len(changes) == 4


def test_backspace_delete_and_caret_movement() -> None:
    app, field, _, _ = setup()
    testing.click(app, field.rect.center)
    type_text(app, "hello")
    testing.key(app, pygame.K_LEFT)
    testing.key(app, pygame.K_LEFT)
    assert field.caret == 3
    testing.key(app, pygame.K_BACKSPACE)
    assert field.value == "helo" and field.caret == 2
    testing.key(app, pygame.K_HOME)
    testing.key(app, pygame.K_DELETE)
    assert field.value == "elo" and field.caret == 0
    type_text(app, "H")
    assert field.value == "Helo" and field.caret == 1
    testing.key(app, pygame.K_END)
    testing.key(app, pygame.K_RIGHT)
    assert field.caret == 4
    testing.key(app, pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL)  # Ctrl+Backspace: a whole word
    assert field.value == ""
    testing.key(app, pygame.K_BACKSPACE)  # nothing left to delete: harmless
    assert field.value == ""


def test_a_held_backspace_repeats_until_released() -> None:
    app, field, _, _ = setup()
    testing.click(app, field.rect.center)
    type_text(app, "abcdefghij")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0))
    testing.step(app)
    assert field.value == "abcdefghi"
    testing.step(app, 30)  # 0.5 s held: past the repeat delay
    held = field.value
    assert len(held) < 9
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    testing.step(app, 30)
    assert field.value == held


def test_click_places_the_caret_near_the_click() -> None:
    app, field, _, _ = setup()
    field.value = "abcdefgh"
    testing.click(app, (field.rect.x + 2, field.rect.centery))
    assert field.caret == 0
    testing.click(app, (field.rect.right - 2, field.rect.centery))
    assert field.caret == 8


def test_enter_submits_and_lets_go_escape_lets_go() -> None:
    app, field, _, submits = setup()
    testing.click(app, field.rect.center)
    type_text(app, "42")
    testing.key(app, pygame.K_RETURN)
    assert submits == ["42"] and not field.focused
    testing.key(app, pygame.K_RETURN)  # unfocused: Enter is not ours
    assert submits == ["42"]
    testing.click(app, field.rect.center)
    testing.key(app, pygame.K_ESCAPE)
    assert not field.focused and field.value == "42"


def test_keys_reach_shortcuts_when_unfocused_and_are_swallowed_when_focused() -> None:
    app = testing.make_app()
    hits: list[str] = []
    field = TextInput((500, 400, 400, 44))
    # the button is offered events after the field (below it in the widget order)
    button = Button("New", (500, 500, 200, 50), lambda: hits.append("n"), shortcut=pygame.K_n)
    esc = Button("Back", (500, 560, 200, 50), lambda: hits.append("esc"), shortcut=pygame.K_ESCAPE)
    app.push(WidgetScene(widgets=[button, esc, field]))
    testing.key(app, pygame.K_n, unicode="n")
    testing.key(app, pygame.K_ESCAPE)
    assert hits == ["n", "esc"]
    testing.click(app, field.rect.center)
    type_text(app, "n")
    testing.key(app, pygame.K_LEFT)
    assert hits == ["n", "esc"] and field.value == "n"
    testing.key(app, pygame.K_ESCAPE)  # the first Escape only leaves the field
    assert hits == ["n", "esc"] and not field.focused
    testing.key(app, pygame.K_ESCAPE)
    testing.key(app, pygame.K_n, unicode="n")
    assert hits == ["n", "esc", "esc", "n"]


def test_only_one_field_has_the_focus_and_disabled_fields_take_none() -> None:
    app = testing.make_app()
    a = TextInput((100, 100, 300, 44), label="A")
    b = TextInput((100, 200, 300, 44), label="B")
    c = TextInput((100, 300, 300, 44), label="C", enabled=False)
    app.push(WidgetScene(widgets=[a, b, c]))
    testing.click(app, a.rect.center)
    b.focus()  # e.g. from code: a lets go
    assert b.focused and not a.focused
    testing.click(app, c.rect.center)
    assert not c.focused
    type_text(app, "z")
    assert b.value == "" and c.value == ""  # the click outside b let go of b too
    b.focus()
    b.enabled = False
    testing.step(app)
    assert not b.focused


def test_long_text_scrolls_so_the_caret_stays_inside() -> None:
    app, field, _, _ = setup()
    testing.click(app, field.rect.center)
    type_text(app, "a rather long line of text that is wider than the field itself")
    testing.step(app)
    assert field._scroll > 0
    testing.key(app, pygame.K_HOME)
    testing.step(app)
    assert field._scroll == 0


def test_bad_max_len_is_refused() -> None:
    with pytest.raises(ValueError):
        TextInput((0, 0, 10, 10), max_len=-1)
