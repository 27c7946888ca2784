"""Text helpers: wrapping, caching, and the registry of what was drawn each frame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.shell import testing  # noqa: E402
from game.shell import text as T  # noqa: E402
from game.shell.scene import Scene  # noqa: E402


def test_wrap_respects_the_width_and_explicit_newlines() -> None:
    testing.make_app()
    text = "the quick brown fox jumps over the lazy dog " * 4 + "\nsecond paragraph"
    lines = T.wrap(text, 220, "body")
    assert len(lines) > 3 and lines[-1] == "second paragraph"
    assert all(T.text_size(line, "body")[0] <= 220 for line in lines)
    assert " ".join(lines[:-1]).split() == text.split("\n")[0].split()


def test_a_word_wider_than_the_line_is_broken() -> None:
    testing.make_app()
    lines = T.wrap("W" * 60, 100, "body")
    assert len(lines) > 1 and "".join(lines) == "W" * 60
    assert all(T.text_size(line, "body")[0] <= 100 for line in lines)


def test_renders_are_cached() -> None:
    testing.make_app()
    a = T.render("cached", "body", (1, 2, 3))
    assert T.render("cached", "body", (1, 2, 3)) is a
    assert T.render("cached", "body", (3, 2, 1)) is not a


class Secretive(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.show_secret = False

    def draw(self, surface: pygame.Surface) -> None:
        T.draw_text(surface, "Public score 12", (10, 10))
        note = "a long public note that wraps onto several lines for sure"
        T.draw_wrapped(surface, note, pygame.Rect(10, 40, 120, 200))
        if self.show_secret:
            T.draw_text(surface, "Hidden hand: Golden Key", (10, 300))


def test_registry_holds_exactly_the_texts_of_the_last_frame() -> None:
    app = testing.make_app()
    scene = Secretive()
    app.push(scene)
    testing.step(app)
    assert testing.was_drawn(app, "Public score 12")
    assert testing.was_drawn(app, "wraps")
    assert not testing.was_drawn(app, "Golden Key")
    scene.show_secret = True
    testing.step(app)
    assert testing.was_drawn(app, "Golden Key")
    scene.show_secret = False
    testing.step(app)
    assert not testing.was_drawn(app, "Golden Key")
    drawn = app.last_frame_texts[0]
    assert drawn.text == "Public score 12" and drawn.rect.topleft == (10, 10)


def test_words_on_a_prerendered_token_image_are_registered_when_it_is_drawn() -> None:
    app = testing.make_app()
    tok = app.motion.token(pygame.Surface((40, 60)), (100, 100), texts=["Card of Secrets"])

    class Table(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            app.motion.draw(surface)

    app.push(Table())
    testing.step(app)
    assert testing.was_drawn(app, "Card of Secrets")
    tok.visible = False
    testing.step(app)
    assert not testing.was_drawn(app, "Card of Secrets")
