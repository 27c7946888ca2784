"""Scene stack: push/pop/replace lifecycle, modal overlays, opaque curtains."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell import testing  # noqa: E402
from game.shell.scene import ModalScene, Scene, SceneStack, WidgetScene  # noqa: E402
from game.shell.text import draw_text  # noqa: E402
from game.shell.widgets import Button, Label  # noqa: E402


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], *, opaque: bool = True, modal: bool = True,
                 uses: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.name, self.log, self.opaque, self.modal, self.uses = name, log, opaque, modal, uses
        self.events: list[int] = []
        self.updates = 0

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def on_pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def on_resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event.type)
        return event.type in self.uses

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        draw_text(surface, f"scene {self.name}", (10, 10))


def ev(kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    return pygame.event.Event(kind, {"key": pygame.K_a, "mod": 0, "unicode": "a", "scancode": 0})


def test_push_pop_replace_lifecycle_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b and a.stack is stack and b.stack is stack
    stack.replace(c)
    assert stack.pop() is c
    assert stack.pop() is a and stack.pop() is None
    assert log == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a", "exit a"]
    assert a.stack is None and len(stack) == 0


def test_pushing_the_same_scene_twice_is_refused() -> None:
    stack = SceneStack()
    a = Recorder("a", [])
    stack.push(a)
    with pytest.raises(ValueError, match="already on the stack"):
        stack.push(a)


def test_modal_overlay_blocks_events_but_a_non_modal_one_lets_them_through() -> None:
    log: list[str] = []
    stack = SceneStack()
    base = stack.push(Recorder("base", log, uses=(pygame.KEYDOWN,)))
    modal = stack.push(Recorder("modal", log, opaque=False))
    assert stack.handle_event(ev()) is False
    assert base.events == [] and modal.events == [pygame.KEYDOWN]
    modal.close()
    toast = stack.push(Recorder("toast", log, opaque=False, modal=False))
    assert stack.handle_event(ev()) is True
    assert toast.events == [pygame.KEYDOWN] and base.events == [pygame.KEYDOWN]


def test_a_scene_that_uses_an_event_stops_it() -> None:
    stack = SceneStack()
    base = stack.push(Recorder("base", []))
    top = stack.push(Recorder("top", [], opaque=False, modal=False, uses=(pygame.KEYDOWN,)))
    assert stack.handle_event(ev()) is True
    assert top.events == [pygame.KEYDOWN] and base.events == []


def test_overlays_draw_over_the_scene_below_and_opaque_scenes_hide_it() -> None:
    app = testing.make_app()
    log: list[str] = []
    app.push(Recorder("table", log))
    app.push(Recorder("dialog", log, opaque=False))
    testing.step(app)
    assert testing.drawn_texts(app) == ["scene table", "scene dialog"]
    app.push(Recorder("curtain", log, opaque=True))
    testing.step(app)
    assert testing.drawn_texts(app) == ["scene curtain"]
    assert not testing.was_drawn(app, "table")


def test_pauses_below_freezes_updates_of_lower_scenes_only() -> None:
    stack = SceneStack()
    low = stack.push(Recorder("low", []))
    mid = stack.push(Recorder("mid", [], opaque=False))
    stack.update(0.1)
    assert (low.updates, mid.updates) == (1, 1)
    top = Recorder("top", [], opaque=False)
    top.pauses_below = True
    stack.push(top)
    stack.update(0.1)
    assert (low.updates, mid.updates, top.updates) == (1, 1, 1)


def test_a_button_can_pop_its_own_overlay_during_dispatch() -> None:
    app = testing.make_app()
    base = WidgetScene()
    base.add(Label("underneath", (20, 20)))
    app.push(base)
    hits: list[str] = []
    overlay = ModalScene(Button("Close", (700, 400, 200, 60), lambda: (hits.append("x"), overlay.close())))
    app.push(overlay)
    testing.click(app, (800, 430))
    assert hits == ["x"] and app.stack.top is base
    testing.step(app)
    assert testing.was_drawn(app, "underneath") and not testing.was_drawn(app, "Close")
